"""Features of the pieces (``pieces``) the CRF tagger labels.

Features are plain strings ("w=smith", "-1s=Xx") because crfsuite hashes
nothing itself and strings keep a model readable. What lets a model trained on a
few hundred notes generalise is that the rule and lexicon detectors' hits are
features ("R=B-DATE", "L=I-PATIENT"): the tagger learns when to trust them and
where their boundaries go, instead of learning every name from scratch.

Optional, off by default:

* a gazetteer of the annotated values of the training corpus (phrase and word
  level). It is built with jackknifing for training (each document sees only the
  gazetteer of the other folds), or the tagger would learn to trust it blindly.
  It stores training PHI in the model folder, so use it only on synthetic or
  public corpora (MEDDOCAN) or for models that stay with the data;
* word clusters from word vectors (``phisift.lm.load_vectors``): k-means over the
  vectors of the training vocabulary, stored as a word -> cluster map.
"""

from __future__ import annotations

import hashlib
import os
import re
from bisect import bisect_right
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ...document import Document, Span
from ...text import sentence_tokens
from .cues import cue_features
from .pieces import Piece, Window, char_class, piece_windows, short_shape, split_pieces
from .wordinfo import DocInfo, doc_info, lexicon_tags, neighbour_lexicon_tags, zipf_features

__all__ = ["FeatureSettings", "FEATURE_VERSION", "FEATURE_PREFIXES", "Gazetteer", "Featurizer"]

#: The detectors whose hits are features, and the prefix of their features ("R=B-DATE").
FEATURE_PREFIXES = {"rules": "R", "lexicon": "L"}

#: Bumped whenever the features computed for a text change: a model trained with
#: other features would silently tag worse, so loading it is refused.
FEATURE_VERSION = 2

_LINE_LABEL = re.compile(r"[ \t]*([^\W\d_][^\n:]{0,40}?)[ \t]*:")
_LABEL_WORD = re.compile(r"[^\W_]+")


@lru_cache(maxsize=1 << 16)
def long_shape(word: str) -> str:
    """Character classes of every character, runs capped at four: "MRN12345" -> "XXXdddd"."""
    out: list[str] = []
    last, run = "", 0
    for c in word:
        k = char_class(c)
        run = run + 1 if k == last else 1
        last = k
        if run <= 4:
            out.append(k)
    return "".join(out)


# --------------------------------------------------------------------------- settings


@dataclass
class FeatureSettings:
    """Everything that decides the features of a piece; saved in the model config."""

    window: int = 2
    affixes: tuple[int, ...] = (2, 3, 4)
    detectors: tuple[str, ...] = ("rules", "lexicon")
    line_labels: bool = True
    gazetteer: bool = False
    gazetteer_folds: int = 5
    clusters: bool = False  # set when a cluster map is stored with the model
    #: build word clusters from the training text (``clusters.build_clusters``); read by ``train_model``
    corpus_clusters: bool = False
    #: neighbours either side whose clusters are features (multi-level cluster maps only)
    cluster_window: int = 2
    #: word bigrams with the previous and the next piece ("-1|0=dr|smith")
    bigrams: bool = True
    #: the long shape ("S=XXXdddd") and length bucket of a piece (off: fewer features, faster)
    long_shape: bool = True
    #: case-insensitive word-list membership of a piece and its neighbours (``wordinfo``)
    lexicon_words: bool = False
    #: what the whole note says about a word: hit elsewhere, lower-case use, note case (``wordinfo``)
    doc_features: bool = False
    #: cue classes of a piece and its neighbours: street, place, kin, month, ... (``cues``)
    cue_words: bool = False
    #: inside parentheses, which comma-separated part a piece is in: "(Vibracina 100, Pfizer, Madrid)"
    paren_segments: bool = False
    #: a short text (under 40 letters) with no capital is a note in lower case (``wordinfo.note_case``'s
    #: ``short``): its ``nc=`` feature, and which of its words are candidates
    short_case: bool = False
    #: common given names that are known words ("Faith", "June", "grace") are candidate words (``candidates``)
    name_candidates: bool = False
    #: the general-English frequency of a piece's lower case (``wordinfo.zipf_features``): "zf=0" (unlisted,
    #: rarer than Zipf 2.5) .. "zf=7", and with the piece's case ("zfc=LO0"): a rare lower-case word
    #: ("louis", "radoslav") from an English one ("honey", "brook") whatever the layout
    word_freq: bool = False
    #: in a text of fewer than ``SHORT_TEXT`` characters (a question, a message), a piece's case, given-name
    #: list membership and word frequency together ("sh=TI|F|4"): what a name looks like there
    short_text: bool = False
    max_words: int = 250  # tokens per tagged window (phisift.text.chunks)
    overlap: int = 50  # overlap of windows when tagging (training windows do not overlap)
    version: int = FEATURE_VERSION

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["affixes"] = list(self.affixes)
        d["detectors"] = list(self.detectors)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "FeatureSettings":
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        known.setdefault("version", 1)  # configs written before versions were recorded
        known.setdefault("lexicon_words", False)  # models trained before these features existed
        known.setdefault("doc_features", False)
        known.setdefault("cue_words", False)
        known.setdefault("paren_segments", False)
        known.setdefault("long_shape", True)
        known.setdefault("bigrams", True)
        if "affixes" in known:
            known["affixes"] = tuple(known["affixes"])
        if "detectors" in known:
            known["detectors"] = tuple(known["detectors"])
        return cls(**known)


# --------------------------------------------------------------------------- gazetteer


def _key(word: str) -> str:
    return word.lower()


#: How a gazetteer saved with a model stores its values: keyed BLAKE2b digests, 96 bits.
GAZETTEER_DIGEST = "blake2b-96"


def _digest(key: bytes, parts: Sequence[str]) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), key=key, digest_size=12).hexdigest()


@dataclass
class Gazetteer:
    """Annotated values of a corpus: piece sequences -> label, and single words -> labels.

    Built in memory with the values as they are; ``digested`` turns it into the form a
    model folder stores: keyed digests of the values (the key is stored beside them), so
    the folder does not list the training PHI. Whoever holds the model can still test a
    guessed value for membership, as with any model trained on the notes.
    """

    phrases: dict[Any, str] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)  # word -> "LABEL|LABEL"
    max_len: int = 0
    key: bytes | None = None  # set: phrases and words are keyed by digests
    lengths: tuple[int, ...] = ()  # phrase lengths present, longest first

    def __post_init__(self) -> None:
        if not self.lengths:
            self.lengths = tuple(sorted({len(k) for k in self.phrases}, reverse=True)) if self.key is None else ()
        self.max_len = max(self.lengths, default=0)

    @classmethod
    def build(cls, docs: Iterable[Document]) -> "Gazetteer":
        phrase_labels: dict[tuple[str, ...], dict[str, int]] = {}
        word_labels: dict[str, set[str]] = {}
        for doc in docs:
            for s in doc.spans:
                from ...text import tokenize

                pieces = split_pieces(tokenize(doc.text[s.start : s.end]))
                key = tuple(_key(p.text) for p in pieces)
                if not key or len(key) > 12:
                    continue
                counts = phrase_labels.setdefault(key, {})
                counts[s.label] = counts.get(s.label, 0) + 1
                for p in pieces:
                    if len(p.text) >= 3 and p.text[0].isupper() and p.text.isalpha():
                        word_labels.setdefault(_key(p.text), set()).add(s.label)
        phrases = {k: max(v.items(), key=lambda kv: (kv[1], kv[0]))[0] for k, v in phrase_labels.items()}
        words = {k: "|".join(sorted(v)) for k, v in word_labels.items()}
        return cls(phrases, words)

    def digested(self, key: bytes | None = None) -> "Gazetteer":
        """The same gazetteer keyed by digests (a fresh random key unless given): the features are the same."""
        if self.key is not None:
            return self
        key = key or os.urandom(16)
        return Gazetteer({_digest(key, k): v for k, v in self.phrases.items()},
                         {_digest(key, (w,)): v for w, v in self.words.items()}, key=key, lengths=self.lengths)

    def _phrase(self, parts: tuple[str, ...]) -> str | None:
        return self.phrases.get(parts if self.key is None else _digest(self.key, parts))

    def _word(self, word: str) -> str | None:
        return self.words.get(word if self.key is None else _digest(self.key, (word,)))

    def features(self, pieces: Sequence[Piece]) -> list[list[str]]:
        """Per piece: "G=B-LABEL"/"G=I-LABEL" for the longest phrase match, "gw=LABELS" for a known word."""
        n = len(pieces)
        out: list[list[str]] = [[] for _ in range(n)]
        keys = [_key(p.text) for p in pieces]
        i = 0
        while i < n:
            found = 0
            for length in self.lengths:
                if length > n - i:
                    continue
                label = self._phrase(tuple(keys[i : i + length]))
                if label is not None:
                    found = length
                    out[i].append("G=B-" + label)
                    for j in range(i + 1, i + length):
                        out[j].append("G=I-" + label)
                    break
            i += found or 1
        for k, p in enumerate(pieces):
            if p.text[:1].isupper():
                labs = self._word(keys[k])
                if labs:
                    out[k].append("gw=" + labs)
        return out

    def as_dict(self) -> dict[str, Any]:
        if self.key is not None:
            return {"digest": GAZETTEER_DIGEST, "key": self.key.hex(), "lengths": list(self.lengths),
                    "phrases": self.phrases, "words": self.words}
        return {"phrases": [[list(k), v] for k, v in self.phrases.items()], "words": self.words}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Gazetteer":
        if d.get("digest") is not None:
            if d["digest"] != GAZETTEER_DIGEST:
                raise ValueError(f"unknown gazetteer digest {d['digest']!r}")
            return cls(dict(d["phrases"]), dict(d.get("words", {})), key=bytes.fromhex(d["key"]),
                       lengths=tuple(sorted((int(n) for n in d["lengths"]), reverse=True)))
        phrases = {tuple(k): v for k, v in d.get("phrases", [])}
        return cls(phrases, dict(d.get("words", {})))


# --------------------------------------------------------------------------- featurizer

#: Texts shorter than this (characters) get ``FeatureSettings.short_text``'s features: questions and
#: messages (the free-question sets: 37-101 characters), not notes (the shortest tuning note: 262).
SHORT_TEXT = 200


@lru_cache(maxsize=1 << 16)
def short_text_feature(w: str) -> str:
    """"sh=TI|F|4": case, given-name list membership and Zipf bucket of a piece of a short text, as one
    feature. A CRF weighs features one by one; in a question a capitalised given name mid-sentence
    ("Yesterday Vrinda fell") is a name where, in a note, a capitalised rare word is a drug or an
    eponym as often, so the combination, seen only in short texts, gets a weight of its own."""
    if not w.isalpha():
        return "sh=" + ("D" if w.isdigit() else "P")
    case = "UP" if w.isupper() and len(w) > 1 else "TI" if w[0].isupper() else "LO"
    first = "F" if "lx=F" in lexicon_tags(w) else "-"
    z = zipf_features(w)
    return f"sh={case}|{first}|{z[0][3:] if z else '-'}"


#: Sentence-position features of a sentence's first pieces.
_SENT_POS = ("pos=0", "pos=1", "pos=2")


def _length_bucket(n: int) -> str:
    return "1" if n == 1 else "2" if n == 2 else "3" if n == 3 else "4-5" if n <= 5 else "6-8" if n <= 8 else "9+"


@lru_cache(maxsize=1 << 17)
def _word_features(w: str, affixes: tuple[int, ...], detail: bool = True) -> tuple[str, ...]:
    """The features that depend on the piece's text alone (cached: words repeat)."""
    lw = w.lower()
    f = ["w=" + lw, "s=" + short_shape(w)]
    if detail:
        f += ["S=" + long_shape(w), "len=" + _length_bucket(len(w))]
    if w.isalpha():
        for n in affixes:
            if len(w) > n:
                f.append(f"p{n}={lw[:n]}")
                f.append(f"x{n}={lw[-n:]}")
        if w.isupper():
            f.append("UP")
        elif w[0].isupper():
            f.append("TI")
        else:
            f.append("LO")
    elif w.isdigit():
        f.append(f"D{min(len(w), 9)}")
    elif not w.isalnum():
        f.append("PU")
    else:
        f.append("AN")
    return tuple(f)


@lru_cache(maxsize=1 << 17)
def _context_strings(w: str, win: int) -> tuple[tuple[str, str], ...]:
    """What a piece of text ``w`` adds to a neighbour's features at each offset -win..-1, 1..win
    ("-1w=smith", "-1s=Xx"); cached per word type, as words repeat."""
    lw, shape = w.lower(), short_shape(w)
    return tuple((f"{d}w={lw}", f"{d}s={shape}") for d in range(-win, win + 1) if d != 0)


def _piece_features(p: Piece, affixes: tuple[int, ...], detail: bool = True) -> list[str]:
    return list(_piece_tuple(p.text, p.parent, p.where, p.glued, affixes, detail))


@lru_cache(maxsize=1 << 17)
def _piece_tuple(text: str, parent: str, where: str, glued: bool, affixes: tuple[int, ...], detail: bool) -> tuple[str, ...]:
    """A piece's own features: its word features, the shape of its token, its place in the token."""
    f = _word_features(text, affixes, detail) + ("tk=" + parent, "tp=" + where)
    return f + ("glued",) if glued else f


class Featurizer:
    """Turns a text into pieces and one crfsuite feature list per piece.

    Features are computed over the whole document (context windows cross sentence
    and window edges); ``windows`` then cuts it into the sequences that are tagged.
    Detectors are built once; ``gazetteer`` and ``clusters`` are optional tables
    saved with the model.
    """

    def __init__(
        self,
        settings: FeatureSettings,
        gazetteer: Gazetteer | None = None,
        clusters: Mapping[str, str] | None = None,
    ) -> None:
        self.settings = settings
        self.gazetteer = gazetteer
        self.clusters = clusters
        self._detectors = []
        for name in settings.detectors:
            if name == "rules":
                from ..rules.detector import RuleDetector

                self._detectors.append(("R", RuleDetector()))
            elif name == "lexicon":
                from ..lexicon.detector import LexiconDetector

                self._detectors.append(("L", LexiconDetector()))
            else:
                raise ValueError(f"unknown feature detector {name!r}; choose rules or lexicon")

    def use_detectors(self, shared: Mapping[str, Any]) -> None:
        """Take the pipeline's own rule/lexicon detectors (by name) for the hit features,
        so a text is scanned once for both (see ``detect.base.Remembered``)."""
        by_prefix = {FEATURE_PREFIXES[n]: d for n, d in shared.items() if n in FEATURE_PREFIXES}
        self._detectors = [(prefix, by_prefix.get(prefix, det)) for prefix, det in self._detectors]

    def hits(self, text: str) -> list[tuple[str, list[Span]]]:
        return [(prefix, sorted(det.detect(text))) for prefix, det in self._detectors]

    def words_of(self, text: str) -> list[str] | None:
        """The lexicon detector's ``WORD`` tokens of ``text`` when it has just read this text (``hits``), else None."""
        for _, det in self._detectors:
            words_of = getattr(getattr(det, "detector", det), "words_of", None)
            words = words_of(text) if words_of is not None else None
            if words is not None:
                return words
        return None

    def featurize(
        self, text: str, gazetteer: Gazetteer | None = None, overlap: int = 0,
        hits: list[tuple[str, list[Span]]] | None = None, doc: DocInfo | None = None,
    ) -> tuple[list[Piece], list[list[str]], list[Window]]:
        """Pieces, a feature list per piece, and the windows to tag.

        ``gazetteer`` overrides the featurizer's own (jackknifing at training time);
        ``overlap`` is the windows' overlap in tokens (0 for training); ``hits``
        (``self.hits(text)``, computed by the caller) saves running the detectors on
        ``text`` (a candidate region of a note whose hits are known); ``doc`` is the
        ``wordinfo.DocInfo`` of the whole note (computed from ``text`` when not given).
        """
        groups = sentence_tokens(text)
        tokens = [t for g in groups for t in g]
        pieces: list[Piece] = []
        sent_pos: list[str | None] = []
        k = 0
        for g in groups:
            ps = split_pieces(g, k)
            k += len(g)
            n = len(ps)
            if n:
                sent_pos.extend(_SENT_POS[:n])
                if n > 3:
                    sent_pos.extend([None] * (n - 3))
                if n > 1:
                    sent_pos[-1] = "last"
            pieces.extend(ps)
        if not pieces:
            return [], [], []
        gaz = gazetteer if gazetteer is not None else self.gazetteer
        affixes = tuple(self.settings.affixes)
        detail = self.settings.long_shape
        feats = [_piece_features(p, affixes, detail) for p in pieces]
        if self.clusters:
            _add_cluster_features(pieces, feats, self.clusters, self.settings.cluster_window)
        if hits is None:
            hits = self.hits(text)
        if self.settings.doc_features:
            if doc is None:
                doc = doc_info(text, (s for _, spans in hits for s in spans), self.settings.short_case)
            case = "nc=" + doc.case
            for f, p in zip(feats, pieces):
                f.extend(doc.features(p.text))
                f.append(case)
        if self.settings.lexicon_words:
            _add_lexicon_features(pieces, feats)
        if self.settings.word_freq:
            for f, p in zip(feats, pieces):
                f.extend(zipf_features(p.text))
        if self.settings.short_text and len(doc.text if doc is not None else text) < SHORT_TEXT:
            for f, p in zip(feats, pieces):
                f.append(short_text_feature(p.text))
        if self.settings.cue_words:
            for f, cf in zip(feats, cue_features(pieces)):
                f.extend(cf)
        hits = self._hit_features(pieces, hits)
        gaz_f = gaz.features(pieces) if (gaz is not None and self.settings.gazetteer) else None
        lines = _line_label_features(text, pieces) if self.settings.line_labels else None
        if self.settings.paren_segments:
            for f, pf in zip(feats, _paren_segment_features(pieces)):
                if pf:
                    f.extend(pf)
        feats = self._with_context(text, pieces, feats, hits, gaz_f, lines, sent_pos)
        windows = piece_windows(text, tokens, pieces, self.settings.max_words, overlap)
        return pieces, feats, windows

    def _hit_features(self, pieces: Sequence[Piece], hits: list[tuple[str, list[Span]]]) -> list[list[str]]:
        """Per piece: "R=B-DATE", "L=I-PATIENT" from the detectors' spans."""
        feats: list[list[str]] = [[] for _ in pieces]
        starts = [p.start for p in pieces]
        n = len(pieces)
        for prefix, spans in hits:
            for sp in spans:
                i = max(bisect_right(starts, sp.start) - 1, 0)
                first = True
                while i < n and pieces[i].start < sp.end:
                    if pieces[i].end > sp.start:
                        feats[i].append(f"{prefix}={'B' if first else 'I'}-{sp.label}")
                        first = False
                    i += 1
        return feats

    def _with_context(
        self,
        text: str,
        pieces: Sequence[Piece],
        base: list[list[str]],
        hits: list[list[str]],
        gaz: list[list[str]] | None,
        lines: list[str | None] | None,
        sent_pos: list[str | None],
    ) -> list[list[str]]:
        n = len(pieces)
        win = self.settings.window
        offsets = [d for d in range(-win, win + 1) if d != 0]
        layout = _layout_features(text, pieces)
        bigrams = self.settings.bigrams
        words = [p.text.lower() for p in pieces] if bigrams else None
        seen = [_context_strings(p.text, win) for p in pieces]  # what a neighbour at d contributes
        hit_labels = [_hit_labels(tuple(hs)) if hs else () for hs in hits]
        out: list[list[str]] = []
        for i in range(n):
            f = base[i]
            if hits[i]:
                f.extend(hits[i])
            if gaz is not None:
                f.extend(gaz[i])
            if lines is not None and lines[i]:
                f.append(lines[i])
            if sent_pos[i]:
                f.append(sent_pos[i])
            if layout[i]:
                f.extend(layout[i])
            for k, d in enumerate(offsets):
                j = i + d
                if 0 <= j < n:
                    f.extend(seen[j][k])
                    if hit_labels[j]:
                        f.extend(f"{d}h={lab}" for lab in hit_labels[j])
                    if gaz is not None and abs(d) == 1:
                        f.extend(f"{d}{g}" for g in gaz[j])
                elif j == -1 or j == n:
                    f.append(f"{d}w=" + ("<s>" if j < 0 else "</s>"))
            if bigrams:
                if i > 0:
                    f.append(f"-1|0={words[i - 1]}|{words[i]}")
                if i + 1 < n:
                    f.append(f"0|1={words[i]}|{words[i + 1]}")
            out.append(f)
        return out


@lru_cache(maxsize=4096)
def _hit_labels(hits: tuple[str, ...]) -> tuple[str, ...]:
    """The labels of a piece's hit features ("R=B-DATE" -> "DATE"), sorted, once each."""
    return tuple(sorted({h.split("-", 1)[1] for h in hits}))


def _add_cluster_features(pieces: Sequence[Piece], feats: list[list[str]], clusters: Mapping[str, str],
                          window: int) -> None:
    """Cluster features of each piece, and of its neighbours within ``window``.

    A map value "17" (a ``--vectors`` model: one level) gives "c=17" for the piece alone, as
    before; "301|77|12" (clusters built from the training text, finest first) gives "c0=301",
    "c1=77", "c2=12", and the neighbours' middle level ("-2c1=40", "1c1=77") and, at ±1, their
    finest ("-1c0=5"): what kind of word stands next to a piece, for words seen rarely.
    """
    found = [clusters.get(p.text.lower()) for p in pieces]
    levels: list[list[str] | None] = [c.split("|") if c is not None and "|" in c else None for c in found]
    n = len(pieces)
    for i, f in enumerate(feats):
        c = found[i]
        if c is None:
            continue
        parts = levels[i]
        if parts is None:
            f.append("c=" + c)
        else:
            f.extend(f"c{k}={v}" for k, v in enumerate(parts))
    if not window:
        return
    for i, f in enumerate(feats):
        for d in range(-window, window + 1):
            j = i + d
            if d == 0 or not 0 <= j < n or levels[j] is None:
                continue
            parts = levels[j]
            f.append(f"{d}c1={parts[1]}" if len(parts) > 1 else f"{d}c0={parts[0]}")
            if abs(d) == 1:
                f.append(f"{d}c0={parts[0]}")


def _add_lexicon_features(pieces: Sequence[Piece], feats: list[list[str]]) -> None:
    """``lx=`` tags of each piece and of its left and right neighbour (``wordinfo``)."""
    tags = [lexicon_tags(p.text) for p in pieces]
    n = len(pieces)
    for i, p in enumerate(pieces):
        f = feats[i]
        f.extend(tags[i])
        if i > 0 and tags[i - 1]:
            f.extend(neighbour_lexicon_tags(pieces[i - 1].text)[1])
        if i + 1 < n and tags[i + 1]:
            f.extend(neighbour_lexicon_tags(pieces[i + 1].text)[0])


_CONNECTORS = frozenset({"de", "del", "la", "las", "los", "el", "y", "of", "the", "and", "&", "-", "'", "’"})


def _layout_features(text: str, pieces: Sequence[Piece]) -> list[list[str]]:
    """Line start/end, inside parentheses, and the piece's place in a run of capitalised words.

    Names of hospitals, institutions and places are runs of capitalised words
    ("Hospital Universitario Puerta de Hierro"); where a run starts and ends is most
    of what decides an entity's boundaries, so the run position and length are
    features. Parentheses hold manufacturers and places ("(Pfizer, Madrid)").
    """
    n = len(pieces)
    out: list[list[str]] = [[] for _ in range(n)]
    depth = 0
    for i, p in enumerate(pieces):
        new_line = i == 0 or "\n" in text[pieces[i - 1].end : p.start]
        if new_line:
            out[i].append("bol")
            depth = 0
            if i > 0:
                out[i - 1].append("eol")
        if depth > 0:
            out[i].append("paren")
        if p.text == "(":
            depth += 1
        elif p.text == ")" and depth > 0:
            depth -= 1
    if n:
        out[-1].append("eol")
    # runs of capitalised words, connectors allowed inside a run
    caps = [p.text[:1].isupper() and p.text[:1].isalpha() for p in pieces]
    i = 0
    while i < n:
        if not caps[i]:
            i += 1
            continue
        j = i + 1
        last = i
        while j < n and (caps[j] or (pieces[j].text.lower() in _CONNECTORS and j + 1 < n)):
            if caps[j]:
                last = j
            j += 1
        length = last - i + 1
        bucket = str(length) if length < 4 else "4+"
        for k in range(i, last + 1):
            where = "S" if length == 1 else "B" if k == i else "E" if k == last else "I"
            out[k].append(f"cr={where}{bucket}")
        i = last + 1
    return out


def _paren_segment_features(pieces: Sequence[Piece]) -> list[tuple[str, ...]]:
    """Inside a pair of parentheses, which comma-separated part a piece is in ("ps=0", "ps=1", "ps=2",
    "ps=3+") and whether it is the last part ("psl").

    Case reports cite a product as "(Vibracina 100, Pfizer, Madrid)": the product, then its maker
    (an institution), then the maker's city. The part's place says which, for a maker never seen
    in training. A parenthesis left open at the end of its line (or after 40 pieces) is not one.
    """
    n = len(pieces)
    out: list[tuple[str, ...]] = [()] * n
    i = 0
    while i < n:
        if pieces[i].text != "(":
            i += 1
            continue
        j = i + 1
        while j < n and j - i <= 40 and pieces[j].text not in ("(", ")"):
            j += 1
        if j >= n or pieces[j].text != ")":
            i += 1
            continue
        commas = [k for k in range(i + 1, j) if pieces[k].text in (",", ";")]
        if commas:
            part = 0
            for k in range(i + 1, j):
                if pieces[k].text in (",", ";"):
                    part += 1
                    continue
                tags = ("ps=" + (str(part) if part < 3 else "3+"),)
                out[k] = tags + ("psl",) if part == len(commas) else tags
        i = j + 1
    return out


def _line_label_features(text: str, pieces: Sequence[Piece]) -> list[str | None]:
    """"lab=<field label>" for pieces after "Label:" at the start of their line.

    Clinical headers ("Nombre:", "MRN:", "Patient Name:") announce the PHI that
    follows better than any word feature, and in any language.
    """
    cache: dict[int, tuple[int, str] | None] = {}
    out: list[str | None] = []
    for p in pieces:
        ls = text.rfind("\n", 0, p.start) + 1
        if ls not in cache:
            m = _LINE_LABEL.match(text, ls)
            if m and len(_LABEL_WORD.findall(m.group(1))) <= 4:
                label = "_".join(w.lower() for w in _LABEL_WORD.findall(m.group(1)))
                cache[ls] = (m.end(), "lab=" + label)
            else:
                cache[ls] = None
        hit = cache[ls]
        out.append(hit[1] if hit is not None and p.start >= hit[0] else None)
    return out
