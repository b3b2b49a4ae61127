"""Firms, newspapers and military units by a quoted name, a legal form, a number or a name (issue 15, court judgments).

Judgments from the former Soviet Union and central Europe write a firm's legal form before its name
and quote the name: 'OOO "Romashka"', 'ZAO Neftegaz', 'a private company, "Stroy-Invest"', and name
newspapers the same way: 'the daily "Hürriyet"'. The quoted name after such a word, or the capitalised
name after the legal form, is an ``ORGANIZATION``. Clinical notes quote words after "company" or
"daily" hardly ever with a capital inside the quotes ('take "as needed" daily'), and the legal forms
are letters no clinical abbreviation spells (OOO, ZAO, OAO, PAO, TOV, OJSC, CJSC, PJSC). Military units
("the 46th Brigade", "the Bolu Commando Brigade") are named by an ordinal or a capitalised word before
the kind of unit.
"""

from __future__ import annotations

import re

from .base import Scan, TextPass, gated_lines, matches_on_lines

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž0-9]"
#: A word that says what the quoted name after it is.
_KIND = (r"(?:company|companies|firm|enterprise|bank|newspaper|daily|weekly|monthly|magazine|journal|association|"
         r"organisation|organization|foundation|NGO|plant|factory|co-?operative|society|partnership|corporation|"
         r"channel|agency|party|union|club|OOO|ZAO|OAO|PAO|AO|TOV|OJSC|CJSC|PJSC|JSC|LLC|SC|SRL|d\.o\.o\.|A\.Ş\.)")
_QUOTED = re.compile(rf"\b{_KIND}[ \t]*,?[ \t]*(?:called[ \t]+|named[ \t]+)?[\"“«„](?P<n>{_CAP}[^\"”»“\n]{{0,48}}?)[\"”»“]")
_PREFIXED = re.compile(rf"(?<![\w.])(?:OOO|ZAO|OAO|PAO|TOV|OJSC|CJSC|PJSC)[ \t]+(?P<n>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+"
                       rf"(?:[ \t][A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+)?)")


_QUOTE_MARK = re.compile(r'["“«„]')
_PREFIX_FORMS = ("OOO", "ZAO", "OAO", "PAO", "TOV", "JSC")
#: "the 46th Brigade", "the 17th Infantry Regiment", "the Bolu Commando Brigade": military units by number or name.
_UNIT = r"(?:Brigade|Regiment|Battalion|Squadron|Detachment)"
_MILITARY = re.compile(
    rf"\b(?P<n>(?:[0-9]{{1,3}}(?:st|nd|rd|th)|(?!The\b)[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]+)(?:[ \t]+[A-Z][a-z]+){{0,3}}[ \t]+{_UNIT})\b")


def find_named_firms(scan: Scan) -> None:
    text = scan.text
    if '"' in text or "“" in text or "«" in text or "„" in text:
        # a quoted name never spans a line break and opens with a quote mark: only lines holding one are scanned
        for m in matches_on_lines(_QUOTED, text, gated_lines(_QUOTE_MARK, text, text)):
            scan.emit(m.start("n"), m.end("n"), "ORGANIZATION", 0.8)
    if any(unit in text for unit in ("Brigade", "Regiment", "Battalion", "Squadron", "Detachment")):
        for m in _MILITARY.finditer(text):
            scan.emit(m.start("n"), m.end("n"), "ORGANIZATION", 0.75)
    if not any(form in text for form in _PREFIX_FORMS):
        return
    for m in _PREFIXED.finditer(text):
        scan.emit(m.start(), m.end("n"), "ORGANIZATION", 0.8)


NAMED_FIRMS = TextPass(("ORGANIZATION",), lambda scan: True, find_named_firms)
