"""Site rules from the TOML config (recognizers, allow and deny lists, thresholds), the TOML
writer behind ``phisift config``, and the Safe Harbor categories behind ``phisift entities``."""

from __future__ import annotations

import tomllib

import pytest

from phisift.document import Span
from phisift.errors import InputError
from phisift.detect.site import site_rules
from phisift.taxonomy import HIPAA_LABELS, SAFE_HARBOR, safe_harbor
from phisift.toml_write import dumps

SITE = {
    "recognizers": [
        {"label": "IDNUM", "pattern": r"STUDY-\d{6}", "score": 0.9},
        {"label": "MEDICALRECORD", "pattern": r"\b(\d{7})\b", "group": 1, "context": ["mrn"]},
        {"label": "DEVICE", "pattern": r"pump sn ([a-z0-9]+)", "ignore_case": True, "group": 1},
    ],
    "allow": {"words": ["Parkinson"], "lexicon": ["Bell"]},
    "deny": {"PATIENT": ["Zorblat Quux"]},
    "thresholds": {"DATE": 0.6},
}


def test_recognizers_find_their_pattern():
    rules = site_rules(SITE)
    text = ("Enrolled in STUDY-123456 (MRN: 1234567). Pump SN AB12C. Zorblat   quux called about the billing "
            "reference 7654321.")  # no context word within 40 characters before the last number
    found = {(text[s.start:s.end], s.label, s.score) for s in rules.detector.detect(text)}
    assert found == {("STUDY-123456", "IDNUM", 0.9), ("1234567", "MEDICALRECORD", 1.0), ("AB12C", "DEVICE", 1.0),
                     ("Zorblat   quux", "PATIENT", 1.0)}
    assert rules.labels == {"IDNUM", "MEDICALRECORD", "DEVICE", "PATIENT"}
    assert "STUDY-12345 " not in {text[s.start:s.end] for s in rules.detector.detect("STUDY-12345 x")}


def test_allow_lists_and_thresholds():
    rules = site_rules(SITE)
    text = "Parkinson seen on Bell ward, 3/4."
    parkinson, bell, date = Span(0, 9, "PATIENT"), Span(18, 22, "PATIENT"), Span(29, 32, "DATE", score=0.5)
    assert not rules.keep(text, parkinson, "rules")  # allowed whatever found it
    assert not rules.keep(text, bell, "lexicon") and rules.keep(text, bell, "model")  # allowed for lexicon only
    assert not rules.keep(text, date, "rules")  # below the DATE threshold
    assert rules.keep(text, Span(29, 32, "DATE", score=0.7), "rules")


def test_lists_from_files(tmp_path):
    (tmp_path / "allow.txt").write_text("# ward names\nBell Ward\n")
    (tmp_path / "vip.txt").write_text("Ada Lovelace\n")
    rules = site_rules({"allow": {"files": ["allow.txt"]}, "deny": {"files": {"PATIENT": "vip.txt"}}}, tmp_path)
    text = "ada  lovelace on bell ward"
    assert [text[s.start:s.end] for s in rules.detector.detect(text)] == ["ada  lovelace"]
    assert not rules.keep(text, Span(17, 26, "LOCATION-OTHER"), "lexicon")
    with pytest.raises(InputError, match="no such file"):
        site_rules({"allow": {"files": ["missing.txt"]}}, tmp_path)


@pytest.mark.parametrize("bad, message", [
    ({"recognizers": [{"label": "X"}]}, r"recognizers\[0\]: 'pattern'"),
    ({"recognizers": [{"label": "X", "pattern": "("}]}, "not a valid regular expression"),
    ({"recognizers": [{"label": "X", "pattern": "a", "score": 2}]}, "'score' must be a number between 0 and 1"),
    ({"recognizers": [{"label": "X", "pattern": "a", "colour": 1}]}, "unknown key"),
    ({"recognizers": [{"label": "X", "pattern": "a", "group": 2}]}, "'group'"),
    ({"thresholds": {"DATE": "high"}}, "thresholds.DATE"),
    ({"deny": {"PATIENT": "Zorblat"}}, "deny.PATIENT must be a list"),
])
def test_bad_site_rules_are_one_line_errors(bad, message):
    with pytest.raises(InputError, match=message):
        site_rules(bad)


def test_empty_site_rules_are_false():
    assert not site_rules({})
    assert site_rules({"thresholds": {"DATE": 0.5}})


def test_toml_writer_round_trips_a_config():
    from phisift.pipeline import default_dict

    config = default_dict()
    config.update(SITE)
    config["deny"] = {"PATIENT": ['Zorb "q" \\ \x7f\u00e9'], "files": {"PATIENT": "v.txt"}}
    config["odd key"] = {"a.b": 1.5, "inf": float("inf"), "t": True}
    text = dumps(config, comments={"detect": "what finds PHI"})
    assert tomllib.loads(text) == config
    assert "# what finds PHI\n[detect]" in text


def test_safe_harbor_categories():
    assert set(SAFE_HARBOR) == HIPAA_LABELS
    assert safe_harbor("PATIENT") == "(A) names"
    assert safe_harbor("DOCTOR") == "no" and safe_harbor("STUDYID") == "no"


def _source_text(module) -> str:
    """All the source of a module or package."""
    from pathlib import Path

    path = Path(module.__file__)
    files = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def test_declared_detector_labels_match_the_detectors():
    import importlib

    # phisift.detect is also the public function: reach the subpackages by their module names
    lexicon_module = importlib.import_module("phisift.detect.lexicon.labels")
    rules_module = importlib.import_module("phisift.detect.rules")
    from phisift.detect.labels import BUILTIN, detector_labels
    from phisift.detect.lexicon.detector import LexiconDetector
    from phisift.detect.rules.detector import RuleDetector
    from phisift.synth import generate_notes

    given = {"rules": set(), "lexicon": set()}
    detectors = {"rules": RuleDetector(), "lexicon": LexiconDetector()}
    for doc in generate_notes(150, seed=11):
        for name, detector in detectors.items():
            given[name].update(s.label for s in detector.detect(doc.text))
    for name, module in (("rules", rules_module), ("lexicon", lexicon_module)):
        assert given[name] <= BUILTIN[name], name  # nothing given that is not declared
        source = _source_text(module)
        assert {label for label in BUILTIN[name] if f'"{label}"' not in source} == set(), name  # nothing invented
    assert detector_labels("frequency", "OTHER") == {"OTHER"}
    assert "PATIENT" in detector_labels("model", model="en_crf")
