"""``generate_notes``: a reproducible corpus of synthetic notes with gold PHI spans.

Each note gets its own seed, drawn from ``random.Random(seed)``; the note's
``random.Random`` and every Faker instance are reseeded from it before the note
is written. A note therefore depends only on (seed, position), never on what
was generated before it in the same process, and the same seed always yields
the same corpus.
"""

from __future__ import annotations

import random

from ..document import Document
from . import templates as T
from .blocks import record_date
from .builder import NoteBuilder, check, hard_wrap
from .cast import make_cast
from .context import Ctx
from .values import Fakers
from .dates import make_timeline, patient_age

STYLES = ("mixed", "i2b2", *T.NOTE_TYPES)
_WRAPPABLE = {"discharge_summary", "letter", "operative_note", "radiology_report", "clinic_note", "ed_note"}


def _weights(style: str) -> dict[str, int]:
    if style == "mixed":
        return T.MIXED_WEIGHTS
    if style == "i2b2":
        return T.I2B2_WEIGHTS
    if style in T.NOTE_TYPES:
        return {style: 1}
    raise ValueError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")


def generate_notes(n: int, seed: int, style: str = "mixed") -> list[Document]:
    """``n`` synthetic English clinical notes with i2b2 2014 PHI spans.

    ``style`` is "mixed" (all note types), "i2b2" (weighted like the i2b2 2014
    corpus: mostly outpatient notes and letters, each starting with "Record date:")
    or one note type from ``templates.NOTE_TYPES``. Document ids are
    ``synth-<seed>-<index>``; ``meta["note_type"]`` names the note type.
    """
    if n < 0:
        raise ValueError("n must be >= 0")
    weights = _weights(style)
    fakers = Fakers()
    master = random.Random(seed)
    note_seeds = [master.getrandbits(63) for _ in range(n)]
    return [_note(s, fakers, weights, style, f"synth-{seed}-{i:05d}") for i, s in enumerate(note_seeds)]


def _note(note_seed: int, fakers: Fakers, weights: dict[str, int], style: str, doc_id: str) -> Document:
    rng = random.Random(note_seed)
    fakers.seed(note_seed)
    types, w = zip(*weights.items())
    note_type = rng.choices(types, w)[0]
    age = patient_age(rng)
    cast = make_cast(rng, fakers, age)
    timeline = make_timeline(rng, age)
    ctx = Ctx(rng, fakers, cast, timeline, note_type)
    b = NoteBuilder()
    if style == "i2b2" or rng.random() < 0.3:
        record_date(ctx, b)
    T.NOTE_TYPES[note_type](ctx, b)
    text, spans = b.build()
    text = text.rstrip() + "\n"
    if note_type in _WRAPPABLE and rng.random() < 0.15:
        text = hard_wrap(text, spans, rng.randint(58, 82), rng)
    if rng.random() < 0.04 and len(text.upper()) == len(text):
        # Some transcription systems print everything in capitals; the record header stays as it is.
        head = len(text.split("\n", 1)[0]) if text.startswith("Record date:") else 0
        text = text[:head] + text[head:].upper()
    check(text, spans)
    return Document(doc_id, text, tuple(sorted(spans)), {"note_type": note_type, "generator": "phisift.synth"})
