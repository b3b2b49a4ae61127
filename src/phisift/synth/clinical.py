"""Clinical content for synthetic notes: problems, drugs, labs, findings, scenarios.

None of this is PHI, and much of it is deliberately close to PHI in form: drug
brand names and eponyms are capitalised like names, doses and lab values are
numbers next to units, blood pressures look like dates ("120/80"), ICD codes and
lot numbers look like identifiers. A detector has to leave all of it alone.

Strings here may use the template slots of ``templates.Ctx`` ("{he}",
"{date:prior}", "{dr:pcp}", alternatives "{a|b}"), so that scenario text can
mention dates, people and places that become gold spans.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# --------------------------------------------------------------------------- problems

CHRONIC_PROBLEMS = (
    "hypertension", "HTN", "type 2 diabetes mellitus", "DM2", "diabetes mellitus type 2, insulin-requiring",
    "hyperlipidemia", "hypercholesterolemia", "coronary artery disease", "CAD s/p CABG x3",
    "CAD s/p PCI with DES to the LAD", "atrial fibrillation on anticoagulation", "paroxysmal atrial fibrillation",
    "congestive heart failure with reduced EF", "HFpEF", "COPD on 2L home O2", "COPD", "asthma",
    "chronic kidney disease stage 3", "CKD stage IV", "ESRD on hemodialysis M/W/F", "obesity",
    "morbid obesity (BMI 42)", "obstructive sleep apnea on CPAP", "GERD", "hypothyroidism",
    "Hashimoto's thyroiditis", "Graves' disease s/p RAI", "depression", "major depressive disorder",
    "generalized anxiety disorder", "bipolar disorder", "osteoarthritis of both knees", "gout",
    "BPH", "prostate cancer s/p radical prostatectomy", "breast cancer s/p lumpectomy and XRT",
    "peripheral neuropathy", "peripheral vascular disease", "prior CVA with residual left-sided weakness",
    "history of DVT", "history of PE", "cirrhosis (Child-Pugh B)", "hepatitis C", "HIV on HAART",
    "iron deficiency anemia", "migraine", "seizure disorder", "Parkinson's disease", "Alzheimer's dementia",
    "Crohn's disease", "ulcerative colitis", "diverticulosis", "Barrett's esophagus", "osteoporosis",
    "rheumatoid arthritis", "psoriasis", "glaucoma", "macular degeneration", "hearing loss",
    "Bell's palsy (resolved)", "Hodgkin lymphoma in remission", "non-Hodgkin lymphoma", "Down syndrome",
    "diabetic retinopathy", "diabetic nephropathy", "aortic stenosis", "mitral regurgitation",
    "history of Wolff-Parkinson-White s/p ablation", "Cushing's syndrome", "sarcoidosis", "lupus",
    "spinal stenosis", "chronic low back pain", "alcohol use disorder in remission", "tobacco use",
    "Raynaud's phenomenon", "Sjogren's syndrome", "restless legs syndrome", "nephrolithiasis",
)
SURGICAL_HISTORY = (
    "appendectomy", "cholecystectomy", "TAH/BSO", "C-section x2", "right total knee replacement",
    "left total hip arthroplasty", "CABG", "tonsillectomy as a child", "inguinal hernia repair",
    "carpal tunnel release", "cataract surgery OU", "lumbar laminectomy", "Nissen fundoplication",
    "Roux-en-Y gastric bypass", "Whipple procedure", "hemicolectomy", "Hartmann's procedure with reversal",
    "AV fistula placement", "pacemaker placement", "AICD placement", "TURP", "mastectomy",
    "thyroidectomy", "ORIF of a Colles fracture", "rotator cuff repair", "ACL reconstruction",
)
ALLERGIES = (
    "NKDA", "No known drug allergies", "Penicillin (rash)", "Sulfa -> hives", "codeine (nausea)",
    "Lisinopril (angioedema)", "iodinated contrast - hives", "morphine (itching)", "latex", "shellfish",
    "PCN, sulfa", "Bactrim (rash)", "aspirin - GI upset", "Keflex (rash)", "NKA", "no known allergies",
)

# --------------------------------------------------------------------------- drugs


@dataclass(frozen=True)
class Drug:
    generic: str
    brand: str
    doses: tuple[str, ...]
    unit: str
    route: str
    freqs: tuple[str, ...]


DRUGS = (
    Drug("metoprolol tartrate", "Lopressor", ("12.5", "25", "50", "100"), "mg", "PO", ("BID",)),
    Drug("metoprolol succinate", "Toprol XL", ("25", "50", "100", "200"), "mg", "PO", ("daily",)),
    Drug("lisinopril", "Zestril", ("2.5", "5", "10", "20", "40"), "mg", "PO", ("daily",)),
    Drug("atorvastatin", "Lipitor", ("10", "20", "40", "80"), "mg", "PO", ("daily", "qhs")),
    Drug("simvastatin", "Zocor", ("20", "40"), "mg", "PO", ("qhs",)),
    Drug("metformin", "Glucophage", ("500", "850", "1000"), "mg", "PO", ("BID", "daily with dinner")),
    Drug("insulin glargine", "Lantus", ("10", "14", "20", "24", "32", "40"), "units", "SC", ("qhs", "daily")),
    Drug("insulin lispro", "Humalog", ("4", "6", "8", "10"), "units", "SC", ("TID with meals", "per sliding scale")),
    Drug("aspirin", "ASA", ("81", "325"), "mg", "PO", ("daily",)),
    Drug("clopidogrel", "Plavix", ("75",), "mg", "PO", ("daily",)),
    Drug("warfarin", "Coumadin", ("2", "2.5", "5", "7.5"), "mg", "PO", ("daily", "qpm, adjust per INR")),
    Drug("apixaban", "Eliquis", ("2.5", "5"), "mg", "PO", ("BID",)),
    Drug("rivaroxaban", "Xarelto", ("15", "20"), "mg", "PO", ("daily with dinner",)),
    Drug("furosemide", "Lasix", ("20", "40", "80"), "mg", "PO", ("daily", "BID")),
    Drug("spironolactone", "Aldactone", ("12.5", "25"), "mg", "PO", ("daily",)),
    Drug("carvedilol", "Coreg", ("3.125", "6.25", "12.5", "25"), "mg", "PO", ("BID",)),
    Drug("amlodipine", "Norvasc", ("2.5", "5", "10"), "mg", "PO", ("daily",)),
    Drug("hydrochlorothiazide", "HCTZ", ("12.5", "25"), "mg", "PO", ("daily",)),
    Drug("levothyroxine", "Synthroid", ("25", "50", "75", "88", "100", "112", "125"), "mcg", "PO", ("daily",)),
    Drug("omeprazole", "Prilosec", ("20", "40"), "mg", "PO", ("daily", "BID")),
    Drug("pantoprazole", "Protonix", ("40",), "mg", "PO", ("daily", "BID")),
    Drug("gabapentin", "Neurontin", ("100", "300", "600"), "mg", "PO", ("TID", "qhs")),
    Drug("sertraline", "Zoloft", ("25", "50", "100"), "mg", "PO", ("daily",)),
    Drug("citalopram", "Celexa", ("10", "20"), "mg", "PO", ("daily",)),
    Drug("albuterol", "Ventolin", ("2",), "puffs", "inh", ("q4-6h PRN wheeze", "q4h PRN")),
    Drug("tiotropium", "Spiriva", ("18",), "mcg", "inh", ("daily",)),
    Drug("fluticasone-salmeterol", "Advair", ("250/50",), "mcg", "inh", ("1 puff BID",)),
    Drug("prednisone", "Deltasone", ("5", "10", "20", "40"), "mg", "PO", ("daily", "daily x5 days")),
    Drug("tamsulosin", "Flomax", ("0.4",), "mg", "PO", ("qhs",)),
    Drug("allopurinol", "Zyloprim", ("100", "300"), "mg", "PO", ("daily",)),
    Drug("acetaminophen", "Tylenol", ("325", "500", "650", "1000"), "mg", "PO", ("q6h PRN pain", "q8h PRN")),
    Drug("oxycodone", "Roxicodone", ("5", "10"), "mg", "PO", ("q4h PRN severe pain", "q6h PRN")),
    Drug("ondansetron", "Zofran", ("4", "8"), "mg", "IV", ("q8h PRN nausea",)),
    Drug("docusate", "Colace", ("100",), "mg", "PO", ("BID",)),
    Drug("senna", "Senokot", ("8.6", "17.2"), "mg", "PO", ("qhs PRN constipation",)),
    Drug("enoxaparin", "Lovenox", ("30", "40", "60", "80"), "mg", "SC", ("daily", "q12h")),
    Drug("heparin", "heparin", ("5000",), "units", "SC", ("TID", "q8h")),
    Drug("vancomycin", "Vancocin", ("1", "1.25", "1.5"), "g", "IV", ("q12h", "q24h")),
    Drug("ceftriaxone", "Rocephin", ("1", "2"), "g", "IV", ("q24h",)),
    Drug("piperacillin-tazobactam", "Zosyn", ("3.375", "4.5"), "g", "IV", ("q6h", "q8h")),
    Drug("levofloxacin", "Levaquin", ("500", "750"), "mg", "PO", ("daily",)),
    Drug("cephalexin", "Keflex", ("500",), "mg", "PO", ("QID", "q6h")),
    Drug("metronidazole", "Flagyl", ("500",), "mg", "PO", ("TID", "q8h")),
    Drug("trimethoprim-sulfamethoxazole", "Bactrim DS", ("1 tab",), "", "PO", ("BID",)),
    Drug("donepezil", "Aricept", ("5", "10"), "mg", "PO", ("qhs",)),
    Drug("carbidopa-levodopa", "Sinemet", ("25/100",), "mg", "PO", ("TID",)),
    Drug("lorazepam", "Ativan", ("0.5", "1"), "mg", "PO", ("q6h PRN anxiety", "qhs PRN")),
    Drug("haloperidol", "Haldol", ("0.5", "1", "2"), "mg", "IV", ("q6h PRN agitation",)),
    Drug("quetiapine", "Seroquel", ("25", "50"), "mg", "PO", ("qhs",)),
    Drug("sitagliptin", "Januvia", ("50", "100"), "mg", "PO", ("daily",)),
    Drug("glipizide", "Glucotrol", ("2.5", "5", "10"), "mg", "PO", ("daily", "BID")),
    Drug("empagliflozin", "Jardiance", ("10", "25"), "mg", "PO", ("daily",)),
    Drug("semaglutide", "Ozempic", ("0.25", "0.5", "1"), "mg", "SC", ("weekly",)),
    Drug("isosorbide mononitrate", "Imdur", ("30", "60"), "mg", "PO", ("daily",)),
    Drug("nitroglycerin", "Nitrostat", ("0.4",), "mg", "SL", ("q5min PRN chest pain x3",)),
    Drug("digoxin", "Lanoxin", ("0.125", "0.25"), "mg", "PO", ("daily",)),
    Drug("potassium chloride", "K-Dur", ("20", "40"), "mEq", "PO", ("daily", "BID")),
    Drug("magnesium oxide", "Mag-Ox", ("400",), "mg", "PO", ("daily", "BID")),
    Drug("vitamin D3", "cholecalciferol", ("1000", "2000"), "units", "PO", ("daily",)),
    Drug("ferrous sulfate", "FeSO4", ("325",), "mg", "PO", ("daily", "TID")),
    Drug("sacubitril-valsartan", "Entresto", ("24/26", "49/51"), "mg", "PO", ("BID",)),
    Drug("losartan", "Cozaar", ("25", "50", "100"), "mg", "PO", ("daily",)),
    Drug("diltiazem", "Cardizem", ("120", "180", "240"), "mg", "PO", ("daily",)),
    Drug("zolpidem", "Ambien", ("5",), "mg", "PO", ("qhs PRN insomnia",)),
    Drug("methylprednisolone", "Solu-Medrol", ("40", "60", "125"), "mg", "IV", ("q8h", "q12h")),
)

# Home medication lists: chronic oral, inhaled and injected drugs, no inpatient antibiotics or IV drugs.
_INPATIENT = {"levofloxacin", "cephalexin", "metronidazole", "trimethoprim-sulfamethoxazole", "enoxaparin", "heparin",
              "oxycodone", "haloperidol", "prednisone", "insulin lispro"}
HOME_DRUGS = tuple(d for d in DRUGS if d.route != "IV" and d.generic not in _INPATIENT)

_FREQ_LATIN = {"BID": "b.i.d.", "TID": "t.i.d.", "QID": "q.i.d.", "daily": "q.d.", "qhs": "q.h.s."}
_FREQ_PLAIN = {"BID": "twice a day", "TID": "three times a day", "QID": "four times a day", "daily": "once daily",
               "qhs": "at bedtime"}
_ROUTE_LATIN = {"PO": "p.o.", "SC": "subcutaneously", "IV": "IV", "inh": "inhaled", "SL": "SL"}


def med_line(rng: random.Random, drug: Drug, style: str) -> str:
    dose = rng.choice(drug.doses)
    freq = rng.choice(drug.freqs)
    unit = drug.unit
    name = drug.generic
    if style == "latin":  # "metoprolol 25 mg p.o. b.i.d."
        return f"{name} {dose} {unit} {_ROUTE_LATIN.get(drug.route, drug.route)} {_FREQ_LATIN.get(freq, freq)}".replace("  ", " ")
    if style == "caps":  # "Metoprolol tartrate 25 mg PO BID"
        return f"{name[0].upper()}{name[1:]} {dose} {unit} {drug.route} {freq}".replace("  ", " ")
    if style == "brand":  # "Lasix 40 mg by mouth once daily"
        route = "by mouth" if drug.route == "PO" else _ROUTE_LATIN.get(drug.route, drug.route)
        return f"{drug.brand} {dose} {unit} {route} {_FREQ_PLAIN.get(freq, freq)}".replace("  ", " ")
    form = {"SC": "VIAL", "IV": "VIAL", "inh": "INHALER", "SL": "TABLET SL"}.get(drug.route, rng.choice(("TABLET", "TABLET", "CAPSULE")))
    if style == "lmr":  # "Metoprolol TARTRATE 25 MG (25MG TABLET Take 1) PO BID"
        words = name.split()
        shown = words[0].capitalize() + ("" if len(words) == 1 else " " + " ".join(w.upper() for w in words[1:]))
        return f"{shown} {dose} {unit.upper()} ({dose}{unit.upper()} {form} Take 1) {drug.route} {freq.upper()}".replace("  ", " ")
    if style == "lmr_brand":  # "Lipitor (ATORVASTATIN) 20 MG (20MG TABLET take 1) PO QHS"
        return (f"{drug.brand} ({name.upper()}) {dose} {unit.upper()} ({dose}{unit.upper()} {form} take {rng.choice(('1', '1', '2', '0.5'))}) "
                f"{drug.route} {freq.upper()}").replace("  ", " ")
    if style == "terse":  # "lasix 40 qd"
        n = rng.choice((drug.brand.lower(), name.split()[0]))
        return f"{n} {dose}{rng.choice(('', ' ' + unit, unit))} {freq.lower().replace('daily', rng.choice(('qd', 'daily', 'qday')))}".replace("  ", " ")
    if style == "both":  # "furosemide (Lasix) 40 mg PO daily"
        return f"{name} ({drug.brand}) {dose} {unit} {drug.route} {freq}".replace("  ", " ")
    raise ValueError(style)


MED_STYLES = ("latin", "caps", "brand", "lmr", "lmr_brand", "terse", "both")

# --------------------------------------------------------------------------- labs and vitals

LAB_RANGES = {
    # name: (low, high, decimals)
    "Na": (128, 146, 0), "K": (3.1, 5.6, 1), "Cl": (94, 110, 0), "HCO3": (18, 30, 0), "BUN": (8, 58, 0),
    "Cr": (0.6, 3.4, 1), "Glu": (72, 388, 0), "Ca": (8.1, 10.4, 1), "Mg": (1.5, 2.6, 1), "Phos": (2.4, 5.1, 1),
    "WBC": (3.8, 18.6, 1), "Hgb": (7.2, 15.8, 1), "Hct": (22.0, 47.0, 1), "Plt": (88, 452, 0),
    "INR": (0.9, 3.6, 1), "PTT": (24, 48, 1), "AST": (12, 140, 0), "ALT": (9, 120, 0), "Alk phos": (40, 220, 0),
    "T bili": (0.2, 3.1, 1), "Albumin": (2.4, 4.6, 1), "Lipase": (12, 420, 0), "Troponin I": (0.01, 2.4, 2),
    "BNP": (40, 2400, 0), "Lactate": (0.7, 4.8, 1), "TSH": (0.3, 8.9, 2), "HbA1c": (5.6, 11.9, 1),
    "LDL": (48, 182, 0), "HDL": (28, 72, 0), "Triglycerides": (70, 380, 0), "Total cholesterol": (120, 260, 0),
    "ESR": (4, 88, 0), "CRP": (0.3, 18.2, 1), "Ferritin": (9, 650, 0), "Vitamin B12": (180, 900, 0),
}
LAB_LONG = {"Na": "Sodium", "K": "Potassium", "Cl": "Chloride", "HCO3": "Bicarbonate", "BUN": "BUN",
            "Cr": "Creatinine", "Glu": "Glucose", "Ca": "Calcium", "WBC": "WBC", "Hgb": "Hemoglobin",
            "Hct": "Hematocrit", "Plt": "Platelets"}
LAB_UNITS = {"Na": "mmol/L", "K": "mmol/L", "Cl": "mmol/L", "HCO3": "mmol/L", "BUN": "mg/dL", "Cr": "mg/dL",
             "Glu": "mg/dL", "Ca": "mg/dL", "Mg": "mg/dL", "Phos": "mg/dL", "WBC": "K/uL", "Hgb": "g/dL",
             "Hct": "%", "Plt": "K/uL", "INR": "", "PTT": "sec", "AST": "U/L", "ALT": "U/L", "Alk phos": "U/L",
             "T bili": "mg/dL", "Albumin": "g/dL", "Lipase": "U/L", "Troponin I": "ng/mL", "BNP": "pg/mL",
             "Lactate": "mmol/L", "TSH": "uIU/mL", "HbA1c": "%", "LDL": "mg/dL", "HDL": "mg/dL",
             "Triglycerides": "mg/dL", "Total cholesterol": "mg/dL", "ESR": "mm/hr", "CRP": "mg/dL",
             "Ferritin": "ng/mL", "Vitamin B12": "pg/mL"}
LAB_REFS = {"Na": "135-145", "K": "3.5-5.0", "Cl": "98-107", "HCO3": "22-29", "BUN": "7-20", "Cr": "0.6-1.2",
            "Glu": "70-99", "Ca": "8.5-10.5", "WBC": "4.0-11.0", "Hgb": "12.0-16.0", "Hct": "36-46",
            "Plt": "150-400", "INR": "0.9-1.1", "HbA1c": "4.0-5.6", "LDL": "<100", "TSH": "0.4-4.0"}
PANELS = {
    "chem": ("Na", "K", "Cl", "HCO3", "BUN", "Cr", "Glu"),
    "cbc": ("WBC", "Hgb", "Hct", "Plt"),
    "lfts": ("AST", "ALT", "Alk phos", "T bili", "Albumin"),
    "coags": ("INR", "PTT"),
    "lipids": ("Total cholesterol", "LDL", "HDL", "Triglycerides"),
    "cardiac": ("Troponin I", "BNP"),
    "misc": ("Mg", "Phos", "Ca", "Lactate", "TSH", "HbA1c"),
}


def lab_value(rng: random.Random, name: str) -> str:
    lo, hi, dec = LAB_RANGES[name]
    v = rng.uniform(lo, hi)
    if name == "Troponin I" and rng.random() < 0.5:
        return "<0.01"
    return f"{v:.{dec}f}" if dec else str(int(round(v)))


def lab_inline(rng: random.Random, panel: str) -> str:
    names = PANELS[panel]
    sep = rng.choice((", ", " ", " / ", "; "))
    return sep.join(f"{n} {lab_value(rng, n)}" for n in names)


def lab_fishbone(rng: random.Random) -> str:
    """The typed-out chemistry "fishbone": 138 | 101 | 18 / 4.2 | 24 | 1.1 \\ 142."""
    v = {n: lab_value(rng, n) for n in PANELS["chem"]}
    return f"{v['Na']} | {v['Cl']} | {v['BUN']}\n{'-' * 16}< {v['Glu']}\n{v['K']} | {v['HCO3']} | {v['Cr']}"


def _flag(value: str, ref: str) -> str:
    """" H" / " L" against a "lo-hi" reference range, as lab printouts mark them."""
    try:
        v = float(value.lstrip("<>"))
        if ref.startswith("<"):
            return " H" if v >= float(ref[1:]) else ""
        lo, hi = (float(x) for x in ref.split("-"))
    except ValueError:
        return ""
    return " H" if v > hi else " L" if v < lo else ""


def lab_table(rng: random.Random, panels: tuple[str, ...]) -> list[str]:
    rows = []
    for p in panels:
        for n in PANELS[p]:
            ref = LAB_REFS.get(n, "")
            val = lab_value(rng, n)
            flag = _flag(val, ref)
            rows.append(f"  {LAB_LONG.get(n, n):<18}{val + flag:<9}{LAB_UNITS[n]:<8}{('(' + ref + ')') if ref else ''}".rstrip())
    return rows


def vitals(rng: random.Random, style: str) -> str:
    t = round(rng.uniform(97.0, 102.4), 1)
    tc = round((t - 32) * 5 / 9, 1)
    hr = rng.randint(52, 128)
    sbp, dbp = rng.randint(92, 188), rng.randint(48, 104)
    rr = rng.randint(12, 28)
    sat = rng.randint(86, 100)
    o2 = rng.choice(("RA", "room air", "2L NC", "4L", "2L", "RA"))
    wt = round(rng.uniform(48, 140), 1)
    if style == "inline":
        return f"T {t} HR {hr} BP {sbp}/{dbp} RR {rr} SpO2 {sat}% {o2}"
    if style == "labelled":
        return f"Temp: {tc} C, Pulse: {hr}, BP: {sbp}/{dbp}, Resp: {rr}, O2 sat: {sat}% on {o2}, Wt: {wt} kg"
    if style == "slash":
        return f"VS: {t}  {hr}  {sbp}/{dbp}  {rr}  {sat}%{o2}"
    if style == "clinic":
        return f"BP {sbp}/{dbp}, P {hr}, Wt {int(wt * 2.2)} lb, BMI {round(rng.uniform(19, 44), 1)}"
    if style == "dash":
        return (f"-BMI: {round(rng.uniform(19, 44), 1)}\n-Pulse: {hr}\n-resp. rate: {rr}\n-BP: {sbp}/{dbp}"
                f"\n-temperature: {t} F\n-weight: {int(wt * 2.2)} lb")
    return f"Tmax {t}, Tc {round(t - rng.uniform(0, 1.2), 1)}, HR {hr - 10}-{hr}, BP {sbp - 20}-{sbp}/{dbp - 10}-{dbp}, RR {rr}, O2 sat {sat}% {o2}. I/O {rng.randint(900, 2600)}/{rng.randint(800, 3400)}"


VITAL_STYLES = ("inline", "labelled", "slash", "clinic", "range", "dash")

# --------------------------------------------------------------------------- exam

EXAM = {
    "General": ("well-appearing, in no acute distress", "alert and oriented x3, NAD", "elderly {man}, comfortable",
                "obese, mildly uncomfortable", "ill-appearing, diaphoretic", "pleasant, conversant"),
    "HEENT": ("NCAT, PERRL, EOMI, MMM, oropharynx clear", "anicteric sclerae, dry mucous membranes",
              "Mallampati III airway, no thrush", "normocephalic, TMs clear bilaterally"),
    "Neck": ("supple, no JVD, no lymphadenopathy", "JVP to the angle of the jaw", "JVP 8 cm", "no thyromegaly"),
    "Lungs": ("clear to auscultation bilaterally", "bibasilar crackles", "diffuse expiratory wheezes",
              "decreased breath sounds at the right base", "rhonchi in the LLL, egophony present", "CTAB"),
    "CV": ("RRR, normal S1/S2, no m/r/g", "irregularly irregular, no murmurs", "II/VI systolic murmur at the RUSB", "2/6 holosystolic murmur at the apex",
           "regular rate and rhythm, S4 present", "tachycardic, regular"),
    "Abdomen": ("soft, nontender, nondistended, +BS", "obese, soft, mild RUQ tenderness, Murphy's sign negative",
                "tender at McBurney's point with guarding", "distended with a fluid wave", "soft, NT/ND"),
    "Extremities": ("no clubbing, cyanosis or edema", "2+ pitting edema to the knees bilaterally", "1+ edema at the ankles",
                    "warm and well perfused, 2+ DP pulses", "erythema and warmth of the left lower leg, no fluctuance",
                    "trace edema, Homans' sign negative"),
    "Neuro": ("CN II-XII intact, strength 5/5 throughout, Babinski negative", "A&O x3, nonfocal",
              "GCS 15, no pronator drift, Romberg negative", "Glasgow Coma Scale 15; reflexes 2/4 and symmetric, toes downgoing",
              "strength 4/5 in the left hip flexors, 5/5 elsewhere; Babinski sign present on the left", "left facial droop, 4/5 strength LUE",
              "resting tremor of the right hand, cogwheel rigidity", "oriented to person only"),
    "Skin": ("warm, dry, no rashes", "stage 2 sacral decubitus, 2 x 3 cm", "ecchymoses on both forearms",
             "Port-a-Cath site clean, dry and intact"),
    "Psych": ("normal mood and affect", "flat affect, poor eye contact", "anxious but redirectable"),
}
EXAM_ALIASES = {"General": ("General", "GEN", "Gen"), "HEENT": ("HEENT",), "Neck": ("Neck", "NECK"),
                "Lungs": ("Lungs", "Chest", "Resp", "LUNGS"), "CV": ("CV", "Heart", "Cor", "CVS"),
                "Abdomen": ("Abd", "Abdomen", "ABD"), "Extremities": ("Ext", "Extremities", "EXT"),
                "Neuro": ("Neuro", "NEURO", "Neurologic"), "Skin": ("Skin", "SKIN"), "Psych": ("Psych",)}

ROS_POS = ("fevers", "chills", "night sweats", "weight loss", "fatigue", "chest pain", "palpitations",
           "shortness of breath", "orthopnea", "PND", "cough", "nausea", "vomiting", "diarrhea",
           "constipation", "melena", "dysuria", "hematuria", "headache", "dizziness", "leg swelling",
           "polyuria", "polydipsia", "blurry vision", "numbness in the feet")

# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    name: str
    cc: tuple[str, ...]
    hpi: tuple[str, ...]            # templates; two or three are used
    ed: tuple[str, ...]             # ED course templates
    course: tuple[str, ...]         # hospital course templates
    dx: tuple[str, ...]
    imaging: tuple[str, ...]
    procedures: tuple[str, ...] = ()
    panels: tuple[str, ...] = ("chem", "cbc")
    consult: str = "Cardiology"


SCENARIOS = (
    Scenario(
        "chf",
        ("shortness of breath", "SOB and leg swelling", "dyspnea on exertion", "weight gain and leg swelling"),
        ("{He} reports {two|three|four} weeks of progressive dyspnea on exertion, now short of breath after one flight of stairs.",
         "{He} sleeps on three pillows and has woken up gasping for air several times this week.",
         "{He} notes a {5|8|10|12}-pound weight gain and increasing leg swelling despite taking {his} Lasix.",
         "{He} admits to dietary indiscretion over {date:holiday}, with salty food at family gatherings.",
         "Last echo on {date:prior} showed an EF of {25|30|35|40}% with moderate MR.",
         "{He} was last admitted for CHF in {date:month_year} at {hosp2}."),
        ("In the ED {he} was given furosemide 40 mg IV with good urine output.", "CXR showed pulmonary vascular congestion and small bilateral effusions.",
         "BNP was {1,240|860|2,150}; troponin was negative x2.", "{He} was placed on BiPAP briefly for hypoxemia."),
        ("# Acute on chronic systolic CHF: diuresed with IV Lasix 40-80 mg BID with net negative {3|4|5.5} L over the admission. Weight at discharge {72.4|81.0|94.3} kg. Transitioned to oral furosemide 40 mg daily.",
         "# Afib: rate controlled on metoprolol; anticoagulation with apixaban continued. CHA2DS2-VASc 4.",
         "# CKD: creatinine peaked at {1.8|2.1} with diuresis and returned to baseline {1.3|1.4}.",
         "Repeat echo on {date:admit_plus} showed EF {30|35}%, no change from prior. A Swan-Ganz catheter was not required."),
        ("Acute on chronic systolic heart failure", "CHF exacerbation", "Volume overload"),
        ("CXR: cardiomegaly, cephalization, small bilateral pleural effusions.", "TTE: LVEF 30%, moderate MR, RVSP 48 mmHg."),
        panels=("chem", "cbc", "cardiac"),
    ),
    Scenario(
        "pneumonia",
        ("fever and cough", "cough", "productive cough and fevers", "SOB, fever"),
        ("{He} presents with {3|4|5} days of productive cough with green sputum, fevers to 102, and pleuritic right-sided chest pain.",
         "{His} {wife|husband|daughter|son} noted {he} has been more confused since {date:weekday}.",
         "{He} was seen at urgent care on {date:recent} and started on azithromycin without improvement.",
         "No sick contacts. {He} received the influenza vaccine in {date:month_year}."),
        ("In the ED, T 101.8, HR 112, SpO2 89% RA improving to 95% on 2L.", "Blood cultures were drawn and {he} received ceftriaxone and azithromycin.",
         "Lactate 2.4, improved to 1.3 after 2 L of LR.", "CXR with RLL consolidation. Sputum Gram stain with gram-positive diplococci."),
        ("# Community-acquired pneumonia: treated with ceftriaxone 1 g IV q24h and azithromycin, transitioned to oral levofloxacin on hospital day {2|3}. Blood cultures no growth x2. Sputum culture with normal flora.",
         "# Hypoxemia: weaned to room air by {date:admit_plus}.",
         "# Delirium: resolved with treatment of infection; avoided Ativan and Haldol."),
        ("Community-acquired pneumonia", "RLL pneumonia", "Sepsis secondary to pneumonia"),
        ("CXR: RLL airspace opacity consistent with pneumonia.", "CT chest: dense RLL consolidation with air bronchograms, small parapneumonic effusion."),
        panels=("chem", "cbc", "misc"), consult="Infectious Disease",
    ),
    Scenario(
        "chest_pain",
        ("chest pain", "CP", "substernal chest pressure", "chest tightness"),
        ("{He} describes substernal pressure radiating to the left arm beginning at {7:30 this morning|rest around 0600|about 2 pm} while shoveling snow.",
         "Pain was 8/10, associated with diaphoresis and nausea, relieved partially by nitroglycerin SL x2.",
         "{He} had a negative exercise stress test on {date:prior}.",
         "{He} had a cardiac catheterization at {hosp2} in {date:year} with a stent to the RCA."),
        ("ECG showed 1-2 mm ST depressions in V4-V6. Troponin I 0.42 rising to 1.8.",
         "{He} was given aspirin 325 mg, started on a heparin drip, and Cardiology was consulted.",
         "TIMI score 4. Nitroglycerin drip started for ongoing pain."),
        ("# NSTEMI: taken for cardiac catheterization on {date:admit_plus} which showed 90% stenosis of the mid LAD, treated with a drug-eluting stent. Started on aspirin, Plavix, high-intensity statin and metoprolol.",
         "Right radial access, Allen test normal prior to the procedure. No access site complications.",
         "# Cardiac rehab referral placed. Smoking cessation counseling provided."),
        ("NSTEMI", "Unstable angina", "Coronary artery disease"),
        ("ECG: sinus rhythm at 84, ST depressions in the lateral leads.", "Cardiac catheterization: 90% mid-LAD stenosis, s/p DES x1."),
        procedures=("Cardiac catheterization with PCI to the LAD",), panels=("chem", "cbc", "cardiac", "coags"),
    ),
    Scenario(
        "cellulitis",
        ("leg redness", "left leg pain and swelling", "cellulitis", "red swollen leg"),
        ("{He} noticed redness of the left shin {3|4|5} days ago after a scrape while gardening, now spreading with fevers and chills.",
         "{He} has a history of diabetes with neuropathy and did not notice the wound initially.",
         "A lower extremity Doppler done at an outside clinic on {date:recent} was negative for DVT."),
        ("The border of erythema was marked. Vancomycin was started.", "X-ray of the tibia showed soft tissue swelling without gas or osteomyelitis."),
        ("# Left lower extremity cellulitis: treated with IV vancomycin, then cephalexin 500 mg QID to complete a 10-day course. Erythema receded within the marked borders.",
         "# Diabetes: A1c {8.4|9.1|10.2}%. Lantus increased to {20|24} units qhs.",
         "Wound care: xeroform and dry gauze daily; Ace wrap for edema."),
        ("Left lower extremity cellulitis", "Cellulitis", "Diabetic foot infection"),
        ("LE venous Doppler: no DVT.", "X-ray left tibia/fibula: soft tissue swelling, no osseous abnormality."),
        consult="Infectious Disease",
    ),
    Scenario(
        "gi_bleed",
        ("black stools", "melena", "bright red blood per rectum", "hematemesis"),
        ("{He} reports {2|3} days of black tarry stools and lightheadedness on standing.",
         "{He} takes aspirin and ibuprofen for knee pain and is on Plavix since {his} stent in {date:year}.",
         "Hemoglobin on admission was 7.2 compared with 12.4 on {date:prior}.",
         "No prior EGD. Colonoscopy in {date:year} showed diverticulosis."),
        ("{He} was transfused 2 units of PRBCs and started on pantoprazole 80 mg IV bolus and drip.",
         "Orthostatic vital signs were positive. GI was consulted."),
        ("# Upper GI bleed: EGD on {date:admit_plus} showed a 1 cm clean-based duodenal ulcer; no Mallory-Weiss tear. H. pylori biopsies sent. Continued pantoprazole 40 mg PO BID.",
         "# Acute blood loss anemia: received a total of 3 units PRBCs; hemoglobin stable at {8.6|9.1|9.4} at discharge.",
         "Plavix was held for 5 days per Cardiology and then resumed."),
        ("Upper GI bleed", "Duodenal ulcer", "Acute blood loss anemia"),
        ("EGD: clean-based duodenal bulb ulcer, mild gastritis.",),
        procedures=("EGD with biopsy",), panels=("chem", "cbc", "coags"), consult="Gastroenterology",
    ),
    Scenario(
        "copd",
        ("shortness of breath", "wheezing", "COPD exacerbation", "increased cough"),
        ("{He} reports a week of increased cough, sputum production and wheezing after a viral illness.",
         "{He} uses {his} albuterol inhaler 6-8 times a day. {He} smokes a pack a day and has a 50 pack-year history.",
         "{He} had a similar exacerbation in {date:month_year} requiring intubation at {hosp2}.",
         "Baseline home O2 2L; PFTs on {date:prior} showed FEV1 38% predicted."),
        ("Received Duonebs x3, methylprednisolone 125 mg IV and azithromycin.", "ABG 7.32/58/64. Placed on BiPAP with improvement."),
        ("# COPD exacerbation: treated with prednisone 40 mg daily x5 days, azithromycin x5 days, and scheduled nebulizers. Spiriva continued.",
         "# Tobacco use: nicotine patch 21 mg; counseled at length.",
         "Ambulatory O2 saturation was 90% on 2L at discharge."),
        ("COPD exacerbation", "Acute hypercarbic respiratory failure"),
        ("CXR: hyperinflation, no focal consolidation.",),
        panels=("chem", "cbc"), consult="Pulmonary",
    ),
    Scenario(
        "stroke",
        ("right-sided weakness", "slurred speech", "facial droop", "acute onset aphasia"),
        ("{He} was last seen well at {10 pm|2100|9:15 this morning} by {his} {wife|husband|daughter} and woke with right arm weakness and word-finding difficulty.",
         "NIH Stroke Scale on arrival was {6|8|11}.", "{He} stopped taking {his} Coumadin two weeks ago because of cost."),
        ("CT head showed no hemorrhage. CTA showed a left M2 occlusion. {He} was outside the tPA window.",
         "Neurology stroke team evaluated {him} in the ED."),
        ("# Acute ischemic stroke, left MCA territory, likely cardioembolic from atrial fibrillation. MRI brain on {date:admit_plus} confirmed a left frontal infarct. Started apixaban on day 4.",
         "# Dysphagia: passed a modified barium swallow; on a mechanical soft diet.",
         "PT/OT/speech recommended acute rehab."),
        ("Acute ischemic stroke", "Left MCA stroke", "Expressive aphasia"),
        ("CT head: no acute hemorrhage. Hyperdense left MCA sign.", "MRI brain: acute infarct in the left frontal operculum."),
        panels=("chem", "cbc", "coags", "lipids"), consult="Neurology",
    ),
    Scenario(
        "hip_fracture",
        ("a fall", "right hip pain after a fall", "a mechanical fall", "hip pain and inability to bear weight"),
        ("{He} tripped on a rug at home {yesterday evening|this morning|on the way to the bathroom overnight} and was unable to get up; {his} neighbor found {him}.",
         "No loss of consciousness, no head strike, no preceding chest pain or palpitations.",
         "{He} lives alone and ambulates with a cane at baseline."),
        ("X-ray showed a displaced right femoral neck fracture. Orthopedics was consulted.", "Given IV morphine and placed in Buck's traction."),
        ("# Right femoral neck fracture: underwent right hip hemiarthroplasty on {date:admit_plus} with Dr. {doc_last:surgeon}. Foley catheter removed POD 2. Lovenox 40 mg daily for DVT prophylaxis x 4 weeks.",
         "# Delirium: mild, post-op, managed with reorientation and low-dose Haldol once.",
         "Morse fall scale high risk; bed alarm used."),
        ("Right femoral neck fracture", "Mechanical fall"),
        ("X-ray right hip: displaced subcapital femoral neck fracture.",),
        procedures=("Right hip hemiarthroplasty",), panels=("chem", "cbc", "coags"), consult="Orthopedics",
    ),
    Scenario(
        "dka",
        ("hyperglycemia", "nausea and vomiting", "high blood sugars", "polyuria and vomiting"),
        ("{He} ran out of insulin {3|4} days ago and has had polyuria, polydipsia, nausea and vomiting.",
         "Fingerstick at home read HI. {He} was diagnosed with diabetes at age {age_small}.",
         "Last A1c on {date:prior} was {9.8|10.6|12.1}%."),
        ("Glucose 512, anion gap 24, beta-hydroxybutyrate elevated. Started on insulin drip per DKA protocol and 3 L NS.",
         "Potassium 5.6 on arrival, repleted as it fell."),
        ("# DKA: gap closed after 14 hours on insulin drip; transitioned to Lantus 20 units qhs with Humalog sliding scale.",
         "# Diabetes education provided by the inpatient diabetes nurse educator."),
        ("Diabetic ketoacidosis", "Uncontrolled type 1 diabetes"),
        ("CXR: no acute process.",),
        panels=("chem", "cbc", "misc"), consult="Endocrinology",
    ),
    Scenario(
        "uti_sepsis",
        ("confusion", "fever", "altered mental status", "dysuria and fever"),
        ("{He} was sent in from {facility} for {fever to 101.5|new confusion|decreased oral intake} and foul-smelling urine.",
         "{He} has a chronic indwelling Foley catheter for urinary retention, last changed {date:recent}.",
         "At baseline {he} is oriented and ambulates with a walker per {his} {daughter|son|niece}."),
        ("UA with >50 WBC, positive nitrite. Started on ceftriaxone.", "Hypotensive to 84/50, responded to 30 mL/kg of crystalloid."),
        ("# Sepsis from catheter-associated UTI: urine culture grew E. coli sensitive to ceftriaxone; completed 7 days of antibiotics. Foley exchanged on admission.",
         "# AKI: creatinine 2.1 from baseline 1.0, resolved with fluids.",
         "# Toxic metabolic encephalopathy: back to baseline by {date:admit_plus}."),
        ("Sepsis due to urinary tract infection", "Catheter-associated UTI", "Acute kidney injury"),
        ("Renal ultrasound: no hydronephrosis.",),
        panels=("chem", "cbc", "misc"), consult="Infectious Disease",
    ),
    Scenario(
        "syncope",
        ("syncope", "an episode of passing out", "transient loss of consciousness", "near syncope"),
        ("{He} had a witnessed syncopal episode at {church|the grocery store|a restaurant|work} lasting about 30 seconds, with no tonic-clonic activity or incontinence.",
         "{He} felt warm and lightheaded beforehand. No chest pain or palpitations.",
         "Recently {his} lisinopril was increased by {dr:pcp}."),
        ("Orthostatic vital signs positive. ECG with first-degree AV block.", "CT head negative."),
        ("# Syncope: likely orthostatic in the setting of dehydration and antihypertensives. Telemetry without arrhythmia for 48 hours. Echo normal. Lisinopril held.",
         "Discharged with a 30-day event monitor; Holter monitor results to be reviewed by Cardiology."),
        ("Syncope", "Orthostatic hypotension"),
        ("CT head: no acute intracranial abnormality.", "TTE: normal biventricular function, no significant valve disease."),
        panels=("chem", "cbc", "cardiac"),
    ),
    Scenario(
        "cholecystitis",
        ("abdominal pain", "RUQ pain", "nausea and abdominal pain", "epigastric pain"),
        ("{He} reports {2|3} days of constant RUQ pain after a fatty meal, with nausea and subjective fevers.",
         "Similar but shorter episodes occurred in {date:month_year}.", "Murphy's sign was positive in the ED."),
        ("RUQ ultrasound with gallstones, gallbladder wall thickening and pericholecystic fluid.", "Started on Zosyn; Surgery consulted."),
        ("# Acute cholecystitis: underwent laparoscopic cholecystectomy on {date:admit_plus} without complication. A Jackson-Pratt drain was removed POD 1.",
         "Tolerating a regular diet, pain controlled on Tylenol and oxycodone PRN."),
        ("Acute calculous cholecystitis",),
        ("RUQ US: cholelithiasis, GB wall 6 mm, pericholecystic fluid, sonographic Murphy's sign positive.",),
        procedures=("Laparoscopic cholecystectomy",), panels=("chem", "cbc", "lfts"), consult="General Surgery",
    ),
    Scenario(
        "afib_rvr",
        ("palpitations", "rapid heart rate", "palpitations and lightheadedness", "racing heart"),
        ("{He} noted a racing, irregular heartbeat {since waking up|after dinner|for two days} with mild dyspnea.",
         "{He} has paroxysmal atrial fibrillation diagnosed in {date:year} but stopped {his} metoprolol {a month ago|last week}.",
         "No chest pain or syncope. {He} drinks {2-3|4} cups of coffee a day.", "CHA2DS2-VASc score is {3|4|5}."),
        ("ECG: atrial fibrillation with rapid ventricular response at {146|152|168}.", "Given diltiazem 10 mg IV x2 with rate control to the 90s.",
         "TSH and troponin sent."),
        ("# Atrial fibrillation with RVR: rate controlled with metoprolol, uptitrated to 50 mg BID. Started apixaban 5 mg BID after discussion of bleeding risk.",
         "TTE on {date:admit_plus} with normal LV function and moderate left atrial enlargement.",
         "# Hypertension: lisinopril continued."),
        ("Atrial fibrillation with rapid ventricular response", "Paroxysmal atrial fibrillation"),
        ("ECG: atrial fibrillation, rate 152, no acute ST changes.", "TTE: LVEF 55%, moderate LA enlargement."),
        panels=("chem", "cbc", "misc"),
    ),
    Scenario(
        "pe",
        ("pleuritic chest pain", "shortness of breath", "sudden dyspnea", "chest pain and SOB"),
        ("{He} developed sudden pleuritic chest pain and dyspnea {this morning|yesterday evening}, {3|10|12} days after a long flight from {foreign_city}.",
         "{He} had right calf swelling for a week.", "No prior history of DVT or PE. {He} {had knee surgery 3 weeks ago|was immobilized after a fall|has metastatic colon cancer}.",
         "Wells score 6."),
        ("CTA chest showed bilateral segmental pulmonary emboli without RV strain.", "Started on a heparin drip."),
        ("# Pulmonary embolism: transitioned from heparin to apixaban 10 mg BID x7 days then 5 mg BID. Lower extremity Doppler with right popliteal DVT.",
         "# Hypoxemia: resolved, saturating 96% on room air at discharge."),
        ("Acute pulmonary embolism", "Right popliteal DVT"),
        ("CTA chest: bilateral segmental PE, RV/LV ratio 0.8.", "LE Doppler: occlusive thrombus in the right popliteal vein."),
        panels=("chem", "cbc", "coags", "cardiac"), consult="Pulmonary",
    ),
    Scenario(
        "pancreatitis",
        ("abdominal pain", "epigastric pain radiating to the back", "nausea and vomiting"),
        ("{He} reports severe epigastric pain radiating to the back since {date:weekday}, with vomiting.",
         "{He} drinks {a pint of vodka|6-8 beers|a bottle of wine} daily, last drink {yesterday|2 days ago}.",
         "Similar episode in {date:month_year} treated at {hosp2}."),
        ("Lipase 2,340. CT abdomen with peripancreatic stranding, no necrosis.", "Aggressive IV fluids with LR started; Dilaudid for pain."),
        ("# Acute pancreatitis, alcohol-related: managed with IV fluids, bowel rest and pain control; diet advanced on hospital day {3|4}.",
         "# Alcohol withdrawal: CIWA protocol, required lorazepam on days 1-2 only. Thiamine and folate given.",
         "Social work met with {him} regarding alcohol treatment programs."),
        ("Acute pancreatitis", "Alcohol use disorder"),
        ("CT abdomen: edematous pancreatitis without necrosis or fluid collection.",),
        panels=("chem", "cbc", "lfts"), consult="Gastroenterology",
    ),
    Scenario(
        "hypoglycemia",
        ("hypoglycemia", "found unresponsive", "low blood sugar", "confusion"),
        ("{His} {rel_word} found {him} confused and diaphoretic; EMS fingerstick was 38.",
         "{He} took {his} usual Lantus and glipizide but skipped dinner.", "Creatinine has risen from 1.2 to 2.0 since {date:prior}.",
         "{He} lives alone and manages {his} own insulin."),
        ("Given D50 by EMS with prompt improvement in mental status.", "Fingersticks every hour; a D10 infusion was needed overnight."),
        ("# Hypoglycemia due to sulfonylurea in the setting of CKD: glipizide stopped, Lantus reduced by 30%.",
         "# CKD stage 3b: creatinine 1.9 at discharge; metformin dose reduced.", "Diabetes education reinforced; glucagon kit prescribed."),
        ("Hypoglycemia", "Type 2 diabetes with hypoglycemia"),
        ("CT head: no acute process.",),
        panels=("chem", "misc"), consult="Endocrinology",
    ),
)

OUTPATIENT_TOPICS = (
    ("diabetes follow-up", "diabetes", ("{His} fingersticks run {110-180|140-220|90-150} fasting. {He} denies hypoglycemia.",
                            "A1c today is {7.2|7.9|8.6|9.4}%, compared with {8.1|8.8|7.4}% on {date:prior}.",
                            "{He} saw ophthalmology on {date:prior} with no retinopathy. Monofilament exam normal.",
                            "{He} is trying to walk {20|30} minutes daily and has lost {4|6|10} pounds since the last visit.")),
    ("hypertension", "hypertension", ("Home BPs run {130s/80s|150s/90s|120s/70s}. {He} is taking {his} medications as prescribed.",
                      "{He} stopped amlodipine because of ankle swelling.", "BP today {138/84|152/92|128/76}.")),
    ("CAD follow-up", "coronary disease", ("{He} denies angina since {his} stent in {date:year}. Exercise tolerance is good.",
                       "{He} had a stress test on {date:prior} that was negative for ischemia.", "{He} continues aspirin, Plavix and atorvastatin.")),
    ("knee pain", "knee pain", ("{He} has had right knee pain for {6 months|a year|several years}, worse on stairs. McMurray test negative, Lachman stable.",
                   "X-ray on {date:prior} showed moderate medial compartment narrowing.", "Cortisone injection was given with good relief.")),
    ("low back pain", "low back pain", ("{He} reports low back pain since lifting boxes {at work|at home} on {date:recent}. No saddle anesthesia or bowel/bladder changes.",
                       "Straight leg raise negative. Reflexes symmetric.", "Referred to physical therapy.")),
    ("depression", "depression", ("PHQ-9 today {8|12|15|19}. {He} reports low mood since {his} {wife|husband|brother} died in {date:month_year}.",
                    "{He} denies SI/HI. Sleep is poor.", "Sertraline increased; referred to counseling.")),
    ("annual physical", "health maintenance", ("Here for annual exam. Last colonoscopy in {date:year} was normal. Mammogram {date:prior}.",
                         "Immunizations: flu shot today, Tdap {date:year}, shingles vaccine series completed.",
                         "Counseled on diet, exercise and seat belt use.")),
    ("thyroid follow-up", "hypothyroidism", ("TSH {0.2|4.9|6.8|2.1} on {date:prior}. {He} reports fatigue and cold intolerance.", "Levothyroxine dose adjusted.")),
    ("CHF follow-up", "heart failure", ("{He} weighs {himself} daily; weights stable at {172|185|201} lb. Two-pillow orthopnea, no PND.",
                       "Echo on {date:prior} showed EF {35|40|45}%.", "Continue Entresto and Coreg, Lasix as needed for weight gain over 3 lb.")),
    ("CKD follow-up", "kidney disease", ("Creatinine {1.8|2.3|2.9} on {date:recent}, stable compared with {date:prior}.",
                                        "{He} is followed by {other_doc} in renal clinic; fistula planning discussed.", "Avoiding NSAIDs. BP at goal.")),
    ("anticoagulation visit", "anticoagulation", ("INR today {1.7|2.4|3.3}; goal 2-3. {He} takes Coumadin {5 mg daily|2.5 mg on Mon/Fri and 5 mg other days}.",
                                                  "No bleeding or bruising. Diet unchanged.", "Next INR check {date:future}.")),
    ("preoperative evaluation", "surgical risk", ("{He} is scheduled for {a right knee replacement|cataract surgery|a hernia repair} with {other_doc} on {date:future}.",
                                                 "Functional capacity > 4 METs. No angina.", "ECG today: sinus rhythm, no ischemic changes.")),
    ("gout", "gout", ("{He} had a flare of the left first MTP joint on {date:recent}, treated with prednisone.", "Uric acid {6.8|8.9|9.4}.",
                      "Allopurinol to be started 2 weeks after the flare resolves.")),
    ("COPD follow-up", "COPD", ("{He} is using Spiriva daily and albuterol {once a day|rarely|several times a week}.", "Still smoking {5|10} cigarettes per day.",
                        "PFTs on {date:prior}: FEV1 {48|55|62}% predicted.")),
)

RADIOLOGY = (
    ("CHEST, PA AND LATERAL", "XR CHEST 2 VIEWS", ("Shortness of breath", "Cough, fever", "Pre-operative"),
     ("The heart size is {normal|mildly enlarged}. The mediastinal contours are unremarkable.",
      "There is {no focal consolidation|a patchy opacity at the right lung base|blunting of the left costophrenic angle}.",
      "No pneumothorax. {No pulmonary edema.|Mild interstitial edema.}", "A left chest wall pacemaker is present with leads in expected position.",
      "Degenerative changes of the thoracic spine."),
     ("{No acute cardiopulmonary process.|Right lower lobe pneumonia in the appropriate clinical setting.|Small left pleural effusion.}",)),
    ("CT HEAD WITHOUT CONTRAST", "CT HEAD W/O", ("Fall, head strike", "Altered mental status", "Headache"),
     ("There is no intracranial hemorrhage, mass effect, or midline shift.", "Gray-white differentiation is preserved.",
      "{Mild|Moderate} periventricular white matter hypodensities, likely chronic small vessel ischemic change.",
      "The ventricles are {normal in size|prominent, consistent with volume loss}.", "The visualized paranasal sinuses and mastoid air cells are clear."),
     ("No acute intracranial abnormality.", "Chronic microvascular ischemic changes.")),
    ("CT ABDOMEN AND PELVIS WITH CONTRAST", "CT A/P W CONTRAST", ("Abdominal pain", "RLQ pain", "Weight loss"),
     ("The liver, spleen, pancreas and adrenal glands are unremarkable.", "{Cholelithiasis without gallbladder wall thickening.|The gallbladder is surgically absent.}",
      "{The appendix is dilated to 11 mm with periappendiceal fat stranding.|The appendix is normal.}", "Sigmoid diverticulosis without diverticulitis.",
      "No free air. No lymphadenopathy. A Foley catheter is in the bladder."),
     ("{Acute appendicitis.|No acute abdominal or pelvic process.|Sigmoid diverticulosis without evidence of diverticulitis.}",)),
    ("MRI BRAIN WITH AND WITHOUT CONTRAST", "MRI BRAIN W/WO", ("Stroke symptoms", "Seizure", "Headache"),
     ("There is restricted diffusion in the {left frontal|right parietal} cortex consistent with acute infarction.",
      "No abnormal enhancement.", "Flow voids are preserved.", "Scattered T2/FLAIR hyperintensities in the periventricular white matter."),
     ("Acute {left MCA|right MCA} territory infarct.", "No mass or hemorrhage.")),
    ("BILATERAL LOWER EXTREMITY VENOUS DOPPLER", "US LE VENOUS DUPLEX BILAT", ("Leg swelling", "Rule out DVT"),
     ("The common femoral, femoral and popliteal veins are compressible with normal Doppler flow.",
      "{No intraluminal thrombus.|Non-compressible right popliteal vein with echogenic thrombus.}", "A 3 cm Baker's cyst is noted in the left popliteal fossa."),
     ("{No DVT in either lower extremity.|Acute right popliteal DVT.}",)),
    ("TRANSTHORACIC ECHOCARDIOGRAM", "TTE COMPLETE", ("CHF", "Murmur", "Syncope"),
     ("The left ventricle is {normal in size|mildly dilated} with an estimated EF of {35|45|55|60}%.",
      "{Mild|Moderate} mitral regurgitation.", "Aortic valve is trileaflet with {no|mild} stenosis; peak gradient {12|24|38} mmHg.",
      "RVSP is estimated at {28|36|48} mmHg. No pericardial effusion."),
     ("{Normal|Reduced} LV systolic function.", "No significant valvular disease." )),
    ("RIGHT UPPER QUADRANT ULTRASOUND", "US ABDOMEN LIMITED RUQ", ("RUQ pain", "Elevated LFTs"),
     ("Multiple shadowing gallstones. Gallbladder wall measures {3|6|7} mm.", "Sonographic Murphy's sign is {negative|positive}.",
      "The common bile duct measures {4|6|9} mm.", "The liver is {normal in echotexture|coarsened and nodular}."),
     ("{Cholelithiasis without sonographic evidence of cholecystitis.|Findings consistent with acute cholecystitis.}",)),
    ("CT ANGIOGRAM CHEST (PE PROTOCOL)", "CTA CHEST PE", ("Pleuritic chest pain", "Hypoxia, tachycardia"),
     ("Contrast bolus is adequate.", "{There are filling defects in the segmental arteries of both lower lobes.|No filling defects in the pulmonary arteries.}",
      "The RV/LV ratio is {0.8|1.2}.", "No consolidation. Small bilateral effusions.", "Incidental 4 mm nodule in the right upper lobe."),
     ("{Bilateral segmental pulmonary emboli.|No pulmonary embolism.}", "4 mm RUL nodule; no follow-up needed per Fleischner criteria.")),
    ("MRI LUMBAR SPINE WITHOUT CONTRAST", "MRI L-SPINE W/O", ("Low back pain with radiculopathy",),
     ("At L4-5 there is a {broad-based disc bulge|left paracentral disc protrusion} with {mild|moderate} canal stenosis.",
      "At L5-S1 there is facet arthropathy without significant foraminal narrowing.", "The conus terminates at L1. Vertebral body heights are preserved."),
     ("{Moderate|Mild} L4-5 canal stenosis.", "Multilevel degenerative changes.")),
    ("KNEE, 3 VIEWS, RIGHT", "XR KNEE RT 3V", ("Knee pain", "Fall"),
     ("Moderate narrowing of the medial compartment with osteophytes.", "No fracture or dislocation.", "Small joint effusion.",
      "Chondrocalcinosis of the menisci."),
     ("Moderate medial compartment osteoarthritis.", "No acute fracture.")),
    ("BILATERAL SCREENING MAMMOGRAM", "MAMMO SCREEN BILAT", ("Screening",),
     ("The breasts are heterogeneously dense.", "No suspicious masses, calcifications or architectural distortion.", "Stable benign-appearing calcifications in the left breast."),
     ("BI-RADS 1: Negative.", "BI-RADS 2: Benign.")),
)

OPERATIONS = (
    ("Laparoscopic cholecystectomy", "Acute cholecystitis", "General endotracheal",
     ("A Foley catheter was placed.", "The abdomen was prepped and draped in the usual sterile fashion.",
      "A 12 mm Hasson port was placed at the umbilicus using open technique and pneumoperitoneum was established.",
      "Three additional 5 mm ports were placed under direct vision.", "The gallbladder was retracted cephalad and the triangle of Calot was dissected.",
      "The critical view of safety was obtained. The cystic duct and artery were clipped and divided.",
      "The gallbladder was removed from the liver bed with electrocautery and placed in an Endocatch bag.",
      "Hemostasis was confirmed. A 19 French Jackson-Pratt drain was left in the gallbladder fossa.",
      "The fascia at the umbilicus was closed with 0 Vicryl and the skin with 4-0 Monocryl and Steri-Strips.")),
    ("Right total knee arthroplasty", "Right knee osteoarthritis", "Spinal with sedation",
     ("A tourniquet was applied to the right thigh and inflated to 300 mmHg after exsanguination with an Esmarch.",
      "A midline incision and medial parapatellar arthrotomy were performed.", "The distal femoral and proximal tibial cuts were made using standard cutting guides.",
      "Trial components showed good stability in flexion and extension.", "The final components were cemented into place.",
      "The wound was irrigated and closed in layers. A sterile dressing and Ace wrap were applied.")),
    ("Appendectomy, laparoscopic", "Acute appendicitis", "General endotracheal",
     ("Pneumoperitoneum was established via a Veress needle.", "The appendix was identified, inflamed but not perforated.",
      "The mesoappendix was divided with a LigaSure device and the base was stapled.", "The specimen was removed in a bag through the umbilical port site.",
      "The fascia was closed and the skin was closed with 4-0 Monocryl.")),
    ("Dual-chamber pacemaker implantation", "Symptomatic complete heart block", "Local with moderate sedation",
     ("The left chest was prepped and draped. Lidocaine 1% was infiltrated.", "Axillary vein access was obtained using the Seldinger technique.",
      "Atrial and ventricular leads were positioned under fluoroscopy with good sensing and pacing thresholds.",
      "The generator was connected and placed in a pre-pectoral pocket.", "The pocket was irrigated with antibiotic solution and closed in layers.")),
    ("Left inguinal hernia repair with mesh", "Left inguinal hernia", "General LMA",
     ("An oblique incision was made in the left groin.", "The external oblique aponeurosis was opened and the ilioinguinal nerve protected.",
      "An indirect hernia sac was dissected off the cord structures and reduced.", "A polypropylene mesh was secured to the shelving edge of the inguinal ligament.",
      "The wound was closed in layers.")),
    ("Left brachiocephalic arteriovenous fistula creation", "End-stage renal disease", "Regional block",
     ("Ultrasound-guided supraclavicular block was performed by Anesthesia.", "A transverse incision was made in the antecubital fossa.",
      "The cephalic vein and brachial artery were exposed.", "An end-to-side anastomosis was performed with 7-0 Prolene.",
      "A good thrill was present at the end of the case.")),
)

PROCEDURE_DEVICES = {
    "Left inguinal hernia repair with mesh": ("Mesh", "Bard 3DMax 10.8 x 16 cm"),
    "Dual-chamber pacemaker implantation": ("Generator", "Medtronic Azure XT DR MRI", "Atrial lead", "Ventricular lead"),
    "Right total knee arthroplasty": ("Femoral component", "Zimmer Persona size 7", "Tibial baseplate", "Polyethylene insert"),
}

ICD_CODES = ("E11.65", "I10", "I50.22", "J44.1", "N18.3", "E78.5", "M17.11", "I48.91", "K80.00", "Z79.4",
             "F32.9", "E03.9", "I25.10", "M54.5", "G47.33", "R07.9", "J18.9", "L03.116")
CPT_CODES = ("99214", "99204", "93000", "71046", "80053", "83036", "45378", "99223")


# Sentences that put hard negatives in running text; sprinkled into narrative sections.
NEGATIVE_SENTENCES = (
    "A Foley catheter was placed for strict I/Os and removed on hospital day 2.",
    "{He} has a history of Parkinson's disease on Sinemet.", "Wound Gram stain showed gram-positive cocci in clusters.",
    "Lower extremity Doppler was negative for DVT.", "Allen test was normal on the right prior to the radial arterial line.",
    "The Jackson-Pratt drain put out 30 mL of serosanguinous fluid.", "Coumadin was held for an INR of 3.8.",
    "{He} was given Lasix 40 mg IV x1 with good response.", "Babinski sign absent bilaterally.",
    "Glasgow Coma Scale was 14 on arrival (E4 V4 M6).", "{He} had Bell's palsy in the past, now resolved.",
    "Known Crohn's disease, last flare {date:year}, on Humira.", "{His} {rel_word} has Down syndrome and lives in a group home.",
    "History of Hodgkin lymphoma treated with ABVD, in remission.", "Born at 39 weeks; Apgar scores 8 and 9.",
    "Murphy's sign negative; no CVA tenderness.", "Holter monitor showed rare PVCs.", "Pain 7/10, improved to 3/10 with Tylenol.",
    "Swan-Ganz catheter was not placed.", "Started on Plavix and Lipitor.", "Wells score 1.5, low probability.",
    "CHA2DS2-VASc score of 3; HAS-BLED 2.", "Tinel's and Phalen's tests positive at the right wrist.",
    "Fingerstick glucose 212 at 0600.", "{He} is on Eliquis 5 mg BID for Afib.", "Ringer's lactate at 100 mL/hr.",
)
