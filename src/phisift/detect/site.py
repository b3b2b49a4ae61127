"""Site rules without code: extra regex recognizers, allow and deny lists, per-label thresholds.

Every site has identifiers no generic detector knows (study ids, local MRN
shapes), words that look like PHI but are not (a ward named "Bell", an eponym),
and names that must always go (a VIP list). These come from the pipeline TOML:

    [[recognizers]]                 # one table per recognizer
    label = "IDNUM"
    pattern = 'STUDY-\\d{6}'
    score = 0.9                     # optional (default 1.0)
    ignore_case = false             # optional
    context = ["study", "trial"]    # optional: counts only after one of these words (within 40 characters)
    group = 0                       # optional: the regex group that is the PHI

    [allow]                         # never PHI, whatever found it (whole span text, any case)
    words = ["Parkinson"]
    files = ["site_allow.txt"]      # one word or phrase per line
    lexicon = ["Bell"]              # ... or only when this detector found it (rules, lexicon, model, frequency)

    [deny]                          # always PHI, wherever it occurs, with this label
    PATIENT = ["Zorblat"]
    files = { PATIENT = "vip.txt" }

    [thresholds]                    # per label: spans scored below are dropped
    DATE = 0.6

Recognizers and deny lists form one more detector (``site``), whose spans meet the
others' in the combiner; allow lists and thresholds filter each detector's spans
before that. Files are read relative to the config file.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..document import Span
from ..errors import InputError

CONTEXT_WINDOW = 40
_SPACE = re.compile(r"\s+")


def normal(text: str) -> str:
    """The form allow lists compare: case-folded, inner whitespace collapsed, outer punctuation dropped."""
    return _SPACE.sub(" ", text.casefold()).strip(" .,;:!?()[]{}'\"")


@dataclass(frozen=True)
class Recognizer:
    """One regex recognizer: every match (or its ``group``) is a span with this label and score."""

    label: str
    pattern: re.Pattern
    score: float = 1.0
    group: int = 0
    context: tuple[str, ...] = ()

    def detect(self, text: str) -> list[Span]:
        spans = []
        for match in self.pattern.finditer(text):
            start, end = match.span(self.group)
            if start < 0 or start == end:
                continue
            if self.context and not self._has_context(text, start):
                continue
            spans.append(Span(start, end, self.label, "site", self.score))
        return spans

    def _has_context(self, text: str, start: int) -> bool:
        before = text[max(0, start - CONTEXT_WINDOW) : start].casefold()
        return any(re.search(r"\b" + re.escape(word.casefold()) + r"\b", before) for word in self.context)


@dataclass
class SiteDetector:
    """The site's recognizers and deny lists as one detector."""

    recognizers: tuple[Recognizer, ...] = ()
    deny: tuple[tuple[str, re.Pattern], ...] = ()  # (label, phrase pattern)
    name: str = "site"

    def detect(self, text: str) -> list[Span]:
        spans = [s for r in self.recognizers for s in r.detect(text)]
        for label, pattern in self.deny:
            spans.extend(Span(m.start(), m.end(), label, self.name, 1.0) for m in pattern.finditer(text))
        return spans


@dataclass
class SiteRules:
    """Everything a site adds to a pipeline; empty when its config has none of it."""

    detector: SiteDetector = field(default_factory=SiteDetector)
    allow: frozenset[str] = frozenset()
    allow_by_detector: dict[str, frozenset[str]] = field(default_factory=dict)
    thresholds: dict[str, float] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.detector.recognizers or self.detector.deny or self.allow or self.allow_by_detector
                    or self.thresholds)

    def keep(self, text: str, span: Span, detector: str) -> bool:
        """Whether a detector's span survives the allow lists and the label's threshold."""
        if span.score < self.thresholds.get(span.label, 0.0):
            return False
        if not self.allow and detector not in self.allow_by_detector:
            return True
        words = normal(text[span.start : span.end])
        return words not in self.allow and words not in self.allow_by_detector.get(detector, frozenset())

    @property
    def labels(self) -> set[str]:
        """The labels the site detector can give."""
        return {r.label for r in self.detector.recognizers} | {label for label, _ in self.detector.deny}


#: The config sections that hold site rules (kept apart from the strictly merged pipeline sections).
SECTIONS = ("recognizers", "allow", "deny", "thresholds")


def split_site(user: dict[str, Any], path: Path | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A user's TOML split into (pipeline sections, site sections), the site ones checked.

    List files are made absolute (relative to the config file), so the site sections
    mean the same wherever the config is used from, and ``phisift config`` prints a
    config that gives itself back.
    """
    rest = {k: v for k, v in user.items() if k not in SECTIONS}
    site = {k: copy.deepcopy(v) for k, v in user.items() if k in SECTIONS}
    base = Path(path).resolve().parent if path is not None else Path.cwd()
    allow, deny = site.get("allow"), site.get("deny")
    if isinstance(allow, dict) and isinstance(allow.get("files"), list):
        allow["files"] = [str(base / Path(f).expanduser()) if isinstance(f, str) else f for f in allow["files"]]
    if isinstance(deny, dict) and isinstance(deny.get("files"), dict):
        deny["files"] = {k: str(base / Path(f).expanduser()) if isinstance(f, str) else f
                         for k, f in deny["files"].items()}
    try:
        site_rules(site)
    except InputError as exc:
        if exc.path is None:
            exc.path = path  # name the config file the rule came from
        raise
    return rest, site


def site_rules(config: dict[str, Any], base: Path | None = None) -> SiteRules:
    """The site rules of a loaded pipeline config (sections ``recognizers``, ``allow``, ``deny``, ``thresholds``)."""
    where = base or Path(".")
    recognizers = tuple(_recognizer(i, item) for i, item in enumerate(config.get("recognizers") or []))
    allow_cfg = dict(config.get("allow") or {})
    allow = set(_phrases(allow_cfg.pop("words", []), "allow.words"))
    allow.update(_file_phrases(allow_cfg.pop("files", []), where, "allow.files"))
    allow_by = {name: frozenset(normal(w) for w in _phrases(words, f"allow.{name}")) for name, words in allow_cfg.items()}
    deny_cfg = dict(config.get("deny") or {})
    files = deny_cfg.pop("files", {}) or {}
    if not isinstance(files, dict):
        raise InputError("deny.files must be a table of label = file")
    deny: list[tuple[str, re.Pattern]] = []
    for label, words in deny_cfg.items():
        deny.extend((label, _phrase_pattern(w)) for w in _phrases(words, f"deny.{label}"))
    for label, path in files.items():
        deny.extend((label, _phrase_pattern(w)) for w in _file_phrases([path], where, f"deny.files.{label}"))
    thresholds = {}
    for label, value in (config.get("thresholds") or {}).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise InputError(f"thresholds.{label} must be a number between 0 and 1")
        thresholds[label] = float(value)
    return SiteRules(SiteDetector(recognizers, tuple(deny)), frozenset(normal(w) for w in allow), allow_by, thresholds)


def _recognizer(i: int, item: Any) -> Recognizer:
    where = f"recognizers[{i}]"
    if not isinstance(item, dict):
        raise InputError(f"{where} must be a table with label and pattern")
    unknown = sorted(set(item) - {"label", "pattern", "score", "ignore_case", "context", "group"})
    if unknown:
        raise InputError(f"{where}: unknown key(s) {', '.join(unknown)} (keys: label, pattern, score, "
                         "ignore_case, context, group)")
    label, pattern = item.get("label"), item.get("pattern")
    if not isinstance(label, str) or not label.strip():
        raise InputError(f"{where}: 'label' must be a non-empty string")
    if not isinstance(pattern, str) or not pattern:
        raise InputError(f"{where}: 'pattern' must be a non-empty string (a regular expression)")
    score = item.get("score", 1.0)
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
        raise InputError(f"{where}: 'score' must be a number between 0 and 1")
    try:
        compiled = re.compile(pattern, re.IGNORECASE if item.get("ignore_case") else 0)
    except re.error as exc:
        raise InputError(f"{where}: 'pattern' is not a valid regular expression ({exc})") from None
    group = item.get("group", 0)
    if not isinstance(group, int) or not 0 <= group <= compiled.groups:
        raise InputError(f"{where}: 'group' must be a group number of the pattern (0..{compiled.groups})")
    context = tuple(_phrases(item.get("context", []), f"{where}.context"))
    return Recognizer(label.strip(), compiled, float(score), group, context)


def _phrases(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{where} must be a list of strings")
    return [v for v in value if v.strip()]


def _file_phrases(paths: Any, base: Path, where: str) -> Iterable[str]:
    for name in _phrases(paths, where):
        path = base / Path(name).expanduser()
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (FileNotFoundError, IsADirectoryError):
            raise InputError(f"{where}: no such file", path) from None
        except UnicodeDecodeError:
            raise InputError(f"{where}: not UTF-8 text", path) from None
        yield from (line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _phrase_pattern(phrase: str) -> re.Pattern:
    """A deny phrase as a pattern: any case, any run of whitespace between its words, whole words only."""
    words = [re.escape(w) for w in phrase.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)
