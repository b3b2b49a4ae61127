"""The English CRF tagger against and with the rule and lexicon detectors, and whether it generalises.

Usage:
    python bench/tagger_english.py [--split dev|test] [--model DIR] [--skip-heldout] [--skip-speed]
                                   [--speed-notes 600] [--out bench/out/tagger_english]

1. The synthetic English dev set (seed 1; bench/out/devset/dev.jsonl when present;
   ``--split test``: seed 2, bench/out/devset/test.jsonl, looked at only for the final figure):
   rules+lexicon alone, the CRF alone, and rules+lexicon+CRF (the pipeline with
   detectors ["rules", "lexicon", "model"]), with the bundled model (``en_crf``)
   or ``--model``.
2. Generalisation. The bundled model learns from the same generator that made the
   dev set, so the dev figure flatters it. Two harder checks:
   * note types held out: a CRF trained (same settings as ``make model``) only on
     notes of six note types, scored on the dev notes of the five other types;
   * presidio_synth: general-purpose English PII sentences from another generator
     (labels mapped with PRESIDIO_TO_I2B2, "OTHER" ignored).
3. Speed on MTSamples transcriptions (the first ``--speed-notes``) in characters per
   CPU-second of this process: the CRF detector with the rule and lexicon runs that
   feed its features, those runs alone, and the difference (the CRF itself); the
   three pipelines; randomly initialised BERT token classifiers of two sizes (speed
   only: weights do not change it).

Training data never uses seeds 1 or 2 (dev and test sets).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from phisift.detect.tagger.crf import CrfParams  # noqa: E402
from phisift.detect.tagger.load import bundled_model_dir, load_model_detector  # noqa: E402
from phisift.evaluate import evaluate  # noqa: E402
from phisift.formats import read_corpus  # noqa: E402
from phisift.pipeline import Pipeline, load_config  # noqa: E402
from phisift.synth import NOTE_TYPES, generate_notes  # noqa: E402
from phisift.taxonomy import PRESIDIO_TO_I2B2  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402

ROOT = Path(__file__).resolve().parent
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent.parent / "shared" / "data")
WEAK_LABELS = ("USERNAME", "LOCATION-OTHER", "HEALTHPLAN", "ORGANIZATION")

SEEN_TYPES = ("discharge_summary", "progress_note", "clinic_note", "radiology_report", "letter", "ed_note")
HELD_OUT_TYPES = tuple(t for t in NOTE_TYPES if t not in SEEN_TYPES)
CONFIGS = {
    "rules+lexicon": ["rules", "lexicon"],
    "CRF alone": ["model"],
    "rules+lexicon+CRF": ["rules", "lexicon", "model"],
}


def dev_notes(split: str = "dev") -> list:
    path = ROOT / "out" / "devset" / f"{split}.jsonl"
    return list(read_corpus(path)) if path.exists() else generate_notes(300, seed={"dev": 1, "test": 2}[split])


def mtsamples_texts(n: int) -> list[str]:
    csv.field_size_limit(1 << 30)
    with open(SHARED / "mtsamples" / "mtsamples.csv", newline="", encoding="utf-8") as fh:
        return [row["transcription"] for row in csv.DictReader(fh) if row["transcription"]][:n]


def pipeline(detectors: list[str], model_dir: Path | None) -> Pipeline:
    cfg = load_config(None, {"detect": {"detectors": detectors}, "replace": {"mode": "tag"}})
    return Pipeline.from_config(cfg, model_dir=model_dir if "model" in detectors else None)


def score(pipe: Pipeline, docs: list, label_map=None, ignore=()) -> dict:
    pred = {d.id: pipe.detect(d.text) for d in docs}
    return evaluate(docs, pred, label_map, ignore_labels=ignore).as_dict(by_label=True)


def row(name: str, r: dict) -> str:
    t, s = r["token"], r["entity_strict"]
    return (f"  {name:20s} token P {t['precision']:.4f} R {t['recall']:.4f} F1 {t['f1']:.4f} | "
            f"strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} | "
            f"overlap R {r['entity_overlap_recall']:.4f} | HIPAA token R {r['hipaa']['token']['recall']:.4f}")


def compare(title: str, docs: list, model_dir: Path, out: list[str], results: dict, label_map=None, ignore=()) -> None:
    out.append(f"{title} ({len(docs)} documents)")
    print(out[-1], flush=True)
    results[title] = {}
    for name, dets in CONFIGS.items():
        r = score(pipeline(dets, model_dir), docs, label_map, ignore)
        results[title][name] = {k: r[k] for k in ("token", "entity_strict", "entity_overlap_recall")}
        results[title][name]["by_label_token_recall"] = {k: v["token_recall"] for k, v in r["by_label"].items()}
        out.append(row(name, r))
        weak = [f"{k} tokR {r['by_label'][k]['token_recall']:.3f} strictF1 {r['by_label'][k]['entity_strict']['f1']:.3f}"
                f" ({r['by_label'][k]['gold_tokens']} tok)" for k in WEAK_LABELS if k in r["by_label"]]
        if weak:
            out.append("      weak labels: " + "; ".join(weak))
        results[title][name]["weak_labels"] = {k: r["by_label"][k] for k in WEAK_LABELS if k in r["by_label"]}
        print("\n".join(out[-2 if weak else -1:]), flush=True)


def heldout_model(out_dir: Path, per_type: int) -> Path:
    """A CRF trained on the seen note types only (seeds >= 3), cached in ``out_dir``."""
    model = out_dir / "crf_seen_types"
    if (model / "phisift_model.json").exists():
        return model
    train, select = [], []
    for i, style in enumerate(SEEN_TYPES):
        train += generate_notes(per_type, seed=100 + i, style=style)
        select += generate_notes(max(per_type // 5, 4), seed=200 + i, style=style)
    print(f"training the held-out-types CRF on {len(train)} notes of {', '.join(SEEN_TYPES)}", flush=True)
    train_model(train, model, dev_docs=select, crf=CrfParams(min_freq=2), grid=[(0.1, 0.01), (0.05, 0.01)],
                jobs=2, overwrite=True, log=lambda m: print("  " + m, flush=True))
    return model


def crf_speed(model_dir: Path, texts: list[str]) -> list[str]:
    """chars per CPU-s of the CRF detector with and without the rule/lexicon runs that feed its features.

    The feature detectors are timed on their own in the same run; the CRF's own share
    (pieces, features, crfsuite) is the difference of the two CPU times.
    """
    crf = load_model_detector(model_dir)
    chars = sum(map(len, texts))
    c0 = time.process_time()
    for t in texts:
        crf.detect(t)
    with_feats = time.process_time() - c0
    c0 = time.process_time()
    for t in texts:
        crf._featurizer.hits(t)
    feeders = time.process_time() - c0
    return [
        f"speed on MTSamples ({len(texts)} notes, {chars / 1e6:.2f} M chars), one process, chars per CPU-second:",
        f"  CRF detector incl. its rules+lexicon feature runs: {chars / with_feats:,.0f} ({with_feats:.1f} CPU-s)",
        f"  the rules+lexicon feature runs alone: {chars / feeders:,.0f} ({feeders:.1f} CPU-s)",
        f"  CRF excl. those runs (difference): {chars / max(with_feats - feeders, 1e-9):,.0f}",
    ]


def cpu_rate(fn, texts: list[str]) -> float:
    chars = sum(map(len, texts))
    c0 = time.process_time()
    for t in texts:
        fn(t)
    return chars / (time.process_time() - c0)


def transformer_speed(texts: list[str], tmp: Path) -> list[str]:
    """chars/s of random BERT token classifiers (speed does not depend on the weights)."""
    try:
        import torch
        from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors, trainers
        from transformers import BertConfig, BertForTokenClassification, PreTrainedTokenizerFast
    except ImportError:
        return ["  transformer speed skipped: torch/transformers not installed"]
    from phisift.detect.tagger.transformer import TransformerDetector

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok.train_from_iterator(texts, trainers.WordPieceTrainer(vocab_size=8000, special_tokens=specials, show_progress=False))
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", tok.token_to_id("[CLS]")), ("[SEP]", tok.token_to_id("[SEP]"))]
    )
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]",
                                   sep_token="[SEP]", mask_token="[MASK]", model_max_length=512)
    labels = ["O"] + [f"{p}-{x}" for x in ("PATIENT", "DATE") for p in "BI"]
    lines = [f"  torch threads: {torch.get_num_threads()}"]
    for name, layers, hidden in (("BERT-mini (4 layers, 256)", 4, 256), ("BERT-base size (12 layers, 768)", 12, 768)):
        folder = tmp / f"bert-{layers}-{hidden}"
        torch.manual_seed(0)
        cfg = BertConfig(vocab_size=len(fast), hidden_size=hidden, num_hidden_layers=layers,
                         num_attention_heads=max(hidden // 64, 1), intermediate_size=hidden * 4,
                         num_labels=len(labels), id2label=dict(enumerate(labels)),
                         label2id={x: i for i, x in enumerate(labels)})
        BertForTokenClassification(cfg).save_pretrained(str(folder))
        fast.save_pretrained(str(folder))
        det = TransformerDetector(folder)
        sample = texts[: 20 if layers > 4 else 60]
        chars = sum(map(len, sample))
        w0, c0 = time.perf_counter(), time.process_time()
        for t in sample:
            det.detect(t)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        lines.append(f"  {name}: {chars / wall:,.0f} chars/s wall ({chars / cpu:,.0f} per CPU-s over all threads), "
                     f"{len(sample)} notes")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", type=Path, default=None, help="CRF model folder (default: the bundled en_crf)")
    ap.add_argument("--per-type", type=int, default=60, help="training notes per seen note type (held-out check)")
    ap.add_argument("--skip-heldout", action="store_true")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--split", default="dev", choices=["dev", "test"])
    ap.add_argument("--skip-presidio", action="store_true")
    ap.add_argument("--speed-notes", type=int, default=600, help="MTSamples notes timed (transformers: a tenth)")
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "tagger_english")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    model_dir = args.model or bundled_model_dir("en_crf")
    config = json.loads((model_dir / "phisift_model.json").read_text())
    lines: list[str] = [
        f"model: {model_dir} (trained on {config['training_corpus']['documents']} notes, "
        f"c1={config['crf']['c1']} c2={config['crf']['c2']}, "
        f"{(model_dir / config['model_file']).stat().st_size / 1e6:.1f} MB)"
    ]
    print(lines[-1])
    results: dict = {}
    dev = dev_notes(args.split)
    compare(f"synthetic English {args.split} set (seed {1 if args.split == 'dev' else 2})", dev, model_dir, lines, results)

    presidio = list(read_corpus(SHARED / "presidio_synth" / "generated_large.jsonl"))
    if not args.skip_presidio:
        compare("presidio_synth (other generator, general PII)", presidio, model_dir, lines, results,
                PRESIDIO_TO_I2B2, ("OTHER",))

    if not args.skip_heldout:
        held = heldout_model(args.out, args.per_type)
        lines.append(f"held-out note types: CRF trained on {', '.join(SEEN_TYPES)} only")
        print(lines[-1])
        unseen = [d for d in dev if d.meta.get("note_type") in HELD_OUT_TYPES]
        seen = [d for d in dev if d.meta.get("note_type") in SEEN_TYPES]
        compare(f"dev notes of the held-out types {', '.join(HELD_OUT_TYPES)}", unseen, held, lines, results)
        compare("dev notes of the seen types (same model)", seen, held, lines, results)
        if not args.skip_presidio:
            compare("presidio_synth with the held-out-types model", presidio, held, lines, results,
                    PRESIDIO_TO_I2B2, ("OTHER",))

    if not args.skip_speed:
        texts = mtsamples_texts(args.speed_notes)
        lines += crf_speed(model_dir, texts)
        for name, dets in CONFIGS.items():
            pipe = pipeline(dets, model_dir)
            lines.append(f"  pipeline {name}: {cpu_rate(pipe.detect, texts):,.0f} chars per CPU-s")
        print("\n".join(lines[-7:]), flush=True)
        sample = texts[: max(len(texts) // 10, 5)]
        lines.append(f"transformer token classifiers, random weights (speed only), first {len(sample)} of those notes:")
        lines += transformer_speed(sample, args.out / "speed_models")
        print("\n".join(lines[-3:]), flush=True)
    lines.append(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    (args.out / "report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (args.out / "report.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    print(lines[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
