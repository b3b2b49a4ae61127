"""What a real carrier text already holds: placeholders to fill, and regions to leave neutral.

MTSamples transcriptions stand placeholders where names were ("Dr. X", "Mr. ABC",
"ABCD General Hospital", "MM/DD/YYYY"), and both MTSamples and the MSHA mine
narratives keep some real PHI (dates, ages, a doctor's surname, a town). The
gold cannot label that text, so it is marked neutral: the scorer counts a
prediction there neither right nor wrong. The patterns here find carrier text,
not injected PHI, and are deliberately generous: marking too much neutral only
hides a little precision, marking too little charges detectors for real PHI.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

PLACEHOLDER_WORD = r"(?:X|XX|XXX|XYZ|ABC|ABCD|A|B|Y|Z)"
_TITLE = r"(?:Dr|Mr|Mrs|Ms|Miss)\.?"
PLACEHOLDERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Hospital placeholders: the whole name goes.
    ("hospital", re.compile(r"\b(?:ABCD?|XYZ)(?: (?:General|Medical|Community|Regional|Memorial))?"
                            r" (?:Hospital|Medical Center|Health System|Clinic|Center)\b")),
    # A title then a placeholder word: only the word is the name.
    ("doctor", re.compile(r"(?<=\bDr\. )" + PLACEHOLDER_WORD + r"\b")),
    ("doctor", re.compile(r"(?<=\bDr )" + PLACEHOLDER_WORD + r"\b")),
    ("patient", re.compile(r"(?<=\bMr\. |Ms\. )" + PLACEHOLDER_WORD + r"\b")),
    ("patient", re.compile(r"(?<=\bMrs\. )" + PLACEHOLDER_WORD + r"\b")),
    ("date", re.compile(r"\bMM/DD/YY(?:YY)?\b")),
)
#: Any other placeholder word: kept, never replaced (it may stand for a name, a place or a brand).
BARE_PLACEHOLDER = re.compile(r"\b(?:XYZ|ABCD|ABC|XXX)\b", re.I)

_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
          r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
REAL_DATES = (
    re.compile(r"\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b"),
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\b" + _MONTH + r"\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?\b"),
    re.compile(r"\b(?:[Tt]he )?\d{1,2}(?:st|nd|rd|th)? (?:of )?" + _MONTH + r"\b(?:,? \d{4})?"),
    re.compile(r"\b" + _MONTH + r",? (?:of )?(?:19|20)\d{2}\b"),
    re.compile(r"\b(?:19[3-9]\d|20[0-3]\d)\b"),
    re.compile(r"\b\d{1,2}/(?:19|20)?\d{2}\b(?!/)"),
    # a month named alone ("early December"; "May" only where it cannot be the verb)
    re.compile(r"\b(?:January|February|March|April|June|July|August|September|October|November|December)\b"
               r"|(?<=\b(?:in|of) )May\b|\b(?:early|mid|late)[ -]May\b"),
    re.compile(r"\b(?:Thanksgiving|Christmas(?: Eve)?|Easter|Halloween|New Year(?:'s)?(?: Eve| Day)?|"
               r"(?:Memorial|Labor|Veterans|Mother's|Father's|Valentine's|Independence) Day|Fourth of July)\b"),
    re.compile(r"\b(?:(?:the|this|last) )?(?:spring|summer|fall|autumn|winter)(?: of)? (?:19|20)\d{2}\b", re.I),
)
REAL_AGES = (
    re.compile(r"\b\d{1,3}(?=[- ](?:and[- ]a[- ]half[- ])?(?:years?|yrs?|months?|weeks?|days?)[- ]old\b)", re.I),
    re.compile(r"\b\d{1,3}(?= ?(?:y/o|yo|y\.o\.)\b)", re.I),
    re.compile(r"(?<=\bage )\d{1,3}\b|(?<=\baged )\d{1,3}\b|(?<=\bage of )\d{1,3}\b", re.I),
    re.compile(r"\b\d{1,3}(?=s\b)"),  # "in her 40s"
    re.compile(r"\b\d{1,3}(?= (?:years?|months?) of age\b)", re.I),
    # "Father died at 72", "passed away at 81", "deceased at age 60"
    re.compile(r"\b(?:died|away|deceased|expired|death)(?: (?:at|in))?(?: (?:the )?age)?(?: of)? (\d{1,3})\b", re.I),
)
_CAP = r"[A-Z][a-zA-Z'\-]+"
TITLED_NAME = re.compile(r"\b" + _TITLE + r" ((?:" + _CAP + r"|[A-Z]\.)(?: " + _CAP + r")?)")
NAME_PAIR = re.compile(r"(?<![.\n:] )\b(" + _CAP + r") (" + _CAP + r")\b")
CREDENTIAL_NAME = re.compile(r"\b(" + _CAP + r"(?: [A-Z]\.)? " + _CAP + r"),? (?:M\.D\.|MD|D\.O\.|RN|PA-C|NP|Ph\.D\.)")
#: A capitalised name ending in an institution's head word ("Wilmer Eye Institute", "St. Luke's Hospital").
REAL_INSTITUTION = re.compile(
    r"\b(?:(?:St\.?|Saint) [A-Z][a-z]+'s |(?:[A-Z][A-Za-z'&\-]+ ){1,4})(?:Hospital|Clinic|Center|Centre|Institute|"
    r"University|College|School|Health System|Healthcare|Medical Group|Nursing Home|Hospice)\b"
    r"|\b(?:St\.?|Saint) [A-Z][a-z]+'s\b")
#: A capitalised place after a preposition, mid-sentence ("lives in Anchorage", "moved to the United States").
PLACE_AFTER = re.compile(r"(?<=[A-Za-z,] )(?:in|at|from|to|near|of) (?:the )?((?:[A-Z][a-z]+)(?: [A-Z][a-z]+){0,2})\b")
#: Real institutions the prose names by a short form: hospital-shaped acronyms ("UIHC", "UCSF",
#: "CHCC"), run-together brands after a preposition ("HealthSouth"), "X and Associates", "University of X".
REAL_SHORT_INSTITUTION = re.compile(
    r"\b(?:U[A-Z]{2,4}|[A-Z]{1,4}(?:H|MC|HC|CC|MH))\b"
    r"|(?:(?<=\bat )|(?<=\bto )|(?<=\bfrom ))[A-Z][a-z]+[A-Z][a-z]+\b"
    r"|\b(?:[A-Z][a-z]+ ){1,2}(?:and|&) Associates\b"
    r"|\bUniversity of (?:[A-Z][a-z]+ ?){1,3}\b"
    r"|\b(?:XYZ|ABCD|ABC|XXX)(?: [A-Z][a-z]+){1,3}")
#: Device numbers the prose gives ("model #4470, serial #12345", "serial number 123456").
REAL_DEVICE_NUMBER = re.compile(r"(?i)\b(?:serial|model|lot|catalog(?:ue)?|ref)\.?[ \t]*(?:#|no\.?|number)?[ \t]*:?[ \t]*"
                                r"([A-Z0-9-]*[0-9][A-Z0-9-]*)\b")
#: An occupation the prose states ("works as a phlebotomist", "retired postal worker", "Occupation: ...").
REAL_PROFESSION = re.compile(
    r"\b(?:(?:works?|working|worked|employed|employment) as (?:an? )?|(?:and|also) as an? |(?:a |is )?retired |former )"
    r"((?:(?!(?:at|for|in|and|with|since|who|but|of|on)\b)[a-z]+ ?){1,4})"
    r"|(?<=Occupation:)[^.\n]*")
#: A placeholder or real initial after a title that the title-name pattern cannot see ("Dr. xx", "Dr. S’ office").
TITLED_INITIAL = re.compile(r"(?<=\b(?:Dr|Mr|Ms)\. )(?:xx+|x\b|[A-Z](?=[’']))|(?<=\bMrs\. )(?:xx+|x\b|[A-Z](?=[’']))")
#: One name before a credential ("Def, Ph.D.", "Abc, MD").
CREDENTIAL_ONE = re.compile(r"\b([A-Z][a-z]+),? (?:M\.D\.|MD|D\.O\.|RN|PA-C|NP|Ph\.D\.)")
PLACE_STATE = re.compile(r"\b((?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+), ([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b")


# --- wider neutral regions (the second round): real PHI of the carrier the patterns above miss. ---
# Found on the tuning half's raw prose only (bench/rawprose_fps.py); kept apart from ``find_neutral`` so that
# the injector's insertion points, and so every set's text and gold, stay what they were.

#: Several ages in a row ("two children, ages 15 and 16", "brothers ages 68 and 77", "Age:  27", "age 1year").
MORE_AGES = (
    re.compile(r"(?i)\bages?\b[ \t]*:?[ \t]*(\d{1,3}(?:[ \t]*(?:,|and|to|or|&|-)[ \t]*\d{1,3}(?![\d)])){0,4})(?![\d)]|[.:/]\d)"),
    re.compile(r"(?i)\b\d{1,3}(?=[ \t]*-[ \t]*(?:years?|yrs?|months?)[- ]old\b)"),
    # "menarche at 13", "started drinking at 15", "when she was 12", "since he was 9"
    re.compile(r"(?i)\b(?:menarche|started|began|begun|quit|stopped|diagnosed|married|divorced|moved|immigrated|"
               r"adopted|retired|widowed)\b[^.\n]{0,30}?\bat (?:the age of |age )?(\d{1,2})\b"
               r"(?![ \t]*(?:mg|mcg|ml|%|a\.?m|p\.?m|o'clock|:|cm|mm|kg|lb|hours?|weeks?|percent|\.\d))"),
    re.compile(r"(?i)\b(?:when|since|until|while|after|before) (?:he|she|they|i) (?:was|were|turned) (\d{1,2})\b(?![.:/]\d)"),
    re.compile(r"(?i)\b(?:sons?|daughters?|brothers?|sisters?|children|kids|grandchildren|siblings),? (?:aged? |ages )?"
               r"(\d{1,2}(?:(?:,| and| &) \d{1,2}){1,4})\b(?![.:/]\d)"),
)
#: Dates without a year after "on" ("on 7/3", "On 2/9"), and "since May".
MORE_DATES = (
    re.compile(r"(?i)(?<=\bon )\d{1,2}/\d{1,2}\b(?![/\d])"),
    re.compile(r"\b(?:since|until|by|before|after|early|late|mid) (May)\b"),
)
#: A telephone number written out ("call the office at 327-8850").
MORE_PHONES = re.compile(r"(?<![\d-])(?:\(\d{3}\)[ \t]?|\d{3}[-.])?\d{3}-\d{4}\b(?!-)")
_FIRST_CAP = r"([A-Z][a-z]+)"
#: Given names the prose shows as a person's: two joined by "and", a placeholder doctor with a surname,
#: a name after "name is", a possessive before family, a subject before "is a very nice".
MORE_NAMES = (
    re.compile(r"\b" + _FIRST_CAP + r" and " + _FIRST_CAP + r"\b"),
    re.compile(r"(?<=\bDr\. )(?:X|XX|XYZ|ABC) [A-Z][a-z]+\b"),
    re.compile(r"(?i:\bname is |\bnamed |\bcalled )" + _FIRST_CAP + r"\b"),
    re.compile(r"\b" + _FIRST_CAP + r"(?:'s?|’s?) (?:parents|mother|father|mom|dad|wife|husband|family|sister|brother)\b"),
    re.compile(r"(?:^|(?<=[.,:] ))" + _FIRST_CAP + r" is an? (?:very )?(?:nice|pleasant|lovely)\b", re.M),
    re.compile(r"(?<=\bfor )" + _FIRST_CAP + r"(?=\.)"),
)
#: Employers and bodies with a company's head word, a county, a place after a number ("in 1982 in Haiti").
MORE_ORGS = (
    re.compile(r"\b(?:[A-Z][A-Za-z'’&\-]+ (?:and |& |&amp; )*){1,4}(?:Company|Commission|Corporation|Corp\.?|Inc\.?|LLC|"
               r"Holdings)\b"),
    re.compile(r"\b(?:worked|works|working|employed|employee)\b[^.\n]{0,40}?\b(?:at|for|by) ((?:[A-Z][A-Za-z&\-]+ ?){1,3})"),
    re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)? County\b"),
    re.compile(r"\b[A-Z][a-z]+-[A-Z][a-z]+(?= (?:software|hospital|medical|clinic))"),
    re.compile(r"(?<=(?:19|20)\d\d )(?:in|at|from|to) ([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\b"),
    re.compile(r"(?<=\bhis |\bher )[A-Z][a-z]+(?= office\b)"),
    re.compile(r"\b(?:St\.?|Saint) [A-Z][a-z]+(?:'s)? (?i:hospital|medical center|clinic)\b"),  # "St. Francis hospital"
    # a placeholder's department or hospital named before it ("Emergency Department of XYZ")
    re.compile(r"\b(?:[A-Z][a-z]+ )?(?:Department|Hospital|Center|Clinic|University|Division) of (?:XYZ|ABCD|ABC|XXX)\b"),
)
#: An occupation stated with "is a" / "was a" ("is a homemaker", "was a security guard", "is a paralegal
#: specialist"): a noun with a trade's ending, not a habit ("is a nonsmoker") or a manner ("is a poor historian").
MORE_PROFESSION = re.compile(
    r"(?i:\b(?:he|she|patient|who|and|,)(?: [a-z]+ly)? (?:is|was) (?:a |an )|\bwork(?:s|ed|ing)? as (?:a |an )?)((?:(?!(?:very|pleasant|nice|poor|good|well|former|retired|known|long|heavy|light|"
    r"social|current)\b)[A-Za-z]+ ){0,2}(?!(?:pleasant|significant|relevant|important|clear|other|over|under|never|"
    r"ever|together|either|neither|rather|later|after|better|for|major|minor|poor|prior)\b)(?!(?:non)?(?:smoker|drinker|user|abuser|survivor|carrier|donor|responder|"
    r"historian|member|resident|candidate|patient|reporter|partner|runner|walker|sleeper)\b)[A-Za-z]*"
    r"(?:maker|wife|guard|ist|or|ant|ian|er|CNA|RN|LPN))\b(?=[ \t]*(?:[.,;]|at\b|for\b|and\b|in\b|with\b|who\b|$))",
    re.M,
)
#: Citation and order numbers of the mine narratives ("terminate citation #9005626").
MORE_IDS = re.compile(r"(?i)\b(?:citation|order)[ \t]*(?:#|no\.?|number)?[ \t]*(\d{5,})\b")


@dataclass(frozen=True, slots=True)
class Region:
    start: int
    end: int
    kind: str


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    """Given names and surnames of Faker's en_US person provider (a name list, not a detector's)."""
    from faker.providers.person.en_US import Provider

    return frozenset(list(Provider.first_names) + list(Provider.last_names))


@lru_cache(maxsize=1)
def _us_states() -> frozenset[str]:
    from faker.providers.address.en_US import Provider

    return frozenset(Provider.states)


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    from faker.providers.address.en_US import Provider

    return frozenset(Provider.countries)


def find_placeholders(text: str) -> list[Region]:
    """Placeholders the injector may fill, in text order, none overlapping."""
    found: list[Region] = []
    for kind, pattern in PLACEHOLDERS:
        found += [Region(m.start(), m.end(), kind) for m in pattern.finditer(text)]
    return _no_overlaps(found)


def find_neutral(text: str) -> list[Region]:
    """Carrier text that may be real PHI: bare placeholders, dates, ages, names, places."""
    found = [Region(m.start(), m.end(), "placeholder") for m in BARE_PLACEHOLDER.finditer(text)]
    for pattern in REAL_DATES:
        found += [Region(m.start(), m.end(), "real_date") for m in pattern.finditer(text)]
    for pattern in REAL_AGES:
        found += [Region(*(m.span(1) if m.re.groups else m.span()), "real_age") for m in pattern.finditer(text)]
    found += [Region(m.start(1), m.end(1), "real_name") for m in TITLED_NAME.finditer(text)]
    found += [Region(m.start(1), m.end(1), "real_name") for m in CREDENTIAL_NAME.finditer(text)]
    names = _name_words()
    for m in NAME_PAIR.finditer(text):
        if m.group(1) in names and m.group(2) in names:
            found.append(Region(m.start(), m.end(), "real_name"))
    found += [Region(m.start(), m.end(), "real_org") for m in REAL_INSTITUTION.finditer(text)]
    found += [Region(m.start(1), m.end(1), "real_place") for m in PLACE_AFTER.finditer(text)]
    states = _us_states() | _countries()
    for m in PLACE_STATE.finditer(text):
        if m.group(2) in states:
            found.append(Region(m.start(), m.end(), "real_place"))
    found += [Region(m.start(), m.end(), "real_org") for m in REAL_SHORT_INSTITUTION.finditer(text)]
    found += [Region(m.start(1), m.end(1), "real_id") for m in REAL_DEVICE_NUMBER.finditer(text)]
    for m in REAL_PROFESSION.finditer(text):
        a, b = m.span(1) if m.group(1) else m.span()
        found.append(Region(a, b, "real_profession"))
    found += [Region(m.start(), m.end(), "real_name") for m in TITLED_INITIAL.finditer(text)]
    found += [Region(m.start(1), m.end(1), "real_name") for m in CREDENTIAL_ONE.finditer(text)]
    return _merge([r for r in found if r.end > r.start])


def find_more_neutral(text: str) -> list[Region]:
    """Real PHI of the carrier that :func:`find_neutral` leaves out: ages in lists and after life events,
    dates without a year, written-out phone numbers, given names by a person's context, employers,
    counties, stated occupations, citation numbers. A separate reading (not part of ``find_neutral``)
    so that adding it changes the scoring only, never the injected text or its gold."""
    found: list[Region] = []

    def add(pattern: re.Pattern[str], kind: str) -> None:
        for m in pattern.finditer(text):
            if m.re.groups:
                found.extend(Region(*m.span(g), kind) for g in range(1, m.re.groups + 1) if m.group(g))
            else:
                found.append(Region(m.start(), m.end(), kind))

    for pattern in MORE_AGES:
        add(pattern, "real_age")
    for pattern in MORE_DATES:
        add(pattern, "real_date")
    add(MORE_PHONES, "real_phone")
    names = _name_words()
    for m in MORE_NAMES[0].finditer(text):  # "Christine and Bryan": both must be given names or surnames
        if m.group(1) in names and m.group(2) in names:
            found.append(Region(m.start(), m.end(), "real_name"))
    add(MORE_NAMES[1], "real_name")
    add(MORE_NAMES[2], "real_name")  # "His name is Kasson": the cue says it, listed or not
    for pattern in MORE_NAMES[3:]:  # a possessive, a subject, "for X.": the word must be a listed name
        found.extend(Region(*m.span(1), "real_name") for m in pattern.finditer(text) if m.group(1) in names)
    for pattern in MORE_ORGS:
        add(pattern, "real_org")
    add(MORE_PROFESSION, "real_profession")
    add(MORE_IDS, "real_id")
    return _merge([r for r in found if r.end > r.start])


def _no_overlaps(regions: list[Region]) -> list[Region]:
    out: list[Region] = []
    for r in sorted(regions, key=lambda r: (r.start, -r.end)):
        if not out or r.start >= out[-1].end:
            out.append(r)
    return out


def _merge(regions: list[Region]) -> list[Region]:
    """Overlapping or touching regions joined; the first kind names the union."""
    out: list[Region] = []
    for r in sorted(regions, key=lambda r: (r.start, r.end)):
        if out and r.start <= out[-1].end:
            last = out[-1]
            out[-1] = Region(last.start, max(last.end, r.end), last.kind)
        else:
            out.append(r)
    return out
