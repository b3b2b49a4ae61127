"""Training-data tools: Filtered BERT augmentation and neighbour pseudonymisation.

A tiny masked LM and tiny fastText vectors are trained here on template notes
(a few seconds, one thread), with annotated names, dates and IDs, so that every
property is checked against real models: labels stay on their words, PHI is left
alone unless asked, the cosine filter really refuses, neighbours never come from
the corpus's PHI, digits keep their places, a seed fixes the output, and the
command line reads and writes JSONL and BRAT and refuses bad input in one line.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("gensim")

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from phisift.augment import FilteredBert, FilteredSettings, NeighbourPseudonymiser, NeighbourSettings  # noqa: E402
from phisift.augment.neighbours import NeighbourIndex, random_like  # noqa: E402
from phisift.augment.words import STOPWORDS, SpanIndex, is_content_word, phi_words  # noqa: E402
from phisift.document import Document, Span  # noqa: E402
from phisift.formats import read_corpus, write_corpus  # noqa: E402
from phisift.lm import MlmSettings, VectorSettings, load_mlm, load_vectors, train_mlm, train_vectors  # noqa: E402
from phisift.text import tokenize  # noqa: E402
from test_lm import TINY, VEC, make_docs  # noqa: E402  (the language-model tests' tiny corpus and settings)

NAMES = ["Rosa Vidal", "Jorge Campos", "Lucia Prieto", "Mateo Serrano", "Elena Nieto", "Pablo Ibarra"]


def annotated_docs(n: int = 40, seed: int = 11) -> list[Document]:
    """Template notes that open with a patient name, a date and a record number, all annotated."""
    rng = random.Random(seed)
    out = []
    for doc in make_docs(n, seed):
        name = rng.choice(NAMES)
        date = f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/20{rng.randint(10, 23)}"
        mrn = f"NHC-{rng.randint(100000, 999999)}"
        head = f"Patient {name} seen on {date}, record {mrn}. "
        spans = [Span(8, 8 + len(name), "PATIENT")]
        d0 = head.index(date)
        spans.append(Span(d0, d0 + len(date), "DATE"))
        m0 = head.index(mrn) + 4  # the annotation cuts the token: only the number is PHI
        spans.append(Span(m0, m0 + 6, "IDNUM"))
        out.append(Document(doc.id, head + doc.text, tuple(sorted(spans)), {"source": "test"}))
    return out


@pytest.fixture(scope="module")
def docs() -> list[Document]:
    return annotated_docs()


@pytest.fixture(scope="module")
def models(tmp_path_factory, docs):
    """Paths of a tiny MLM and tiny fastText vectors trained on the annotated notes (names included)."""
    base = tmp_path_factory.mktemp("augment-models")
    train_mlm(docs, base / "mlm", MlmSettings(seed=5, **TINY))
    train_vectors(docs, base / "vectors.kv", VectorSettings(seed=5, **VEC))
    return base / "mlm", base / "vectors.kv"


@pytest.fixture(scope="module")
def loaded(models):
    tokenizer, model = load_mlm(models[0])
    return tokenizer, model, load_vectors(models[1])


def filtered(loaded, **options) -> FilteredBert:
    tokenizer, model, vectors = loaded
    return FilteredBert(tokenizer, model, vectors, FilteredSettings(**options))


def changed_tokens(old: str, new: str) -> list[tuple[str, str]]:
    """Pairs of differing tokens; Filtered BERT swaps words one for one, so the token counts match.

    A trailing period is split off every token first: a replacement such as "abd" before
    a full stop reads as the abbreviation "abd." (one token) where "pain" + "." were two.
    """
    def words(text: str) -> list[str]:
        out = []
        for t in tokenize(text):
            out.extend([t.text[:-1], "."] if len(t.text) > 1 and t.text.endswith(".") else [t.text])
        return out

    a, b = words(old), words(new)
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b) if x != y]


# --------------------------------------------------------------------------- Filtered BERT
def test_filtered_bert_rewrites_content_words_and_keeps_phi_and_labels(loaded, docs):
    tool = filtered(loaded, words=4, min_sim=-1.0, seed=3, unit="sentence")
    out = list(tool.augment(docs[:8]))
    assert [d.id for d in out[:2]] == [docs[0].id, f"{docs[0].id}.aug1"]
    assert len(out) == 16
    originals, copies = out[0::2], out[1::2]
    assert originals == docs[:8]
    changed = 0
    for old, new in zip(originals, copies):
        assert new.meta == old.meta
        assert [(s.label, s.text_in(new.text)) for s in new.spans] == [(s.label, s.text_in(old.text)) for s in old.spans]
        pairs = changed_tokens(old.text, new.text)
        changed += len(pairs)
        for before, after in pairs:
            assert is_content_word(before), before
            assert after.lower() not in STOPWORDS and after.isalpha()
    assert changed > 0
    assert tool.stats.replaced == changed
    assert tool.stats.masked_copies / tool.stats.forward_passes > 1  # several masked copies per forward pass


def test_include_phi_replaces_words_inside_spans_and_keeps_their_labels(loaded, docs):
    tool = filtered(loaded, words=50, min_sim=-1.0, include_phi=True, copies=3, keep_originals=False, seed=1,
                    unit="sentence")
    out = list(tool.augment(docs[:6]))
    assert len(out) == 18 and all(".aug" in d.id for d in out)
    phi_changed = 0
    for i, new in enumerate(out):
        old = docs[i // 3]
        assert [s.label for s in new.spans] == [s.label for s in old.spans]
        for s_old, s_new in zip(old.spans, new.spans):
            if s_old.text_in(old.text) != s_new.text_in(new.text):
                phi_changed += 1
                # a word wholly inside a span was replaced; the span still covers whole words
                assert s_new.label == "PATIENT"
                assert len(tokenize(s_new.text_in(new.text))) == len(tokenize(s_old.text_in(old.text)))
    assert phi_changed > 0


def test_min_sim_filter_really_refuses(loaded, docs):
    strict = filtered(loaded, words=5, min_sim=0.999, seed=2, tries=5, unit="sentence")
    out = list(strict.augment(docs[:5]))
    assert all(a.text == b.text for a, b in zip(out[0::2], out[1::2]))
    assert strict.stats.replaced == 0 and strict.stats.refused > 0
    assert strict.stats.unchanged == strict.stats.chosen

    tokenizer, model, vectors = loaded
    medium = filtered(loaded, words=5, min_sim=0.3, seed=2, unit="sentence")
    list(medium.augment(docs[:5]))
    assert medium.stats.examples, "some replacement should pass a 0.3 filter"
    for original, replacement, _ in medium.stats.examples:
        assert vectors.similarity(original.lower(), replacement.lower()) > 0.3


def test_same_seed_same_output_other_seed_other_output(loaded, docs):
    a = list(filtered(loaded, seed=7, min_sim=-1.0, unit="sentence").augment(docs[:6]))
    b = list(filtered(loaded, seed=7, min_sim=-1.0, unit="sentence").augment(docs[:6]))
    c = list(filtered(loaded, seed=8, min_sim=-1.0, unit="sentence").augment(docs[:6]))
    assert a == b and [d.text for d in a] == [d.text for d in b]
    assert [d.text for d in a] != [d.text for d in c]
    # keyed by document id: a document's rewrite does not depend on what else is in the corpus
    alone = list(filtered(loaded, seed=7, min_sim=-1.0, unit="sentence").augment(docs[3:4]))
    assert alone[1].text == a[7].text


def test_long_sentences_are_cut_and_fit_the_model(loaded):
    words = " ".join(["chest pain and knee pain"] * 120)  # 600 words, one sentence, no final period
    doc = Document("long", f"Patient Rosa Vidal reports {words}", (Span(8, 18, "PATIENT"),))
    for unit in ("sentence", "chunk"):
        tool = filtered(loaded, words=3, min_sim=-1.0, unit=unit, seed=4)
        out = list(tool.augment([doc]))
        assert tool.stats.units == 3  # 603 tokens -> 250 + 250 + 103
        assert out[1].spans[0].text_in(out[1].text) == "Rosa Vidal"
        assert 0 < len(changed_tokens(doc.text, out[1].text)) <= 9


def changed_words(old: str, new: str) -> int:
    """Words of ``old`` not kept in ``new`` (a replacement may tokenize differently, so align by difflib)."""
    import difflib

    a = [t.text for t in tokenize(old) if any(c.isalnum() for c in t.text)]
    b = [t.text for t in tokenize(new) if any(c.isalnum() for c in t.text)]
    kept = sum(m.size for m in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
    return len(a) - kept


def test_default_rate_is_the_papers_five_words_per_250(loaded):
    """Issue 18.4: per copy at most 4% of the words are replaced (the paper: 5 per 250-word instance, 2%),
    labels and PHI text unchanged; the old per-sentence rate stays as --unit sentence."""
    held_out = [d for d in annotated_docs(30, seed=99)]  # other notes than the models were trained on
    long = [Document(f"long{i}", " ".join(d.text for d in held_out[i * 5 : i * 5 + 5]),
                     tuple(Span(s.start, s.end, s.label) for s in held_out[i * 5].spans)) for i in range(6)]
    for corpus in (held_out, long):
        tool = filtered(loaded, min_sim=-1.0, keep_originals=False, copies=2, seed=5)
        assert tool.settings.unit == "instance" and tool.settings.words == 5
        out = list(tool.augment(corpus))
        for copy in (0, 1):
            copies = out[copy::2]
            words = sum(sum(1 for t in tokenize(d.text) if any(c.isalnum() for c in t.text)) for d in corpus)
            changed = sum(changed_words(a.text, b.text) for a, b in zip(corpus, copies))
            assert 0 < changed <= 0.04 * words, (changed, words)
            for a, b in zip(corpus, copies):
                assert [(s.label, s.text_in(b.text)) for s in b.spans] == [(s.label, s.text_in(a.text)) for s in a.spans]
        if corpus is long:  # notes of 250+ words: each one at most 4% too
            for a, b in zip(corpus, out[0::2]):
                n = sum(1 for t in tokenize(a.text) if any(c.isalnum() for c in t.text))
                assert changed_words(a.text, b.text) <= 0.04 * n
    old = filtered(loaded, min_sim=-1.0, keep_originals=False, seed=5, unit="sentence")
    copies = list(old.augment(held_out))
    words = sum(sum(1 for t in tokenize(d.text) if any(c.isalnum() for c in t.text)) for d in held_out)
    assert sum(changed_words(a.text, b.text) for a, b in zip(held_out, copies)) > 0.1 * words


WORDS = ["chest", "pain", "knee", "the", "of", "fracture", "Rosa", "Vidal", "12/03/2019", ",", ".", "metformin",
         "twice", "daily", "left", "wrist", "NHC-123456", "Campos", "osteoarthritis"]


@st.composite
def span_layouts(draw):
    """A text of template words with random non-overlapping spans over token ranges (or parts of tokens)."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=3, max_size=40))
    seps = draw(st.lists(st.sampled_from([" ", "  ", "\n", " "]), min_size=len(words), max_size=len(words)))
    text = "".join(w + s for w, s in zip(words, seps))
    toks = tokenize(text)
    spans, i = [], 0
    while i < len(toks):
        if draw(st.booleans()):
            j = min(len(toks), i + draw(st.integers(1, 3)))
            start, end = toks[i].start, toks[j - 1].end
            if draw(st.integers(0, 4)) == 0 and end - start > 2:  # an annotation that cuts a token
                start += 1
            spans.append(Span(start, end, draw(st.sampled_from(["PATIENT", "DATE", "IDNUM"]))))
            i = j + 1
        else:
            i += 1
    return Document("h", text, tuple(spans))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=span_layouts(), include_phi=st.booleans(), seed=st.integers(0, 5))
def test_labels_stay_aligned_for_any_span_layout(loaded, doc, include_phi, seed):
    tool = filtered(loaded, words=3, min_sim=-1.0, include_phi=include_phi, seed=seed, unit="sentence")
    new = tool.rewrite(doc)
    assert len(new.spans) == len(doc.spans)
    old_tokens, new_tokens = tokenize(doc.text), tokenize(new.text)
    assert len(old_tokens) == len(new_tokens)
    for s_old, s_new in zip(doc.spans, new.spans):
        assert s_new.label == s_old.label
        old_text, new_text = s_old.text_in(doc.text), s_new.text_in(new.text)
        if not include_phi:
            assert new_text == old_text
        # a span keeps its own edges: the same cut of its first and last token
        assert new_text[:1] == old_text[:1] or old_text[:1].isalpha()
        assert len(tokenize(new_text)) == len(tokenize(old_text))
    # every change is a whole content word outside (or, if allowed, wholly inside) the spans
    index = SpanIndex.of(doc.spans)
    for a, b in zip(old_tokens, new_tokens):
        if a.text != b.text:
            assert is_content_word(a.text)
            assert not index.touches(a.start, a.end) or (include_phi and index.inside(a.start, a.end))


# --------------------------------------------------------------------------- neighbours
def test_neighbours_never_come_from_the_corpus_phi(loaded, docs):
    vectors = loaded[2]
    banned = phi_words(docs)
    assert {"rosa", "vidal", "campos"} <= banned and "nhc" not in banned  # "NHC-" lies outside its span
    tool = NeighbourPseudonymiser.fit(docs, vectors, NeighbourSettings(n=5, seed=1))
    assert not set(w.lower() for w in tool.index.words) & banned
    out = list(tool.pseudonymise_all(docs))
    for old, new in zip(docs, out):
        assert new.id == old.id and new.meta == old.meta
        assert [s.label for s in new.spans] == [s.label for s in old.spans]
        name = new.spans[0].text_in(new.text)
        assert name.istitle() and len(name.split()) == 2
        for word in name.split():
            assert word.lower() not in banned
        # the rest of the note is untouched
        assert new.text[new.spans[-1].end :] == old.text[old.spans[-1].end :]
    assert tool.stats.words == 2 * len(docs)


def test_digits_become_random_digits_of_the_same_length(loaded, docs):
    tool = NeighbourPseudonymiser.fit(docs, loaded[2], NeighbourSettings(n=5, seed=2))
    new = [tool.pseudonymise(d) for d in docs[:10]]
    dates = [(d.spans[1].text_in(d.text), n.spans[1].text_in(n.text)) for d, n in zip(docs, new)]
    ids = [(d.spans[2].text_in(d.text), n.spans[2].text_in(n.text)) for d, n in zip(docs, new)]
    for before, after in dates + ids:
        assert len(after) == len(before)
        assert [c.isdigit() for c in after] == [c.isdigit() for c in before]
        assert [c for c in after if not c.isdigit()] == [c for c in before if not c.isdigit()]
    assert sum(a != b for a, b in dates + ids) >= 18  # the odd draw may repeat a digit string, not many
    # the cut token keeps its unannotated prefix
    assert all(n.text[n.spans[2].start - 4 : n.spans[2].start] == "NHC-" for n in new)


def test_random_like_keeps_shape():
    import numpy as np

    rng = np.random.default_rng(0)
    out = random_like("AB-12/cd", rng)
    assert len(out) == 8 and out[2] == "-" and out[5] == "/"
    assert out[:2].isupper() and out[3:5].isdigit() and out[6:].islower()


def test_nearest_matches_brute_force_and_n_bounds_the_choice(loaded, docs):
    import numpy as np

    vectors = loaded[2]
    index = NeighbourIndex(vectors, phi_words(docs), NeighbourSettings(n=7))
    near = index.nearest("rosa")
    assert len(near) == 7 and "rosa" not in near
    q = vectors.get_vector("rosa")
    sims = [float(np.dot(q, vectors.get_vector(w)) / np.linalg.norm(q) / np.linalg.norm(vectors.get_vector(w)))
            for w in index.words]
    best = [index.words[i] for i in np.argsort(sims)[::-1][:7]]
    assert set(near) == set(best)
    # every replacement of a word is among its N nearest (the paper's draw over the whole space)
    tool = NeighbourPseudonymiser.fit(docs, vectors, NeighbourSettings(n=3, seed=9, draw="all"))
    for d in docs[:10]:
        new = tool.pseudonymise(d)
        old_words = d.spans[0].text_in(d.text).split()
        new_words = new.spans[0].text_in(new.text).split()
        for a, b in zip(old_words, new_words):
            assert b.lower() in {w.lower() for w in tool.index.nearest(a.lower())}


def test_neighbours_same_seed_same_output_and_consistent_within_a_note(loaded, docs):
    doc = Document("x", "Rosa Vidal came. Later Rosa left.", (Span(0, 10, "PATIENT"), Span(23, 27, "PATIENT")))
    corpus = docs + [doc]
    a = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=20, seed=4)).pseudonymise(doc)
    b = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=20, seed=4)).pseudonymise(doc)
    assert a == b and a.text == b.text
    first = a.spans[0].text_in(a.text).split()[0]
    assert a.spans[1].text_in(a.text) == first  # "Rosa" gets one replacement in the whole note
    others = {NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=20, seed=s)).pseudonymise(doc).text
              for s in range(6)}
    assert len(others) > 1


def leak_corpus(docs) -> list[Document]:
    """Notes whose PHI has possessive, hyphenated, initial, abbreviated, e-mail, date, sex and country forms."""
    def note(doc_id: str, parts: list[tuple[str, str | None]]) -> Document:
        text, spans = "", []
        for piece, label in parts:
            if label:
                spans.append(Span(len(text), len(text) + len(piece), label))
            text += piece
        return Document(doc_id, text, tuple(spans))

    extra = [
        note("leak1", [("Seen by Dr. ", None), ("Jorge Campos", "DOCTOR"), (" on ", None), ("12/03/2019", "DATE"),
                       (". Mail: ", None), ("jorge.campos@hospital.es", "CORREO_ELECTRONICO"), (". Sex: ", None),
                       ("H", "SEXO_SUJETO_ASISTENCIA"), (". Country: ", None), ("España", "PAIS"),
                       (". Knee pain. Control on ", None), ("20/03/2019", "DATE"), (".", None)]),
        note("leak2", [("Patient ", None), ("J. Prieto-Serrano", "PATIENT"), (" lives at ", None),
                       ("St. Ibarra", "CALLE"), (". ", None), ("Campos's", "DOCTOR"), (" patient. Born ", None),
                       ("25/12/1950", "DATE"), (". Sex ", None), ("M", "SEXO_SUJETO_ASISTENCIA"), (".", None)]),
        note("leak3", [("Note of ", None), ("serrano", "PATIENT"), (" and ", None), ("Rosa Nieto", "PATIENT"),
                       (", e-mail ", None), ("rnieto77@correo.com", "CORREO_ELECTRONICO"), (".", None)]),
    ]
    return docs + extra


def test_neighbour_output_has_no_phi_string_of_any_document(loaded, docs):
    """Issue 18.5: case, possessive and hyphen variants of any note's PHI never come back; every PHI token changes;
    e-mails are replaced whole; dates move by one shift per note; sex and country keep their class."""
    from phisift.augment.neighbours import phi_key, phi_keys, word_keys
    from phisift.dates import parse_date

    corpus = leak_corpus(docs)
    banned = phi_keys(corpus)
    assert {"campos", "prieto", "serrano", "prieto-serrano", "nieto"} <= banned
    emails = {s.text_in(d.text) for d in corpus for s in d.spans if "@" in s.text_in(d.text)}
    for vocabulary in ("corpus", "both"):
        tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=5, seed=3, vocabulary=vocabulary))
        assert not {k for w in tool.index.words for k in word_keys(w)} & banned
        for old in corpus:
            new = tool.pseudonymise(old)
            assert [s.label for s in new.spans] == [s.label for s in old.spans]
            for email in emails:
                assert email.lower() not in new.text.lower()
            shifts = set()
            for s_old, s_new in zip(old.spans, new.spans):
                before, after = s_old.text_in(old.text), s_new.text_in(new.text)
                if s_old.label == "SEXO_SUJETO_ASISTENCIA":
                    assert after in ("H", "M")
                    continue
                if s_old.label == "PAIS":
                    assert after != before and after[0].isupper()
                    continue
                old_tokens = [t for t in tokenize(before) if any(c.isalnum() for c in t.text)]
                new_tokens = [t for t in tokenize(after) if any(c.isalnum() for c in t.text)]
                if s_old.label == "DATE":
                    a, b = parse_date(before, True), parse_date(after, True)
                    assert a is not None and b is not None and a.value != b.value
                    shifts.add((b.value - a.value).days)
                    continue
                if "@" in before:
                    assert len(after) == len(before) and after.count("@") == 1 and after.rsplit(".", 1)[1] == before.rsplit(".", 1)[1]
                    continue
                assert len(old_tokens) == len(new_tokens)
                for x, y in zip(old_tokens, new_tokens):  # every PHI token replaced, none by a PHI word
                    assert x.text.strip(".") != y.text.strip("."), (x.text, y.text)
                    if any(c.isalpha() for c in y.text):
                        core = y.text.strip(".,;:")
                        assert not (word_keys(core) & banned) or len(core) == 1, y.text
                        if len(core) > 1:
                            assert phi_key(core) not in banned
            assert len(shifts) <= 1  # one shift per document: intervals hold
        new = tool.pseudonymise(corpus[-2])
        patient, street = (s.text_in(new.text).split(" ", 1)[0] for s in new.spans[:2])
        assert len(patient) == 2 and patient[1] == "." and patient[0] != "J"  # the initial is another letter
        assert street.endswith(".") and street != "St."


# --------------------------------------------------------------------------- command line
def run_cli(*args: str):
    from typer.testing import CliRunner

    from phisift.cli import app

    return CliRunner().invoke(app, list(args))


def _phisift(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    code = "import sys; from phisift.cli import main; sys.argv = ['phisift', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_cli_filtered_bert_on_jsonl(models, docs, tmp_path):
    src = tmp_path / "train.jsonl"
    write_corpus(docs[:5], src)
    before = src.read_bytes()
    report = tmp_path / "r.json"
    result = run_cli("augment", str(src), str(tmp_path / "aug.jsonl"), "--method", "filtered-bert",
                     "--mlm", str(models[0]), "--vectors", str(models[1]), "--copies", "2", "--min-sim", "-1",
                     "--seed", "3", "--report", str(report))
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps long lines
    assert " instances, " in said and "masked copies per forward pass" in said
    assert "Rosa" not in result.output and "Vidal" not in result.output
    out = list(read_corpus(tmp_path / "aug.jsonl"))
    assert len(out) == 15 and out[1].id == f"{docs[0].id}.aug1" and out[2].id == f"{docs[0].id}.aug2"
    for d in out:
        original = docs[[x.id for x in docs].index(d.id.split(".aug")[0])]
        assert [s.text_in(d.text) for s in d.spans] == [s.text_in(original.text) for s in original.spans]
    assert json.loads(report.read_text())["words_replaced"] > 0
    assert src.read_bytes() == before
    again = run_cli("augment", str(src), str(tmp_path / "aug2.jsonl"), "--method", "filtered-bert",
                    "--mlm", str(models[0]), "--vectors", str(models[1]), "--copies", "2", "--min-sim", "-1",
                    "--seed", "3")
    assert again.exit_code == 0
    assert (tmp_path / "aug2.jsonl").read_bytes() == (tmp_path / "aug.jsonl").read_bytes()


def test_cli_neighbours_on_brat(models, docs, tmp_path):
    src = tmp_path / "brat"
    write_corpus(docs[:6], src, "brat")
    result = run_cli("augment", str(src), str(tmp_path / "out"), "--method", "neighbours",
                     "--vectors", str(models[1]), "--n", "5", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(p.name for p in src.iterdir())
    out = {d.id: d for d in read_corpus(tmp_path / "out")}
    banned = phi_words(docs[:6])
    for d in docs[:6]:
        new = out[d.id]
        assert [s.label for s in new.spans] == [s.label for s in d.spans]
        for word in new.spans[0].text_in(new.text).split():
            assert word.lower() not in banned


def test_cli_says_that_ids_and_other_fields_go_out_as_read(models, docs, tmp_path):
    """Only the annotated spans are pseudonymised: an id naming the patient and an MRN field go out as read
    (the privacy audit of issue 17), so the run says so, naming the fields, never their values."""
    src = tmp_path / "train.jsonl"
    named = [Document(f"Vidal_Rosa_{i}", d.text, d.spans, {"mrn": f"0048{i:04d}"}) for i, d in enumerate(docs[:4])]
    write_corpus(named, src)
    result = run_cli("augment", str(src), str(tmp_path / "out.jsonl"), "--method", "neighbours",
                     "--vectors", str(models[1]), "--n", "5", "--seed", "1")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "written as read" in said and "document ids" in said and "mrn" in said
    assert "00480001" not in said and "Vidal_Rosa" not in said


def test_cli_filtered_bert_on_brat_copies_only(models, docs, tmp_path):
    src = tmp_path / "brat"
    write_corpus(docs[:3], src, "brat")
    result = run_cli("augment", str(src), str(tmp_path / "out"), "--method", "filtered-bert", "--mlm",
                     str(models[0]), "--vectors", str(models[1]), "--no-originals", "--min-sim", "-1")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(f"{d.id}.aug1.{ext}" for d in docs[:3] for ext in ("ann", "txt"))
    for d in read_corpus(tmp_path / "out"):
        assert d.spans[0].text_in(d.text) in NAMES


def test_cli_bad_input_is_one_line_and_exit_2(models, docs, tmp_path):
    src = tmp_path / "train.jsonl"
    write_corpus(docs[:2], src)
    cases = [
        (("augment", str(tmp_path / "missing.jsonl"), str(tmp_path / "o.jsonl"), "--method", "neighbours",
          "--vectors", str(models[1])), "missing.jsonl"),
        (("augment", str(src), str(tmp_path / "o.jsonl"), "--method", "shuffle", "--vectors", str(models[1])),
         "unknown --method"),
        (("augment", str(src), str(tmp_path / "o.jsonl"), "--method", "filtered-bert", "--vectors",
          str(models[1])), "--mlm"),
        (("augment", str(src), str(tmp_path / "o.jsonl"), "--method", "neighbours", "--vectors",
          str(tmp_path / "nope.bin")), "nope.bin"),
        (("augment", str(src), str(tmp_path / "o.jsonl"), "--method", "filtered-bert", "--vectors",
          str(models[1]), "--mlm", str(src)), "train.jsonl"),
        (("augment", str(src), str(src), "--method", "neighbours", "--vectors", str(models[1])), "overwrite"),
    ]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "x"}\n{"id": "b", "text": \n')
    cases.append((("augment", str(bad), str(tmp_path / "o.jsonl"), "--method", "neighbours", "--vectors",
                   str(models[1])), "bad.jsonl:2"))
    for args, needle in cases:
        result = _phisift(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("phisift: error:"), result.stderr
        assert needle in lines[0] and "Traceback" not in result.stderr
    assert not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("method", ["filtered-bert", "neighbours"])
def test_train_with_augment(models, docs, tmp_path, method):
    src = tmp_path / "train.jsonl"
    write_corpus(docs[:12], src)
    extra = ["--mlm", str(models[0])] if method == "filtered-bert" else ["--augment-n", "5"]
    result = run_cli("train", str(src), "-o", str(tmp_path / "model"), "--feature-detectors", "",
                     "--max-iterations", "20", "--augment", method, "--augment-vectors", str(models[1]), *extra)
    assert result.exit_code == 0, result.output
    config = json.loads((tmp_path / "model" / "phisift_model.json").read_text())
    expected = 24 if method == "filtered-bert" else 12  # originals + one copy each, or the pseudonymised notes
    assert config["training_corpus"]["documents"] == expected
    assert config["training_corpus"]["labels"] == {"DATE": expected, "IDNUM": expected, "PATIENT": expected}
    bad = run_cli("train", str(src), "-o", str(tmp_path / "m2"), "--augment", "filtered-bert",
                  "--augment-vectors", str(models[1]))
    assert bad.exit_code != 0 and not (tmp_path / "m2").exists()


def test_keep_common_keeps_span_words_that_are_ordinary_words_of_the_corpus(loaded, docs):
    # "knee" occurs outside every span in the corpus; "Clinic" and "Vidal" do not
    doc = Document("k", "Knee pain. Seen at Knee Clinic Vidal today.", (Span(19, 36, "HOSPITAL"),))
    corpus = docs + [doc]
    every = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=5, seed=1)).pseudonymise(doc)
    kept = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=5, seed=1, keep_common=3))
    new = kept.pseudonymise(doc)
    old_words = doc.spans[0].text_in(doc.text).split()
    assert every.spans[0].text_in(every.text).split()[0] != "Knee"
    new_words = new.spans[0].text_in(new.text).split()
    assert new_words[0] == "Knee" and new_words[1:] != old_words[1:]
    assert "vidal" not in {w.lower() for w in new_words}
    assert kept.stats.kept == 1


# --------------------------------------------------------------------------- class-restricted draw
def class_corpus(docs) -> list[Document]:
    """Spanish-style notes: ages with their unit word, streets, hospitals, relatives, places and names.

    "Blanco" is a word the corpus uses often outside every span (a colour) and also a patient's
    surname and part of a street: it must never be drawn as a replacement for anything.
    """
    rng = random.Random(5)
    units, streets = ["años", "meses", "días"], ["Calle", "Avenida", "Paseo", "Plaza"]
    hospitals, kin = ["Hospital Universitario", "Hospital General", "Complejo Hospitalario"], ["madre", "padre", "hermano"]
    cities, names = ["Madrid", "Sevilla", "Valencia", "Bilbao"], ["Rosa Blanco", "Jorge Campos", "Elena Nieto"]
    out = []
    for i in range(30):
        parts = [("Paciente ", None), (rng.choice(names), "NOMBRE_SUJETO_ASISTENCIA"), (" de ", None),
                 (f"{rng.randint(2, 90)} {rng.choice(units)}", "EDAD_SUJETO_ASISTENCIA"), (", vive en ", None),
                 (f"{rng.choice(streets)} {rng.choice(['Mayor', 'Blanco', 'Alcalá'])} {rng.randint(1, 99)}", "CALLE"),
                 (", ", None), (rng.choice(cities), "TERRITORIO"), (". Ingresa en el ", None),
                 (f"{rng.choice(hospitals)} {rng.choice(['Gregorio', 'Valdecilla'])}", "HOSPITAL"),
                 (" con ", None), (f"su {rng.choice(kin)}", "FAMILIARES_SUJETO_ASISTENCIA"),
                 (". Exudado blanco, fondo blanco, lesión blanca y placa blanco nacarado. Edad avanzada, años de evolución, estado general bueno.", None)]
        text, spans = "", []
        for piece, label in parts:
            if label:
                spans.append(Span(len(text), len(text) + len(piece), label))
            text += piece
        out.append(Document(f"es{i}", text, tuple(spans)))
    return docs + out


@pytest.mark.parametrize("n", [3, 100])
def test_class_draw_keeps_each_span_word_in_its_class(loaded, docs, n):
    """draw="class" (default): unit, street, hospital and kin words become others of their kind seen in spans
    of the same label; names become list names, places list cities; every PHI token still changes and no word
    of a name span or of the corpus's names comes back. The whole-space draw (draw="all") fails these checks."""
    from phisift.augment.classes import list_sets
    from phisift.augment.neighbours import phi_keys, word_keys

    corpus = class_corpus(docs)
    lists = list_sets()
    banned = phi_keys(corpus)
    kinds = {"units": {"años", "meses", "días"}, "street": {"calle", "avenida", "paseo", "plaza"},
             "heads": {"hospital", "universitario", "general", "complejo", "hospitalario"},
             "kin": {"madre", "padre", "hermano"}}
    tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=n, seed=1))
    assert tool.settings.draw == "class"
    for old in corpus[len(docs):]:
        new = tool.pseudonymise(old)
        got = {s.label: s.text_in(new.text) for s in new.spans}
        was = {s.label: s.text_in(old.text) for s in old.spans}
        for label, before in was.items():  # every PHI token replaced
            for x, y in zip(before.split(), got[label].split()):
                assert x != y and x.lower() != y.lower(), (label, x, y)
        name = got["NOMBRE_SUJETO_ASISTENCIA"].split()
        assert all(w.lower() in lists["first"] | lists["last"] and not word_keys(w) & banned for w in name), (name, tool.stats.by_class)
        assert got["TERRITORIO"].lower() in lists["city"] and not word_keys(got["TERRITORIO"]) & banned
        age_num, unit = got["EDAD_SUJETO_ASISTENCIA"].split()
        assert age_num.isdigit() and unit in kinds["units"] - {was["EDAD_SUJETO_ASISTENCIA"].split()[1]}
        street = got["CALLE"].split()
        assert street[0].lower() in kinds["street"] and street[2].isdigit()
        assert street[1].lower() in lists["first"] | lists["last"] | lists["city"]
        assert not word_keys(street[1]) & banned  # the street's name never another note's (Mayor, Blanco, Alcalá)
        hospital = got["HOSPITAL"].split()
        assert {w.lower() for w in hospital[:2]} <= kinds["heads"]
        assert hospital[2].lower() in lists["first"] | lists["last"] | lists["city"]
        assert not word_keys(hospital[2]) & banned
        su, relative = got["FAMILIARES_SUJETO_ASISTENCIA"].split()
        assert relative in kinds["kin"] and su.lower() != "su"
        assert "blanco" not in {w.lower().strip(".,") for s in new.spans for w in s.text_in(new.text).split()}
    drawn = tool.stats.as_dict()["words_by_class"]
    assert drawn.get("kind:ageu") and drawn.get("kind:street") and drawn.get("kind:kin") and drawn.get("city")
    assert not drawn.get("space")  # every word of these notes had a class


def test_whole_space_draw_is_kept_as_an_option(loaded, docs):
    """draw="all" is the earlier behaviour: the N nearest words of the whole space, classes ignored."""
    corpus = class_corpus(docs)
    old = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=3, seed=9, draw="all"))
    assert old.classes is None
    doc = corpus[-1]
    new = old.pseudonymise(doc)
    unit = doc.spans[1].text_in(doc.text).split()[1]
    new_unit = new.spans[1].text_in(new.text).split()[1]
    assert new_unit.lower() in {w.lower() for w in old.index.nearest(unit.lower())}
    assert "words_by_class" in old.stats.as_dict() and not old.stats.as_dict()["words_by_class"]
    with pytest.raises(Exception):
        NeighbourSettings(draw="nearest").check()


def test_cli_draw_flag_chooses_the_class_or_the_whole_space(models, docs, tmp_path):
    from phisift.augment.classes import list_sets

    lists = list_sets()
    src = tmp_path / "in.jsonl"
    write_corpus(class_corpus(docs[:2])[2:12], src, "jsonl")
    names: dict[str, set[str]] = {}
    for draw in ("class", "all"):
        out = tmp_path / f"out-{draw}.jsonl"
        result = run_cli("augment", str(src), str(out), "--method", "neighbours", "--vectors", str(models[1]),
                         "--n", "3", "--seed", "1", "--draw", draw)
        assert result.exit_code == 0, result.output
        names[draw] = {w.lower() for d in read_corpus(out) for s in d.spans if s.label == "TERRITORIO"
                       for w in s.text_in(d.text).split()}
    assert names["class"] <= lists["city"] and not names["all"] <= lists["city"]
    bad = run_cli("augment", str(src), str(tmp_path / "x.jsonl"), "--method", "neighbours", "--vectors",
                  str(models[1]), "--draw", "nearest")
    assert bad.exit_code != 0 and not (tmp_path / "x.jsonl").exists()


def test_frequency_kind_draw_favours_the_kind_words_the_label_uses_most(loaded, docs):
    """kind_draw="frequency": a kind word is drawn in proportion to its use in the label's spans (+1)."""
    unit_of = {}
    corpus = docs + [Document(f"u{i}", f"Edad {i + 2} {u}.", (Span(5, 7 + len(str(i + 2)) - 1 + len(u), "EDAD_SUJETO_ASISTENCIA"),))
                     for i, u in enumerate(["años"] * 40 + ["meses"] * 40 + ["semanas"] * 2)]
    for mode in ("uniform", "frequency"):
        tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=100, seed=2, kind_draw=mode))
        w = tool.classes.weights("EDAD_SUJETO_ASISTENCIA", ["meses", "semanas"])
        assert abs(w[0] - 41 / 44) < 1e-9
        got = [tool.pseudonymise(d) for d in corpus if d.id.startswith("u") and "años" in d.text]
        unit_of[mode] = [g.spans[0].text_in(g.text).split()[1] for g in got]
        assert "años" not in unit_of[mode] and set(unit_of[mode]) <= {"meses", "semanas"}
    assert unit_of["frequency"].count("meses") > unit_of["uniform"].count("meses")


def test_keep_kind_keeps_generic_words_and_replaces_every_identifying_one(loaded, docs):
    """keep_kind: the generic words of a span (Hospital, Calle, años, de) stay as written when the span has a word or
    number that identifies; every such word or number still changes, never into a PHI word form of the corpus, and no
    span comes back as it was. In a span of generic words only ("su madre") the function words stay and the others
    are drawn within their class."""
    from phisift.augment.classes import list_sets
    from phisift.augment.neighbours import phi_keys, word_keys

    corpus = class_corpus(docs)
    lists = list_sets()
    banned = phi_keys(corpus)
    phi_strings = {s.text_in(d.text).lower() for d in corpus for s in d.spans}
    generic = {"años", "meses", "días", "calle", "avenida", "paseo", "plaza", "hospital", "universitario", "general",
               "complejo", "hospitalario"}
    tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=5, seed=1, keep_kind=True))
    for old in corpus[len(docs):]:
        new = tool.pseudonymise(old)
        for s_old, s_new in zip(old.spans, new.spans):
            before, after = s_old.text_in(old.text).split(), s_new.text_in(new.text).split()
            assert len(before) == len(after)
            for x, y in zip(before, after):
                if x.lower() in generic and s_old.label != "FAMILIARES_SUJETO_ASISTENCIA" or x == "su":
                    assert x == y, (s_old.label, x, y)  # kept: it says what stands there, not who
                else:
                    assert x.lower() != y.lower(), (s_old.label, x, y)
                    if not y.isdigit() and x.lower() not in generic | {"general", "su", "madre", "padre", "hermano"}:
                        assert not word_keys(y) & banned, y  # a name, place or street word: never one of the corpus
            assert " ".join(after).lower() not in phi_strings or s_old.label == "FAMILIARES_SUJETO_ASISTENCIA"
        got = {s.label: s.text_in(new.text) for s in new.spans}
        street = got["CALLE"].split()
        assert street[1].lower() in lists["first"] | lists["last"] | lists["city"] and street[2].isdigit()
        su, relative = got["FAMILIARES_SUJETO_ASISTENCIA"].split()  # generic only: the function word stays,
        assert su == "su" and relative in {"madre", "padre", "hermano"}  # the relative is drawn in class (changed)
    assert tool.stats.kind_kept >= 4 * 30  # age unit, street type, two hospital heads per note
    assert NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=5, seed=1)).stats.kind_kept == 0
    with pytest.raises(Exception):
        NeighbourSettings(keep_kind=True, draw="all").check()


def test_sex_words_of_children_keep_their_class(loaded, docs):
    """Niño/niña (a fifth of MEDDOCAN's written-out sex values) are drawn from their own two values."""
    doc = Document("sx", "Sexo: Niña. Sexo: masculina.", (Span(6, 10, "SEXO_SUJETO_ASISTENCIA"),
                                                           Span(18, 27, "SEXO_SUJETO_ASISTENCIA")))
    seen = set()
    for seed in range(8):
        new = NeighbourPseudonymiser.fit(docs + [doc], loaded[2], NeighbourSettings(n=5, seed=seed)).pseudonymise(doc)
        a, b = (s.text_in(new.text) for s in new.spans)
        assert a in ("Niño", "Niña") and b in ("masculina", "femenina")
        seen.add(a)
    assert seen == {"Niño", "Niña"}


def test_spanish_postcodes_stay_postcodes(loaded, docs):
    """A five-digit place token with a province prefix (01-52) becomes another such postcode, never itself, so the
    address rules still read it as one; other digit tokens keep their shape only."""
    doc = Document("pc", "C/ Mayor 5, 28034 Madrid. NHC 81234.", (Span(0, 10, "CALLE"), Span(12, 17, "TERRITORIO"),
                                                                  Span(18, 24, "TERRITORIO"), Span(30, 35, "ID_SUJETO_ASISTENCIA")))
    ids = set()
    for seed in range(30):
        new = NeighbourPseudonymiser.fit(docs + [doc], loaded[2], NeighbourSettings(n=5, seed=seed)).pseudonymise(doc)
        code, nhc = new.spans[1].text_in(new.text), new.spans[3].text_in(new.text)
        assert code.isdigit() and len(code) == 5 and "01" <= code[:2] <= "52" and code != "28034"
        assert nhc.isdigit() and len(nhc) == 5 and nhc != "81234"
        ids.add(nhc[:2])
    assert any(not "01" <= p <= "52" for p in ids)  # an ID is no postcode: any digits


def test_cli_keep_kind_flag(models, docs, tmp_path):
    src = tmp_path / "in.jsonl"
    write_corpus(class_corpus(docs[:2])[2:12], src, "jsonl")
    out = tmp_path / "out.jsonl"
    result = run_cli("augment", str(src), str(out), "--method", "neighbours", "--vectors", str(models[1]),
                     "--n", "3", "--seed", "1", "--keep-kind")
    assert result.exit_code == 0, result.output
    assert "generic words kept" in result.output
    heads = [s.text_in(d.text).split()[0] for d in read_corpus(out) for s in d.spans if s.label == "HOSPITAL"]
    assert heads and set(heads) <= {"Hospital", "Complejo"}  # the head of each hospital stays
    bad = run_cli("augment", str(src), str(tmp_path / "x.jsonl"), "--method", "neighbours", "--vectors",
                  str(models[1]), "--keep-kind", "--draw", "all")
    assert bad.exit_code != 0 and not (tmp_path / "x.jsonl").exists()


def test_corpus_letters_keeps_names_and_places_in_the_corpus_alphabet(loaded, docs):
    """corpus_letters: name and place words are drawn only among list words in the corpus's own letters, with no
    hyphen or apostrophe; without it the world-wide lists give words in other alphabets (Ðórr, Ka-heng-chhī)."""
    from phisift.augment.classes import corpus_alphabet

    corpus = class_corpus(docs)
    alphabet = corpus_alphabet(corpus)
    assert "ð" not in alphabet and {"a", "z"} <= alphabet
    labels = ("NOMBRE_SUJETO_ASISTENCIA", "TERRITORIO")
    foreign = {}
    for letters in (True, False):
        tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=100, seed=3, corpus_letters=letters))
        news = [tool.pseudonymise(d) for d in corpus[len(docs):]]
        words = [w for new in news for s in new.spans if s.label in labels for w in s.text_in(new.text).split()]
        foreign[letters] = [w for w in words if not (w.isalpha() and set(w.lower()) <= alphabet)]
    assert not foreign[True] and foreign[False]


def test_a_cue_word_alone_in_its_label_takes_one_of_its_kind_the_corpus_writes(loaded, docs):
    """*Octubre* in a hospital's name (no other month in hospital spans) becomes a month of the corpus's date spans,
    not one of another language from the cue table."""
    extra = [Document(f"m{i}", f"Ingresa el {i + 1} de marzo de 2019 en el Hospital {i + 2} de Octubre.",
                      (Span(11, 29 + len(str(i + 1)) - 1, "FECHAS"),)) for i in range(5)]
    extra = [Document(d.id, d.text, (*d.spans, Span(d.text.index("Hospital"), len(d.text) - 1, "HOSPITAL")))
             for d in extra]
    corpus = docs + extra
    tool = NeighbourPseudonymiser.fit(corpus, loaded[2], NeighbourSettings(n=100, seed=1, keep_kind=True))
    for d in extra:
        new = tool.pseudonymise(d)
        hospital = new.spans[-1].text_in(new.text).split()
        assert hospital[0] == "Hospital" and hospital[2] == "de" and hospital[3] == "Marzo", hospital


def test_a_number_every_value_of_which_is_phi_still_changes(loaded, docs):
    """Ages of one digit: every digit is some note's PHI, so the redraw that avoids the corpus's PHI tokens finds
    nothing; the number must still change (it came back as itself about once in ten)."""
    ages = [Document(f"a{i}", f"Niño de {i % 10} años.", (Span(8, 14, "EDAD_SUJETO_ASISTENCIA"),)) for i in range(60)]
    tool = NeighbourPseudonymiser.fit(docs + ages, loaded[2], NeighbourSettings(n=5, seed=0, keep_kind=True))
    for d in ages:
        new = tool.pseudonymise(d)
        number, unit = new.spans[0].text_in(new.text).split()
        assert number.isdigit() and len(number) == 1 and number != d.text[8] and unit == "años"
