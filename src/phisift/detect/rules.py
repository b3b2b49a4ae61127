"""Pattern detector for English and Spanish clinical notes.

Finds the PHI that has a shape: dates, ages, phone and fax numbers, e-mail and
web addresses, IP addresses, SSNs, identifiers after cue words (MRN, Acct #,
NHC, DEA, ...), ZIP codes, street addresses, cities and states in an address
line or letterhead block, the names and hospitals that form fields announce
("Patient Name:", "Attending:", "Signed by"), login names in audit lines
("Entered by: jdoe2"), and the dictation stamps of transcribed notes ("JH:kk").
Labels are i2b2 2014 subtypes.

How it stays fast (it runs over every character of every note): a note is
scanned by one combined regex for numeric tokens, one trie regex of trigger
words, and a few scans led by a literal (",", "@", "://", ".com") that only run
when the literal occurs. Each hit is then checked in Python with cheap
arithmetic (month 1-12, octet <= 255, DEA check digit) and a look at the few
words before it ("on 4/3" is a date, "BP 120/80" and "1/2 tab" are not).

Scores: 1.0 for unambiguous formats (e-mail, SSN shape, full dates), 0.8-0.9 for
cued or well-formed values, 0.4-0.7 for guesses (bare ID-looking numbers,
"on 4/3", "in 2015"), so the combiner and ``min_score`` can trade recall for
precision.
"""

from __future__ import annotations

import ipaddress
import re
from bisect import bisect_left
from typing import Callable, Iterable

from ..document import Span
from ..taxonomy import I2B2_LABELS
from .patterns import regexes as rx
from .patterns import vocab
from .patterns.checks import (
    MAX_YEAR,
    compact_date_ok,
    count_digits,
    day_month_either,
    dea_ok,
    ipv4_ok,
    luhn_ok,
    month_day_ok,
    vin_ok,
    year4_ok,
)

__all__ = ["RuleDetector", "detect_rules", "LANGUAGES"]

LANGUAGES = ("en", "es")

#: Span kinds: a cue-word ID value overrides other rule spans on the same characters;
#: a weak guess gives way to any other rule span.
_PLAIN, _CUE, _WEAK = 0, 1, 2

_STATE_NAME_SET = frozenset(vocab.STATE_NAMES)
_FRACTION_DENOMINATORS = frozenset({2, 3, 4})
_NAME_PARTICLES = frozenset(
    {"van", "von", "de", "del", "la", "da", "di", "le", "y", "der", "den", "du", "dos", "das", "St", "St."}
)
_HOSPITAL_CONNECTORS = frozenset(
    {"of", "the", "for", "and", "&", "de", "del", "la", "las", "los", "y", "at", "in", "el", "-"}
)
_NAME_TOKEN = re.compile(r"[A-ZÁÉÍÓÚÑÜÇÀÈÒÏ](?:[^\W\d_]|['’-])*\.?|(?:[A-Z]\.)+[a-zª]?|M[ªa]\.?")
_HOSPITAL_TOKEN = re.compile(r"[A-Z0-9ÁÉÍÓÚÑ][\w'’.&/-]*")
_SHORT_DATE_PREV = re.compile(r"[0-9]{1,2}/[0-9]{1,2}(?:/[0-9]{2,4})?")
_BOL_BULLET = re.compile(r"(?:[-*•]|[0-9]{1,2}[.)])?")
_AFTER_BOL_YEAR = re.compile(r"[ \t]*(?::|-[ \t]|–)")
_YEAR_RANGE_AFTER = re.compile(r"[ \t]*(?:-|–|to)[ \t]*(?:1[89]|2[01])[0-9]{2}(?![0-9])")
_YEAR_RANGE_BEFORE = re.compile(r"(?<![0-9])(?:1[89]|2[01])[0-9]{2}[ \t]*(?:-|–|to)[ \t]*$")
_AGE_ES_AFTER = re.compile(r"\+?[ \t]+a[ñn]os(?P<edad>[ \t]+de[ \t]+edad)?")
_USERNAME_VALUE = re.compile(r"[A-Za-z0-9][\w.@-]*")
_POSSESSIVE = re.compile(r"['’]s$")
_STREET_BEFORE_DR = re.compile(r"[0-9]+[A-Za-z]?[ \t]+(?:[A-Z][\w'’-]*\.?[ \t]+){1,4}$")
_NAME_LABEL_WORDS = frozenset({
    "patient", "patient's", "pt", "pt's", "full", "legal", "first", "last", "given", "family", "print",
    "printed", "your", "patients", "client",
})
#: Reversed: blanks, punctuation, then up to three blank-separated words, nearest first.
_WORD_CHARS = r"(?:[^\W\d_]|['’/.-])+"
_PREV_WORDS = re.compile(
    rf"[ \t]*(?P<between>[:#\-–,=(\[]*)[ \t]*"
    rf"(?:(?P<w1>{_WORD_CHARS})(?:[ \t]+(?P<w2>{_WORD_CHARS})(?:[ \t]+(?P<w3>{_WORD_CHARS}))?)?)?"
)
_ES_CITY_AFTER = re.compile(
    r",?[ \t]+(?:-[ \t]+)?"
    r"(?P<city>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:(?:[ \t]+|-)(?:de|del|la|las|los|[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+))*)"
    r"(?=[ \t]*(?:[,.(\n\r]|$|-[ \t]))"
)
#: A full stop that ends a sentence, not an initial's ("Smith, John A." keeps its stop).
_SENTENCE_END = re.compile(r"(?<![ \t,.][A-Z])(?<!^[A-Z])\.(?=[ \t]|$)")
_SHORT_RANGE_NEXT = re.compile(r"[ \t]*(?:-|–|to|through|thru)[ \t]*([0-9]{1,2})/([0-9]{1,2})(?![0-9]|[/.:][0-9])")
_COLON_AFTER = re.compile(r":[ \t]")
_CAPS_PAIR = re.compile(r"[A-Z][A-Z'’-]+,[A-Z][A-Z'’-]+")
_MONTH_NAME = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)(?![\w'’-])"
)
_MONTH_ALONE_CUES = frozenset({
    "in", "since", "until", "till", "by", "during", "early", "late", "mid", "last", "next", "this", "before",
    "after", "through", "from", "of", "every",
})
_SCALE_WORDS = frozenset({"pain", "score", "scale", "strength", "grade", "ratio", "vision", "acuity", "bp", "power"})
#: Values after "Address:" that are not a street: an IP or MAC address, a placeholder, no fixed abode.
_NOT_STREET_VALUE = re.compile(
    r"(?i)[ \t]*(?:[0-9a-f.:]+[ \t]*$|(?:homeless|none|unknown|n/a|same|see|on[ \t]+file|not|no|"
    r"confirmed|verified|updated|unchanged|as[ \t]+above|above|below|in[ \t]+chart)(?![\w/])|$)"
)
_LINE_END = re.compile(r"[ \t]*(?:\r?\n|$)")
_CITY_LINE = re.compile(r"[ \t]*(?P<city>[A-Z][A-Za-z'’.-]+(?:[ \t]+[A-Z][A-Za-z'’.-]+){0,3}),?[ \t]+")
_STREET_SUFFIX_RE = "|".join(
    sorted({w for s in vocab.STREET_SUFFIXES for w in (s.title(), s.upper())}, key=len, reverse=True)
)
#: A line holding only a street: a house number and capitalised words ("565 Kelly Mission",
#: "01896 Price Brooks Suite 441"), or capitalised words ending in a street suffix ("Levan Terrace").
_STREET_LINE = re.compile(
    r"[ \t]*(?P<st>[0-9]{1,6}[A-Za-z]?(?:-[0-9]{1,4})?[ \t]+(?:[NSEW]\.?[ \t]+)?[A-Z][\w'’.-]*"
    r"(?:[ \t]+(?:[A-Z0-9#][\w'’.#-]*|of|de|la|del))*"
    rf"|(?:[NSEW]\.?[ \t]+)?(?:[A-Z][\w'’-]*[ \t]+){{1,4}}(?:{_STREET_SUFFIX_RE})\.?"
    r"(?:,?[ \t]+(?:Apt|Suite|Unit|Ste|APT|SUITE|UNIT|STE|#)\.?[ \t]*#?[A-Za-z0-9-]+)?)[ \t,]*"
)
_STREET_BEFORE_CITY = re.compile(
    rf"[ \t]*(?P<st>(?:[0-9]{{1,6}}[ \t]+)?(?:[A-Z][\w'’-]*[ \t]+){{1,4}}(?:{_STREET_SUFFIX_RE})\.?),[ \t]*"
)
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
#: A licence plate written in two groups, with letters and digits: "114 RM9", "9NM 882", "ABC 1234".
_PLATE = re.compile(r"(?=[A-Z0-9 -]{0,8}[A-Z])(?=[A-Z0-9 -]{0,8}[0-9])[A-Z0-9]{1,4}[ -][A-Z0-9]{2,4}(?![\w-])")
#: "x8042": the regex opens with the letter (not a look-behind) so the engine can skip ahead to it.
_X_EXTENSION = re.compile(r"[xX](?<![\w.][xX])(?P<n>[0-9]{3,5})(?![\w-]|\.[0-9A-Za-z])")
_CREDENTIAL = (
    r"(?:M\.?D\.?|D\.?O\.?|NP|PA-C|FACS|FACP|FACC|Ph\.?D\.?|MSW|LICSW|LCSW|RN|[A-Z]NP-BC|CNM|CRNA"
    r"|PGY-?[0-9]|MPH|DNP|PharmD)"
)
#: "MD, PhD p 0-9972", "MD  #70585", "MD, FACP  pgr 6-2115": a pager number right after a signature's
#: credentials; matched backwards from the number, which the numeric pass finds anyway.
_PAGER_BEFORE = re.compile(
    rf"(?<![\w.]){_CREDENTIAL}(?:[ \t]*,?[ \t]*{_CREDENTIAL})*[ \t]*,?[ \t]*"
    r"(?:p|pgr|pager|beeper|#{1,2})\.?[ \t]*#?[ \t]*$"
)
#: The subject words a fax or letter puts before the patient's name after "Re:".
_RE_SUBJECT = re.compile(
    r"(?i:(?:referral|referrals|request|requests|records?|consult|consultation|follow-?up|results?|report|"
    r"reports|medical|lab|labs|imaging|transfer|appointment|new|urgent|patient|pt|release|information|"
    r"info|prior|authorization|auth|and|&|of|for|your|our)(?![\w'’])[ \t]*)*"
    r"(?:[-–:][ \t]*)?"
)
_SERVICE_HEAD = re.compile(r"[A-Za-z/-]+")
#: After a login name in a log line: a date or time, a bar, or the end of the line.
_AFTER_LOGIN = re.compile(r"[ \t]*(?:on[ \t]+|at[ \t]+)?(?:[0-9]|\||\r?\n|$)")
_PAREN_LOWER = re.compile(r"\((?P<u>[a-z][a-z0-9._-]{1,40}[a-z0-9])\)")
_NAME_BEFORE_PAREN = re.compile(
    r"(?<![\w.])(?:[A-Z][a-z'’-]+|[A-Z]\.)(?:[ \t]+(?:[A-Z][a-z'’-]+|[A-Z]\.?)){1,3}[ \t]*$"
)
#: A line holding only initials, optionally with the typist's after ":" or "/" ("JH:kk", "K.R./kk", "KF");
#: no blank around the separator, which sets the stamp apart from a form field ("CC: gout").
_INITIALS_LINE = re.compile(
    r"(?m)^[ \t]*(?P<d>(?:[A-Za-z]\.){2,3}|[A-Za-z]{2,4})"
    r"(?:[:/](?P<t>(?:[A-Za-z]\.){2,4}|[A-Za-z]{2,4}))?[ \t]*\r?$"
)
_DATE_ROW = re.compile(
    r"[ \t]*(?:(?i:dates?|days?|labs?|data|results|values|collected|drawn)[ \t]*:?[ \t]+)?"
    r"(?P<row>[0-9]{1,2}/[0-9]{1,2}(?:[ \t]+[0-9]{1,2}/[0-9]{1,2})*)[ \t|]*\r?"
)
_SHORT_DATE_PAIR = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")
#: A number, or a dash and a number, after a bare year: a row of values or a range, not a year.
_NEXT_VALUE = re.compile(r"[ \t]*(?:[-–][ \t]*)?[0-9]")
_QUANTITY_AFTER = re.compile(r"(?i)-?" + rx.UNIT_AFTER.pattern.removeprefix("(?i)") + r"|[ \t]+of[ \t]")
_AGE_AFTER_NAME = re.compile(
    r",[ \t]*([0-9]{1,3})(?=[ \t]*(?:,|(?:yrs?|years?|y/?o|yo|M|F|male|female|man|woman)(?![\w])|-year))"
)
_PAREN_YEAR_END = re.compile(r"[)\],;]|[ \t]*(?:-|–|and|&|to)[ \t]*(?:1[89]|2[01])[0-9]{2}(?![0-9])")
_PLACE_FIELDS = {"f_HOSPITAL": ("HOSPITAL", 0.75), "f_CITY": ("CITY", 0.8), "f_COUNTRY": ("COUNTRY", 0.8)}
_CAPITAL_WORD = re.compile(r"[ \t]+[A-Z][a-z]")
_PHONE_VALUE = re.compile(r"[0-9]+(?:[-. ][0-9]+)*")
_SPANISH_STREET_WORDS = ("calle", "c/", "avda", "avenida", "av.", "paseo", "carrer", "avinguda", "passeig")
_MARKED_CUE = re.compile(r"(?i)[:#=º°]|(?<![a-z])(?:no|num|number|nbr|id)(?![a-z])")


class RuleDetector:
    """Pattern detector: text in, i2b2-labelled spans out (``source="rules"``).

    ``labels`` keeps only those labels (``None``: all); ``languages`` chooses the
    month names, cue words and formats that are looked for ("en", "es").
    """

    name = "rules"

    def __init__(self, labels: Iterable[str] | None = None, languages: Iterable[str] = LANGUAGES) -> None:
        langs = frozenset(languages)
        unknown = langs - set(LANGUAGES)
        if unknown or not langs:
            raise ValueError(f"languages must be a non-empty subset of {LANGUAGES}, got {sorted(langs)}")
        if labels is not None:
            labels = frozenset(labels)
            bad = labels - set(I2B2_LABELS)
            if bad:
                raise ValueError(f"unknown labels {sorted(bad)}; choose from the i2b2 2014 subtypes")
        self.labels: frozenset[str] | None = labels
        self.languages: tuple[str, ...] = tuple(sorted(langs))
        self._patterns = rx.build_patterns(langs)

    def detect(self, text: str) -> list[Span]:
        if not text:
            return []
        return _Scan(text, self._patterns, self.labels).run()

    def __getstate__(self) -> dict:
        # ship only the configuration to worker processes; the patterns come from the cache there
        return {"labels": self.labels, "languages": self.languages}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["labels"], state["languages"])

    def __repr__(self) -> str:
        labels = "all" if self.labels is None else sorted(self.labels)
        return f"RuleDetector(labels={labels}, languages={self.languages})"


def detect_rules(text: str) -> list[Span]:
    """Run the rule detector with all labels and both languages on ``text``.

    Cheap to call repeatedly: the compiled patterns are cached per language set.
    """
    return RuleDetector().detect(text)


_PHONE_DIGITS = (
    r"(?P<num>(?:\+|00)?(?:[0-9]{1,4}[ .-]?)?(?:\([0-9]{1,4}\)[ .-]?)?[0-9]{2,5}(?:[ .-][0-9]{2,8}){0,4}"
    r"(?:[ ]?x[0-9]{2,6})?)"
)
_LABELLED_PHONE = re.compile(
    rf"(?<![\w.+-]){_PHONE_DIGITS}[ \t]*(?:-|\(|,)?[ \t]*(?P<role>office|fax|home|cell|mobile|work|landline)\b"
    # a role word that a number follows is that number's cue, not this one's label
    r"(?![ \t]*(?:number|no\.?|#)?[ \t]*:?[ \t]*[+(0-9])",
    re.IGNORECASE,
)
_REACH_AT_PHONE = re.compile(
    rf"(?i:reach(?:ed)?(?:[ \t]+[^\W\d_]+)?|answering|call(?:ed)?(?:[ \t]+[^\W\d_]+)?|contact(?:ed)?(?:[ \t]+[^\W\d_]+)?"
    rf"|text|phone|tel|telephone|cell|mobile)"
    rf"[ \t]*:?[ \t]+(?:(?:at|on)[ \t]+)?{_PHONE_DIGITS}(?![0-9])"
)


class _Scan:
    """One detection run over one text: the passes, the checks, and the clean-up."""

    __slots__ = ("text", "p", "labels", "out", "n", "rows")

    def __init__(self, text: str, patterns: rx.Patterns, labels: frozenset[str] | None) -> None:
        self.text = text
        self.p = patterns
        self.labels = labels
        self.out: list[tuple[int, int, str, float, int]] = []
        self.n = len(text)
        self.rows: dict[int, bool] = {}  # line start -> whether the line is a row of dates

    # ------------------------------------------------------------------ driver
    def run(self) -> list[Span]:
        text = self.text
        wants = self._wants
        has_digit = rx.ANY_DIGIT.search(text) is not None
        if has_digit:
            self._numeric_pass()
        self._word_pass()
        if has_digit and wants("PHONE"):
            self._extensions()
            self._labelled_phones()
        if "(" in text and wants("USERNAME"):
            self._paren_usernames()
        if "@" in text and wants("EMAIL"):
            self._emails()
        if wants("URL"):
            self._urls()
        if "," in text and wants("CITY", "STATE", "ZIP"):
            self._addresses()
        if "\n" in text and wants("DOCTOR"):
            self._initials_lines()
        if "/s/" in text and wants("DOCTOR"):
            i = text.find("/s/")
            while i >= 0:  # "/s/ Fryderyk Z. Krokosz-Cruz": an electronic signature
                j = i + 3
                while j < self.n and text[j] in " \t":
                    j += 1
                self._name_value(j, "DOCTOR", 0.8)
                i = text.find("/s/", j)
        if has_digit:
            if wants("LICENSE", "VEHICLE", "IDNUM"):
                self._alnum_ids()
            if wants("IPADDR") and ("::" in text or (text.count(":") >= 7 and rx.IPV6_FULL_HINT.search(text))):
                self._ipv6()
        return self._finish()

    def _labelled_phones(self) -> None:
        """Numbers in any national layout named as phones by what follows or precedes them.

        Address blocks and contact lines write "0431 35 06 90 office", "97 111421-Fax",
        "(84) 7564-8830 (home)", and people write "reach me at 329 7730"; the digit
        groups alone would be too ambiguous, the label makes them a phone.
        """
        for m in _LABELLED_PHONE.finditer(self.text):
            if 6 <= count_digits(m.group("num").split("x")[0]) <= 15:
                label = "FAX" if (m.group("role") or "").lower().startswith("fax") else "PHONE"
                self.emit(m.start("num"), m.end("num"), label, 0.8)
        for m in _REACH_AT_PHONE.finditer(self.text):
            if 6 <= count_digits(m.group("num").split("x")[0]) <= 15:
                self.emit(m.start("num"), m.end("num"), "PHONE", 0.75)

    def _wants(self, *labels: str) -> bool:
        return self.labels is None or not self.labels.isdisjoint(labels)

    def emit(self, start: int, end: int, label: str, score: float, kind: int = _PLAIN) -> None:
        if end > start and (self.labels is None or label in self.labels):
            self.out.append((start, end, label, score, kind))

    # ------------------------------------------------------------------ context helpers
    def _line_start(self, pos: int, limit: int = 200) -> int:
        """Start of the line holding ``pos``, or ``pos - limit`` on a very long line."""
        lo = max(0, pos - limit)
        return self.text.rfind("\n", lo, pos) + 1 or lo

    def _prev_words(self, pos: int, span: int = 40) -> tuple[list[str], list[int], str]:
        """Up to three words before ``pos`` on its line, nearest last, with their starts.

        Also returns the punctuation between the nearest word and ``pos`` (":", "(",
        "-"), which several cues depend on. Matching a reversed pattern on the
        reversed window finds them in one anchored match instead of a scan.
        """
        lo = max(0, pos - span)
        window = self.text[lo:pos]
        nl = window.rfind("\n")
        if nl >= 0:
            window = window[nl + 1 :]
        m = _PREV_WORDS.match(window[::-1])
        words: list[str] = []
        starts: list[int] = []
        for g in ("w3", "w2", "w1"):
            w = m.group(g)
            if w:
                words.append(w[::-1].strip(".-"))
                starts.append(pos - m.end(g))
        return words, starts, m.group("between")[::-1]

    def _phone_label(self, pos: int) -> str | None:
        """FAX or PHONE after the nearest cue on the line before ``pos``; None without a cue."""
        lo = max(self._line_start(pos), pos - 40)
        label = None
        for m in self.p.phone_cue.finditer(self.text, lo, pos):
            label = "FAX" if m.group("fax") else "PHONE"
        return label

    def _not_a_date_after(self, end: int) -> bool:
        return rx.NOT_DATE_AFTER.match(self.text, end) is not None

    def _unit_after(self, end: int) -> bool:
        return rx.UNIT_AFTER.match(self.text, end) is not None

    # ------------------------------------------------------------------ numeric pass
    def _numeric_pass(self) -> None:
        handlers = _NUMERIC_HANDLERS
        for m in self.p.numeric.finditer(self.text):
            handlers[m.lastgroup](self, m)

    def _n_ssn(self, m: re.Match) -> None:
        self.emit(m.start(), m.end(), "SSN", 1.0)

    def _n_iso(self, m: re.Match) -> None:
        if month_day_ok(int(m.group("iso_m")), int(m.group("iso_d"))):
            self.emit(m.start(), m.end(), "DATE", 1.0)

    def _n_ipv4(self, m: re.Match) -> None:
        if ipv4_ok(m.group()):
            self.emit(m.start(), m.end(), "IPADDR", 0.9)

    def _n_phone(self, m: re.Match) -> None:
        s, e = m.start(), m.end()
        cue = self._phone_label(s)
        if cue:
            score = 1.0
        elif m.group("ph_s") in (" ", "/") and "(" not in m.group():
            score = 0.6
        else:
            score = 0.9
        self.emit(s, e, cue or "PHONE", score)

    def _n_intl(self, m: re.Match) -> None:
        digits = count_digits(m.group())
        if 8 <= digits <= 15:
            self.emit(m.start(), m.end(), self._phone_label(m.start()) or "PHONE", 0.9)

    def _n_esph(self, m: re.Match) -> None:
        cue = self._phone_label(m.start())
        if cue:
            self.emit(m.start(), m.end(), cue, 0.85)

    def _n_phone7(self, m: re.Match) -> None:
        """"555-1234": a local number, with a phone cue or on its own ("reachable at 530-1254").

        Without a cue it must have a valid exchange (2-9 first) and not sit where
        a range or a code would ("normal 232-1137", "Ranges 555-1234", "Lot # 123-4567").
        """
        s, e = m.start(), m.end()
        cue = self._phone_label(s)
        if cue:
            self.emit(s, e, cue, 0.75)
            return
        if self.text[s] in "01" or self._unit_after(e):
            return
        words, _, between = self._prev_words(s)
        if "#" in between or "=" in between or (words and words[-1].lower() in vocab.NOT_PHONE_BEFORE):
            return
        j = s
        while j > 0 and self.text[j - 1] in " \t":
            j -= 1
        if j > 0 and (self.text[j - 1].isdigit() or self.text[j - 1] in "(/:=<>~"):
            return  # "(normal 232-1137)" is caught by the word; "12 555-1234", "(555-1234" by the sign
        self.emit(s, e, "PHONE", 0.7)

    def _n_dmy(self, m: re.Match) -> None:
        a, b, y, sep = m.group("dmy_a"), m.group("dmy_b"), m.group("dmy_y"), m.group("dmy_s")
        if sep == "." and len(y) == 2 and not (len(a) == 2 and len(b) == 2):
            return
        if not day_month_either(int(a), int(b)):
            return
        if len(y) == 4 and not year4_ok(int(y)):
            return
        self.emit(m.start(), m.end(), "DATE", 1.0 if len(y) == 4 else 0.9)

    def _n_street(self, m: re.Match) -> None:
        self.emit(m.start(), m.end(), "STREET", 0.85)

    def _n_dmn(self, m: re.Match) -> None:
        day = int(m.group("dmn_d"))
        word = m.group("dmn_m")
        month = self.p.month_numbers.get(word.lower())
        if month is None or not month_day_ok(month, day):
            return
        sep = m.group("dmn_sep").strip().lower()
        ordinal = m.group("dmn_o") is not None
        year = m.group("dmn_y")
        year_ok = False
        if year:
            ys = (m.group("dmn_ys") or "").strip()
            if year.startswith("'"):
                year_ok = True
            elif len(year) == 2:
                year_ok = ys in ("-", "/", ".") and sep in ("-", "/", ".")
            else:
                year_ok = year4_ok(int(year))
        if not _month_case_ok(word, year_ok, ordinal or sep in ("of", "de")):
            return
        if sep == "de" and not self.p.spanish:
            return
        prev = self._prev_words(m.start())[0]
        if prev and prev[-1].lower() in vocab.DATE_IN_PLACE_NAME:
            return  # "Hospital Universitario 12 de Octubre"
        end = m.end("dmn_y") if year_ok else m.end("dmn_m")
        self.emit(m.start(), end, "DATE", 1.0 if year_ok else 0.85)

    def _n_dmc(self, m: re.Match) -> None:
        month = vocab.MONTHS_EN[m.group("dmc_m").lower()]
        year = m.group("dmc_y")
        if month_day_ok(month, int(m.group("dmc_d"))) and (len(year) == 2 or year4_ok(int(year))):
            self.emit(m.start(), m.end(), "DATE", 0.9)

    def _n_age(self, m: re.Match) -> None:
        s, e = m.span("age_n")
        value = int(m.group("age_n"))
        if value > 125:
            return
        words = [w.lower() for w in self._prev_words(s)[0]]
        spanish = _AGE_ES_AFTER.match(self.text, e)
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
        if words and words[-1] in vocab.NON_PERSON_AGE_WORDS:
            return
        self.emit(s, e, "AGE", score)

    def _small_number(self, s: int, e: int) -> None:
        """Ages a family history gives without "years": "Sister (53) with lupus", "died at 95"."""
        text = self.text
        if s >= 2 and text[s - 1] == "(" and text.startswith(")", e):
            words = self._prev_words(s - 1)[0]
            if words and words[-1].lower() in vocab.RELATIVES and 1 <= int(text[s:e]) <= 120:
                self.emit(s, e, "AGE", 0.8)
        elif s >= 3 and text[s - 3 : s] == "at ":
            words = self._prev_words(s)[0]
            if (
                len(words) >= 2
                and words[-1].lower() == "at"
                and words[-2].lower() in _DEATH_WORDS
                and 1 <= int(text[s:e]) <= 120
                and not _TIME_OR_UNIT_AFTER.match(text, e)
            ):
                self.emit(s, e, "AGE", 0.8)

    def _n_yrs(self, m: re.Match) -> None:
        """"Erickson is 46 yrs", "Ms. Gilmore (46 yrs)", "Paul Anderson, 43 yrs, has": an age without "old".

        "N yrs" is far more often a duration ("smoked for 20 yrs", "5 yrs ago"),
        so it is an age only after a person: "<name or pronoun> is/was N yrs", or
        in brackets or commas right after a name; never before "ago", "post", "of".
        """
        s, e = m.span("yrs_n")
        if not 1 <= int(m.group("yrs_n")) <= 120:
            return
        text = self.text
        nxt = _WORD_AFTER.match(text, m.end())
        next_word = nxt.group(1).lower() if nxt else ""
        if next_word in vocab.DURATION_AFTER:
            return
        words, _, between = self._prev_words(s)
        if not words:
            return
        last = words[-1]
        ok = False
        if not between and last.lower() in ("is", "was", "now", "turned", "turns"):
            subject = words[-2] if len(words) >= 2 else ""
            ok = subject.lower() in _AGE_SUBJECTS or (
                subject[:1].isupper() and subject not in vocab.NAME_STOPWORDS and _person_word(subject)
            )
        elif between.endswith("(") and _CLOSE_PAREN.match(text, m.end()):
            ok = self._person_before(words, next_word)  # "Nelriter Davis (83 yrs)"
        elif between == "," and m.end() < self.n and text[m.end()] == ",":
            ok = self._person_before(words, next_word)  # "Paul Anderson, 43 yrs, has"
        if ok:
            self.emit(s, e, "AGE", 0.8)

    def _person_before(self, words: list[str], next_word: str) -> bool:
        """Whether the words before an age read as a person: a titled name, a first and last name,
        or a name followed by what a person does ("Theo (70 yrs) is here")."""
        last = words[-1]
        if not (last[:1].isupper() and _person_word(last)) or last in vocab.NAME_STOPWORDS:
            return False
        if len(words) >= 2:
            prev = words[-2]
            if prev in _TITLES_BEFORE_NAME:
                return True
            if prev[:1].isupper() and _person_word(prev) and prev not in vocab.NAME_STOPWORDS:
                return True
        return next_word in _PERSON_VERBS

    def _n_decade(self, m: re.Match) -> None:
        s = m.start()
        lo = max(self._line_start(s), s - 30)
        if rx.AGE_DECADE_BEFORE.search(self.text, lo, s):
            self.emit(s, m.end(), "AGE", 0.7)

    def _n_short(self, m: re.Match) -> None:
        a_txt, sep, b_txt = m.group("sh_a"), m.group("sh_s"), m.group("sh_b")
        a, b = int(a_txt), int(b_txt)
        s, e = m.start(), m.end()
        if len(b_txt) == 4:  # 05/2019: month and year
            if sep == "-" and self._signature_pager(s, e):
                return
            if 1 <= a <= 12 and 1900 <= b <= MAX_YEAR and not self._not_a_date_after(e):
                self.emit(s, e, "DATE", 0.85)
            return
        if len(b_txt) == 3 or not (day_month_either(a, b) or (1 <= a <= 12 and len(b_txt) == 2)):
            return
        if self._not_a_date_after(e):
            return
        if sep == "/" and self._short_range(s, e, a, b):
            return
        if sep == "/" and self._in_date_row(s):
            self.emit(s, e, "DATE", 0.7)  # the column heads of a lab table: "5/31  6/6   6/7"
            return
        strength = self._date_cue(s)
        if strength is None and sep == "/" and _COLON_AFTER.match(self.text, e):
            strength = "weak"  # "Labs 12/3: Hgb 10.2"
        if strength is None and sep == "/" and a_txt[0] == "0" and len(b_txt) == 2 and b != 10:
            words = self._prev_words(s)[0]
            if not (words and words[-1].lower() in _SCALE_WORDS):
                self.emit(s, e, "DATE", 0.6)  # "return to work 03/15": no fraction or score is written "03/"
            return
        if strength is None or (sep == "-" and strength != "strong"):
            return
        if strength == "strong":
            self.emit(s, e, "DATE", 0.8)
        elif not (a < b and b in _FRACTION_DENOMINATORS) or b_txt.startswith("0"):
            self.emit(s, e, "DATE", 0.65)  # "01/04" is never a quarter

    def _in_date_row(self, pos: int) -> bool:
        """Whether the line holding ``pos`` is a row of two or more m/d dates in time order.

        Flow sheets and lab tables head their columns with bare dates ("5/31  6/6
        6/7"); strength or reflex grades in a row ("5/5 5/5 4/5", "4/5  5/5") repeat,
        fall or share one scale, so only a strictly later date each time (with one
        turn of the year) and not all over the same small number counts.
        """
        ls = self._line_start(pos, limit=400)
        cached = self.rows.get(ls)
        if cached is not None:
            return cached
        le = self.text.find("\n", pos)
        m = _DATE_ROW.fullmatch(self.text, ls, le if le >= 0 else self.n)
        ok = False
        if m:
            pairs = _SHORT_DATE_PAIR.findall(m.group("row"))
            dates = [(int(a), int(b)) for a, b in pairs]
            ok = all(month_day_ok(a, b) for a, b in dates)
            if len(dates) == 1:  # a lone "09/28" heading a one-column table; never "10/10" or "5/5"
                a, b = pairs[0]
                ok = ok and len(a) == len(b) == 2 and ("0" in (a[0], b[0]) or int(b) > 12)
            if len({b for _, b in dates}) == 1 and dates[0][1] <= 10:
                ok = False  # "4/5  5/5", "9/10  10/10": grades out of the same scale
            wraps = 0
            for (m1, d1), (m2, d2) in zip(dates, dates[1:]):
                if not ok:
                    break
                if (m2, d2) <= (m1, d1):
                    wraps += 1
                    ok = m1 >= 10 and m2 <= 3 and wraps == 1  # December to January
        self.rows[ls] = ok
        return ok

    def _short_range(self, s: int, e: int, a: int, b: int) -> bool:
        """"3/4-3/6", "12/30-1/2": two short dates joined as a range are dates.

        Fractions ("1/2-3/4 tab") do not pass: the second must be the same month,
        later, or the next month.
        """
        m = _SHORT_RANGE_NEXT.match(self.text, e)
        if not m:
            return False
        a2, b2 = int(m.group(1)), int(m.group(2))
        same_month_later = a2 == a and b2 > b
        next_month = a2 == a + 1 or (a == 12 and a2 == 1)
        if not (month_day_ok(a, b) and month_day_ok(a2, b2) and (same_month_later or next_month)):
            return False
        if b == b2 == 10 or self._not_a_date_after(m.end()):
            return False  # "pain 7/10-8/10"
        self.emit(s, e, "DATE", 0.7)
        self.emit(m.start(1), m.end(), "DATE", 0.7)
        return True

    def _date_cue(self, pos: int, follow_range: bool = True) -> str | None:
        """"strong", "weak" or None for the words just before a short date.

        The second date of a range ("from 4/3 to 4/5", "4/3-4/5") borrows the cue
        of the first one.
        """
        words, starts, between = self._prev_words(pos)
        words = [w.lower() for w in words]
        if words and not between.strip(":#-,"):
            last = words[-1]
            if last in self.p.short_date_strong or last in self.p.weekday_words:
                return "strong"
            if last in self.p.short_date_weak and len(words) >= 2 and words[-2] in self.p.short_date_strong:
                return "strong"  # "discharged on 3/4"
            if len(words) >= 3 and words[-2] in ("of", "de") and words[-3] in ("date", "fecha"):
                return "strong"
            if last in self.p.short_date_weak or " ".join(words[-2:]) == "as of":
                return "weak"
        # a range: "4/3-4/5", "4/3 to 4/5"
        text = self.text
        j = pos
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0 and text[j - 1] in "-–,&":
            j -= 1
        elif words and words[-1] in ("to", "and", "through", "thru", "al", "y") and not between:
            j = starts[-1]
        else:
            return None
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        k = j
        while k > 0 and text[k - 1] in "0123456789/":
            k -= 1
        if (
            follow_range
            and k < j
            and _SHORT_DATE_PREV.fullmatch(text, k, j)
            and (k == 0 or not text[k - 1].isalnum())
            and self._date_cue(k, follow_range=False)
        ):
            return "weak"
        return None

    def _n_zip(self, m: re.Match) -> None:
        s, e = m.start(), m.end()
        if self._signature_pager(s, e):
            return
        words, starts, between = self._prev_words(s)
        if not words or between not in ("", ","):
            if self.p.spanish:
                self._spanish_zip(s, e)
            return
        if words[-1] in vocab.STATE_CODES and words[-1] not in vocab.AMBIGUOUS_STATE_CODES:
            st_start, st_end = starts[-1], starts[-1] + 2  # "Boise, ID 83702" is left to the address pass
        elif words[-1] in _STATE_NAME_SET:
            st_start, st_end = starts[-1], starts[-1] + len(words[-1])
        elif len(words) >= 2 and " ".join(words[-2:]) in _STATE_NAME_SET:
            st_start, st_end = starts[-2], starts[-1] + len(words[-1])
        else:
            if not self._city_zip_line(s, e) and self.p.spanish:
                self._spanish_zip(s, e)
            return
        self.emit(s, e, "ZIP", 0.95)
        self.emit(st_start, st_end, "STATE", 0.9)
        city = self._city(st_start, 0.8)
        if city:
            self._street_above(city[0])

    def _city_zip_line(self, s: int, e: int) -> bool:
        """"Kansas City 05674" as the last line of an address block, under its street line.

        Without a state the ZIP needs the block around it: the line holds only
        capitalised words and the ZIP, and the line above is a street line.
        """
        text = self.text
        if not _LINE_END.match(text, e):
            return False
        ls = self._line_start(s)
        city = _CITY_LINE.fullmatch(text, ls, s)
        words = city.group("city").split() if city else []
        if not words or any(w in vocab.NOT_CITY_WORDS and (i == 0 or w != "City") for i, w in enumerate(words)):
            return False  # but "Kansas City"
        if not self._street_above(city.start("city")):
            return False
        self.emit(city.start("city"), city.end("city"), "CITY", 0.75)
        self.emit(s, e, "ZIP", 0.85)
        return True

    def _street_above(self, line_pos: int) -> bool:
        """The street line of a letterhead: the line right above a "City, ST ZIP" line beginning at ``line_pos``.

        "565 Kelly Mission" or "Levan Terrace" above "Des Moines, IA 39461" is a
        street whatever its suffix; the house number or a street suffix has to be there.
        """
        text = self.text
        ls = self._line_start(line_pos)
        if text[ls:line_pos].strip(" \t") or ls < 2:
            return False
        ple = ls - 1
        if ple > 0 and text[ple - 1] == "\r":
            ple -= 1
        pls = self._line_start(ple)
        m = _STREET_LINE.fullmatch(text, pls, ple)
        if not m:
            return False
        self.emit(m.start("st"), m.end("st"), "STREET", 0.75)
        return True

    def _spanish_zip(self, s: int, e: int) -> None:
        """"..., 5-7, 2º dcha 28036 Madrid": a Spanish postcode (province 01-52) before the town."""
        text = self.text
        if not "01" <= text[s : s + 2] <= "52" or e - s != 5:
            return
        city = _ES_CITY_AFTER.match(text, e)
        if not city:
            return
        j = s
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        before = text[max(0, j - 3) : j]
        after_address = (
            before[-1:] in (",", ")", "º", "ª", "-", ".")
            or before[-1:].isdigit()
            or before == "s/n"
            or before.endswith(("E-", "CP"))
        )
        if not after_address:
            return
        self.emit(s, e, "ZIP", 0.8)
        self.emit(city.start("city"), city.end("city"), "CITY", 0.7)

    def _n_year(self, m: re.Match) -> None:
        s, e = m.start(), m.end()
        if self._signature_pager(s, e):
            return
        if self._unit_after(e):
            return
        text = self.text
        words, _, between = self._prev_words(s)
        words = [w.lower() for w in words]
        ok = False
        if words and between in ("", ":", ",", "-") and (
            words[-1] in self.p.year_cues or " ".join(words[-2:]) in vocab.YEAR_CUES_2
        ):
            ok = True  # "in 2015", "since 1998", "status post 2010"
        elif between.endswith(("(", "[")):
            ok = _PAREN_YEAR_END.match(text, e) is not None  # "(2010)", "(1978 and 1979)"
        elif s - self._line_start(s) < 8 and _BOL_BULLET.fullmatch(text[self._line_start(s) : s].strip(" \t")):
            ok = _AFTER_BOL_YEAR.match(text, e) is not None  # "2010: CABG" opening a line
        rng = _YEAR_RANGE_AFTER.match(text, e)
        if rng and self._unit_after(rng.end()):
            return  # "1900-2000 calories": a range of measurements
        if not ok:
            # a range "2010-2012": both ends are years, so both are dates
            ok = rng is not None or _YEAR_RANGE_BEFORE.search(text, max(0, s - 8), s) is not None
        if ok:
            self.emit(s, e, "DATE", 0.75)
        elif self._bare_year(s, e, words, between):
            self.emit(s, e, "DATE", 0.6)

    def _bare_year(self, s: int, e: int, words: list[str], between: str) -> bool:
        """A number 1900-2199 in running text with no year cue ("Tdap 1998", "PFTs on 2023").

        i2b2 notes write years bare in problem lists and immunisation lines, so an
        uncued year counts unless the number reads as a measurement, a clock time,
        a table cell or an identifier: a count or lab word before it ("Platelets 1998",
        "at 2000", "Room 2010"), a number next to it ("1950  2010" in a flow sheet),
        or a sign that makes it part of a ratio, range or code ("1:2000", "#2010").
        """
        text = self.text
        if int(text[s:e]) < 1900 or between not in ("", ",", ":"):
            return False
        if words and words[-1] in vocab.NOT_YEAR_BEFORE:
            return False
        if not words and int(text[s + 2 : e]) < 60 and int(text[s : s + 2]) < 24:
            return False  # "2130 HE WAS TRANSFUSED": a clock time opening a line of an ED course
        j = s
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0:
            c = text[j - 1]
            if c.isdigit() or c in "/:×*~<>=±+$#%.&":
                return False
            if c == "-" and (j < 2 or text[j - 2].isdigit() or text[j - 2] in " \t"):
                return False  # "1500-2000", "- 2000"
            if c == ",":
                k = j - 1
                while k > 0 and text[k - 1] in " \t":
                    k -= 1
                if k > 0 and text[k - 1].isdigit():
                    return False  # "1950, 2010, 2100": a list of values
        if _NEXT_VALUE.match(text, e) or _QUANTITY_AFTER.match(text, e):
            return False  # "1950  2010", "2000-3000", "2000-calorie", "2000 of heparin"
        return True

    def _n_apos(self, m: re.Match) -> None:
        """"('91)", "since '98": a two-digit year after an apostrophe, with a year cue."""
        s, e = m.start(), m.end()
        words, _, between = self._prev_words(s)
        if between.endswith(("(", "[")):
            ok = e < self.n and self.text[e] in ")],;"
        else:
            ok = bool(words) and not between and words[-1].lower() in self.p.year_cues
        if ok:
            self.emit(s, e, "DATE", 0.7)
        elif words and not between and not self._unit_after(e) and not _NEXT_VALUE.match(self.text, e):
            self.emit(s, e, "DATE", 0.6)  # "Tdap '86": an apostrophe before two digits is a year

    def _n_tok(self, m: re.Match) -> None:
        tok = m.group()
        if len(tok) < 6:
            if len(tok) <= 3 and tok.isdigit():
                self._small_number(m.start(), m.end())
            elif tok.isdigit():
                self._signature_pager(m.start(), m.end())
            return
        s, e = m.start(), m.end()
        if tok.isdigit():
            if self._unit_after(e) or tok.endswith("000"):
                return
            n = len(tok)
            if n in (10, 11) or (n == 9 and self.p.spanish):
                cue = self._phone_label(s)
                if cue:  # "My cell is 7138129142", "faxed to 3132711654"
                    self.emit(s, e, cue, 0.85)
                    return
            words = self._prev_words(s)[0]
            if words and words[-1].lower() in vocab.COUNT_WORDS:
                return
            if n == 8 and compact_date_ok(tok) and self._date_cue(s):
                self.emit(s, e, "DATE", 0.7)
                return
            if luhn_ok(tok):
                self.emit(s, e, "ACCOUNT", 0.6)  # a payment card number
                return
            self.emit(s, e, "MEDICALRECORD" if n >= 7 else "IDNUM", 0.4, _WEAK)
            return
        if any(c.islower() for c in tok) or any(c in tok for c in "/.:"):
            return
        if len(tok) == 17 and vin_ok(tok):
            self.emit(s, e, "VEHICLE", 0.8)
            return
        digits = count_digits(tok)
        if tok.count("-") == 1 and tok.replace("-", "").isdigit():
            return  # "140-180", "3150-4500": a range
        if digits >= 6 or (digits >= 5 and any(c.isalpha() for c in tok)):
            self.emit(s, e, "IDNUM", 0.45, _WEAK)

    # ------------------------------------------------------------------ word pass
    def _word_pass(self) -> None:
        lowered = self.text.translate(rx.LOWER_TABLE)
        handlers = self.p.handlers
        skip = -1
        for m in self.p.triggers.finditer(lowered):
            s = m.start()
            if s < skip:
                continue
            for name in handlers[m.group()]:
                end = _WORD_HANDLERS[name](self, s)
                if end:
                    skip = end
                    break

    def _w_month(self, s: int) -> int:
        m = self.p.month_led.match(self.text, s)
        if not m:
            return self._month_alone(s)
        word = m.group("mon")
        month = self.p.month_numbers[word.lower()]
        if m.group("md_d"):
            day = int(m.group("md_d"))
            if not month_day_ok(month, day):
                return 0
            year = m.group("md_y")
            year_ok = False
            if year:
                ys = m.group("md_ys").strip()
                if year.startswith("'"):
                    year_ok = True
                elif len(year) == 2:
                    year_ok = ys in ("-", "/")
                else:
                    year_ok = year4_ok(int(year))
            ordinal = m.group("md_o") is not None
            if not _month_case_ok(word, year_ok, ordinal):
                return 0
            if year_ok:
                end, score = m.end("md_y"), 1.0
            else:
                end, score = m.end("md_o") if ordinal else m.end("md_d"), 0.85
        else:
            year = m.group("my_y")
            if not year.startswith("'") and not year4_ok(int(year)):
                return 0
            if not _month_case_ok(word, True, False):
                return 0
            end, score = m.end("my_y"), 0.9
        self.emit(s, end, "DATE", score)
        return end

    def _month_alone(self, s: int) -> int:
        """"a trip to Cuba in January", "since March": a capitalised month name alone after a time word."""
        m = _MONTH_NAME.match(self.text, s)
        if not m:
            return 0
        words, _, between = self._prev_words(s)
        if between or not words or words[-1].lower() not in _MONTH_ALONE_CUES:
            return 0
        self.emit(s, m.end(), "DATE", 0.7)
        return m.end()

    def _w_season(self, s: int) -> int:
        m = self.p.season.match(self.text, s)
        if not m:
            return 0
        self.emit(s, m.end(), "DATE", 0.8)
        return m.end()

    def _w_holiday(self, s: int) -> int:
        m = self.p.holiday.match(self.text, s)
        if not m:
            return 0
        self.emit(s, m.end(), "DATE", 0.6)
        return m.end()

    def _w_age(self, s: int) -> int:
        m = self.p.age_cue.match(self.text, s)
        if not m:
            return 0
        words = self._prev_words(s)[0]
        if words and words[-1].lower() in vocab.NON_PERSON_AGE_WORDS:
            return m.end()
        if int(m.group("n")) <= 125:
            self.emit(m.start("n"), m.end("n"), "AGE", 0.9)
        return m.end()

    def _w_idcue(self, s: int) -> int:
        m = self.p.id_cue.match(self.text, s)
        if not m:
            return 0
        label = next(lab for lab in self.p.id_labels if m.group("c_" + lab) is not None)
        vs, ve = m.span("v")
        if label == "VEHICLE":
            plate = _PLATE.match(self.text, vs)
            if plate and plate.end() > ve:  # "plate 114 RM9", "plate 9NM 882"
                self.emit(vs, plate.end(), label, 0.85, _CUE)
                return plate.end()
        value = m.group("v")
        digits = count_digits(value)
        if digits == 0:
            return 0
        marked = _MARKED_CUE.search(self.text, s, vs) is not None
        if marked:
            if len(value) < 2:
                return 0
        elif len(value) < 4 or digits < 3 or self._unit_after(ve) or re.fullmatch(r"[0-9]+\.[0-9]+", value):
            return 0
        if label == "SSN" and not (digits == 9 or (marked and digits >= 4)):
            return 0
        if label == "PHONE" and not _PHONE_VALUE.fullmatch(value):
            return 0  # "Extension 25/25" is a range of motion
        if label == "PHONE" and m.group("c_PHONE").lower().startswith("ext"):
            vs = s  # "ext 46249": the extension word belongs to the number, as in "617-555-1234 ext. 22"
        self.emit(vs, ve, label, 0.95 if marked else 0.85, _CUE)
        return ve

    def _w_field(self, s: int) -> int:
        text = self.text
        m = self.p.field.match(text, s)
        if not m:
            return 0
        group = m.lastgroup
        cue = m.group(group)
        cue_end = m.end()
        if group != "f_BY" and self._inside_sentence(s):
            # "Informe médico:", "Drug Name:" are not the form field they end with
            prev = self._prev_words(s)[0]
            if not (group == "f_PATIENT" and cue.lower() == "name" and prev and prev[-1].lower() in _NAME_LABEL_WORDS):
                return cue_end
        line_end = text.find("\n", cue_end, cue_end + 120)
        if line_end < 0:
            line_end = min(self.n, cue_end + 120)
        v0 = cue_end
        while v0 < line_end and text[v0] in " \t,;":  # ", Dr. Lee" where a flattened form lost its break
            v0 += 1
        head = None
        if group == "f_RE":
            # "Re: Referral - Lindsay Benjamin": the name follows the subject words;
            # "Re: Referral for evaluation" has none
            v0 = _RE_SUBJECT.match(text, v0, line_end).end()
        if group in ("f_RE", "f_DOCTOR", "f_BY"):
            service = _SERVICE_HEAD.match(text, v0, line_end)
            if service and service.group().strip().lower() in vocab.SERVICE_WORDS:
                return cue_end  # "reviewed by Cardiology", "Provider: the team"
        if group in ("f_PATIENT", "f_RE", "f_DOCTOR", "f_BY"):
            head = rx.TITLE_HEAD.match(text, v0, line_end)
            if head:
                v0 = head.end()  # "Dra.  Victoria Fuentelsaz": the title is not part of the name
        stop = rx.NAME_STOP.search(text, v0, line_end)
        vend = stop.start() if stop else line_end
        raw = text[v0:vend]
        colon = raw.find(":")
        if colon >= 0:
            pre = raw[:colon]
            tail = rx.FIELD_LABEL_TAIL.search(pre)
            raw = pre[: tail.start()] if tail else pre
        if group == "f_USERNAME":
            u = _USERNAME_VALUE.match(raw)
            low = u.group().lower() if u else ""
            if low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NON_NAME_VALUES:
                return cue_end  # "User: nursing", "Login: unknown"
            if u and (len(u.group()) >= 3 or any(c.isdigit() or c in "._" for c in u.group())):
                self.emit(v0, v0 + u.end(), "USERNAME", 0.8)
                return v0 + u.end()
            return cue_end
        if group == "f_STREET":
            if cue.lower().endswith("address"):
                raw = raw.split(",", 1)[0]  # "Address: 12 Elm St, Boston, MA": the town is not the street
                if "@" in raw or "://" in raw or _NOT_STREET_VALUE.match(raw):
                    return cue_end
            value_start, value = _clean_address(raw)
            label, score = "STREET", 0.8
        elif group in ("f_HOSPITAL", "f_CITY", "f_COUNTRY"):
            value_start, value = _clean_hospital(raw)
            label, score = _PLACE_FIELDS[group]
            if group != "f_HOSPITAL" and len(value.split()) > 4:
                return cue_end
        else:
            value_start, value = _clean_name(raw)
            label = "PATIENT" if group in ("f_PATIENT", "f_RE") else "DOCTOR"
            score = 0.6 if group == "f_RE" else 0.8
            if group == "f_DOCTOR" and cue == "CC":
                # upper-case CC is usually the chief complaint; take it only when it names a clinician
                if not (head or rx.CREDENTIAL_TAIL.search(raw.rstrip(" ."))):
                    return cue_end
                score = 0.7
            elif group == "f_DOCTOR" and cue.lower() == "cc":
                score = 0.7
        if not value:
            return cue_end
        start = v0 + value_start
        if label == "STREET" and self.p.street_es is not None:
            known = self.p.street_es.match(text, start)
            if known and known.group("numbered"):
                value = known.group()  # "C/ Mayor 12, Madrid": the town is not the street
        self.emit(start, start + len(value), label, score)
        return start + len(value)

    def _inside_sentence(self, pos: int) -> bool:
        """Whether a word stands just before ``pos`` on the same line, one blank away."""
        text = self.text
        j = pos
        while j > 0 and text[j - 1] == " ":
            j -= 1
        return pos - j <= 1 and j > 0 and text[j - 1].isalpha()

    def _w_title(self, s: int) -> int:
        text = self.text
        m = self.p.title.match(text, s)
        if not m:
            return 0
        title = m.group("t")
        prev = self._prev_words(s)[0]
        if prev and prev[-1].lower() in vocab.TITLE_IN_PLACE_NAME:
            return 0  # "Hospital Doctor Peset", "C/ Doctor Esquerdo"
        if title in ("Dr", "DR"):
            lo = max(self._line_start(s), s - 60)
            if _STREET_BEFORE_DR.search(text, lo, s):
                return 0  # "12 Oak Dr. Boston": a street suffix, not a title
        ns = m.start("n")
        tokens = m.group("n").split()
        if text[m.end("t")] != "." and not self._bare_title_ok(s, tokens[0].rstrip(".")):
            return 0
        kept: list[str] = []
        for tok in tokens:
            bare = tok.rstrip(".")
            shouting = len(bare) >= 2 and bare.isupper() and len(tokens) > 1 and kept
            if bare in vocab.NAME_STOPWORDS or tok in vocab.NAME_BREAK_WORDS or shouting:
                break
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
        label = "DOCTOR" if title in ("Dr", "DR", "Dra", "DRA", "Doctor", "Prof") else "PATIENT"
        self.emit(ns, end, label, 0.75 if label == "DOCTOR" else 0.6)
        age = _AGE_AFTER_NAME.match(text, end)
        if age:  # "Mr. Parker, 42 yrs, has ..."
            self.emit(age.start(1), age.end(1), "AGE", 0.8)
        return end

    def _bare_title_ok(self, s: int, first: str) -> bool:
        """"Dr Smith" without a full stop: the next word must read as a name, not "DR MRI".

        Without the stop, "DR" is as often a model code or an abbreviation (diabetic
        retinopathy, "dual chamber DR"), so the word after it must be in mixed case,
        or in capitals only where the whole line shouts and it is not a test or device code.
        """
        if not first.isupper():
            return True
        if first.lower() in vocab.NOT_INITIALS or first in vocab.DEVICE_CODES:
            return False
        ls = self._line_start(s)
        le = self.text.find("\n", s)
        line = self.text[ls : le if le >= 0 else self.n]
        return not any(c.islower() for c in line)

    def _w_pobox(self, s: int) -> int:
        m = self.p.pobox.match(self.text, s)
        if not m:
            return 0
        self.emit(s, m.end(), "STREET", 0.95)
        return m.end()

    def _w_street_es(self, s: int) -> int:
        if self.p.street_es is None:
            return 0
        m = self.p.street_es.match(self.text, s)
        if not m:
            return 0
        numbered = m.group("numbered") is not None
        if not numbered and not m.group().lower().startswith(_SPANISH_STREET_WORDS):
            return 0
        self.emit(s, m.end(), "STREET", 0.85 if numbered else 0.6)
        return m.end()

    def _w_phonecue(self, s: int) -> int:
        """A number in any national layout right after a phone word; the usual layouts
        are found (and labelled from the same cues) by the numeric pass."""
        m = self.p.phone_after_cue.match(self.text, s)
        if not m:
            return 0
        digits = count_digits(m.group("num"))
        if not 7 <= digits <= 15:
            return 0
        self.emit(m.start("num"), m.end("num"), "FAX" if m.group("fax") else "PHONE", 0.75)
        return 0  # let the other handlers of the cue word ("pager" is also an ID cue) run too

    def _w_zipcue(self, s: int) -> int:
        m = self.p.zip_cue.match(self.text, s)
        if not m:
            return 0
        self.emit(m.start("z"), m.end("z"), "ZIP", 0.95)
        if self.p.spanish:
            city = _ES_CITY_AFTER.match(self.text, m.end())
            if city:
                self.emit(city.start("city"), city.end("city"), "CITY", 0.7)
        return m.end()

    def _w_usercue(self, s: int) -> int:
        """A login name after "entered by", "read by", "logged in as"; a capitalised name there is a clinician."""
        text = self.text
        m = self.p.user_cue.match(text, s)
        if not m:
            return 0
        us, ue = m.span("u")
        u = m.group("u")
        paren = m.group("n")
        if u[:1].isupper() and not u.isupper():
            if u in vocab.NAME_STOPWORDS or u.lower() in vocab.SERVICE_WORDS or u.lower() in vocab.NOT_USERNAMES:
                return 0  # "read by Dr. Lee" is the title's; "read by Radiology" is no one
            return self._name_value(us, "DOCTOR", 0.7)  # "Entered by: Kiel Halski"
        if not _username_ok(u, paren is not None, _AFTER_LOGIN.match(text, ue) is not None):
            return 0
        self.emit(us, ue, "USERNAME", 0.85)
        if paren:
            ps = m.start("n")
            off, name = _clean_name(paren)
            if name and paren.split()[0].lower() not in vocab.SERVICE_WORDS:
                self.emit(ps + off, ps + off + len(name), "DOCTOR", 0.8)  # "kritho69 (K. Thompson)"
        return m.end()

    def _name_value(self, start: int, label: str, score: float) -> int:
        """A name from ``start`` to the end of its field, cleaned as a form value is; the end, or 0."""
        text = self.text
        line_end = text.find("\n", start, start + 120)
        if line_end < 0:
            line_end = min(self.n, start + 120)
        stop = rx.NAME_STOP.search(text, start, line_end)
        raw = text[start : stop.start() if stop else line_end]
        off, name = _clean_name(raw)
        if not name:
            return 0
        self.emit(start + off, start + off + len(name), label, score)
        return start + off + len(name)

    def _signature_pager(self, s: int, e: int) -> bool:
        """A 4-5 digit number (or "6-2115") after a signature's credentials and "p", "pgr" or "#"."""
        text = self.text
        k = s
        while k > 0 and text[k - 1] in " \t":
            k -= 1
        if not (k > 0 and (text[k - 1] == "#" or (k < s and text[k - 1] in "pPrR."))):
            return False  # a cheap look first: "#", or "p", "pgr", "pager", "beeper" and a blank
        if not _PAGER_BEFORE.search(text, max(self._line_start(s), s - 80), s):
            return False
        self.emit(s, e, "PHONE", 0.7)
        return True

    def _extensions(self) -> None:
        """"x8042", "pager #x4827": an extension alone.

        "x" glued to a round number is a magnification or a count ("x400", "x1000").
        """
        text = self.text
        for m in _X_EXTENSION.finditer(text):
            if int(m.group("n")) % 100 == 0:
                continue
            j = m.start()
            while j > 0 and text[j - 1] in " \t":
                j -= 1
            if j > 0 and (text[j - 1].isdigit() or text[j - 1] in "*=×"):
                continue
            self.emit(m.start(), m.end(), "PHONE", 0.75)


    def _paren_usernames(self) -> None:
        """"Mackenzie Francois (mackenzie.francois)": a login name in brackets after a person's name.

        Brackets after names also hold relations and generic drug names ("Mary
        (daughter)", "Tylenol (acetaminophen)"), so the bracketed word must look
        made for a computer: a digit, a dot or an underscore in it, or a piece of
        the name before it ("Kenneth O. Johnson (johnsonk)").
        """
        text = self.text
        for m in _PAREN_LOWER.finditer(text):
            u = m.group("u")
            before = _NAME_BEFORE_PAREN.search(text, max(0, m.start() - 60), m.start())
            if not before:
                continue
            names = [w.lower() for w in re.findall(r"[A-Za-z'’-]{2,}", before.group())]
            if len(names) < 2 or u in names:
                continue
            made = any(c.isdigit() or c in "._" for c in u)
            if made or any(len(w) >= 3 and w[:4] in u for w in names):
                self.emit(m.start("u"), m.end("u"), "USERNAME", 0.75)

    # ------------------------------------------------------------------ literal-led passes
    def _emails(self) -> None:
        text = self.text
        i = text.find("@")
        while i != -1:
            local = rx.EMAIL_LOCAL.search(text, max(0, i - 64), i)
            domain = rx.EMAIL_DOMAIN.match(text, i + 1)
            if local and domain:
                start = local.start()
                while start < i and text[start] in ".'-":
                    start += 1
                if start < i:
                    self.emit(start, domain.end(), "EMAIL", 1.0)
                    i = text.find("@", domain.end())
                    continue
            i = text.find("@", i + 1)

    def _urls(self) -> None:
        text = self.text
        taken: list[tuple[int, int]] = []
        if "://" in text:
            for m in rx.URL_SCHEME.finditer(text):
                e = _trim_url(text, m.start(), m.end())
                self.emit(m.start(), e, "URL", 1.0)
                taken.append((m.start(), e))
        if "www." in text or "WWW." in text:
            for m in rx.URL_WWW.finditer(text):
                if _inside(taken, m.start()):
                    continue
                e = _trim_url(text, m.start(), m.end())
                self.emit(m.start(), e, "URL", 0.95)
                taken.append((m.start(), e))
        if "." not in text:
            return
        for m in rx.URL_BARE_TLD.finditer(text):
            dot = m.start()
            if _inside(taken, dot):
                continue
            left = rx.DOMAIN_LEFT.search(text, max(0, dot - 80), dot)
            if not left:
                continue
            ds = left.start()
            k = text.rfind(".", ds, dot)
            label = text[k + 1 if k >= 0 else ds : dot]
            if len(label) < 2 or not any(c.isalpha() for c in text[ds:dot]) or (ds > 0 and text[ds - 1] == "@"):
                continue
            path = rx.URL_PATH.match(text, m.end())
            e = _trim_url(text, ds, path.end() if path else m.end())
            self.emit(ds, e, "URL", 0.7)
            taken.append((ds, e))

    def _addresses(self) -> None:
        text = self.text
        for m in rx.STATE_AFTER_COMMA.finditer(text):
            st, zip_code = m.group("st"), m.group("zip")
            if not zip_code and (st in vocab.AMBIGUOUS_STATE_CODES or st in vocab.AMBIGUOUS_STATE_NAMES):
                continue
            if not zip_code and len(st) > 2 and _CAPITAL_WORD.match(text, m.end()):
                continue  # "Tower, Wisconsin Card Sorting Test"
            city = self._city(m.start(), 0.8 if zip_code else 0.7, emit=False)
            if not city and not zip_code:
                continue
            if city:
                self.emit(city[0], city[1], "CITY", 0.8 if zip_code else 0.7)
                if not self._street_above(city[0]):
                    ls = self._line_start(city[0])
                    street = _STREET_BEFORE_CITY.fullmatch(text, ls, city[0])
                    if street:  # "Acuna Parkway, Boca Raton, Florida"
                        self.emit(street.start("st"), street.end("st"), "STREET", 0.7)
            self.emit(m.start("st"), m.end("st"), "STATE", 0.9 if zip_code else 0.75)
            if zip_code:
                self.emit(m.start("zip"), m.end("zip"), "ZIP", 0.95)

    def _city(self, end: int, score: float, emit: bool = True) -> tuple[int, int] | None:
        """The run of capitalised words just before ``end`` (a comma or a state)."""
        text = self.text
        lo = max(self._line_start(end), end - 40)
        m = rx.CITY_BEFORE.search(text, lo, end)
        if not m:
            return None
        cs, ce = m.span("city")
        words = list(re.finditer(r"[^ \t-]+", text[cs:ce]))
        # keep at most three words, dropping leading words that cannot start a city
        words = words[-3:]
        while words and (words[0].group().rstrip(".") in vocab.NOT_CITY_WORDS or words[0].group().islower()):
            words = words[1:]
        if not words or any(w.group().rstrip(".") in vocab.NOT_CITY_WORDS for w in words):
            return None
        cs, ce = cs + words[0].start(), cs + words[-1].end()
        if emit:
            self.emit(cs, ce, "CITY", score)
        return cs, ce

    def _alnum_ids(self) -> None:
        for m in rx.ALNUM_ID.finditer(self.text):
            tok = m.group()
            s, e = m.start(), m.end()
            if dea_ok(tok):
                self.emit(s, e, "LICENSE", 0.85)
            elif len(tok) == 17 and vin_ok(tok):
                self.emit(s, e, "VEHICLE", 0.8)
            elif count_digits(tok) >= 5 and len(tok) >= 6:
                self.emit(s, e, "IDNUM", 0.45, _WEAK)

    def _initials_lines(self) -> None:
        """Dictation lines: "JH:kk", "A.S./mdf" (author, then typist), and "KF" signing off a note.

        Transcribed notes end with the dictating clinician's initials and the
        typist's after a colon or slash; only the clinician's are PHI (i2b2 DOCTOR).
        A line of two or three letters alone counts only among the last four lines,
        where a note is signed, and never when it is a common abbreviation ("OK").
        """
        text = self.text
        tail = self.n
        for _ in range(4):  # the start of the fourth-last non-blank line
            k = tail
            while k > 0 and text[k - 1] in " \t\r\n":
                k -= 1
            if k == 0:
                break
            tail = text.rfind("\n", 0, k) + 1
            if tail == 0:
                break
        for m in _INITIALS_LINE.finditer(text):
            d, t = m.group("d"), m.group("t")
            bare = d.replace(".", "")
            if not (bare.isupper() or bare.islower()):
                continue
            if bare.lower() in vocab.NOT_INITIALS and (t is None or not (t.islower() or "." in d)):
                continue  # "OK", "PO/IV"; but "SC/mdf" and "P.M./SBH" have a typist, so SC and P.M. are initials
            if t is None:
                if m.start() < tail or len(bare) > 3:
                    continue
                score = 0.6
            else:
                typist = t.replace(".", "")
                if not (typist.isupper() or typist.islower()) or typist.lower() in vocab.NOT_INITIALS:
                    continue
                score = 0.75
            self.emit(m.start("d"), m.end("d"), "DOCTOR", score)

    def _ipv6(self) -> None:
        for m in rx.IPV6.finditer(self.text):
            cand = m.group()
            if "::" not in cand and cand.count(":") != 7:
                continue
            if sum(c not in ":." for c in cand) < 2:
                continue
            try:
                ipaddress.IPv6Address(cand)
            except ValueError:
                continue
            self.emit(m.start(), m.end(), "IPADDR", 0.95)

    # ------------------------------------------------------------------ clean-up
    def _extend_weekdays(self, spans: list[tuple[int, int, str, float, int]]) -> list[tuple[int, int, str, float, int]]:
        """"Tuesday, March 4" is one DATE span; a weekday alone is not a date."""
        text = self.text
        weekdays = self.p.weekday_words
        out = []
        for sp in spans:
            s = sp[0]
            j = s
            while j > 0 and text[j - 1] in " \t,":
                j -= 1
            if sp[2] == "DATE" and 3 < j < s and (text[j - 1].isalpha() or text[j - 1] == "."):
                words, starts, between = self._prev_words(s, 24)
                if words and between in ("", ","):
                    i = len(words) - 1
                    if words[i].lower() == "the" and i > 0:
                        i -= 1
                    w = words[i]
                    cased = w[:1].isupper() or self.p.spanish  # "sun 3/4" is not Sunday
                    if w.lower() in weekdays and cased and (i == len(words) - 1 or not between):
                        sp = (starts[i],) + sp[1:]
            out.append(sp)
        return out

    def _finish(self) -> list[Span]:
        spans = self._extend_weekdays(self.out)
        if not spans:
            return []
        cue = sorted((s, e) for s, e, _, _, k in spans if k == _CUE)
        cue_exact = {(s, e, lab) for s, e, lab, _, k in spans if k == _CUE}
        strong = sorted((s, e) for s, e, _, _, k in spans if k != _WEAK)
        kept = []
        for sp in spans:
            s, e, lab, _, kind = sp
            if kind != _CUE and cue and (s, e, lab) not in cue_exact and _inside_any(cue, s, e):
                continue  # "Acct #: 617-555-1234" is an account number, not a phone
            if kind == _WEAK and _overlaps(strong, s, e):
                continue
            kept.append(sp)
        # same label: drop exact duplicates (keeping the best score) and spans inside another
        kept.sort(key=lambda t: (t[2], t[0], -t[1], -t[3]))
        final: list[tuple[int, int, str, float]] = []
        label, max_end = None, -1
        for s, e, lab, score, _ in kept:
            if lab != label:
                label, max_end = lab, -1
            if e <= max_end:
                continue
            max_end = e
            final.append((s, e, lab, score))
        final.sort()  # the order of Span (start, end, label), without comparing Span objects
        return [Span(s, e, lab, "rules", score) for s, e, lab, score in final]


def _overlaps(intervals: list[tuple[int, int]], s: int, e: int) -> bool:
    """Whether [s, e) overlaps an interval of the start-sorted list."""
    i = bisect_left(intervals, (e, -1))
    j = i - 1
    while j >= 0:
        a, b = intervals[j]
        if b > s:
            return True
        if a < s - 200:  # intervals are short; nothing further back can reach s
            break
        j -= 1
    return False


def _inside_any(intervals: list[tuple[int, int]], s: int, e: int) -> bool:
    """Whether [s, e) lies within an interval of the start-sorted list."""
    i = bisect_left(intervals, (s + 1, -1))  # every interval starting at or before s
    j = i - 1
    while j >= 0:
        a, b = intervals[j]
        if a <= s and e <= b:
            return True
        if a < s - 200:
            break
        j -= 1
    return False


def _inside(taken: list[tuple[int, int]], pos: int) -> bool:
    return any(a <= pos < b for a, b in taken)


def _trim_url(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in ".,;:!?'\"":
        end -= 1
    if end > start and text[end - 1] == ")" and "(" not in text[start:end]:
        end -= 1
    return end


def _month_case_ok(word: str, has_year: bool, strong_context: bool) -> bool:
    """Lower-case "may", "march" or "dec" is an everyday word unless a year or an ordinal is there."""
    if word[:1].isupper():
        return True
    low = word.lower()
    if low in vocab.AMBIGUOUS_MONTHS or len(low) <= 4:
        return has_year or strong_context
    return True


def _clean_name(raw: str) -> tuple[int, str]:
    """The name in a field value: titles, credentials and trailing clauses removed.

    Returns (offset in ``raw``, name) or (0, "") when the value does not look like a name.
    """
    value = _SENTENCE_END.split(raw, maxsplit=1)[0]
    value = rx.NAME_TAIL_CUT.sub("", value)
    value = rx.CREDENTIAL_TAIL.sub("", value).rstrip(" \t,;:-")
    if value.endswith(".") and not re.search(r"(?:^|[ \t,])[A-Z]\.$", value):
        value = value.rstrip(".")  # a sentence's full stop, not an initial's
    offset = len(value) - len(value.lstrip(" \t,;"))  # ", None." where a flattened form lost its line break
    value = value.lstrip(" \t,;").rstrip(" \t")
    head = rx.TITLE_HEAD.match(value)
    if head:
        offset += head.end()
        value = value[head.end() :]
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
        if not _NAME_TOKEN.fullmatch(tok):
            return 0, ""
        bare = tok.rstrip(".")
        if bare.isupper() and 2 <= len(bare) <= 3 and (not all_caps or len(tokens) == 1):
            return 0, ""  # "MI", "CAD": an abbreviation, not a name
        if len(tok.rstrip(".")) >= 2:
            capital += 1
    if capital == 0:
        return 0, ""
    return offset, value


def _person_word(word: str) -> bool:
    """A capitalised word that could be a name: not a shouted abbreviation ("DM") nor a disease ("Diabetes")."""
    low = word.lower()
    if word.isupper() and len(word) <= 4:
        return False
    return len(word) >= 2 and not low.endswith(vocab.CONDITION_ENDINGS)


def _username_ok(u: str, named: bool, then_date: bool) -> bool:
    """Whether ``u`` after "entered by" / "read by" is a login name rather than a word.

    Digits, dots or underscores mark one ("kritho69", "amanda.sims"); a bare
    lower-case word counts only where a log line puts a name, before a bracketed
    full name, a date or the end of the line ("read by cgarvey 12/23/2018"), and
    never when it is a word such as "mistake" or "radiology"; an upper-case one
    only before a bracketed full name ("MBROWNWASIEWICZ (Michael Brown-Wasiewicz)").
    """
    letters = sum(c.isalpha() for c in u)
    if letters < 2 or len(u) < 3:
        return False
    low = u.lower()
    if low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NOT_INITIALS:
        return False
    if any(c.isdigit() for c in u):
        return u.islower() or u.isupper() or named
    if "." in u or "_" in u:
        return u.islower()
    if u.islower():
        return named or then_date
    return u.isupper() and named


def _clean_address(raw: str) -> tuple[int, str]:
    """A street address after "Domicilio:": up to the end of the sentence."""
    value = re.split(r"\.(?:[ \t]|$)", raw, maxsplit=1)[0].rstrip(" \t.,;:-")
    offset = len(value) - len(value.lstrip(" \t"))
    value = value.strip(" \t")
    if not value or not value[0].isalnum() or len(value) > 80 or value.lower() in vocab.NON_NAME_VALUES:
        return 0, ""
    return offset, value


def _clean_hospital(raw: str) -> tuple[int, str]:
    value = re.sub(r"[ \t]*(?:[0-9(].*|[ \t]+-[ \t].*)$", "", raw).rstrip(" \t.,;:-")
    offset = len(value) - len(value.lstrip(" \t"))
    value = value.strip(" \t")
    if not value or value.lower() in vocab.NON_NAME_VALUES or len(value) > 80:
        return 0, ""
    tokens = value.split()
    if not 1 <= len(tokens) <= 8 or not _HOSPITAL_TOKEN.fullmatch(tokens[0]):
        return 0, ""
    for tok in tokens:
        if tok.lower() not in _HOSPITAL_CONNECTORS and not _HOSPITAL_TOKEN.fullmatch(tok):
            return 0, ""
    return offset, value


_NUMERIC_HANDLERS: dict[str, Callable[[_Scan, re.Match], None]] = {
    "ssn": _Scan._n_ssn,
    "iso": _Scan._n_iso,
    "ipv4": _Scan._n_ipv4,
    "phone": _Scan._n_phone,
    "intl": _Scan._n_intl,
    "dmy": _Scan._n_dmy,
    "esph": _Scan._n_esph,
    "street": _Scan._n_street,
    "dmn": _Scan._n_dmn,
    "dmc": _Scan._n_dmc,
    "age": _Scan._n_age,
    "yrs": _Scan._n_yrs,
    "decade": _Scan._n_decade,
    "short": _Scan._n_short,
    "phone7": _Scan._n_phone7,
    "zip": _Scan._n_zip,
    "year": _Scan._n_year,
    "apos": _Scan._n_apos,
    "tok": _Scan._n_tok,
}
_WORD_HANDLERS: dict[str, Callable[[_Scan, int], int]] = {
    "month": _Scan._w_month,
    "season": _Scan._w_season,
    "holiday": _Scan._w_holiday,
    "age": _Scan._w_age,
    "idcue": _Scan._w_idcue,
    "field": _Scan._w_field,
    "title": _Scan._w_title,
    "pobox": _Scan._w_pobox,
    "street_es": _Scan._w_street_es,
    "zipcue": _Scan._w_zipcue,
    "phonecue": _Scan._w_phonecue,
    "usercue": _Scan._w_usercue,
}
