"""Free-text clinical questions with ages and names written without cue words, split by template.

    python bench/make_freequeries.py               # bench/out/freequeries/*.jsonl
    python bench/realprose_eval.py --dir bench/out/freequeries --sets tune,report,report_later,tune_later,report_final --settings default

The ``queries`` sets of bench/make_realprose.py share 15 templates between their tuning
and reporting sides, so a gain there is mostly template fit. These are short questions as
patients and clinicians type them ("my 93 yo mother keeps falling", "45M with chest pain",
"my daughter emma has a fever", "kevin's sugar was 300"): an age or a relative's given name
with no title and no field word, a third of the texts in lower case. The 40 templates
were written before the detectors were changed for them; their ids are shuffled with a
fixed seed (2026) and cut in half, so no template of ``report`` is read while tuning on
``tune``. ``report_later`` holds 20 more templates, written after the first round of detector
changes for these texts and before any later round (see ``TEMPLATES_LATER``); ``tune_later`` and
``report_final`` 20 each, written before the third round, which was tuned on ``tune_later`` only. Names come from the injector's Faker locales and its word-like given names
(Grace, Will, Mark ...); gold ages are the number only, as everywhere in phisift.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

from phisift.document import Document, Span
from phisift.formats import jsonl
from phisift.synth.inject import people
from phisift.synth.inject.phrase import Ctx

ROOT = Path(__file__).resolve().parent
SEED = 2026
FILL_SEEDS = {"tune": 31, "report": 32, "report_later": 33, "tune_later": 34, "report_final": 35}
TEMPLATES: tuple[str, ...] = (
    "my {age} yo {rel} has been falling a lot, should she see a neurologist?",
    "{first}'s blood pressure was 150/95 this morning, is that too high?",
    "my {rel} {first} has a fever of 102, what should i do",
    "I am {age} and have had chest pain on and off for a week. Should I go to the ER?",
    "{age}M with chest pain radiating to left arm, what workup would you do?",
    "{age} F, type 2 diabetes, A1c 9.1 - add insulin or a GLP-1?",
    "is it ok for {first} to take ibuprofen with her lisinopril?",
    "my {rel}, {first}, is {age} and still not sleeping through the night",
    "{first} has had a cough for 3 weeks now, do we need an x-ray?",
    "we think our {rel} {first} ({age}) swallowed a coin, what do we do?",
    "hi, im {age}, female, and my periods stopped. could i be in menopause?",
    "{first} keeps getting ear infections, when should we see ENT?",
    "my {rel} is {age} years old and just got diagnosed with afib, is he too old for a blood thinner?",
    "Can {first} go back to school tomorrow if the fever is gone?",
    "Patient {age}yo male with hx of CHF, can he take NSAIDs?",
    "my {age} year old {rel} {first} fell and hit her head, she seems fine, do we go to the ER?",
    "does {first} need the second dose of the shingles vaccine?",
    "question about {first}'s insulin dose - should it be lowered before surgery?",
    "I'm a {age} yr old male with high cholesterol, should I start a statin?",
    "{first} and I want to know if the rash is contagious",
    "my {rel} {first} was prescribed amoxicillin but threw up the first dose",
    "age {age}, smoker for 30 years, should I get a lung CT?",
    "{first} says her chest feels tight when she climbs stairs",
    "Our {age}-year-old {rel} has a rash after starting a new antibiotic. Allergy?",
    "is it safe for my {rel} ({age}) to fly after a knee replacement?",
    "what dose of tylenol for {first}, she is {age} and weighs 40 lbs",
    "i'm {age} and pregnant, is it safe to take zyrtec?",
    "{first} fainted at practice today, should we see a cardiologist?",
    "my {rel} {first} is {age} and has memory problems, where do we get tested?",
    "aged {age} with no family history, do I need a colonoscopy?",
    "{age} y.o. {rel} with new onset confusion, UTI?",
    "Can you check if {first} got her flu shot last year?",
    "my {rel} turned {age} last week and now gets dizzy when standing",
    "{first}'s sugar was 300 after dinner, what should we do?",
    "Hi it's {first}, I missed my appointment, can I reschedule?",
    "my {rel} {first} needs a refill of the inhaler",
    "I have a {age} yo pt with recurrent UTIs, prophylaxis?",
    "{first} is {age} months old and has not rolled over yet, should I worry?",
    "how much water should {first} drink after the kidney stone",
    "{age}F presents with palpitations and weight loss, check TSH?",
)
#: A second reporting half, written after the first round of detector changes (main 5e3fed8) and before
#: any later one, so that later rounds have text whose forms no rule was written for; never tuned on.
TEMPLATES_LATER: tuple[str, ...] = (
    "Hello, my {rel} {first} is {age} and has a sore throat since yesterday, does she need strep test?",
    "{first} got stung by a bee and his lip is swollen, benadryl ok?",
    "my {rel} who is {age} keeps forgetting to take her pills",
    "Quick question re {first} - can the dose of amoxicillin be split?",
    "{first} needs a note for school saying she was sick monday",
    "I'm {age}, male, BP 160/100 at the pharmacy today. Worried.",
    "{age} year old with cough x 2 weeks, no fever, CXR?",
    "Is {age} too old for a hip replacement? asking for my {rel}",
    "we're worried about {first}, she hasn't pooped in 4 days",
    "does {first} still need to fast before the blood draw tomorrow?",
    "My {rel} {first} ({age}) was told her potassium is low",
    "Good morning. {first} threw up all night and can't keep water down.",
    "Can I bring {first} in today? Fever 103 since last night.",
    "{first} wants to know if she can stop the antidepressant",
    "pt is {age}yo f with new headaches, MRI or CT?",
    "hi doc, {first} here, the new inhaler makes my heart race",
    "my {rel}'s name is {first}, she is {age}, can she get the RSV shot?",
    "Our {rel} {first} turned {age} and hasn't had the booster",
    "I think {first} broke her wrist playing soccer, urgent care or ER?",
    "{first} is allergic to penicillin, what else can she take for strep?",
)
#: A third round (written after main a45004f, before the detector changes of that round): templates to
#: tune on (``tune_later``) and templates to report on (``report_final``), never tuned on.
TEMPLATES_TUNE_LATER: tuple[str, ...] = (
    "last night {first} threw up twice, should we come in?",
    "I think {first} has an ear infection again",
    "can I give {first} motrin and tylenol together? she is {age}",
    "{first} is vomiting and has diarrhea since this morning",
    "{first} here - the new meds are making me dizzy",
    "Yesterday {first} fell off the trampoline and her ankle is swollen",
    "my {rel} {first} is allergic to sulfa, is bactrim ok?",
    "need to take {first} to the ER? temp 104",
    "{first} is running a fever of 101 and has a rash",
    "so {first} started the antibiotic yesterday and now has hives",
    "re {first}: her inhaler ran out, can you send a refill?",
    "{age}yo M, smoker, chest pain on exertion - stress test or cath?",
    "is it normal for a {age} year old to snore this much",
    "{first} is teething and won't eat, is that normal?",
    "we took {first} to urgent care and they said croup",
    "this morning {first} woke up with pink eye",
    "My {rel} {first} is pregnant and has a cold, what can she take?",
    "{first} was bitten by a dog this afternoon, does she need a tetanus shot?",
    "what should {first} eat after the stomach flu",
    "{first} has been coughing at night for 2 weeks",
)
TEMPLATES_REPORT_FINAL: tuple[str, ...] = (
    "hi, {first} is complaining of ear pain since friday",
    "after the surgery {first} can't stop shivering, normal?",
    "{first} is due for her 12 month shots, can we book?",
    "I'm worried that {first} is losing weight, she is {age}",
    "please call me back about {first}, she is still wheezing",
    "my {rel} {first}, {age} yrs, has a bad cough",
    "Can you send {first}'s results to me?",
    "{first} is congested and can't sleep, what can we give?",
    "did the lab call about {first}? we never heard back",
    "{age} y/o female with lower back pain x 3 weeks",
    "Is {first} contagious? she has pink eye",
    "today {first} has a headache that won't go away",
    "I need to reschedule {first} for next week",
    "{first} is having trouble breathing, call 911?",
    "our {rel} {first} keeps waking up at night screaming",
    "Doctor, {first} still has a fever after 3 days on antibiotics",
    "{first} just turned {age} and needs a sports physical",
    "how long should {first} stay home from daycare",
    "{first} was seen last week and is not better",
    "i am a {age} year old man with blood in urine",
)
#: The sets that take all templates of one tuple.
WHOLE = {"report_later": TEMPLATES_LATER, "tune_later": TEMPLATES_TUNE_LATER, "report_final": TEMPLATES_REPORT_FINAL}
RELATIVES = ("mother", "mom", "father", "dad", "son", "daughter", "wife", "husband", "grandmother", "grandma",
             "grandson", "granddaughter", "brother", "sister", "baby", "toddler", "boyfriend", "partner")
_SLOT = re.compile(r"\{(\w+)\}")


def split_templates() -> dict[str, list[int]]:
    ids = list(range(len(TEMPLATES)))
    random.Random(SEED).shuffle(ids)
    half = len(ids) // 2
    return {"tune": sorted(ids[:half]), "report": sorted(ids[half:])}


def one(doc_id: str, template: str, ctx: Ctx) -> Document:
    """The template filled: gold spans for {age} (the number) and {first} (a given name as PATIENT)."""
    text, spans, pos = "", [], 0
    for m in _SLOT.finditer(template):
        text += template[pos : m.start()]
        slot = m.group(1)
        if slot == "rel":
            text += ctx.pick(RELATIVES)
        else:
            value, label, form = ((str(ctx.rng.randrange(1, 100)), "AGE", "age/bare_digits") if slot == "age"
                                  else (people.first_name(ctx)[0].text, "PATIENT", "person/bare_first"))
            spans.append(Span(len(text), len(text) + len(value), label, form))
            text += value
        pos = m.end()
    text += template[pos:]
    roll = ctx.rng.random()
    if roll < 0.33:
        text, case = text.lower(), "lower"
    elif roll < 0.40:
        text, case = text[:1].upper() + text[1:], "sentence"
    else:
        case = "as_written"
    return Document(doc_id, text, tuple(spans), {"case": case})


def build(name: str, n: int) -> list[Document]:
    templates = WHOLE.get(name, TEMPLATES)
    ids = list(range(len(templates))) if name in WHOLE else split_templates()[name]
    docs = []
    for i in range(n):
        ctx = Ctx(random.Random(f"freequery:{FILL_SEEDS[name]}:{i}"))
        t = ctx.pick(ids)
        doc = one(f"free_{name}-{i}", templates[t], ctx)
        docs.append(Document(doc.id, doc.text, doc.spans, {**doc.meta, "template_id": t, "neutral": []}))
    return docs


#: Fill seeds of ``training`` (the stacker's training questions): none of ``FILL_SEEDS``'s.
TRAIN_SEED = 41


def training(n: int, sides: tuple[str, ...] = ("tune", "tune_later"), seed: int = TRAIN_SEED) -> list[Document]:
    """``n`` questions from the tuning-side templates only (``tune``'s half of ``TEMPLATES``, and
    ``TEMPLATES_TUNE_LATER`` for "tune_later"), filled with their own seed: the texts
    ``bench/tagger_train.py --free`` trains the stacker on. Never a template of ``report``,
    ``report_later`` or ``report_final``. Templates are taken in turn, so each side is used evenly;
    "tune_later_even" takes the even template ids of ``tune_later`` only (``tune_later@odd`` is
    then a check set whose templates no training text has)."""
    pool = [TEMPLATES[t] for t in split_templates()["tune"]] if "tune" in sides else []
    pool += list(TEMPLATES_TUNE_LATER) if "tune_later" in sides else []
    # half of tune_later's templates (even ids), so that its other half (odd ids) is left to check on
    pool += list(TEMPLATES_TUNE_LATER[::2]) if "tune_later_even" in sides else []
    docs = []
    for i in range(n):
        ctx = Ctx(random.Random(f"freequery-train:{seed}:{i}"))
        docs.append(one(f"free_train{seed}-{i}", pool[i % len(pool)], ctx))
    return docs


def main(argv: list[str] | None = None) -> int:
    import os
    if os.environ.get("PYTHONHASHSEED") != "0":  # Faker draws from sets: fix the hash seed (as make_realprose)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="texts per split (default 300)")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "freequeries")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in ("tune", "report", "report_later", "tune_later", "report_final"):
        docs = build(name, args.n)
        path = args.out / f"{name}.jsonl"
        jsonl.write(docs, path)
        labels = Counter(s.label for d in docs for s in d.spans)
        print(f"{path}: {len(docs)} texts from {len({d.meta['template_id'] for d in docs})} templates; "
              + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
