"""The leak check of issue 17, in one command: gold PHI strings left verbatim after `--mode surrogate`.

    python bench/leak_eval.py                                  # dev, report, heldout_types, heldout_carrier
    python bench/leak_eval.py --sets report --json leak.json   # one set, figures also as JSON
    python bench/leak_eval.py --sets tune --show tune          # developer tool: read the tuning split's survivors

For each set it runs the command line as a user would:

    phisift deid SET OUT --mode surrogate --key-file KEY                      # detected end to end
    phisift deid SET OUT --mode surrogate --key-file KEY --from-spans SET     # the gold spans given
    phisift audit SET OUT --json                                              # each of the two

and prints, per set, the gold strings, the survivors end to end and with gold spans
(count and share), and the survivors by label and by family (the injector's family
for the real-prose sets, the i2b2 category for synthetic dev). ``audit`` counts gold
strings of 3+ characters (its default ``--min-chars``); shorter ones count in the
total but are not looked for.

Sets: ``dev`` is the synthetic development set (`bench/make_devset.py`, 300 notes,
seed 1); the others are the real-prose sets of `bench/make_realprose.py` (PHI
injected into MTSamples / MSHA text). A missing set is built with its generator
(same seeds, same files). The key is ``bench/out/leak/key`` (created 0600 on first
use, with phisift's own key loader); every output stays under ``bench/out/leak``.

``--show SET`` prints the text of each survivor with a little context: only for the
tuning splits (tune, tune_upper, tune_lower, tune_queries), which are there to be
read; the report and held-out sets are never shown, so that nobody tunes on them.
Nothing here measures speed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from phisift.audit import audit
from phisift.document import Document
from phisift.formats import read_corpus
from phisift.taxonomy import CATEGORY_OF

ROOT = Path(__file__).resolve().parent
OUT = ROOT / "out" / "leak"
REALPROSE = ROOT / "out" / "realprose"
DEVSET = ROOT / "out" / "devset"
DEFAULT_SETS = ("dev", "report", "heldout_types", "heldout_carrier")
#: The splits that exist to be read while tuning detectors; nothing else is ever shown.
SHOWABLE = ("tune", "tune_upper", "tune_lower", "tune_queries")


def set_path(name: str) -> Path:
    return DEVSET / "dev.jsonl" if name == "dev" else REALPROSE / f"{name}.jsonl"


def ensure_set(name: str) -> Path:
    """The set's file, built with its generator when missing (the generators are seeded: same files)."""
    path = set_path(name)
    if path.exists():
        return path
    if name == "dev":
        cmd = [sys.executable, str(ROOT / "make_devset.py"), "--splits", "dev", "--out", str(DEVSET)]
    else:
        cmd = [sys.executable, str(ROOT / "make_realprose.py"), "--out", str(REALPROSE)]
    print(f"{path} is missing; building it: {' '.join(Path(c).name if c == sys.executable else c for c in cmd)}",
          file=sys.stderr)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0 or not path.exists():
        raise SystemExit(f"could not build {name} (exit {done.returncode}); run {' '.join(cmd[1:])} yourself "
                         f"(real prose needs MTSamples and MSHA in ../shared/data)")
    return path


def ensure_key(path: Path) -> Path:
    """The surrogate key: phisift's own loader creates it (owner-only) when it does not exist yet."""
    from phisift.store import load_key

    path.parent.mkdir(parents=True, exist_ok=True)
    load_key(path, notify=lambda message: print(message, file=sys.stderr))
    return path


def phisift(*args: str) -> str:
    """Run the phisift CLI; its standard output (errors stop the run, with the command's last words)."""
    done = subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy())
    if done.returncode != 0:
        raise SystemExit(f"phisift {args[0]} failed (exit {done.returncode}): {done.stderr.strip()[-400:]}")
    return done.stdout


def deid(src: Path, dst: Path, key: Path, gold: bool) -> None:
    extra = ["--from-spans", str(src)] if gold else []
    phisift("deid", str(src), str(dst), "--mode", "surrogate", "--key-file", str(key),
            "--store", str(OUT / "store.sqlite"), "--no-resume", "--overwrite", *extra)


def family(span, dev: bool) -> str:
    """The family a gold span tests: the injector's (``source`` = family/form), or dev's i2b2 category."""
    if dev or not span.source:
        return CATEGORY_OF.get(span.label, "OTHER").lower()
    return span.source.split("/")[0]


def survivors(gold: list[Document], out: Path, dev: bool, cli: dict) -> dict:
    """Survivors by label (the CLI's audit) and by family (the same audit, spans relabelled by family)."""
    deid_docs = list(read_corpus(out))
    relabelled = [g.with_spans(s.with_label(family(s, dev)) for s in g.spans) for g in gold]
    fam = audit(relabelled, deid_docs, max_examples=10**9)
    if sum(fam.survived.values()) != cli["survived"]:  # the two counts are the same audit: they must agree
        raise SystemExit(f"{out.name}: family audit {sum(fam.survived.values())} != phisift audit {cli['survived']}")
    return {"strings": cli["phi_strings"], "survived": cli["survived"], "share": cli["share"],
            "in_source_outside_phi": cli["in_source_outside_phi"],
            "by_label": {k: v["survived"] for k, v in cli["by_label"].items() if v["survived"]},
            "by_family": {k: v for k, v in sorted(fam.survived.items()) if v},
            "examples": fam.examples}


def run_set(name: str, key: Path) -> dict:
    src = ensure_set(name)
    gold = list(read_corpus(src))
    result = {"notes": len(gold)}
    for setting, given in (("end_to_end", False), ("gold_spans", True)):
        out = OUT / f"{name}-{setting}.jsonl"
        deid(src, out, key, given)
        cli = json.loads(phisift("audit", str(src), str(out), "--json"))
        result[setting] = survivors(gold, out, name == "dev", cli)
    return result


def fmt(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) or "-"


def print_table(results: dict[str, dict]) -> None:
    print("\n| set | notes | gold strings | survivors end to end | survivors with gold spans |")
    print("|---|---|---|---|---|")
    for name, r in results.items():
        e, g = r["end_to_end"], r["gold_spans"]
        print(f"| {name} | {r['notes']} | {e['strings']:,} | {e['survived']} ({e['share']:.2%}) "
              f"| {g['survived']} ({g['share']:.2%}) |")
    for name, r in results.items():
        for setting in ("end_to_end", "gold_spans"):
            s = r[setting]
            print(f"\n{name} [{setting.replace('_', ' ')}]: {s['survived']} of {s['strings']} "
                  f"({s['in_source_outside_phi']} also in the source outside its PHI)")
            print(f"  by label:  {fmt(s['by_label'])}")
            print(f"  by family: {fmt(s['by_family'])}")


def show(name: str, result: dict) -> None:
    """The tuning split's end-to-end survivors, with their text: a developer's reading list."""
    gold = list(read_corpus(set_path(name)))
    print(f"\nsurvivors end to end in {name} (tuning split):")
    for ex in result["end_to_end"]["examples"]:
        doc = gold[ex["document"] - 1]
        span = next(s for s in doc.spans if (s.start, s.end) == (ex["start"], ex["end"]))
        context = doc.text[max(0, span.start - 50) : span.end + 50].replace("\n", "\\n")
        print(f"  {doc.id} {span.label} {span.source or ''}: {doc.text[span.start:span.end]!r}  | {context}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(DEFAULT_SETS),
                        help="comma-separated: dev and the real-prose sets (default: %(default)s)")
    parser.add_argument("--key-file", type=Path, default=OUT / "key", help="surrogate key (created 0600 if missing)")
    parser.add_argument("--json", type=Path, help="also write the figures (no PHI text) to this file")
    parser.add_argument("--show", choices=SHOWABLE, help="print the survivors' text of this tuning split")
    args = parser.parse_args(argv)
    names = [n for n in args.sets.split(",") if n]
    if args.show and args.show not in names:
        names.append(args.show)
    OUT.mkdir(parents=True, exist_ok=True)
    key = ensure_key(args.key_file)
    results = {}
    for name in names:
        print(f"{name}: de-identifying and auditing ...", file=sys.stderr)
        results[name] = run_set(name, key)
    print_table(results)
    if args.show:
        show(args.show, results[args.show])
    if args.json:
        slim = {n: {k: ({kk: vv for kk, vv in v.items() if kk != "examples"} if isinstance(v, dict) else v)
                    for k, v in r.items()} for n, r in results.items()}
        args.json.write_text(json.dumps(slim, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
