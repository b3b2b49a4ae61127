"""The one corpus-run driver: batches, journal, resume, summaries, for detect, deid and sift.

A run reads its input as a stream, lets an engine (``phisift.engine``) do the work,
writes every output in input order through a journal (``journal.py``) committed in
batches (``batches.py``), and keeps its state in the project store (``state.py``), so
a killed run started again with the same settings continues where it stopped and
writes byte-identical output:

* ``detect_run`` / ``deid_run`` (``deid.py``): the pipeline fitted over the corpus,
  then applied per document;
* ``sift_to_file`` (``sift.py``): DataSifterText's pass 1 made resumable.

Progress and notes go to a ``phisift.progress.Reporter``; a run's ``Summary`` holds
counts only.
"""

from .batches import commit_groups
from .corpus import Corpus, is_folder_output, patient_of, spans_line
from .deid import deid_run, deid_task, detect_run, detect_task
from .journal import Journal
from .state import RunState, fingerprint, journal_path, run_key
from .summary import Summary

__all__ = [
    "Corpus",
    "Journal",
    "RunState",
    "Summary",
    "commit_groups",
    "deid_run",
    "deid_task",
    "detect_run",
    "detect_task",
    "fingerprint",
    "is_folder_output",
    "journal_path",
    "patient_of",
    "run_key",
    "spans_line",
]
