"""The local engine and the resumable driver: same bytes for any --jobs, bounded read-ahead, journals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from phisift.document import Document
from phisift.engine.local import LocalEngine
from phisift.formats import write_corpus
from phisift.pipeline import load_config
from phisift.progress import ListReporter
from phisift.runs import Corpus, Journal, deid_run, detect_run, detect_task, journal_path
from phisift.store import Secret, Store
from phisift.synth import generate_notes

SECRET = Secret(b"k" * 64)
DETECTORS = ["rules", "lexicon", "frequency"]


def quiet() -> ListReporter:
    return ListReporter()


@pytest.fixture(scope="module")
def notes():
    docs = generate_notes(60, seed=11)
    # a patient field, and a few notes of the same patients
    return [Document(d.id, d.text, d.spans, {"mrn": f"p{i % 9}"}) for i, d in enumerate(docs)]


@pytest.fixture(params=["jsonl", "csv"])
def corpus(request, tmp_path, notes):
    path = tmp_path / f"notes.{request.param}"
    write_corpus(notes, path)
    return Corpus(path, request.param)


def _cfg(mode="surrogate", detectors=DETECTORS):
    return load_config(None, {"detect": {"detectors": list(detectors)}, "replace": {"mode": mode}})


def _deid(corpus, out, jobs, tmp_path, **kw):
    with Store(tmp_path / f"store-{out.name}.db") as store:
        return deid_run(corpus, out, corpus.fmt, _cfg(), store=store, engine=LocalEngine(jobs), reporter=quiet(),
                        secret=SECRET, patient_field="mrn", **kw)


def test_deid_jobs_1_and_2_are_byte_identical(corpus, tmp_path):
    one, two = tmp_path / f"one.{corpus.fmt}", tmp_path / f"two.{corpus.fmt}"
    s1 = _deid(corpus, one, 1, tmp_path, spans_path=tmp_path / "s1.jsonl")
    s2 = _deid(corpus, two, 2, tmp_path, spans_path=tmp_path / "s2.jsonl")
    assert one.read_bytes() == two.read_bytes()
    assert (tmp_path / "s1.jsonl").read_bytes() == (tmp_path / "s2.jsonl").read_bytes()
    assert s1.documents == s2.documents == 60 and s1.spans == s2.spans
    # nothing of the runs is left behind: no journal, no run state
    assert not list(tmp_path.glob(".*.journal"))
    assert not any(p.is_file() for p in tmp_path.glob("*.runs/*/*"))


def test_detect_jobs_1_and_2_are_byte_identical(corpus, tmp_path):
    outs = []
    for jobs in (1, 2):
        out = tmp_path / f"spans{jobs}.jsonl"
        with Store(tmp_path / f"s{jobs}.db") as store:
            detect_run(corpus, out, _cfg("tag"), store=store, engine=LocalEngine(jobs), reporter=quiet())
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and outs[0].count(b"\n") == 60


def test_deid_folder_output_jobs_1_and_2(tmp_path, notes):
    src = tmp_path / "notes.jsonl"
    write_corpus(notes, src)
    corpus = Corpus(src, "jsonl")
    trees = []
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        with Store(tmp_path / f"s{jobs}.db") as store:
            deid_run(corpus, out, "text", _cfg(), store=store, engine=LocalEngine(jobs), reporter=quiet(), secret=SECRET)
        trees.append({p.name: p.read_bytes() for p in out.iterdir()})
    assert trees[0] == trees[1] and len(trees[0]) == 60


def test_cli_jobs_2_matches_jobs_1(tmp_path, notes):
    src = tmp_path / "notes.csv"
    write_corpus(notes[:20], src)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"o{jobs}.csv"
        res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", str(src), str(out), "--mode", "tag",
                              "--detectors", "rules,frequency", "--jobs", jobs, "--store", str(tmp_path / "s.db")],
                             capture_output=True, text=True, timeout=300)
        assert res.returncode == 0, res.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_local_engine_reads_ahead_a_bounded_number_of_documents():
    consumed = 0

    def docs():
        nonlocal consumed
        for i in range(10_000):
            consumed += 1
            yield Document(str(i), f"Seen on 03/0{i % 9 + 1}/2020 by Dr. Smith.")

    engine = LocalEngine(jobs=2, task_size=8)
    from phisift.pipeline import Pipeline

    pipeline = Pipeline.from_config(load_config(None, {"detect": {"detectors": ["rules"]}, "replace": {"mode": "tag"}}))
    stream = engine.map(pipeline, detect_task, docs())
    first = next(stream)
    assert first[0].id == "0" and first[1]
    assert consumed <= 8 * (4 * 2 + 1)  # at most 4 * jobs tasks in flight
    seen = [first[0].id] + [doc.id for doc, _ in stream]
    assert seen == [str(i) for i in range(10_000)]  # input order


def test_second_run_notes_and_resumes_or_starts_over(tmp_path, notes, monkeypatch):
    """A run that fails half-way leaves a journal and no output; the next run resumes or starts over."""
    import phisift.runs.batches as run_module

    monkeypatch.setattr(run_module, "COMMIT_DOCS", 16)
    monkeypatch.setattr(run_module, "COMMIT_SECONDS", 1e9)
    src = tmp_path / "notes.jsonl"
    write_corpus(notes, src)
    many = Corpus(_repeat(src, tmp_path, 4), "jsonl")
    cfg = _cfg(detectors=["rules", "frequency"])
    out, ref = tmp_path / "out.jsonl", tmp_path / "ref.jsonl"
    with Store(tmp_path / "ref.db") as store:
        deid_run(many, ref, "jsonl", cfg, store=store, engine=LocalEngine(1), reporter=quiet(), secret=SECRET)

    class Boom(Exception):
        pass

    class Failing(LocalEngine):
        def map(self, pipeline, task, items):
            for n, pair in enumerate(super().map(pipeline, task, items)):
                if n == 150:
                    raise Boom
                yield pair

    store_path = tmp_path / "store.db"
    with Store(store_path) as store, pytest.raises(Boom):
        deid_run(many, out, "jsonl", cfg, store=store, engine=Failing(1), reporter=quiet(), secret=SECRET)
    assert not out.exists()  # no half output
    journal = journal_path(out.resolve(), _only_key(store_path))
    assert journal.exists()
    with Store(store_path) as store:
        assert store.done_count(_only_key(store_path)) == 144
        said = quiet()
        summary = deid_run(many, out, "jsonl", cfg, store=store, engine=LocalEngine(2), reporter=said,
                           secret=SECRET)
    assert any("resuming an unfinished run: 144 documents were already done" in n for n in said.notes)
    assert "frequency: using the state fitted by the interrupted run" in said.notes
    assert summary.resumed_from == 144 and summary.documents == 240 - 144
    assert out.read_bytes() == ref.read_bytes()
    assert not journal.exists()

    # --no-resume discards an unfinished run (the output of the run above exists: replaced with overwrite)
    with Store(store_path) as store, pytest.raises(Boom):
        deid_run(many, out, "jsonl", cfg, store=store, engine=Failing(1), reporter=quiet(), secret=SECRET,
                 overwrite=True)
    said = quiet()
    with Store(store_path) as store:
        summary = deid_run(many, out, "jsonl", cfg, store=store, engine=LocalEngine(1), reporter=said,
                           secret=SECRET, resume=False, overwrite=True)
    assert any("discarding the unfinished earlier run" in n for n in said.notes)
    assert summary.resumed_from == 0 and summary.documents == 240
    assert out.read_bytes() == ref.read_bytes()


def _repeat(src: Path, tmp_path: Path, times: int) -> Path:
    lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / f"x{times}.jsonl"
    import json

    with open(path, "w", encoding="utf-8") as fh:
        for r in range(times):
            for line in lines:
                rec = json.loads(line)
                rec["id"] = f"{rec['id']}-{r}"
                fh.write(json.dumps(rec) + "\n")
    return path


def _only_key(store_path: Path) -> str:
    import json

    (manifest,) = store_path.parent.glob(f"{store_path.name}.runs/*/manifest.json")
    return json.loads(manifest.read_text())["key"]


# --------------------------------------------------------------------------- the journal
def test_journal_counts_reopens_and_cuts_a_torn_tail(tmp_path):
    path, key = tmp_path / "j", os.urandom(32)
    j = Journal(path, key)
    j.append(["a", "b"])
    j.append(["c"])
    j.sync()
    j.close()
    with open(path, "ab") as fh:  # a frame torn by a kill
        fh.write(b"PSJ1\x00\x00\x00\x00\x00\x00\x01\x00" + b"x" * 10)
    j = Journal(path, key)
    assert j.count == 3 and list(j.items()) == ["a", "b", "c"]
    j.append(["d"])
    j.sync()
    assert list(Journal(path, key).items()) == ["a", "b", "c", "d"]


def test_journal_truncates_inside_a_frame(tmp_path):
    j = Journal(tmp_path / "j", b"k" * 32)
    j.append([1, 2, 3])
    j.append([4, 5, 6])
    j.truncate_to(4)
    assert j.count == 4 and list(j.items()) == [1, 2, 3, 4]
    j.append([7])
    assert list(Journal(tmp_path / "j", b"k" * 32).items()) == [1, 2, 3, 4, 7]


def test_journal_of_another_key_is_not_read(tmp_path):
    j = Journal(tmp_path / "j", b"a" * 32)
    j.append(["secret"])
    j.sync()
    j.close()
    other = Journal(tmp_path / "j", b"b" * 32)
    assert other.count == 0 and list(other.items()) == []


def test_a_run_is_locked_against_a_second_process(tmp_path):
    from phisift.runs import RunState
    from phisift.errors import UsageError

    with Store(tmp_path / "s.db") as store:
        with RunState(store, "a" * 64, [tmp_path / "o.jsonl"], None):
            with pytest.raises(UsageError, match="still running"):
                RunState(store, "a" * 64, [tmp_path / "o.jsonl"], None)
        RunState(store, "a" * 64, [tmp_path / "o.jsonl"], None).close()  # free again
