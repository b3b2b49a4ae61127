"""Judges, registrars and benches as judgments list them (issue 15).

A judgment of the European Court of Human Rights opens with its bench: "the Court, sitting as a
Chamber composed of: Jean-Paul Costa, President, András Baka, Rıza Türmen, judges, and Sally
Dollé, Section Registrar". The names are bare, from every country of the Council of Europe, and
no title stands before them: the roles after them (", President", ", judges", ", Section
Registrar") and the list after "composed of" are the evidence. Indian judgments sign with the
judge's initials, surname and ", J." ("H. Sundaram, J."), which no post-nominal rule without a
comma sees.

Each name is a person (``PATIENT``, the label the lexicon's legal passes give a judge). What stays
untouched: the roles themselves, a list that holds a lower-case word other than a particle ("the
President, the judges and the Registrar"), and anything after the list's end.
"""

from __future__ import annotations

import re

from .base import Scan, TextPass

#: One word of a name: a capital and letters ("Costa", "Türmen", "O'Boyle", "Jean-Paul"), or initials
#: ("J.-P.", "A."), or a particle inside a name ("de", "van", "von der").
_WORD = r"(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]*\.?|[A-Z]\.(?:-?[A-Z]\.)*)"
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
#: Where the bench list ends.
_LIST_END = re.compile(r"Registrar\b|Having deliberated|(?<!\b[A-Z])[.;](?:\s|$)")
#: "H. Sundaram, J.", "A.K. Patnaik, J.": initials, a surname and the judge's post-nominal after a comma.
_SIGNED = re.compile(r"(?<![\w.])(?P<n>(?:[A-Z]\.[ \t]?){1,3}[A-Z][a-z][\w'-]+(?:[ \t][A-Z][a-z][\w'-]+)?),[ \t]?"
                     r"(?:J|CJ|C\.J|JJ)\.(?=\s|$)")
_ROLE_ONLY = re.compile(rf"(?:the[ \t]+)?{_ROLE}", re.I)


#: Capitalised words that open a sentence or a clause, not a name ("Moreover, judges ...").
_NOT_FIRST = frozenset(
    "the a an in on at for and but or however moreover accordingly thus therefore furthermore nevertheless "
    "also then finally first secondly lastly consequently similarly likewise indeed further this that these "
    "those it he she they we his her their its our mr mrs ms dr court government chamber".split()
)


def _emit_name(scan: Scan, start: int, end: int, listed: bool) -> None:
    value = scan.text[start:end]
    words = value.split()
    if _ROLE_ONLY.fullmatch(value) or words[0].lower().rstrip(".") in _NOT_FIRST:
        return
    if not listed and (len(words) < 2 or any(len(w) < 2 for w in words)):
        return  # "Moreover, judges", "Type J, President": one word, or a bare letter, before a role outside a list
    scan.emit(start, end, "PATIENT", 0.85)


def find_bench(scan: Scan) -> None:
    """Names in a bench list after "composed of", names before a bench role, and judges signing ", J."."""
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
    for m in _NAME_ROLE.finditer(text):
        _emit_name(scan, m.start("n"), m.end("n"), False)
    for m in _SIGNED.finditer(text):
        scan.emit(m.start("n"), m.end("n"), "PATIENT", 0.85)


BENCH = TextPass(("PATIENT",), lambda scan: scan.may_hold("composed", "registrar", "president", "judge", "j."),
                 find_bench)
