"""Language models: masked LM and fastText training, saving, loading, determinism, errors.

Everything runs on a small corpus generated here, with models so small that a
training run takes a second or two on one CPU thread. The network is blocked by
conftest.py, so these tests also prove that training and loading stay offline.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("gensim")

from phisift.document import Document, Span  # noqa: E402
from phisift.errors import InputError, UsageError  # noqa: E402
from phisift.lm import (  # noqa: E402
    MlmSettings,
    VectorSettings,
    load_mlm,
    load_vectors,
    neighbours,
    top_predictions,
    train_mlm,
    train_vectors,
)
from phisift.lm.masking import Batch, Chunks, collate, encode_chunks, mask_whole_words  # noqa: E402
from phisift.lm.wordpiece import train_wordpiece  # noqa: E402

SUBJECTS = ["patient", "the patient", "she", "he", "the woman", "the man"]
VERBS = ["reports", "denies", "complains of", "was treated for", "has a history of", "presents with"]
FINDINGS = [
    "chest pain", "knee pain", "hypertension", "diabetes mellitus", "a fracture of the left wrist",
    "shortness of breath", "abdominal pain", "hyperlipidemia", "osteoarthritis of the knee", "headache",
]
PLANS = [
    "Start metformin 500 mg twice daily.", "Continue lisinopril.", "Follow up in two weeks.",
    "Ice and elevation were advised.", "Physical therapy was ordered.", "An x-ray of the knee was obtained.",
]


def make_docs(n: int = 60, seed: int = 7, name: str | None = None) -> list[Document]:
    """Short notes from templates; with ``name``, each note names the patient (annotated as PATIENT)."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        parts, spans = [], []
        text = ""
        if name:
            text = f"Patient {name} was seen today. "
            spans.append(Span(8, 8 + len(name), "PATIENT"))
        for _ in range(rng.randint(4, 7)):
            parts.append(f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(VERBS)} {rng.choice(FINDINGS)}. "
                         f"{rng.choice(PLANS)}")
        text += " ".join(parts)
        docs.append(Document(f"note-{i:03d}", text, tuple(spans)))
    return docs


TINY = dict(size="tiny", epochs=2, max_length=32, batch_size=8, vocab_size=300, threads=1, deid_first=False)


def state(model) -> dict:
    return {k: v.clone() for k, v in model.state_dict().items()}


def same_state(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    out = tmp_path_factory.mktemp("mlm") / "model"
    return train_mlm(make_docs(), out, MlmSettings(seed=3, **TINY))


# --------------------------------------------------------------------------- masked LM
def test_mlm_folder_is_a_standard_hugging_face_model(trained):
    folder = trained.path
    for name in ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json", "phisift_lm.json"):
        assert (folder / name).is_file(), name
    assert not list(folder.parent.glob(".*.part")), "no staging folder left behind"
    report = json.loads((folder / "phisift_lm.json").read_text())
    assert report["settings"]["seed"] == 3 and report["settings"]["max_length"] == 32
    assert report["training"]["steps"] == report["training"]["planned_steps"] > 0
    held = report["holdout"]
    assert report["corpus"]["holdout_documents"] > 0 and held["masked_tokens"] > 0
    assert 0.0 <= held["top1"] <= held["top5"] <= 1.0 and held["loss"] > 0
    config = json.loads((folder / "config.json").read_text())
    assert config["num_hidden_layers"] == 2 and config["hidden_size"] == 128


def test_mlm_folder_loads_with_plain_transformers(trained):
    """Issue 18.6: the saved folder is an ordinary Hugging Face model: Auto classes, no network, no phisift."""
    from transformers import AutoModelForMaskedLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(trained.path), local_files_only=True)
    model = AutoModelForMaskedLM.from_pretrained(str(trained.path), local_files_only=True).eval()
    text = f"The patient has a history of {tokenizer.mask_token} pain."
    enc = tokenizer(text, return_tensors="pt")
    assert enc["input_ids"].tolist() == trained.tokenizer(text, return_tensors="pt")["input_ids"].tolist()
    with torch.no_grad():
        assert torch.equal(model(**enc).logits, trained.model.eval()(**enc).logits)


def test_holdout_reports_content_word_accuracy(trained):
    """Issue 18.6: top-5 on masked content words (not stop words) beside the overall figure."""
    held = json.loads((trained.path / "phisift_lm.json").read_text())["holdout"]
    assert 0 < held["content_tokens"] < held["masked_tokens"]
    assert 0.0 <= held["content_top1"] <= held["content_top5"] <= 1.0
    from phisift.lm import evaluate_mlm

    tokenizer, model = load_mlm(trained.path)
    texts = ["the the the of and the", "the knee pain and the chest pain"]
    got = evaluate_mlm(tokenizer, model, texts, max_length=32, seed=1)
    assert got["content_tokens"] <= got["masked_tokens"]


def test_mlm_reload_gives_identical_predictions(trained):
    tokenizer, model = load_mlm(trained.path)
    assert not model.training
    text = "The patient has a history of [MASK] and [MASK] pain."
    enc = tokenizer(text, return_tensors="pt")
    assert enc["input_ids"].tolist() == trained.tokenizer(text, return_tensors="pt")["input_ids"].tolist()
    with torch.no_grad():
        a = trained.model(**enc).logits
        b = model(**enc).logits
    assert torch.equal(a, b)
    assert top_predictions(tokenizer, model, text, 5) == top_predictions(trained.tokenizer, trained.model, text, 5)
    assert len(top_predictions(tokenizer, model, text, 3)) == 2


def test_mlm_same_seed_same_weights_other_seed_other_weights(trained, tmp_path):
    again = train_mlm(make_docs(), tmp_path / "again", MlmSettings(seed=3, **TINY))
    assert same_state(state(trained.model), state(again.model))
    assert (trained.path / "tokenizer.json").read_bytes() == (tmp_path / "again" / "tokenizer.json").read_bytes()
    other = train_mlm(make_docs(), tmp_path / "other", MlmSettings(seed=4, **TINY))
    assert not same_state(state(trained.model), state(other.model))


def test_mlm_learns_something(trained):
    # Far better than chance (1/300) on the templated text after two short epochs.
    assert trained.report["holdout"]["top5"] > 0.2


def test_mlm_time_budget_stops_cleanly_and_saves(tmp_path):
    settings = MlmSettings(seed=1, **{**TINY, "epochs": 500}, max_minutes=0.02)
    result = train_mlm(make_docs(), tmp_path / "timed", settings)
    training = result.report["training"]
    assert training["time_limited"] and training["steps"] < training["planned_steps"]
    tokenizer, model = load_mlm(tmp_path / "timed")
    assert top_predictions(tokenizer, model, "knee [MASK]", 1)


def test_mlm_cpu_time_budget_stops_training(tmp_path):
    """Issue 18.6: a budget in CPU seconds of the process (fair on a shared machine), reported beside wall time."""
    settings = MlmSettings(seed=1, **{**TINY, "epochs": 500}, max_cpu_minutes=0.02)
    result = train_mlm(make_docs(), tmp_path / "cpu", settings)
    training = result.report["training"]
    assert training["time_limited"] and training["steps"] < training["planned_steps"]
    assert training["steps"] >= 1 and training["cpu_seconds"] >= 0 and result.report["cpu_seconds_total"] < 0.02 * 60 + 10
    with pytest.raises(UsageError, match="max-cpu-minutes"):
        MlmSettings(max_cpu_minutes=0).check()


def test_dedup_skips_repeated_notes_and_keeps_near_copies_out_of_the_holdout(tmp_path):
    """Issue 18.6: MTSamples lists one note under several specialties; held-out notes must not be copies."""
    import re

    from phisift.lm.corpus import _shingles, spool_corpus

    docs = make_docs(40, seed=11)
    copies = [Document(f"copy-{i}", "  " + d.text.upper().replace(". ", ".\n")) for i, d in enumerate(docs[:20])]
    near = [Document(f"near-{i}", d.text + " Return if worse.") for i, d in enumerate(docs[20:])]
    (tmp_path / "a").mkdir()
    spool = spool_corpus(docs + copies + near, tmp_path / "a", holdout=0.3, seed=0, deidentify=None, dedup=True)
    assert spool.duplicates_skipped == 20 and spool.train_documents + spool.holdout_documents == 60
    assert spool.near_duplicates_moved > 0 and spool.holdout_documents > 0

    def words(text):
        return " ".join(re.findall(r"\w+", text.lower()))

    train = list(spool.texts("train"))
    seen = {words(t) for t in train}
    for held in spool.texts("holdout"):
        assert words(held) not in seen
        mine = _shingles(held)
        assert all(len(mine & _shingles(t)) < 0.5 * len(mine) for t in train)
    (tmp_path / "b").mkdir()
    plain = spool_corpus(docs + copies + near, tmp_path / "b", holdout=0.3, seed=0, deidentify=None)
    assert plain.duplicates_skipped == 0 and plain.train_documents + plain.holdout_documents == 80


def test_word_level_content_accuracy_needs_every_piece():
    """content_word_top1/top5 count a masked word right only when all of its pieces are (vocabulary-fair)."""
    from phisift.lm.mlm import _word_hits

    word_index = torch.tensor([[-1, 0, 0, 1, 2, -1], [-1, 0, 1, 1, -1, -1]])
    chosen = torch.tensor([[False, True, True, True, True, False], [False, False, True, True, False, False]])
    # masked pieces in row-major order: w0 (2 pieces, content), w1 (stop word), w2, then row 2's w1 (2 pieces)
    content = torch.tensor([True, True, False, True, True, True])
    first = torch.tensor([True, False, True, True, False, False])
    any5 = torch.tensor([True, True, True, True, True, False])
    assert _word_hits(word_index, chosen, content, first, any5) == (3, 1, 2)


def test_mlm_continues_pretraining_from_a_local_model(trained, tmp_path):
    docs = make_docs(40, seed=11, name="Zorblatt")
    settings = MlmSettings(seed=5, epochs=1, batch_size=8, max_length=32, threads=1, base_model=str(trained.path),
                           deid_first=None)
    with pytest.warns(UserWarning) if _detectors_missing() else _nothing():
        result = train_mlm(docs, tmp_path / "adapted", settings)
    report = result.report
    assert report["model"]["base_model"] == str(trained.path)
    assert report["holdout_before_training"]["masked_tokens"] == report["holdout"]["masked_tokens"] > 0
    tokenizer, model = load_mlm(tmp_path / "adapted")
    # The annotated patient name was replaced by a tag that is now one token of the vocabulary.
    assert "[PATIENT]" in report["model"]["tags_added"]
    assert tokenizer.tokenize("[PATIENT] reports knee pain")[0] == "[PATIENT]"
    assert model.get_input_embeddings().num_embeddings == len(tokenizer)
    # The base model is untouched.
    assert same_state(state(load_mlm(trained.path)[1]), state(trained.model))


def test_mlm_from_a_classic_bert_folder_with_only_vocab_txt(tmp_path):
    """The layout many clinical BERTs ship in: config.json, pytorch_model.bin, vocab.txt."""
    from transformers import BertConfig, BertForMaskedLM

    words = sorted({w for d in make_docs(20) for w in d.text.lower().replace(".", " .").split()})
    chars = sorted({c for w in words for c in w})
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *chars, *(f"##{c}" for c in chars), *words]
    folder = tmp_path / "classic"
    torch.manual_seed(0)
    model = BertForMaskedLM(BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=1,
                                       num_attention_heads=2, intermediate_size=64, max_position_embeddings=64))
    model.save_pretrained(folder)
    torch.save(model.state_dict(), folder / "pytorch_model.bin")
    (folder / "model.safetensors").unlink()
    (folder / "vocab.txt").write_text("".join(v + "\n" for v in vocab))
    assert (folder / "pytorch_model.bin").is_file() and not (folder / "tokenizer.json").exists()
    tokenizer, loaded = load_mlm(folder)
    assert tokenizer.tokenize("Knee pain") == ["knee", "pain"]
    settings = MlmSettings(seed=1, epochs=1, batch_size=8, threads=1, base_model=str(folder), deid_first=False)
    result = train_mlm(make_docs(20), tmp_path / "adapted", settings)
    assert result.report["settings"]["max_length"] == 64  # limited by the model's positions
    assert top_predictions(*load_mlm(tmp_path / "adapted"), "knee [MASK]", 2)


def test_deid_first_keeps_annotated_phi_out_of_the_vocabulary(tmp_path):
    docs = make_docs(40, seed=2, name="Zorblatt")
    kept = train_mlm(docs, tmp_path / "raw", MlmSettings(seed=1, **{**TINY, "epochs": 1}))
    assert "zorblatt" in kept.tokenizer.get_vocab()
    assert kept.report["corpus"]["deid_first"] == "off"
    with pytest.warns(UserWarning) if _detectors_missing() else _nothing():
        clean = train_mlm(docs, tmp_path / "deid", MlmSettings(seed=1, **{**TINY, "epochs": 1, "deid_first": None}))
    vocab = clean.tokenizer.get_vocab()
    assert "zorblatt" not in vocab and "[PATIENT]" in vocab
    assert clean.report["corpus"]["phi_replaced_by_label"]["PATIENT"] >= 40
    assert clean.report["corpus"]["deid_first"] in ("detectors", "gold-spans")


def _detectors_missing() -> bool:
    try:
        from phisift.pipeline import Pipeline, load_config

        Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    except ImportError:
        return True
    return False


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_mlm_refuses_bad_settings_and_existing_output(trained, tmp_path):
    with pytest.raises(UsageError):
        train_mlm(make_docs(), tmp_path / "x", MlmSettings(size="huge"))
    with pytest.raises(UsageError):
        train_mlm(make_docs(), tmp_path / "x", MlmSettings(epochs=0))
    with pytest.raises(UsageError, match="exists already"):
        train_mlm(make_docs(), trained.path, MlmSettings(**TINY))
    with pytest.raises(UsageError, match="no training text"):
        train_mlm([Document("a", "   ")], tmp_path / "empty", MlmSettings(**TINY))


# --------------------------------------------------------------------------- load_mlm errors
def _copy_model(src: Path, dst: Path, skip: tuple[str, ...] = ()) -> Path:
    dst.mkdir()
    for f in src.iterdir():
        if f.name not in skip:
            (dst / f.name).write_bytes(f.read_bytes())
    return dst


def test_load_mlm_errors_name_the_folder(trained, tmp_path):
    cases = {
        "missing": (tmp_path / "nope", "no such model folder"),
        "file": (tmp_path / "file.bin", "found a file"),
        "empty": (tmp_path / "empty", "config.json is missing"),
        "no-weights": (_copy_model(trained.path, tmp_path / "nw", ("model.safetensors",)), "no weights file"),
        "no-tokenizer": (
            _copy_model(trained.path, tmp_path / "nt", ("tokenizer.json", "vocab.txt")), "no tokenizer files"
        ),
    }
    (tmp_path / "file.bin").write_bytes(b"x")
    (tmp_path / "empty").mkdir()
    for name, (path, message) in cases.items():
        with pytest.raises(InputError, match=message) as info:
            load_mlm(path)
        assert str(path) in str(info.value), name


def test_load_mlm_corrupt_files(trained, tmp_path):
    bad_weights = _copy_model(trained.path, tmp_path / "bw")
    (bad_weights / "model.safetensors").write_bytes(b"\x00garbage" * 10)
    with pytest.raises(InputError, match="corrupt model folder: the weights") as info:
        load_mlm(bad_weights)
    assert str(bad_weights) in str(info.value)

    truncated = _copy_model(trained.path, tmp_path / "tw")
    data = (truncated / "model.safetensors").read_bytes()
    (truncated / "model.safetensors").write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match="corrupt model folder"):
        load_mlm(truncated)

    bad_config = _copy_model(trained.path, tmp_path / "bc")
    (bad_config / "config.json").write_text("{not json")
    with pytest.raises(InputError, match="config.json cannot be read"):
        load_mlm(bad_config)


# --------------------------------------------------------------------------- pieces
def test_wordpiece_training_is_reproducible_and_keeps_words_encodable():
    texts = [d.text for d in make_docs(30)]
    a = train_wordpiece(texts, 200, extra_special=["[PATIENT]"])
    b = train_wordpiece(texts, 200, extra_special=["[PATIENT]"])
    assert a.to_str() == b.to_str()
    assert a.get_vocab_size() <= 200
    enc = a.encode("Hypertension [PATIENT] painknees", add_special_tokens=False)
    assert "[UNK]" not in enc.tokens and "[PATIENT]" in enc.tokens
    assert a.decode(a.encode("knee pain").ids) == "knee pain"
    # Accents are kept (Spanish notes), case is folded.
    assert a.normalizer.normalize_str("Médico") == "médico"


def test_chunks_fit_the_length_and_prefer_word_starts():
    texts = [d.text for d in make_docs(10)]
    tok = train_wordpiece(texts, 120)
    chunks = encode_chunks(tok, texts, 16, special_ids=[0, 1, 2, 3, 4])
    lengths = [int(chunks.bounds[i + 1] - chunks.bounds[i]) for i in range(len(chunks))]
    assert max(lengths) <= 14 and sum(lengths) == chunks.tokens
    total = sum(len(tok.encode(t, add_special_tokens=False).ids) for t in texts)
    assert chunks.tokens == total
    starts = [bool(chunks.word_start[chunks.bounds[i]]) for i in range(len(chunks))]
    assert sum(starts) >= 0.9 * len(chunks)


def test_whole_word_masking_hides_every_piece_of_a_chosen_word():
    # Two rows; words are runs of equal word numbers; -1 marks [CLS]/[SEP]/[PAD]/tags.
    word_index = torch.tensor([[-1, 0, 0, 1, 2, 2, 2, 3, -1, -1], [-1, 0, 1, 1, -1, 2, 3, 4, 4, -1]])
    ids = torch.arange(100, 120).reshape(2, 10)
    batch = Batch(ids, (word_index != -9).long(), word_index)
    gen = torch.Generator().manual_seed(0)
    random_ids = torch.tensor([50, 51])
    for _ in range(200):
        corrupted, labels = mask_whole_words(batch, gen, 7, random_ids, probability=0.3)
        chosen = labels != -100
        assert chosen.any(dim=1).all(), "every row predicts something"
        assert not chosen[word_index < 0].any(), "special positions are never masked"
        for row in range(2):
            for w in set(word_index[row].tolist()) - {-1}:
                sel = chosen[row][word_index[row] == w]
                assert sel.all() or not sel.any(), "a word is masked whole or not at all"
        assert torch.equal(labels[chosen], ids[chosen])
        assert set(corrupted[chosen].tolist()) <= {7, 50, 51} | set(ids[chosen].tolist())


def test_masking_shares_are_80_10_10():
    n = 20000
    word_index = torch.arange(n).reshape(1, n)
    batch = Batch(torch.full((1, n), 9), torch.ones(1, n, dtype=torch.long), word_index)
    corrupted, labels = mask_whole_words(batch, torch.Generator().manual_seed(1), 7, torch.tensor([5]), 0.15)
    chosen = labels != -100
    k = int(chosen.sum())
    assert abs(k / n - 0.15) < 0.01
    assert abs(int((corrupted[chosen] == 7).sum()) / k - 0.8) < 0.03
    assert abs(int((corrupted[chosen] == 5).sum()) / k - 0.1) < 0.03


def test_collate_numbers_words_inside_each_chunk():
    import numpy as np

    chunks = Chunks(
        ids=np.array([10, 11, 12, 13, 14], dtype=np.int32),
        word_start=np.array([False, True, False, True, True]),  # starts inside a word
        maskable=np.array([True, True, True, False, True]),
        bounds=np.array([0, 5], dtype=np.int64),
    )
    batch = collate(chunks, [0], cls_id=2, sep_id=3, pad_id=0)
    assert batch.input_ids.tolist() == [[2, 10, 11, 12, 13, 14, 3]]
    assert batch.word_index.tolist() == [[-1, 0, 1, 1, -1, 3, -1]]


# --------------------------------------------------------------------------- vectors
VEC = dict(dim=16, epochs=3, min_count=1, deid_first=False)


@pytest.fixture(scope="module")
def vectors_kv(tmp_path_factory):
    out = tmp_path_factory.mktemp("vec") / "vectors.kv"
    return train_vectors(make_docs(), out, VectorSettings(seed=2, **VEC))


def test_vectors_reload_identical_and_reproducible(vectors_kv, tmp_path):
    import numpy as np

    loaded = load_vectors(vectors_kv.path)
    assert loaded.index_to_key == vectors_kv.vectors.index_to_key
    assert np.array_equal(loaded.vectors, vectors_kv.vectors.vectors)
    assert np.array_equal(loaded["knee"], vectors_kv.vectors["knee"])
    assert np.array_equal(loaded["kneecaps"], vectors_kv.vectors["kneecaps"]), "n-grams kept: unseen words work"
    assert neighbours(loaded, "knee", 3) == neighbours(vectors_kv.vectors, "knee", 3)
    again = train_vectors(make_docs(), tmp_path / "again.kv", VectorSettings(seed=2, **VEC))
    assert np.array_equal(again.vectors.vectors, vectors_kv.vectors.vectors)
    assert np.array_equal(again.vectors.vectors_ngrams, vectors_kv.vectors.vectors_ngrams)
    report = json.loads(Path(f"{vectors_kv.path}.phisift.json").read_text())
    assert report["settings"]["seed"] == 2 and report["settings"]["bucket"] == 10_000


def test_vectors_bin_and_vec_formats(tmp_path):
    import numpy as np

    result = train_vectors(make_docs(), tmp_path / "v.bin", VectorSettings(seed=2, also_vec=True, **VEC))
    from_bin = load_vectors(tmp_path / "v.bin")
    assert np.allclose(from_bin["hypertension"], result.vectors["hypertension"], atol=1e-6)
    assert np.allclose(from_bin["hypertensive"], result.vectors["hypertensive"], atol=1e-6)
    from_vec = load_vectors(tmp_path / "v.vec")
    assert np.allclose(from_vec["knee"], result.vectors["knee"], atol=1e-5)
    assert "kneecaps" not in from_vec and neighbours(from_vec, "kneecaps") == []
    words = [w for w, _ in neighbours(from_bin, "hypertension", 50)]
    assert "hypertension" not in words and len(words) == 50


def test_vectors_keep_tags_whole(tmp_path):
    docs = make_docs(20, name="Zorblatt")
    result = train_vectors(docs, tmp_path / "t.kv", VectorSettings(**{**VEC, "deid_first": None}))
    assert "[patient]" in result.vectors.key_to_index
    assert "zorblatt" not in result.vectors.key_to_index


def test_load_vectors_errors(vectors_kv, tmp_path):
    (tmp_path / "empty.kv").write_bytes(b"")
    (tmp_path / "junk.kv").write_bytes(b"hello world, not vectors\n" * 5)
    (tmp_path / "junk.bin").write_bytes(b"\x00\x01" * 50)
    (tmp_path / "bad.vec").write_text("3 4\nknee 0.1 0.2\n")
    data = vectors_kv.path.read_bytes()
    (tmp_path / "cut.kv").write_bytes(data[: len(data) // 3])
    cases = {
        tmp_path / "none.bin": "no such vectors file",
        tmp_path: "found a folder",
        tmp_path / "empty.kv": "empty vectors file",
        tmp_path / "junk.kv": "unknown vectors format",
        tmp_path / "junk.bin": "corrupt vectors file",
        tmp_path / "bad.vec": "corrupt vectors file",
        tmp_path / "cut.kv": "corrupt vectors file",
    }
    for path, message in cases.items():
        with pytest.raises(InputError, match=message) as info:
            load_vectors(path)
        assert str(path) in str(info.value)


# --------------------------------------------------------------------------- command line
def _phisift(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    code = "import sys; from phisift.cli import main; sys.argv = ['phisift', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_cli_trains_both_models(tmp_path):
    from typer.testing import CliRunner

    from phisift.cli import app

    corpus = tmp_path / "notes.jsonl"
    corpus.write_text("".join(json.dumps({"id": d.id, "text": d.text}) + "\n" for d in make_docs(30)))
    runner = CliRunner()
    result = runner.invoke(app, ["lm", "mlm", str(corpus), "-o", str(tmp_path / "m"), "--epochs", "1",
                                 "--max-length", "32", "--vocab-size", "300", "--threads", "1", "--no-deid-first"])
    assert result.exit_code == 0, result.output
    assert "masked top-1 / top-5" in result.output and "content-word pieces top-1 / top-5" in result.output
    assert load_mlm(tmp_path / "m")[0].model_max_length == 32
    # Issue 18.6 levers are command-line settings, recorded in the report.
    result = runner.invoke(app, ["lm", "mlm", str(corpus), "-o", str(tmp_path / "m2"), "--epochs", "1",
                                 "--max-length", "32", "--vocab-size", "300", "--threads", "1", "--no-deid-first",
                                 "--max-cpu-minutes", "5", "--mask-probability", "0.3", "--dropout", "0",
                                 "--warmup", "0.1", "--no-dedup"])
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "m2" / "phisift_lm.json").read_text())
    assert saved["settings"]["max_cpu_minutes"] == 5 and saved["settings"]["mask_probability"] == 0.3
    assert saved["model"]["dropout"] == 0 and saved["settings"]["warmup"] == 0.1 and not saved["settings"]["dedup"]
    result = runner.invoke(app, ["lm", "vectors", str(corpus), "-o", str(tmp_path / "v.kv"), "--dim", "8",
                                 "--epochs", "1", "--min-count", "1", "--no-deid-first"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["lm", "neighbours", str(tmp_path / "v.kv"), "knee", "-k", "3"])
    assert result.exit_code == 0 and result.output.startswith("knee: ")
    result = runner.invoke(app, ["lm", "fill", str(tmp_path / "m"), "knee [MASK]", "-k", "2"])
    assert result.exit_code == 0 and result.output.startswith("mask 1: ")


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path):
    result = _phisift("lm", "mlm", str(tmp_path / "missing.jsonl"), "-o", str(tmp_path / "m"), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("phisift: error:") and "missing.jsonl" in result.stderr
    assert "Traceback" not in result.stderr
    (tmp_path / "c.jsonl").write_text('{"id": "a", "text": "knee pain"}\n')
    result = _phisift("lm", "mlm", str(tmp_path / "c.jsonl"), "-o", str(tmp_path / "m"), "--size", "huge", cwd=tmp_path)
    assert result.returncode == 2 and "unknown size" in result.stderr
    result = _phisift("lm", "neighbours", str(tmp_path / "c.jsonl"), "knee", cwd=tmp_path)
    assert result.returncode == 2 and "c.jsonl" in result.stderr and "Traceback" not in result.stderr


def test_help_does_not_import_heavy_libraries(tmp_path):
    code = (
        "import sys; from phisift.cli import app; import phisift.lm, phisift.cli.lm; "
        "heavy = [m for m in ('torch', 'transformers', 'gensim', 'tokenizers') if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stdout + result.stderr
