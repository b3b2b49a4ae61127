"""Judges, registrars, benches and persons by initials as judgments list them (issue 15).

A judgment of the European Court of Human Rights opens with its bench: "the Court, sitting as a
Chamber composed of: Jean-Paul Costa, President, András Baka, Rıza Türmen, judges, and Sally
Dollé, Section Registrar". The names are bare, from every country of the Council of Europe, and
no title stands before them: the roles after them (", President", ", judges", ", Section
Registrar") and the list after "composed of" are the evidence. Indian judgments sign with the
judge's initials, surname and ", J." ("H. Sundaram, J."), which no post-nominal rule without a
comma sees. A judgment ends with the signatures ("Santiago Quesada\tJosep Casadevall" over
"Registrar\tPresident"), cites "Judges Rozakis and Tulkens", and names witnesses and officers by
their initials after the word that says who they are ("the witnesses A.B. and C.D.", "officer K.B."),
and titles its case with the parties in capitals ("CASE OF KHASHIYEV AND AKAYEVA v. RUSSIA").

Each name is a person (``PATIENT``, the label the lexicon's legal passes give a judge). What stays
untouched: the roles themselves, a list that holds a lower-case word other than a particle ("the
President, the judges and the Registrar"), and anything after the list's end.
"""

from __future__ import annotations

import re

from .base import Scan, TextPass, matches_on_lines, started_finditer

#: One word of a name: a capital and letters ("Costa", "Türmen", "O'Boyle", "Jean-Paul"), or initials
#: ("J.-P.", "A."), or a particle inside a name ("de", "van", "von der").
_WORD = r"(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]*|[A-ZÀ-ÖØ-ÞĀ-Ž]\.(?:-?[A-ZÀ-ÖØ-ÞĀ-Ž]\.)*)"
_PARTICLE = r"(?:de|da|di|del|della|van|von|der|den|du|le|la|dos|das|af|zu|ter)"
_NAME = rf"{_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_WORD}){{0,4}}"
#: The roles a bench list gives after a name.
_ROLE = (r"(?:President|Vice-President|[Jj]udges?|ad hoc [Jj]udge|[Ss]ubstitute [Jj]udges?|"
         r"(?:Deputy[ \t]+)?(?:Section[ \t]+|Grand[ \t]+Chamber[ \t]+)?Registrar|Jurisconsult)")
_ROLE_WORDS = re.compile(rf"{_ROLE}|(?:and[ \t]+)?(?:judges|President)", re.I)
#: "composed of:", "composed as follows:", "sitting as a Committee composed of".
_ANCHOR = re.compile(r"\bcomposed[ \t]+(?:of|as[ \t]+follows)[ \t]*:?", re.I)
#: A name and its role: "Jean-Paul Costa, President", "Sally Dollé, Section Registrar".
_NAME_ROLE = re.compile(rf"(?<![\w.])(?P<n>{_NAME}),[ \t]*(?=(?:{_ROLE})[ \t]*(?:[,.;\n]|$))")
#: What every ``_NAME_ROLE`` match holds on its line (its role): in a long text only those lines are scanned.
_ROLE_GATE = re.compile("President|udge|Registrar|Jurisconsult")
#: Where the bench list ends.
_LIST_END = re.compile(r"Registrar\b|Having deliberated|(?<!\b[A-Z])[.;](?:\s|$)")
#: "H. Sundaram, J.", "A.K. Patnaik, J.": initials, a surname and the judge's post-nominal after a comma.
_SIGNED = re.compile(r"(?<![\w.])(?P<n>(?:[A-Z]\.[ \t]?){1,3}[A-Z][a-z][\w'-]+(?:[ \t][A-Z][a-z][\w'-]+)?),[ \t]?"
                     r"(?:J|CJ|C\.J|JJ)\.(?=\s|$)")
#: What every ``_SIGNED`` match holds on its line: in a long text only those lines are scanned.
_SIGNED_GATE = re.compile(r",[ \t]?(?:J|CJ|C\.J|JJ)\.")
_ROLE_ONLY = re.compile(rf"(?:the[ \t]+)?{_ROLE}", re.I)
#: The signature block at a judgment's end: the names on one line, their roles on the next.
_SIGNATURE = re.compile(r"(?m)^(?P<names>[^\n]{3,160})\n[ \t]*(?:Deputy[ \t]+)?(?:Section[ \t]+)?Registrar[ \t]+"
                        r"(?:Vice-)?President[ \t]*$")
#: Initials standing for a person ("A.B.", "Ş.A.", "J.-P.").
_INITIALS = r"[A-ZÀ-ÖØ-ÞĀ-Ž]\.(?:[ -]?[A-ZÀ-ÖØ-ÞĀ-Ž]\.){1,3}"
#: Words after which initials are a person: "the witnesses A.B. and C.D.", "officer K.B.".
_INITIALS_CUE = re.compile(
    r"(?i)\b(?:witness(?:es)?|officers?|soldiers?|servicem[ae]n|neighbou?rs?|accused|co-accused|defendants?|"
    r"detainees?|villagers?|investigators?|gendarmes?|relatives?|brother|sister|son|daughter|wife|husband|mother|"
    r"father|cousin|uncle|aunt|nephew|niece|victims?|journalists?|informers?|named|a[ \t]+certain)"
    rf"[ \t]+(?P<list>{_INITIALS}(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+){_INITIALS})*)(?![\w.])")
_ONE_INITIALS = re.compile(_INITIALS)
_TWO_INITIALS = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž]\.[ -]?[A-ZÀ-ÖØ-ÞĀ-Ž]\.")
#: What every ``_INITIALS_CUE`` match holds on its line, in its case-blind reading ("the witness a.b."): the
#: lines of a long text it needs scanned.
_TWO_INITIALS_ANY_CASE = re.compile(_TWO_INITIALS.pattern, re.I)
#: Initials that are abbreviations of clinical and common words, never a person here.
_NOT_INITIALS = frozenset(
    "M.D. D.O. R.N. P.A. N.P. B.S. M.S. O.D. O.S. O.U. A.S. A.D. A.U. P.O. I.V. I.M. P.R. U.S. U.K. E.U. "
    "A.M. P.M. D.C. I.D. N.B. P.S. E.R. C.T. G.I. B.P. H.R. U.N. B.A. M.A. L.L.B. L.L.M. Q.C. K.C. S.C. "
    "U.S.A. U.S.S.R. E.C. E.C.H.R. F.I.R.".split()
)
#: "Judges Rozakis and Tulkens", "Judges Costa, Baka and Türmen".
_JUDGES = re.compile(r"\bJudges[ \t]+(?P<list>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+)"
                     r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+)+)")
_LIST_ITEM = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+")
#: "the investigator, Mr S., questioned": a title without its period and one initial, how judgments anonymise
#: (clinical placeholders write "Mr. X" with the title's period and are left alone).
_ONE_INITIAL = re.compile(r"\b(?:Mr|Mrs|Ms)[ \t]+(?P<n>[A-ZÀ-ÖØ-ÞĀ-Ž]\.)(?=[ \t]*[,;:)]|[ \t]+[a-z]|\s*$)")
#: Where ``_ONE_INITIAL`` can start ("Mr", "Ms", "Mrs"): the engine skips to them (``started_finditer``).
_ONE_INITIAL_START = re.compile("M[rs]")
#: "CASE OF KHASHIYEV AND AKAYEVA v. RUSSIA": the parties in capitals in a judgment's title.
_CASE_TITLE = re.compile(r"\bCASE[ \t]+OF[ \t]+(?P<list>[A-ZÀ-ÖØ-ÞĀ-Ž][A-ZÀ-ÖØ-ÞĀ-Ž'’.\- ]{1,80}?)[ \t]+v(?:s)?\.?[ \t]")
_TITLE_PARTY = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž][A-ZÀ-ÖØ-ÞĀ-Ž'’.\-]*(?:[ \t]+[A-ZÀ-ÖØ-ÞĀ-Ž][A-ZÀ-ÖØ-ÞĀ-Ž'’.\-]*)*")


_TITLE = re.compile(r"(?:Mr|Mrs|Ms|Dr|Judge|Professor|Prof)\.?[ \t]+(?=\S)")
#: Capitalised words that open a sentence or a clause, not a name ("Moreover, judges ...").
_NOT_FIRST = frozenset(
    "the a an in on at for and but or however moreover accordingly thus therefore furthermore nevertheless "
    "also then finally first secondly lastly consequently similarly likewise indeed further this that these "
    "those it he she they we his her their its our mr mrs ms dr court government chamber".split()
)


def _emit_name(scan: Scan, start: int, end: int, listed: bool) -> None:
    value = scan.text[start:end]
    title = _TITLE.match(value)
    if title:  # "Mr Lawrence Early, Section Registrar": the name without its title
        start += title.end()
        value = value[title.end():]
    words = value.split()
    if _ROLE_ONLY.fullmatch(value) or words[0].lower().rstrip(".") in _NOT_FIRST:
        return
    if not listed and (len(words) < 2 or any(len(w) < 2 for w in words)):
        return  # "Moreover, judges", "Type J, President": one word, or a bare letter, before a role outside a list
    scan.emit(start, end, "PATIENT", 0.85)


def find_bench(scan: Scan) -> None:
    """Names in a bench list after "composed of", names before a bench role, judges signing ", J.", the
    signature block, persons by initials after a cue, and "Judges A and B"; each scan only on a text holding
    its literal cue."""
    text = scan.text
    if scan.may_hold("composed"):
        _bench_lists(scan)
    if "Registrar" in text or "President" in text or "udge" in text:
        for m in matches_on_lines(_NAME_ROLE, text, scan.lines_holding(_ROLE_GATE, lowered=False)):
            _emit_name(scan, m.start("n"), m.end("n"), False)
        if "Registrar" in text:
            _signatures(scan)
    if ", J" in text or ",J" in text:
        for m in matches_on_lines(_SIGNED, text, scan.lines_holding(_SIGNED_GATE, lowered=False)):
            scan.emit(m.start("n"), m.end("n"), "PATIENT", 0.85)
    if _TWO_INITIALS.search(text):
        for m in matches_on_lines(_INITIALS_CUE, text, scan.lines_holding(_TWO_INITIALS_ANY_CASE, lowered=False)):
            for one in _ONE_INITIALS.finditer(text, m.start("list"), m.end("list")):
                if one.group().replace(" ", "") not in _NOT_INITIALS:
                    scan.emit(one.start(), one.end(), "PATIENT", 0.8)
    if "Mr " in text or "Ms " in text or "Mrs " in text:
        for m in started_finditer(_ONE_INITIAL, _ONE_INITIAL_START, text):
            scan.emit(m.start("n"), m.end("n"), "PATIENT", 0.75)
    if "CASE OF" in text:
        for m in _CASE_TITLE.finditer(text):
            for part in re.split(r"[ \t]+AND[ \t]+|[ \t]*,[ \t]*", m.group("list")):
                part = part.strip()
                part = part[4:] if part.startswith("THE ") else part
                if part and part not in ("OTHERS", "ANOTHER") and _TITLE_PARTY.fullmatch(part):
                    a = m.start("list") + m.group("list").find(part)
                    scan.emit(a, a + len(part), "PATIENT", 0.8)
    if "Judges " in text:
        for m in _JUDGES.finditer(text):
            for one in _LIST_ITEM.finditer(text, m.start("list"), m.end("list")):
                scan.emit(one.start(), one.end(), "PATIENT", 0.8)


def _bench_lists(scan: Scan) -> None:
    """"composed of: Jean-Paul Costa, President, András Baka, judges, and Sally Dollé, Section Registrar"."""
    text = scan.text
    for m in _ANCHOR.finditer(text):
        end = _LIST_END.search(text, m.end(), m.end() + 1500)
        stop = end.end() if end else min(len(text), m.end() + 1500)
        for piece in re.finditer(r"[^,\n]+", text[m.end() : stop]):
            a = m.end() + piece.start()
            value = piece.group()
            lead = re.match(r"\s*(?:and[ \t]+)?", value)
            a += lead.end()
            value = value[lead.end():].rstrip()
            if not value or _ROLE_WORDS.fullmatch(value):
                continue
            if re.fullmatch(_NAME, value) is None:
                break  # a word of the sentence: the list is over
            _emit_name(scan, a, a + len(value), True)


def _signatures(scan: Scan) -> None:
    """"Santiago Quesada\tJosep Casadevall\nRegistrar\tPresident": the names over the roles."""
    text = scan.text
    for m in _SIGNATURE.finditer(text):
        line = m.group("names")
        base = m.start("names")
        pieces = [p for p in re.finditer(r"[^\t]+?(?=[ \t]{2,}|\t|$)", line) if p.group().strip()]
        for p in pieces:
            value = p.group().strip()
            if re.fullmatch(_NAME, value) is None:
                return  # a line of prose above the roles: no signature
        for p in pieces:
            a = base + p.start() + (len(p.group()) - len(p.group().lstrip()))
            _emit_name(scan, a, a + len(p.group().strip()), True)


BENCH = TextPass(("PATIENT",), lambda scan: True,
                 find_bench)
