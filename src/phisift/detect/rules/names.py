"""Names after a title ("Dr. Lee", "Mrs. Ana Ruiz", "Sra. Gil") and after an electronic signature ("/s/ Lee").

Also the name cleaner the form-field and login recognizers use on a field value
(titles, credentials and trailing clauses cut off; values that are not names
refused). The lexicon detector finds names after titles too, with its name lists;
this one needs only the title, so it also finds names no list has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...text import ENGLISH_STOPWORDS, clinical_vocabulary
from . import vocab
from .base import CueWords, Languages, Scan, TextPass
from .regex_parts import alt


_NAME_PARTICLES = frozenset(
    {"van", "von", "de", "del", "la", "da", "di", "le", "y", "der", "den", "du", "dos", "das", "St", "St."}
)
_NAME_TOKEN = re.compile(r"[A-ZÁÉÍÓÚÑÜÇÀÈÒÏ](?:[^\W\d_]|['’-])*\.?|(?:[A-Z]\.)+[a-zª]?|M[ªa]\.?")
_POSSESSIVE = re.compile(r"['’]s$")
_STREET_BEFORE_DR = re.compile(r"[0-9]+[A-Za-z]?[ \t]+(?:[A-Z][\w'’-]*\.?[ \t]+){1,4}$")
#: A full stop that ends a sentence, not an initial's ("Smith, John A." keeps its stop).
_SENTENCE_END = re.compile(r"(?<![ \t,.][A-Z])(?<!^[A-Z])\.(?=[ \t]|$)")
_CAPS_PAIR = re.compile(r"[A-Z][A-Z'’-]+,[A-Z][A-Z'’-]+")
_AGE_AFTER_NAME = re.compile(
    r",[ \t]*([0-9]{1,3})(?=[ \t]*(?:,|(?:yrs?|years?|y/?o|yo|M|F|male|female|man|woman)(?![\w])|-year))"
)
NAME_STOP = re.compile(r"[\n\r\t|;<>\[\]{}]|[ ]{2,}")
NAME_TAIL_CUT = re.compile(
    r"(?i)[ \t,]+(?:on|at|el|a[ \t]+las|dated?|from|for|with|via|per|to|in|de[ \t]+fecha"
    r"|who|which|will|would|was|is|has|had|agrees?|and[ \t]+(?:the|he|she|they|we|i|is|was)"
    # a credential field after the name: "John Smith, Lic. No. G12345", "J. Lee, License # A12345"
    r"|lic|licen[cs]e|(?-i:DEA|NPI))(?![\w]).*$"
    r"|[ \t]+-[ \t].*$|[ \t]*[0-9(].*$"
)
CREDENTIAL_TAIL = re.compile(
    # in capitals too: "DEBORAH PHELPS, PHARMD" in a note typed in capitals
    r"(?:[ \t]*,?[ \t]*(?:" + alt(vocab.CREDENTIALS + tuple(c.upper() for c in vocab.CREDENTIALS)) + r")(?![\w]))+[ \t.,]*$"
)
#: A staff role before the name in a signature ("SIGNED BY RN HOLLY COOK", "by interpreter Nicole Jackson").
ROLE_HEAD = re.compile(
    r"(?i)(?:scribe|interpreter|translator|nurse|resident|fellow|intern|attending|pharmacist|therapist|"
    r"technician|tech|rn|lpn|cna|np|pa-c|crna|slp|ot|pt|emt|aprn|fnp|ma|midwife|chaplain|dietitian|"
    r"student|transcriptionist|coordinator|paramedic|aide)[ \t]*:?[ \t]+(?=\S)"
)
#: Words that never stand inside a name: a value holding one is a phrase ("IDENTIFICATION OF THE ORIFICE").
_FUNCTION_WORDS = frozenset("the of and or with for to in on at a an by was is were are this that".split())
TITLE_HEAD = re.compile(
    r"(?i)(?:dr|dra|doctor|doctora|mr|mrs|ms|miss|mx|sr|sra|srta|prof|don|doña)(?:\.?:?[ \t]+|\.)(?=[A-ZÁÉÍÓÚÑ])"
)


@dataclass(frozen=True)
class NamePatterns:
    """What the name recognizers compile once per language set."""

    #: a title and up to four name words after it (Spanish titles only with Spanish)
    title: re.Pattern


def compile_patterns(languages: Languages) -> NamePatterns:
    """The title regex; Spanish titles only with Spanish ("Don", "Sr" are English words or names too)."""
    # "doctor Kovacs", "dr Lloyd", "hey doc Racz": a message typed fast writes the title in lower case
    titles = "Dr|Doctor|Doc|Prof|Mr|Mrs|Ms|Miss|Mx|DR|doctor|dr|doc" + (
        "|Dra|Sr|Sra|Srta|Don|Doña|DRA" if languages.spanish else "")
    name_word = r"[A-ZÁÉÍÓÚÑÜÇ](?:[^\W\d_]|['’-])+|[A-Z]\.?"
    title = re.compile(
        rf"(?P<t>{titles})(?:\.[ \t]?|[ \t]|\.?[ \t]*\r?\n[ \t]*)"
        rf"(?P<n>(?:{name_word})(?: (?:(?:van|von|de|del|la|las|los|da|di|le|St\.?) )?(?:{name_word})){{0,3}})"
    )
    return NamePatterns(title=title)


def _name_after_title(scan: Scan, s: int) -> int:
    """The name after a title, up to a word that cannot be part of it; DOCTOR after Dr/Prof, else PATIENT.

    Not when the title is part of a place ("Hospital Doctor Peset") or "Dr" is a
    street suffix ("12 Oak Dr."). A trailing initial or particle is left out: it is more
    often the next sentence.
    """
    text = scan.text
    m = scan.p.names.title.match(text, s)
    if not m:
        return 0
    title = m.group("t")
    prev = scan.prev_words(s)[0]
    if prev and prev[-1].lower() in vocab.TITLE_IN_PLACE_NAME:
        return 0  # "Hospital Doctor Peset", "C/ Doctor Esquerdo"
    if title in ("Dr", "DR"):
        lo = max(scan.line_start(s), s - 60)
        if _STREET_BEFORE_DR.search(text, lo, s):
            return 0  # "12 Oak Dr. Boston": a street suffix, not a title
    ns = m.start("n")
    tokens = m.group("n").split()
    if text[m.end("t")] != "." and not _bare_title_ok(scan, s, tokens[0].rstrip(".")):
        return 0
    if title in _INFORMAL_TITLES and not _informal_title_ok(scan, m.end("t"), tokens[0]):
        return 0
    kept: list[str] = []
    for tok in tokens:
        bare = tok.rstrip(".")
        shouting = len(bare) >= 2 and bare.isupper() and len(tokens) > 1 and kept
        if bare.isupper() and len(bare) > 1:
            bare = bare.capitalize()  # "DR. NOTES INDICATE", "DR. ON 09/09": the stop words in capitals too
        if bare in vocab.NAME_STOPWORDS or tok in vocab.NAME_BREAK_WORDS or shouting:
            break
        if kept and kept[-1].endswith(".") and bare.lower() in ENGLISH_STOPWORDS:
            break  # "Dr. X. Both sides", "Dr. F. Under anesthesia": the next sentence starts
        kept.append(tok)
    while kept and (len(kept[-1].rstrip(".")) == 1 or kept[-1] in _NAME_PARTICLES):
        kept.pop()  # a trailing initial or particle is more often the next sentence
    if not kept:
        return 0
    name = " ".join(kept)
    # the regex joined tokens with runs of blanks; find the real end in the text
    end = ns
    for tok in kept:
        end = text.index(tok, end) + len(tok)
    poss = _POSSESSIVE.search(text, ns, end)
    if poss:
        end = poss.start()
    if end - ns < 2 or not name[:1].isupper():
        return 0
    label = "DOCTOR" if title in ("Dr", "DR", "Dra", "DRA", "Doctor", "Prof") or title in _INFORMAL_TITLES else "PATIENT"
    scan.emit(ns, end, label, 0.75 if label == "DOCTOR" else 0.6)
    age = _AGE_AFTER_NAME.match(text, end)
    if age:  # "Mr. Parker, 42 yrs, has ..."
        scan.emit(age.start(1), age.end(1), "AGE", 0.8)
    return end


#: Titles in lower case, and "Doc": a doctor's title as messages write it ("saw doctor Kovacs", "hey doc Racz").
_INFORMAL_TITLES = frozenset({"doctor", "dr", "doc", "Doc"})


def _informal_title_ok(scan: Scan, end: int, first: str) -> bool:
    """After a lower-case title or "Doc", one blank and a word in title case that is no stop word: a message's
    "doctor Kovacs", not "the doctor Tuesday", "doc ID: 4", "my doc\nAppointment" or "Doc Martens" in capitals."""
    word = first.rstrip(".")
    low = word.lower()
    return (scan.text[end:end + 1] == " " and word[:1].isupper() and not word.isupper() and len(word) >= 2
            and word not in vocab.NAME_STOPWORDS and low not in ENGLISH_STOPWORDS and low not in clinical_vocabulary()
            and _CALENDAR_WORD.fullmatch(low) is None)


_CALENDAR_WORD = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july"
                            r"|august|september|october|november|december|today|tonight|tomorrow|yesterday")


def _bare_title_ok(scan: Scan, s: int, first: str) -> bool:
    """"Dr Smith" without a full stop: the next word must read as a name, not "DR MRI".

    Without the stop, "DR" is as often a model code or an abbreviation (diabetic
    retinopathy, "dual chamber DR"), so the word after it must be in mixed case,
    or in capitals only where the whole line shouts and it is not a test or device code.
    """
    if not first.isupper():
        return True
    if first.lower() in vocab.NOT_INITIALS or first in vocab.DEVICE_CODES:
        return False
    ls = scan.line_start(s)
    le = scan.text.find("\n", s)
    line = scan.text[ls : le if le >= 0 else scan.n]
    return not any(c.islower() for c in line)


def name_value(scan: Scan, start: int, label: str, score: float) -> int:
    """A name from ``start`` to the end of its field, cleaned as a form value is; the end, or 0."""
    text = scan.text
    line_end = text.find("\n", start, start + 120)
    if line_end < 0:
        line_end = min(scan.n, start + 120)
    stop = NAME_STOP.search(text, start, line_end)
    raw = text[start : stop.start() if stop else line_end]
    off, name = clean_name(raw)
    if not name:
        return 0
    scan.emit(start + off, start + off + len(name), label, score)
    return start + off + len(name)


def clean_name(raw: str) -> tuple[int, str]:
    """The name in a field value: titles, credentials and trailing clauses removed.

    Returns (offset in ``raw``, name) or (0, "") when the value does not look like a name.
    """
    value = _SENTENCE_END.split(raw, maxsplit=1)[0]
    value = NAME_TAIL_CUT.sub("", value)
    value = CREDENTIAL_TAIL.sub("", value).rstrip(" \t,;:-")
    if value.endswith(".") and not re.search(r"(?:^|[ \t,])[A-Z]\.$", value):
        value = value.rstrip(".")  # a sentence's full stop, not an initial's
    offset = len(value) - len(value.lstrip(" \t,;"))  # ", None." where a flattened form lost its line break
    value = value.lstrip(" \t,;").rstrip(" \t")
    head = TITLE_HEAD.match(value)
    if head:
        offset += head.end()
        value = value[head.end() :]
    role = ROLE_HEAD.match(value)
    if role:
        offset += role.end()
        value = value[role.end() :]
    if not value or value.lower() in vocab.NON_NAME_VALUES:
        return 0, ""
    tokens = []
    for t in value.split():
        if _CAPS_PAIR.fullmatch(t):
            tokens += t.split(",")  # "DRURER,BINDINA": surname and given name in a header
        elif t.strip(","):
            tokens.append(t.strip(","))
    mixed_case = False
    for i, tok in enumerate(tokens):
        shouting = len(tok) >= 3 and tok.isupper()
        if i and (tok in vocab.NAME_BREAK_WORDS or (shouting and mixed_case)):
            # cut the value before the word (and the blanks and commas before it)
            cut = 0
            for _ in range(i):
                cut = value.index(tokens[_], cut) + len(tokens[_])
            value = value[:cut].rstrip(" \t,")
            tokens = tokens[:i]
            break
        mixed_case = mixed_case or not tok.isupper()
    if not 1 <= sum(t not in _NAME_PARTICLES for t in tokens) <= 5 or len(value) > 60:
        return 0, ""
    capital = 0
    all_caps = all(t.isupper() for t in tokens if t not in _NAME_PARTICLES)
    for tok in tokens:
        if tok in _NAME_PARTICLES:
            continue
        if not _NAME_TOKEN.fullmatch(tok) or tok.lower() in _FUNCTION_WORDS:
            return 0, ""
        bare = tok.rstrip(".")
        if bare.isupper() and 2 <= len(bare) <= 3 and (not all_caps or len(tokens) == 1):
            return 0, ""  # "MI", "CAD": an abbreviation, not a name
        if len(tok.rstrip(".")) >= 2:
            capital += 1
    if capital == 0:
        return 0, ""
    return offset, value


def find_signatures(scan: Scan) -> None:
    """"/s/ Fryderyk Z. Krokosz-Cruz": the name after an electronic signature mark."""
    text = scan.text
    i = text.find("/s/")
    while i >= 0:
        j = i + 3
        while j < scan.n and text[j] in " \t":
            j += 1
        name_value(scan, j, "DOCTOR", 0.8)
        i = text.find("/s/", j)


def _title_words(lang: Languages) -> list[str]:
    """The trigger words of the titles of these languages."""
    return ["dr", "doctor", "doc", "prof", "mr", "mrs", "ms", "miss", "mx"] + (
        ["dra", "sr", "sra", "srta", "don", "doña"] if lang.spanish else []
    )


#: A police or sheriff's officer by rank before an initial and surname or a full name: "Reporting Officer R. Donnellan",
#: "OFC. J. SMITH", "Trooper Dana Wills". (A bare "Officer" before one capitalised word is a role: "Officer Safety".)
_OFFICER = re.compile(
    r"[ODTSP](?<![\w.][ODTSP])(?:fficer|FFICER|fc\.?|FC\.?|eputy|EPUTY|rooper|ROOPER|gt\.|GT\.?|atrolman|ATROLMAN|et\.|ET\.)"
    r"[ \t]+(?P<n>[A-Z]\.[ \t]?[A-Z][A-Za-z'’-]+|[A-Z][a-z]+[ \t]+[A-Z][a-z'’-]+|[A-Z]+[ \t]+[A-Z][A-Z'’-]+)"
    r"(?![\w'’-])"
)


def find_officers(scan: Scan) -> None:
    """An officer's name after the rank (crash, police and EMS reports name the reporting officer)."""
    from .addresses import person_names  # (addresses imports this module)

    names = person_names()
    for m in _OFFICER.finditer(scan.text):
        words = m.group("n").replace(".", " ").split()
        if any(w.capitalize() in vocab.NAME_STOPWORDS or w.lower() in _FUNCTION_WORDS for w in words if len(w) > 1):
            continue
        if "." not in m.group("n") and words[0].capitalize() not in names:
            continue  # "Officer Safety Review": a full name must start with a known given name
        scan.emit(m.start("n"), m.end("n"), "PATIENT", 0.7)


TITLE_WORDS = CueWords("title", _title_words, _name_after_title)
OFFICERS = TextPass(("PATIENT",), lambda scan: scan.may_hold("officer", "ofc", "deputy", "trooper", "sgt", "patrolman",
                                                             "det."), find_officers)
SIGNATURES = TextPass(("DOCTOR",), lambda scan: "/s/" in scan.text, find_signatures)
