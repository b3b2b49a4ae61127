"""Score `phisift detect` on the real-prose development sets (bench/make_realprose.py).

    python bench/make_realprose.py
    python bench/realprose_eval.py                       # every set, both settings
    python bench/realprose_eval.py --sets report,queries --settings default

For each set and setting (``default``: `phisift detect IN -o OUT`, the default
pipeline; ``rules,lexicon``: `--detectors rules,lexicon`) it prints token
precision/recall (phisift.evaluate's token measure, neutral regions ignored),
token recall per family and per label, and the case-robustness figure: token
recall on a set minus recall on its upper-/lower-cased copy, in points. Misses
(gold spans with a token no prediction covers) go to
``OUT/misses-SETTING.jsonl`` grouped by family, with their text (synthetic values
in public carrier text), and false positives (predicted spans with a token neither
gold nor neutral) to ``OUT/fps-SETTING.jsonl`` by label; the printed output names only offsets, labels, families
and forms.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

from phisift.document import Document, Span
from phisift.evaluate import evaluate, neutral_spans, score_tokens
from phisift.fileio import atomic_write
from phisift.formats import read_corpus, read_spans

ROOT = Path(__file__).resolve().parent
SETS = ("tune", "tune_upper", "tune_lower", "tune_queries", "report", "heldout_types", "heldout_carrier", "queries",
        "report_upper", "report_lower", "heldout_types_upper", "heldout_types_lower")
SETTINGS = {"default": [], "rules,lexicon": ["--detectors", "rules,lexicon"]}


def detect(src: Path, out: Path, extra: list[str], store: Path) -> None:
    """Run the CLI exactly as a user would (the default pipeline unless ``extra`` says otherwise)."""
    cmd = [sys.executable, "-m", "phisift.cli", "detect", str(src), "-o", str(out), "--store", str(store),
           "--no-resume", "--overwrite", *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy())
    if done.returncode != 0:
        raise SystemExit(f"detect failed on {src.name} (exit {done.returncode}): {done.stderr.strip()[-300:]}")


def family(span: Span) -> str:
    return span.source.split("/")[0] if span.source else "unknown"


def by_family(gold: list[Document]) -> list[Document]:
    """The gold with each span labelled by its family, so evaluate's per-label token recall is per family."""
    return [d.with_spans(s.with_label(family(s)) for s in d.spans) for d in gold]


def misses(gold: list[Document], pred: dict[str, list[Span]]) -> list[dict]:
    """Gold spans with at least one scoring token that no prediction touches."""
    out = []
    for d in gold:
        covered = bytearray(len(d.text))
        for p in pred.get(d.id, ()):
            covered[p.start : p.end] = b"\x01" * (min(p.end, len(d.text)) - p.start)
        for s in d.spans:
            toks = [(a, b) for a, b in score_tokens(d.text[s.start : s.end])]
            lost = [1 not in covered[s.start + a : s.start + b] for a, b in toks]
            if any(lost):
                out.append({"doc": d.id, "start": s.start, "end": s.end, "label": s.label, "family": family(s),
                            "form": s.source.split("/", 1)[-1], "missed_tokens": sum(lost), "tokens": len(toks),
                            "text": d.text[s.start : s.end],
                            "context": d.text[max(0, s.start - 40) : s.end + 40]})
    return out


def false_positives(gold: list[Document], pred: dict[str, list[Span]]) -> list[dict]:
    """Predicted spans with at least one scoring token that is neither gold nor in a neutral region."""
    out = []
    for d in gold:
        excused = bytearray(len(d.text))
        for s in list(d.spans) + neutral_spans(d):
            excused[s.start : s.end] = b"\x01" * (s.end - s.start)
        for p in pred.get(d.id, ()):
            end = min(p.end, len(d.text))
            toks = [(p.start + a, p.start + b) for a, b in score_tokens(d.text[p.start : end])]
            wrong = sum(1 not in excused[a:b] for a, b in toks)
            if wrong:
                out.append({"doc": d.id, "start": p.start, "end": end, "label": p.label, "wrong_tokens": wrong,
                            "text": d.text[p.start : end], "context": d.text[max(0, p.start - 40) : end + 40]})
    return out


def neutral_hits(gold: list[Document], pred: dict[str, list[Span]]) -> tuple[int, int]:
    """(predicted tokens that the neutral regions excuse, tokens in neutral regions): what scoring leaves out."""
    hit = total = 0
    for d in gold:
        regions = neutral_spans(d)
        if not regions:
            continue
        mark = bytearray(len(d.text))
        for s in regions:
            mark[s.start : s.end] = b"\x01" * (s.end - s.start)
        found = bytearray(len(d.text))
        for p in pred.get(d.id, ()):
            found[p.start : p.end] = b"\x01" * (min(p.end, len(d.text)) - p.start)
        for a, b in score_tokens(d.text):
            if 1 in mark[a:b]:
                total += 1
                hit += 1 in found[a:b]
    return hit, total


def score_set(name: str, setting: str, gold: list[Document], pred: dict[str, list[Span]]) -> dict:
    report = evaluate(gold, pred).as_dict(by_label=True)
    fam = evaluate(by_family(gold), pred).as_dict(by_label=True)["by_label"]
    t = report["token"]
    hit, total = neutral_hits(gold, pred)
    print(f"\n[{setting}] {name}: {report['documents']} notes | token P {t['precision']:.4f} R {t['recall']:.4f} "
          f"(tp {t['tp']} fp {t['fp']} fn {t['fn']}) | strict F1 {report['entity_strict']['f1']:.4f} | "
          f"neutral tokens {total}, predicted {hit} (not counted)")
    print("  recall by family: " + ", ".join(
        f"{k} {v['token_recall']:.3f} ({v['gold_tokens']})" for k, v in sorted(fam.items()) if v["gold_tokens"]))
    rows = sorted(report["by_label"].items(), key=lambda kv: kv[1]["token_recall"])
    print("  recall by label:  " + ", ".join(
        f"{k} {v['token_recall']:.3f} ({v['gold_tokens']})" for k, v in rows if v["gold_tokens"]))
    return {"token": t, "family": fam, "label": report["by_label"]}


def print_misses(setting: str, found: list[dict], top: int) -> None:
    """Miss families ranked by missed tokens, with the forms behind them (no text printed)."""
    tokens = Counter()
    forms: dict[str, Counter] = defaultdict(Counter)
    for m in found:
        tokens[m["family"]] += m["missed_tokens"]
        forms[m["family"]][f"{m['label']}:{m['form']}"] += m["missed_tokens"]
    print(f"\n[{setting}] missed tokens by family (all sets):")
    for fam, n in tokens.most_common():
        print(f"  {fam} {n}: " + ", ".join(f"{f} {c}" for f, c in forms[fam].most_common(top)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "out" / "realprose", help="the sets' folder")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--settings", default=";".join(SETTINGS), help="default;rules,lexicon (separated by ';')")
    parser.add_argument("--reuse", action="store_true", help="score existing predictions instead of detecting")
    args = parser.parse_args(argv)
    settings = [s for s in SETTINGS if s in args.settings.split(";")]
    names = [n for n in args.sets.split(",") if n]
    results: dict[tuple[str, str], dict] = {}
    for setting in settings:
        pred_dir = args.dir / "pred" / setting.replace(",", "+")
        pred_dir.mkdir(parents=True, exist_ok=True)
        all_misses: list[dict] = []
        all_fps: list[dict] = []
        for name in names:
            src, out = args.dir / f"{name}.jsonl", pred_dir / f"{name}.jsonl"
            if not src.exists():
                raise SystemExit(f"{src}: missing; run bench/make_realprose.py first")
            if not (args.reuse and out.exists()):
                detect(src, out, SETTINGS[setting], pred_dir / "store.sqlite")
            gold = list(read_corpus(src))
            pred = {k: list(v) for k, v in read_spans(out).items()}
            results[(setting, name)] = score_set(name, setting, gold, pred)
            all_misses += [{**m, "set": name} for m in misses(gold, pred)]
            all_fps += [{**f, "set": name} for f in false_positives(gold, pred)]
        path = args.dir / f"misses-{setting.replace(',', '+')}.jsonl"
        with atomic_write(path) as fh:
            for m in sorted(all_misses, key=lambda m: (m["family"], m["form"], m["set"], m["doc"], m["start"])):
                fh.write(json.dumps(m, ensure_ascii=False) + "\n")
        fp_path = args.dir / f"fps-{setting.replace(',', '+')}.jsonl"
        with atomic_write(fp_path) as fh:
            for f in sorted(all_fps, key=lambda f: (f["label"], f["set"], f["doc"], f["start"])):
                fh.write(json.dumps(f, ensure_ascii=False) + "\n")
        print_misses(setting, [m for m in all_misses if not m["set"].endswith(("_upper", "_lower"))], 6)
        print(f"  misses written to {path}, false positives to {fp_path}")
    print_case_robustness(results)
    return 0


def print_case_robustness(results: dict[tuple[str, str], dict]) -> None:
    print("\ncase robustness (token recall, points: cased minus original):")
    for (setting, name), r in sorted(results.items()):
        for mode in ("upper", "lower"):
            other = results.get((setting, f"{name}_{mode}"))
            if other:
                base, cased = r["token"]["recall"] * 100, other["token"]["recall"] * 100
                print(f"  [{setting}] {name}: {base:.2f} -> {mode} {cased:.2f} ({cased - base:+.2f} points)")


if __name__ == "__main__":
    sys.exit(main())
