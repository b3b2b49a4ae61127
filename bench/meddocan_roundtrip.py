"""MEDDOCAN round trip: BRAT and i2b2 XML -> JSONL -> BRAT and XML, compared with the originals.

Every span (label, start, end) and every text must come back unchanged; the figure
that matters is "spans differing: 0 of 17,134" (train + dev BRAT annotations).
dev-xml holds the same dev notes as XML and is checked on its own, and the written
files are compared byte for byte with the originals, across formats too (dev BRAT
written as XML against dev-xml, dev-xml written as BRAT against dev).

    .venv/bin/python bench/meddocan_roundtrip.py [--data ../shared/data/meddocan]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from phisift.document import Document
from phisift.formats import read_corpus, write_corpus

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan"


def span_keys(doc: Document) -> Counter:
    return Counter((s.start, s.end, s.label) for s in doc.spans)


def compare(originals: dict[str, Document], path: Path, fmt: str) -> tuple[int, int, int]:
    """Spans differing (missing plus extra), total original spans, texts differing."""
    back = {d.id: d for d in read_corpus(path, fmt)}
    differ = texts = 0
    for doc_id in originals.keys() | back.keys():
        a, b = originals.get(doc_id), back.get(doc_id)
        ka = span_keys(a) if a else Counter()
        kb = span_keys(b) if b else Counter()
        differ += sum((ka - kb).values()) + sum((kb - ka).values())
        texts += a is None or b is None or a.text != b.text
    total = sum(len(d.spans) for d in originals.values())
    return differ, total, texts


def same_bytes(a_dir: Path, b_dir: Path, suffix: str) -> tuple[int, int]:
    files = sorted(p.name for p in a_dir.glob(f"*{suffix}"))
    same = sum((b_dir / name).exists() and (a_dir / name).read_bytes() == (b_dir / name).read_bytes() for name in files)
    return same, len(files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder with train/, dev/, dev-xml/")
    args = parser.parse_args()
    data: Path = args.data
    t0 = time.perf_counter()
    rows = {"brat": [0, 0, 0, 0], "xml": [0, 0, 0, 0]}  # spans differing, spans, texts differing, docs
    bytes_same = Counter()
    with tempfile.TemporaryDirectory(prefix="meddocan-rt-") as tmp_name:
        tmp = Path(tmp_name)
        for subset in ("train", "dev"):
            originals = {d.id: d for d in read_corpus(data / subset, "brat")}
            jsonl = tmp / f"{subset}.jsonl"
            write_corpus(originals.values(), jsonl)
            write_corpus(read_corpus(jsonl), tmp / f"{subset}-brat", "brat")
            write_corpus(read_corpus(jsonl), tmp / f"{subset}-xml", "i2b2", root="MEDDOCAN")
            for name, fmt in (("brat", "brat"), ("xml", "i2b2")):
                differ, total, texts = compare(originals, tmp / f"{subset}-{name}", fmt)
                row = rows[name]
                row[0] += differ
                row[1] += total
                row[2] += texts
                row[3] += len(originals)
            for suffix in (".txt", ".ann"):
                same, n = same_bytes(data / subset, tmp / f"{subset}-brat", suffix)
                bytes_same[suffix] += same
                bytes_same[suffix + " n"] += n

        xml_originals = {d.id: d for d in read_corpus(data / "dev-xml", "i2b2")}
        write_corpus(xml_originals.values(), tmp / "dev-xml.jsonl")
        write_corpus(read_corpus(tmp / "dev-xml.jsonl"), tmp / "devxml-xml", "i2b2")
        write_corpus(read_corpus(tmp / "dev-xml.jsonl"), tmp / "devxml-brat", "brat")
        x_differ, x_total, x_texts = compare(xml_originals, tmp / "devxml-xml", "i2b2")
        xml_same = same_bytes(data / "dev-xml", tmp / "devxml-xml", ".xml")
        cross_xml = same_bytes(data / "dev-xml", tmp / "dev-xml", ".xml")
        cross_ann = same_bytes(data / "dev", tmp / "devxml-brat", ".ann")
    elapsed = time.perf_counter() - t0

    b, x = rows["brat"], rows["xml"]
    print(f"MEDDOCAN round trip ({b[3]:,} BRAT notes in train + dev; {len(xml_originals):,} dev-xml notes)")
    print(f"BRAT -> JSONL -> BRAT : spans differing {b[0]:,} of {b[1]:,}; texts differing {b[2]:,} of {b[3]:,}")
    print(
        f"    files byte-identical: .txt {bytes_same['.txt']:,}/{bytes_same['.txt n']:,}, "
        f".ann {bytes_same['.ann']:,}/{bytes_same['.ann n']:,}"
    )
    print(f"BRAT -> JSONL -> XML  : spans differing {x[0]:,} of {x[1]:,}; texts differing {x[2]:,} of {x[3]:,}")
    print(
        f"XML  -> JSONL -> XML  : spans differing {x_differ:,} of {x_total:,}; "
        f"texts differing {x_texts:,} of {len(xml_originals):,}"
    )
    print(f"    files byte-identical: .xml {xml_same[0]:,}/{xml_same[1]:,}")
    print(f"cross-format, byte-identical: dev BRAT -> XML vs dev-xml {cross_xml[0]:,}/{cross_xml[1]:,}; "
          f"dev-xml -> BRAT .ann vs dev {cross_ann[0]:,}/{cross_ann[1]:,}")
    print(f"result: spans differing {b[0]:,} of {b[1]:,} (BRAT out), {x[0]:,} of {x[1]:,} (XML out), "
          f"{x_differ:,} of {x_total:,} (dev-xml)")
    print(f"time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
