"""Build ``src/phisift/data/clinical_vocab.txt``, the frequency detector's shipped whitelist.

Source 1, MTSamples (CC0; ../shared/data/mtsamples/mtsamples.csv, column
``transcription``; its names were replaced by placeholders such as "Dr. X" before
publication): every word that occurs at least ``--min-count`` times, in at least
``--min-docs`` different notes, and is written in lower case in at least
``--min-lower`` of its occurrences that are either lower case or capitalised inside
a sentence (ALL-CAPS headers and sentence-initial capitals say nothing). The
lower-case rule keeps out names and places, which are written with a capital; the
document rule keeps out a word that one long note repeats.

Source 2, hand-curated here: common generic drug names and anatomical terms, so a
rare but harmless clinical word in a small corpus is not masked.

    .venv/bin/python bench/frequency_vocab.py            # rewrites the shipped file
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

from phisift.detect.frequency.items import words

ROOT = Path(__file__).resolve().parents[1]
MTSAMPLES = ROOT.parent / "shared" / "data" / "mtsamples" / "mtsamples.csv"
OUT = ROOT / "src" / "phisift" / "data" / "clinical_vocab.txt"

DRUGS = """
acetaminophen acyclovir adalimumab albuterol alendronate allopurinol alprazolam amiodarone amitriptyline
amlodipine amoxicillin ampicillin anastrozole apixaban aripiprazole aspirin atenolol atorvastatin atropine
azathioprine azithromycin baclofen benazepril benztropine bisoprolol budesonide bumetanide buprenorphine
bupropion buspirone calcitriol captopril carbamazepine carbidopa carvedilol cefazolin cefepime ceftriaxone
cefuroxime cephalexin cetirizine chlorthalidone ciprofloxacin citalopram clarithromycin clindamycin
clonazepam clonidine clopidogrel clozapine colchicine cyclobenzaprine cyclosporine dabigatran dapagliflozin
dexamethasone dexmedetomidine diazepam diclofenac dicyclomine digoxin diltiazem diphenhydramine dobutamine
docusate donepezil dopamine doxazosin doxycycline duloxetine empagliflozin enalapril enoxaparin entacapone
epinephrine ertapenem escitalopram esomeprazole etanercept ezetimibe famotidine fentanyl ferrous
fexofenadine filgrastim finasteride fluconazole fludrocortisone fluoxetine fluticasone folic furosemide
gabapentin gentamicin glargine glimepiride glipizide glyburide guaifenesin haloperidol heparin
hydralazine hydrochlorothiazide hydrocodone hydrocortisone hydromorphone hydroxychloroquine hydroxyzine
ibuprofen indomethacin insulin ipratropium irbesartan isoniazid isosorbide ketamine ketorolac labetalol
lactulose lamotrigine lansoprazole letrozole levetiracetam levofloxacin levothyroxine lidocaine linezolid
lisinopril lithium loperamide loratadine lorazepam losartan lovastatin magnesium meclizine meloxicam
memantine meropenem metformin methadone methimazole methotrexate methylprednisolone metoclopramide
metolazone metoprolol metronidazole midazolam minocycline mirtazapine montelukast morphine mupirocin
naloxone naproxen nifedipine nitrofurantoin nitroglycerin norepinephrine nortriptyline nystatin olanzapine
omeprazole ondansetron oxcarbazepine oxybutynin oxycodone pantoprazole paroxetine penicillin phenobarbital
phenylephrine phenytoin pioglitazone piperacillin potassium pravastatin prednisolone prednisone pregabalin
primidone prochlorperazine promethazine propofol propranolol quetiapine ramipril ranitidine rifampin
risperidone rivaroxaban rocuronium ropinirole rosuvastatin senna sertraline sildenafil simvastatin
sitagliptin sodium sotalol spironolactone sucralfate sulfamethoxazole sumatriptan tacrolimus tamoxifen
tamsulosin tazobactam terazosin terbinafine testosterone thiamine ticagrelor timolol tiotropium tizanidine
topiramate torsemide tramadol trazodone triamcinolone trimethoprim valacyclovir valproate valsartan
vancomycin vecuronium venlafaxine verapamil warfarin zolpidem
"""

ANATOMY = """
abdomen acetabulum achilles adrenal alveolus aorta appendix arm arteriole artery atrium axilla biceps
bladder bone brain brainstem breast bronchiole bronchus calcaneus capillary carotid cartilage cecum
cerebellum cerebrum cervix chest clavicle coccyx colon cornea cortex cranium diaphragm disc duodenum
elbow epidermis epiglottis esophagus eye femur fibula finger foot forearm gallbladder gland groin hand
heart heel hip humerus hypothalamus ileum iliac intestine iris jaw jejunum joint kidney knee labrum
larynx ligament lip liver lumbar lung lymph mandible maxilla mediastinum meniscus mesentery metacarpal
metatarsal mouth muscle nail neck nerve nose ovary palate pancreas patella pelvis pericardium perineum
peritoneum pharynx pituitary pleura prostate pylorus quadriceps radius rectum retina rib sacrum scalp
scapula sclera scrotum shoulder sinus skin skull spine spleen sternum stomach synovium tendon testis
thalamus thigh thorax thumb thymus thyroid tibia toe tongue tonsil trachea triceps ulna ureter urethra
uterus uvula vagina vein ventricle vertebra vulva wrist
"""


def build(path: Path, min_count: int, min_docs: int, min_lower: float) -> tuple[list[str], dict[str, int]]:
    csv.field_size_limit(sys.maxsize)
    total: Counter = Counter()
    lower: Counter = Counter()
    title: Counter = Counter()  # capitalised inside a sentence, the way names are written
    docs: Counter = Counter()
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            text = row["transcription"]
            seen = set()
            for w in words(text, need_sentences=True):
                written = text[w.start : w.end]
                total[w.norm] += 1
                lower[w.norm] += written == w.norm
                title[w.norm] += not w.initial and written[0].isupper() and not written.isupper()
                seen.add(w.norm)
            docs.update(seen)
    chosen = {
        n for n, c in total.items()
        if c >= min_count and docs[n] >= min_docs and lower[n] >= min_lower * (lower[n] + title[n])
        and not n.endswith(".") and len(n) > 1
    }
    curated = set(DRUGS.split()) | set(ANATOMY.split())
    stats = {"mtsamples_words": len(chosen), "curated": len(curated), "curated_new": len(curated - chosen)}
    return sorted(chosen | curated), stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mtsamples", type=Path, default=MTSAMPLES)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--min-count", type=int, default=10)
    ap.add_argument("--min-docs", type=int, default=5)
    ap.add_argument("--min-lower", type=float, default=0.9)
    args = ap.parse_args()
    vocab, stats = build(args.mtsamples, args.min_count, args.min_docs, args.min_lower)
    header = [
        "# phisift shipped clinical whitelist for the frequency detector: words never masked for being rare.",
        "# Built by bench/frequency_vocab.py from (1) MTSamples transcriptions (CC0): words seen",
        f"# >= {args.min_count} times in >= {args.min_docs} notes and written in lower case in >= "
        f"{args.min_lower:.0%} of their lower-case or mid-sentence capitalised occurrences ({stats['mtsamples_words']} words);",
        f"# (2) hand-curated generic drug names and anatomical terms ({stats['curated']}, "
        f"{stats['curated_new']} not already in (1)).",
        "# One lower-case word per line.",
    ]
    args.out.write_text("\n".join(header + vocab) + "\n", encoding="utf-8")
    print(f"wrote {len(vocab)} words to {args.out} ({stats})")


if __name__ == "__main__":
    main()
