"""Dictation stamps of transcribed notes: "JH:kk", "A.S./mdf" (author, then typist), "KF" signing off a note.

Only the dictating clinician's initials are PHI (i2b2 DOCTOR); the typist's are not.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass


#: A line holding only initials, optionally with the typist's after ":" or "/" ("JH:kk", "K.R./kk", "KF");
#: no blank around the separator, which sets the stamp apart from a form field ("CC: gout").
_INITIALS_LINE = re.compile(
    r"(?m)^[ \t]*(?P<d>(?:[A-Za-z]\.){2,3}|[A-Za-z]{2,4})"
    r"(?:[:/](?P<t>(?:[A-Za-z]\.){2,4}|[A-Za-z]{2,4}))?[ \t]*\r?$"
)


def find_dictation_initials(scan: Scan) -> None:
    """Dictation lines: "JH:kk", "A.S./mdf" (author, then typist), and "KF" signing off a note.

    Transcribed notes end with the dictating clinician's initials and the
    typist's after a colon or slash; only the clinician's are PHI (i2b2 DOCTOR).
    A line of two or three letters alone counts only among the last four lines,
    where a note is signed, and never when it is a common abbreviation ("OK").
    """
    text = scan.text
    tail = scan.n
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
        scan.emit(m.start("d"), m.end("d"), "DOCTOR", score)


DICTATION_INITIALS = TextPass(("DOCTOR",), lambda scan: "\n" in scan.text, find_dictation_initials)
