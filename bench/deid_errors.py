"""Misses and false alarms of the default pipeline on the synthetic dev set, with context.

Usage: python bench/deid_errors.py [LABEL|FP]. The notes are synthetic, so printing them is safe.
"""
import sys, collections, random
from phisift.formats import read_corpus
from phisift.pipeline import Pipeline, load_config
from phisift.evaluate import SCORE_TOKEN
docs = list(read_corpus('bench/out/devset/dev.jsonl'))
pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
want = sys.argv[1] if len(sys.argv) > 1 else None
miss = collections.defaultdict(list); fps = []
for d in docs:
    pred = pipe.detect(d.text)
    pm = bytearray(len(d.text))
    for s in pred: pm[s.start:s.end] = b'\x01'*(s.end-s.start)
    gm = bytearray(len(d.text))
    for s in d.spans: gm[s.start:s.end] = b'\x01'*(s.end-s.start)
    for s in d.spans:
        if any(1 not in pm[m.start():m.end()] for m in SCORE_TOKEN.finditer(d.text, s.start, s.end) if m.end()<=s.end):
            ctx = d.text[max(0,s.start-40):s.end+25].replace('\n','⏎')
            miss[s.label].append(f"[{d.text[s.start:s.end]}]  ::  {ctx}")
    for s in pred:
        if 1 not in gm[s.start:s.end]:
            fps.append(f"{s.label}/{s.source}/{s.score:.2f} [{d.text[s.start:s.end]}] :: {d.text[max(0,s.start-30):s.end+20]!r}")
random.seed(0)
for lab, items in sorted(miss.items(), key=lambda kv: -len(kv[1])):
    if want and lab != want and want != 'FP': continue
    print(f"== {lab} {len(items)}")
    for x in random.sample(items, min(len(items), 12 if want else 5)): print("   ", x)
if want == 'FP' or not want:
    print("== FP", len(fps))
    for x in random.sample(fps, min(len(fps), 30)): print("   ", x)
