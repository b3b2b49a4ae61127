"""Ages: "45 y/o", "45-year-old", "aged 45", "in his 60s", "46 años", and the family history's "Sister (53)".

An age with its unit ("years old", "y/o") is one; "46 yrs" without "old" is far more
often a duration, so it counts only after a person ("Erickson is 46 yrs", "Paul
Anderson, 43 yrs, has"). Bare numbers count only where a family history puts an
age: in brackets after a relative, or after "died at".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import vocab
from .base import CueWords, Languages, NumericShape, Scan, TextPass, started_finditer
from .places import read_list
from ...text import clinical_vocabulary


_AGE_ES_AFTER = re.compile(r"\+?[ \t]+a[ñn]os(?P<edad>[ \t]+de[ \t]+edad)?")
_WORD_AFTER = re.compile(r"[ \t]*[,)]?[ \t]*([A-Za-z][\w/'-]*)")
_CLOSE_PAREN = re.compile(r"[ \t]*\)")
_DEATH_WORDS = frozenset({"died", "passed", "away", "deceased", "death", "expired", "dying"})
_TIME_OR_UNIT_AFTER = re.compile(r"(?i)[ \t]*(?::[0-9]|[ap]\.?m\b|h\b|hrs?\b|hours?\b|o'clock|weeks?|days?|months?|%)")
_AGE_SUBJECTS = frozenset({"he", "she", "patient", "pt", "who", "they"})
_TITLES_BEFORE_NAME = frozenset({"Mr", "Mrs", "Ms", "Miss", "Mx", "MR", "MRS", "MS"})
_PERSON_VERBS = frozenset({
    "is", "was", "has", "had", "presents", "presented", "returns", "returned", "comes", "came", "here",
    "who", "reports", "states", "for", "with", "seen", "referred",
})
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
#: Every cardinal that opens an age in words: the trigger words of ``AGE_IN_WORDS``.
NUMBER_WORDS: tuple[str, ...] = _UNITS + _TEENS + _TENS + ("a",)
#: A number from one to a hundred and twenty-five in words, in any case and with hyphens or blanks.
_NUMBER_IN_WORDS = (
    rf"(?:(?:(?:one|a)[ \t-]+hundred(?:[ \t-]+and)?[ \t-]+)?"
    rf"(?:(?:{'|'.join(_TENS)})(?:[ \t-]+(?:{'|'.join(_UNITS)}))?|{'|'.join(_TEENS)}|{'|'.join(_UNITS)})"
    r"|(?:one|a)[ \t-]+hundred)(?![\w])"
)
_WORD_VALUES = {w: i + 1 for i, w in enumerate(_UNITS)} | {w: i + 10 for i, w in enumerate(_TEENS)} | {
    w: 20 + 10 * i for i, w in enumerate(_TENS)
}
#: A number in words and the unit that makes it an age: "ninety-seven-year-old", "three months old".
_AGE_IN_WORDS = re.compile(
    rf"(?i)(?P<n>{_NUMBER_IN_WORDS})(?=[ \t]*-?[ \t]*(?:years?|yrs?|months?|mos?|weeks?|wks?|days?)[ \t]*-?[ \t]*old(?![a-z])"
    r"|[ \t]+years?[ \t]+of[ \t]+age(?![a-z])|[ \t]*-?(?:yo[mf]?|y/o|y\.o\.)(?![a-z]))"
)


def words_value(phrase: str) -> int:
    """The value of a number written in words ("ninety-seven" -> 97, "One Hundred And One" -> 101)."""
    total = 0
    for w in re.split(r"[ \t-]+", phrase.lower()):
        if w == "hundred":
            total = max(total, 1) * 100
        elif w in _WORD_VALUES:
            total += _WORD_VALUES[w]
    return total


AGE_DECADE_BEFORE = re.compile(r"(?i)(?<![\w])in[ \t]+(?:his|her|their|patient's|pt's)[ \t]+(?:(?:early|mid|late)[ \t-]*)?$")


@dataclass(frozen=True)
class AgePatterns:
    """What the age recognizers compile once per language set."""

    #: "age 45", "aged: 45", "edad 45"
    age_cue: re.Pattern


def compile_patterns(languages: Languages) -> AgePatterns:
    """The same for every language set ("edad" is looked for whenever the cue word "edad" triggers it).

    A banner's "AGE/SEX 67/F" column pair names the age first, so the cue may carry "/sex" or "/gender";
    "Age in years: 54" names its unit; a program prints '"age": 67', "age_years=67", a table "| Age | 67 |";
    "DOB/Age: 03/04/1955 (67)" and "Age/DOB: 67 / 03/04/1955" print the age beside the birth date.
    """
    age_cue = re.compile(
        r"(?i:age[ds]?(?:[ \t]*/[ \t]*(?:sex|gender|dob|d\.o\.b\.?)|[ \t]+in[ \t]+(?:years|yrs)|_(?:years|yrs|y))?|edad)"
        r"(?:\"?[ \t]*(?::|=|-|\|)[ \t]*|\)?[ \t]*:?[ \t]*(?P<dob>[0-9]{1,2}[/.-][0-9]{1,2}[/.-][0-9]{2,4})[ \t]*[(,/][ \t]*|[ \t]+(?:of[ \t]+|de[ \t]+|is[ \t]+|was[ \t]+)?)"
        rf"(?:(?P<n>[0-9]{{1,3}})(?![0-9]|[./,][0-9])|(?P<w>(?i:{_NUMBER_IN_WORDS}))(?![ \t-]*(?i:%|percent|hundred|times|hours?|days?|weeks?|months?)))"
    )
    return AgePatterns(age_cue=age_cue)


def _age_years_old(scan: Scan, m: re.Match) -> None:
    """"45 y/o", "45-year-old", "46 años de edad": an age with its unit, unless it is a bone or gestational age."""
    s, e = m.span("age_n")
    value = int(m.group("age_n"))
    if value > 125:
        return
    words = [w.lower() for w in scan.prev_words(s)[0]]
    spanish = _AGE_ES_AFTER.match(scan.text, e)
    if spanish:
        if not (
            spanish.group("edad")
            or (words[-1:] == ["de"] and len(words) >= 2 and words[-2] in vocab.AGE_ES_PERSON)
            or (words[-1:] and words[-1] in vocab.AGE_ES_AT and words[-2:-1] == ["a"])
        ):
            return
        score = 0.9
    else:
        score = 1.0
    if words and words[-1] in vocab.NON_PERSON_AGE_WORDS or _thing_age(words):
        return
    scan.emit(s, e, "AGE", score)


def _thing_age(words: list[str]) -> bool:
    """The age of a thing: "it is two years old", "it's 5 years old" (a wheelchair, a roof, a car)."""
    last = [w.lower() for w in words[-3:]]
    return last[-2:] in (["it", "is"], ["it", "was"]) or last[-1:] == ["it's"] or last[-1:] == ["it’s"]


#: Kin words of everyday questions beside the notes' relatives: "my mom", "our baby", "my grandma".
KIN: frozenset[str] = vocab.RELATIVES | frozenset({
    "baby", "kid", "child", "boy", "girl", "toddler", "infant", "newborn", "mum", "mommy", "mama", "daddy",
    "grandma", "grandpa", "granny", "nana", "stepmom", "stepdad", "hubby", "son-in-law", "daughter-in-law",
    "mother-in-law", "father-in-law", "grandchild", "granddad", "grandmom", "mam", "gran", "nanna", "lola", "lolo",
})
_RELATIVE_WORDS = "|".join(sorted(KIN, key=len, reverse=True))
#: Words between a relative and "is N" that make N a reading, not an age ("my husband sugar is 99").
_MEASURES = (r"(?:bp|sugars?|glucose|pulse|temp|temperature|weight|score|pain|levels?|count|rate|heart|hr|o2|sats?"
             r"|a1c|inr|psa|number|reading|dose|fever|age)(?![A-Za-z])")
#: Words between a possessive and a kin word: "my little boy", "our eldest daughter", "my elderly mum".
_KIN_ADJECTIVES = r"(?:(?:little|baby|eldest|youngest|oldest|older|younger|elderly|old|twin|new|newborn)[ \t]+)"
#: A relative named after a possessive, with or without a given name: "my son", "our son Ethan", "my mom, Linda,".
_RELATIVE_NAME = (r"(?:my|his|her|our|their|your)[ \t]+(?:" + _KIN_ADJECTIVES + r")?(?:" + _RELATIVE_WORDS + r")"
                  r"(?:[ \t]*,?[ \t]*(?!" + _MEASURES + r")[A-Za-z][A-Za-z'’-]*)?")
_RELATIVE_NAMED = _RELATIVE_NAME + r"(?:[ \t]*,)?"
#: What stands before a bare age in the first person or after a person: "I am 52", "I'm 45",
#: "my husband is 71", "she just turned 40", "he will be 3", "my mom Linda is 78".
_PERSON_BEFORE_AGE = re.compile(
    r"(?i)(?:\b(?:i[ \t]+am|i['’]m|im)"
    r"|\b(?:he|she|who|(?:the[ \t]+)?(?:patient|pt)|" + _RELATIVE_NAMED
    + r"|(?<![\w'’])(?:mum|mom|dad|nan|nana|gran|granny|grandma|grandpa|grandad|granddad))"  # "Mum is 84"
    r"[ \t]+(?:is|was|(?:just[ \t]+)?turned|turns|will[ \t]+be)"
    r"|\bi[ \t]+(?:just[ \t]+)?turned"
    r"|\b(?:he|she|who)['’]?s)"  # "my son (he's 7)", texted without the apostrophe: "shes 47"
    r"[ \t]+(?:now[ \t]+|only[ \t]+|almost[ \t]+|nearly[ \t]+)?$"
)
#: A relative right before a bare age in brackets or commas: "my grandma (84)", "my grandson Noah, 6, has".
_RELATIVE_BEFORE_BRACKET = re.compile(r"(?i)\b" + _RELATIVE_NAME + r"[ \t]*[(,][ \t]*$")
#: After a bare age: not a measure, a time, a score, a size or a rank ("I am 5 days late", "she is 8/10").
_NOT_AGE_AFTER = re.compile(
    r"(?i)[ \t]*(?:[/:'’\"″′x%.,]?[0-9]|[/'’\"″′%x]|-[0-9]|(?:st|nd|rd|th)\b|out\b|of\b|percent|points?\b|"
    r"weeks?\b|wks?\b|days?\b|months?\b|mos?\b|hours?\b|minutes?\b|inches|inch\b|foot\b|stone\b|"
    r"o'clock|degrees?\b|centimet|millimet|kilo|pounds?\b|ounces?\b|cups?\b|glasses\b|drinks?\b|"
    r"cigarettes?\b|packs?\b|times\b|years?\b|yrs?\b|"
    r"(?:to|or)[ \t]+[0-9]+(?:\.[0-9]+)?[ \t]*(?:cm|mm|mg|kg|lbs?|cc|ml|%)(?![a-z]))"  # "she was 3 to 4 cm dilated"
)


#: A relative named by a given and a family name, in any case, perhaps set off by commas: "my mum rosalind
#: okafor", "My partner, Rebeca Andrade,". The given name must be a listed one (``_full_name``).
_RELATIVE_FULL_NAME = (r"(?<![\w'’])(?i:my|his|her|our|their|your)[ \t]+(?i:" + _RELATIVE_WORDS + r")(?:[ \t]*,)?[ \t]+"
                       r"(?P<first>[A-Za-z][A-Za-z'’-]*)[ \t]+(?P<last>[A-Za-z][A-Za-z'’-]*)(?:[ \t]*,)?")
#: "my mum rosalind okafor is 91", "my mum, rosalind okafor, is 91".
_FULL_NAME_VERB = re.compile(_RELATIVE_FULL_NAME + r"[ \t]+(?i:is|was|(?:just[ \t]+)?turned|turns|will[ \t]+be)"
                             r"[ \t]+(?i:now[ \t]+|only[ \t]+|almost[ \t]+|nearly[ \t]+)?$")
#: "my mum lisa williams (86)", "My partner, Rebeca Andrade, 63,".
_FULL_NAME_BRACKET = re.compile(_RELATIVE_FULL_NAME + r"[ \t]*[(,]?[ \t]*$")
#: A given and a family name alone before a bracketed age: "rosalind okafor (91) has been confused".
_NAME_BEFORE_BRACKET = re.compile(r"(?<![\w'’.,-])(?P<first>[A-Za-z][A-Za-z'’-]*)[ \t]+(?P<last>[A-Za-z][A-Za-z'’-]*)[ \t]*\([ \t]*$")
#: After such a bracketed age, the sentence goes on about the person: "(91) has been", "(45) presented with".
_GOES_ON_AFTER_BRACKET = re.compile(r"[ \t]*\)[ \t]+(?:and[ \t]+|who[ \t]+|still[ \t]+|just[ \t]+)?(?P<w>[a-z]+)\b")
#: An age in months after a person and "is", the sentence going on: "my baby Holly is 9 months and", "is 9 months."
_MONTHS_AGE_AFTER = re.compile(r"(?i)[ \t]+(?:months?|mos?)(?:[ \t]*(?:$|[,.;!?)])|[ \t]+(?:and|old|now|today)\b)")


def _full_name(m: re.Match | None, relative: bool = True) -> bool:
    """A match of the full-name forms whose first word is a listed given name and whose second is no
    reading ("my husband blood sugar is 99", "my son heart rate is 80" are no names). After a possessive
    relative (``relative``) any listed given name will do and the family name may be a word ("my mum Carol
    Arce (37)", "my mum kenneth little (24)"); alone, the given name must be no word of the allowlist and
    the family name no clinical word ("Vitamin D (25)")."""
    if m is None:
        return False
    first, last = m.group("first").lower(), m.group("last").lower()
    if re.match(_MEASURES, last) is not None or last in _NOT_SURNAMES:
        return False
    if relative:
        return first in all_given_names()
    return first in listed_given_names() and last not in clinical_vocabulary()


#: Words a reading or a clause puts where a surname would stand: "my mum sandra also is", "my dad kevin still".
_NOT_SURNAMES = frozenset("""also still just now really only is was has had who which that and but pressure oxygen
sats saturation ketones sugar sugars bmi iron sodium potassium cholesterol tsh creatinine height blood pain
temp fever weight""".split())


#: A word and a verb of being right before a bare number: "Liam is 3", "and Grace just turned 40".
_WORD_BEFORE_AGE = re.compile(
    r"(?<![\w'’-])(?P<w>[A-Za-z][a-z]+)[ \t]+(?:is|was|(?:just[ \t]+)?turned|turns|will[ \t]+be)"
    r"[ \t]+(?:now[ \t]+|only[ \t]+|almost[ \t]+|nearly[ \t]+)?$"
)


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """Given names (lower case) that two or more locales list and that are no common or clinical word
    of the allowlist: "liam", "olivia", "kevin", not "will", "grace", "rock", "miner"."""
    allow = frozenset(read_list("clinical_allow.txt"))
    names = set()
    for line in read_list("first_names.txt"):
        parts = line.split("\t")
        if len(parts) >= 3 and parts[2].isdigit() and int(parts[2]) >= 2:
            key = parts[0].lower()
            if key not in allow:
                names.add(key)
    return frozenset(names)


@lru_cache(maxsize=1)
def listed_given_names() -> frozenset[str]:
    """Every listed given name (lower case) that is no word of the allowlist: "rosalind", "tapani", not "will".
    Enough where a family name and a relative or a bracketed age say a person is named (``_full_name``)."""
    allow = frozenset(read_list("clinical_allow.txt"))
    return frozenset(k for k in (line.split("\t")[0].lower() for line in read_list("first_names.txt")) if k not in allow)


@lru_cache(maxsize=1)
def all_given_names() -> frozenset[str]:
    """Every listed given name (lower case), words too ("carol", "rose", "grace")."""
    return frozenset(line.split("\t")[0].lower() for line in read_list("first_names.txt"))


def _person_age(scan: Scan, s: int, e: int) -> bool:
    """"I am 52", "I'm 45 and pregnant", "my husband is 71", "Liam is 3": a bare number after a person
    (a pronoun, a relative or a common given name) and a verb of being."""
    value = int(scan.text[s:e])
    if not 1 <= value <= 120:
        return False
    lo = max(scan.line_start(s), s - 40)
    if _MONTHS_AGE_AFTER.match(scan.text, e):  # "my baby Holly is 9 months and has", not "5 months pregnant"
        return _PERSON_BEFORE_AGE.search(scan.text, lo, s) is not None or _full_name(
            _FULL_NAME_VERB.search(scan.text, max(scan.line_start(s), s - 60), s))
    if scan.unit_after(e) or _NOT_AGE_AFTER.match(scan.text, e):
        return False
    if _PERSON_BEFORE_AGE.search(scan.text, lo, s) is not None:
        return True
    if _full_name(_FULL_NAME_VERB.search(scan.text, max(scan.line_start(s), s - 60), s)):
        return True
    named = _WORD_BEFORE_AGE.search(scan.text, lo, s)
    return named is not None and named.group("w").lower() in given_names()


#: "At 91 she still drives", "at ninety-one, he lives alone": "at" opening a clause, an age, and its subject.
_AT_BEFORE_AGE = re.compile(r"(?i)(?:^|(?<=[.;:(]|\n)|(?<=[.;:(][ \t])|(?<=\band[ \t])|(?<=\bbut[ \t]))[ \t]*at[ \t]+$")
_SUBJECT_AFTER_AGE = re.compile(r"(?i),?[ \t]+(?:she|he|i|we|they)[ \t]+(?!is\b|was\b|am\b|are\b)[a-z]")


def _at_age_clause(scan: Scan, s: int, e: int, value: int) -> bool:
    """"At 91 she still lives independently": an age of 13 or more (no hour of the clock) between a clause's "at"
    and its subject pronoun and verb ("at 12 she was seen" is a time; "at 40 he is" a speed or a dose)."""
    if not 13 <= value <= 120 or _SUBJECT_AFTER_AGE.match(scan.text, e) is None:
        return False
    return _AT_BEFORE_AGE.search(scan.text, max(0, s - 12), s) is not None


def small_number_age(scan: Scan, s: int, e: int) -> None:
    """Ages given without "years": "Sister (53) with lupus", "died at 95", "I am 52", "my husband is 71"."""
    text = scan.text
    if _person_age(scan, s, e) or _at_age_clause(scan, s, e, int(text[s:e])):
        scan.emit(s, e, "AGE", 0.8)
        return
    if s >= 2 and text[s - 1] == "(" and text.startswith(")", e):
        words = scan.prev_words(s - 1)[0]
        if words and words[-1].lower() in KIN and 1 <= int(text[s:e]) <= 120:
            scan.emit(s, e, "AGE", 0.8)
        elif _relative_bracket(scan, s, e) or _named_bracket(scan, s, e):
            scan.emit(s, e, "AGE", 0.8)
    elif s >= 2 and text[s - 2 : s].strip() == "," and _relative_bracket(scan, s, e):
        scan.emit(s, e, "AGE", 0.8)
    elif s >= 2 and text[s - 2 : s].strip() == "," and _named_apposition(scan, s, e):
        scan.emit(s, e, "AGE", 0.8)
    elif s >= 3 and text[s - 3 : s] == "at ":
        words = scan.prev_words(s)[0]
        if (
            len(words) >= 2
            and words[-1].lower() == "at"
            and words[-2].lower() in _DEATH_WORDS
            and 1 <= int(text[s:e]) <= 120
            and not _TIME_OR_UNIT_AFTER.match(text, e)
        ):
            scan.emit(s, e, "AGE", 0.8)


_COMMA_CLOSE = re.compile(r"[ \t]*,")


def _relative_bracket(scan: Scan, s: int, e: int) -> bool:
    """"our son Ethan (3)", "my grandson Noah, 6, has": a bare number closed like an aside, right after
    a possessive relative and perhaps the relative's name. Not a count or a measure ("my son, 6 ft,")."""
    text = scan.text
    opener = text[s - 1] if text[s - 1] in "(," else text[s - 2]
    closed = _CLOSE_PAREN.match(text, e) if opener == "(" else _COMMA_CLOSE.match(text, e)
    if not closed or not 1 <= int(text[s:e]) <= 120:
        return False
    lo = max(scan.line_start(s), s - 60)
    return _RELATIVE_BEFORE_BRACKET.search(text, lo, s) is not None or _full_name(_FULL_NAME_BRACKET.search(text, lo, s))


def _named_bracket(scan: Scan, s: int, e: int) -> bool:
    """"rosalind okafor (91) has been confused", "John Smith (45) presented": a bracketed number after a
    common given name and a family name, the sentence going on about the person in lower case."""
    text = scan.text
    if not 1 <= int(text[s:e]) <= 120 or not _GOES_ON_AFTER_BRACKET.match(text, e):
        return False
    return _full_name(_NAME_BEFORE_BRACKET.search(text, max(scan.line_start(s), s - 50), s), relative=False)


#: A comma closing an apposition and the lower-case word the sentence goes on with: ", presented", ", was".
_APPOSITION_GOES_ON = re.compile(r",[ \t]+(?:and[ \t]+|who[ \t]+)?(?P<w>[a-z]+)\b")


def _named_apposition(scan: Scan, s: int, e: int) -> bool:
    """"John Smith, 45, presented", "My father, Bartholomew Nkemelu, 84, was": a bare number set off by commas
    right after a first and last name (or a titled name), the sentence going on in lower case. Not a list of
    values ("Hemoglobin A1c, 7, 8") nor capitalised clinical words ("Chest Pain, 3, ..."): both name words are
    no clinical word, and what follows is a lower-case word of prose."""
    if not 1 <= int(scan.text[s:e]) <= 120 or _NOT_AGE_AFTER.match(scan.text, e):
        return False
    goes_on = _APPOSITION_GOES_ON.match(scan.text, e)
    if goes_on is None:
        return False
    words, _, between = scan.prev_words(s)
    if between.strip() != "," or len(words) < 2:
        return False
    clinical = clinical_vocabulary()
    if any(w.lower() in clinical for w in words[-2:] if w not in _TITLES_BEFORE_NAME):
        return False
    return _person_before(scan, words, goes_on.group("w"))


def _age_in_yrs(scan: Scan, m: re.Match) -> None:
    """"Erickson is 46 yrs", "Ms. Gilmore (46 yrs)", "Paul Anderson, 43 yrs, has": an age without "old".

    "N yrs" is far more often a duration ("smoked for 20 yrs", "5 yrs ago"),
    so it is an age only after a person: "<name or pronoun> is/was N yrs", or
    in brackets or commas right after a name; never before "ago", "post", "of".
    """
    s, e = m.span("yrs_n")
    if not 1 <= int(m.group("yrs_n")) <= 120:
        return
    text = scan.text
    nxt = _WORD_AFTER.match(text, m.end())
    next_word = nxt.group(1).lower() if nxt else ""
    if next_word in vocab.DURATION_AFTER:
        return
    if _SEX_WORD_AFTER.match(text, m.end()):
        scan.emit(s, e, "AGE", 0.8)  # "45 yrs, male", "45 YRS F": an age printed with the sex, a duration never is
        return
    words, _, between = scan.prev_words(s)
    if not words:
        return
    last = words[-1]
    ok = False
    if not between and last.lower() in ("is", "was", "now", "turned", "turns"):
        subject = words[-2] if len(words) >= 2 else ""
        ok = subject.lower() in _AGE_SUBJECTS or (
            subject[:1].isupper() and subject not in vocab.NAME_STOPWORDS and person_word(subject)
        )
    elif between.endswith("(") and _CLOSE_PAREN.match(text, m.end()):
        ok = _person_before(scan, words, next_word)  # "Nelriter Davis (83 yrs)"
    elif between == "," and m.end() < scan.n and text[m.end()] == ",":
        ok = _person_before(scan, words, next_word)  # "Paul Anderson, 43 yrs, has"
    elif not between and last.lower() in ("a", "an"):
        ok = _SEX_AFTER.match(text, m.end()) is not None  # "Aaron Thomas is a 74 yrs M here for follow-up"
    if ok:
        scan.emit(s, e, "AGE", 0.8)


def _person_before(scan: Scan, words: list[str], next_word: str) -> bool:
    """Whether the words before an age read as a person: a titled name, a first and last name,
    or a name followed by what a person does ("Theo (70 yrs) is here")."""
    last = words[-1]
    if _lower_titled_name(words):
        return True
    if not (last[:1].isupper() and person_word(last)) or last in vocab.NAME_STOPWORDS:
        return False
    if len(words) >= 2:
        prev = words[-2]
        if prev in _TITLES_BEFORE_NAME:
            return True
        if prev[:1].isupper() and person_word(prev) and prev not in vocab.NAME_STOPWORDS:
            return True
    return next_word in _PERSON_VERBS


#: Titles a note typed in lower case writes before a name: "mr. thomas o'brien, 54, from".
_LOWER_TITLES = frozenset(t.lower() for t in _TITLES_BEFORE_NAME)


def _lower_titled_name(words: list[str]) -> bool:
    """"mr. thomas o'brien", "mrs patel": a lower-case title and one or two lower-case words of a name
    (no clinical or function word), the case a note typed in lower case gives a titled name."""
    for n in (1, 2):
        if len(words) > n and words[-n - 1] in _LOWER_TITLES:
            name = words[-n:]
            return all(w.islower() and len(w) >= 2 and w not in vocab.NAME_STOPWORDS for w in name) and not any(
                w in clinical_vocabulary() for w in name)
    return False


def person_word(word: str) -> bool:
    """A capitalised word that could be a name: not a shouted abbreviation ("DM") nor a disease ("Diabetes")."""
    low = word.lower()
    if word.isupper() and len(word) <= 4:
        return False
    return len(word) >= 2 and not low.endswith(vocab.CONDITION_ENDINGS)


def _decade_age(scan: Scan, m: re.Match) -> None:
    """"in his 60s": a decade is an age only after a possessive."""
    s = m.start()
    lo = max(scan.line_start(s), s - 30)
    if AGE_DECADE_BEFORE.search(scan.text, lo, s):
        scan.emit(s, m.end(), "AGE", 0.7)


#: What closes an age printed beside a birth date: "(67)", "(67 yrs)", "67 y", then a bracket, a comma or the line's end.
_AGE_BESIDE_DOB_END = re.compile(r"(?i)[ \t]*(?:y\.?o\.?|yrs?\.?|years?(?:[ \t]+old)?|y)?[ \t]*(?:[),;|]|\r?\n|$|[ \t]{2})")


def _age_after_cue(scan: Scan, s: int) -> int:
    """"age 45", "aged: 45", "edad 45"."""
    m = scan.p.ages.age_cue.match(scan.text, s)
    if not m:
        return 0
    words = scan.prev_words(s)[0]
    if words and words[-1].lower() in vocab.NON_PERSON_AGE_WORDS or _thing_age(words):
        return m.end()
    if m.group("dob") and not (m.group("n") and _AGE_BESIDE_DOB_END.match(scan.text, m.end("n"))):
        return m.end()  # "Age: 03/04/1955 (5 mg)": only a bare number or one in years beside the birth date
    group = "n" if m.group("n") else "w"
    value = int(m.group("n")) if group == "n" else words_value(m.group("w"))
    if 0 < value <= 125 and not (group == "w" and m.group("w").lower().startswith("a ")):
        scan.emit(m.start(group), m.end(group), "AGE", 0.9)
    return m.end()


def _age_in_words(scan: Scan, s: int) -> int:
    """"a ninety-seven-year-old", "Eleven-year-old", "three months old": an age written in words with its unit."""
    m = _AGE_IN_WORDS.match(scan.text, s)
    if not m and not (s > 0 and scan.text[s - 1] == "-"):
        return _person_age_in_words(scan, s)
    if not m or (s > 0 and scan.text[s - 1] == "-"):
        return 0
    phrase = m.group("n")
    if phrase.lower().startswith("a") and not phrase.lower().startswith("a "):
        return 0
    words = scan.prev_words(s)[0]
    if words and words[-1].lower() in vocab.NON_PERSON_AGE_WORDS or _thing_age(words):
        return m.end()
    if 0 < words_value(phrase) <= 125:
        scan.emit(s, m.end(), "AGE", 0.9)
    return m.end()


_NUMBER_WORDS_AT = re.compile(rf"(?i){_NUMBER_IN_WORDS}")
#: After a number in words: what makes it a count or a measure, not an age ("he is one of three", "two-pack").
_NOT_WORD_AGE_AFTER = re.compile(r"(?i)-|[ \t]+(?:who|that|which|or|to|more|less|times|in[ \t]+a)\b")


def _person_age_in_words(scan: Scan, s: int) -> int:
    """"I am sixty-two", "my husband is seventy-one", "she just turned forty": a bare age in words after a person.

    The same cue as the bare digits of :func:`small_number_age` (a person and a verb
    of being right before), and the same guard after it: no unit, no "of", no count.
    """
    m = _NUMBER_WORDS_AT.match(scan.text, s)
    if not m or m.group().lower().startswith("a"):
        return 0
    e = m.end()
    if not 1 <= words_value(m.group()) <= 120 or scan.unit_after(e) or _NOT_AGE_AFTER.match(scan.text, e) \
            or _NOT_WORD_AGE_AFTER.match(scan.text, e):
        return 0
    lo = max(scan.line_start(s), s - 40)
    if _PERSON_BEFORE_AGE.search(scan.text, lo, s) is None and not _word_age_aside(scan, s, e) \
            and not _at_age_clause(scan, s, e, words_value(m.group())):
        return 0
    scan.emit(s, e, "AGE", 0.8)
    return e


def _word_age_aside(scan: Scan, s: int, e: int) -> bool:
    """"my wife (ninety-one) was seen", "My partner, Rebeca Andrade, sixty-three, needs": an age in words set
    off by brackets or commas right after a possessive relative and perhaps the relative's full name."""
    text = scan.text
    opener = text[:s].rstrip(" \t")[-1:]
    if opener not in ("(", ","):
        return False
    closed = _CLOSE_PAREN.match(text, e) if opener == "(" else _COMMA_CLOSE.match(text, e)
    if not closed:
        return False
    lo = max(scan.line_start(s), s - 60)
    return _RELATIVE_BEFORE_BRACKET.search(text, lo, s) is not None or _full_name(_FULL_NAME_BRACKET.search(text, lo, s))


def _age_y(scan: Scan, m: re.Match) -> None:
    """"who is 90y", "now 79y, has": a number glued to "y" is an age after "is", "now" or "aged"."""
    s, e = m.span("agey_n")
    if not 0 < int(m.group("agey_n")) <= 125:
        return
    if _BANNER_SEX_AFTER.match(scan.text, m.end()):
        scan.emit(s, e, "AGE", 0.8)  # "DOE,JANE 067Y F 01/02/1955", "JANE DOE, 67Y F, MRN": a banner's age and sex
        return
    words, _, between = scan.prev_words(s)
    if not words or between.strip():
        return
    if words[-1].lower() not in _Y_AGE_BEFORE and not (words[-1].lower() in ("a", "an") and _SEX_AFTER.match(scan.text, m.end())):
        return  # "is a 81y F here": a case summary's age and sex
    nxt = _WORD_AFTER.match(scan.text, m.end())
    if nxt and nxt.group(1).lower() in vocab.DURATION_AFTER:
        return
    scan.emit(s, e, "AGE", 0.8)


#: What may stand before "45M" / "45 F": nothing (a line, a sentence or the text starts), or one of these.
_SEX_AGE_BEFORE = frozenset({"a", "an", "pt", "patient", "is", "am", "im", "i'm", "i’m", "hi", "re", "for", "have"})
#: What follows "45M" / "45 F" in a case summary: punctuation or a word of the presentation, never a device
#: word ("a 14 F Foley", "8F sheath") nor a temperature reading's next words.
_SEX_AGE_AFTER = re.compile(
    r"[ \t]*(?:$|[,.;:)!?\n]|(?i:with|w/|presents?|presenting|presented|pres|c/o|complain\w*|who|here|has|had|s/p"
    r"|h/o|hx|pmh|referred|admitted|comes|came|reports?|being|needs?|smoker|non-?smoker|patient|pt|g[0-9]"
    r"|\(|otherwise|previously|known|recently|w)(?![A-Za-z]))"
)
_FEVER_BEFORE = re.compile(r"(?i)\b(?:temp|temperature|fever|febrile|tmax|t[ \t]*max|degrees?|°)\b")


def _age_sex(scan: Scan, m: re.Match) -> None:
    """"45M with chest pain", "45 F, type 2 diabetes", "pt 67m w/ CHF": a case summary's age glued to its sex.

    Only at a line or sentence start or after "a", "pt", "is" ..., and only when punctuation
    or a presentation word follows, so "14 F Foley", "ran 5m" and "temp 101 F" stay untouched.
    """
    s, e = m.span("sex_n")
    text = scan.text
    if not 1 <= int(m.group("sex_n")) <= 120 or (s > 0 and text[s - 1] in "$£€.,/-+#"):
        return
    words, _, between = scan.prev_words(s)
    lead = text[scan.line_start(s) : s].rstrip(" \t")
    if lead and not lead.endswith((".", "?", "!", ":", ";", "-", "(")) and not (
            words and not between.strip() and words[-1].lower() in _SEX_AGE_BEFORE):
        return
    if _FEVER_BEFORE.search(text, max(scan.line_start(s), s - 40), s):
        return
    if not _SEX_AGE_AFTER.match(text, m.end()):
        return
    scan.emit(s, e, "AGE", 0.8)


#: The sex after "a 74 yrs" or "a 81y" in a case summary, then a presentation word: "M here", "F with".
_SEX_AFTER = re.compile(r"[ \t]+(?:[MFmf]|(?i:male|female))(?![\w/'’-])" + r"(?=" + _SEX_AGE_AFTER.pattern + r")")
#: The sex in capitals after a banner's age ("DOE,JANE 067Y F 01/02/1955", "67Y M, MRN"), then the line's next
#: field: a run of blanks, a comma, bar or bracket, a number, or the line's end.
_BANNER_SEX_AFTER = re.compile(
    r"[ \t]*(?:[MF]|(?i:male|female))(?=[ \t]*(?:$|[,|;)])|[ \t]{2,}|[ \t]+(?:[0-9]|(?i:with|w/|presents?|presenting|here|who)\b))",
    re.M)
#: ", male", " F,", " Female." after an age in years: the sex printed with it.
_SEX_WORD_AFTER = re.compile(r"[ \t]*,?[ \t]*(?:[MF]|(?i:male|female))(?=[ \t]*(?:$|[,.|;)])|[ \t]{2,})", re.M)
_Y_AGE_BEFORE = frozenset({"is", "was", "now", "aged", "age", "turned", "turns", "being", "am", "im", "i'm", "i’m"})


def _age_with_unit_regex(lang: Languages) -> str:
    """A number followed by an age unit ("years old", "y/o"), in lookahead so the span is the number only."""
    return (
        r"(?P<age_n>[0-9]{1,3})\+?(?=(?i:"
        r"[ \t]*-?[ \t]*(?:years?|yrs?|yr\.|y)[ \t]*-?[ \t]*old(?![a-z])"
        r"|[ \t]*-?[ \t]*(?:months?|mos?|mo\.)[ \t]*-?[ \t]*old(?![a-z])"
        r"|-(?:weeks?|wks?|days?)-old(?![a-z])"
        r"|[ \t]*-?(?:yo(?:[mf](?![ \t]+kippur))?|y/o|y\.o\.?|yoa|yr-old|y[ \t-]o)(?![a-z])"
        r"|[ \t]+years?[ \t]+of[ \t]+age(?![a-z])"
        + (r"|[ \t]+a[ñn]os(?![a-z])" if lang.spanish else "")
        + r"))"
    )


AGE_WITH_UNIT = NumericShape("age", _age_with_unit_regex, _age_years_old)
AGE_IN_YRS = NumericShape("yrs", lambda lang: r"(?P<yrs_n>[0-9]{1,3})[ \t]*(?:yrs?|years?|YRS?|YEARS?)\.?(?![\w])", _age_in_yrs)
AGE_SEX = NumericShape("sex", lambda lang: r"(?P<sex_n>[0-9]{1,3})[ \t]?[MFmf](?![\w/'’-]|\.[A-Za-z0-9])", _age_sex)
DECADE = NumericShape("decade", lambda lang: r"[0-9]0[sS](?![\w'’])", _decade_age)
AGE_Y = NumericShape("agey", lambda lang: r"(?P<agey_n>[0-9]{1,3})[yY](?![\w/'’-]|\.[0-9A-Za-z])", _age_y)
AGE_IN_WORDS = CueWords("age_words", lambda lang: NUMBER_WORDS if lang.english else (), _age_in_words)
AGE_WORDS = CueWords("age", lambda lang: ["age", "aged", "ages"] + (["edad"] if lang.spanish else []), _age_after_cue)


#: A question about someone's age: "How old is Ms. Rhodes?", "what age was she?", "Her age?".
_AGE_QUESTION = re.compile(
    r"(?i)(?<![\w])(?:how[ \t]+old|(?:what|which)[ \t]+(?:is[ \t]+|was[ \t]+|'s[ \t]+)?(?:[\w'’]+[ \t]+)?age"
    r"|age[ \t]*\?)(?![\w-])[^?!\n]{0,80}\?"
)
#: The sentence after a question: its answer, up to the end of that sentence.
_ANSWER = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?(?P<a>[^?!\n]{1,100}?)(?:[.!?](?![0-9])|\n|$)")
_ANSWER_NUMBER = re.compile(rf"(?<![\w.,/:-])(?:(?P<d>[0-9]{{1,3}})(?![\w]|[.,/:][0-9])|(?P<w>(?i:{_NUMBER_IN_WORDS})))")
#: After an answer's number: what makes it a measure, a time, a score or a rank, not an age.
#: An age question about people in general, not about someone: "How old is too old ...?", "At what age should ...?".
_GENERAL_AGE_QUESTION = re.compile(
    r"(?i)(?<![\w])(?:should|can|could|do|does|must|to|too|enough|safe|recommended|usually|typically|normally)(?![\w])"
)
_DIGIT_RUN = re.compile(r"[0-9]+")
_MEASURE_BEFORE = frozenset({
    "score", "scored", "weighs", "weight", "rate", "level", "count", "pulse", "temp", "temperature", "dose", "took",
    "takes", "taking", "room", "bed", "page", "ext", "number", "no", "grade", "stage", "day", "week", "size",
})
_YEARS_AFTER = re.compile(r"(?i)[ \t]*(?:years?|yrs?)(?![a-z])")
_NOT_ANSWER_AGE_AFTER = re.compile(
    r"(?i)[ \t]*(?:[/:'’\"″′x%.,]?[0-9]|[/'’\"″′%x]|-[0-9a-z]|(?:st|nd|rd|th)\b|out\b|of\b|percent|points?\b|"
    r"hours?\b|minutes?\b|o'clock|[ap]\.?m\b|degrees?\b|times\b|or\b|to\b|and\b)"
)


def find_question_ages(scan: Scan) -> None:
    """"How old is Kira Cook? The chart says 49.": the one number of the answer to a question about age.

    The answer is the sentence right after the question. A number there is an age
    only when it is the answer's only number, from 1 to 120, and no unit, time,
    score or rank follows it ("Her age? Unknown, BMI 31" has no age; "How old is he?
    He takes 5 mg" neither).
    """
    text = scan.text
    for q in _AGE_QUESTION.finditer(text):
        if _GENERAL_AGE_QUESTION.search(q.group()):
            continue
        a = _ANSWER.match(text, q.end())
        if not a:
            continue
        nums = list(_ANSWER_NUMBER.finditer(text, a.start("a"), a.end("a")))
        digit_runs = _DIGIT_RUN.findall(text, a.start("a"), a.end("a"))
        if len(nums) != 1 or len(digit_runs) > (1 if nums[0].group("d") else 0):
            continue
        n = nums[0]
        s, e = n.span()
        before = scan.prev_words(s)[0]
        if before and ((before[-1].isupper() and not a.group("a").isupper()) or before[-1].lower() in _MEASURE_BEFORE):
            continue  # "HR 72", "score 27", "weighs 40"
        value = int(n.group("d")) if n.group("d") else words_value(n.group("w"))
        if n.group("w") and (n.group("w").lower().startswith("a") or value == 1):
            continue  # "a hundred", "no one knows"
        if not 1 <= value <= 120 or _NOT_ANSWER_AGE_AFTER.match(text, e) or (
                scan.unit_after(e) and not _YEARS_AFTER.match(text, e)):
            continue
        scan.emit(s, e, "AGE", 0.8)


QUESTION_AGES = TextPass(("AGE",), lambda scan: "?" in scan.text, find_question_ages)


#: "DOB: 09/01/1998 (27y)", "Birth Date 1954-03-12 (67)": the age in brackets right after a birth date.
_AGE_IN_BRACKETS = re.compile(r"\((?P<n>[0-9]{1,3})(?:[ \t]?(?i:y|yo|yrs?|years?|y\.o\.?|y/o))?\)")
_BIRTH_DATE_BEFORE = re.compile(
    r"(?i:\b(?:dob|d\.o\.b\.?|birth[ \t]*date|date[ \t]+of[ \t]+birth|born|birthdate))[ \t:#]*"
    r"(?:[0-9]{1,4}[/.-][0-9]{1,2}[/.-][0-9]{2,4}|[0-9]{1,2}[ -]?[A-Za-z]{3,9}[ -]?[0-9]{2,4}|[A-Za-z]{3,9}\.?[ \t]+[0-9]{1,2},?[ \t]+[0-9]{4})"
    r"[ \t]*$"
)


#: "DOE, JANE  67/F  MRN 1234567", "Sex/Age: F/67": a banner's age and sex joined by a slash, between the fields
#: of the line (its start, a run of blanks, a comma, bar or bracket on both sides).
_AGE_SLASH_SEX = re.compile(
    r"(?:^|(?<=[ \t]{2})|(?<=[,|(:][ \t])|(?<=[,|(:]))(?:(?P<n>[0-9]{1,3})/[MF]|[MF]/(?P<m>[0-9]{1,3}))"
    r"(?=[ \t]*(?:$|[,|;)])|[ \t]{2,})", re.M)
#: "Name/Age: John Smith / 45", "DOB/Age: 01/02/1970 / 45": a label of two fields, the age the second value.
_SLASH_LABEL_AGE = re.compile(
    r"(?i:\b(?:name|dob|d\.o\.b\.?|sex|gender|birth[ \t]*date)[ \t]*/[ \t]*age)[ \t]*[:#]?[ \t]*[^\n]{1,40}?"
    r"[ \t]/[ \t]*(?P<n>[0-9]{1,3})(?![0-9/])"
)
#: "JOHN SMITH | 45 | M |", "45,F,": an age cell next to the sex cell of a row without a header. The sex cell
#: (found first: its delimiter leads the pattern, so the engine skips ahead) and the number in the cell before or after.
_SEX_CELL = re.compile(r"[|,\t] ?(?:[MF]|Male|Female) ?[|,\t]")
_AGE_CELL_BEFORE = re.compile(r"(?:^|[|,\t]) ?(?P<n>[0-9]{1,3}) ?$")
_AGE_CELL_AFTER = re.compile(r" ?(?P<n>[0-9]{1,3}) ?(?:[|,\t]|$)", re.M)
#: "MILLER, SUSAN  (37 yrs F)", "(9Y F)": a banner's age, unit and sex in brackets.
_AGE_SEX_IN_BRACKETS = re.compile(r"\((?P<n>[0-9]{1,3})[ \t]?(?i:y|yo|yrs?|years?|y\.o\.?|y/o)[ \t]+(?i:m|f|male|female)\)")


_BARE_AGE_AFTER_NAME = re.compile(r"[ \t]*\((?P<n>[0-9]{1,3})\)")
#: "F, 67, presents with cough", "M, 45, with chest pain": a record's sex and age copied into a sentence, each
#: closed by a comma; a word follows.
_SEX_COMMA_AGE = re.compile(r"(?<![\w./°-])(?P<sex>[MFmf]|Male|Female|male|female)[ \t]*,[ \t]*(?P<n>[0-9]{1,3})[ \t]*,"
                            r"(?=[ \t]+[A-Za-z(])")
#: Where a ``_SEX_COMMA_AGE`` can start: the sex's first letter after no word character, the rest of the word
#: and the comma (``started_finditer``: the engine skips to those letters instead of trying the look-behind
#: at every character).
_SEX_COMMA_START = re.compile(r"[MFmf](?<![\w./°-].)(?:ale|emale)?[ \t]*,")
#: Where an ``_AGE_SLASH_SEX`` can start: "67/F" or "F/67".
_SLASH_SEX_START = re.compile(r"[0-9]{1,3}/[MF]|[MF]/[0-9]")


def _sex_comma_ages(scan: Scan) -> None:
    """The age of "F, 67, presents ...", only at a line or sentence start or after "a", "pt", "is", "of" ...
    and with no temperature reading before it ("Temp 101 F, 2 doses" has no such shape anyway)."""
    text = scan.text
    lower_text = text.islower()
    for m in started_finditer(_SEX_COMMA_AGE, _SEX_COMMA_START, text):
        s = m.start()
        lead = text[scan.line_start(s) : s].rstrip(" \t")
        words = lead.split()
        if lead and not lead.endswith((".", "?", "!", ":", ";", "-", "(")) and words[-1].lower() not in _SEX_AGE_BEFORE and words[-1].lower() != "of":
            continue
        if not 0 < int(m.group("n")) <= 120 or _FEVER_BEFORE.search(text, max(scan.line_start(s), s - 40), s):
            continue
        if m.group("sex") in ("m", "f") and not lower_text:
            continue  # "f, 67," only in a note typed in lower case: elsewhere a lower-case letter is no sex
        scan.emit(m.start("n"), m.end("n"), "AGE", 0.8)


def find_ages_after_birth_dates(scan: Scan) -> None:
    """The age a banner prints in brackets after the birth date ("DOB (Age)": "DOB: 09/01/1998 (27y)"), or with its
    unit and the sex ("(37 yrs F)")."""
    text = scan.text
    for m in _AGE_IN_BRACKETS.finditer(text):
        if 0 < int(m.group("n")) <= 125 and _BIRTH_DATE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.85)
    for m in _AGE_SEX_IN_BRACKETS.finditer(text):
        if 0 < int(m.group("n")) <= 125:
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.85)
    for m in _SLASH_LABEL_AGE.finditer(text) if "/age" in scan.lower else ():
        if 0 < int(m.group("n")) <= 125:
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.8)
    for m in _SEX_CELL.finditer(text):
        d = text[m.start()]
        age = _AGE_CELL_BEFORE.search(text, max(0, m.start() - 6), m.start())
        if not age and text[m.end() - 1] == d:
            age = _AGE_CELL_AFTER.match(text, m.end())
        if age and 0 < int(age.group("n")) <= 125:
            scan.emit(age.start("n"), age.end("n"), "AGE", 0.8)
    if "(" in text:  # "Patient: Smith, John (67)": a banner's bare age in brackets right after the patient's name
        for end in {e for _, e, lab, _, _ in scan.out if lab == "PATIENT"}:
            m = _BARE_AGE_AFTER_NAME.match(text, end)
            if m and 0 < int(m.group("n")) <= 120:
                scan.emit(m.start("n"), m.end("n"), "AGE", 0.8)
    if "F," in text or "M," in text or "e," in text or "f," in text or "m," in text:
        _sex_comma_ages(scan)
    if "/M" in text or "/F" in text or "M/" in text or "F/" in text:
        for m in started_finditer(_AGE_SLASH_SEX, _SLASH_SEX_START, text):
            g = "n" if m.group("n") else "m"
            if 0 < int(m.group(g)) <= 125:
                scan.emit(m.start(g), m.end(g), "AGE", 0.8)


AGES_AFTER_BIRTH_DATES = TextPass(("AGE",), lambda scan: scan.has_digit, find_ages_after_birth_dates)
