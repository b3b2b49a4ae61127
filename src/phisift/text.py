"""Offset-keeping tokenizer, sentence splitter and chunker for clinical English and Spanish.

Every detector, tagger and augmenter in phisift works on character offsets into the
original text, so nothing here ever normalises, drops or rewrites a character: a
token, a sentence and a chunk are all ``(start, end)`` windows onto the text given.

* ``tokenize`` keeps together what a PHI tagger wants to see as one unit (dates,
  times, phone numbers, IDs, e-mails, URLs, decimals, titles such as ``Dr.`` and
  clinical abbreviations such as ``b.i.d.``) and splits every other punctuation
  mark off. It is one compiled alternation scanned once over the text, because a
  whole-corpus benchmark calls it on megabytes.
* ``sentences`` splits on sentence-final punctuation and on the line structure of
  clinical notes (section headers, list items, one-field-per-line header blocks).
  Every non-whitespace character belongs to exactly one sentence.
* ``chunks`` cuts a long note into overlapping windows of at most ``max_words``
  tokens for models with a bounded input, and ``merge_chunk_spans`` maps the
  per-window predictions back onto the note.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Iterable, Sequence

from phisift.document import Span

__all__ = [
    "Token",
    "Sentence",
    "Chunk",
    "ABBREVIATIONS",
    "tokenize",
    "sentences",
    "sentence_tokens",
    "chunks",
    "merge_chunk_spans",
]


@dataclass(frozen=True, slots=True)
class Token:
    """One token: ``text == document_text[start:end]`` always holds."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence as 0-based, end-exclusive character offsets, without surrounding whitespace."""

    start: int
    end: int

    def text_in(self, text: str) -> str:
        return text[self.start : self.end]


# --------------------------------------------------------------------------- abbreviations
# Lower-case forms with their final period. Titles stand before a name and so never
# end a sentence; splitting "Dr. | Smith" would cut a DOCTOR span in two.
_TITLES = frozenset(
    {
        "dr.", "dra.", "drs.", "mr.", "mrs.", "ms.", "mx.", "messrs.", "sr.", "sra.", "srta.",
        "sres.", "dña.", "dn.", "prof.", "profa.", "lic.", "ing.", "rev.", "hon.",
        "gen.", "capt.", "sgt.", "lt.", "col.", "fr.", "st.", "sta.", "sto.", "pres.", "gov.",
    }
)
# Abbreviations that introduce something and are not expected to end a sentence.
_NONFINAL = _TITLES | frozenset(
    {"e.g.", "i.e.", "vs.", "cf.", "approx.", "aprox.", "p.ej.", "viz.", "núm.", "nro.", "tel.", "teléf."}
)
# Abbreviations that may end a sentence: split after them only before a capital letter.
_MAY_END = frozenset(
    {
        "pt.", "pts.", "etc.", "jr.", "inc.", "co.", "corp.", "ltd.", "dept.",
        "hosp.", "univ.", "ave.", "av.", "avda.", "blvd.", "rd.", "fig.", "figs.", "ref.",
        "min.", "mins.", "hr.", "hrs.", "wk.", "wks.", "mo.", "mos.", "yr.", "yrs.", "sec.",
        "tab.", "tabs.", "cap.", "caps.", "amp.", "sol.", "susp.", "inj.", "cps.", "comp.",
        "dx.", "hx.", "rx.", "tx.", "sx.", "fx.", "bx.", "abd.", "ext.", "neg.", "pos.",
        "jan.", "feb.", "mar.", "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.",
        "nov.", "dec.", "ene.", "abr.", "dic.", "dcha.", "izq.", "izda.", "pág.",
        "vol.", "ed.", "eds.", "a.m.", "p.m.", "b.i.d.", "t.i.d.", "q.i.d.",
        "q.d.", "q.o.d.", "q.h.s.", "h.s.", "p.o.", "p.r.n.", "i.v.", "i.m.", "s.c.",
    }
)
ABBREVIATIONS: frozenset[str] = _NONFINAL | _MAY_END
"""Curated abbreviations whose period belongs to the token (lower case, with the period).

Any run of single letters each followed by a period (``b.i.d.``, ``U.S.``, ``p.r.n.``)
is kept as well, so this list only needs the multi-letter forms.
"""

# Titles that are also common lower-case words or units ("50 ms.", "st.") keep their
# period only when capitalised.
_LOWER_TITLES = frozenset({"dr.", "dra.", "drs.", "mrs.", "sr.", "sra.", "srta.", "sres.", "dña.", "dn.", "prof.", "profa."})
# All-capital spellings accepted; others ("MS." multiple sclerosis, "PT." physical
# therapy) are more often an acronym at the end of a sentence than a title.
_CAPS_OK = frozenset({"dr.", "dra.", "drs.", "mrs.", "sra.", "srta.", "dña.", "prof.", "etc.", "jr.", "inc."})


def _keeps_period(word: str) -> bool:
    """Whether ``word`` followed directly by a period is an abbreviation (or an initial)."""
    if len(word) == 1:
        return word.isupper()  # "J. Smith"; a lower-case letter is more often a list marker
    key = word.lower() + "."
    if key not in ABBREVIATIONS:
        return False
    if word.islower():
        return key not in _TITLES or key in _LOWER_TITLES
    return (word[0].isupper() and word[1:].islower()) or key in _CAPS_OK


# --------------------------------------------------------------------------- tokenizer
_W = r"[\w\u0300-\u036F]"  # word characters, plus combining accents of decomposed (NFD) text
_TLD = r"(?:com|org|net|edu|gov|mil|int|info|biz|io|es|uk|eu|cat|gal|eus|mx|ar|cl)"
# Words, numbers, dates, times, phone numbers and IDs: runs of word characters joined
# by an apostrophe or hyphen (O'Brien, Jackson-Pratt, 617-555-1234), by . , : between
# digits (3.5, 0,5, 14:30, 12.12.2016, 10.0.0.1), by a slash next to a digit
# (03/04/2021, 120/80) or by . before º ª (1.º), with an optional leading "+" before
# a digit (+34).
_COMPOUND = (
    rf"(?:(?<![\w+)])\+(?=\d))?{_W}++"
    rf"(?:(?:['’](?=[^\W\d_])|[-‐‑](?=\w)|(?<=\d)[.,:](?=\d)|(?<=\d)\.(?=[ºª])|(?<=\d)/(?=\w)|/(?=\d)){_W}++)*+"
)
# A compound followed by one of these may be the start of something longer (an
# e-mail, URL, "b.i.d.", "s/p"), which the alternatives after the first one handle.
_MAY_CONTINUE = r"[@/]|[.+]\w|://"
# A word's trailing period, to be split off again in ``tokenize`` unless the word is
# an abbreviation; not the first period of an ellipsis.
_PERIOD = r"(?:\.(?!\.))?"
_TOKEN_ALTERNATIVES = [
    # "No. 5": "No." is an abbreviation only before a number ("No." alone is an answer).
    r"(?P<number>[Nn][Oo]s?\.(?=\s?\d))",
    # The common case (a compound that cannot be the start of anything longer) comes
    # early, so that most tokens are matched without trying the alternatives below.
    rf"(?P<word>{_COMPOUND}(?!{_MAY_CONTINUE}){_PERIOD})",
    # URLs end on a letter, digit or slash, so a trailing "." or ")" stays punctuation.
    r"(?P<url>(?:(?i:https?|ftp)://|(?i:www)\.)[^\s<>\"'`]*[\w/])",
    # Lengths are bounded (as in RFC 5321) so that a long run such as "a.b.a.b..." is
    # not rescanned from every position, which would be quadratic.
    r"(?P<email>\w[\w.+-]{0,63}+@\w[\w-]{0,62}+(?:\.\w[\w-]{0,62}+){1,8})",
    rf"(?P<domain>(?<![\w@.-])\w[\w-]{{0,62}}+(?:\.\w[\w-]{{0,62}}+){{0,6}}\.{_TLD}(?![\w-]|\.\w)"
    r"(?:/[^\s<>\"'`]*[\w/])?)",
    # 2:30p.m., 10a.m.: a compound stops at the first period.
    r"(?P<time>\d{1,2}(?::\d\d){0,2}(?i:[ap]\.m\.))",
    # b.i.d., p.o., e.g., U.S.: single letters each followed by a period.
    r"(?P<dotted>(?<!\w)(?:[^\W\d_]\.){2,}+|(?i:p\.ej\.))",
    # s/p, w/o, mg/dL, mg/día, "c/ Mayor" (calle), "w/ pain": shorthand with a slash.
    r"(?P<slash>(?<!\w)[a-zñáéíóúü]{1,4}+(?:/[^\W\d_]{1,4}+){1,3}+(?![\w/])|(?<!\w)[CcWw]/(?!\S))",
    # A compound that turned out not to start anything longer ("Smith.Jones").
    rf"(?P<wordx>{_COMPOUND}{_PERIOD})",
    # Runs of one repeated mark (ellipsis, rulers, "?!") are one token; any other
    # non-space character is a token of its own, so nothing is ever dropped.
    r"(?P<punct>\.{2,}|[!?]{2,}|-{2,}|={2,}|\*{2,}|~{2,}|#{2,}|[^\w\s])",
]
_TOKEN = re.compile("|".join(_TOKEN_ALTERNATIVES))
_WORD_GROUPS = frozenset({"word", "wordx"})


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens that keep their exact character offsets.

    Tokens are in order, non-empty, never contain whitespace, and together cover
    every non-whitespace character of ``text``.
    """
    tokens: list[Token] = []
    append = tokens.append
    for m in _TOKEN.finditer(text):
        tok = m.group()
        start, end = m.span()
        if tok[-1] == "." and end - start > 1 and m.lastgroup in _WORD_GROUPS and not _keeps_period(tok[:-1]):
            append(Token(start, end - 1, tok[:-1]))
            append(Token(end - 1, end, "."))
        else:
            append(Token(start, end, tok))
    return tokens


# --------------------------------------------------------------------------- sentences
_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_LETTER = re.compile(r"[^\W\d_]")
#: The characters besides A-Z that ``re.IGNORECASE`` matches to an ASCII letter (every code point tried):
#: "İ" and "ı" match "i", "ſ" matches "s", the Kelvin sign matches "k". In a text without them a
#: case-insensitive regex of ASCII words can match only where the lower-cased text holds those words.
FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")
_TERMINAL_CHARS = frozenset(".!?…")
_CLOSERS = frozenset({")", "]", "}", '"', "'", "”", "’", "»"})
_OPENERS = frozenset({"(", "[", "{", '"', "'", "“", "‘", "«", "¿", "¡", "-", "•", "*"})
_BULLETS = frozenset({"-", "*", "•", "·", "‣", "◦", "–", "—", "▪", "►", ">"})
_ROMAN = frozenset("ivxIVX")
_LABEL_PUNCT = frozenset({"/", "&", "(", ")", "#", "-", "'", ".", "º"})
_MAX_LABEL_TOKENS = 6  # "Fecha de nacimiento del paciente:" still counts as a field label
_MAX_FIELD_VALUE_TOKENS = 8  # "Nombre: Ernesto." is a field; a wrapped paragraph is not


def _is_terminal(tok: str) -> bool:
    return all(c in _TERMINAL_CHARS for c in tok)


def _is_abbreviation(tok: str) -> bool:
    return len(tok) > 1 and tok[-1] == "." and not _is_terminal(tok)


def _starts_sentence(tok: str) -> bool:
    c = tok[0]
    return c.isupper() or c.isdigit() or c in _OPENERS


def _breaks_before(text: str, tokens: Sequence[Token]) -> list[int]:
    """Number of line breaks between each token and the one before it (0 for the first).

    Line breaks are whitespace, so they only ever fall in the gaps between tokens;
    one pass over their positions is enough.
    """
    positions = [m.start() for m in _LINE_BREAK.finditer(text)]
    counts = [0] * len(tokens)
    p, total = 0, len(positions)
    if total == 0:
        return counts
    for k, tok in enumerate(tokens):
        start = tok.start
        c = 0
        while p < total and positions[p] < start:
            p += 1
            c += 1
        counts[k] = c
    counts[0] = 0
    return counts


def _punctuation_break(tokens: Sequence[Token], k: int, sentence_start: int) -> tuple[bool, bool]:
    """Does a sentence end before token ``k`` because of punctuation?

    Returns ``(ends, bare)``: ``bare`` when the end is a bare ``.``/``!``/``?``, which
    also ends a line-final sentence before a lower-case next line.
    """
    j = k - 1
    while j > 0 and tokens[j].text in _CLOSERS and tokens[j - 1].end == tokens[j].start:
        j -= 1
    if tokens[k - 1].end == tokens[k].start:  # "word.Next": no space, no sentence end
        return False, False
    prev, nxt = tokens[j].text, tokens[k].text
    if prev == "." and j - 1 == sentence_start and tokens[j - 1].end == tokens[j].start:
        if _is_enumerator(tokens[j - 1].text):  # "1. Start aspirin": a list marker
            return False, False
    if _is_terminal(prev):
        return _starts_sentence(nxt), True
    if not _is_abbreviation(prev):
        return False, False
    key = prev.lower()
    if len(prev) == 2:
        # An initial ("J. Smith") does not end a sentence, unless it is a field value
        # ("Sexo: H. Motivo...") or followed by a double space ("by Dr. X.  The").
        may_end = (j > 0 and tokens[j - 1].text == ":") or tokens[k].start - tokens[k - 1].end >= 2
    else:
        may_end = key not in _NONFINAL
    return may_end and nxt[0].isupper(), False


@dataclass(frozen=True, slots=True)
class _Line:
    """What the line-break rules need to know about one line of tokens ``[lo, hi)``."""

    lo: int
    hi: int
    list_item: bool
    label_colon: int  # index of the ":" ending a field label at the start of the line, or -1
    caps: bool

    @property
    def is_field(self) -> bool:
        """A header line or one field of a header block: "Plan:", "MRN: 123", "Nombre: Ernesto."."""
        return self.label_colon >= 0 and self.hi - self.label_colon - 1 <= _MAX_FIELD_VALUE_TOKENS


def _is_enumerator(tok: str) -> bool:
    return (tok.isdigit() and len(tok) <= 3) or (len(tok) == 1 and tok.isalpha()) or (
        len(tok) <= 4 and all(c in _ROMAN for c in tok)
    )


def _is_list_item(tokens: Sequence[Token], lo: int, hi: int) -> bool:
    """The line starts with a bullet or an enumerator: "-", "•", "1.", "2)", "a)", "(iv)", "B."."""
    first = tokens[lo].text
    if first in _BULLETS:
        return True
    if len(first) == 2 and first[1] == "." and first[0].isalpha():
        return True  # "A." is one token (an initial)
    if first == "(" and hi - lo >= 3:
        return _is_enumerator(tokens[lo + 1].text) and tokens[lo + 2].text == ")"
    if hi - lo >= 2 and _is_enumerator(first):
        second = tokens[lo + 1]
        return second.text in (".", ")") and second.start == tokens[lo].end
    return False


def _label_colon(tokens: Sequence[Token], lo: int, hi: int) -> int:
    """Index of the ":" after a capitalised field label opening the line, or -1.

    Matches "HISTORY OF PRESENT ILLNESS:", "Plan:", "Diagnóstico:", "Fecha de nacimiento:",
    "MRN #:", the lines that make up the headers and header blocks of clinical notes.
    """
    if not tokens[lo].text[0].isupper():
        return -1
    for j in range(lo + 1, min(hi, lo + _MAX_LABEL_TOKENS + 1)):
        tok = tokens[j].text
        if tok == ":":
            return j
        if tok not in _LABEL_PUNCT and not any(c.isalnum() for c in tok):
            return -1
    return -1


def _is_caps_line(text: str, tokens: Sequence[Token], lo: int, hi: int) -> bool:
    """A line in capitals with a real word in it: "PHYSICAL EXAMINATION", not "BP 120/80"."""
    line = text[tokens[lo].start : tokens[hi - 1].end]
    if not line.isupper():
        return False
    letters = len(_LETTER.findall(line))
    digits = sum(c.isdigit() for c in line)
    if letters < 3 or letters < digits:
        return False
    return any(len(t.text) >= 3 and t.text.isalpha() for t in tokens[lo:hi])


def _lines(text: str, tokens: Sequence[Token], breaks: Sequence[int]) -> list[_Line]:
    """Group tokens into lines; ``breaks[k]`` is the number of line breaks before token k."""
    starts = [0] + [k for k in range(1, len(tokens)) if breaks[k]]
    bounds = list(zip(starts, starts[1:] + [len(tokens)]))
    caps = [_is_caps_line(text, tokens, lo, hi) for lo, hi in bounds]
    # In a note written all in capitals a capital line says nothing about structure.
    with_letters = sum(1 for lo, hi in bounds if _LETTER.search(text, tokens[lo].start, tokens[hi - 1].end))
    if with_letters and sum(caps) * 2 > with_letters:
        caps = [False] * len(caps)
    return [
        _Line(lo, hi, _is_list_item(tokens, lo, hi), _label_colon(tokens, lo, hi), c)
        for (lo, hi), c in zip(bounds, caps)
    ]


def _line_break(prev: _Line, nxt: _Line, nxt_first: str, ends_bare: bool) -> bool:
    """Does a single line break between ``prev`` and ``nxt`` end a sentence?

    A short field line ends its sentence unless the next line continues it in
    lower case ("Diagnóstico: carcinoma urotelial\nsuperficial de vejiga.").
    """
    return (
        ends_bare
        or nxt.list_item
        or nxt.label_colon >= 0
        or nxt.caps
        or prev.caps
        or (prev.is_field and _starts_sentence(nxt_first))
    )


def _sentence_starts(text: str, tokens: Sequence[Token]) -> list[int]:
    """Indices of the tokens that start a sentence (always including 0 when there are tokens)."""
    n = len(tokens)
    if n == 0:
        return []
    breaks = _breaks_before(text, tokens)
    lines = _lines(text, tokens, breaks)
    starts = [0]
    line_no = 0
    for k in range(1, n):
        last = tokens[k - 1].text[-1]
        if last in _TERMINAL_CHARS or last in _CLOSERS:  # cheap filter: most tokens end nothing
            ends, bare = _punctuation_break(tokens, k, starts[-1])
        else:
            ends = bare = False
        if breaks[k]:
            prev, nxt = lines[line_no], lines[line_no + 1]
            line_no += 1
            ends = ends or breaks[k] >= 2 or _line_break(prev, nxt, tokens[k].text, bare)
        if ends:
            starts.append(k)
    return starts


def _token_groups(text: str, tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """Sentences as ``[lo, hi)`` ranges of token indices."""
    starts = _sentence_starts(text, tokens)
    return list(zip(starts, starts[1:] + [len(tokens)]))


def sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences, in order.

    A sentence ends at ``.``, ``!`` or ``?`` (and any closing quote or bracket) followed
    by whitespace and a capital letter, a digit or an opening mark, but not after a
    title (``Dr.``, ``Sra.``), an initial (``J. Smith``), ``e.g.``/``i.e.``, or inside
    a decimal, date, time or ID (those are single tokens). Other abbreviations
    (``b.i.d.``, ``pt.``, ``etc.``) end a sentence only before a capital letter.

    Line structure matters in clinical notes: a blank line always ends a sentence; a
    single line break does when the next line starts a list item (``1.``, ``-``, ``a)``),
    a field or section label (``Plan:``, ``HISTORY OF PRESENT ILLNESS:``,
    ``Diagnóstico:``) or a line in capitals, or when the previous line ends in
    ``.``/``!``/``?``, is a short field (``Nombre: Ernesto.``, ``MRN: 123``) or a line in
    capitals. Hence each line of a header block is its own sentence.

    Sentences exclude surrounding whitespace, and every non-whitespace character of
    ``text`` belongs to exactly one sentence.

    Known trade-offs, chosen so that a name is never cut in two: a capital letter
    with a period is read as an initial, so "vitamin D. Next" stays one sentence,
    and "St." is read as Saint, so "Main St. She" does too.
    """
    tokens = tokenize(text)
    return [Sentence(tokens[lo].start, tokens[hi - 1].end) for lo, hi in _token_groups(text, tokens)]


def sentence_tokens(text: str) -> list[list[Token]]:
    """The tokens of ``text`` grouped by sentence (same split as ``sentences``)."""
    tokens = tokenize(text)
    return [tokens[lo:hi] for lo, hi in _token_groups(text, tokens)]


# --------------------------------------------------------------------------- chunks
_MIN_FILL = 0.5  # a sentence-boundary cut must keep at least this share of the window


@dataclass(frozen=True, slots=True)
class Chunk:
    """A window of consecutive tokens of a document.

    ``start``/``end`` are character offsets into the document (the chunk's text is
    ``text[start:end]``); ``token_start`` is the index of its first token in
    ``tokenize(text)``; ``tokens`` carry document offsets. A span found in the chunk
    text at chunk-relative offsets ``s..e`` is at ``start + s .. start + e`` in the document.
    """

    start: int
    end: int
    token_start: int
    tokens: tuple[Token, ...]

    @property
    def token_end(self) -> int:
        """Index one past the chunk's last token in ``tokenize(text)``."""
        return self.token_start + len(self.tokens)

    def text_in(self, text: str) -> str:
        return text[self.start : self.end]

    def to_document(self, span: Span) -> Span:
        """A chunk-relative span moved to document offsets."""
        if span.end > self.end - self.start:
            raise ValueError(f"span {span.start}..{span.end} lies outside a chunk of length {self.end - self.start}")
        return replace(span, start=span.start + self.start, end=span.end + self.start)


def _cut(i: int, n: int, max_words: int, overlap: int, starts: Sequence[int]) -> int:
    """End (exclusive token index) of the window starting at token ``i``.

    A cut at a sentence start is preferred when one falls in the last part of the
    window (at least ``_MIN_FILL`` of it kept, and past the overlap so the next
    window makes progress); otherwise the window is simply full.
    """
    limit = min(i + max_words, n)
    if limit == n:
        return n
    lowest = i + max(overlap + 1, math.ceil(max_words * _MIN_FILL))
    # starts is sorted: the latest sentence start at or before the window end.
    pos = bisect_right(starts, limit) - 1
    if pos >= 0 and starts[pos] >= lowest:
        return starts[pos]
    return limit


def chunks(
    text: str,
    max_words: int = 250,
    overlap: int = 50,
    tokens: Sequence[Token] | None = None,
) -> list[Chunk]:
    """Cut ``text`` into windows of at most ``max_words`` tokens for bounded-input models.

    Each window after the first begins exactly ``overlap`` tokens before the end of
    the previous one, so a token near a cut is also seen, with more context, by the
    neighbouring window (``merge_chunk_spans`` relies on this). A window ends at a
    sentence start when one falls in its second half (and past the overlap, so the
    next window moves forward); otherwise it is full. Pass ``tokens``, which must be
    ``tokenize(text)``, to avoid tokenizing twice.
    """
    if max_words < 1:
        raise ValueError(f"max_words must be at least 1, got {max_words}")
    if not 0 <= overlap < max_words:
        raise ValueError(f"overlap must be in 0..max_words-1, got {overlap} with max_words={max_words}")
    toks = list(tokenize(text) if tokens is None else tokens)
    n = len(toks)
    if n == 0:
        return []
    starts = _sentence_starts(text, toks)
    out: list[Chunk] = []
    i = 0
    while True:
        end = _cut(i, n, max_words, overlap, starts)
        out.append(Chunk(toks[i].start, toks[end - 1].end, i, tuple(toks[i:end])))
        if end == n:
            return out
        i = end - overlap


def _margin(span: Span, k: int, chunk_list: Sequence[Chunk]) -> float:
    """Distance in characters from the span to the nearest edge where its chunk was cut.

    The document's own start and end are not cuts: a span there lacks no context.
    """
    c = chunk_list[k]
    left = span.start - c.start if k > 0 else math.inf
    right = c.end - span.end if k < len(chunk_list) - 1 else math.inf
    return min(left, right)


def _touches_neighbour(span: Span, k: int, chunk_list: Sequence[Chunk]) -> bool:
    """Whether the span reaches into chunk k-1 or k+1 (and so may compete with their spans).

    Chunks advance monotonically, so a span that reaches a farther chunk also reaches
    an adjacent one.
    """
    before = k > 0 and span.start < chunk_list[k - 1].end
    after = k + 1 < len(chunk_list) and span.end > chunk_list[k + 1].start
    return before or after


def merge_chunk_spans(chunks: Sequence[Chunk], spans_per_chunk: Sequence[Iterable[Span]]) -> list[Span]:
    """Map per-chunk predictions (chunk-relative offsets) back to the document.

    Where windows overlap, a model sees a span near a window edge with little
    context, so when spans from different chunks overlap the one farther from its
    chunk's cut edge is kept (ties go to the earlier chunk). Identical spans (same
    offsets and label) are reported once. Spans of one chunk never compete with each
    other. Returns the spans sorted.
    """
    if len(chunks) != len(spans_per_chunk):
        raise ValueError(f"{len(chunks)} chunks but {len(spans_per_chunk)} lists of spans")
    kept: dict[Span, int] = {}  # span -> chunk it was kept from
    contested: list[tuple[float, int, Span]] = []
    for k, (chunk, spans) in enumerate(zip(chunks, spans_per_chunk)):
        for s in spans:
            doc_span = chunk.to_document(s)
            if _touches_neighbour(doc_span, k, chunks):
                contested.append((_margin(doc_span, k, chunks), k, doc_span))
            else:
                kept.setdefault(doc_span, k)
    contested.sort(key=lambda c: (-c[0], c[1], c[2]))
    winners: list[tuple[int, Span]] = []
    for _, k, span in contested:
        if span in kept:
            continue
        if any(other_k != k and span.overlaps(other) for other_k, other in winners):
            continue
        winners.append((k, span))
        kept[span] = k
    return sorted(kept)


# NLTK's English stop-word list (179 words): DataSifterText's published code masks with it,
# augmentation leaves these words alone, and the tagger does not treat them as candidates.
ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    """
    i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves
    he him his himself she she's her hers herself it it's its itself they them their theirs themselves
    what which who whom this that that'll these those am is are was were be been being have has had
    having do does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on off over
    under again further then once here there when where why how all any both each few more most other
    some such no nor not only own same so than too very s t can will just don don't should should've
    now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn
    hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn
    shouldn't wasn wasn't weren weren't won won't wouldn wouldn't
    """.split()
)


def match_case(word: str, like: str) -> str:
    """``word`` written in the case pattern of ``like``: UPPER, lower or Title; anything else as it is.

    Every rewrite that puts a new word where an old one stood (surrogates, fill-ins,
    augmentation) uses this one rule, so a note in capitals stays in capitals.
    """
    letters = [c for c in like if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    if letters and all(c.islower() for c in letters):
        return word.lower()
    return word[:1].upper() + word[1:] if letters and letters[0].isupper() else word


@lru_cache(maxsize=1)
def clinical_vocabulary() -> frozenset[str]:
    """The shipped clinical vocabulary (``data/clinical_vocab.txt``): words MTSamples writes in lower case,
    plus generic drug names and anatomy. Known words, not names: the detectors, the tagger's candidate
    guard and the id rule of a release all read it."""
    text = resources.files("phisift").joinpath("data", "clinical_vocab.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
