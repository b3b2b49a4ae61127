"""The public API (``phisift.deidentify``, ``phisift.detect``), the typed config and the detector registry."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys

import pytest

import phisift
from phisift import Document, Pipeline, PipelineConfig, Span
from phisift.detect import registry
from phisift.detect.base import Fittable
from phisift.errors import InputError, UsageError
from phisift.pipeline import load_config

NOTE = "Seen by Dr. John Smith on 03/04/2021, MRN 12345678."


def test_deidentify_a_string_with_tags():
    out = phisift.deidentify(NOTE, mode="tag")
    assert isinstance(out, str)
    for secret in ("John Smith", "03/04/2021", "12345678"):
        assert secret not in out
    assert "[DOCTOR]" in out and "[DATE]" in out and "[MEDICALRECORD]" in out
    assert out.startswith("Seen by Dr. ")


def test_deidentify_a_document_keeps_id_and_marks_replaced_places():
    doc = Document("visit-7", NOTE, meta={"mrn": "p1"})
    out = phisift.deidentify(doc, mode="mask")
    assert isinstance(out, Document) and out.id == "visit-7" and out.meta == {"mrn": "p1"}
    assert out.spans and all(set(out.text[s.start:s.end]) <= {"*", " "} for s in out.spans)  # mask keeps spaces


def test_surrogates_come_from_a_key_and_are_stable_for_it(tmp_path, monkeypatch):
    import phisift.store

    default = tmp_path / "default.key"
    monkeypatch.setattr(phisift.store, "DEFAULT_KEY_FILE", default)
    with pytest.warns(UserWarning, match="created a new secret key"):
        phisift.deidentify(NOTE, mode="surrogate")  # the command line's key file, made on first use
    assert default.exists()
    key = tmp_path / "k.key"
    with pytest.warns(UserWarning, match="created a new secret key"):
        a = phisift.deidentify(NOTE, mode="surrogate", key_file=key)
    assert key.exists() and oct(key.stat().st_mode & 0o777) == "0o600"
    assert "John Smith" not in a and "12345678" not in a
    assert phisift.deidentify(NOTE, mode="surrogate", key_file=key) == a
    assert phisift.deidentify(NOTE, mode="surrogate", key_file=key, patient="other") != a


def test_detect_returns_spans_and_takes_a_config():
    spans = phisift.detect(NOTE)
    assert all(isinstance(s, Span) for s in spans)
    assert {"DOCTOR", "DATE", "MEDICALRECORD"} <= {s.label for s in spans}
    only_rules = phisift.detect(NOTE, config={"detect": {"detectors": ["rules"]}})
    assert {s.source for s in only_rules} == {"rules"}


def test_import_phisift_is_cheap():
    code = ("import sys, phisift; heavy = [m for m in ('phisift.pipeline', 'phisift.detect.rules', "
            "'phisift.detect.lexicon', 'numpy', 'rich', 'typer') if m in sys.modules]; print(heavy)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and res.stdout.strip() == "[]", res.stdout + res.stderr


def test_pipeline_from_config_works_on_plain_strings():
    pipe = Pipeline.from_config({"replace": {"mode": "tag"}, "detect": {"detectors": ["rules"]}})
    new, spans = pipe.deidentify(Document("d", "Call 617-555-0100 today."))
    assert new.text == "Call [PHONE] today." and [s.label for s in spans] == ["PHONE"]


# --------------------------------------------------------------------------- typed config
def test_config_is_typed_frozen_and_never_mutated():
    cfg = load_config(None, {"replace": {"mode": "tag"}})
    assert isinstance(cfg, PipelineConfig) and cfg.replace.mode == "tag"
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.replace.mode = "mask"  # type: ignore[misc]
    more = cfg.with_detector("frequency")
    assert more.detect.detectors[-1] == "frequency" and "frequency" not in cfg.detect.detectors
    assert cfg.with_detector("rules") is cfg
    assert load_config().as_dict() == load_config().as_dict()  # the default is read afresh


@pytest.mark.parametrize("toml, message", [
    ("[detect]\nmin_score = \"high\"\n", "detect.min_score must be a number, not a string"),
    ("[replace]\ndayfirst = 1\n", "replace.dayfirst must be true or false, not an integer"),
    ("[detect]\ndetectors = \"rules\"\n", "detect.detectors must be a list of strings"),
    ("[detect]\nlabels = [1, 2]\n", "detect.labels must be a list of strings"),
    ("[frequency]\nmin_threshold = 2.5\n", "frequency.min_threshold must be an integer"),
    ("[colours]\nred = 1\n", r"unknown config section \[colours\]"),
    ("[replace]\nmood = \"calm\"\n", "unknown config key replace.mood"),
])
def test_config_rejects_wrong_types_and_unknown_keys_in_one_line(tmp_path, toml, message):
    path = tmp_path / "mine.toml"
    path.write_text(toml)
    with pytest.raises(InputError, match=message) as info:
        load_config(path)
    assert "mine.toml" in str(info.value) and "\n" not in str(info.value)


def test_config_accepts_an_integer_for_a_number(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("[detect]\nmin_score = 1\n")
    assert load_config(path).detect.min_score == 1.0


# --------------------------------------------------------------------------- registry and fitting
class Shouting:
    name = "shouting"

    def detect(self, text):
        return [Span(m.start(), m.end(), "OTHER", self.name) for m in re.finditer(r"\b[A-Z]{4,}\b", text)]


def test_a_registered_detector_is_used_by_name(monkeypatch):
    monkeypatch.setattr(registry, "_ENTRIES", dict(registry._ENTRIES))
    registry.register("shouting", lambda context: Shouting())
    pipe = Pipeline.from_config({"detect": {"detectors": ["shouting"]}, "replace": {"mode": "tag"}})
    assert pipe.deidentify(Document("d", "it was LOUD here"))[0].text == "it was [OTHER] here"
    with pytest.raises(UsageError, match="unknown detector"):
        load_config(None, {"detect": {"detectors": ["whispering"]}})


def test_a_fittable_detector_must_be_fitted_and_fits_the_same_way_everywhere(tmp_path):
    from phisift.engine.local import LocalEngine

    cfg = {"detect": {"detectors": ["rules", "frequency"]}, "replace": {"mode": "tag"},
           "frequency": {"keep_share": 0.8, "kinds": ["token", "ngram"]}}
    with pytest.raises(UsageError, match="frequency detector must be fitted"):
        Pipeline.from_config(cfg)
    _, (fittable,) = __import__("phisift.pipeline", fromlist=["x"]).detectors_of(load_config(None, cfg))
    assert isinstance(fittable, Fittable)
    from phisift.synth import generate_notes

    docs = generate_notes(30, seed=5)
    here = Pipeline.fit(docs, cfg)
    pooled = Pipeline.fit(docs, cfg, counter=LocalEngine(2, part_size=7), state_dir=tmp_path)
    assert (tmp_path / "frequency-state.json.gz").is_file()
    assert oct((tmp_path / "frequency-state.json.gz").stat().st_mode & 0o777) == "0o600"
    assert [here.detect(d.text) for d in docs] == [pooled.detect(d.text) for d in docs]
    assert any(s.source == "frequency" for d in docs for s in here.detect(d.text))
    reused = Pipeline.fit([], cfg, state_dir=tmp_path, reuse=True)  # a resumed run: no fit, the saved state
    assert [reused.detect(d.text) for d in docs] == [here.detect(d.text) for d in docs]
