"""The sixth batch of free-text questions: ``tune_v6`` and ``report_v6`` (bench/make_freequeries.py writes them).

    python bench/make_freequeries.py     # also writes bench/out/freequeries/tune_v6.jsonl, report_v6.jsonl
    python bench/realprose_eval.py --dir bench/out/freequeries --sets tune_v6 --settings default
    python bench/realprose_eval.py --dir bench/out/freequeries --sets report_v6 --settings default   # figures only

Written on main 9170c56 before any detector change for it, from how people write to a
clinic (not from phisift's rules), in styles the five earlier batches lack: patient-portal
messages, symptom-checker and telehealth intake answers, pharmacy and insurance questions,
caregivers writing about a relative, nurse-line calls written down, and messages whose
person details sit mid-sentence ("my mother who is 82 and lives in Tampere with my brother
Jussi"). A share of the texts are lower case with the punctuation dropped, a share carry
keyboard slips in ordinary words and in names; names come from 28 Faker locales plus
romanised East Asian, Arabic and West African names and given names that are common
words (Faith, Sunny, Major, Precious); towns include ones that are words (Reading, Bath,
Mobile); employers and schools are inline; ages and dates are also written in words; phone
numbers in 20+ national shapes; member, policy, Medicare (US MBI), OHIP, MRN, Rx, claim,
case and account numbers in many forms.

What counts as PHI follows the i2b2 2014 convention, as in the fifth batch: the number of
an age only ("82", "eighty-two"), dates in words whole, an employer, school or pharmacy is
ORGANIZATION, a hospital, clinic or care home HOSPITAL, a nurse or doctor DOCTOR, a job
PROFESSION, a country COUNTRY.

Templates are split, not just messages: ``SEED_V6`` shuffles the template ids and cuts them
in half, so ``report_v6`` (figures only) has no template of ``tune_v6``.
"""

from __future__ import annotations

import re
from typing import Callable

from phisift.document import Document, Span
from phisift.synth.inject.numbers import MONTHS, number_words
from phisift.synth.inject.people import ascii_fold, typo
from phisift.synth.inject.phrase import Ctx, Phrase, lit, phi

from freequeries_v5 import build_batch, digits, split_ids  # the fifth batch's draw helpers

V6 = ("tune_v6", "report_v6")
FILL_SEEDS_V6 = {"tune_v6": 61, "report_v6": 62}

TEMPLATES_V6: tuple[str, ...] = (
    # patient portal messages
    "Hi Dr. {dr}, this is {full}. I had my labs drawn on {date} and I see the results in the portal but I don't understand the A1c. Can you explain?",
    "Subject: refill\n\nHello, I'm out of my metformin. Please send it to {pharmacy}. Thanks, {first}",
    "Dear care team, I am writing on behalf of my father {full} (DOB {dob}). He was discharged from {hospital} on {date} and has not heard about physio.",
    "Message for {nurse}: the swelling in my leg is worse since yesterday. You can reach me at {phone}. {full}",
    "Hello, my name is {full} and my MRN is {mrn}. Could someone resend the after visit summary from {datew}?",
    "Hi there - I moved and my new address is {street}, {town} {zip}. Please update my chart. {first} {last}",
    "Good morning, I had a telehealth visit with {drfull} last week and was told to follow up in two weeks. Is {date} available?",
    "hello i cant log in to the portal my username is {username} and my email is {email}",
    # symptom-checker and telehealth intake
    "Reason for visit: sore throat and fever x 3 days. Patient name: {full}. Age: {age}. Preferred pharmacy: {pharmacy}, {town}.",
    "Who is this visit for? My child. Child's name: {first} {last}. Child's age: {agew}. Symptoms: rash on both arms",
    "Describe your symptoms: I'm {age} and have had a migraine since {datew}, nothing helps. I work as a {profession} and stare at screens all day",
    "Telehealth intake - name {full} - dob {dob} - callback {phone} - location during visit: {town}, {country}",
    "In your own words, what brings you in today? my husband {first} says I snore and stop breathing, im {age} and a {profession}",
    "Current location (required for telehealth): {street}, {town}. Emergency contact: {full2}, {phone}",
    # pharmacy
    "Hi, is my prescription ready? Rx number {rx}, name {last}, {first}. I'll pick up at the {town} location.",
    "pharmacist question my mom {first} takes warfarin can she have turmeric shes {age}",
    "I picked up my son {first}'s amoxicillin yesterday from {pharmacy} but the label says a different dose than the doctor told us",
    "Can I transfer my prescriptions from {pharmacy} to you? My date of birth is {dob} and my phone is {phone}.",
    "this is {full} the pharmacy says my insurance wont cover the ozempic anymore what do i do my member id is {member}",
    # insurance
    "My insurance changed on {date}. New policy number {policy}, group {group}. Please bill them for {first}'s visit.",
    "I got an EOB saying claim {claim} was denied for my daughter {full}. She is {age}. Why?",
    "Hello, my Medicare number is {mbi} and I need to know if the shingles shot is covered",
    "Our OHIP number is {ohip} and we just moved to {town} from {town2}, can my son {first} still see Dr. {dr}?",
    "billing dept: account no {account} belongs to {full} who passed away on {date}, please stop sending statements to {street}",
    "The last four of my social are {ssnlast} and my DOB is {dob}, can you tell me why my claim was rejected?",
    # caregivers about a relative
    "My mother {full} is {agew} and lives with me in {town}. Since she started the new blood pressure pill she's been dizzy.",
    "I look after my grandfather, he's {age} and has dementia. His name is {first} {last}. He wandered off last night and was found on {street}.",
    "writing for my brother {first} who has autism he is {age} and wont let anyone check his ear",
    "My aunt {first} is at {carehome} and the staff there told me her sodium is low. I'm her health care proxy, can you call me on {phone}?",
    "Mom ({full}, {agew}) keeps calling me at night confused. She lives alone in {town}. Is this a UTI thing?",
    "Can I book an appointment for my dad? He's {full}, born {datew}, and he doesn't use email.",
    "my sister {first2} and i take turns caring for our dad {first} in {town} and we both want access to his records",
    # nurse line notes
    "Caller is {full}, {age}, calling from {town} re: chest tightness since this morning. Advised ER. Callback {phone}.",
    "Nurse line: mother called about {first} ({agemo} months) with fever 39.2, drinking ok. Spoke with {nurse}.",
    "{nurse} here from the nurse line, I spoke with {full} at {phone}, she is {age} and has had vomiting since {date}",
    "pt {last}, {first} called at 3pm, says the incision from {hospital} is red and warm, pt is {age} yo",
    # person details mid-sentence
    "so my mother who is {age} and lives in {town} with my brother {first} has started falling and I don't know who to call",
    "Is it normal that my son, who turned {agew} on {datew} and is in {grade} at {school}, still has night terrors?",
    "I have a question about my wife {first} whose doctor at {hospital} put her on prednisone, is she allowed to get the flu shot",
    "my neighbour {full} who is {agew} and lives at {street} fell today and her daughter {first2} asked me to write",
    "My partner and I (both {age}) are trying for a baby and he works at {employer} with solvents, is that a risk?",
    "We were visiting my in-laws in {town}, {country} when my daughter {first} got sick and saw a doctor there",
    "last week while {first} was at his dad's place on {street} he got a tick bite, should we worry about lyme",
    # lower case, no punctuation
    "hi my name is {first} im {age} and i think i have a uti can i get antibiotics without coming in",
    "my grandson {first} {last} is {age} and has had diarreah for 3 days should we bring him in",
    "can u call {first} back on {phone} she needs to talk to someone about her test",
    "doctor {dr} said to message if the pain came back its back now im in {town} this week",
    "is {first} due for her shots shes {agew} months we moved here from {country}",
    "i work at {employer} and my boss {full2} needs a note saying i was sick on {date}",
    # typos, relatives with names that are words
    "my daugter {first} has had a stomache ache since yesterday and she threw up twice, should I be worried",
    "Hi, I'm writting about my husbands apointment with Dr {dr} on {date}, he cant make it",
    "My grandma {first} turns {agew} next week and her legs have been swelling up alot",
    # employers and places inline
    "I'm a {profession} at {employer} in {town} and keep getting nosebleeds at work, could it be the air?",
    "Our school nurse at {school} sent {first} home with pink eye, she is {age}, can she go back tomorrow",
    "I had a fall at work at {employer} on {date} and workers comp needs a form from you. Claim {claim}.",
    "{full} here, I teach at {school} and lost my voice, can I get a note for {date} to {date2}?",
    # ages, dates in words
    "My son is {agew} and a half and still sucks his thumb, we saw Dr {dr} about it on {datew}",
    "I had my baby on {datew} and I still have bleeding, is that normal? I'm {agew}",
    "My father is {agew} years old, born in {town} in {year}, and needs a copy of his vaccination record",
    # many locales, nurse and doctor names
    "Bonjour, I am {full} from {town}. I need a letter in English for my travel insurance, my policy is {policy}.",
    "Hallo, my name is {full}, I am visiting from {country} and have an ear infection, where can I see a doctor near {street}?",
    "Hola, mi hijo {first} tiene fiebre. He is {age}. Our phone is {phone}.",
    "hi its {first} from the night shift at {hospital} my supervisor {full2} said I need a TB test before {date}",
    "Please send the report to Dr. {drfull} at {clinic}, fax {phone}. Patient: {full}, DOB {dob}.",
    "Case number {case} - my son {full} was seen at {hospital} on {datew} after a fall at {school}",
    "My wife {first} and I ({age} and {age2}) both need the RSV shot, we live at {street}, {town} {postcode}",
)

#: The shuffle that cuts ``TEMPLATES_V6`` into ``tune_v6`` and ``report_v6``: the first seed from 2200 on
#: that puts every slot kind written in two or more templates on both sides (chosen by the slots alone,
#: before any detector ran on these texts; see ``choose_seed``).
SEED_V6 = 2232

#: Locales the names come from (Latin script), mostly ones the earlier batches drew little or not at all.
V6_LOCALES = ("en_US", "en_GB", "en_CA", "en_NZ", "fr_FR", "fr_CA", "fr_BE", "de_DE", "de_CH", "es_ES", "es_AR",
              "es_CO", "es_CL", "pt_PT", "pt_BR", "nl_NL", "nl_BE", "sv_SE", "no_NO", "da_DK", "fi_FI", "is_IS",
              "et_EE", "lt_LT", "lv_LV", "sk_SK", "sl_SI", "hr_HR", "cs_CZ", "az_AZ", "tw_GH", "en_TH")
#: Romanised names Faker writes only in other scripts (Chinese, Korean, Japanese, Arabic, Persian, Somali ...).
ROMANISED = (("Wei", "Zhang"), ("Xiaoling", "Chen"), ("Jun", "Liu"), ("Mei", "Huang"), ("Ji-woo", "Park"),
             ("Seo-yeon", "Kim"), ("Min-jun", "Choi"), ("Haruto", "Sato"), ("Yui", "Takahashi"), ("Kenji", "Watanabe"),
             ("Mohammed", "Al-Farsi"), ("Fatima", "Haddad"), ("Omar", "Abdullah"), ("Layla", "Nasser"),
             ("Reza", "Tehrani"), ("Shirin", "Moradi"), ("Abdi", "Warsame"), ("Hodan", "Farah"),
             ("Thanh", "Nguyen"), ("Anh", "Tran"), ("Oluwaseun", "Adeyemi"), ("Chidinma", "Okafor"))
#: Given names that are common English words (besides people.WORD_FIRST, which the earlier batches drew).
WORD_NAMES = ("Faith", "Sunny", "Major", "Precious", "Blessing", "Patience", "Justice", "King", "Brooke", "Rocky",
              "Angel", "Star", "Sky", "River", "Forest", "Storm", "Honey", "Cherry", "Candy", "Misty", "Royal",
              "Lucky", "Dusty", "Sage", "Rose", "Jack", "Bob", "Pat", "Sue", "Ray", "Gene", "Guy", "Don", "Nick")
#: Real towns, some of them common words, from places the earlier batches drew little.
V6_TOWNS = ("Reading", "Bath", "Mobile", "Normal", "Hope", "Tampere", "Utrecht", "Lyon", "Porto", "Cluj", "Brno",
            "Izmir", "Da Nang", "Medellin", "Guadalajara", "Curitiba", "Hamilton", "Regina", "Halifax", "Wollongong",
            "Rotorua", "Galway", "Limerick", "Inverness", "Aberdeen", "Derby", "Boise", "Spokane", "Chattanooga",
            "Lubbock", "Durban", "Kumasi", "Mombasa", "Kochi", "Surabaya", "Penang", "Trondheim", "Aarhus",
            "Gdansk", "Rosario", "Valparaiso", "Sherbrooke", "Liege", "Bergen", "Tartu", "Kaunas")
COUNTRIES = ("France", "Portugal", "Germany", "Colombia", "Argentina", "Chile", "Norway", "Iceland", "Estonia",
             "Lithuania", "Ghana", "Somalia", "the Philippines", "Vietnam", "South Korea", "Japan", "Lebanon",
             "Iran", "Slovenia", "Croatia", "the Czech Republic", "Azerbaijan", "Trinidad and Tobago", "Belgium")
PROFESSIONS = ("dental hygienist", "welder", "flight attendant", "barista", "truck driver", "accountant",
               "veterinary nurse", "line cook", "roofer", "pharmacy tech", "kindergarten teacher", "lab technician",
               "delivery driver", "social worker", "mechanic", "graphic designer", "nanny", "firefighter")
EMPLOYER_FORMS = ("{last} Construction", "the {town} Walmart", "{last} & Partners", "City of {town}",
                  "{town} School District", "{last} Auto Body", "Costco", "UPS", "{last} Foods", "{town} Fire Department",
                  "the Amazon warehouse in {town}", "{last} Veterinary Clinic")
PHARMACY_FORMS = ("{last} Pharmacy", "{town} Chemist", "{last}'s Drug Store", "the CVS on {street}",
                  "Walgreens on {street}", "{town} Family Pharmacy")
HOSPITAL_FORMS = ("{town} General Hospital", "St. {saint}'s", "{last} Memorial", "{town} Children's Hospital",
                  "{town} Regional Medical Center", "Mount {saint} Hospital")
CLINIC_FORMS = ("{town} Family Practice", "{last} Medical Group", "{town} Urgent Care", "the {last} Clinic")
CAREHOME_FORMS = ("{last} Gardens", "Willow Creek Senior Living", "{town} Care Home", "St. {saint}'s Residence",
                  "Pine Ridge Nursing Center")
SCHOOL_FORMS = ("{last} Elementary School", "{town} Middle School", "St. {saint}'s Primary", "{town} High",
                "{last} Academy", "{town} Community College")
SAINTS = ("Luke", "Vincent", "Clare", "Michael", "Francis", "Elizabeth", "Catherine", "Andrew", "Monica", "Agnes")
GRADES = ("kindergarten", "first grade", "year 2", "grade 4", "5th grade", "primary 3")
STREETS = ("elm st", "5th Ave", "Rue des Lilas", "Calle Mayor 12", "Kingsway", "Harbour Road", "Birch Close",
           "Maple Drive", "Via Roma 8", "Storgatan 4", "Long Lane", "Mill Street", "the corner of 3rd and Pine")
_SLOT = re.compile(r"\{(\w+)\}")
_PUNCT = re.compile(r"[.,?!:;()'\"-]")


def first_last_v6(ctx: Ctx) -> tuple[str, str]:
    """A given name and surname: romanised (10%), a word-like given name (12%), else a Faker locale."""
    if ctx.chance(0.1):
        first, last = ctx.pick(ROMANISED)
    else:
        loc = ctx.pick(V6_LOCALES)
        first, last = ctx.faker(loc).first_name(), ctx.faker(loc).last_name()
        if ctx.chance(0.12):
            first = ctx.pick(WORD_NAMES)
        if ctx.chance(0.5):
            first, last = ascii_fold(first), ascii_fold(last)
    return first.replace("’", "'").split(" ")[0], last.replace("’", "'").split("\n")[0]


def _town_name(ctx: Ctx) -> str:
    if ctx.chance(0.6):
        return ctx.pick(V6_TOWNS)
    loc = ctx.pick(("fr_FR", "es_ES", "pt_PT", "nl_NL", "sv_SE", "da_DK", "fi_FI", "en_CA", "en_NZ", "es_CO"))
    return ascii_fold(ctx.faker(loc).city())


def _street_text(ctx: Ctx) -> str:
    if ctx.chance(0.5):
        loc = ctx.pick(("en_US", "en_CA", "en_GB", "fr_FR", "es_ES", "nl_NL", "de_DE", "pt_BR", "sv_SE", "en_NZ"))
        return ascii_fold(ctx.faker(loc).street_address().replace("\n", ", "))
    return (f"{ctx.rng.randrange(1, 400)} " if ctx.chance(0.5) else "") + ctx.pick(STREETS)


def _fill_form(ctx: Ctx, forms: tuple[str, ...]) -> str:
    return ctx.pick(forms).format(last=first_last_v6(ctx)[1], town=_town_name(ctx), saint=ctx.pick(SAINTS),
                                  street=_street_text(ctx))


def _person(label: str, form: str) -> Callable[[Ctx], Phrase]:
    def make(ctx: Ctx) -> Phrase:
        first, last = first_last_v6(ctx)
        if ctx.chance(0.08):  # a keyboard slip in the name itself
            first, last = typo(ctx, first), typo(ctx, last)
        text = {"full": f"{first} {last}", "surname": last, "first": first}[form]
        return (phi(text, label, "person", form if form != "first" else "bare_first"),)
    return make


def _nurse(ctx: Ctx) -> Phrase:
    """A nurse as messages name them: "Kate", "Kate Olsen", "Kate RN", "Kate O." (the name is DOCTOR)."""
    first, last = first_last_v6(ctx)
    form = ctx.rng.randrange(4)
    if form == 0:
        return (phi(first, "DOCTOR", "person", "nurse_first"),)
    if form == 1:
        return (phi(f"{first} {last}", "DOCTOR", "person", "nurse_full"),)
    if form == 2:
        return (phi(first, "DOCTOR", "person", "nurse_first"), lit(ctx.pick((" RN", ", RN", " (RN)"))))
    return (phi(f"{first} {last[0]}.", "DOCTOR", "person", "nurse_initial"),)


def _phone_text(ctx: Ctx) -> str:
    """A phone number in one of 22 national and typed shapes."""
    a = str(ctx.rng.randrange(2, 10)) + digits(ctx, 2)
    return ctx.pick((
        f"({a}) {digits(ctx, 3)}-{digits(ctx, 4)}", f"{a}.{digits(ctx, 3)}.{digits(ctx, 4)}",
        f"{a}{digits(ctx, 7)}", f"+1-{a}-{digits(ctx, 3)}-{digits(ctx, 4)}", f"1 {a} {digits(ctx, 3)} {digits(ctx, 4)}",
        f"+44 (0)7{digits(ctx, 3)} {digits(ctx, 6)}", f"07{digits(ctx, 3)}-{digits(ctx, 6)}",
        f"04{digits(ctx, 2)}-{digits(ctx, 3)}-{digits(ctx, 3)}", f"+61 4{digits(ctx, 2)} {digits(ctx, 3)} {digits(ctx, 3)}",
        f"+49 15{digits(ctx, 1)} {digits(ctx, 8)}", f"06 {digits(ctx, 2)} {digits(ctx, 2)} {digits(ctx, 2)} {digits(ctx, 2)}",
        f"+33 6 {digits(ctx, 2)} {digits(ctx, 2)} {digits(ctx, 2)} {digits(ctx, 2)}",
        f"+91-9{digits(ctx, 4)}-{digits(ctx, 5)}", f"+234 (0) 80{digits(ctx, 1)} {digits(ctx, 3)} {digits(ctx, 4)}",
        f"+27 8{digits(ctx, 1)} {digits(ctx, 3)} {digits(ctx, 4)}", f"+353 (0)8{digits(ctx, 1)} {digits(ctx, 3)} {digits(ctx, 4)}",
        f"+64 21 {digits(ctx, 3)} {digits(ctx, 4)}", f"+52 55 {digits(ctx, 4)} {digits(ctx, 4)}",
        f"+55 11 9{digits(ctx, 4)}-{digits(ctx, 4)}", f"+48 {digits(ctx, 3)} {digits(ctx, 3)} {digits(ctx, 3)}",
        f"+90 5{digits(ctx, 2)} {digits(ctx, 3)} {digits(ctx, 2)} {digits(ctx, 2)}",
        f"{a}-{digits(ctx, 3)}-{digits(ctx, 4)} ext {digits(ctx, 3)}", f"{digits(ctx, 3)}-{digits(ctx, 4)}",
    ))


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth", "twentieth", "twenty first", "twenty-second", "twenty third",
            "twenty-fourth", "twenty fifth", "twenty-sixth", "twenty seventh", "twenty-eighth")


def _date_words(ctx: Ctx) -> Phrase:
    """A date in words: "march third", "the 21st of June", "June the fifth", "Christmas Eve 2023"."""
    day, month = ctx.rng.randrange(1, 29), ctx.pick(MONTHS)
    year = ctx.rng.randrange(1940, 2026)
    suffix = "th" if 10 <= day <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    text = ctx.pick((f"{month.lower()} {ORDINALS[day - 1]}", f"the {day}{suffix} of {month}", f"{month} the {ORDINALS[day - 1]}",
                     f"{ORDINALS[day - 1]} of {month.lower()}", f"{month} {day}{suffix}, {year}",
                     f"{ctx.pick(('Christmas Eve', 'New Years Day', 'Thanksgiving', 'Easter Sunday'))} {year}",
                     f"{month} {ORDINALS[day - 1]} {number_words(year // 100)} {number_words(year % 100) or 'hundred'}"))
    return (phi(text, "DATE", "date", "words"),)


def _date(ctx: Ctx) -> Phrase:
    day, month, year = ctx.rng.randrange(1, 29), ctx.rng.randrange(1, 13), ctx.rng.randrange(2018, 2027)
    m = MONTHS[month - 1]
    text = ctx.pick((f"{month}/{day}", f"{month}/{day}/{year}", f"{day}/{month}/{year % 100:02d}", f"{m[:3]}. {day}",
                     f"{day} {m[:3].lower()}", f"{m} {day}", f"{year}-{month:02d}-{day:02d}", f"{day}-{m[:3]}",
                     f"{m.lower()} {day}th", f"{day}.{month}."))
    return (phi(text, "DATE", "date", "digits"),)


def _dob(ctx: Ctx) -> Phrase:
    day, month, year = ctx.rng.randrange(1, 29), ctx.rng.randrange(1, 13), ctx.rng.randrange(1935, 2024)
    text = ctx.pick((f"{month:02d}/{day:02d}/{year}", f"{month}-{day}-{year}", f"{day:02d}.{month:02d}.{year}",
                     f"{day} {MONTHS[month - 1]} {year}", f"{MONTHS[month - 1][:3]} {day} {year}", f"{year}/{month:02d}/{day:02d}",
                     f"{month}/{day}/{year % 100:02d}"))
    return (phi(text, "DATE", "date", "dob"),)


def _agew(ctx: Ctx, lo: int = 1, hi: int = 100) -> Phrase:
    words = number_words(ctx.rng.randrange(lo, hi))
    return (phi(words.replace("-", " ") if ctx.chance(0.4) else words, "AGE", "age", "words"),)


def _mbi(ctx: Ctx) -> Phrase:
    """A US Medicare Beneficiary Identifier ("1EG4-TE5-MK73"), with or without dashes."""
    letters = "ACDEFGHJKMNPQRTUVWXY"
    c = lambda: ctx.pick(letters)  # noqa: E731
    d = lambda: str(ctx.rng.randrange(10))  # noqa: E731
    s = f"{ctx.rng.randrange(1, 10)}{c()}{ctx.pick((c(), d()))}{d()}{c()}{ctx.pick((c(), d()))}{d()}{c()}{c()}{d()}{d()}"
    return (phi(f"{s[:4]}-{s[4:7]}-{s[7:]}" if ctx.chance(0.5) else s, "HEALTHPLAN", "identifier", "mbi"),)


def _country(ctx: Ctx) -> Phrase:
    """A country; a leading "the" is not part of the name ("the Philippines")."""
    name = ctx.pick(COUNTRIES)
    if name.startswith("the "):
        return (lit("the "), phi(name[4:], "COUNTRY", "address", "country"))
    return (phi(name, "COUNTRY", "address", "country"),)


def _id(label: str, form: str, make: Callable[[Ctx], str]) -> Callable[[Ctx], Phrase]:
    return lambda ctx: (phi(make(ctx), label, "identifier", form),)


SLOTS_V6: dict[str, Callable[[Ctx], Phrase]] = {
    "first": _person("PATIENT", "first"), "full": _person("PATIENT", "full"), "last": _person("PATIENT", "surname"),
    "dr": _person("DOCTOR", "surname"), "drfull": _person("DOCTOR", "full"), "nurse": _nurse,
    "age": lambda ctx: (phi(str(ctx.rng.randrange(1, 100)), "AGE", "age", "bare_digits"),),
    "agemo": lambda ctx: (phi(str(ctx.rng.randrange(2, 24)), "AGE", "age", "months"),),
    "agew": _agew,
    "phone": lambda ctx: (phi(_phone_text(ctx), "PHONE", "contact", "phone"),),
    "date": _date, "datew": _date_words, "dob": _dob,
    "year": lambda ctx: (phi(str(ctx.rng.randrange(1930, 1990)), "DATE", "date", "year"),),
    "town": lambda ctx: (phi(_town_name(ctx), "CITY", "address", "town"),),
    "country": _country,
    "street": lambda ctx: (phi(_street_text(ctx), "STREET", "address", "street"),),
    "zip": _id("ZIP", "zip", lambda ctx: digits(ctx, 5) + (f"-{digits(ctx, 4)}" if ctx.chance(0.2) else "")),
    "postcode": lambda ctx: (phi(ctx.faker(ctx.pick(("en_GB", "en_CA", "nl_NL"))).postcode(), "ZIP", "address", "postcode"),),
    "employer": lambda ctx: (phi(_fill_form(ctx, EMPLOYER_FORMS), "ORGANIZATION", "institution", "employer"),),
    "school": lambda ctx: (phi(_fill_form(ctx, SCHOOL_FORMS), "ORGANIZATION", "institution", "school"),),
    "pharmacy": lambda ctx: (phi(_fill_form(ctx, PHARMACY_FORMS), "ORGANIZATION", "institution", "pharmacy"),),
    "hospital": lambda ctx: (phi(_fill_form(ctx, HOSPITAL_FORMS), "HOSPITAL", "institution", "hospital"),),
    "clinic": lambda ctx: (phi(_fill_form(ctx, CLINIC_FORMS), "HOSPITAL", "institution", "clinic"),),
    "carehome": lambda ctx: (phi(_fill_form(ctx, CAREHOME_FORMS), "HOSPITAL", "institution", "care_home"),),
    "profession": lambda ctx: (phi(ctx.pick(PROFESSIONS), "PROFESSION", "profession", "job"),),
    "grade": lambda ctx: (lit(ctx.pick(GRADES)),),
    "mrn": _id("MEDICALRECORD", "mrn", lambda ctx: ctx.pick(("", "", "MRN", "E", "00")) + digits(ctx, ctx.pick((6, 7, 8)))),
    "rx": _id("IDNUM", "rx", lambda ctx: ctx.pick((f"{digits(ctx, 7)}", f"{digits(ctx, 7)}-{digits(ctx, 2)}",
                                                    f"RX{digits(ctx, 6)}", f"#{digits(ctx, 6)}"))),
    "member": _id("HEALTHPLAN", "member", lambda ctx: ctx.pick(("XZP", "H", "MEM", "U")) + digits(ctx, ctx.pick((8, 9, 11)))),
    "policy": _id("HEALTHPLAN", "policy", lambda ctx: ctx.pick((f"{digits(ctx, 4)}-{digits(ctx, 2)}-{digits(ctx, 4)}",
                                                                f"POL{digits(ctx, 8)}", f"{digits(ctx, 10)}"))),
    "group": _id("HEALTHPLAN", "group", lambda ctx: f"{digits(ctx, 6)}" if ctx.chance(0.5) else f"G{digits(ctx, 5)}"),
    "mbi": _mbi,
    "ohip": _id("HEALTHPLAN", "ohip", lambda ctx: f"{digits(ctx, 4)}-{digits(ctx, 3)}-{digits(ctx, 3)}-"
                                                  f"{ctx.pick('ABCDEFGHJK')}{ctx.pick('ABCDEFGHJK')}"),
    "claim": _id("IDNUM", "claim", lambda ctx: ctx.pick((f"{digits(ctx, 12)}", f"C{digits(ctx, 9)}",
                                                          f"{digits(ctx, 3)}-{digits(ctx, 6)}-{digits(ctx, 2)}"))),
    "case": _id("IDNUM", "case", lambda ctx: f"{ctx.pick(('CS', 'WC', ''))}{digits(ctx, 8)}"),
    "account": _id("ACCOUNT", "account", lambda ctx: ctx.pick((digits(ctx, 9), f"{digits(ctx, 4)}-{digits(ctx, 5)}"))),
    "ssnlast": _id("SSN", "ssn_last4", lambda ctx: digits(ctx, 4)),
    "email": lambda ctx: (phi(_email(ctx), "EMAIL", "contact", "email"),),
    "username": lambda ctx: (phi(_username(ctx), "USERNAME", "person", "username"),),
}


def _email(ctx: Ctx) -> str:
    first, last = (ascii_fold(x).lower().replace(" ", "").replace("'", "") for x in first_last_v6(ctx))
    local = ctx.pick((f"{first}.{last}", f"{first[0]}{last}{ctx.rng.randrange(1, 99)}", f"{last}_{first}", f"{first}{ctx.rng.randrange(60, 99)}"))
    return f"{local}@{ctx.pick(('gmail.com', 'hotmail.fr', 'web.de', 'outlook.com', 'icloud.com', 'yahoo.es'))}"


def _username(ctx: Ctx) -> str:
    first, last = (ascii_fold(x).lower().replace(" ", "").replace("'", "") for x in first_last_v6(ctx))
    return ctx.pick((f"{first}{last}", f"{first}_{last[:3]}{ctx.rng.randrange(1, 99)}", f"{last}{first[0]}", f"{first}.{ctx.rng.randrange(1970, 2005)}"))


def slot_kinds(template: str) -> set[str]:
    return {m.group(1).rstrip("0123456789") for m in _SLOT.finditer(template)}


def split_v6(seed: int = SEED_V6) -> dict[str, list[int]]:
    """``TEMPLATES_V6``'s ids shuffled with ``seed`` and cut in half (tune, report)."""
    return split_ids(len(TEMPLATES_V6), seed, V6)


def choose_seed(start: int = 2200) -> int:
    """The first seed from ``start`` on whose split puts every slot kind of 2+ templates on both sides."""
    counts: dict[str, int] = {}
    for t in TEMPLATES_V6:
        for k in slot_kinds(t):
            counts[k] = counts.get(k, 0) + 1
    shared = {k for k, v in counts.items() if v >= 2}
    seed = start
    while True:
        sides = split_v6(seed)
        if all(shared <= set().union(*(slot_kinds(TEMPLATES_V6[i]) for i in ids)) for ids in sides.values()):
            return seed
        seed += 1


def _slip(ctx: Ctx, text: str) -> str:
    """Keyboard slips in ordinary words of a literal piece (one word in five, 4+ letters)."""
    words = text.split(" ")
    return " ".join(typo(ctx, w) if w.isalpha() and len(w) >= 4 and ctx.chance(0.2) else w for w in words)


def fill(doc_id: str, template: str, ctx: Ctx) -> Document:
    """The template filled from ``SLOTS_V6`` ("{first2}" is a second draw of "first"). A fifth of the texts
    get slips in their literal words; 30% are lower-cased, and half of those lose their punctuation."""
    slips, lower = ctx.chance(0.2), ctx.chance(0.3)
    bare = lower and ctx.chance(0.5)
    text, spans, pos = "", [], 0

    def literal(piece: str) -> str:
        piece = _slip(ctx, piece) if slips else piece
        return re.sub(r"  +", " ", _PUNCT.sub("", piece)) if bare else piece

    for m in _SLOT.finditer(template):
        text += literal(template[pos : m.start()])
        for seg in SLOTS_V6[m.group(1).rstrip("0123456789")](ctx):
            if seg.is_phi:
                spans.append(Span(len(text), len(text) + len(seg.text), seg.label, f"{seg.family}/{seg.form}"))
            text += seg.text
        pos = m.end()
    text += literal(template[pos:])
    case = "bare" if bare else "lower" if lower else "as_written"
    return Document(doc_id, text.lower() if lower else text, tuple(spans), {"case": case})


def build_v6(name: str, n: int) -> list[Document]:
    return build_batch(name, n, split_v6()[name], FILL_SEEDS_V6[name], TEMPLATES_V6, fill)
