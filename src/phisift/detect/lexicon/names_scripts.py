"""Words in another script inside a note written in Latin letters: "Patient 张伟 was seen", "husband Иван Петров".

A note in English (or Spanish, German...) writes a name or a town in its own script when the chart
copies it from a passport, a referral or the patient's own form. No word list of ours holds those
words, and no capital marks them, so every other pass walks past them. In a note whose letters are
nearly all Latin, a run of up to four words in another script (Cyrillic, Greek, Arabic, Hebrew,
Devanagari and the other Indic scripts, Thai, Georgian, Armenian, Hangul, kana, CJK) names someone or
somewhere: clinical words, drugs and section headers of such a note are written in its own language.

The run is a street before a house number, a town alone on its line, after an address and a comma or
after a place cue ("lives in", "born in", "from"), a doctor in a clinician's context, a patient otherwise. A note written mostly in another script is left alone: there, such
words are the language of the note, not a name.
"""

from __future__ import annotations

import re

from .cues import PLACE_CUE_MAXLEN, PLACE_CUES
from .labels import CITY, DOCTOR, PATIENT, STREET
from .state import PassState
from .tokens import Tokens

#: Letters of the scripts above (not Latin, not IPA or combining marks).
_OTHER_SCRIPT = re.compile(
    "[\u0370-\u03ff\u1f00-\u1fff"  # Greek
    "\u0400-\u052f"  # Cyrillic
    "\u0530-\u058f\u0590-\u05ff"  # Armenian, Hebrew
    "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff"  # Arabic
    "\u0900-\u0dff\u0e00-\u0e7f\u0e80-\u0eff"  # Indic scripts, Thai, Lao
    "\u10a0-\u10ff\u1100-\u11ff"  # Georgian, Hangul jamo
    "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"  # kana, CJK, Hangul
)
_GREEK = re.compile("[\u0370-\u03ff\u1f00-\u1fff]")
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")
#: A note must hold at least this many words in Latin letters for each word in another script.
_LATIN_SHARE = 2
_MAX_RUN = 4


def pass_other_scripts(doc: Tokens, state: PassState) -> None:
    """Runs of words in another script within a note in Latin letters (see the module docstring)."""
    text = doc.text
    if text.isascii() or _OTHER_SCRIPT.search(text) is None:
        return
    other = sum(1 for w in doc.words if _OTHER_SCRIPT.match(w))
    if sum(1 for w in doc.words if _LATIN_LETTER.match(w)) < _LATIN_SHARE * other:
        return  # the note is written in that script
    i = 0
    while i < doc.n:
        if state.taken[i] or not _in_other_script(doc.words[i]):
            i += 1
            continue
        j = i + 1
        while j < doc.n and j - i < _MAX_RUN and not state.taken[j] and doc.simple_gap(j) \
                and _in_other_script(doc.words[j]):
            j += 1
        state.emit(i, j, _label(doc, i, j), 0.8)
        i = j


def _in_other_script(word: str) -> bool:
    """A word written wholly in another script ("Петров", "张伟"): not a Latin word with an accent, nor
    a clinical word with a Greek letter ("β-blocker", "μg", "TNF-α"), nor Greek letters alone ("α", "γδ")."""
    if len(word) < 2 or _OTHER_SCRIPT.match(word) is None or _LATIN_LETTER.search(word) is not None:
        return False
    return len(word) >= 3 or _GREEK.match(word) is None


#: An address's number after the run ("Κουκάκι 112"), or an address line before it ("70 Κουκάκι 112, ").
_NUMBER_AFTER = re.compile(r"[ \t]*[0-9]")
_ADDRESS_BEFORE = re.compile(r"[0-9][^\n]*,[ \t]*$")


def _label(doc: Tokens, i: int, j: int) -> str:
    """A street before a house number, a town alone on its line, after an address line and a comma or
    after a place cue; a doctor after clinician words; a patient otherwise."""
    text, start, end = doc.text, doc.starts[i], doc.ends[j - 1]
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    if _NUMBER_AFTER.match(text, end):
        return STREET
    alone = not text[line_start:start].strip(" \t,;:>") and not text[end:line_end].strip(" \t,.;")
    if alone or _ADDRESS_BEFORE.search(text, line_start, start) or doc.phrase_before(
            i, PLACE_CUES, PLACE_CUE_MAXLEN) is not None:
        return CITY
    return DOCTOR if doc.clinician_context(i) else PATIENT
