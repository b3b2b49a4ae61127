"""A WordPiece tokenizer learned from the corpus, the same on every run.

The ``tokenizers`` WordPiece trainer is not reproducible: it numbers its
``##``-prefixed pieces in hash-map order, and those numbers break ties between
equally frequent merges, so two runs on the same text can give different
vocabularies (huggingface/tokenizers#1794). Its plain BPE trainer is
reproducible, so the vocabulary is learned with BPE on words marked with a
word-start sign (``▁hyper tension``) and then read as WordPiece: a piece that
begins with the sign starts a word (``hyper``), any other piece continues one
(``##tension``). This is how the WordPiece trainer works inside, minus the
hash order. The result is a standard BERT tokenizer (lower-cased by default,
accents kept for Spanish notes, greedy longest-match encoding).
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
_MARK = "\u2581"


def _normalizer(lowercase: bool):
    from tokenizers import normalizers

    return normalizers.BertNormalizer(lowercase=lowercase, strip_accents=False, clean_text=True, handle_chinese_chars=True)


def train_wordpiece(
    texts: Iterable[str],
    vocab_size: int,
    *,
    lowercase: bool = True,
    extra_special: Iterable[str] = (),
    min_frequency: int = 2,
    limit_alphabet: int = 1000,
):
    """A ``tokenizers.Tokenizer`` (WordPiece, BERT normaliser and pre-tokenizer) learned from ``texts``.

    ``extra_special`` are strings such as ``[PATIENT]`` that stay one token and are
    left out of the statistics (they would otherwise inflate "patient").
    """
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    extra = [t for t in dict.fromkeys(extra_special) if t not in SPECIAL_TOKENS]
    specials = SPECIAL_TOKENS + extra
    norm = _normalizer(lowercase)
    pre = pre_tokenizers.BertPreTokenizer()
    drop = re.compile("|".join(re.escape(t) for t in sorted(extra, key=len, reverse=True))) if extra else None

    def marked(stream: Iterable[str]) -> Iterator[str]:
        for text in stream:
            if drop is not None:
                text = drop.sub(" ", text)
            words = (w.replace(_MARK, "") for w, _ in pre.pre_tokenize_str(norm.normalize_str(text)))
            yield " ".join(_MARK + w for w in words if w)

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.BpeTrainer(
        vocab_size=max(vocab_size - len(specials), 1),
        min_frequency=min_frequency,
        limit_alphabet=limit_alphabet,
        show_progress=False,
        special_tokens=[],
    )
    bpe.train_from_iterator(marked(texts), trainer)
    learned = [piece for piece, _ in sorted(bpe.get_vocab().items(), key=lambda kv: kv[1])]

    vocab: dict[str, int] = {}

    def add(token: str) -> None:
        if token and token != "##" and token not in vocab:
            vocab[token] = len(vocab)

    for token in specials:
        add(token)
    # Every character as a word start and as a continuation, so no word is unknown
    # just because its first letter only ever appeared inside words.
    for piece in learned:
        if len(piece.lstrip(_MARK)) == 1:
            char = piece.lstrip(_MARK)
            add(char)
            add("##" + char)
    for piece in learned:
        if len(vocab) >= vocab_size:
            break
        if piece == _MARK:
            continue
        add(piece[1:] if piece.startswith(_MARK) else "##" + piece)

    tok = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = norm
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(prefix="##")
    tok.add_special_tokens(specials)
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", cls), ("[SEP]", sep)]
    )
    return tok


def wrap_for_transformers(tok, *, lowercase: bool, max_length: int, extra_special: Iterable[str] = ()):
    """The tokenizer as a transformers BERT tokenizer that saves and reloads unchanged.

    ``strip_accents=False`` is written out explicitly: transformers rebuilds a BERT
    normaliser from these settings on load, and its default strips accents.
    """
    from transformers import BertTokenizerFast

    extra = [t for t in dict.fromkeys(extra_special) if t not in SPECIAL_TOKENS]
    return BertTokenizerFast(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        additional_special_tokens=extra,
        do_lower_case=lowercase,
        strip_accents=False,
        tokenize_chinese_chars=True,
        model_max_length=max_length,
    )
