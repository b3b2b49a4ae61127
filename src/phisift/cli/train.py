"""``phisift train``: train a PHI tagger (CRF or transformer) on an annotated corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import UsageError
from .console import RichReporter, say
from .options import FORMAT_HELP, IdField, InFormat, TextField

app = typer.Typer()


EPILOG = (
    "Examples:\n\n"
    "  phisift train train.jsonl -o models/crf --dev dev.jsonl\n\n"
    "  phisift train train.jsonl -o models/crf-aug --augment filtered-bert --mlm mlm/ --augment-vectors vec.bin\n\n"
    "  phisift train meddocan/train -o models/meddocan --dev meddocan/dev --label-map meddocan\n\n"
    "  phisift train notes.jsonl -o models/bert --kind transformer --base ~/models/clinical-bert --dev dev.jsonl\n\n"
    "  phisift detect new-notes/ -o spans.jsonl --model models/crf"
)


# Options, declared here so that the command reads as one page.
DevOpt = Annotated[Optional[Path], typer.Option(
    "--dev", help="Annotated dev corpus: selects c1/c2 (CRF; --refit then trains the chosen setting on "
    "train + dev) or the epoch (transformer).")]
AlgorithmOpt = Annotated[str, typer.Option(
    "--algorithm", help="CRF training algorithm (crfsuite's): lbfgs (L1/L2, grid over --c1/--c2), pa (passive-"
    "aggressive, grid over its c), l2sgd, ap or arow.")]
GazetteerOpt = Annotated[bool, typer.Option(
    "--gazetteer/--no-gazetteer", help="CRF: gazetteer features of the training values (stored as keyed digests in the model).")]
WordClustersOpt = Annotated[bool, typer.Option(
    "--word-clusters/--no-word-clusters", help="CRF: word-cluster features built from the training text (fastText + k-means; stored as"
    " keyed digests; needs gensim and scikit-learn, skipped without them; --vectors "
    "replaces them).")]
TagSchemeOpt = Annotated[str, typer.Option(
    "--tag-scheme", help="CRF: training labels, bio or bilou (a span's last piece and one-piece spans labelled "
    "as such).")]
CueWordsOpt = Annotated[bool, typer.Option(
    "--cue-words/--no-cue-words", help="CRF: cue-class features (street, place, relative, month, ... words; English and "
    "Spanish).")]
FeatureDetectorsOpt = Annotated[str, typer.Option(
    "--feature-detectors", help="CRF: detectors whose hits are features ('' for none).")]
LabelMapOpt = Annotated[Optional[str], typer.Option(
    "--label-map", help="Map the model's labels on output: JSON/TSV file or meddocan, presidio.")]
JobsOpt = Annotated[Optional[int], typer.Option(
    "--jobs", help="CRF: grid settings trained in parallel (default: 2, or 1 on a one-core machine).")]
CandidateContextOpt = Annotated[Optional[int], typer.Option(
    "--candidate-context", help="CRF: tag only candidate regions with this many words of context (faster; default: "
    "whole notes).")]
ConsistencyOpt = Annotated[bool, typer.Option(
    "--consistency/--no-consistency", help="CRF: tag a string the model found at its other mentions in the note.")]
RefitOpt = Annotated[bool, typer.Option(
    "--refit/--no-refit", help="CRF with --dev: after choosing c1/c2 on dev, train that setting again on train + dev "
    "and save it (the shared tasks' practice; no measurable gain on MEDDOCAN, see "
    "docs/tagger.md). The dev figures printed and stored are then those of the model "
    "trained on train alone, measured before the refit: dev cannot score the saved model. "
    "Default --no-refit: the saved model is the one dev scored.")]
EnsembleOpt = Annotated[Optional[str], typer.Option(
    "--ensemble", help="CRF: also train these members with the kept setting and tag with the average of all the "
    "models' marginals (comma-separated: wide, clusters, bilou, neural; 'none' for a single model; default: wide, "
    "or none with --refit). MEDDOCAN dev strict F1: 0.9683 -> 0.9687 with wide, one more CRF to train and "
    "run (docs/tagger.md). neural: a BiLSTM over the model's own features (needs torch), its epoch chosen "
    "on --dev.")]
AugmentOpt = Annotated[Optional[str], typer.Option(
    "--augment", help="First augment the training corpus: filtered-bert (adds rewritten copies, see phisift "
    "augment) or neighbours (pseudonymises its PHI by embedding neighbours).")]
AugmentVectorsOpt = Annotated[Optional[Path], typer.Option(
    "--augment-vectors", help="--augment: word vectors file (default: --vectors).")]
AugmentWordsOpt = Annotated[int, typer.Option(
    "--augment-words", help="--augment filtered-bert: words replaced per 250-word instance.")]
AugmentMinSimOpt = Annotated[float, typer.Option(
    "--augment-min-sim", help="--augment filtered-bert: cosine filter threshold.")]
AugmentCopiesOpt = Annotated[int, typer.Option(
    "--augment-copies", help="--augment filtered-bert: copies per document.")]
AugmentNOpt = Annotated[int, typer.Option(
    "--augment-n", help="--augment neighbours: N nearest neighbours to draw from.")]
OverwriteOpt = Annotated[bool, typer.Option(
    "--overwrite", help="Replace an existing output folder (a model or anything else) as a whole.")]
MaxIterationsOpt = Annotated[Optional[int], typer.Option(
    "--max-iterations", help="CRF training iterations (default: 200 for lbfgs, 50 epochs for pa).")]


@app.command(name="train", epilog=EPILOG)
def train_command(
    corpus: Path = typer.Argument(..., help="Annotated training corpus (any format with spans)."),
    output: Path = typer.Option(..., "-o", "--output", help="Model folder to write."),
    dev: DevOpt = None,
    kind: str = typer.Option("crf", "--kind", help="crf (default) or transformer."),
    seed: int = typer.Option(0, "--seed", help="Random seed (transformer shuffling and init; word clusters)."),
    c1: Optional[float] = typer.Option(None, "--c1", help="CRF L1 penalty (fixes it: no grid on this value)."),
    c2: Optional[float] = typer.Option(None, "--c2", help="CRF L2 penalty (fixes it: no grid on this value)."),
    max_iterations: MaxIterationsOpt = None,
    algorithm: AlgorithmOpt = "lbfgs",
    min_freq: int = typer.Option(1, "--min-freq", help="CRF: drop features seen fewer times (smaller model)."),
    gazetteer: GazetteerOpt = True,
    vectors: Optional[Path] = typer.Option(None, "--vectors", help="CRF: word vectors file for word-cluster features."),
    word_clusters: WordClustersOpt = False,
    window: int = typer.Option(3, "--window", help="CRF: context window in pieces either side."),
    tag_scheme: TagSchemeOpt = "bio",
    cue_words: CueWordsOpt = True,
    feature_detectors: FeatureDetectorsOpt = "rules,lexicon",
    label_map: LabelMapOpt = None,
    base: Optional[Path] = typer.Option(None, "--base", help="Transformer: local Hugging Face encoder folder to fine-tune."),
    epochs: int = typer.Option(5, "--epochs", help="Transformer epochs."),
    lr: float = typer.Option(3e-5, "--lr", help="Transformer learning rate."),
    batch_size: int = typer.Option(8, "--batch-size", help="Transformer batch size (windows of up to 250 words)."),
    jobs: JobsOpt = None,
    candidate_context: CandidateContextOpt = None,
    consistency: ConsistencyOpt = True,
    refit: RefitOpt = False,
    ensemble: EnsembleOpt = None,
    augment: AugmentOpt = None,
    mlm: Optional[Path] = typer.Option(None, "--mlm", help="--augment filtered-bert: masked LM folder (phisift lm mlm)."),
    augment_vectors: AugmentVectorsOpt = None,
    augment_words: AugmentWordsOpt = 5,
    augment_min_sim: AugmentMinSimOpt = 0.0,
    augment_copies: AugmentCopiesOpt = 1,
    augment_n: AugmentNOpt = 100,
    overwrite: OverwriteOpt = False,
    in_format: InFormat = None,
    dev_format: Optional[str] = typer.Option(None, "--dev-format", help=FORMAT_HELP),
    text_field: TextField = None,
    id_field: IdField = None,
) -> None:
    """Train a PHI tagger on annotated notes and write a model folder for --model."""
    from ..fileio import ensure_outside
    from ..formats import read_corpus, reader_options
    from ..taxonomy import load_label_map
    from ..detect.tagger.train import check_output, train_model

    jobs = _default_jobs() if jobs is None else jobs
    iterations = 1 if max_iterations is None else max_iterations  # None: the algorithm's default
    _check_train_options(kind, jobs, window, iterations, min_freq, epochs, batch_size, augment, base)
    if tag_scheme not in ("bilou", "bio"):
        raise UsageError(f"unknown --tag-scheme '{tag_scheme}'; choose bilou or bio")
    if candidate_context is not None and not 0 <= candidate_context <= 20:
        raise UsageError("--candidate-context must be between 0 and 20")
    crf_params = _crf_params(c1, c2, max_iterations, min_freq, algorithm) if kind == "crf" else None
    ensure_outside(output, [corpus] + ([dev] if dev else []))
    check_output(output, overwrite)  # before the corpus is read (and augmented)
    opts = reader_options(text_field, id_field)
    mapping = load_label_map(label_map) if label_map else None
    train_docs = list(read_corpus(corpus, in_format, **opts))
    dev_docs = list(read_corpus(dev, dev_format, **opts)) if dev else None
    if augment:
        train_docs = _augmented(train_docs, augment, augment_vectors or vectors, mlm, seed,
                                augment_words, augment_min_sim, augment_copies, augment_n)
    say(f"training a {kind} tagger on {len(train_docs)} documents" + (f", dev {len(dev_docs)}" if dev_docs else ""))
    result = train_model(
        train_docs, output, kind=kind, dev_docs=dev_docs, seed=seed,
        crf=crf_params,
        grid=_crf_grid(c1, c2, algorithm) if kind == "crf" and dev_docs else None,
        features=_feature_settings(feature_detectors, gazetteer, window, cue_words, word_clusters), label_map=mapping, vectors=vectors,
        base=base, transformer=_transformer_params(lr, epochs, batch_size, seed) if kind == "transformer" else None,
        jobs=jobs, overwrite=overwrite, log=say, candidate_context=candidate_context, consistency=consistency,
        tag_scheme=tag_scheme, refit=refit and kind == "crf" and dev_docs is not None,
        ensemble=_ensemble_members(ensemble, refit) if kind == "crf" else (),
    )
    if result.dev:
        s, t = result.dev["entity_strict"], result.dev["token"]
        say(f"kept: dev strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f}; "
            f"token P {t['precision']:.4f} R {t['recall']:.4f} F1 {t['f1']:.4f}"
            + (" (trained on train alone, before the refit on train + dev)" if result.config.get("refit") else ""))
    say(f"wrote {result.model_dir} in {result.seconds:.1f} s")


def _ensemble_members(text: str | None, refit: bool) -> tuple[str, ...]:
    """``--ensemble`` as member names ('none': no ensemble); unset: ``DEFAULT_MEMBERS``, or none with --refit."""
    from ..detect.tagger.ensemble import DEFAULT_MEMBERS

    if text is None:
        return () if refit else DEFAULT_MEMBERS
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    return () if names in ((), ("none",)) else names


def _default_jobs() -> int:
    """Two grid settings at a time (the default grid has two), one on a one-core machine."""
    import os

    return max(1, min(2, os.cpu_count() or 1))


def _check_train_options(kind: str, jobs: int, window: int, max_iterations: int, min_freq: int, epochs: int,
                         batch_size: int, augment: Optional[str], base: Optional[Path]) -> None:
    """Refuse settings that cannot train before any corpus is read."""
    from ..detect.tagger.train import KINDS

    if kind not in KINDS:
        raise UsageError(f"unknown --kind '{kind}'; choose crf or transformer")
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not 0 <= window <= 5:
        raise UsageError("--window must be between 0 and 5")
    if max_iterations < 1 or min_freq < 1 or epochs < 1 or batch_size < 1:
        raise UsageError("--max-iterations, --min-freq, --epochs and --batch-size must be at least 1")
    if augment is not None and augment not in ("filtered-bert", "neighbours"):
        raise UsageError(f"unknown --augment '{augment}'; choose filtered-bert or neighbours")
    if kind == "transformer" and base is None:
        raise UsageError("--kind transformer needs --base PATH (a local Hugging Face encoder folder)")


def _augmented(docs: list, method: str, vectors: Optional[Path], mlm: Optional[Path], seed: int,
               words: int, min_sim: float, copies: int, n: int) -> list:
    """The training corpus after ``--augment``: with rewritten copies, or pseudonymised."""
    from ..augment import FilteredSettings, NeighbourSettings, augment_corpus

    with RichReporter() as reporter:
        return augment_corpus(
            docs, method, vectors=vectors, mlm=mlm,
            filtered=FilteredSettings(words=words, min_sim=min_sim, copies=copies, seed=seed),
            neighbours=NeighbourSettings(n=n, seed=seed), reporter=reporter,
        )


def _feature_settings(feature_detectors: str, gazetteer: bool, window: int, cue_words: bool = True,
                      word_clusters: bool = False):
    """The CRF's feature settings; ``--feature-detectors`` names rules and/or lexicon, or nothing."""
    from ..detect.tagger.features import FeatureSettings

    dets = tuple(d.strip() for d in feature_detectors.split(",") if d.strip())
    bad = [d for d in dets if d not in ("rules", "lexicon")]
    if bad:
        raise UsageError(f"unknown feature detector(s) {', '.join(bad)}; choose rules, lexicon")
    return FeatureSettings(detectors=dets, gazetteer=gazetteer, window=window, cue_words=cue_words,
                           corpus_clusters=word_clusters)


def _crf_params(c1: Optional[float], c2: Optional[float], max_iterations: Optional[int], min_freq: int,
                algorithm: str = "lbfgs"):
    from ..detect.tagger.crf import ALGORITHMS, CrfParams
    from ..detect.tagger.train import default_params

    if algorithm not in ALGORITHMS:
        raise UsageError(f"unknown --algorithm '{algorithm}'; choose {', '.join(ALGORITHMS)}")
    used = {"lbfgs": ("c1", "c2"), "l2sgd": ("c2",)}.get(algorithm, ())
    if (c1 is not None and "c1" not in used) or (c2 is not None and "c2" not in used):
        raise UsageError(f"--c1/--c2 are L-BFGS penalties (l2sgd: --c2); --algorithm {algorithm} does not use them")
    changes = {"min_freq": min_freq, "c1": c1 if c1 is not None else CrfParams.c1,
               "c2": c2 if c2 is not None else CrfParams.c2}
    if max_iterations is not None:
        changes["max_iterations"] = max_iterations
    return default_params(algorithm, **changes)


def _crf_grid(c1: Optional[float], c2: Optional[float], algorithm: str = "lbfgs") -> Optional[list]:
    """The settings tried on the dev corpus: for L-BFGS the default (c1, c2) grid, its values for the one not
    fixed, or none; for the other algorithms their default grid (PA: its c) unless --c2 fixes l2sgd's."""
    from ..detect.tagger.train import DEFAULT_GRID, DEFAULT_GRIDS

    if algorithm != "lbfgs":
        return None if c2 is not None else list(DEFAULT_GRIDS[algorithm])
    if c1 is None and c2 is None:
        return DEFAULT_GRID
    if c1 is None or c2 is None:
        return sorted({(c1 if c1 is not None else a, c2 if c2 is not None else b) for a, b in DEFAULT_GRID})
    return None


def _transformer_params(lr: float, epochs: int, batch_size: int, seed: int):
    from ..detect.tagger.transformer import TransformerParams

    return TransformerParams(learning_rate=lr, epochs=epochs, batch_size=batch_size, seed=seed)
