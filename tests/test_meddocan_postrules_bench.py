"""The correction-rule learner of ``bench/meddocan_postrules.py`` (transformation-based learning on a
tagger's held-out errors): it finds a repeated fix, leaves alone a fix that breaks as much as it
mends, and applies its rules in order. Its MEDDOCAN figure (no gain) rests on it finding what is
there; the notes are made here (tests never read the shared data)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from phisift.document import Span

_PATH = Path(__file__).resolve().parent.parent / "bench" / "meddocan_postrules.py"
_spec = importlib.util.spec_from_file_location("meddocan_postrules_bench", _PATH)
pr = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = pr  # dataclasses look their module up
_spec.loader.exec_module(pr)


def _note(i: int) -> tuple[str, list[Span], list[Span]]:
    text = f"Sevilla E-4101{i}. Su médico de familia dijo. La familia vino."
    code = text.index("E-")
    fam = text.index("La familia") + 3
    gp = text.index("de familia") + 3
    gold = [Span(0, 7, "TERRITORIO"), Span(code, code + 7, "TERRITORIO"), Span(fam, fam + 7, "FAM")]
    pred = [Span(0, 7, "TERRITORIO"), Span(code + 2, code + 7, "TERRITORIO"), Span(gp, gp + 7, "FAM"),
            Span(fam, fam + 7, "FAM")]
    return text, gold, pred


def test_repeated_errors_become_rules_that_fix_them_in_order():
    notes = [_note(i) for i in range(5)]
    rules = pr.learn_rules(notes)
    assert [(r.template, r.label, r.key) for r in rules.rules] == [
        ("grow_left", "TERRITORIO", "e-"), ("drop", "FAM", "médico de|familia")]
    text, gold, pred = _note(7)  # a note the rules were not learnt on
    assert sorted(pr.apply_rules(text, pred, rules)) == sorted(gold)


def test_a_fix_that_breaks_as_much_as_it_mends_is_not_learnt():
    notes = []
    for i in range(6):
        text = f"Calle Mayor {i}. izq. Fin."
        end = text.index(". Fin")
        # half the notes annotate the street with its final period, half without
        gold_end = end if i % 2 else end + 1
        notes.append((text, [Span(0, gold_end, "CALLE")], [Span(0, end + 1, "CALLE")]))
    assert len(pr.learn_rules(notes, min_gain=2)) == 0


def test_edits_never_make_spans_touch():
    text = "E-41013 Sevilla"
    spans = [Span(0, 1, "X"), Span(2, 7, "TERRITORIO")]
    rules = pr.RuleSet([pr.Rule("grow_left", "TERRITORIO", "e-")])
    assert pr.apply_rules(text, spans, rules) == spans
