"""The review page: its data matches the spans, note text cannot break it, and it works
in a real browser (headless Chromium: highlights, counts, filters, search, keys).

The browser tests skip with a reason when Chromium or selenium is missing; ``make
test`` installs Debian's ``chromium`` and ``chromium-driver`` first.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from phisift.document import Document, Span
from phisift.evaluate import evaluate
from phisift.formats import read_corpus, write_corpus
from phisift.review import (
    EXACT, FALSE_ALARM, MISMATCH_FOUND, MISMATCH_GOLD, MISS, ReviewWriter, match_spans, write_review,
)
from phisift.review.data import script_json, utf16_offsets

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# A note written to break a page: markup, a closing script tag, an HTML comment
# opener, line separators, and astral characters before the spans (UTF-16 offsets).
NASTY_TEXT = (
    "Pt \U0001F600 John Smith </script><script>window.pwned=1</script> seen 2021-03-04 "
    "\U0001F691 at <b>Mercy</b> <!-- x --> \u2028 & done."
)


def nasty_doc() -> Document:
    t = NASTY_TEXT
    spans = (
        Span(t.index("John"), t.index("John") + 10, "PATIENT"),
        Span(t.index("2021"), t.index("2021") + 10, "DATE"),
        Span(t.index("Mercy"), t.index("Mercy") + 5, "HOSPITAL"),
    )
    return Document("zz</script>-<b>nasty</b>", t, spans)


def embedded(page: Path) -> tuple[dict, list[list[dict]]]:
    """The index and the document chunks of a written page (inline or in data/*.js)."""
    html = page.read_text(encoding="utf-8")
    index = json.loads(re.search(r'<script type="application/json" id="phisift-index">(.*?)</script>', html, re.S)[1])
    chunks = [json.loads(m) for m in re.findall(r'<script type="application/json" class="phisift-chunk" '
                                               r'data-chunk="\d+">(.*?)</script>', html, re.S)]
    for name in index["chunks"]["files"]:
        text = (page.parent / name).read_text(encoding="utf-8")
        chunks.append(json.loads(re.fullmatch(r"window\.phisiftChunk\(\d+,(.*)\);\n", text, re.S)[1]))
    return index, chunks


def shown_spans(index: dict, chunks: list, i: int) -> tuple[dict, list[tuple]]:
    entry = index["docs"][i]
    rec = chunks[entry["c"]][entry["p"]]
    return rec, [(e[0], e[1], index["labels"][e[2]], index["statuses"][e[3]]) for e in rec.get("e", [])]


# --------------------------------------------------------------------- matching
def test_match_statuses_follow_the_strict_and_overlap_measures():
    gold = [Span(0, 4, "PATIENT"), Span(10, 20, "DATE"), Span(30, 35, "CITY"), Span(40, 45, "HOSPITAL"),
            Span(50, 55, "ZIP")]
    found = [Span(0, 4, "PATIENT"), Span(10, 15, "DATE"), Span(30, 35, "STATE"), Span(60, 62, "AGE")]
    marks = {(m.start, m.end, m.status): m for m in match_spans(gold, found)}
    assert (0, 4, EXACT) in marks
    assert marks[(10, 20, MISMATCH_GOLD)].note == "found at 10-15 (boundary differs)"
    assert (10, 15, MISMATCH_FOUND) in marks
    assert marks[(30, 35, MISMATCH_GOLD)].note == "found as STATE (label differs)"
    assert (40, 45, MISS) in marks and (50, 55, MISS) in marks
    assert marks[(60, 62, FALSE_ALARM)].found_index == 3
    counts = Counter(m.status for m in match_spans(gold, found))
    report = evaluate([Document("d", "x" * 70, tuple(gold))], {"d": found})
    assert counts[EXACT] == report.all.strict.tp
    assert counts[MISS] + counts[MISMATCH_GOLD] == report.all.strict.fn
    assert counts[FALSE_ALARM] + counts[MISMATCH_FOUND] == report.all.strict.fp


def test_duplicate_spans_match_once_each():
    marks = match_spans([Span(0, 3, "AGE")], [Span(0, 3, "AGE"), Span(0, 3, "AGE")])
    assert sorted(m.status for m in marks) == [EXACT, MISMATCH_FOUND]


# ------------------------------------------------------------ escaping, offsets
def test_script_json_cannot_end_the_script_element():
    value = {"t": NASTY_TEXT, "id": "</SCRIPT ><!--"}
    text = script_json(value)
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text
    assert json.loads(text) == value


def test_lone_surrogates_become_replacement_characters_of_the_same_length():
    assert json.loads(script_json("a\ud800b")) == "a\ufffdb"


def test_offsets_are_converted_to_utf16():
    text = "a\U0001F600b\U0001F691c"
    to16 = utf16_offsets(text)
    js = text.encode("utf-16-le")
    for pos in range(len(text) + 1):
        assert len(text[:pos].encode("utf-16-le")) // 2 == to16(pos)
    assert len(js) // 2 == to16(len(text))


# ---------------------------------------------------------------- page data
def test_embedded_data_matches_the_spans_and_the_note_stays_data(tmp_path):
    gold = list(read_corpus(EXAMPLES / "gold.jsonl")) + [nasty_doc()]
    result = write_review(tmp_path / "r", gold, charts=False)
    html = result.page.read_text(encoding="utf-8")
    assert "<script>window.pwned" not in html and "<b>Mercy" not in html and "<b>nasty" not in html
    # only our own scripts are closed in the page
    assert html.lower().count("</script>") == html.lower().count("<script")
    index, chunks = embedded(result.page)
    assert not index["chunks"]["files"]  # small: everything inline
    assert [d["n"] for d in index["docs"]] == [d.id for d in gold]
    totals = Counter()
    for i, doc in enumerate(gold):
        rec, shown = shown_spans(index, chunks, i)
        assert rec["t"] == doc.text
        to16 = utf16_offsets(doc.text)
        assert sorted(shown) == sorted((to16(s.start), to16(s.end), s.label, "plain") for s in doc.spans)
        counts = {index["labels"][int(k)]: n for k, n in index["docs"][i]["g"].items()}
        assert counts == Counter(s.label for s in doc.spans)
        totals.update(s.label for s in doc.spans)
    assert {r["label"]: r["shown"] for r in index["table"]} == totals
    assert result.spans == totals


def test_large_corpora_are_split_into_script_files(tmp_path):
    docs = [Document(f"d{i}", f"Seen by Dr Lee {i} on 2020-01-{i % 28 + 1:02d}.",
                     (Span(11, 14, "DOCTOR"),)) for i in range(25)]
    result = write_review(tmp_path / "r", docs, chunk_size=10, inline_limit=0, charts=False)
    assert [p.name for p in result.data_files] == ["chunk-00000.js", "chunk-00001.js", "chunk-00002.js"]
    index, chunks = embedded(result.page)
    assert [len(c) for c in chunks] == [10, 10, 5]
    assert index["docs"][24] == {"n": "d24", "c": 2, "p": 4, "g": {"0": 1}}
    # a rerun with fewer documents leaves no stale chunk behind
    again = write_review(tmp_path / "r", docs[:5], chunk_size=10, inline_limit=0, charts=False)
    assert sorted(p.name for p in (tmp_path / "r" / "data").iterdir()) == ["chunk-00000.js"]
    assert again.documents == 5


def test_evaluation_counts_agree_with_evaluate(tmp_path):
    gold = list(read_corpus(EXAMPLES / "gold.jsonl"))
    found = {d.id: [s for s in d.spans if s.label != "DATE"] + [Span(0, 3, "AGE")] for d in gold}
    found[gold[0].id] = [Span(s.start, s.end, "OTHER") for s in gold[0].spans]
    result = write_review(tmp_path / "r", gold, predicted=found, charts=False)
    index, chunks = embedded(result.page)
    assert index["evaluate"] is True
    status = Counter()
    for d in index["docs"]:
        status.update({name: n for name, n in zip(index["statuses"], d["s"])})
    strict = evaluate(gold, found).all.strict
    assert status[EXACT] == strict.tp == index["scores"]["entity_strict"]["tp"]
    assert status[MISS] + status[MISMATCH_GOLD] == strict.fn
    assert status[FALSE_ALARM] + status[MISMATCH_FOUND] == strict.fp
    assert result.report.all.token.as_dict() == evaluate(gold, found).all.token.as_dict()


def test_without_originals_no_original_text_is_written(tmp_path):
    gold = list(read_corpus(EXAMPLES / "gold.jsonl"))
    deid = [d.with_text(d.text.replace("Jennifer", "Brunhild"), d.spans) for d in gold]
    result = write_review(tmp_path / "r", gold, deid, predicted={d.id: list(d.spans) for d in gold},
                          keep_original=False, charts=False)
    written = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "r").rglob("*") if p.suffix in (".html", ".js"))
    assert "Jennifer" not in written and "Brunhild" in written
    index, chunks = embedded(result.page)
    assert index["original"] is False and index["deid"] is True
    assert all("t" not in rec and "e" not in rec for chunk in chunks for rec in chunk)


def test_streaming_writer_links_found_spans_to_their_replacements(tmp_path):
    from phisift.pipeline import Pipeline, load_config

    pipeline = Pipeline.from_config(load_config(overrides={"replace": {"mode": "tag"}}))
    doc = next(iter(read_corpus(EXAMPLES / "gold.jsonl")))
    new_doc, found = pipeline.deidentify(doc)
    with ReviewWriter(tmp_path / "r", evaluate=True, title="t") as writer:
        writer.add(doc, new_doc, found)
    index, chunks = embedded(tmp_path / "r" / "index.html")
    rec = chunks[0][0]
    linked = [e for e in rec["e"] if e[4] >= 0]
    assert linked and len(rec["r"]) == len(found)
    for start, end, label, _, peer, _ in linked:
        r = rec["r"][peer]
        assert rec["d"][r[0]:r[1]] == f"[{index['labels'][r[2]]}]"


def test_charts_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    from phisift.detect.frequency import FrequencyConfig, fit

    gold = list(read_corpus(EXAMPLES / "gold.jsonl"))
    state = fit(gold, FrequencyConfig(keep_share=0.8))
    found = {d.id: list(d.spans)[::2] for d in gold}
    result = write_review(tmp_path / "r", gold, predicted=found, frequency_state=state)
    assert [p.name for p in result.charts] == ["eval-by-label.png", "frequency-curve.png"]
    for p in result.charts:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    index, _ = embedded(result.page)
    assert [c["src"] for c in index["charts"]] == ["eval-by-label.png", "frequency-curve.png"]


# ------------------------------------------------------------------------ CLI
def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, timeout=300)


def test_review_command_help_and_usage_errors(tmp_path):
    res = run("review", "--help")
    assert res.returncode == 0 and "phisift review" in res.stdout and "Example" in res.stdout
    gold = EXAMPLES / "gold.jsonl"
    res = run("review", str(gold), "--pred", str(gold), "--no-original", "-o", str(tmp_path / "r"))
    assert res.returncode == 2 and "--no-original" in res.stderr and "Traceback" not in res.stderr
    res = run("review", str(EXAMPLES / "notes"), "-o", str(EXAMPLES / "notes" / "review"))
    assert res.returncode == 2 and "inside the input" in res.stderr


# -------------------------------------------------------------------- browser
@pytest.fixture(scope="module")
def example_run(tmp_path_factory):
    """The example notes (plus one hostile note) detected and de-identified with tags,
    written as files the way a user would have them, and both review pages built
    through the command line."""
    from phisift.pipeline import Pipeline, load_config
    from phisift.runs import spans_line

    base = tmp_path_factory.mktemp("review")
    gold = list(read_corpus(EXAMPLES / "gold.jsonl")) + [nasty_doc()]
    gold_path = base / "gold.jsonl"
    write_corpus(gold, gold_path)
    pipeline = Pipeline.from_config(load_config(overrides={"replace": {"mode": "tag"}}))
    deid, found = [], {}
    with open(base / "found.jsonl", "w", encoding="utf-8") as fh:
        for doc in gold:
            new_doc, spans = pipeline.deidentify(doc.with_spans(()))
            deid.append(new_doc)
            found[doc.id] = spans
            fh.write(spans_line(doc.id, spans))
    write_corpus(deid, base / "deid.jsonl")
    for args in ((str(gold_path), "-o", str(base / "plain")),
                 (str(gold_path), "--pred", str(base / "found.jsonl"), "--deid", str(base / "deid.jsonl"),
                  "-o", str(base / "eval"), "--title", "Example notes")):
        res = run("review", *args)
        assert res.returncode == 0, res.stderr
    return {"base": base, "gold": gold, "found": found, "deid": deid}


@pytest.fixture(scope="module")
def browser():
    sys.path.insert(0, str(Path(__file__).parent))
    from browser.chromium import chromium, missing

    reason = missing()
    if reason:
        pytest.skip(f"no headless browser: {reason}")
    with chromium(width=1440, height=900) as driver:
        yield driver


ENTRIES_JS = """
var box = document.getElementById(arguments[0]), pos = 0, out = {};
box.childNodes.forEach(function (n) {
  var len = n.textContent.length;
  if (n.nodeType === 1 && n.classList.contains('hl')) {
    var k = n.dataset.entry;
    if (!out[k]) out[k] = [pos, pos + len, n.dataset.label, n.dataset.status];
    else out[k][1] = pos + len;
  }
  pos += len;
});
return [box.textContent, Object.values(out)];
"""


def open_page(driver, page: Path) -> None:
    from browser.chromium import wait_for

    driver.get(page.resolve().as_uri())
    wait_for(driver, "document.body.dataset.ready === '1' && document.querySelector('#text-original .hl, #text-deid .hl') !== null")


def wait_doc(driver, doc_id: str) -> None:
    from browser.chromium import wait_for

    wait_for(driver, f"document.getElementById('doc-title').textContent === {json.dumps(doc_id)} && "
                     f"document.getElementById('text-original').textContent.length > 0")


def chip_counts(driver, selector: str, key: str) -> dict[str, int]:
    return driver.execute_script(
        "var o = {}, key = arguments[1]; document.querySelectorAll(arguments[0]).forEach(function (c) {"
        " o[c.dataset[key]] = Number(c.dataset.count); }); return o;", selector, key)


def test_browser_shows_the_spans_of_the_file_with_counts_filters_and_search(example_run, browser, tmp_path):
    from browser.chromium import wait_for

    driver, gold = browser, example_run["gold"]
    open_page(driver, example_run["base"] / "plain" / "index.html")
    assert driver.execute_script("return window.pwned") is None
    assert chip_counts(driver, "#label-filters .chip", "label") == Counter(s.label for d in gold for s in d.spans)

    body = driver.find_element("css selector", "body")
    for i, doc in enumerate(gold):  # j walks through every document
        wait_doc(driver, doc.id)
        text, entries = driver.execute_script(ENTRIES_JS, "text-original")
        assert text == doc.text
        to16 = utf16_offsets(doc.text)
        assert sorted(map(tuple, entries)) == sorted((to16(s.start), to16(s.end), s.label, "plain") for s in doc.spans)
        assert chip_counts(driver, "#doc-counts .count[data-label]", "label") == Counter(s.label for s in doc.spans)
        if i + 1 < len(gold):
            body.send_keys("j")
    body.send_keys("k")
    wait_doc(driver, gold[-2].id)

    # filter by label: only documents with a DATE, only DATE highlighted
    driver.find_element("css selector", '#label-filters .chip[data-label="DATE"]').click()
    with_date = [d for d in gold if any(s.label == "DATE" for s in d.spans)]
    wait_for(driver, f"document.querySelectorAll('#doclist .doc-item[data-pos]').length === {len(with_date)}")
    listed = driver.execute_script(
        "return Array.from(document.querySelectorAll('#doclist .doc-item .name')).map(function (e) { return e.textContent; })")
    assert listed == [d.id for d in with_date]
    current = driver.find_element("id", "doc-title").text
    _, entries = driver.execute_script(ENTRIES_JS, "text-original")
    doc = next(d for d in gold if d.id == current)
    assert sorted(e[2] for e in entries) == ["DATE"] * sum(s.label == "DATE" for s in doc.spans)
    driver.save_screenshot(str(tmp_path / "review-filter-date.png"))
    driver.find_element("id", "clear-labels").click()

    # search: "/" focuses the box; a word of one note narrows the list to it
    body.send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "search"
    driver.switch_to.active_element.send_keys("Mercy")
    wait_for(driver, "document.querySelectorAll('#doclist .doc-item[data-pos]').length === 1")
    wait_doc(driver, gold[-1].id)
    assert driver.execute_script("return document.querySelectorAll('#text-original .q').length") >= 1
    assert driver.execute_script("return window.pwned") is None
    shot = tmp_path / "review-plain.png"
    driver.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000


def test_browser_marks_misses_and_false_alarms_after_an_evaluation(example_run, browser, tmp_path):
    from browser.chromium import wait_for

    driver, gold, found = browser, example_run["gold"], example_run["found"]
    open_page(driver, example_run["base"] / "eval" / "index.html")
    expected = Counter()
    for doc in gold:
        expected.update(m.status for m in match_spans(doc.spans, found[doc.id]))
    chips = chip_counts(driver, "#status-filters .chip", "status")
    assert chips == {"exact": expected[EXACT], "miss": expected[MISS], "fa": expected[FALSE_ALARM],
                     "mm": expected[MISMATCH_GOLD] + expected[MISMATCH_FOUND]}
    assert chips["exact"] == evaluate(gold, found).all.strict.tp
    assert chip_counts(driver, "#label-filters .chip", "label") == Counter(s.label for d in gold for s in d.spans)

    # the first document: every gold and found span shown with its status, side by side with the tags
    doc = gold[0]
    wait_doc(driver, doc.id)
    _, entries = driver.execute_script(ENTRIES_JS, "text-original")
    marks = match_spans(doc.spans, found[doc.id])
    # a gold span (exact, missed or mismatched) and a false alarm are each shown whole; a found
    # span that mismatches a gold one is drawn under it (and named in its tag and tooltip)
    shown = {tuple(e) for e in entries}
    for m in marks:
        if m.status != MISMATCH_FOUND:
            assert (m.start, m.end, m.label, m.status) in shown
    deid_text, replaced = driver.execute_script(ENTRIES_JS, "text-deid")
    new_doc = example_run["deid"][0]
    assert deid_text == new_doc.text
    assert sorted(map(tuple, replaced)) == sorted((s.start, s.end, s.label, "plain") for s in new_doc.spans)
    assert all(deid_text[a:b] == f"[{label}]" for a, b, label, _ in replaced)

    if expected[MISS]:  # show only misses: every highlighted span is a miss
        driver.find_element("css selector", '#status-filters .chip[data-status="miss"]').click()
        wait_for(driver, "document.querySelectorAll('#text-original .hl').length > 0 && "
                         "Array.from(document.querySelectorAll('#text-original .hl')).every(function (e) {"
                         " return e.dataset.status === 'miss'; })")
        n_docs = sum(1 for d in gold if any(m.status == MISS for m in match_spans(d.spans, found[d.id])))
        assert driver.execute_script("return document.querySelectorAll('#doclist .doc-item[data-pos]').length") == n_docs
        style = driver.execute_script(
            "var s = getComputedStyle(document.querySelector('#text-original .hl.st-miss'));"
            " return [s.outlineStyle, s.outlineColor];")
        assert style[0] == "solid" and style[1] == "rgb(224, 49, 49)"
    driver.save_screenshot(str(tmp_path / "review-eval.png"))

    # the evaluation tab shows the score tables and the chart
    driver.find_element("css selector", '.tab[data-view="charts"]').click()
    wait_for(driver, "document.querySelectorAll('#scores table').length >= 3")
    if (example_run["base"] / "eval" / "eval-by-label.png").exists():
        wait_for(driver, "Array.from(document.querySelectorAll('#charts img')).every(function (i) {"
                         " return i.complete && i.naturalWidth > 0; })")


def test_browser_pages_through_ten_thousand_documents(browser, tmp_path):
    from browser.chromium import wait_for

    def note(i: int) -> Document:
        line = f"Seen by Dr Ann Lee on 2021-01-{i % 28 + 1:02d} (visit {i}).\n"
        return Document(f"note-{i:05d}", line * 12,
                        tuple(Span(j * len(line) + 11, j * len(line) + 18, "DOCTOR") for j in range(12)))

    docs = (note(i) for i in range(10_000))
    result = write_review(tmp_path / "big", docs, charts=False, inline_limit=1_000_000)
    assert result.documents == 10_000 and len(result.data_files) == 50
    driver = browser
    open_page(driver, result.page)
    assert driver.execute_script("return document.querySelectorAll('#doclist .doc-item').length") == 200
    took = driver.execute_script("""
      var t0 = performance.now();
      for (var i = 0; i < 205; i++) document.dispatchEvent(new KeyboardEvent('keydown', {key: 'j', bubbles: true}));
      return performance.now() - t0;""")
    assert took < 5000  # about 2-15 ms a key in a headless Chromium
    wait_doc(driver, "note-00205")
    wait_for(driver, "document.querySelectorAll('#text-original .hl').length === 12")  # chunk 1 loaded on demand
    assert driver.execute_script("return document.querySelectorAll('#doclist .doc-item').length") == 200
    assert "page 2/50" in driver.find_element("id", "page-info").text
    assert driver.execute_script("return document.querySelectorAll('script[src]').length") <= 3


# ------------------------------------------------------------- deid --review
def test_deid_review_page_matches_the_spans_file(tmp_path):
    """``deid --review``: one page entry per note, with exactly the spans the run wrote."""
    out, spans, review = tmp_path / "out.jsonl", tmp_path / "spans.jsonl", tmp_path / "review"
    res = run("deid", str(EXAMPLES / "notes"), str(out), "--mode", "tag", "--spans", str(spans),
              "--review", str(review), "--store", str(tmp_path / "s.db"))
    assert res.returncode == 0, res.stderr
    assert "review page: file://" in res.stderr
    index, chunks = embedded(review / "index.html")
    written = {json.loads(line)["id"]: json.loads(line)["spans"] for line in spans.read_text().splitlines()}
    assert sorted(d["n"] for d in index["docs"]) == sorted(written)
    originals = {d.id: d.text for d in read_corpus(EXAMPLES / "notes")}
    for i, entry in enumerate(index["docs"]):
        rec, shown = shown_spans(index, chunks, i)
        expected = sorted((s["start"], s["end"], s["label"]) for s in written[entry["n"]])
        assert sorted((a, b, label) for a, b, label, _ in shown) == expected  # ASCII notes: UTF-16 = str offsets
        assert sum(entry["g"].values()) == len(expected)
    html = (review / "index.html").read_text(encoding="utf-8")
    name = "Hernandes"
    assert any(name in t for t in originals.values()) and name in html


def test_deid_review_without_original_holds_no_original_text(tmp_path):
    review = tmp_path / "review"
    res = run("deid", str(EXAMPLES / "notes"), str(tmp_path / "out.jsonl"), "--mode", "mask",
              "--review", str(review), "--review-no-original", "--store", str(tmp_path / "s.db"))
    assert res.returncode == 0, res.stderr
    gold = list(read_corpus(EXAMPLES / "gold.jsonl"))
    html = (review / "index.html").read_text(encoding="utf-8")
    names = {d.text[s.start:s.end] for d in gold for s in d.spans if s.label in ("PATIENT", "DOCTOR")}
    assert names and not [n for n in names if len(n) > 3 and n in html]
    index, _ = embedded(review / "index.html")
    assert len(index["docs"]) == len(gold)


def test_deid_review_usage_errors(tmp_path):
    out = tmp_path / "out.jsonl"
    res = run("deid", str(EXAMPLES / "notes"), str(out), "--review", str(out), "--mode", "tag")
    assert res.returncode == 2 and "folder of its own" in res.stderr and "Traceback" not in res.stderr
    res = run("deid", str(EXAMPLES / "notes"), str(out), "--review-no-original", "--mode", "tag")
    assert res.returncode == 2 and "--review" in res.stderr
    res = run("deid", str(EXAMPLES / "notes"), str(out), "--review", str(EXAMPLES / "notes" / "r"), "--mode", "tag")
    assert res.returncode == 2 and "inside the input" in res.stderr
