"""DataSifterText for Spark users: sift a text column of a DataFrame, get a DataFrame back.

The fit needs every note at once (TF-IDF and K-means over the corpus, and every
note's partner), so the id and text columns are collected to the driver for it,
as ``phisift sift --engine spark`` does with a corpus file. The two per-note passes
(mask + fill, then swap) run on the executors as ``mapPartitions`` with the fitted
state broadcast (``phisift.engine.spark.SparkEngine``), and the sifted text is
joined back onto the DataFrame by id, so every other column is kept as it was.
A row gets exactly the text ``phisift sift`` gives the same note with the same
seed and settings.
"""

from __future__ import annotations

from typing import Any

from ..document import Document
from ..errors import UsageError
from .config import SiftConfig
from .core import sift_corpus


def sift_dataframe(df: Any, text_col: str, id_col: str, config: SiftConfig | None = None, *,
                   output_col: str | None = None, partitions: int | None = None, filler: Any = None) -> Any:
    """``df`` with a sifted copy of ``text_col`` in ``output_col`` (default ``<text_col>_sifted``).

    ``id_col`` names each note (unique, not null): a note's random draws are seeded
    by it. Rows with a null text get a null. ``config`` is a ``SiftConfig`` (default:
    the ``medium`` preset; give ``mlm=`` a masked-LM folder readable by the driver).
    """
    from pyspark.sql import functions as F

    from ..engine.spark import SparkEngine

    columns = df.columns
    for name in (text_col, id_col):
        if name not in columns:
            raise UsageError(f"no column '{name}' in the DataFrame (columns: {', '.join(columns)})")
    out_col = output_col or f"{text_col}_sifted"
    if out_col in columns:
        raise UsageError(f"the DataFrame already has a column '{out_col}'; choose another output_col")
    rows = df.where(F.col(text_col).isNotNull()).select(F.col(id_col).cast("string"), text_col).collect()
    if any(r[0] is None for r in rows):
        raise UsageError(f"the id column '{id_col}' has nulls; every note needs an id")
    docs = [Document(r[0], r[1]) for r in rows]
    run = sift_corpus(docs, config or SiftConfig.preset_config("medium"), filler=filler,
                      engine=SparkEngine(df.sparkSession, partitions=partitions))
    key = f"__phisift_sift_{id_col}"
    spark = df.sparkSession
    sifted = spark.createDataFrame([(d.id, d.text) for d in run.documents], f"`{key}` string, `{out_col}` string")
    joined = df.join(sifted, F.col(id_col).cast("string") == F.col(key), "left")
    return joined.select(*[df[c] for c in columns], F.col(out_col))
