"""People's names in the forms real notes write them, and the staff roles they follow.

Written from how transcriptions, letters and chart notes name people (not from
any detector's patterns): "LAST, FIRST" in capitals, first name plus initial,
initials plus surname, British titles without a period, bare first names, names
that are English words, lower-case and ALL-CAPS names, misspellings.
"""

from __future__ import annotations

import unicodedata

from .phrase import Ctx, Phrase, lit, phi

#: Given names and surnames that are also ordinary English words.
WORD_FIRST = (
    "Hope", "Faith", "Grace", "Joy", "Rose", "Iris", "Dawn", "Summer", "Amber", "Ruby", "Pearl", "Holly",
    "Ivy", "Daisy", "June", "April", "Autumn", "Crystal", "Destiny", "Honor", "Will", "Bill", "Mark", "Frank",
    "Drew", "Chase", "Hunter", "Art", "Rich", "Sandy", "Rusty", "Woody", "Chip", "Buck", "Grant", "Miles",
)
WORD_LAST = (
    "Brown", "Green", "White", "Black", "Baker", "Cook", "Hill", "Wood", "Stone", "Rice", "Long", "Short",
    "Bush", "Field", "Fox", "Wolf", "Lamb", "Bird", "Swan", "Bell", "Rich", "Strong", "Young", "Little",
    "Best", "Sharp", "Price", "Hope", "Love", "Moody", "Small", "Day", "Knight", "Banks", "Bishop", "Mason",
    "Parsons", "Shepherd", "Weaver", "Fisher", "Miller", "Walker", "Hunter", "Archer", "Potter", "Snow",
)
#: Roles and credentials that staff names follow or precede in notes.
ROLES_BEFORE = (
    "RN", "LPN", "NP", "PA-C", "CNA", "charge nurse", "Nurse", "nurse practitioner", "scribe", "Scribe:",
    "resident", "fellow", "attending", "pharmacist", "PT", "OT", "SLP", "case manager", "social worker",
    "interpreter", "Transcribed by:", "Dictated by:", "cc:", "Attending:", "Signed:",
)
CREDENTIALS_AFTER = ("MD", "M.D.", "DO", "RN", "NP", "PA-C", "PhD", "MBBS", "FRCS", "DPM", "DDS", "LCSW", "PharmD")
TITLES = ("Mr.", "Mrs.", "Ms.", "Miss", "Mr", "Mrs", "Ms", "Mx.")


def ascii_fold(text: str) -> str:
    """Drop accents ("Zięcik" -> "Ziecik"), as many US record systems store names."""
    folded = unicodedata.normalize("NFKD", text)
    return "".join(c for c in folded if not unicodedata.combining(c)).replace("ł", "l").replace("Ł", "L")


def _clean(name: str) -> str:
    return name.replace("\n", " ").strip()


def first_last(ctx: Ctx) -> tuple[str, str]:
    """A given name and surname from one or two locales, accents folded half of the time."""
    loc = ctx.locale()
    first = _clean(ctx.faker(loc).first_name())
    last = _clean(ctx.faker(ctx.locale() if ctx.chance(0.3) else loc).last_name())
    if ctx.chance(0.12):
        first = ctx.pick(WORD_FIRST)
    if ctx.chance(0.12):
        last = ctx.pick(WORD_LAST)
    if ctx.chance(0.5):
        first, last = ascii_fold(first), ascii_fold(last)
    return first.split(" ")[0], last


def typo(ctx: Ctx, word: str) -> str:
    """One keyboard slip: a swapped, dropped or doubled letter (words of 4+ letters)."""
    if len(word) < 4:
        return word
    i = ctx.rng.randrange(1, len(word) - 2)
    kind = ctx.rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


NAME_FORMS = (
    "full", "full", "full", "last_first_caps", "first_initial", "initial_surname", "initials_surname",
    "lower", "upper", "word_name", "misspelt", "surname_only", "hyphenated",
)


def name(ctx: Ctx, label: str, form: str | None = None) -> Phrase:
    """A person's name as one span, in one of NAME_FORMS (picked at random when not given)."""
    form = form or ctx.pick(NAME_FORMS)
    first, last = first_last(ctx)
    if form == "last_first_caps":
        text = f"{last.upper()}, {first.upper()}"
    elif form == "first_initial":
        text = f"{first} {ctx.pick('ABCDEFGHJKLMNPRSTW')}."
    elif form == "initial_surname":
        text = f"{first[0]}. {last}"
    elif form == "initials_surname":
        text = f"{first[0]}.{ctx.pick('ABCDEFGHJKLMNPRSTW')}. {last}"
    elif form == "lower":
        text = f"{first} {last}".lower()
    elif form == "upper":
        text = f"{first} {last}".upper()
    elif form == "word_name":
        text = f"{ctx.pick(WORD_FIRST)} {ctx.pick(WORD_LAST)}"
    elif form == "misspelt":
        text = f"{typo(ctx, first)} {typo(ctx, last)}"
    elif form == "surname_only":
        text = last
    elif form == "hyphenated":
        other = ascii_fold(_clean(ctx.faker(ctx.locale()).last_name()))
        text = f"{first} {last}-{other}"
    else:
        text = f"{first} {last}"
    return (phi(text, label, "person", form),)


def first_name(ctx: Ctx, label: str = "PATIENT") -> Phrase:
    """A bare given name ("Called Iris back"), sometimes an English word."""
    first = ctx.pick(WORD_FIRST) if ctx.chance(0.35) else ascii_fold(first_last(ctx)[0])
    return (phi(first, label, "person", "bare_first"),)


def titled(ctx: Ctx, label: str) -> Phrase:
    """A name after a title: "Mrs. Okafor", "Mr Dunne" (British, no period), "Dr Patel"."""
    if label == "DOCTOR":
        title = ctx.pick(("Dr.", "Dr.", "Dr", "Doctor", "dr.", "Prof."))
    else:
        title = ctx.pick(TITLES)
    form = ctx.pick(("surname_only", "surname_only", "full", "initial_surname", "misspelt"))
    parts = name(ctx, label, form)
    tag = "title_no_period" if not title.endswith(".") else "titled"
    return (lit(f"{title} "), phi(parts[0].text, label, "person", f"{tag}:{form}"))


def staff(ctx: Ctx) -> Phrase:
    """A staff member named after a role ("RN Maria Lopez") or before a credential ("J. Park, PA-C")."""
    person = name(ctx, "DOCTOR", ctx.pick(("full", "full", "initial_surname", "lower", "first_initial")))[0]
    if ctx.chance(0.5):
        role = ctx.pick(ROLES_BEFORE)
        return (lit(f"{role} "), phi(person.text, "DOCTOR", "person", f"after_role:{person.form}"))
    return (phi(person.text, "DOCTOR", "person", f"before_credential:{person.form}"),
            lit(f", {ctx.pick(CREDENTIALS_AFTER)}"))


def patient(ctx: Ctx) -> Phrase:
    """A patient or relative: titled, plain, or in one of the hard forms."""
    roll = ctx.rng.random()
    if roll < 0.35:
        return titled(ctx, "PATIENT")
    return name(ctx, "PATIENT")


def doctor(ctx: Ctx) -> Phrase:
    roll = ctx.rng.random()
    if roll < 0.5:
        return titled(ctx, "DOCTOR")
    if roll < 0.8:
        return staff(ctx)
    return name(ctx, "DOCTOR")
