"""MEDDOCAN: K passive-aggressive CRFs and their majority vote (measurement only).

Usage:
    python bench/meddocan_pa_vote.py K OUT_DIR

crfsuite's PA shuffles the training data each epoch with an unseeded rand(), so K runs
in one process are K different models (and the k-th run of a fresh process is always the
same one). Each is scored on dev alone, then the K Viterbi labellings are voted per piece
(ties go to O) and decoded. Features: ``phisift train``'s defaults; PA type 2, c 1.0,
50 epochs; dev tagged in windows without overlap, with document consistency.
"""
import resource
import sys
from collections import Counter
from pathlib import Path
from phisift.detect.tagger.crf import CrfParams, open_tagger, train_crf
from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer
from phisift.detect.tagger.pieces import decode_bio
from phisift.detect.tagger.stack import other_mentions
from phisift.detect.tagger.train import _jackknife_gazetteers, crf_sequences
from phisift.evaluate import evaluate
from phisift.formats import read_corpus
K = int(sys.argv[1]); out = Path(sys.argv[2]); out.mkdir(parents=True, exist_ok=True)
D = Path(__file__).resolve().parent.parent.parent / 'shared' / 'data' / 'meddocan'
train = list(read_corpus(D / 'train')); dev = list(read_corpus(D / 'dev'))
s = FeatureSettings(gazetteer=True, window=3, cue_words=True)
gaz = Gazetteer.build(train).digested(); jk = _jackknife_gazetteers(train, 5)
feat = Featurizer(s, gaz)
xs, ys = crf_sequences(train, feat, jk)
dv = [feat.featurize(d.text, overlap=0) for d in dev]
paths = []
for k in range(K):
    p = out / f'pa-{k}.crfsuite'
    train_crf(xs, ys, CrfParams(algorithm='pa', c=1.0, pa_type=2, max_iterations=50), p)
    paths.append(p)
taggers = [open_tagger(p) for p in paths]
def run(tags):
    pred = {}
    for d, (pieces, f, ws) in zip(dev, dv):
        labels = ['O'] * len(pieces)
        for w in ws:
            outs = [t.tag(f[w.lo:w.hi]) for t in tags]
            for i in range(w.hi - w.lo):
                c = Counter(o[i] for o in outs)
                labels[w.lo + i] = max(c.items(), key=lambda kv: (kv[1], kv[0] == 'O'))[0] if len(tags) > 1 else outs[0][i]
        pred[d.id] = other_mentions(d.text, decode_bio(pieces, labels))
    e = evaluate(dev, pred).as_dict()
    return e['entity_strict'], e['token']
for k in range(K):
    e, t = run([taggers[k]])
    print(f'PA run {k}: P {e["precision"]:.4f} R {e["recall"]:.4f} F1 {e["f1"]:.4f} token F1 {t["f1"]:.4f}', flush=True)
e, t = run(taggers)
print(f'vote of {K}: P {e["precision"]:.4f} R {e["recall"]:.4f} F1 {e["f1"]:.4f} (tp {e["tp"]} fp {e["fp"]} fn {e["fn"]}) token F1 {t["f1"]:.4f}')
r = resource.getrusage(resource.RUSAGE_SELF); print(f'CPU {(r.ru_utime + r.ru_stime) / 60:.1f} min, peak {r.ru_maxrss / 1024:.0f} MB')
