"""PATIENT recall with and without `--known-phi` (issue 17, build item 5).

    python bench/make_realprose.py
    python bench/known_phi_eval.py                          # report and heldout_types
    python bench/known_phi_eval.py --sets report --dev bench/out/devset/dev.jsonl

The real-prose sets (bench/make_realprose.py) inject every PATIENT mention as a
different person, so a patient's record would name none of the others. This bench
makes each note about one patient first: every PATIENT span of the note is rewritten
as a form of one name drawn for the note (seeded by the note id), in the form the
injector gave that span (full name, "LAST, FIRST", initial and surname, surname or
given name alone, upper or lower case, a misspelling stays a misspelling of the new
name). The known-PHI file then holds what structured data would: the patient's name
("First Last") and the note's record numbers (its MEDICALRECORD spans), keyed by the
note id (each note its own patient). Written to ``OUT/known-SET.jsonl`` and
``OUT/patient-SET.jsonl`` (the rewritten gold).

For each set, `phisift deid SET out --mode tag --keep-ids --spans found.jsonl` runs
without and with `--known-phi`, and the found spans are scored with
``phisift.evaluate``: PATIENT token recall (a gold PATIENT token counts when any
found span covers it, whatever its label) and overall token precision (neutral
regions ignored). ``--dev`` adds a gold file whose notes already name their patient
consistently (the synthetic dev set): there the record name is the note's longest
PATIENT mention of two or more words.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from faker import Faker

from phisift.document import Document, Edit, rewrite_document
from phisift.evaluate import evaluate
from phisift.formats import read_corpus, read_spans, write_corpus
from phisift.synth.inject.people import ascii_fold, typo

ROOT = Path(__file__).resolve().parent


def form_of(source: str) -> tuple[str, str]:
    """(the injector's name form, its case transform) from a span's ``source`` ("person/titled:full+lower")."""
    form = source.split("/", 1)[-1] if source else ""
    form = form.split(":")[-1]
    base, _, case = form.partition("+")
    return base, case


def written(first: str, last: str, form: str, rng: random.Random) -> str:
    """The patient's name in one of the injector's forms."""
    initial = rng.choice("ABCDEFGHJKLMNPRSTW")
    table = {
        "last_first_caps": f"{last.upper()}, {first.upper()}",
        "first_initial": f"{first} {initial}.",
        "initial_surname": f"{first[0]}. {last}",
        "initials_surname": f"{first[0]}.{initial}. {last}",
        "lower": f"{first} {last}".lower(),
        "upper": f"{first} {last}".upper(),
        "misspelt": f"{typo_of(first, rng)} {typo_of(last, rng)}",
        "surname_only": last,
        "bare_first": first,
    }
    return table.get(form, f"{first} {last}")


def typo_of(word: str, rng: random.Random) -> str:
    class _Ctx:  # people.typo reads only ctx.rng
        pass

    ctx = _Ctx()
    ctx.rng = rng
    return typo(ctx, word)


def one_patient(doc: Document) -> tuple[Document, dict]:
    """The note with every PATIENT span rewritten as one person, and that person's record."""
    rng = random.Random(f"known-phi:{doc.id}")
    fake = Faker("en_US")
    fake.seed_instance(rng.getrandbits(64))
    first, last = ascii_fold(fake.first_name()), ascii_fold(fake.last_name())
    edits = []
    for s in doc.spans:
        if s.label != "PATIENT":
            continue
        original = doc.text[s.start : s.end]
        form, case = form_of(s.source or "")
        new = written(first, last, form, rng)
        if case == "upper" or (original.isupper() and len(original) > 1):
            new = new.upper()
        elif case == "lower" or original.islower():
            new = new.lower()
        edits.append(Edit(s.start, s.end, new))
    new_doc, mapping = rewrite_document(doc, edits)
    meta = dict(new_doc.meta)
    if meta.get("neutral"):
        meta["neutral"] = [{"start": mapping.start(n["start"]), "end": mapping.end(n["end"]),
                            "label": n.get("label", "")} for n in meta["neutral"]]
    mrns = [doc.text[s.start : s.end] for s in doc.spans if s.label == "MEDICALRECORD"]
    record = {"patient": doc.id, "phi": [{"label": "PATIENT", "text": f"{first} {last}"}]
              + [{"label": "MEDICALRECORD", "text": m} for m in mrns]}
    return Document(new_doc.id, new_doc.text, new_doc.spans, meta=meta), record


def dev_record(doc: Document) -> dict:
    """The record of a note that already names its patient throughout: its longest PATIENT mention."""
    names = [doc.text[s.start : s.end] for s in doc.spans if s.label == "PATIENT"]
    full = sorted((n for n in names if len(n.split()) >= 2), key=len, reverse=True)
    phi = [{"label": "PATIENT", "text": full[0]}] if full else []
    phi += [{"label": "MEDICALRECORD", "text": doc.text[s.start : s.end]}
            for s in doc.spans if s.label == "MEDICALRECORD"]
    return {"patient": doc.id, "phi": phi}


def found_spans(gold: Path, out: Path, known: Path | None) -> dict:
    """`phisift deid` in tag mode as a user runs it; the spans it found, by document id."""
    spans = out.with_suffix(".spans.jsonl")
    for p in (out, spans):
        p.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "phisift.cli", "deid", str(gold), str(out), "--mode", "tag", "--keep-ids",
           "--spans", str(spans), "--store", str(out.parent / "store.sqlite"), "--no-resume"]
    if known is not None:
        cmd += ["--known-phi", str(known)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy())
    if done.returncode != 0:
        raise SystemExit(f"deid failed on {gold.name} (exit {done.returncode}): {done.stderr.strip()[-300:]}")
    return {k: list(v) for k, v in read_spans(spans).items()}


def score(name: str, gold_path: Path, known: Path, out_dir: Path) -> None:
    gold = list(read_corpus(gold_path))
    rows = []
    for with_known in (False, True):
        pred = found_spans(gold_path, out_dir / f"{name}-{'known' if with_known else 'plain'}.jsonl",
                           known if with_known else None)
        report = evaluate(gold, pred).as_dict(by_label=True)
        patient = report["by_label"].get("PATIENT", {})
        rows.append((with_known, patient.get("token_recall", 0.0), patient.get("gold_tokens", 0),
                     report["token"]["precision"], report["token"]["recall"]))
    for with_known, recall, tokens, precision, all_recall in rows:
        print(f"{name} {'--known-phi' if with_known else 'without   '}: PATIENT token recall {recall:.4f} "
              f"({tokens} tokens) | all labels: token P {precision:.4f} R {all_recall:.4f}")


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":  # Faker draws from sets: fix their order (as make_realprose.py)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "out" / "realprose", help="the real-prose sets' folder")
    parser.add_argument("--sets", default="report,heldout_types")
    parser.add_argument("--dev", type=Path, help="also a gold file whose notes name one patient (synthetic dev)")
    args = parser.parse_args(argv)
    out_dir = args.dir / "known_phi"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in [n for n in args.sets.split(",") if n]:
        src = args.dir / f"{name}.jsonl"
        if not src.exists():
            raise SystemExit(f"{src}: missing; run bench/make_realprose.py first")
        pairs = [one_patient(d) for d in read_corpus(src)]
        gold_path, known_path = out_dir / f"patient-{name}.jsonl", out_dir / f"known-{name}.jsonl"
        gold_path.unlink(missing_ok=True)
        write_corpus([d for d, _ in pairs], gold_path)
        known_path.write_text("".join(json.dumps(r) + "\n" for _, r in pairs), encoding="utf-8")
        score(name, gold_path, known_path, out_dir)
    if args.dev:
        known_path = out_dir / "known-dev.jsonl"
        known_path.write_text("".join(json.dumps(dev_record(d)) + "\n" for d in read_corpus(args.dev)),
                              encoding="utf-8")
        score("dev", args.dev, known_path, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
