"""Language models built offline from the user's corpus, or loaded from local files.

* ``train_mlm`` / ``load_mlm``: a BERT masked LM (WordPiece tokenizer learned from
  the corpus, whole-word masking) saved as a standard Hugging Face folder.
* ``train_vectors`` / ``load_vectors``: fastText word vectors (gensim); any
  fastText ``.bin``, word2vec ``.vec`` or gensim file loads.

Every other part of phisift (DataSifterText fill-in, Filtered BERT, neighbour
pseudonymisation) loads models through ``load_mlm`` and ``load_vectors``, which
read local files only. Attributes are imported lazily so that importing
``phisift.lm`` does not load torch or gensim.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "MlmSettings": "mlm",
    "MlmResult": "mlm",
    "SIZES": "mlm",
    "train_mlm": "mlm",
    "load_mlm": "mlm",
    "evaluate_mlm": "mlm",
    "top_predictions": "mlm",
    "read_report": "mlm",
    "VectorSettings": "vectors",
    "VectorsResult": "vectors",
    "train_vectors": "vectors",
    "load_vectors": "vectors",
    "save_vectors": "vectors",
    "neighbours": "vectors",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'phisift.lm' has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)
