"""The rule detector: the ordered recognizers of every PHI family, compiled per language set and run over a note.

The order of each list is part of the behaviour. ``NUMERIC_SHAPES`` become the
alternatives of one regex, most specific first (an SSN before a phone, a phone
before a date, dates before a bare year), with the catch-all last so that no
shorter shape matches inside a longer number. ``CUE_WORDS`` decide who gets a
trigger word two recognizers listen for ("pager" is an ID cue before a phone cue,
"doctor" a field label before a title). ``TEXT_PASSES`` run after both scans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from ...document import Span
from ...taxonomy import I2B2_LABELS
from . import (
    addresses, ages, columns, contact, court_dates, court_orgs, court_people, dates, dictation, fields, ids, intl_addresses, legal_ids, messages, names, places, pharmacies,
    issued_ids, plates, postcodes, print_forms, record_slots, segments, shaped_ids, spoken,
    street_forms, usernames, x12,
)
from .addresses import AddressPatterns
from .ages import AgePatterns
from .base import CueWords, Languages, NumericShape, Recognizer, Scan, TextPass, resolve, started_finditer
from .contact import ContactPatterns
from .dates import DatePatterns
from .fields import FieldPatterns
from .ids import IdPatterns
from .names import NamePatterns
from .regex_parts import literal_trie
from .usernames import UsernamePatterns

LANGUAGES = ("en", "es")

NUMERIC_SHAPES: tuple[NumericShape, ...] = (
    ids.SSN,
    dates.ISO_DATE,
    contact.IPV4,
    contact.US_PHONE,
    contact.INTERNATIONAL_PHONE,
    dates.NUMERIC_DATE,
    contact.SPANISH_PHONE,
    addresses.STREET,
    dates.DAY_MONTH_NAME,
    dates.RUN_TOGETHER_DATE,
    ages.AGE_WITH_UNIT,
    ages.AGE_IN_YRS,
    ages.AGE_Y,
    ages.AGE_SEX,
    ages.DECADE,
    dates.SHORT_DATE,
    contact.LOCAL_PHONE,
    addresses.ZIP,
    dates.YEAR,
    dates.APOSTROPHE_YEAR,
    ids.OTHER_NUMBER,
)
CUE_WORDS: tuple[CueWords, ...] = (
    dates.MONTH_WORDS,
    dates.SEASON_WORDS,
    dates.HOLIDAY_WORDS,
    ages.AGE_WORDS,
    ages.AGE_IN_WORDS,
    ids.ID_WORDS,
    usernames.ACCOUNT_WORDS,
    fields.FIELD_WORDS,
    names.TITLE_WORDS,
    addresses.PO_BOX_WORDS,
    addresses.RURAL_ROUTE_WORDS,
    addresses.SPANISH_STREET_WORDS,
    contact.PHONE_WORDS,
    addresses.ZIP_WORDS,
    usernames.LOGIN_WORDS,
    places.LIVES_STREET_WORDS,
    places.COUNTRY_WORDS,
    usernames.AS_ON_PORTAL_WORDS,
)
TEXT_PASSES: tuple[TextPass, ...] = (
    contact.EXTENSIONS,
    contact.LABELLED_PHONES,
    usernames.BRACKETED_LOGINS,
    contact.EMAILS,
    contact.URLS,
    addresses.CITY_STATE,
    dictation.DICTATION_INITIALS,
    names.SIGNATURES,
    names.OFFICERS,
    legal_ids.CASE_NUMBERS,
    court_people.BENCH,
    court_dates.DAY_LISTS,
    court_dates.YEAR_SPANS,
    court_orgs.NAMED_FIRMS,
    ids.LETTER_DIGIT_IDS,
    contact.IPV6_ADDRESSES,
    shaped_ids.MACS,
    shaped_ids.IBANS,
    shaped_ids.CARD_GROUPS,
    shaped_ids.COORDINATES,
    shaped_ids.CODES,
    shaped_ids.IMAGE_FILES,
    plates.SIDECODE_PLATES,
    plates.REFERENCE_PLATES,
    plates.REFERENCE_CODES,
    plates.REGISTERED_PLATES,
    intl_addresses.INTERNATIONAL_ADDRESSES,
    intl_addresses.COUNTRY_LAST_BLOCKS,
    intl_addresses.CUED_STREET_TOWNS,
    intl_addresses.CUED_STREETS,
    intl_addresses.MILITARY_ADDRESSES,
    intl_addresses.ONE_LINE_ADDRESSES,
    postcodes.RUNNING_POSTCODES,
    postcodes.EIRCODES,
    postcodes.PIN_CODES,
    postcodes.AU_POSTCODES,
    intl_addresses.TOWNS_BEFORE_COUNTRIES,
    places.WORDLIKE_COUNTRIES,
    street_forms.STREET_FORMS,
    street_forms.STREET_PIECES,
    street_forms.NUMBERED_BLOCKS,
    usernames.SHAPED_LOGINS,
    usernames.LOGINS_AFTER_DATES,
    ages.QUESTION_AGES,
    ages.AGES_AFTER_BIRTH_DATES,
    spoken.SPOKEN_PHONES,
    spoken.WORDED_DATES,
    messages.MESSAGE_AGES,
    messages.CARE_HOUSES,
    messages.DOTTED_DAY_MONTH,
    columns.TABLES,
    columns.JSON_PAIRS,
    print_forms.BOXES,
    print_forms.BOXED_DATES,
    print_forms.CARET_NAMES,
    print_forms.BRACKETED_PATIENTS,
    print_forms.NAMED_RELATIVES,
    print_forms.ISSUING_STATES,
    print_forms.NAMES_BEFORE_IDS,
    segments.SEGMENT_FIELDS,
    segments.MASKED_SSNS,
    segments.GS1_UDIS,
    pharmacies.PHARMACY_STORES,
    record_slots.SLOT_LOGINS,
    record_slots.LISTED_AGES,
    record_slots.STATE_PLATES,
    record_slots.HOSPITAL_TAILS,
    record_slots.CAPS_HOSPITALS,
    record_slots.SPACED_LICENCES,
    record_slots.BRACKET_CREDENTIALS,
    x12.X12_SEGMENTS,
    issued_ids.ISSUED_IDS,
    postcodes.CODES_AFTER_TOWNS,
)


#: Every recognizer, for listing and checks: each family's own are in its module.
RECOGNIZERS: tuple[Recognizer, ...] = NUMERIC_SHAPES + CUE_WORDS + TEXT_PASSES


@dataclass(frozen=True)
class RulePatterns:
    """Everything compiled for one language set: the two shared scans and each family's own regexes."""

    languages: Languages
    #: one regex of every numeric shape, each in a group named after it
    numeric: re.Pattern
    numeric_handlers: dict[str, Callable[[Scan, re.Match], None]]
    #: the trigger words, matched on the text lower-cased with ``LOWER_TABLE``
    triggers: re.Pattern
    cue_handlers: dict[str, tuple[Callable[[Scan, int], int], ...]]
    dates: DatePatterns
    ages: AgePatterns
    contact: ContactPatterns
    ids: IdPatterns
    addresses: AddressPatterns
    fields: FieldPatterns
    names: NamePatterns
    usernames: UsernamePatterns


def _numeric_regex(languages: Languages) -> str:
    """The combined regex for tokens that start with a digit, ``(`` or ``+`` (phones), ``'`` ('91).

    It opens with a lookahead on the first character so the regex engine rejects
    most positions at once.
    """
    alternatives = ((shape.name, shape.pattern(languages)) for shape in NUMERIC_SHAPES)
    body = "|".join(f"(?P<{name}>{regex})" for name, regex in alternatives if regex is not None)
    return r"(?=[0-9(+'’])(?<![\w.])(?:" + body + ")"  # where it can start: _NUMERIC_START


def _cue_table(languages: Languages) -> dict[str, tuple[Callable[[Scan, int], int], ...]]:
    """Trigger word (lower case) -> the handlers listening for it, in the order of ``CUE_WORDS``."""
    table: dict[str, list[Callable[[Scan, int], int]]] = {}
    for cue in CUE_WORDS:
        for word in cue.words(languages):
            handlers = table.setdefault(word.lower(), [])
            if cue.handle not in handlers:
                handlers.append(cue.handle)
    return {word: tuple(handlers) for word, handlers in table.items()}


@lru_cache(maxsize=8)
def compile_rule_patterns(languages: Languages) -> RulePatterns:
    """Build every regex of the rule detector for one language set (cached: built once per process)."""
    cue_handlers = _cue_table(languages)
    return RulePatterns(
        languages=languages,
        numeric=re.compile(_numeric_regex(languages)),
        numeric_handlers={shape.name: shape.handle for shape in NUMERIC_SHAPES},
        triggers=re.compile(r"(?<![\w'’])(?:" + literal_trie(cue_handlers) + r")(?![^\W\d_])"),
        cue_handlers=cue_handlers,
        dates=dates.compile_patterns(languages),
        ages=ages.compile_patterns(languages),
        contact=contact.compile_patterns(languages),
        ids=ids.compile_patterns(languages),
        addresses=addresses.compile_patterns(languages),
        fields=fields.compile_patterns(languages),
        names=names.compile_patterns(languages),
        usernames=usernames.compile_patterns(languages),
    )


#: Where the combined numeric regex can start: its first character's class, then its look-behind.
_NUMERIC_START = re.compile(r"[0-9(+'’](?<![\w.].)")


def _numeric_scan(scan: Scan) -> None:
    """Each hit of the combined numeric regex to the handler of the shape that matched."""
    handlers = scan.p.numeric_handlers
    for m in started_finditer(scan.p.numeric, _NUMERIC_START, scan.text):
        handlers[m.lastgroup](scan, m)


def _cue_word_scan(scan: Scan) -> None:
    """Each trigger word to its handlers in turn; the first that finds something skips the scan past it."""
    lowered = scan.lower
    table = scan.p.cue_handlers
    skip = -1
    for m in scan.p.triggers.finditer(lowered):
        s = m.start()
        if s < skip:
            continue
        for handle in table[m.group()]:
            end = handle(scan, s)
            if end:
                skip = end
                break


def scan_text(text: str, patterns: RulePatterns, labels: frozenset[str] | None) -> list[Span]:
    """Every recognizer over ``text``, then the overlaps between their spans settled."""
    scan = Scan(text, patterns, labels)
    if scan.has_digit:
        _numeric_scan(scan)
    _cue_word_scan(scan)
    for text_pass in TEXT_PASSES:
        if scan.wants(*text_pass.labels) and text_pass.applies(scan):
            text_pass.run(scan)
    return resolve(contact.extend_extensions(scan, dates.extend_weekdays(scan, scan.out)))


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
        self._patterns = compile_rule_patterns(Languages(english="en" in langs, spanish="es" in langs))

    def detect(self, text: str) -> list[Span]:
        if not text:
            return []
        return scan_text(text, self._patterns, self.labels)

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
