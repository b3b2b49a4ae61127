"""Write the review page: a static folder with ``index.html`` that opens from disk.

The page needs no server and loads nothing from elsewhere. The index (ids and
counts per document) is embedded in the page; the documents themselves are
grouped in chunks of ``chunk_size`` and embedded too while the whole stays under
``inline_limit`` bytes, otherwise written as ``data/chunk-NNNNN.js`` files that
the page loads with ``<script src>`` only when a document of the chunk is opened
(``file://`` allows that, unlike ``fetch``). So a corpus of 10,000 notes opens as
quickly as one of ten.

``ReviewWriter`` takes one document at a time (the ``deid`` command feeds it as
it goes); ``write_review`` is the same for whole corpora.

The folder appears whole or not at all: it is built in a private hidden sibling
(``.NAME.pid<N>.partial``, or the keyed build folder of a ``deid`` run) and renamed
into place by ``close()``, replacing an earlier page as a whole (``fileio.replace_folder``);
a run that fails leaves the earlier page as it was.
"""

from __future__ import annotations

import html
import os
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from itertools import islice
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

from .. import __version__
from ..document import Document, Span
from ..errors import InputError
from ..fileio import atomic_write, replace_folder, restore_torn
from .data import LabelTable, document_record, replacements_line_up, script_json, span_key
from .matching import (
    EXACT, FALSE_ALARM, MISMATCH_FOUND, MISMATCH_GOLD, MISS, STATUSES, Mark, match_spans, plain_marks,
)
from .palette import category_of, label_color, label_ink, sort_labels

INDEX_FILE = "index.html"
DATA_DIR = "data"
EVAL_CHART = "eval-by-label.png"
FREQUENCY_CHART = "frequency-curve.png"
#: Documents looked at to decide whether the originals carry gold spans (``evaluate=None``).
GOLD_PEEK = 1000


@dataclass
class ReviewResult:
    """What was written; counts only, safe to print."""

    directory: Path
    page: Path
    documents: int
    spans: Counter = field(default_factory=Counter)
    data_files: list[Path] = field(default_factory=list)
    charts: list[Path] = field(default_factory=list)
    report: object | None = None  # evaluate.Report when gold was compared with found spans
    replaced: int = 0  # replaced places marked in the de-identified texts


def _asset(name: str) -> str:
    try:
        text = resources.files("phisift.review").joinpath("assets", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuntimeError(f"phisift is installed without its review page files (phisift/review/assets/{name}); "
                           "the package data must include review/assets/*") from None
    if not name.endswith(".html") and re.search(r"</(script|style)", text, re.IGNORECASE):
        raise ValueError(f"asset {name} must not contain a closing script or style tag")
    return text


def _relabel(spans: Iterable[Span], label_map: Mapping[str, str] | None) -> list[Span]:
    if label_map:
        spans = (s.with_label(label_map.get(s.label, s.label)) for s in spans)
    return sorted(spans, key=span_key)


def _check_spans(spans: Sequence[Span], text: str, doc_id: str, what: str) -> None:
    for s in spans:
        if s.end > len(text):
            raise InputError(f"{what} span {s.start}..{s.end} lies past the text end", document=doc_id)


class ReviewWriter:
    """Builds a review page one document at a time; ``close()`` writes the page.

    ``evaluate=True`` compares the originals' spans (gold) with the found spans and
    marks each as exact, missed, false alarm or mismatch; otherwise the found spans
    (or, without any, the originals' own spans) are shown as they are.
    ``keep_original=False`` writes no original text at all: the page shows the
    de-identified text with the replaced places marked, and at most counts.
    """

    def __init__(
        self,
        directory: str | Path,
        *,
        keep_original: bool = True,
        evaluate: bool = False,
        title: str = "phisift review",
        label_map: Mapping[str, str] | None = None,
        chunk_size: int = 200,
        inline_limit: int = 4_000_000,
    ) -> None:
        if chunk_size < 1:
            raise ValueError("chunk_size must be at least 1")
        self.directory = Path(directory)
        self.keep_original = keep_original
        self.evaluate = evaluate
        self.title = title
        self.label_map = dict(label_map) if label_map else None
        self.chunk_size = chunk_size
        self.inline_limit = inline_limit
        self._labels = LabelTable()
        self._docs: list[dict] = []
        self._chunk: list[dict] = []
        self._inline: list[str] = []  # chunk JSON kept for embedding while small
        self._inline_bytes = 0
        self._files: list[Path] = []
        self._totals: dict[str, Counter] = {}
        self._report = None
        self._has_original = False
        self._has_deid = False
        self._closed = False
        self._replaced = 0
        self._build: Path | None = None  # where the page is built until close() puts it in place

    # ------------------------------------------------------------------ input
    def add(
        self,
        original: Document | None = None,
        deidentified: Document | None = None,
        found: Sequence[Span] | None = None,
    ) -> None:
        """One document: its original (with gold spans when evaluating), its
        de-identified version (spans = replaced places) and the spans found in the
        original. Any of them may be missing, but not both documents."""
        if original is None and deidentified is None:
            raise ValueError("a review document needs the original or the de-identified version")
        doc_id = original.id if original is not None else deidentified.id
        found_spans = _relabel(found, self.label_map) if found is not None else None
        replaced = sorted(deidentified.spans, key=span_key) if deidentified is not None else []
        if deidentified is not None:
            _check_spans(replaced, deidentified.text, doc_id, "replaced")

        marks: list[Mark] = []
        gold: list[Span] = []
        status = Counter()
        if original is not None:
            if found_spans is not None:
                _check_spans(found_spans, original.text, doc_id, "found")
            if self.evaluate:
                gold = _relabel(original.spans, self.label_map)
                _check_spans(gold, original.text, doc_id, "gold")
                marks = match_spans(gold, found_spans or [])
                status.update(m.status for m in marks)
                self._score(original, gold, found_spans or [])
            else:
                shown = found_spans if found_spans is not None else _relabel(original.spans, self.label_map)
                _check_spans(shown, original.text, doc_id, "")
                marks = plain_marks(shown)

        keep = self.keep_original and original is not None
        linked = found_spans is not None and deidentified is not None and replacements_line_up(found_spans, replaced)
        record = document_record(self._labels, original if keep else None, marks if keep else [],
                                 deidentified, replaced, linked)
        self._has_original |= keep
        self._has_deid |= deidentified is not None
        self._replaced += len(replaced)

        entry: dict = {"n": doc_id, "c": len(self._inline) + len(self._files), "p": len(self._chunk)}
        if self.evaluate and original is not None:
            entry["g"] = self._counts((s.label for s in gold), "gold")
            entry["f"] = self._counts((s.label for s in found_spans or ()), "found")
            entry["s"] = [status.get(name, 0) for name in STATUSES]
            for m in marks:
                if m.status != "plain":
                    self._totals.setdefault(m.status, Counter())[m.label] += 1
        elif keep:
            entry["g"] = self._counts((m.label for m in marks), "shown")
        else:
            entry["g"] = self._counts((s.label for s in replaced), "shown")
        self._docs.append(entry)
        self._chunk.append(record)
        if len(self._chunk) >= self.chunk_size:
            self._flush()

    def _counts(self, labels: Iterable[str], total: str) -> dict[str, int]:
        counts = Counter(self._labels[label] for label in labels)
        bucket = self._totals.setdefault(total, Counter())
        for i, n in counts.items():
            bucket[self._labels.names[i]] += n
        return {str(i): n for i, n in sorted(counts.items())}

    def _score(self, original: Document, gold: list[Span], found: list[Span]) -> None:
        from ..evaluate import evaluate

        part = evaluate([original.with_spans(gold)], {original.id: found})
        if self._report is None:
            self._report = part
        else:
            _merge_report(self._report, part)

    # ----------------------------------------------------------------- output
    def build_in(self, folder: str | Path) -> None:
        """Build the page in ``folder`` (emptied first) instead of a hidden sibling of its own: a corpus run
        gives its keyed build folder, which it removes when the run fails and empties when it resumes."""
        if self._files:
            raise RuntimeError("build_in must be called before any chunk is written")
        folder = Path(folder)
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(mode=0o700, parents=True)
        self._build = folder

    @property
    def _dir(self) -> Path:
        """The folder being built: the page appears at ``directory`` whole, when it is closed, or not at all."""
        if self._build is None:
            self._build = self.directory.parent / f".{self.directory.name}.pid{os.getpid()}.partial"
            self.directory.parent.mkdir(parents=True, exist_ok=True)
            restore_torn(self.directory)
            shutil.rmtree(self._build, ignore_errors=True)
            self._build.mkdir(mode=0o700)
        return self._build

    def discard(self) -> None:
        """Remove what was built (a failed run leaves no page, and an earlier page as it was)."""
        self._closed = True
        if self._build is not None:
            shutil.rmtree(self._build, ignore_errors=True)

    def _flush(self) -> None:
        if not self._chunk:
            return
        number = len(self._inline) + len(self._files)
        payload = script_json(self._chunk)
        self._chunk = []
        if not self._files and self._inline_bytes + len(payload) <= self.inline_limit:
            self._inline.append(payload)
            self._inline_bytes += len(payload)
            return
        if self._inline:  # the page got too big to embed: move what was kept to files too
            kept, self._inline = self._inline, []
            for i, text in enumerate(kept):
                self._write_chunk(i, text)
        self._write_chunk(number, payload)

    def _write_chunk(self, number: int, payload: str) -> None:
        path = self._dir / DATA_DIR / f"chunk-{number:05d}.js"
        with atomic_write(path, private=True) as fh:
            fh.write(f"window.phisiftChunk({number},{payload});\n")
        self._files.append(path)

    def close(self, *, charts: bool = True, frequency_state=None) -> ReviewResult:
        """Write the page (and the charts: per-label scores after an evaluation, the
        rare-word threshold curve when a fitted frequency state is given)."""
        if self._closed:
            raise RuntimeError("review already written")
        self._closed = True
        self._flush()
        chart_files: list[tuple[Path, str]] = []
        if charts:
            wanted = frequency_state is not None or (
                self._report is not None and self._report.all.gold_entities + self._report.all.strict.fp > 0)
            from .charts import charts_available, plot_evaluation, plot_frequency_curve

            if wanted and charts_available():
                if self._report is not None and self._report.all.gold_entities + self._report.all.strict.fp:
                    chart_files.append((plot_evaluation(self._report, self._dir / EVAL_CHART),
                                        "Strict precision, recall and F1 and token recall per gold label"))
                if frequency_state is not None:
                    others = [x for x in (0.8, 0.95, 0.99) if abs(x - frequency_state.keep_share) > 1e-9]
                    chart_files.append((plot_frequency_curve(frequency_state, self._dir / FREQUENCY_CHART,
                                                             keep_shares=others),
                                        "Rare-word masking: share of word tokens kept at each threshold k"))
        try:
            with atomic_write(self._dir / INDEX_FILE, private=True) as fh:  # it shows the original notes
                fh.write(self._html(chart_files))
            replace_folder(self._dir, self.directory, private=True)
        except BaseException:
            self.discard()
            raise
        final = self.directory
        total = self._totals.get("gold" if self.evaluate else "shown", Counter())
        return ReviewResult(final, final / INDEX_FILE, len(self._docs), Counter(total),
                            [final / DATA_DIR / p.name for p in self._files],
                            [final / p.name for p, _ in chart_files], self._report, self._replaced)

    def __enter__(self) -> "ReviewWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            self.discard()
        elif not self._closed:
            self.close()

    # ------------------------------------------------------------------- page
    def _index(self, chart_files: list[tuple[Path, str]]) -> dict:
        names = self._labels.names
        order = sort_labels(names)
        table = []
        for lab in order:
            row = {"label": lab, "category": category_of(lab)}
            for key in ("shown", "gold", "found", EXACT, MISS, FALSE_ALARM, MISMATCH_GOLD, MISMATCH_FOUND):
                if key in self._totals:
                    row[key] = self._totals[key].get(lab, 0)
            table.append(row)
        index = {
            "title": self.title,
            "version": __version__,
            "original": self._has_original,
            "deid": self._has_deid,
            "evaluate": self.evaluate,
            "labels": names,
            "order": [names.index(lab) for lab in order],
            "colors": [label_color(lab) for lab in names],
            "inks": [label_ink(lab) for lab in names],
            "categories": [category_of(lab) for lab in names],
            "statuses": list(STATUSES),
            "docs": self._docs,
            "chunks": {
                "count": len(self._inline) + len(self._files),
                "inline": not self._files,
                "files": [f"{DATA_DIR}/{p.name}" for p in self._files],
            },
            "table": table,
            "charts": [{"src": p.name, "title": t} for p, t in chart_files],
        }
        if self._report is not None:
            index["scores"] = self._report.as_dict(by_label=True)
        return index

    def _html(self, chart_files: list[tuple[Path, str]]) -> str:
        data = [f'<script type="application/json" id="phisift-index">{script_json(self._index(chart_files))}</script>']
        for i, payload in enumerate(self._inline):
            data.append(f'<script type="application/json" class="phisift-chunk" data-chunk="{i}">{payload}</script>')
        parts = {
            "TITLE": html.escape(self.title),
            "CSS": _asset("review.css"),
            "JS": _asset("review.js"),
            "DATA": "\n".join(data),
        }
        template = _asset("page.html")
        return re.sub(r"\{\{(TITLE|CSS|JS|DATA)\}\}", lambda m: parts[m.group(1)], template)


def _merge_report(total, part) -> None:
    """Add one document's evaluate.Report to the running total."""
    total.documents += part.documents
    for mine, theirs in ((total.all, part.all), (total.hipaa, part.hipaa)):
        mine.token.add(theirs.token)
        mine.strict.add(theirs.strict)
        mine.overlap_found += theirs.overlap_found
        mine.gold_entities += theirs.gold_entities
        for label, prf in theirs.by_label_strict.items():
            mine.by_label_strict.setdefault(label, type(prf)()).add(prf)
        for table_name in ("by_label_token", "by_label_overlap"):
            mine_table, theirs_table = getattr(mine, table_name), getattr(theirs, table_name)
            for label, (hit, n) in theirs_table.items():
                counts = mine_table.setdefault(label, [0, 0])
                counts[0] += hit
                counts[1] += n


def _pairs(
    originals: Iterable[Document] | None, deidentified: Iterable[Document] | None
) -> Iterator[tuple[Document | None, Document | None]]:
    """Originals with their de-identified versions, by id; streams when both come in the same order."""
    if originals is None:
        for d in deidentified or ():
            yield None, d
        return
    if deidentified is None:
        for o in originals:
            yield o, None
        return
    rest = iter(deidentified)
    waiting: dict[str, Document] = {}
    for o in originals:
        if o.id in waiting:
            yield o, waiting.pop(o.id)
            continue
        for d in rest:
            if d.id == o.id:
                yield o, d
                break
            waiting[d.id] = d
        else:
            yield o, None
    for d in waiting.values():
        yield None, d


def _has_gold(originals: Iterable[Document]) -> tuple[bool, Iterator[Document]]:
    """Whether the first documents carry spans, and the same stream, untouched."""
    it = iter(originals)
    head = list(islice(it, GOLD_PEEK))
    found = any(doc.spans for doc in head)

    def again() -> Iterator[Document]:
        yield from head
        yield from it

    return found, again()


def write_review(
    directory: str | Path,
    originals: Iterable[Document] | None,
    deidentified: Iterable[Document] | None = None,
    predicted: Mapping[str, Sequence[Span]] | None = None,
    *,
    evaluate: bool | None = None,
    keep_original: bool = True,
    title: str = "phisift review",
    label_map: Mapping[str, str] | None = None,
    frequency_state=None,
    charts: bool = True,
    chunk_size: int = 200,
    inline_limit: int = 4_000_000,
) -> ReviewResult:
    """Write a review page for a corpus; returns what was written.

    ``originals`` carry gold spans when there are any; ``predicted`` maps document
    ids to the spans found in the originals; ``deidentified`` documents have the
    replaced places as spans (as ``phisift deid`` writes them to JSONL).
    ``evaluate=None`` compares gold with found spans when both are there (gold is
    looked for in the first 1,000 originals).
    """
    if originals is None and deidentified is None:
        raise ValueError("write_review needs originals, de-identified documents or both")
    if evaluate is None:
        evaluate = False
        if originals is not None and predicted is not None:
            evaluate, originals = _has_gold(originals)
    if evaluate and (originals is None or predicted is None):
        raise ValueError("an evaluation needs the originals with gold spans and the predicted spans")
    writer = ReviewWriter(directory, keep_original=keep_original, evaluate=evaluate, title=title,
                          label_map=label_map, chunk_size=chunk_size, inline_limit=inline_limit)
    try:
        for original, deid in _pairs(originals, deidentified):
            found = None
            if predicted is not None and original is not None:
                found = predicted.get(original.id, [])
            writer.add(original, deid, found)
    except BaseException:
        writer.discard()
        raise
    return writer.close(charts=charts, frequency_state=frequency_state)
