"""The fifth batch of free-text questions: ``tune_v5`` and ``report_v5`` (bench/make_freequeries.py writes them).

    python bench/make_freequeries.py     # also writes bench/out/freequeries/tune_v5.jsonl, report_v5.jsonl
    python bench/realprose_eval.py --dir bench/out/freequeries --sets tune_v5 --settings default
    python bench/realprose_eval.py --dir bench/out/freequeries --sets report_v5 --settings default   # figures only

The four earlier batches were near-perfect on their tuned halves and well below on their
held-out halves: rules learnt the templates' forms, not the families. This batch was written
before any detector change for it, from how real patient messages read, in styles the
earlier batches lack: texting in lower case without punctuation, voice-dictated messages
(numbers and dates spoken: "five five five ...", "the third of March nineteen sixty-two"),
forum posts ("26F here", "my MIL (72f)", "my 3 yo"), insurance and billing questions (member,
claim and account numbers), pharmacy refill requests (Rx numbers), school and work notes
(schools, employers, professions), caregivers writing about parents in care homes, and
Indian, Nigerian, Filipino, Australian and Irish English. Names come from 25 Faker locales
(Irish, Nigerian, Kenyan, Pakistani, Filipino ...), towns from those places, streets and
roads in prose ("out past Ennis on the N18"), Eircodes.

What counts as PHI follows the i2b2 2014 convention: every age is AGE (the number only, so
"26" of "26F"; "80s" of "in her 80s", as a decade of life is an age), dates in words are
DATE (the whole phrase), a phone number spoken in words is PHONE, an employer or school is
ORGANIZATION, a care home or hospital is HOSPITAL, a job is PROFESSION.

Templates are split, not just messages: ``SEED_V5`` shuffles the template ids and cuts them
in half, so ``report_v5`` (figures only) has no template of ``tune_v5``.
"""

from __future__ import annotations

import random
import re
from typing import Callable

from phisift.document import Document, Span
from phisift.synth.inject.numbers import MONTHS, number_words
from phisift.synth.inject.people import WORD_FIRST, ascii_fold
from phisift.synth.inject.phrase import Ctx, Phrase, lit, phi

V5 = ("tune_v5", "report_v5")
FILL_SEEDS_V5 = {"tune_v5": 51, "report_v5": 52}

TEMPLATES_V5: tuple[str, ...] = (
    # texting: lower case, little punctuation
    "hi its {first} again my {rel} {first2} still has the rash can i bring her in tmrw",
    "hey doc {dr} said to txt this number if {first}s temp goes over 39 its 39.4 now",
    "my son {first} is {age} and hes been throwing up since last nite we r in {town} which er is closest",
    "pls call me back on {phone} re my mums results shes {age} name is {full}",
    "ok so {first} fell off the trampoline at {first2}s house is a swollen wrist an emergency",
    "hi im {first} from {town} my {rel} {first2} cant stop coughing",
    "is {first} allowed to swim with grommets hes {agew}",
    # voice-dictated
    "question for doctor {dr} this is {full} date of birth {datew} I have been having headaches for two weeks period",
    "hey siri message the clinic my daughter {first} is {agew} and she has a fever of a hundred and two what should I give her",
    "this is {full} calling about my refill my number is {phonew} thank you",
    "hi it's {first} {last} my date of birth is {datew} can someone call me back at {phonew}",
    "please ring me on {phonew} its about my son {first}",
    # forum posts
    "My {age} yo son has had a barking cough for three nights, is this croup? We're in {town} and the GP can't see us till Friday.",
    "{sexage} here, been on sertraline for 6 weeks and still feel flat. Should I ask for a higher dose?",
    "My MIL ({sexage}) was just diagnosed with AFib and refuses blood thinners. Any advice on how to talk to her?",
    "Throwaway because my sister {first} reads this sub. I'm {sexage} and found a lump in my armpit last week.",
    "Update on my dad ({sexage}): the biopsy came back benign!! Dr {dr} at {hospital} was amazing.",
    "Has anyone seen Dr. {drfull} in {town}? My husband is {agew} and needs a knee replacement.",
    "my little one {first} (turns {agew} next month) still isn't talking much, should I be worried",
    "Mum is in her {decade} and keeps forgetting her tablets. She lives alone on {street} in {town}.",
    "Any docs here? My bf ({sexage}) gets chest pain after the gym, I'm {sexage2}, we live near {town}.",
    "posted by {username}: my {age} year old keeps waking at 3am screaming, night terrors?",
    # insurance and billing
    "I got a bill for $340 from my visit on {date} but my insurance should have covered it. Member ID {member}.",
    "Hello, my claim number is {claim} for {full}'s physio in {month}. Why was it denied?",
    "Can you update my policy? New address is {street}, {town} {zip}. Member number {member}.",
    "billing question - account {account} - I already paid this on {date} by card, please check",
    "My husband {full} (DOB {dob}) was added to my plan through {employer}, but the pharmacy says he's not covered.",
    # pharmacy refills
    "Refill request: {full}, DOB {dob}, Rx #{rx}, lisinopril 10mg. Please send to the pharmacy on {street}.",
    "can i get my inhaler refilled pls, {last} {first}, born {dob}, same chemist as before",
    "Need a repeat of mum's warfarin, she's {full}, {age}, lives at {carehome}.",
    # school and work notes
    "Could I get a note for school? {first} was off from {datew} to {datew2} with the flu. She's in year 4 at {school}.",
    "I need a fit note for work, I'm a {profession} at {employer} and can't lift since the surgery.",
    "My employer {employer} wants a letter saying I can return to work on {date}. Name: {full}.",
    "Hi, {first}'s teacher at {school} says he needs a form signed for his EpiPen, he's {agew}.",
    "I work nights as a {profession} in {town}, is it safe to take melatonin?",
    "hello it's {first}. lost my job at {employer} and my insurance ends {date}. can I still get my meds?",
    "Reaching out about my employee {full}, he fainted at work today at {employer}, he's {age}.",
    # caregivers, care homes
    "Dad ({full}) is at {carehome} in {town} and the staff say he's not eating. He's {agew}. Can Dr {dr} review his meds?",
    "I'm the carer for my aunt {first}, she's {age}, just moved into {carehome} - how do we transfer her records?",
    "Nan is in her {decade}, room 12 at {carehome}, and the nurses say her ankles are really swollen.",
    "Family of {full} here: she's {age} and at {hospital}, who do we talk to about discharge?",
    # Indian English
    "Respected sir, my father {full} aged {age} years is having sugar issue since {monthyear}. Kindly advise.",
    "Doctor sahab, my wife {first} is having loose motions from yesterday, we are staying at {street}, {town}. Please revert.",
    "Good evening madam, my mother-in-law Mrs. {last} is {age} years old and her BP is 170/100, kindly do the needful.",
    # Nigerian English
    "Good morning doctor, please my brother {first} is down with malaria, he is {age} years, we are in {town}. Should we come?",
    "Ma, my daughter {full} has been having catarrh since {datew}. Abeg call me on {phone}.",
    # Filipino English
    "Good pm po doc, my lola {first} is {age} na and she has cough for 1 week already, we are from {town}.",
    "Hello doc, ask ko lang po if ok to give paracetamol to my baby {first}, {age} months old.",
    # Australian English
    "G'day, my missus {first} reckons her mole's changed, can Dr {dr} have a squiz? We're out at {town}, about an hour from the clinic.",
    "Hi, ringing on behalf of my old man, {full}, he's {agew}, he had a fall at home on {street}.",
    # Irish English
    "Hiya, my mam {first} is after having a fall, she's {agew}, we're out past {town} on the {road}. Would the GP call out?",
    "It's {full} here, DOB {dob}, looking for my bloods from the {datew}, my Eircode is {eircode}.",
    # phones, dates, contacts
    "call my daughter {full} on {phone} after 5, shes looking after me now, im {age}",
    "My last period was on {datew} and I've had spotting since, is that normal at {age}?",
    "You can email me at {email} instead, my name is {full} and my son {first} is your patient.",
    "{full} and {full2} are my twins, both {age}, both have nits again",
    "Dear Dr {dr}, I'm writing on behalf of my neighbour {full}, {age}, who doesn't speak English well.",
    "our address changed to {street}, {town}, {postcode} - please update it for {full}",
    "My grandad turned {agew} on {datew} and since then he's been confused. He lives in {town}.",
    "can you move my appointment, it's with dr {dr} on {datew} - {first} {last}\nSent from my iPhone",
    "We moved from {town} to {town2} in {monthyear}, do I need to register {first} with a new GP?",
    "my {rel} {first} is in her {decade} and on 9 tablets a day, can the pharmacist check them",
)

#: The shuffle that cuts ``TEMPLATES_V5`` into ``tune_v5`` and ``report_v5``: the first seed from 2100 on
#: that puts every slot kind written in two or more templates on both sides (chosen by the slots alone,
#: before any detector ran on these texts).
SEED_V5 = 2144

RELATIVES_V5 = ("mum", "mam", "mom", "dad", "son", "daughter", "nan", "grandad", "lola", "lolo", "wife", "husband",
                "brother", "sister", "aunt", "uncle", "cousin", "baby", "niece", "nephew", "stepson", "partner")
#: Locales whose names and towns the earlier batches barely drew (Irish, West and East African, South Asian ...).
V5_LOCALES = ("en_US", "en_GB", "en_IE", "ga_IE", "en_NG", "yo_NG", "ig_NG", "ha_NG", "en_IN", "en_PK", "en_KE",
              "sw", "zu_ZA", "en_AU", "en_NZ", "es_MX", "pt_BR", "vi_VN", "pl_PL", "ro_RO", "hu_HU", "de_AT",
              "it_IT", "id_ID", "tr_TR")
#: Filipino given names and surnames (Faker's en_PH gives American ones).
FILIPINO_FIRST = ("Maricel", "Jhun", "Rowena", "Jomar", "Lorna", "Marites", "Rodel", "Jennelyn", "Bong", "Analyn",
                  "Ramil", "Divina", "Jayson", "Cherry", "Marlon", "Lhen")
FILIPINO_LAST = ("Dela Cruz", "Bautista", "Macapagal", "Villanueva", "Manalo", "Dizon", "Sison", "Tolentino",
                 "Agustin", "Pangilinan", "Mercado", "Lacson")
#: Real towns in the places these messages come from (the earlier batches drew other ones).
V5_TOWNS = (
    "Ennis", "Tullamore", "Ballina", "Navan", "Dungarvan", "Letterkenny", "Mullingar", "Skibbereen",
    "Ibadan", "Enugu", "Abeokuta", "Onitsha", "Kaduna", "Ilorin", "Owerri", "Jos",
    "Cebu", "Iloilo", "Davao", "Bacolod", "Tagum", "Marikina", "Dumaguete", "Baguio",
    "Tauranga", "Whanganui", "Timaru", "Napier", "Dubbo", "Mildura", "Bundaberg", "Shepparton",
    "Eldoret", "Kisumu", "Nakuru", "Coimbatore", "Ludhiana", "Bhopal", "Rawalpindi", "Multan",
    "Kalamazoo", "Poughkeepsie", "Muncie", "Joplin", "Millbrook", "Yakima", "Tupelo", "Keokuk",
)
ROADS = ("N17", "N18", "R336", "Route 9", "route 66", "Old Mill Road", "Bruce Highway", "the bypass road")
PROFESSIONS = ("forklift driver", "nurse", "primary school teacher", "electrician", "call centre agent", "bus driver",
               "software developer", "hairdresser", "chef", "warehouse picker", "carpenter", "security guard",
               "cleaner", "care assistant", "plumber", "paramedic", "cashier", "farmer")
EMPLOYER_FORMS = ("{last} Logistics", "{town} County Council", "{last} & Sons", "{last} Engineering Ltd",
                  "Tesco", "Amazon", "Walmart", "{town} Credit Union", "{last} Dental", "Dunnes Stores")
CAREHOME_FORMS = ("Sunrise Manor", "{last} House", "Oakwood Nursing Home", "St. {saint}'s Care Home",
                  "{town} Lodge", "Brookfield Care Centre", "{last} Court Nursing Home", "Maple Grove Assisted Living")
HOSPITAL_FORMS = ("{town} General", "St. {saint}'s Hospital", "{town} University Hospital", "Mater Hospital",
                  "{last} Memorial Hospital", "the {town} Regional")
SCHOOL_FORMS = ("{last} Elementary", "St. {saint}'s National School", "{town} High School", "Scoil {saint}",
                "{town} Primary", "{last} Middle School")
SAINTS = ("Brigid", "Patrick", "Joseph", "Mary", "Anne", "Columba", "Kevin", "Bernadette", "Jude", "Teresa")
DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third",
            "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh", "twenty-eighth")
_SLOT = re.compile(r"\{(\w+?)\d?\}")
_SLOT_FULL = re.compile(r"\{(\w+)\}")


def digits(ctx: Ctx, n: int) -> str:
    """``n`` random decimal digits."""
    return "".join(str(ctx.rng.randrange(10)) for _ in range(n))


def first_last_v5(ctx: Ctx) -> tuple[str, str]:
    """A given name and surname from ``V5_LOCALES`` (or Filipino), accents folded half of the time."""
    if ctx.chance(0.08):
        return ctx.pick(FILIPINO_FIRST), ctx.pick(FILIPINO_LAST)
    loc = ctx.pick(V5_LOCALES)
    first, last = ctx.faker(loc).first_name(), ctx.faker(loc).last_name()
    if ctx.chance(0.1):
        first = ctx.pick(WORD_FIRST)
    if ctx.chance(0.5):
        first, last = ascii_fold(first), ascii_fold(last)
    return first.replace("’", "'").split(" ")[0], last.replace("’", "'")


def _town_name(ctx: Ctx) -> str:
    if ctx.chance(0.6):
        return ctx.pick(V5_TOWNS)
    return ascii_fold(ctx.faker(ctx.pick(("en_IE", "zu_ZA", "de_AT", "id_ID", "hu_HU", "it_IT", "ro_RO"))).city())


def _fill_form(ctx: Ctx, forms: tuple[str, ...]) -> str:
    return ctx.pick(forms).format(last=first_last_v5(ctx)[1], town=_town_name(ctx), saint=ctx.pick(SAINTS))


def _sexage(ctx: Ctx) -> Phrase:
    """A forum-style age and sex: "26F", "26 f", "M72", "72f" (the number only is AGE)."""
    n, sex = str(ctx.rng.randrange(16, 95)), ctx.pick("FMfm")
    form = ctx.rng.randrange(4)
    if form == 0:
        return (phi(n, "AGE", "age", "sexage"), lit(sex))
    if form == 1:
        return (phi(n, "AGE", "age", "sexage"), lit(f" {sex}"))
    if form == 2:
        return (lit(sex), phi(n, "AGE", "age", "sexage"))
    return (phi(n, "AGE", "age", "sexage"), lit(f"{sex.lower()}"))


def _phone_words(ctx: Ctx) -> Phrase:
    """A phone number spoken: "oh seven seven one two ...", "five five five, two one two, ..."."""
    groups = ctx.pick(((3, 3, 4), (5, 6), (4, 3, 3), (3, 4)))
    words = []
    for size in groups:
        group = [ctx.pick(DIGIT_WORDS) for _ in range(size)]
        if ctx.chance(0.3):
            group = ["oh" if w == "zero" else w for w in group]
        words.append(" ".join(group))
    text = ctx.pick((", ", " ")).join(words)
    return (phi(text, "PHONE", "contact", "phone_words"),)


def _phone(ctx: Ctx) -> Phrase:
    """Phones in Irish, Nigerian, Filipino, Kenyan and US shapes."""
    text = ctx.pick((f"08{ctx.pick('3567')} {digits(ctx, 3)} {digits(ctx, 4)}", f"+353 8{ctx.pick('3567')} {digits(ctx, 7)}",
                     f"080{digits(ctx, 8)}", f"+234 80{digits(ctx, 1)} {digits(ctx, 3)} {digits(ctx, 4)}",
                     f"09{digits(ctx, 2)} {digits(ctx, 3)} {digits(ctx, 4)}", f"+63 9{digits(ctx, 9)}",
                     f"07{digits(ctx, 2)} {digits(ctx, 6)}", f"{ctx.rng.randrange(2, 10)}{digits(ctx, 2)}.{digits(ctx, 3)}.{digits(ctx, 4)}"))
    return (phi(text, "PHONE", "contact", "phone"),)


def _date_words(ctx: Ctx) -> Phrase:
    """A date in words: "the third of March", "March 3rd", "June twenty-first", "the 3rd of march 1962"."""
    day, month = ctx.rng.randrange(1, 29), ctx.pick(MONTHS)
    year = ctx.rng.randrange(1935, 2025)
    form = ctx.rng.randrange(5)
    if form == 0:
        text = f"the {ORDINALS[day - 1]} of {month}"
    elif form == 1:
        text = f"{month} {ORDINALS[day - 1]}"
    elif form == 2:
        suffix = "th" if 10 <= day <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        text = f"{day}{suffix} of {month.lower()} {year}"
    elif form == 3:
        hundreds, rest = divmod(year, 100)
        text = f"{month} {ORDINALS[day - 1]} {number_words(hundreds)} {number_words(rest) if rest else 'hundred'}"
    else:
        text = f"{ORDINALS[day - 1]} {month}"
    return (phi(text, "DATE", "date", "words"),)


def _date(ctx: Ctx) -> Phrase:
    day, month, year = ctx.rng.randrange(1, 29), ctx.rng.randrange(1, 13), ctx.rng.randrange(2015, 2027)
    text = ctx.pick((f"{day}/{month}/{year}", f"{MONTHS[month - 1][:3]} {day}", f"{day} {MONTHS[month - 1]}",
                     f"{month}-{day}-{year % 100:02d}", f"{MONTHS[month - 1]} {day}th"))
    return (phi(text, "DATE", "date", "digits"),)


def _dob(ctx: Ctx) -> Phrase:
    day, month, year = ctx.rng.randrange(1, 29), ctx.rng.randrange(1, 13), ctx.rng.randrange(1930, 2024)
    text = ctx.pick((f"{day:02d}/{month:02d}/{year}", f"{month}/{day}/{year % 100:02d}", f"{day}.{month}.{year}",
                     f"{day} {MONTHS[month - 1][:3]} {year}", f"{year}-{month:02d}-{day:02d}"))
    return (phi(text, "DATE", "date", "dob"),)


def _person(label: str, form: str) -> Callable[[Ctx], Phrase]:
    def make(ctx: Ctx) -> Phrase:
        first, last = first_last_v5(ctx)
        text = {"full": f"{first} {last}", "surname": last, "first": first}[form]
        return (phi(text, label, "person", form if form != "first" else "bare_first"),)
    return make


def _street(ctx: Ctx) -> Phrase:
    if ctx.chance(0.5):
        loc = ctx.pick(("en_IE", "en_AU", "en_NZ", "en_US", "en_GB", "en_KE", "de_AT", "it_IT"))
        text = ascii_fold(ctx.faker(loc).street_address().replace("\n", ", "))
    else:
        text = (f"{ctx.rng.randrange(1, 300)} " if ctx.chance(0.6) else "") + ctx.pick(
            ("Church Road", "Ballycasey Ave", "Oduduwa Crescent", "Rizal Street", "Kenyatta Avenue",
             "Station Rd", "Cherry Lane", "Main Street", "Orchard Grove", "Mabini St."))
    return (phi(text, "STREET", "address", "street"),)


def _agev(ctx: Ctx, lo: int = 1, hi: int = 100) -> Phrase:
    return (phi(str(ctx.rng.randrange(lo, hi)), "AGE", "age", "bare_digits"),)


SLOTS_V5: dict[str, Callable[[Ctx], Phrase]] = {
    "first": _person("PATIENT", "first"), "full": _person("PATIENT", "full"), "last": _person("PATIENT", "surname"),
    "dr": _person("DOCTOR", "surname"), "drfull": _person("DOCTOR", "full"),
    "age": _agev, "agew": lambda ctx: (phi(number_words(ctx.rng.randrange(1, 100)), "AGE", "age", "words"),),
    "decade": lambda ctx: (phi(f"{ctx.rng.randrange(2, 10)}0s", "AGE", "age", "decade"),),
    "sexage": _sexage, "phone": _phone, "phonew": _phone_words,
    "datew": _date_words, "date": _date, "dob": _dob,
    "month": lambda ctx: (phi(ctx.pick(MONTHS), "DATE", "date", "month"),),
    "monthyear": lambda ctx: (phi(f"{ctx.pick(MONTHS)} {ctx.rng.randrange(2010, 2027)}", "DATE", "date", "month_year"),),
    "town": lambda ctx: (phi(_town_name(ctx), "CITY", "address", "town"),),
    "street": _street, "road": lambda ctx: (phi(ctx.pick(ROADS), "STREET", "address", "road"),),
    "zip": lambda ctx: (phi(digits(ctx, 5), "ZIP", "address", "zip"),),
    "postcode": lambda ctx: (phi(ctx.faker("en_GB").postcode(), "ZIP", "address", "uk_postcode"),),
    "eircode": lambda ctx: (phi(f"{ctx.pick('ADFHKNPRTVWXY')}{digits(ctx, 2)} {ctx.pick('ACDEFHKNPRTVWXY')}"
                                f"{digits(ctx, 1)}{ctx.pick('ACDEFHKNPRTVWXY')}{digits(ctx, 1)}", "ZIP", "address", "eircode"),),
    "member": lambda ctx: (phi(ctx.pick(("W", "XGH", "MBR", "ZX")) + digits(ctx, 9), "HEALTHPLAN", "identifier", "member"),),
    "claim": lambda ctx: (phi(f"CLM-{ctx.rng.randrange(2019, 2027)}-{digits(ctx, 6)}", "IDNUM", "identifier", "claim"),),
    "account": lambda ctx: (phi(digits(ctx, ctx.pick((8, 10))), "ACCOUNT", "identifier", "account"),),
    "rx": lambda ctx: (phi(digits(ctx, 7), "IDNUM", "identifier", "rx"),),
    "email": lambda ctx: (phi(f"{first_last_v5(ctx)[0].lower()}.{ctx.rng.randrange(10, 99)}@"
                              f"{ctx.pick(('gmail.com', 'yahoo.co.uk', 'outlook.com', 'eircom.net'))}", "EMAIL", "contact", "email"),),
    "username": lambda ctx: (phi(f"{first_last_v5(ctx)[0].lower()}_{ctx.pick(('mum', 'x', 'm'))}{ctx.rng.randrange(80, 99)}",
                                 "USERNAME", "person", "username"),),
    "profession": lambda ctx: (phi(ctx.pick(PROFESSIONS), "PROFESSION", "profession", "job"),),
    "employer": lambda ctx: (phi(_fill_form(ctx, EMPLOYER_FORMS), "ORGANIZATION", "institution", "employer"),),
    "school": lambda ctx: (phi(_fill_form(ctx, SCHOOL_FORMS), "ORGANIZATION", "institution", "school"),),
    "carehome": lambda ctx: (phi(_fill_form(ctx, CAREHOME_FORMS), "HOSPITAL", "institution", "care_home"),),
    "hospital": lambda ctx: (phi(_fill_form(ctx, HOSPITAL_FORMS), "HOSPITAL", "institution", "hospital"),),
}


def slot_kinds(template: str) -> set[str]:
    return {m.group(1) for m in _SLOT.finditer(template)}


def split_ids(count: int, seed: int, names: tuple[str, str]) -> dict[str, list[int]]:
    """Template ids ``0 .. count-1`` shuffled with ``seed`` and cut in half: ``names`` (tune, report)."""
    ids = list(range(count))
    random.Random(seed).shuffle(ids)
    half = len(ids) // 2
    return {names[0]: sorted(ids[:half]), names[1]: sorted(ids[half:])}


def split_v5() -> dict[str, list[int]]:
    """``TEMPLATES_V5``'s ids shuffled with ``SEED_V5`` and cut in half (tune, report)."""
    return split_ids(len(TEMPLATES_V5), SEED_V5, V5)


def fill(doc_id: str, template: str, ctx: Ctx) -> Document:
    """The template filled from ``SLOTS_V5`` ("{first2}" is a second draw of "first"); 30% lower-cased."""
    text, spans, pos = "", [], 0
    for m in _SLOT_FULL.finditer(template):
        text += template[pos : m.start()]
        slot = m.group(1).rstrip("0123456789")
        if slot == "rel":
            text += ctx.pick(RELATIVES_V5)
        else:
            for seg in SLOTS_V5[slot](ctx):
                if seg.is_phi:
                    spans.append(Span(len(text), len(text) + len(seg.text), seg.label, f"{seg.family}/{seg.form}"))
                text += seg.text
        pos = m.end()
    text += template[pos:]
    lower = ctx.chance(0.3)
    return Document(doc_id, text.lower() if lower else text, tuple(spans), {"case": "lower" if lower else "as_written"})


def build_batch(name: str, n: int, ids: list[int], fill_seed: int, templates: tuple[str, ...],
                fill_one: Callable[[str, str, Ctx], Document]) -> list[Document]:
    """``n`` documents of set ``name``: each a template of ``ids`` filled with its own seeded draw."""
    docs = []
    for i in range(n):
        ctx = Ctx(random.Random(f"freequery:{fill_seed}:{i}"))
        t = ctx.pick(ids)
        doc = fill_one(f"free_{name}-{i}", templates[t], ctx)
        docs.append(Document(doc.id, doc.text, doc.spans, {**doc.meta, "template_id": t, "neutral": []}))
    return docs


def build_v5(name: str, n: int) -> list[Document]:
    return build_batch(name, n, split_v5()[name], FILL_SEEDS_V5[name], TEMPLATES_V5, fill)
