"""Training-data tools: more annotated sentences (Filtered BERT) and shareable ones (neighbour pseudonymisation).

* ``filtered.FilteredBert`` (Kang, Lee & Lee 2021): a masked LM rewrites content
  words, a fastText cosine filter keeps only similar replacements; gold spans
  are carried through ``document.rewrite``.
* ``neighbours.NeighbourPseudonymiser`` (Friedrich et al. 2019): each PHI token
  becomes a random one of its N nearest embedding neighbours, never a word
  labelled PHI anywhere in the corpus; digits become random digits.

``augment_corpus`` is what ``phisift train --augment`` calls. Models load from
local paths through ``phisift.lm``; torch and gensim are imported only when a
method runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..document import Document
from ..errors import UsageError
from ..progress import Reporter, reporter_or_null
from .filtered import FilteredBert, FilteredSettings
from .neighbours import NeighbourPseudonymiser, NeighbourSettings

METHODS = ("filtered-bert", "neighbours")


def augment_corpus(
    docs: Sequence[Document],
    method: str,
    *,
    vectors: str | Path | None,
    mlm: str | Path | None = None,
    filtered: FilteredSettings = FilteredSettings(),
    neighbours: NeighbourSettings = NeighbourSettings(),
    reporter: Reporter | None = None,
) -> list[Document]:
    """The training corpus after ``method``: originals plus rewrites (filtered-bert, as the settings say)
    or the pseudonymised documents in place of the originals (neighbours). Progress and the
    figures of the run go to ``reporter``."""
    say = reporter_or_null(reporter)
    if method not in METHODS:
        raise UsageError(f"unknown augmentation '{method}'; choose {' or '.join(METHODS)}")
    if vectors is None:
        raise UsageError(f"--augment {method} needs word vectors (--augment-vectors FILE)")
    docs = list(docs)
    if method == "filtered-bert":
        if mlm is None:
            raise UsageError("--augment filtered-bert needs a masked LM folder (--mlm DIR)")
        tool = FilteredBert.from_paths(mlm, vectors, filtered)
        say.start(method, len(docs), "documents")
        out = list(tool.augment(docs, say))
        say.finish()
        s = tool.stats.as_dict()
        say.note(f"filtered-bert: {s['documents']} documents -> {s['written']}; {s['words_replaced']} of "
            f"{s['words_chosen']} chosen words replaced, {s['samples_refused_by_filter']} samples refused by the "
            f"filter; {s['units_per_second']:.1f} sentences/s ({s['masked_copies_per_pass']:.0f} masked copies per pass)")
        return out
    tool = NeighbourPseudonymiser.from_path(docs, vectors, neighbours)
    say.start(method, len(docs), "documents")
    out = list(tool.pseudonymise_all(docs, say))
    say.finish()
    s = tool.stats.as_dict()
    say.note(f"neighbours (N={neighbours.n}): {s['words_replaced']} PHI words and {s['digit_tokens_replaced']} digit "
        f"tokens replaced in {s['documents']} documents; {s['phi_words_excluded']} PHI words kept out of a "
        f"{s['neighbour_vocabulary']}-word neighbour vocabulary")
    return out


__all__ = ["METHODS", "augment_corpus", "FilteredBert", "FilteredSettings", "NeighbourPseudonymiser", "NeighbourSettings"]
