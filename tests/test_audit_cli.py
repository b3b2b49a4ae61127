"""``phisift audit GOLD DEID [--json]``: verbatim survivors by label, with no PHI in the report (issue 17)."""

from __future__ import annotations

import json
import subprocess
import sys

from phisift.document import Document, Span
from phisift.formats import write_corpus


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, timeout=300)


def test_audit_command_reports_survivors_without_their_text(tmp_path):
    text = "John Smith seen 03/04/2021 in Boston."
    gold = [Document("a", text, (Span(0, 10, "PATIENT"), Span(16, 26, "DATE"), Span(30, 36, "CITY")))]
    write_corpus(gold, tmp_path / "gold.jsonl")
    write_corpus([Document("a", "Jack Brown seen 03/04/2021 in Salem.")], tmp_path / "deid.jsonl")
    res = run("audit", str(tmp_path / "gold.jsonl"), str(tmp_path / "deid.jsonl"), "--json")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["phi_strings"] == 3 and report["survived"] == 1 and report["by_label"]["DATE"]["survived"] == 1
    assert "03/04" not in res.stdout and "John" not in res.stdout
    table = run("audit", str(tmp_path / "gold.jsonl"), str(tmp_path / "deid.jsonl"))
    assert table.returncode == 0 and "DATE" in table.stdout and "03/04" not in table.stdout
    strict = run("audit", str(tmp_path / "gold.jsonl"), str(tmp_path / "deid.jsonl"), "--fail-above", "0.1")
    assert strict.returncode == 1
    missing = run("audit", str(tmp_path / "nope.jsonl"), str(tmp_path / "deid.jsonl"))
    assert missing.returncode == 2 and "nope.jsonl" in missing.stderr and "Traceback" not in missing.stderr
