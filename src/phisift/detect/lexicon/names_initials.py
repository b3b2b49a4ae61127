"""Names written with initials and no cue: "L.N. Guclu", "M. Stephenson", "Lucy T.".

An initial with its period next to a capitalised word is one of the surest shapes of a
person's name in any text, with or without a title or a cue; question-style texts use it
bare ("Who is the PCP for R.S. Hayes?", "How old is Lucy T.?"). What looks the same and is
not a name stays untouched:

* species and organisms ("E. Coli", "H. Pylori", "S. Aureus", "P. Jirovecii"): the word after
  one initial must be a surname on the lists or an unknown word without a Latin ending, never a
  common or clinical word;
* outline items at a line start ("A. Hypertension", "B. Plan"): one initial opening a line or a
  sentence is not read as a name;
* "Vitamin D.", "Hepatitis B.", "Type A.", "Class I.": the word before a trailing initial must be
  a given name on the lists that is no common word.
"""

from __future__ import annotations

import bisect
import re

from .casing import MIXED, clinical_vocabulary
from .cues import CALENDAR, CREDENTIAL, CREDENTIAL_WORDS, NAME_STOP, TITLES
from .english import english_words
from .labels import DOCTOR, PATIENT
from .state import PassState
from .tokens import Tokens

#: One to three initials with periods, then a surname (maybe hyphenated, maybe after particles):
#: "L.N. Guclu", "M. Fox-Ng", "I. van de Leemput".
#: (Both regexes open with the capital and look behind it after: the engine then skips to the capitals at
#: C speed instead of trying the look-behind at every character; the matches are the same.)
_INITIALS_SURNAME = re.compile(
    r"(?P<init>[A-Z](?<![\w.][A-Z])\.[ \t]?(?:[A-Z]\.[ \t]?){0,2})"
    r"(?P<sur>(?:(?:van|von|de|der|den|di|da|del|della|la|le|du|dos|das|ten|ter)[ \t]+){0,3}"
    r"[A-Z][a-zà-ÿ'’]+(?:-[A-Z][a-zà-ÿ'’]+)?)(?![\w'’-])"
)
#: A given name (maybe hyphenated) and one initial with its period: "Lucy T.", "Anne-Katrin H.".
_FIRST_INITIAL = re.compile(
    r"(?P<first>[A-Z](?<![\w.'’-][A-Z])[a-zà-ÿ'’]+(?:-[A-Z][a-zà-ÿ'’]+)?)[ \t](?P<init>[A-Z])\.(?=[ \t,;:?!)\n]|$)"
)
#: Endings of Latin species names ("Pylori", "Aureus", "Jirovecii", "Pneumoniae", "Difficile").
_LATIN_ENDING = ("us", "ii", "ae", "um", "is", "ile", "ica", "ens", "oides")


#: Initials and a surname in a note typed in one case: "Z.M. NECATIGIL", "z.m. necatigil", "by a. toivanen".
_INITIALS_SURNAME_CASELESS = re.compile(
    r"(?<![\w.])(?P<init>[A-Za-z]\.[ \t]?(?:[A-Za-z]\.[ \t]?){0,2})"
    r"(?P<sur>[A-Za-zà-ÿÀ-Þ'’]{3,}(?:-[A-Za-zà-ÿÀ-Þ'’]{2,})?)(?![\w'’.-])"
)
_BY_BEFORE = re.compile(r"(?i)\bby[ \t]+$")
#: Dotted abbreviations of two or three letters that are no initials: "P.O. BOX", "A.M. DOSE", "B.I.D. DOSING".
_DOTTED_ABBREVIATIONS = frozenset(
    "po am pm bid tid qid qd qhs hs npo prn us uk ie eg ac pc od os ou cc do md rn np pa dr mr ms qod tpn "
    "dc vs nb ps pt ot st mt ft".split()
)


def _caseless_initials(doc: Tokens, state: PassState) -> None:
    """'CONSULT BY Z.M. NECATIGIL', 'seen by z.m. necatigil': two or three initials before a word no list of
    common or clinical words holds, in a note typed in one case; one initial only after "by" ("seen by a.
    toivanen"): alone it is too weak there ("a. fib", "b. plan")."""
    text = doc.text
    for m in _INITIALS_SURNAME_CASELESS.finditer(text):
        letters = "".join(c for c in m.group("init") if c.isalpha()).lower()
        if letters in _DOTTED_ABBREVIATIONS or letters in CREDENTIAL_WORDS:
            continue
        if len(letters) == 1 and not _BY_BEFORE.search(text, max(0, m.start() - 4), m.start()):
            continue  # one initial only after "by": "seen by a. toivanen", not "a. fib", "b. plan"
        span = _tokens(doc, m.start(), m.end())
        if span is None or not state.free(*span):
            continue
        key = doc.keys[span[1] - 1]
        if not _surname_ok(doc, key) or key in clinical_vocabulary() or key in english_words() and key not in doc.lex.last:
            continue
        if doc.eponym_after(span[1]) or doc.dose_after(span[1]):
            continue
        credential = _CREDENTIAL_AFTER.match(text, m.end())  # "by r. wiggins, md": a clinician
        label = DOCTOR if credential or _SIGNED_BEFORE.search(text, max(0, m.start() - 40), m.start()) \
            or doc.clinician_context(span[0]) else PATIENT
        state.emit_chars(m.start(), m.end(), span[0], span[1], label, 0.8)


#: A credential after a name, in any case: "r. wiggins, md", "R. MCKEE, PHD".
_CREDENTIAL_AFTER = re.compile(r"(?i:[ \t]*,?[ \t]*)(?:" + CREDENTIAL.pattern.replace(r"(?<![\w.-])", "") + ")", re.I)
#: Who writes a note down: the name after "transcribed ... by", "dictated by", "signed by" is a clinician's.
_SIGNED_BEFORE = re.compile(r"(?i)\b(?:transcribed|dictated|signed|cosigned|co-signed|reviewed|consult|seen)\b[^.;\n]{0,30}\bby[ \t]+$")


def _tokens(doc: Tokens, start: int, end: int) -> tuple[int, int] | None:
    """The token range that covers characters start..end exactly, or None."""
    i = bisect.bisect_left(doc.starts, start)
    j = bisect.bisect_left(doc.starts, end)
    if i >= doc.n or doc.starts[i] != start or j == 0 or doc.ends[j - 1] > end:
        return None
    return i, j


def _surname_ok(doc: Tokens, key: str) -> bool:
    lex = doc.lex
    if key in NAME_STOP or key in TITLES or key in CALENDAR or lex.is_place_word(key) and not lex.is_name_word(key):
        return False
    if lex.is_name_word(key):
        return not lex.is_allowed(key) or key in lex.last
    if key.endswith("s") and lex.is_allowed(key[:-1]):
        return False  # "Pullbacks": the plural of a common word
    return not lex.is_allowed(key) and not key.endswith(_LATIN_ENDING)


def _opens_line_or_sentence(text: str, start: int) -> bool:
    """Whether what stands before ``start`` leaves one initial open to another reading: a line or
    sentence start, a number, or a capitalised word ("Type A. Mary", "Hepatitis B. Later")."""
    k = start - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    if k < 0 or not (text[k].islower() or text[k] in ",(") or text[k] == "," and text[k - 1 : k] == ".":
        return True  # ".,C. Pullbacks": MTSamples writes a sentence or section end as ".,"
    w = k
    while w > 0 and (text[w - 1].isalpha() or text[w - 1] in "'’-"):
        w -= 1
    return text[w].isupper() and text[w : k + 1].lower() not in TITLES  # "Doctor I. van de Leemput"


def pass_initial_names(doc: Tokens, state: PassState) -> None:
    """'How old is L.N. Guclu?', 'the bill for M. Fox', 'Who is the PCP for Dayar T.?': a name by its initials."""
    if "." not in doc.text:
        return
    if not state.recased and (doc.note_case != MIXED or doc.text.isupper() or doc.text.islower()):
        _caseless_initials(doc, state)
    text = doc.text
    lex = doc.lex
    for m in _INITIALS_SURNAME.finditer(text):
        span = _tokens(doc, m.start(), m.end())
        if span is None or not state.free(*span):
            continue
        key = doc.keys[span[1] - 1]
        if not _surname_ok(doc, key):
            continue
        if m.group("init").replace(" ", "").replace("\t", "").replace(".", "").lower() in CREDENTIAL_WORDS:
            continue  # "XYZ, M.D. Electronically signed": a credential's letters, not initials
        if m.group("init").count(".") == 1 and (_opens_line_or_sentence(text, m.start())
                                                 or key not in lex.last and doc.eponym_after(span[1])):
            continue  # "A. Hypertension" opening a list item; one initial needs more than a shape there
        if doc.eponym_after(span[1]) or doc.dose_after(span[1]):
            continue
        label = DOCTOR if doc.clinician_context(span[0]) else PATIENT
        state.emit_chars(m.start(), m.end(), span[0], span[1], label, 0.8)
    for m in _FIRST_INITIAL.finditer(text):
        span = _tokens(doc, m.start(), m.end("init"))
        if span is None or not state.free(*span):
            continue
        parts = [p for p in doc.keys[span[0]].split("-") if p]
        if not parts or not all(p in lex.first and not lex.is_allowed(p) for p in parts):
            continue
        if doc.keys[span[0]] in CALENDAR or (span[0] > 0 and doc.keys[span[0] - 1] in TITLES):
            continue
        label = DOCTOR if doc.clinician_context(span[0]) else PATIENT
        state.emit_chars(m.start(), m.end("init") + 1, span[0], span[1], label, 0.8)
