"""Free-text clinical questions with ages and names written without cue words, split by template.

    python bench/make_freequeries.py               # bench/out/freequeries/*.jsonl
    python bench/realprose_eval.py --dir bench/out/freequeries --sets tune,report,report_later,tune_later,report_final --settings default
    python bench/realprose_eval.py --dir bench/out/freequeries --sets tune_newest,report_newest --settings default

The ``queries`` sets of bench/make_realprose.py share 15 templates between their tuning
and reporting sides, so a gain there is mostly template fit. These are short questions as
patients and clinicians type them ("my 93 yo mother keeps falling", "45M with chest pain",
"my daughter emma has a fever", "kevin's sugar was 300"): an age or a relative's given name
with no title and no field word, a third of the texts in lower case. The 40 templates
were written before the detectors were changed for them; their ids are shuffled with a
fixed seed (2026) and cut in half, so no template of ``report`` is read while tuning on
``tune``. ``report_later`` holds 20 more templates, written after the first round of detector
changes for these texts and before any later round (see ``TEMPLATES_LATER``); ``tune_later`` and
``report_final`` 20 each, written before the third round, which was tuned on ``tune_later`` only;
``tune_newest`` and ``report_newest`` 21 each (``TEMPLATES_NEWEST``: longer portal and nurse-line messages
with surnames, ages in words, phones, postcodes, NHS/Medicare numbers, towns, streets, dates), written
before the fourth round, which tunes on ``tune_newest`` only. Names come from the injector's Faker locales and its word-like given names
(Grace, Will, Mark ...); gold ages are the number only, as everywhere in phisift. ``tune_v5`` and
``report_v5`` (bench/freequeries_v5.py) are a fifth batch in other styles (texting, dictation, forum
posts, billing, refills, school/work notes, care homes, Indian/Nigerian/Filipino/Australian/Irish English);
``tune_v6`` and ``report_v6`` (bench/freequeries_v6.py) a sixth (portal messages, symptom-checker and
telehealth intake, pharmacy and insurance, caregivers, nurse-line notes, details mid-sentence, lower case
without punctuation, typos, 28 Faker locales, many phone and ID shapes).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

from phisift.document import Document, Span
from phisift.formats import jsonl
from phisift.synth.inject import people
from phisift.synth.inject.numbers import date_phrase, number_words
from phisift.synth.inject.phrase import Ctx, Phrase, phi

sys.path.insert(0, str(Path(__file__).resolve().parent))
from freequeries_v5 import TEMPLATES_V5, V5, build_v5, split_v5  # noqa: E402  (the fifth batch: its own module)
from freequeries_v5 import fill as fill_v5  # noqa: E402
from freequeries_v6 import V6, build_v6  # noqa: E402  (the sixth batch: its own module)

ROOT = Path(__file__).resolve().parent
SEED = 2026
FILL_SEEDS = {"tune": 31, "report": 32, "report_later": 33, "tune_later": 34, "report_final": 35,
              "tune_newest": 36, "report_newest": 37}
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
#: A fourth round (written on main ed3d509, before that round's detector changes): portal, nurse-line and
#: forum messages as patients and relatives write them in the UK, US, Australia, India and Canada, longer
#: than the first rounds, with surnames, ages in words, phone numbers, postcodes, NHS and Medicare numbers,
#: towns, streets and dates. Shuffled with ``SEED_NEWEST`` and cut in half (21 and 21): ``tune_newest`` to tune on,
#: ``report_newest`` never tuned on (figures only).
TEMPLATES_NEWEST: tuple[str, ...] = (
    "hi my name is {full} and i need to move my appointment, my number is {phone}",
    "my {rel} {first} {last} is {age} and has had diarrhoea for 3 days, we live in {town}, which walk in centre is open",
    "Hello, I'm writing for my {rel} {full} (NHS no {nhs}), she has run out of her blood pressure tablets",
    "can someone ring me back on {phone} about {first}'s blood test results please",
    "my {rel} is {agew} and keeps falling over at night, is that normal at her age?",
    "Dear Dr {dr}, {first} still has the rash on his arms, should we come back in?",
    "we just moved to {street}, {town} {postcode}, do i need to register {first} with a new GP",
    "my mum {full} ({age}) has been really confused since yesterday could it be a uti",
    "hi its {first} again, the cream didnt work and its still itchy",
    "Medicare number {medicare} - I need a referral for my {rel} to see a dermatologist",
    "my {rel} {first} turned {agew} on {date} and has found a lump in her neck",
    "is it normal for a {agew} year old to still wet the bed? asking about my {rel} {first}",
    "{full} DOB {dob} needs a repeat prescription of salbutamol",
    "My {rel} {first} is staying with us in {town} and forgot his insulin, can a chemist give him some?",
    "pls call {first} on {phone} she is {age} and lives alone and isnt answering",
    "Good evening, my son {first} (age {age}) has a temp of 39.5 and a rash on his tummy",
    "we saw dr {dr} last tuesday and {first} is no better, what now",
    "my {rel} {first} is {age}, diabetic, and her feet have been swollen since {date}",
    "I am {full}, {age}, from {town}. I have had a headache for two weeks that paracetamol doesnt touch",
    "the address is {street}, {town} {postcode} if you need to post the letter to mum",
    "hello doctor my {rel} age {age} years having fever since 4 days what medicine to give",
    "{first} my {agew} year old has croup again, steroids?",
    "Re: {full} - hospital number {mrn}. She was discharged on {date} but nobody has called about the follow up",
    "my {rel} mrs {last} is {age}, lives on her own in {town}, and has stopped eating",
    "hi, {first} {last} here, i had my bloods done on {date}, are they back yet?",
    "Our {rel} {first} has had a cough for a month. We are in {town} near {postcode}. Can we get a chest xray?",
    "called yesterday and spoke to {first}, was told someone would ring back on {phone}",
    "My {rel}, {full}, {agew}, needs a home visit - she can't get out of bed",
    "i'm a {age} yr old female, {first} is my name, and i keep getting cystitis",
    "can you update my {rel}'s phone number to {phone}? its {full}",
    "{first} and {first2} both have chickenpox, can they go to nan's in {town}",
    "My {rel} ({agew}) was seen at A&E on {date} and they said sprain but it's worse",
    "Hi Dr {dr}, thank you for seeing {first} on {date}. His inhaler is nearly empty",
    "need to cancel {first}'s appointment on {date}, reschedule pls",
    "hi there, my nan {first} {last} is {age} in {town}, she's got a bad chest, should we call 111",
    "my {rel} {first} is {age} months and has not had a wet nappy since this morning",
    "patient {full}, {agew} years old, care home in {town}, family asking about the DNR",
    "this is {first}'s mom, she is {age} and her ear is leaking yellow stuff",
    "my medicare is {medicare} and my {rel} {first} needs her asthma plan signed",
    "Hello, {full} from {street}, {town}. My repeat prescription hasn't arrived.",
    "my dads nhs number is {nhs}, can you check his flu jab is booked, he is {agew}",
    "{full} {dob}, hospital no {mrn}, chasing my MRI result from {date}",
)
#: The shuffle that cuts ``TEMPLATES_NEWEST`` into ``tune_newest`` and ``report_newest``: the first seed
#: from 2027 on that puts every slot kind written in two or more templates on both sides (chosen by the
#: slots alone, before any detector ran on these texts).
SEED_NEWEST = 2062
NEWEST = ("tune_newest", "report_newest")


def newest_split() -> dict[str, list[int]]:
    """``TEMPLATES_NEWEST``'s ids shuffled with ``SEED_NEWEST`` and cut in half (tune, report)."""
    ids = list(range(len(TEMPLATES_NEWEST)))
    random.Random(SEED_NEWEST).shuffle(ids)
    half = len(ids) // 2
    return {"tune_newest": sorted(ids[:half]), "report_newest": sorted(ids[half:])}


#: The sets that take all templates of one tuple.
WHOLE = {"report_later": TEMPLATES_LATER, "tune_later": TEMPLATES_TUNE_LATER, "report_final": TEMPLATES_REPORT_FINAL}
RELATIVES = ("mother", "mom", "father", "dad", "son", "daughter", "wife", "husband", "grandmother", "grandma",
             "grandson", "granddaughter", "brother", "sister", "baby", "toddler", "boyfriend", "partner")
_SLOT = re.compile(r"\{(\w+)\}")


#: Towns patients name (real ones, besides Faker's made-up ones), by the locales of ``NEWEST_LOCALES``.
REAL_TOWNS = {
    "en_GB": ("Leeds", "Croydon", "Wolverhampton", "Swindon", "Bangor", "Falkirk", "Stockport", "Harrogate"),
    "en_US": ("Scranton", "Tulsa", "Fresno", "Dayton", "Bakersfield", "Provo", "Duluth", "Savannah"),
    "en_AU": ("Geelong", "Toowoomba", "Wagga Wagga", "Ballarat", "Cairns", "Bendigo", "Mackay", "Launceston"),
    "en_IN": ("Pune", "Nagpur", "Lucknow", "Thrissur", "Indore", "Mysuru", "Guwahati", "Vijayawada"),
    "en_CA": ("Moncton", "Kelowna", "Sudbury", "Red Deer", "Saskatoon", "Barrie", "Kamloops", "Gatineau"),
}
NEWEST_LOCALES = tuple(REAL_TOWNS)


def _phone(ctx: Ctx) -> Phrase:
    """A phone number as people type it in a message: UK, US, Australian, Indian or Canadian shapes."""
    d = lambda n: "".join(str(ctx.rng.randrange(10)) for _ in range(n))  # noqa: E731
    text = ctx.pick((
        f"07{d(3)} {d(6)}", f"07{d(9)}", f"+44 7{d(3)} {d(6)}", f"0{ctx.pick('12')}{d(2)} {d(3)} {d(4)}",
        f"({ctx.rng.randrange(2, 10)}{d(2)}) {d(3)}-{d(4)}", f"{ctx.rng.randrange(2, 10)}{d(2)}-{d(3)}-{d(4)}",
        f"{ctx.rng.randrange(2, 10)}{d(2)} {d(3)} {d(4)}", f"04{d(2)} {d(3)} {d(3)}", f"04{d(8)}",
        f"+91 {ctx.pick('6789')}{d(4)} {d(5)}", f"{ctx.pick('6789')}{d(9)}", f"+1 {ctx.rng.randrange(2, 10)}{d(2)} {d(3)} {d(4)}",
    ))
    return (phi(text, "PHONE", "contact", "phone"),)


def _nhs(ctx: Ctx) -> Phrase:
    """A valid NHS number (mod-11 check digit), spaced 3-3-4 or run together."""
    while True:
        digits = [ctx.rng.randrange(10) for _ in range(9)]
        check = 11 - sum(v * (10 - i) for i, v in enumerate(digits)) % 11
        if check != 10:
            break
    s = "".join(map(str, digits)) + str(0 if check == 11 else check)
    return (phi(f"{s[:3]} {s[3:6]} {s[6:]}" if ctx.chance(0.7) else s, "HEALTHPLAN", "identifier", "nhs"),)


def _medicare(ctx: Ctx) -> Phrase:
    """An Australian Medicare card number as written on the card ("2123 45670 1") or run together."""
    s = str(ctx.rng.randrange(2, 7)) + "".join(str(ctx.rng.randrange(10)) for _ in range(9))
    return (phi(f"{s[:4]} {s[4:9]} {s[9]}" if ctx.chance(0.6) else s, "HEALTHPLAN", "identifier", "medicare"),)


def _town(ctx: Ctx) -> Phrase:
    loc = ctx.pick(NEWEST_LOCALES)
    town = ctx.pick(REAL_TOWNS[loc]) if ctx.chance(0.5) else people.ascii_fold(ctx.faker(loc).city())
    return (phi(town, "CITY", "address", "town"),)


def _street(ctx: Ctx) -> Phrase:
    street = ctx.faker(ctx.pick(NEWEST_LOCALES)).street_address().replace("\n", ", ")
    return (phi(people.ascii_fold(street), "STREET", "address", "street"),)


def _person(label: str, form: str) -> Callable[[Ctx], Phrase]:
    def make(ctx: Ctx) -> Phrase:
        first, last = people.first_last(ctx)
        text = {"full": f"{first} {last}", "surname": last}[form]
        return (phi(text, label, "person", form),)
    return make


NEWEST_SLOTS: dict[str, Callable[[Ctx], Phrase]] = {
    "full": _person("PATIENT", "full"), "last": _person("PATIENT", "surname"), "dr": _person("DOCTOR", "surname"),
    "first2": people.first_name,
    "agew": lambda ctx: (phi(number_words(ctx.rng.randrange(1, 100)), "AGE", "age", "words"),),
    "phone": _phone, "nhs": _nhs, "medicare": _medicare, "town": _town, "street": _street,
    "postcode": lambda ctx: (phi(ctx.faker("en_GB").postcode(), "ZIP", "address", "uk_postcode"),),
    "date": date_phrase, "dob": lambda ctx: date_phrase(ctx, ctx.pick(("us_slash", "dotted", "long"))),
    "mrn": lambda ctx: (phi(ctx.pick("KRMTJ") + "".join(str(ctx.rng.randrange(10)) for _ in range(7)),
                            "MEDICALRECORD", "identifier", "hospital_number"),),
}


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
        elif slot in NEWEST_SLOTS:  # only TEMPLATES_NEWEST has these: the older sets draw as before
            for seg in NEWEST_SLOTS[slot](ctx):
                if seg.is_phi:
                    spans.append(Span(len(text), len(text) + len(seg.text), seg.label, f"{seg.family}/{seg.form}"))
                text += seg.text
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
    if name in NEWEST:
        templates, ids = TEMPLATES_NEWEST, newest_split()[name]
    else:
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
    """``n`` questions from the tuning-side templates only (``tune``'s half of ``TEMPLATES``,
    ``TEMPLATES_TUNE_LATER`` for "tune_later", ``tune_newest``'s half of ``TEMPLATES_NEWEST`` for
    "tune_newest", ``tune_v5``'s half of ``TEMPLATES_V5`` for "tune_v5"), filled with their own seed:
    the texts ``bench/tagger_train.py --free`` trains the stacker on. Never a template of a
    ``report*`` set. Templates are taken in turn, so each side is used evenly by template;
    "tune_later_even" takes the even template ids of ``tune_later`` only (``tune_later@odd`` is
    then a check set whose templates no training text has)."""
    pool = [(one, TEMPLATES[t]) for t in split_templates()["tune"]] if "tune" in sides else []
    pool += [(one, t) for t in TEMPLATES_TUNE_LATER] if "tune_later" in sides else []
    # half of tune_later's templates (even ids), so that its other half (odd ids) is left to check on
    pool += [(one, t) for t in TEMPLATES_TUNE_LATER[::2]] if "tune_later_even" in sides else []
    pool += [(one, TEMPLATES_NEWEST[t]) for t in newest_split()["tune_newest"]] if "tune_newest" in sides else []
    pool += [(fill_v5, TEMPLATES_V5[t]) for t in split_v5()["tune_v5"]] if "tune_v5" in sides else []
    docs = []
    for i in range(n):
        ctx = Ctx(random.Random(f"freequery-train:{seed}:{i}"))
        filler, template = pool[i % len(pool)]
        docs.append(filler(f"free_train{seed}-{i}", template, ctx))
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
    for name in ("tune", "report", "report_later", "tune_later", "report_final", *NEWEST, *V5, *V6):
        docs = build_v5(name, args.n) if name in V5 else build_v6(name, args.n) if name in V6 else build(name, args.n)
        path = args.out / f"{name}.jsonl"
        jsonl.write(docs, path)
        labels = Counter(s.label for d in docs for s in d.spans)
        print(f"{path}: {len(docs)} texts from {len({d.meta['template_id'] for d in docs})} templates; "
              + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
