"""The de-identification pipeline: named detectors, a combiner and an operator.

Config -> pipeline happens here and only here: each name in ``[detect] detectors`` is
built through the detector registry; a ``Fittable`` one (the frequency detector) is
fitted over the corpus first (``Pipeline.fit``), by whatever engine counts for it.
``Pipeline.from_config`` builds a pipeline that needs no fit, for plain strings.
"""

from __future__ import annotations

import gc
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from ..detect.base import Counter, Detector, Fittable
from ..detect.combine import Combiner
from ..detect.known import KnownPHI, doc_known_values, find_known
from ..detect.lexicon.wordlists import load_lexicons
from ..detect.registry import BuildContext, build, entry
from ..detect.site import SiteRules, site_rules
from ..dates import day_of
from ..document import GIVEN_SPANS, SOURCE_NOTE_DATE, SOURCE_PHI_META, SOURCE_TEXT, Document, Span, rewrite_document
from ..errors import UsageError
from ..progress import Reporter, part_done, reporter_or_null
from ..replace.operators import Mask, Operator, Redact, Surrogate, Tag, edits_for
from ..replace.surrogates import SurrogateMaker
from ..store import Secret
from .config import PipelineConfig, ReplaceSettings, as_config

ConfigLike = "PipelineConfig | str | Path | dict | None"


def detectors_of(config: PipelineConfig, model_dir: str | Path | None = None,
                 store: Any = None) -> tuple[list[Detector], list[Fittable]]:
    """The config's detectors, built through the registry: (ready ones, ones to fit), each in config order."""
    context = BuildContext(config, model_dir, store)
    ready: list[Detector] = []
    to_fit: list[Fittable] = []
    for name in config.detect.detectors:
        (to_fit if entry(name).fittable else ready).append(build(name, context))
    return ready, to_fit


def fit_detectors(fittables: Iterable[Fittable], corpus: Iterable[Document], *, counter: Counter | None = None,
                  state_dir: Path | None = None, reuse: bool = False,
                  reporter: Reporter | None = None) -> dict[str, Any]:
    """Each fittable's state over ``corpus`` (``counter``: the engine doing the counting).

    With ``state_dir`` each state is saved there (owner-only: it holds corpus words),
    and with ``reuse`` a state an interrupted run saved there is loaded instead of
    fitted again, so a resumed run applies exactly what its first attempt fitted.
    """
    say = reporter_or_null(reporter)
    states: dict[str, Any] = {}
    for fittable in fittables:
        path = state_dir / f"{fittable.name}-state.json.gz" if state_dir is not None else None
        if reuse and path is not None and path.exists():
            say.note(f"{fittable.name}: using the state fitted by the interrupted run")
            states[fittable.name] = fittable.load_state(path)
            continue
        state = fittable.fit(corpus, counter)
        say.note(fittable.summary(state))
        if path is not None:
            fittable.save_state(state, path)
            os.chmod(path, 0o600)
        states[fittable.name] = state
    return states


def share_feature_detectors(detectors: list[Detector]) -> list[Detector]:
    """Let a CRF tagger reuse the pipeline's rule and lexicon runs for its hit features.

    The CRF computes rule and lexicon hits as features; without sharing, a pipeline
    with rules + lexicon + model scans every text with them twice. The shared
    detectors are wrapped in ``Remembered``, which answers a repeated call on the same
    text from memory. Output is unchanged (same detectors, same settings).
    """
    from ..detect.base import Remembered

    taggers = [d for d in detectors if hasattr(d, "share_detectors")]
    if not taggers:
        return detectors
    out = [Remembered(d) if d.name in ("rules", "lexicon") and not isinstance(d, Remembered) else d
           for d in detectors]
    shared = {d.name: d for d in out if isinstance(d, Remembered)}
    for tagger in taggers:
        tagger.share_detectors(shared)
    return out


@dataclass
class Pipeline:
    """Detectors + combiner + operator; ``detect`` and ``deidentify`` work per document."""

    detectors: list[Detector]
    operator: Operator
    combiner: Combiner = field(default_factory=Combiner)
    labels: frozenset[str] = frozenset()
    min_score: float = 0.0

    #: Fitted states of the fittable detectors, by name (for a review page's charts).
    states: dict[str, Any] = field(default_factory=dict)
    #: The patients' known identifiers (``--known-phi``), looked for in each patient's notes.
    known: KnownPHI | None = None
    #: Replace the spans each document carries instead of detecting (``--from-spans``).
    given_spans: bool = False
    #: The metadata field holding each note's own date (``--note-date-field``): the over-89 rule's
    #: reference when the note names no later date (``replace/context.py``; else today).
    note_date_field: str | None = None
    #: Site rules: allow lists and per-label thresholds filter each detector's spans (their
    #: recognizers and deny lists are one of ``detectors``, named "site").
    site: SiteRules | None = None

    @classmethod
    def from_config(
        cls,
        config: ConfigLike = None,
        secret: Secret | None = None,
        model_dir: str | Path | None = None,
        extra_detectors: Iterable[Detector] = (),
        *,
        states: dict[str, Any] | None = None,
        store: Any = None,
    ) -> "Pipeline":
        """The pipeline of a config (a ``PipelineConfig``, a TOML path, a dict of overrides, or the default).

        A detector that must be fitted over a corpus first (frequency) needs its fitted
        state in ``states`` (``Pipeline.fit`` does this), or a fitted detector of the
        same name in ``extra_detectors``. Fitted detectors run after the others.
        """
        config = as_config(config)
        ready, to_fit = detectors_of(config, model_dir, store)
        states = dict(states or {})
        extra = list(extra_detectors)
        given = {getattr(d, "name", None) for d in extra}
        missing = [f.name for f in to_fit if f.name not in states and f.name not in given]
        if missing:
            raise UsageError(f"the {', '.join(missing)} detector must be fitted over a corpus first "
                             "(Pipeline.fit(corpus, config), or phisift detect/deid)")
        fitted = [f.apply(states[f.name]) for f in to_fit if f.name in states]
        det = config.detect
        site = site_rules(config.site) if config.site else None
        own = [site.detector] if site and (site.detector.recognizers or site.detector.deny) else []
        pipeline = cls(
            detectors=share_feature_detectors(ready + fitted + extra + own),
            operator=make_operator(config.replace, secret),
            combiner=Combiner(det.extend_min_score),
            labels=frozenset(det.labels),
            min_score=float(det.min_score),
            states=states,
            site=site,
        )
        settle_loaded()
        return pipeline

    @classmethod
    def fit(
        cls,
        corpus: Iterable[Document],
        config: ConfigLike = None,
        secret: Secret | None = None,
        model_dir: str | Path | None = None,
        *,
        counter: Counter | None = None,
        store: Any = None,
        state_dir: Path | None = None,
        reuse: bool = False,
        reporter: Reporter | None = None,
    ) -> "Pipeline":
        """The pipeline of a config with its fittable detectors fitted over ``corpus`` (re-iterable).

        ``counter``: the engine that counts (``None``: this process); ``store``: the
        project store holding the frequency detector's confidence list; ``state_dir``
        and ``reuse``: see ``fit_detectors``.
        """
        config = as_config(config)
        _, to_fit = detectors_of(config, model_dir, store)
        states = fit_detectors(to_fit, corpus, counter=counter, state_dir=state_dir, reuse=reuse, reporter=reporter)
        return cls.from_config(config, secret, model_dir, states=states, store=store)

    #: Texts longer than this are scanned in overlapping windows cut at line breaks,
    #: so memory stays bounded for a 50 MB note; spans near a cut are found in both
    #: windows and merged by the combiner.
    window_chars: int = 200_000
    window_overlap: int = 2_000

    def __setstate__(self, state: dict) -> None:
        """Unpickled in a worker: the tagger rebuilt its own feature detectors, so share again."""
        self.__dict__.update(state)
        self.detectors = share_feature_detectors(self.detectors)
        settle_loaded()

    def detect(self, text: str) -> list[Span]:
        found: list[Span] = []
        covered = 0  # the text done so far, for progress inside a note cut into windows
        for offset, part in self._windows(text):
            for det in self.detectors:
                spans = det.detect(part)
                if self.site:
                    spans = [s for s in spans if self.site.keep(part, s, det.name)]
                found.extend(s if not offset else replace(s, start=s.start + offset, end=s.end + offset)
                             for s in spans)
            if not _SETTLED[1]:
                settle_warmed()
            if len(text) > self.window_chars:
                part_done(text[covered : offset + len(part)])
                covered = offset + len(part)
        if self.labels:
            found = [s for s in found if s.label in self.labels]
        if self.min_score:
            found = [s for s in found if s.score >= self.min_score]
        return self.combiner.combine(found)

    def _windows(self, text: str):
        if len(text) <= self.window_chars:
            yield 0, text
            return
        start = 0
        while start < len(text):
            end = min(len(text), start + self.window_chars)
            if end < len(text):
                cut = text.rfind("\n", start + self.window_chars // 2, end)
                end = cut + 1 if cut > 0 else end
            yield start, text[start:end]
            if end >= len(text):
                return
            back = text.rfind("\n", end - self.window_overlap, end - 1)
            start = back + 1 if back > start else end - self.window_overlap

    def find(self, doc: Document, patient: str | None = None, known: list | None = None) -> list[Span]:
        """A document's PHI: the spans it carries (``given_spans``, or ``GIVEN_SPANS``: structured fields),
        else detected, with its patient's known identifiers found in every written form."""
        if self.given_spans or doc.meta.get(GIVEN_SPANS):
            return self.combiner.combine(doc.spans)
        if known is None:
            known = doc_known_values(doc, self.known, patient or doc.id)
        spans = self.detect(doc.text)
        return self.combiner.combine(spans + find_known(doc.text, known)) if known else spans

    def deidentify(self, doc: Document, patient: str | None = None) -> tuple[Document, list[Span]]:
        """The de-identified document (its spans mark the replaced places) and the spans found.

        The patient's known identifiers (``known``, and those the document's source carries)
        are found with the detectors' spans and given to the surrogates to avoid; with
        ``given_spans`` (or a document of structured fields, ``GIVEN_SPANS``) the document's
        own spans are replaced instead of detected ones.
        """
        who = patient or doc.id
        known = doc_known_values(doc, self.known, who)
        spans = self.find(doc, who, known)
        avoid = [v.text for v in known] + self._text_phi(doc, who)
        births = [d for d in (day_of(v.text) for v in known if v.birth) if d is not None]
        edits = edits_for(doc.text, spans, self.operator, who, known=avoid, note_date=self._note_date(doc),
                          births=births)
        new_doc, _ = rewrite_document(doc.with_spans(spans), edits)
        if any(k in new_doc.meta for k in SOURCE_PHI_META):  # the source's identifiers of the patient stay behind
            new_doc = replace(new_doc, meta={k: v for k, v in new_doc.meta.items() if k not in SOURCE_PHI_META})
        return new_doc, spans

    def _text_phi(self, doc: Document, patient: str) -> list[str]:
        """The PHI strings of the free text of a document's record (``SOURCE_TEXT``: an HL7 message's notes, beside
        its fields), found as in that text's own document, for the surrogates of the fields to avoid as the
        text's do: the same name word then gets the same surrogate in both, and none is a PHI word of the text."""
        text = doc.meta.get(SOURCE_TEXT)
        if not isinstance(text, str) or not text.strip() or self.given_spans \
                or not isinstance(self.operator, Surrogate):
            return []
        source = Document(doc.id, text, (), {k: v for k, v in doc.meta.items() if k not in (GIVEN_SPANS, SOURCE_TEXT)})
        return [text[s.start : s.end] for s in self.find(source, patient)]

    def _note_date(self, doc: Document) -> Any:
        """The note's own date from its ``note_date_field``, or the one its source gives (``SOURCE_NOTE_DATE``: a
        FHIR patient's latest date, an HL7 message's), the later of the two (surrogates only: no other mode
        writes a date)."""
        if not isinstance(self.operator, Surrogate):
            return None
        days = [day_of(doc.meta.get(self.note_date_field), self.operator.maker.dayfirst) if self.note_date_field
                else None, day_of(doc.meta.get(SOURCE_NOTE_DATE))]
        return max((d for d in days if d is not None), default=None)


def settle_loaded() -> None:
    """Take what is alive now (modules, the word lists, the models: kept for the life of the process) out of
    the cyclic garbage collector's view (``gc.freeze``), once per set of word lists loaded.

    A full collection visits every entry of every set it tracks: the lexicons' word sets (about 170 000
    strings) cost 40-100 ms each time, and a 50 MB note, whose 200 000-character windows keep many objects
    alive, triggers over a hundred full collections (5 MB: 12 collections, 1.5 s of 12 CPU-s). Frozen, they
    cost nothing. The price: reference cycles already garbage at this moment are never freed, so the freeze
    runs again only when more word lists were loaded (not for every pipeline a test suite builds).
    Detection output is unaffected.
    """
    loaded = load_lexicons.cache_info().currsize
    if loaded != _SETTLED[0]:
        _SETTLED[0] = loaded
        gc.freeze()


def settle_warmed() -> None:
    """``gc.freeze`` once more after this process's first detection (of a note, or of a long note's first
    window): what the detectors load on first use (the tagger's word lists, built lazily) is then out of
    the collector's full passes too. On a 50 MB note they cost about 15 ms each, 2-3 every MB."""
    _SETTLED[1] = True
    gc.freeze()


#: How many word-list sets were loaded at the last ``settle_loaded`` (-1: none yet), and whether
#: ``settle_warmed`` has run.
_SETTLED: list = [-1, False]


def secret_for(config: PipelineConfig, key_file: str | Path | None = None,
               notify: Callable[[str], None] | None = None) -> Secret | None:
    """The secret key surrogates need (None for the other modes).

    ``key_file`` defaults to the user's key file, as on the command line; a new key
    is created on first use and ``notify`` is told where (by default a warning).
    """
    if config.replace.mode != "surrogate":
        return None
    from ..store import DEFAULT_KEY_FILE, load_key

    if notify is None:
        import warnings

        def notify(message: str) -> None:
            warnings.warn(message, stacklevel=4)

    return load_key(Path(key_file).expanduser() if key_file else DEFAULT_KEY_FILE, notify=notify)


def make_operator(rep: ReplaceSettings, secret: Secret | None) -> Operator:
    """The ``[replace]`` operator; surrogates need the secret key."""
    mode = rep.mode
    if mode == "tag":
        return Tag(rep.tag_format)
    if mode == "mask":
        return Mask(rep.mask_char)
    if mode == "redact":
        return Redact()
    if secret is None:
        raise UsageError("surrogate mode needs a key (--key-file)")
    return Surrogate(
        SurrogateMaker(
            secret,
            locale=rep.locale,
            dayfirst=rep.dayfirst,
            min_shift_days=rep.date_shift_min_days,
            max_shift_days=rep.date_shift_max_days,
            age_cap=rep.age_cap,
        )
    )
