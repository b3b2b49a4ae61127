"""The scoring shared by the hand-written probe batches (``probes_s29b.py``, ``probes_s30.py``).

A positive row is ``(family, text, sub, labels)``: every character of ``sub`` (blanks and the
``skip`` punctuation aside) must lie in a span of one of ``labels`` (``None``: any label). A
negative row is ``(family, text, sub, allowed)``: no span outside ``allowed`` may touch ``sub``.
Each row is scored as written, in capitals and in lower case (issue 15's case property), through
the library's default pipeline (``phisift.detect``).
"""

from __future__ import annotations

from collections import defaultdict

import phisift

CASES = ("as written", "upper", "lower")
_CASE_FNS = (str, str.upper, str.lower)


def copies(rows: list) -> list:
    """Every probe as written, in capitals and in lower case; the case is appended as the last field."""
    return [(fam, fn(text), fn(sub), extra, case)
            for fam, text, sub, extra in rows for case, fn in zip(CASES, _CASE_FNS)]


def covered(text: str, sub: str, spans: list, labels: frozenset | None, skip: str = ".,") -> bool:
    """Every character of ``sub`` (blanks and ``skip`` aside) lies in a span of one of ``labels`` (any: None)."""
    i = text.find(sub)
    return all(any(a <= k < b and (labels is None or lab in labels) for a, b, lab in spans)
               for k in range(i, i + len(sub)) if not text[k].isspace() and text[k] not in skip)


def touching(text: str, sub: str, spans: list, allowed: frozenset) -> list:
    """The spans outside ``allowed`` that touch ``sub``."""
    i = text.find(sub)
    return [(text[a:b], lab) for a, b, lab in spans if a < i + len(sub) and b > i and lab not in allowed]


def spans_of(text: str) -> list:
    return [(s.start, s.end, s.label) for s in phisift.detect(text)]


def score(pos: list, neg: list, verbose: bool, skip: str = ".,") -> dict:
    """Per family and case: [positives found, positives, negatives clean, negatives]."""
    stat: dict = defaultdict(lambda: [0, 0, 0, 0])
    for fam, text, sub, labels, case in copies(pos):
        spans = spans_of(text)
        ok = covered(text, sub, spans, labels, skip)
        stat[fam, case][0] += ok
        stat[fam, case][1] += 1
        if verbose or not ok:
            print("found" if ok else "MISS ", fam, repr(text), repr(sub), [(text[a:b], l) for a, b, l in spans])
    for fam, text, sub, allowed, case in copies(neg):
        bad = touching(text, sub, spans_of(text), allowed)
        stat[fam, case][2] += not bad
        stat[fam, case][3] += 1
        if verbose or bad:
            print("clean" if not bad else "FP   ", fam, repr(text), bad)
    return stat


def print_table(stat: dict, prefix: str = "") -> None:
    """One line per family (each case's found and clean counts), then one total line per case."""
    for fam in sorted({f for f, _ in stat}):
        row = ", ".join(f"{case} {stat[fam, case][0]}/{stat[fam, case][1]} found "
                        f"{stat[fam, case][2]}/{stat[fam, case][3]} clean" for case in CASES)
        print(f"{prefix}family {fam}: {row}")
    for case in CASES:
        tot = [sum(v[k] for (_, c), v in stat.items() if c == case) for k in range(4)]
        print(f"{prefix}{case}: positives found {tot[0]}/{tot[1]}, negatives clean {tot[2]}/{tot[3]}")
