"""Inject PHI into real prose: fill placeholders, add sentences, mark the rest neutral.

One note at a time, decided only by ``(seed, note id)``:

1. placeholders ("Dr. X", "ABCD General Hospital", "MM/DD/YYYY") are filled with
   generated values most of the time and otherwise left in place as neutral;
2. sentences from ``sentences.INLINE`` go in after sentence ends, one family
   each, plus sometimes a header line, a sign-off and a look-alike measurement
   (a blood pressure, a pain score) that must not be taken for PHI;
3. every edit goes through ``phisift.document.rewrite``; gold spans are placed
   from the rewrite's offset map, and neutral regions of the carrier text
   (``carrier.find_neutral``) are carried over by the same map.

Gold spans carry ``source = "family/form"`` so scores can be cut by family and
misses listed by form. Documents keep ``neutral`` and ``negatives`` in ``meta``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ...document import Document, Edit, Span, rewrite, sort_edits
from . import numbers, people, places, sentences
from .carrier import Region, find_more_neutral, find_neutral, find_placeholders
from .phrase import Ctx, Phrase, lit, phrase_text

_SENTENCE_END = re.compile(r"(?<=[.!?])  ?(?=[A-Z])")
#: A period after these (or after one or two letters: "Dr.", "J.") does not end a sentence.
_ABBREVIATIONS = frozenset({"mrs", "prof", "approx", "dept", "vs", "etc", "fig", "no", "ref", "sr", "jr"})
_LAST_WORD = re.compile(r"([A-Za-z]+)[.!?]$")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class InjectConfig:
    """How much to inject per note."""

    fill_share: float = 0.8  # placeholders replaced by values (the rest stay, neutral)
    inline_min: int = 3
    inline_max: int = 6
    header_share: float = 0.5
    signoff_share: float = 0.6
    negative_share: float = 0.6
    families: tuple[str, ...] = field(default_factory=lambda: tuple(sentences.INLINE))


def _placeholder_value(ctx: Ctx, kind: str) -> Phrase:
    if kind == "hospital":
        return places.hospital(ctx)
    if kind == "date":
        return numbers.date_phrase(ctx)
    label = "DOCTOR" if kind == "doctor" else "PATIENT"
    form = ctx.pick(("surname_only", "surname_only", "full", "initial_surname", "misspelt", "upper"))
    return people.name(ctx, label, form)


def _inside(pos: int, regions: list[Region]) -> bool:
    return any(r.start < pos < r.end for r in regions)


def _sentence_end(text: str, period: int) -> bool:
    m = _LAST_WORD.search(text, max(0, period - 12), period + 1)
    return not m or (len(m.group(1)) > 2 and m.group(1).lower() not in _ABBREVIATIONS)


def _insertion_points(text: str, avoid: list[Region]) -> list[int]:
    """Sentence starts after a sentence end (not after "Dr." or an initial), outside ``avoid``."""
    return [m.end() for m in _SENTENCE_END.finditer(text)
            if _sentence_end(text, m.start() - 1) and not _inside(m.end(), avoid)]


def inject(doc_id: str, text: str, seed: int, config: InjectConfig = InjectConfig(),
           meta: dict | None = None) -> Document:
    """One carrier text with PHI injected: gold spans, ``meta["neutral"]`` and ``meta["negatives"]``."""
    ctx = Ctx(random.Random(f"inject:{seed}:{doc_id}"))
    holes = find_placeholders(text)
    neutral = [r for r in find_neutral(text) if not any(h.start < r.end and r.start < h.end for h in holes)]
    pieces: dict[tuple[int, int], list[Phrase]] = {}
    for hole in holes:
        if ctx.chance(config.fill_share):
            pieces[(hole.start, hole.end)] = [_placeholder_value(ctx, hole.kind)]
        else:
            neutral.append(Region(hole.start, hole.end, "placeholder"))
    points = _insertion_points(text, neutral + holes)
    # the wider regions come after the insertion points are chosen: they change what is scored, not the text
    neutral += [r for r in find_more_neutral(text) if not any(h.start < r.end and r.start < h.end for h in holes)]
    ctx.rng.shuffle(points)
    k = ctx.rng.randint(config.inline_min, config.inline_max)
    families = [ctx.pick(config.families) for _ in range(k)]
    for i, family in enumerate(families):
        pos = points[i] if i < len(points) else len(text)
        sep = "" if pos < len(text) else " "
        sentence = sentences.fill(ctx, ctx.pick(sentences.INLINE[family]))
        pieces.setdefault((pos, pos), []).append((lit(sep),) + sentence + (lit("" if sep else " "),))
    negatives_at: list[tuple[int, int, str]] = []
    if ctx.chance(config.negative_share):
        clause, kind = numbers.negative_clause(ctx)
        pos = points[k] if k < len(points) else len(text)
        sep = "" if pos < len(text) else " "
        pieces.setdefault((pos, pos), []).append((lit(f"{sep}On exam, "), lit(clause), lit("." + ("" if sep else " "))))
        negatives_at.append((pos, len(pieces[(pos, pos)]) - 1, kind))
    if ctx.chance(config.header_share):
        pieces.setdefault((0, 0), []).insert(0, sentences.fill(ctx, ctx.pick(sentences.HEADERS)))
        negatives_at = [(p, j + (p == 0), kind) for p, j, kind in negatives_at]
    if ctx.chance(config.signoff_share):
        pieces.setdefault((len(text), len(text)), []).append(sentences.fill(ctx, ctx.pick(sentences.SIGNOFFS)))
    return _assemble(doc_id, text, pieces, neutral, negatives_at, meta or {})


def _assemble(doc_id: str, text: str, pieces: dict[tuple[int, int], list[Phrase]], neutral: list[Region],
              negatives_at: list[tuple[int, int, str]], meta: dict) -> Document:
    """Apply the edits with ``rewrite`` and place gold, neutral and negative regions on the new text."""
    edits = [Edit(a, b, "".join(phrase_text(p) for p in phrases)) for (a, b), phrases in pieces.items()]
    ordered = sort_edits(edits)
    new_text, mapping = rewrite(text, ordered)
    gold: list[Span] = []
    negatives: list[dict] = []
    neg_lookup = {(p, j): kind for p, j, kind in negatives_at}
    for i, edit in enumerate(ordered):
        pos = mapping.new_starts[i]
        for j, phrase in enumerate(pieces[(edit.start, edit.end)]):
            phrase_start = pos
            for seg in phrase:
                if seg.is_phi and seg.text:
                    gold.append(Span(pos, pos + len(seg.text), seg.label, f"{seg.family}/{seg.form}"))
                pos += len(seg.text)
            kind = neg_lookup.get((edit.start, j)) if edit.start == edit.end else None
            if kind:
                negatives.append({"start": phrase_start, "end": pos, "label": kind})
    replaced = [(e.start, e.end) for e in ordered if e.end > e.start]
    kept = [r for r in neutral if not any(a < r.end and r.start < b for a, b in replaced)]
    neutral_spans = sorted(mapping.span(Span(r.start, r.end, r.kind)) for r in kept)
    out_meta = dict(meta)
    out_meta["neutral"] = [{"start": s.start, "end": s.end, "label": s.label} for s in neutral_spans]
    out_meta["negatives"] = negatives
    return Document(doc_id, new_text, tuple(sorted(gold)), out_meta)


def recase(doc: Document, mode: str, suffix: bool = True) -> Document:
    """The whole note in upper, lower or title case, offsets unchanged.

    A word whose case change would change its length ("ß" -> "SS") is left as it is,
    so every gold and neutral offset stays valid.
    """
    fn = {"upper": str.upper, "lower": str.lower, "title": str.title}[mode]

    def one(m: re.Match[str]) -> str:
        new = fn(m.group())
        return new if len(new) == len(m.group()) else m.group()

    text = _WORD.sub(one, doc.text)
    meta = {**doc.meta, "case": mode}
    return Document(f"{doc.id}~{mode}" if suffix else doc.id, text, doc.spans, meta)


def query(doc_id: str, seed: int, context: str = "") -> Document:
    """A query-style short text ("Can you tell me when Mrs. ... ?"), after an optional real sentence."""
    ctx = Ctx(random.Random(f"query:{seed}:{doc_id}"))
    phrase = sentences.fill(ctx, ctx.pick(sentences.QUERIES))
    text = context.strip()
    neutral = find_neutral(text) + find_more_neutral(text) if text else []
    pieces = {(len(text), len(text)): [((lit(" "),) if text else ()) + phrase]}
    return _assemble(doc_id, text, pieces, neutral, [], {"carrier": "query"})
