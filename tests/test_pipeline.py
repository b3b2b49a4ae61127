"""The pipeline: config, windows for huge notes, de-identification end to end."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phisift.document import Document, Span
from phisift.errors import InputError, UsageError
from phisift.pipeline import Pipeline, load_config
from phisift.replace.operators import Tag
from phisift.store import Secret


class Digits:
    """A toy detector: runs of digits are IDNUM."""

    name = "digits"

    def detect(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), "IDNUM", "digits") for m in re.finditer(r"\d+", text)]


@given(st.text(alphabet="ab 12\n", max_size=400))
def test_windowed_detection_equals_whole_text(text):
    whole = Pipeline([Digits()], Tag())
    windowed = Pipeline([Digits()], Tag(), window_chars=40, window_overlap=10)
    assert windowed.detect(text) == whole.detect(text)


def test_config_overrides_and_errors(tmp_path):
    cfg = load_config(None, {"replace": {"mode": "mask"}})
    assert cfg.replace.mode == "mask" and "rules" in cfg.detect.detectors
    bad = tmp_path / "c.toml"
    bad.write_text("[detect]\nnonsense = 1\n")
    with pytest.raises(InputError, match="detect.nonsense"):
        load_config(bad)
    with pytest.raises(UsageError):
        load_config(None, {"detect": {"detectors": ["rules", "oracle"]}})
    bad.write_text("[detect\n")
    with pytest.raises(InputError, match="c.toml"):
        load_config(bad)


def test_default_pipeline_deidentifies_a_note():
    pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "surrogate"}}), secret=Secret(b"s" * 40))
    text = ("Patient: John Smith  MRN: 4455667\nSeen by Dr. Alice Brown on 03/04/2021.\n"
            "Call (617) 555-1234 or jsmith@example.org.")
    new, spans = pipe.deidentify(Document("n1", text))
    for secret_value in ("John Smith", "4455667", "Alice Brown", "03/04/2021", "555-1234", "jsmith@example.org"):
        assert secret_value not in new.text
    labels = {s.label for s in spans}
    assert {"PATIENT", "MEDICALRECORD", "DOCTOR", "DATE", "PHONE", "EMAIL"} <= labels
    # the output's spans mark the replaced places in the new text
    assert all(0 <= s.start < s.end <= len(new.text) for s in new.spans)
    assert "Dr. " in new.text and "Seen by" in new.text


def test_pipelines_freeze_the_loaded_lists_once_not_every_build():
    """The word lists are taken out of the collector's view once: a second pipeline on the same lists
    freezes nothing more (objects frozen are never collected, so freezing at every build would keep
    a test suite's garbage cycles)."""
    import gc

    Pipeline.from_config({"replace": {"mode": "tag"}})
    frozen = gc.get_freeze_count()
    assert frozen > 0
    garbage = [[]]
    garbage[0].append(garbage)  # a reference cycle alive during the second build
    Pipeline.from_config({"replace": {"mode": "tag"}})
    assert gc.get_freeze_count() == frozen
