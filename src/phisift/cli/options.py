"""Help texts shared by several commands, written once."""

from __future__ import annotations

FORMAT_HELP = "Corpus format: jsonl, text, brat, i2b2, conll, csv, parquet (default: from the path)."
TEXT_FIELD_HELP = "CSV/Parquet/JSONL column holding the note text."
ID_FIELD_HELP = "CSV/Parquet/JSONL column holding the document id."
DETECTORS_HELP = "Comma-separated detectors: rules, lexicon, frequency, model (default from the config)."
ENGINE_HELP = "local (this machine: --jobs processes) or spark (PySpark; see --spark-master). Same output."
SPARK_MASTER_HELP = "Spark master URL for --engine spark (default local[*], or local[N] with --jobs N)."
RESUME_HELP = ("Continue an unfinished earlier run of the same settings (default: yes, with a note) "
               "or start over.")
