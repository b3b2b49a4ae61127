"""Judgment-like paragraphs with names, places, bodies, dates and codes, and their gold (issue 15).

    python bench/make_court.py                          # bench/out/court/{tune,check}.jsonl
    python bench/make_court.py --per-set 240 --seed 15
    python bench/realprose_eval.py --dir bench/out/court --sets tune --settings "default;rules,lexicon"
    python bench/realprose_eval.py --dir bench/out/court --sets check --settings "default;rules,lexicon"

Issue 15's independent check scores the default pipeline on real English court judgments
(token recall target 0.90). We hold no judgment text and must not read any (a held-out set may
come from a public judgment corpus), so this generator is written from general knowledge of how
English-language judgments are worded: the European Court of Human Rights ("The applicant,
Mr X, is a Turkish national who was born in 1962 and lives in Ankara"), UK, Irish, US, Indian
and Australian courts. It imports none of phisift's detectors. The paragraphs are **our own
writing, not real judgments**: a figure on them says how the detectors do on the forms we
thought of, not on real judgments.

Two sets, disjoint paragraph templates (``court_templates.py``): ``tune`` (rules are developed
on its misses) and ``check`` (never tuned on; figures only).

Gold convention (i2b2 2014 labels, scored per token):

* persons: parties, relatives and witnesses ``PATIENT``; judges, lawyers, Government agents,
  registrars, prosecutors, police officers and doctors ``DOCTOR``; the name only, never its
  title ("Mr", "Judge", "Lord Justice"); initials standing for a person ("Mr A.B.") are a person;
* places: ``CITY`` (towns, villages), ``STATE`` (provinces, regions, counties), ``COUNTRY``,
  ``STREET``, ``LOCATION-OTHER`` (districts, neighbourhoods); the words "village of",
  "district", "province" are not part of the span unless they are part of the name;
* organisations: named specific courts, prosecutors' offices, ministries, police stations,
  prisons, companies, banks, newspapers, parties ``ORGANIZATION``, hospitals ``HOSPITAL``;
  the article before them is not part of the span;
* dates ``DATE``: full dates, month and year, day and month, years that date an event
  ("born in 1962", "in 1994");
* codes ``IDNUM``: application, case, file and registration numbers, neutral citations
  (the number only: "no." and "application" are not part of the span); car plates ``VEHICLE``.

Not PHI (negatives the detectors must leave alone): generic institutional roles ("the Court",
"the Government", "the Chamber", "the Grand Chamber", "the Commission", "the applicant", "the
public prosecutor", "the trial court", "the Agent"), legal references ("Article 6 § 1 of the
Convention", "Article 3", "Rule 39 of the Rules of Court", "Protocol No. 1", "section 3 of the
Act", "paragraph 25 above"), amounts, durations, ages and times. Neutral (``meta["neutral"]``,
not scored either way, because we cannot say how the independent check marks them):
nationality adjectives ("a Turkish national"), the judging court's own name ("the European
Court of Human Rights"), cited precedents ("Selmouni v. France [GC], no. 25803/94") and
numbered statutes ("Law no. 2577", "the Criminal Justice Act 1988").
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from faker import Faker

from phisift.document import Document, Span
from phisift.formats import jsonl

ROOT = Path(__file__).resolve().parent
FAMILY = {"PATIENT": "person", "DOCTOR": "person", "CITY": "place", "STATE": "place", "COUNTRY": "place",
          "STREET": "place", "LOCATION-OTHER": "place", "ORGANIZATION": "organisation", "HOSPITAL": "organisation",
          "DATE": "date", "IDNUM": "code", "VEHICLE": "code"}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
SLOT = re.compile(r"\{(\w+)\}|\[\[([A-Z~-]+):(.+?)\]\]", re.S)


@dataclass
class Doc:
    """A judgment under construction: literal text, gold spans and neutral regions with their offsets."""

    parts: list[str] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    neutral: list[dict] = field(default_factory=list)
    length: int = 0

    def t(self, text: str) -> "Doc":
        self.parts.append(text)
        self.length += len(text)
        return self

    def v(self, text: str, label: str, form: str) -> "Doc":
        self.spans.append(Span(self.length, self.length + len(text), label,
                               source=f"{FAMILY.get(label, 'other')}/{form}"))
        return self.t(text)

    def n(self, text: str, why: str) -> "Doc":
        self.neutral.append({"start": self.length, "end": self.length + len(text), "label": why})
        return self.t(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class Person:
    def __init__(self, first: str, last: str, female: bool, middle: str = ""):
        self.first, self.last, self.female, self.middle = first, last, female, middle

    @property
    def full(self) -> str:
        return " ".join(p for p in (self.first, self.middle, self.last) if p)

    @property
    def initials(self) -> str:
        return "".join(f"{p[0]}." for p in (self.first, self.last))

    def short(self) -> str:
        return f"{self.first[0]}. {self.last}"


def render(doc: Doc, template: str, ctx) -> None:
    """Write ``template`` into ``doc``, each ``{slot}`` filled by ``ctx`` (which adds its spans).

    ``[[LABEL:text]]`` is literal text that is PHI (a body the template names itself: "the
    Human Rights Association"); ``[[~:text]]`` literal text that is neutral (a cited precedent)."""
    pos = 0
    for m in SLOT.finditer(template):
        doc.t(template[pos:m.start()])
        if m.group(1):
            ctx.fill(m.group(1), doc)
        elif m.group(2) == "~":
            doc.n(m.group(3), "literal")
        else:
            doc.v(m.group(3), m.group(2), "literal")
        pos = m.end()
    doc.t(template[pos:])


def make_doc(set_name: str, index: int, seed: int, templates: dict) -> Document:
    from court_context import Context

    rng = random.Random(f"{seed}-{set_name}-{index}")
    ctx = Context(rng)
    style = ctx.profile.style
    doc = Doc()
    openings = templates["open"][style]
    body = templates["body"][style] + templates["body"]["any"]
    render(doc, rng.choice(openings), ctx)
    chosen = rng.sample(body, min(len(body), rng.randint(4, 7)))
    for i, tpl in enumerate(chosen, start=2):
        doc.t("\n\n")
        if style in ("echr", "uk", "ie", "au") and rng.random() < 0.7:
            doc.t(f"{i}.  ")
        render(doc, tpl, ctx)
    doc.t("\n")
    return Document(f"{set_name}-{index:04d}", doc.text, tuple(doc.spans),
                    meta={"neutral": doc.neutral, "jurisdiction": ctx.profile.key})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "court")
    parser.add_argument("--per-set", type=int, default=240)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    from court_templates import CHECK, TUNE

    args.out.mkdir(parents=True, exist_ok=True)
    for name, templates in (("tune", TUNE), ("check", CHECK)):
        docs = [make_doc(name, i, args.seed, templates) for i in range(args.per_set)]
        jsonl.write(docs, args.out / f"{name}.jsonl")
        print(f"{name}: {len(docs)} judgments, {sum(len(d.spans) for d in docs)} spans")
    return 0


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # some Faker providers draw from sets: fix their order
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
