"""Case, application and file numbers and case-law citations of court judgments (issue 15).

Judgments name their own proceedings and those of the domestic courts by number:
"an application (no. 31716/07)", "applications nos. 123/05 and 456/05", "case no. I CK
123/02", "file no. 2001/1234", "Case No. 2:19-cv-01234-JPO", "Docket No. 17-1234", Turkish
decision references "(E. 1999/123, K. 2000/45)", and neutral citations "[2019] EWCA Civ 123",
"[1994] 1 AC 212", and the codes of Russian remand prisons and colonies ("IZ-77/2", "IK-5",
"correctional colony no. 5"). Each number identifies one person's case as surely as a record number
identifies a patient's chart, so it gets the label of any other identifier, ``IDNUM``
(i2b2 keeps ``MEDICALRECORD`` for hospital records), as one span of kind ``CUE`` so that the
year inside "[2019] EWCA Civ 123" or the date-like "12/05" inside "no. 12/05" is not taken
apart by the date recognizers.

What stays untouched: "Law no. 3713", "Article 6 § 1", "Protocol No. 1", "Series A no. 310"
(public references that identify no one), and clinical numbers after "no." ("a no. 2 pencil",
"size no. 7", "No. 10 blade"): without a case cue before "no." a value must have the shape
of a case number (digits, a slash and a two- or four-digit year, or a hyphenated docket).

It runs only on texts with a digit, and each scan is led by a literal first character
("n"/"N", "[", "E"/"K", the first letter of a prison code), so that the regex engine skips
ahead to the few places worth a look.
"""

from __future__ import annotations

import re

from .base import CUE, Scan, TextPass, started_finditer

#: Words that make the "no." after them a case, file or application number.
_CASE_CUE = (
    r"(?:applications?|cases?|files?|dockets?|decisions?|judgments?|judgements?|complaints?|petitions?|appeals?"
    r"|actions?|claims?|requests?|registers?|registration|ref(?:erence)?|proceedings|indictment|rulings?|orders?"
    r"|writs?|matters?|causes?|suits?|dossiers?|investigation|inquiry|enquiry"
    r"|colony|colonies|sizo|prison|facility|establishment)"
)
#: "no.", "nos.", "No", "number", "Nr.", "№".
_NUMBER_WORD = r"(?:[Nn][Oo][Ss]?\.?|[Nn]umbers?|[Nn]r\.?|№)"
#: One case number: up to two prefix groups ("I CK", "E.", "2-"), then a token with a digit.
_CODE = (
    r"(?:(?:[IVX]{1,4}|[A-Z]{1,4}\.?|[A-Z][a-z]{1,2}\.)[ \t](?=[A-Z0-9]))?(?:[A-Z]{1,4}\.?[ \t](?=[0-9]))?"
    r"[0-9A-Z][0-9A-Za-z]*(?:[-/.:][0-9A-Za-z]+)*"
)
#: A value with the shape of a case number without a cue word: "31716/07", "2001/1234", "2:19-cv-01234",
#: "17-1234", "33-o/2006", "I CK 123/02",
#: "7K-502/02" (a Russian court's division and docket).
_CASE_SHAPE = re.compile(
    r"(?:[A-Z]{1,4}\.?[ \t])*[0-9]{1,6}(?:-[A-Za-z0-9]{1,4})?/[0-9]{2}(?:[0-9]{2})?(?:[-/][0-9A-Za-z]+)*"
    r"|(?:[A-Z]{1,4}\.?[ \t])*[0-9]{1,6}/[0-9]{2,6}"
    r"|[0-9]{1,2}:[0-9]{2}-[a-z]{2,3}-[0-9]{3,6}(?:-[A-Za-z0-9]+)*"
    r"|[0-9]{2,4}-[0-9]{3,6}"
    r"|[0-9]{1,3}[A-Z]{1,3}-[0-9]{1,6}/[0-9]{2}(?:[0-9]{2})?"
)
#: "Law no.", "Article 6", "Protocol No. 1", "Series A no. 310": public references, no one's case.
_PUBLIC_BEFORE = re.compile(
    r"(?i)\b(?:law|laws|act|acts|decree|decrees|regulation|regulations|statute|code|article|articles|protocol|"
    r"protocols|series\s+a|series|section|rule|rules|directive|resolution|recommendation|convention|"
    r"paragraph|item|page|vol|volume|table|figure|size|gauge|room|bed|ward|blade|suture|catheter|"
    r"tube|grade|stage|class|type|level|step|dose)\W{0,3}$"
)
_NUMBERED = re.compile(
    rf"(?P<no>{_NUMBER_WORD})[ \t]*:?[ \t]*(?P<v>{_CODE}(?:[ \t]*(?:,|and|&|or)[ \t]*{_CODE})*)"
)
#: Where a number word stands before a capital or a digit: the scan that finds the few places ``_NUMBERED``
#: is tried (led by its first letter, which lets the regex engine skip ahead).
_NUMBER_AT = re.compile(r"[Nn№](?<![\w.][Nn])(?:[Oo][Ss]?\.?|umbers?|r\.?|(?<=№))[ \t]*:?[ \t]*(?=[A-Z0-9])")
#: The case cue just before "no." ("application (no.", "Case No.", "file nos.").
_CUE_BEFORE = re.compile(rf"(?i)(?<![\w])(?:{_CASE_CUE})[ \t]*\(?[ \t]*$")
_ONE_CODE = re.compile(_CODE)
#: "(E. 1999/123, K. 2000/45)": a Turkish court's file (esas) and decision (karar) numbers.
_ESAS_KARAR = re.compile(r"[EK](?<![\w.][EK])(?:sas|arar)?\.?[ \t]?(?:19|20)[0-9]{2}/[0-9]{1,6}(?![\w/])")
#: "[2019] EWCA Civ 123", "[1994] 1 AC 212", "[2005] UKHL 12", "[2010] 2 All ER 45".
_CITATION = re.compile(
    r"\[(?:1[89]|20)[0-9]{2}\][ \t]+(?:[0-9]{1,2}[ \t]+)?(?:[A-Z][A-Za-z]{0,7}\.?[ \t]+){1,3}"
    r"(?:\([A-Z]\)[ \t]+)?[0-9]{1,5}(?![\w/])"
)
#: "Criminal Appeal No. 1234 of 2009", "F.A. No. 234 of 1998": an Indian case number and its year.
_NUMBER_OF_YEAR = re.compile(r"(?<![\w])(?:No|NO|Nos|NOS)\.?[ \t]*(?P<v>[0-9]{1,6})[ \t]+(?:of|OF)[ \t]+(?:19|20)[0-9]{2}(?![\w/])")
#: Where a ``_NUMBER_OF_YEAR`` can start: "No"/"NO" after no word character (the engine skips to the N's).
_NUMBER_OF_YEAR_START = re.compile(r"N(?<![\w]N)[oO]")
#: "IZ-77/2", "IK-5", "SIZO-1": Russian and Ukrainian remand prisons and colonies by their codes.
_DETENTION_CODE = re.compile(r"[IOSY](?<![\w-][IOSY])(?:Z|K|IK|IZO|aG|AG)-[0-9]{1,3}(?:/[0-9]{1,2})?(?![\w/-])")


def _values(scan: Scan, m: re.Match, cued: bool) -> list[tuple[int, int]]:
    """The case numbers of one "no." match, each checked: all of them after a case cue, those shaped like
    a case number after a bare "no." with its period."""
    out = []
    for v in _ONE_CODE.finditer(scan.text, m.start("v"), m.end("v")):
        value = v.group()
        if not any(c.isdigit() for c in value):
            continue
        if not cued and not _CASE_SHAPE.fullmatch(value):
            continue
        out.append(v.span())
    return out


def find_case_numbers(scan: Scan) -> None:
    """Application, case, file and docket numbers, Turkish file and decision numbers, neutral citations."""
    text = scan.text
    for at in _NUMBER_AT.finditer(text):
        m = _NUMBERED.match(text, at.start())
        if m is None:
            continue
        s = m.start()
        window = text[max(0, s - 32) : s]
        cue = _CUE_BEFORE.search(window)
        if cue is None and not (m.group("no").endswith((".", "s", "S")) or m.group("no") == "№"):
            continue  # a bare "no" without its period: the English word
        if _PUBLIC_BEFORE.search(window, 0, cue.start() if cue else len(window)):
            continue  # "Law no. 3713", "Protocol No. 1", "a no. 2 pencil"
        for a, b in _values(scan, m, cue is not None):
            scan.emit(a, b, "IDNUM", 0.9 if cue else 0.85, CUE)
    for m in _ESAS_KARAR.finditer(text):
        scan.emit(m.start(), m.end(), "IDNUM", 0.85, CUE)
    for m in _DETENTION_CODE.finditer(text):
        scan.emit(m.start(), m.end(), "IDNUM", 0.85, CUE)
    for m in _CITATION.finditer(text):
        scan.emit(m.start(), m.end(), "IDNUM", 0.85, CUE)
    for m in started_finditer(_NUMBER_OF_YEAR, _NUMBER_OF_YEAR_START, text):
        scan.emit(m.start("v"), m.end(), "IDNUM", 0.85, CUE)


CASE_NUMBERS = TextPass(("IDNUM",), lambda scan: scan.has_digit, find_case_numbers)
