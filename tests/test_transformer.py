"""Transformer taggers with a tiny BERT made in the test: fine-tuning, reloading, foreign models, errors."""

from __future__ import annotations

import json
import os
import pickle
import time

import pytest

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before torch loads: no spinning threads on a busy machine

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

from phisift.detect.tagger.crf import CONFIG_FILE  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.transformer import TransformerDetector, TransformerParams  # noqa: E402
from phisift.errors import InputError  # noqa: E402
from phisift.synth import generate_notes  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def _tiny_tokenizer(texts, folder):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.train_from_iterator(texts, trainers.WordPieceTrainer(vocab_size=400, special_tokens=SPECIALS, show_progress=False))
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", cls), ("[SEP]", sep)]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]",
        mask_token="[MASK]", model_max_length=128,
    )
    fast.save_pretrained(str(folder))
    return fast


def _tiny_config(vocab_size, **extra):
    from transformers import BertConfig

    return BertConfig(
        vocab_size=vocab_size, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=64, max_position_embeddings=128, **extra,
    )


@pytest.fixture(scope="module")
def notes():
    return generate_notes(6, seed=201), generate_notes(2, seed=202)


@pytest.fixture(scope="module")
def base_dir(tmp_path_factory, notes):
    from transformers import BertModel

    folder = tmp_path_factory.mktemp("tiny") / "base"
    torch.manual_seed(0)
    tok = _tiny_tokenizer([d.text for d in notes[0]], folder)
    BertModel(_tiny_config(len(tok))).save_pretrained(str(folder))
    return folder


@pytest.fixture(scope="module")
def trained(tmp_path_factory, base_dir, notes):
    train, dev = notes
    out = tmp_path_factory.mktemp("models") / "bert"
    params = TransformerParams(epochs=2, batch_size=8, max_words=60, overlap=10, learning_rate=1e-3, seed=1)
    result = train_model(train, out, kind="transformer", base=base_dir, dev_docs=dev, transformer=params,
                         label_map={"DOCTOR": "PATIENT"})
    return out, result


def test_fine_tune_writes_a_model_folder(trained):
    out, result = trained
    config = json.loads((out / CONFIG_FILE).read_text())
    assert config["kind"] == "transformer" and config["transformer"]["learning_rate"] == 1e-3
    assert len(config["history"]) == 2 and 1 <= config["best_epoch"] <= 2
    assert (out / "config.json").is_file() and not (out / ".epoch").exists()
    hf = json.loads((out / "config.json").read_text())
    assert "B-DATE" in hf["id2label"].values()
    assert result.dev is not None and "entity_strict" in result.dev


def test_defaults_follow_the_paper():
    p = TransformerParams()
    assert (p.learning_rate, p.epochs, p.max_words) == (3e-5, 5, 250)


def test_reload_predicts_the_same_and_maps_labels(trained, notes):
    out, _ = trained
    _, dev = notes
    a = load_model_detector(out)
    assert isinstance(a, TransformerDetector) and a.name == "model"
    b = pickle.loads(pickle.dumps(a))
    chars, t0 = 0, time.perf_counter()
    for doc in dev:
        spans = a.detect(doc.text)
        chars += len(doc.text)
        assert spans == b.detect(doc.text)
        assert all(0 <= s.start < s.end <= len(doc.text) for s in spans)
        assert "DOCTOR" not in {s.label for s in spans}
    rate = chars / (time.perf_counter() - t0)
    print(f"tiny transformer: {rate:,.0f} chars/s")  # shown with pytest -s
    own = load_model_detector(out, map_labels=False)
    assert set(own.labels) >= {"DATE", "DOCTOR"}


def test_long_notes_are_windowed_and_merged(trained):
    out, _ = trained
    det = load_model_detector(out)
    text = " ".join(["Seen by Dr. Smith on 03/04/2021 at Mercy Hospital."] * 80)
    spans = det.detect(text)
    assert all(0 <= s.start < s.end <= len(text) for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))


def test_foreign_token_classifier_with_label_map(tmp_path, base_dir):
    from transformers import AutoTokenizer, BertForTokenClassification

    labels = ["O", "B-PER", "I-PER", "B-HOSP", "I-HOSP"]
    folder = tmp_path / "foreign"
    torch.manual_seed(0)
    tok = AutoTokenizer.from_pretrained(str(base_dir), local_files_only=True)
    cfg = _tiny_config(len(tok), num_labels=len(labels), id2label=dict(enumerate(labels)),
                       label2id={lab: i for i, lab in enumerate(labels)})
    model = BertForTokenClassification(cfg)
    with torch.no_grad():  # make it say B-PER for everything, so the mapping is visible
        model.classifier.bias.copy_(torch.tensor([0.0, 10.0, 0.0, 0.0, 0.0]))
    model.save_pretrained(str(folder))
    tok.save_pretrained(str(folder))
    det = load_model_detector(folder)
    spans = det.detect("John Smith was seen.")
    assert spans and {s.label for s in spans} == {"PATIENT"}
    (folder / "label_map.json").write_text(json.dumps({"PER": "DOCTOR"}))
    assert {s.label for s in load_model_detector(folder).detect("John Smith")} == {"DOCTOR"}
    assert {s.label for s in load_model_detector(folder, map_labels=False).detect("John")} == {"PER"}


def test_bad_transformer_folders(tmp_path, base_dir):
    (tmp_path / "nolabels").mkdir()
    (tmp_path / "nolabels" / "config.json").write_text(json.dumps({"model_type": "bert"}))
    with pytest.raises(InputError, match="id2label"):
        load_model_detector(tmp_path / "nolabels")
    (tmp_path / "noweights").mkdir()
    (tmp_path / "noweights" / "config.json").write_text(json.dumps({"model_type": "bert", "id2label": {"0": "O"}}))
    with pytest.raises(InputError, match="no weights"):
        load_model_detector(tmp_path / "noweights")
    (tmp_path / "badjson").mkdir()
    (tmp_path / "badjson" / "config.json").write_text("{")
    with pytest.raises(InputError, match="corrupt"):
        load_model_detector(tmp_path / "badjson")
    with pytest.raises(InputError, match="no such model folder"):
        train_model(generate_notes(1, seed=203), tmp_path / "m", kind="transformer", base=tmp_path / "nope")
