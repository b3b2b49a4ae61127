"""The bundled general-English word list (``data/english_words.tsv.gz``) and its loader.

The list is built offline from wordfreq (``scripts/build_english_words.py``); these tests read
only the shipped file and never import wordfreq, which is a build-time tool, not a dependency.
"""

from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from phisift.detect.lexicon import english
from phisift.detect.lexicon.english import COMMON_ZIPF, LIST_FLOOR, english_words, is_common_word, parse, zipf

ROOT = Path(__file__).resolve().parents[1]


def _shipped_text() -> str:
    raw = resources.files("phisift").joinpath("data", "english_words.tsv.gz").read_bytes()
    return gzip.decompress(raw).decode("utf-8")


def test_the_list_is_general_english_of_a_useful_size():
    words = english_words()
    assert 40_000 < len(words) < 80_000
    assert all(k == k.lower() and k.isascii() for k in words)
    assert min(words.values()) >= LIST_FLOOR
    # the words the lexicon lists lacked, which made one-case notes read them as places or names
    for w in ("respite", "corridor", "porch", "hallway", "groceries", "neighbor"):
        assert w in words, w
    assert words["the"] > 7 > words["corridor"] > words["respite"] > LIST_FLOOR


def test_zipf_ignores_case_curly_apostrophes_accents_and_possessives():
    assert zipf("CORRIDOR") == zipf("Corridor") == zipf("corridor") > 3.5
    assert zipf("don’t") == zipf("don't") > 5
    assert zipf("café") == zipf("cafe") > 3
    assert zipf("nephew's") == zipf("nephew") > 3
    assert zipf("Kowalczykowski") == 0.0  # rarer than the floor, or no word at all
    assert zipf("") == 0.0
    assert zipf("smith-jones") == 0.0  # a hyphenated word counts only whole


def test_is_common_word_uses_the_floor():
    assert is_common_word("respite") and is_common_word("corridor")
    assert zipf("respite") < 3.5 and not is_common_word("respite", floor=3.5)
    assert not is_common_word("qwxz")
    assert COMMON_ZIPF > LIST_FLOOR


def test_the_file_names_its_source_and_licence_and_holds_no_possessives():
    text = _shipped_text()
    head = [line for line in text.splitlines() if line.startswith("#")]
    assert any("wordfreq 3.1.1" in line for line in head)
    assert any("CC BY-SA 4.0" in line for line in head)
    assert not any(w.endswith("'s") for w in english_words())
    values = [float(line.split("\t")[0]) for line in text.splitlines() if not line.startswith("#")]
    assert values == sorted(values, reverse=True) and len(values) == len(set(values))


def test_parse_reads_grouped_lines_and_skips_comments():
    assert parse("# c\n5.01\tfoo bar\n\n2.50\tbaz\n") == {"foo": 5.01, "bar": 5.01, "baz": 2.5}
    assert parse("") == {}


def test_loading_is_cached_and_fast_in_a_fresh_interpreter():
    """Start-up counts against the speed budget: the list loads in well under 100 ms (about 10)
    and does not pull in wordfreq."""
    code = ("import time, sys; from phisift.detect.lexicon import english as e; t = time.perf_counter(); "
            "n = len(e.english_words()); dt = time.perf_counter() - t; "
            "assert e.english_words() is e.english_words(); print(n, dt, 'wordfreq' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "src")}).stdout.split()
    assert int(out[0]) == len(english_words())
    assert float(out[1]) < 0.25, out  # generous for a loaded machine; about 0.01 s when idle
    assert out[2] == "False"


def _build_script():
    spec = importlib.util.spec_from_file_location("build_english_words", ROOT / "scripts" / "build_english_words.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_build_script_keeps_plain_words_above_the_floor():
    build = _build_script()
    freqs = {"the": 0.05, "corridor": 7.6e-06, "rare": 1e-07, "nephew's": 1e-05, "o'brien": 1e-06,
             "x2": 1e-3, "Caps": 1e-3, "café": 1e-5, "—": 1e-3}
    groups = build.select(freqs, 2.5)
    kept = {w: z for z, ws in groups.items() for w in ws}
    assert kept == {"the": 7.7, "corridor": 3.88, "o'brien": 3.0}
    text = build.render(groups, 2.5, "3.1.1")
    assert parse(text) == kept
    assert "CC BY-SA 4.0" in text and text.splitlines()[-1].startswith("3.00\t")


def test_wordfreq_is_a_build_extra_not_a_runtime_or_test_dependency():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(d.startswith("wordfreq") for d in project["dependencies"])
    assert project["optional-dependencies"]["lists"] == ["wordfreq==3.1.1"]
    assert not any(d.startswith("wordfreq") for d in project["optional-dependencies"]["dev"])
    assert english.__doc__ and "CC BY-SA" in english.__doc__


@pytest.mark.parametrize("word", ["the", "and", "of"])
def test_function_words_are_the_most_common(word):
    assert zipf(word) > 5.5
