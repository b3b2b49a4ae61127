"""The per-note writing context: slots that render PHI, and a tiny template language.

Templates are plain strings with three kinds of braces:

* ``{name}`` or ``{name:arg}`` - a slot, rendered by ``Ctx.s_name(arg)``; slots
  that produce PHI return ``Phi`` pieces, so labels come with the text;
* ``{a|b|c}`` - one alternative at random (alternatives may contain slots);
* ``{?text}`` - the text half of the time.

Every slot re-draws its surface form on each use (a patient is "Mr. Smith" in
one sentence and "the patient" in the next), while the underlying people and
dates stay those of the note's ``Cast`` and ``Timeline``.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta
from typing import Any, Callable

from . import clinical as C
from . import dates as D
from . import values as V
from .builder import NoteBuilder, Phi, Piece, flatten, lower, plain
from .cast import Cast
from .values import Fakers, Person
from .dates import Timeline

_SLOT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?::([^{}|]*))?$")

FULL_STYLES = tuple(D.FULL_DATE_STYLES)
NO_YEAR_STYLES = ("m/d", "m/d", "mm/dd", "Month d", "Mon d", "Month dth", "dth of Month", "d Mon")
PARTIAL_STYLES = ("Month Y", "Month Y", "Mon Y", "m/Y", "mm/Y", "Month of Y", "m/yy")

HEADING_STYLES = ("CAPS_NL", "CAPS_INLINE", "TITLE_INLINE", "ABBR_INLINE", "TITLE_NL", "CAPS_NL_NOCOLON")
BULLETS = ("num", "dash", "star", "none", "hash", "num_paren")


def _split_top(s: str, sep: str) -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _cap(pieces: list[Piece]) -> list[Piece]:
    """Capitalise the first letter of the first plain piece (not of a PHI value)."""
    flat = flatten(pieces)
    if flat and isinstance(flat[0], str) and flat[0][:1].islower():
        flat[0] = flat[0][0].upper() + flat[0][1:]
    return flat


def _article(word: str) -> str:
    return "an " if word[:1].lower() in "aeiou" and not word.lower().startswith(("uni", "use", "eu")) else "a "


class Ctx:
    def __init__(self, rng: random.Random, fk: Fakers, cast: Cast, tl: Timeline, note_type: str) -> None:
        self.rng = rng
        self.fk = fk
        self.cast = cast
        self.tl = tl
        self.note_type = note_type
        self.scenario = rng.choice(C.SCENARIOS)
        self.topic = rng.choice(C.OUTPATIENT_TOPICS)
        self.sloppy = rng.random() < 0.15
        self.hstyle = rng.choice(HEADING_STYLES)
        self.gap = rng.choice(("\n", "\n\n", "\n\n", "\n\n", "\n \n", "\n\n\n"))
        self.bullet = rng.choice(BULLETS)
        self.med_style = rng.choice(C.MED_STYLES)
        self.vital_style = rng.choice(C.VITAL_STYLES)
        self.dr_title = rng.choices(("Dr. ", "Dr ", "Dr. "), (8, 1, 3))[0]
        self.pt_title_style = rng.random()  # how often the narrative says "Mr. X" rather than "the patient"

    # ------------------------------------------------------------------ template language

    def t(self, template: str, **kw: Any) -> list[Piece]:
        return flatten(self._render(template, kw))

    def T(self, template: str, **kw: Any) -> list[Piece]:
        """Like ``t`` but with the first letter capitalised (sentence start)."""
        return _cap(self.t(template, **kw))

    def _render(self, s: str, kw: dict[str, Any]) -> list[Piece]:
        out: list[Piece] = []
        buf: list[str] = []
        i = 0
        while i < len(s):
            ch = s[i]
            if ch != "{":
                buf.append(ch)
                i += 1
                continue
            depth, j = 0, i
            while j < len(s):
                if s[j] == "{":
                    depth += 1
                elif s[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= len(s):
                raise ValueError(f"unbalanced braces in template: {s!r}")
            if buf:
                out.append("".join(buf))
                buf = []
            out.extend(self._inner(s[i + 1 : j], kw))
            i = j + 1
        if buf:
            out.append("".join(buf))
        return out

    def _inner(self, inner: str, kw: dict[str, Any]) -> list[Piece]:
        parts = _split_top(inner, "|")
        if len(parts) > 1:
            return self._render(self.rng.choice(parts), kw)
        if inner.startswith("?"):
            return self._render(inner[1:], kw) if self.rng.random() < 0.5 else []
        m = _SLOT.match(inner)
        if not m:
            raise ValueError(f"bad slot {{{inner}}}")
        name, arg = m.group(1), m.group(2) or ""
        if name in kw:
            v = kw[name]
            return flatten([v() if callable(v) else v])
        fn: Callable[[str], Piece] | None = getattr(self, "s_" + name, None)
        if fn is None:
            raise ValueError(f"unknown slot {{{inner}}}")
        return flatten([fn(arg)])

    def sent(self, *templates: str, **kw: Any) -> list[Piece]:
        """Sentences joined by spaces; in a sloppy note some come out lower-cased."""
        out: list[Piece] = []
        for k, tmpl in enumerate(templates):
            pieces = self.T(tmpl, **kw)
            if self.sloppy and self.rng.random() < 0.4:
                pieces = lower(pieces)
            if k:
                out.append(" ")
            out.extend(pieces)
        return out

    def some(self, pool: tuple[str, ...] | list[str], k: int | tuple[int, int]) -> list[str]:
        if isinstance(k, tuple):
            k = self.rng.randint(*k)
        return self.rng.sample(list(pool), min(k, len(pool)))

    # ------------------------------------------------------------------ layout

    def heading(self, full: str, abbr: str = "") -> tuple[list[Piece], bool]:
        """The heading text and whether the body starts on a new line."""
        style = self.hstyle
        if style == "ABBR_INLINE" and abbr:
            return [abbr + ": "], False
        if style in ("CAPS_NL", "CAPS_NL_NOCOLON"):
            return [full.upper() + (":" if style == "CAPS_NL" else "")], True
        if style == "CAPS_INLINE":
            return [full.upper() + ":  "], False
        if style == "TITLE_NL":
            return [full], True
        return [full + ": "], False

    def section(self, b: NoteBuilder, full: str, abbr: str, body: list[Piece] | list[list[Piece]]) -> None:
        """Write a heading and a paragraph (list of pieces) or lines (list of lists)."""
        head, newline = self.heading(full, abbr)
        is_lines = bool(body) and isinstance(body[0], list)
        if is_lines or newline:
            b.line(plain(head).rstrip() if not newline else head)
            if is_lines:
                for ln in body:
                    b.line(ln)
            else:
                b.line(body)
        else:
            b.line(head, body)
        b.add(self.gap[1:] if self.gap != "\n" else "")

    def bullets(self, items: list[list[Piece]], style: str | None = None) -> list[list[Piece]]:
        style = style or self.bullet
        out = []
        for k, it in enumerate(items, 1):
            mark = {"num": f"{k}. ", "dash": "- ", "star": "* ", "none": "", "hash": f"#{k} ", "num_paren": f"{k}) "}[style]
            if style == "none" and self.rng.random() < 0.3:
                mark = "  "
            out.append([mark, *it])
        return out

    # ------------------------------------------------------------------ people

    def _title(self) -> str:
        return self.cast.title + " " if self.cast.title else ""

    def _name_full(self, p: Person, label: str) -> Phi:
        r = self.rng.random()
        if r < 0.5 or not p.mi:
            s = f"{p.first} {p.last}"
        elif r < 0.75:
            s = f"{p.first} {p.mi}. {p.last}"
        elif r < 0.85:
            s = f"{p.first} {p.mi} {p.last}"
        elif r < 0.93:
            s = f"{p.first[0]}. {p.last}"
        else:
            s = f"{p.first} {p.middle} {p.last}"
        return Phi(s, label)

    def _name_header(self, p: Person, label: str) -> Phi:
        r = self.rng.random()
        if r < 0.35:
            s = f"{p.last.upper()}, {p.first.upper()}"
        elif r < 0.5:
            s = f"{p.last.upper()},{p.first.upper()}"
        elif r < 0.6 and p.mi:
            s = f"{p.last.upper()}, {p.first.upper()} {p.mi}"
        elif r < 0.8:
            s = f"{p.last}, {p.first}" + (f" {p.mi}." if p.mi and self.rng.random() < 0.4 else "")
        else:
            return self._name_full(p, label)
        return Phi(s, label)

    def s_pt(self, arg: str = "") -> list[Piece]:
        """How the narrative refers to the patient."""
        p = self.cast.patient
        r = self.rng.random()
        if r < 0.35 + 0.3 * self.pt_title_style and self.cast.title:
            return [self._title(), Phi(p.last, "PATIENT")]
        if r < 0.8:
            return [self.rng.choice(("the patient", "the patient", "the pt", "pt", "this patient"))]
        if r < 0.88:
            return [Phi(p.first, "PATIENT")]
        if r < 0.96:
            return [self._name_full(p, "PATIENT")]
        return [Phi(p.last, "PATIENT")]

    def s_Pt(self, arg: str = "") -> list[Piece]:
        return _cap(self.s_pt())

    def s_pt_name(self, arg: str = "") -> list[Piece]:
        """A mention that always names the patient."""
        p = self.cast.patient
        r = self.rng.random()
        if r < 0.55 and self.cast.title:
            return [self._title(), Phi(p.last, "PATIENT")]
        if r < 0.75:
            return [self._name_full(p, "PATIENT")]
        if r < 0.9:
            return [Phi(p.first, "PATIENT")]
        return [Phi(p.last, "PATIENT")]

    def s_Pt_name(self, arg: str = "") -> list[Piece]:
        return _cap(self.s_pt_name())

    def s_pt_full(self, arg: str = "") -> Piece:
        return self._name_full(self.cast.patient, "PATIENT")

    def s_pt_header(self, arg: str = "") -> Piece:
        return self._name_header(self.cast.patient, "PATIENT")

    def s_pt_first(self, arg: str = "") -> Piece:
        return Phi(self.cast.patient.first, "PATIENT")

    def s_pt_last(self, arg: str = "") -> Piece:
        return Phi(self.cast.patient.last, "PATIENT")

    def s_pt_title(self, arg: str = "") -> list[Piece]:
        return [self._title(), Phi(self.cast.patient.last, "PATIENT")]

    def _prov(self, role: str) -> Person:
        return self.cast.providers[role or "attending"]

    def s_dr(self, role: str = "") -> list[Piece]:
        """"Dr. Lee": the title stays outside the span."""
        p = self._prov(role)
        if self.rng.random() < 0.75:
            return [self.dr_title, Phi(p.last, "DOCTOR")]
        return [self.dr_title, self._name_full(p, "DOCTOR")]

    def s_doc(self, role: str = "") -> Piece:
        return self._name_full(self._prov(role), "DOCTOR")

    def s_doc_last(self, role: str = "") -> Piece:
        return Phi(self._prov(role).last, "DOCTOR")

    def s_doc_first(self, role: str = "") -> Piece:
        return Phi(self._prov(role).first, "DOCTOR")

    def s_prov(self, role: str = "") -> list[Piece]:
        """A provider with credentials: "John Q. Smith, MD", "Smith, John MD"."""
        role = role or "attending"
        p = self._prov(role)
        cred = self.cast.credentials[role]
        r = self.rng.random()
        if r < 0.7:
            return [self._name_full(p, "DOCTOR"), self.rng.choice((", ", " ", ", ")) + cred]
        if r < 0.85:
            return [Phi(f"{p.last}, {p.first}" + (f" {p.mi}" if p.mi else ""), "DOCTOR"), " " + cred]
        return [self._name_full(p, "DOCTOR")]

    def s_init(self, role: str = "") -> Piece:
        p = self._prov(role)
        r = self.rng.random()
        if r < 0.5:
            return Phi(p.initials(), "DOCTOR")
        if r < 0.8:
            return Phi(f"{p.first[0]}.{p.last[0]}.", "DOCTOR")
        return Phi((p.first[0] + p.last[0]).lower(), "DOCTOR")

    def _rel(self, arg: str):
        k = int(arg) if arg.isdigit() else 0
        rels = self.cast.relatives
        return rels[min(k, len(rels) - 1)]

    def s_rel(self, arg: str = "") -> list[Piece]:
        """"daughter Mary" / "daughter, Mary Smith," / "son (Peter)"."""
        r = self._rel(arg)
        name = Phi(r.person.first, "PATIENT") if self.rng.random() < 0.6 else self._name_full(r.person, "PATIENT")
        form = self.rng.random()
        if form < 0.6:
            return [r.relation + " ", name]
        if form < 0.8:
            return [r.relation + ", ", name, ","]
        return [r.relation + " (", name, ")"]

    def s_rel_name(self, arg: str = "") -> Piece:
        r = self._rel(arg)
        return Phi(r.person.first, "PATIENT") if self.rng.random() < 0.5 else self._name_full(r.person, "PATIENT")

    def s_rel_word(self, arg: str = "") -> str:
        return self._rel(arg).relation

    def s_rel_phone(self, arg: str = "") -> Piece:
        return Phi(self._rel(arg).phone, "PHONE")

    def s_rel_prof(self, arg: str = "") -> Piece:
        return Phi(self._rel(arg).profession, "PROFESSION")

    def s_rel_city(self, arg: str = "") -> list[Piece]:
        c, st = self._rel(arg).city
        return self._city_state(c, st)

    def s_person(self, arg: str = "") -> Piece:
        """Some other non-provider person (a friend, a neighbour): PATIENT per i2b2."""
        p = V.make_person(self.rng, self.fk)
        return Phi(p.first if self.rng.random() < 0.5 else p.full(), "PATIENT")

    def s_other_doc(self, arg: str = "") -> list[Piece]:
        p = V.make_person(self.rng, self.fk)
        return [self.dr_title, Phi(p.last if self.rng.random() < 0.6 else p.full(), "DOCTOR")]

    # pronouns and sex words
    def _sexword(self, f: str, m: str) -> str:
        return f if self.cast.patient.sex == "F" else m

    def s_he(self, a: str = "") -> str: return self._sexword("she", "he")
    def s_He(self, a: str = "") -> str: return self._sexword("She", "He")
    def s_his(self, a: str = "") -> str: return self._sexword("her", "his")
    def s_His(self, a: str = "") -> str: return self._sexword("Her", "His")
    def s_him(self, a: str = "") -> str: return self._sexword("her", "him")
    def s_himself(self, a: str = "") -> str: return self._sexword("herself", "himself")
    def s_sex(self, a: str = "") -> str: return self._sexword("female", "male")
    def s_mf(self, a: str = "") -> str: return self.cast.patient.sex

    def s_man(self, a: str = "") -> str:
        if self.cast.age < 18:
            return self._sexword("girl", "boy")
        return self.rng.choice(self._sexword(("woman", "woman", "female", "lady", "F"), ("man", "man", "male", "gentleman", "M")))

    # ------------------------------------------------------------------ ages

    def s_age(self, arg: str = "") -> list[Piece]:
        return D.age_pieces(self.cast.age, self.rng.choice(D.AGE_ADJ_STYLES), self.cast.patient.sex)

    def s_age_cap(self, arg: str = "") -> list[Piece]:
        return self.s_age()

    def s_a_age(self, arg: str = "") -> list[Piece]:
        """"a 67-year-old" / "an 82-year-old" / "an 18 yo"."""
        a = self.cast.age
        article = "an " if str(a).startswith("8") or a in (11, 18) else "a "
        return [article, *self.s_age()]

    def s_age_years(self, arg: str = "") -> list[Piece]:
        return D.age_pieces(self.cast.age, self.rng.choice(("years old", "age", "aged", "years of age", "yrs")))

    def s_age_n(self, arg: str = "") -> Piece:
        return Phi(str(self.cast.age), "AGE")

    def s_age_small(self, arg: str = "") -> Piece:
        return Phi(str(self.rng.randint(8, max(9, min(self.cast.age - 1, 60)))), "AGE")

    def s_age_rel(self, arg: str = "") -> Piece:
        """An age at death or of a relative."""
        return Phi(str(self.rng.randint(45, 99)), "AGE")

    def s_age_decade(self, arg: str = "") -> list[Piece]:
        d = self.rng.choice((4, 5, 6, 7, 8))
        return [self.rng.choice(("in {h} ", "in {h} early ", "in {h} late ", "in {h} mid-")).format(h=self.s_his()),
                Phi(f"{d}0s", "AGE")]

    # ------------------------------------------------------------------ dates

    def _full_style(self) -> str:
        if self.rng.random() < 0.7:
            return self.tl.house_style
        styles, weights = zip(*D.FULL_DATE_STYLES.items())
        return self.rng.choices(styles, weights)[0]

    def s_date(self, key: str = "") -> list[Piece]:
        rng, tl = self.rng, self.tl
        key = key or "any"
        if key == "any":
            key = rng.choice(("prior", "recent", "year", "month_year", "future", "note"))
        if key in ("note", "admit", "discharge", "dob"):
            d = {"note": tl.note, "admit": tl.admit, "discharge": tl.discharge, "dob": tl.dob}[key]
            return D.date_pieces(d, self._full_style(), rng)
        if key == "iso":
            return D.date_pieces(tl.note, "Y-mm-dd", rng)
        if key == "admit_plus":
            span = max(0, (tl.discharge - tl.admit).days)
            d = tl.admit + timedelta(days=rng.randint(0, span))
            return D.date_pieces(d, rng.choice(NO_YEAR_STYLES) if rng.random() < 0.5 else self._full_style(), rng)
        if key == "recent":
            d = tl.before(rng, 2, 60)
            return D.date_pieces(d, rng.choice(NO_YEAR_STYLES) if rng.random() < 0.45 else self._full_style(), rng)
        if key == "future":
            d = tl.after(rng, 7, 120)
            return D.date_pieces(d, rng.choice(NO_YEAR_STYLES) if rng.random() < 0.4 else self._full_style(), rng)
        if key == "prior":
            d = tl.before(rng, 60, 3000)
            r = rng.random()
            style = self._full_style() if r < 0.45 else rng.choice(PARTIAL_STYLES) if r < 0.85 else "Y"
            return D.date_pieces(d, style, rng)
        if key == "year":
            d = tl.before(rng, 365, 9000)
            return D.date_pieces(d, "Y" if rng.random() < 0.92 else "'yy", rng)
        if key == "month_year":
            return D.date_pieces(tl.before(rng, 40, 1500), rng.choice(PARTIAL_STYLES), rng)
        if key == "month":
            return D.date_pieces(tl.before(rng, 20, 300), "Month", rng)
        if key == "holiday":
            return D.date_pieces(tl.note, "holiday", rng)
        if key == "season":
            return D.date_pieces(tl.before(rng, 90, 1200), "season Y", rng)
        if key == "weekday":
            d = tl.before(rng, 1, 6)
            r = rng.random()
            if r < 0.5:
                wd = D.WEEKDAYS[d.weekday()]
                return [Phi(wd, "DATE")] if D.WEEKDAYS_ARE_DATES else [wd]
            return D.date_pieces(d, "weekday m/d" if r < 0.8 else "weekday, Month d", rng)
        if key == "dob_any":
            return D.date_pieces(tl.dob, self._full_style() if rng.random() < 0.8 else "m/d/y", rng)
        raise ValueError(f"unknown date key {key}")

    def s_time(self, arg: str = "") -> str:
        h, m = self.rng.randint(0, 23), self.rng.choice((0, 5, 10, 15, 20, 30, 32, 40, 45, 51))
        r = self.rng.random()
        if r < 0.4:
            return f"{h:02d}:{m:02d}"
        if r < 0.7:
            return f"{(h % 12) or 12}:{m:02d} {'AM' if h < 12 else 'PM'}"
        if r < 0.85:
            return f"{h:02d}{m:02d}"
        return f"{(h % 12) or 12}:{m:02d}{'am' if h < 12 else 'pm'}"

    # ------------------------------------------------------------------ places and organisations

    def s_hosp(self, arg: str = "") -> Piece:
        c = self.cast
        return Phi(c.hospital_abbr if self.rng.random() < 0.3 else c.hospital, "HOSPITAL")

    def s_hosp_full(self, arg: str = "") -> Piece:
        return Phi(self.cast.hospital, "HOSPITAL")

    def s_hosp2(self, arg: str = "") -> Piece:
        return Phi(self.cast.other_hospital, "HOSPITAL")

    def s_hosp_any(self, arg: str = "") -> Piece:
        return Phi(V.hospital(self.rng, self.fk), "HOSPITAL")

    def s_facility(self, arg: str = "") -> Piece:
        return Phi(self.cast.facility, "HOSPITAL")

    def s_clinic(self, arg: str = "") -> Piece:
        return Phi(self.cast.clinic, "HOSPITAL")

    def _city_state(self, c: str, st: str) -> list[Piece]:
        r = self.rng.random()
        if r < 0.55:
            return [Phi(c, "CITY")]
        state = V.US_STATES.get(st, st) if self.rng.random() < 0.4 else st
        return [Phi(c, "CITY"), ", ", Phi(state, "STATE")]

    def s_city(self, arg: str = "") -> list[Piece]:
        c, st = V.city(self.rng, self.fk)
        return self._city_state(c, st)

    def s_city_only(self, arg: str = "") -> Piece:
        return Phi(V.city(self.rng, self.fk)[0], "CITY")

    def s_pt_city(self, arg: str = "") -> list[Piece]:
        a = self.cast.address
        return self._city_state(a.city, a.state)

    def s_state(self, arg: str = "") -> Piece:
        return Phi(V.state_name(self.rng), "STATE")

    def s_region(self, arg: str = "") -> Piece:
        return Phi(self.rng.choice(V.OTHER_REGIONS), "STATE")

    def s_country(self, arg: str = "") -> list[Piece]:
        c = self.cast.country if arg != "any" else self.rng.choice(V.COUNTRIES)
        if c.startswith("the "):
            return ["the ", Phi(c[4:], "COUNTRY")]
        return [Phi(c, "COUNTRY")]

    def s_foreign_city(self, arg: str = "") -> Piece:
        return Phi(self.rng.choice(V.FOREIGN_CITIES), "CITY")

    def s_street(self, arg: str = "") -> Piece:
        return Phi(self.cast.address.street, "STREET")

    def s_street_any(self, arg: str = "") -> Piece:
        return Phi(V.street(self.rng, self.fk), "STREET")

    def s_zip(self, arg: str = "") -> Piece:
        return Phi(self.cast.address.zip, "ZIP")

    def s_landmark(self, arg: str = "") -> list[Piece]:
        lm = V.landmark(self.rng, self.fk, outdoor=arg == "outdoor")
        if lm.startswith("the "):
            return ["the ", Phi(lm[4:], "LOCATION-OTHER")]
        return [Phi(lm, "LOCATION-OTHER")]

    def _org_pieces(self, name: str) -> list[Piece]:
        if name.startswith("the "):
            return ["the ", Phi(name[4:], "ORGANIZATION")]
        return [Phi(name, "ORGANIZATION")]

    def s_vna(self, arg: str = "") -> Piece:
        return Phi(V.vna(self.rng, self.fk), "ORGANIZATION")

    def s_church(self, arg: str = "") -> Piece:
        return Phi(V.congregation(self.rng, self.fk), "ORGANIZATION")

    def s_agency(self, arg: str = "") -> Piece:
        return Phi(V.agency(self.rng, self.fk), "ORGANIZATION")

    def s_practice(self, arg: str = "") -> Piece:
        return Phi(V.practice(self.rng, self.fk), "HOSPITAL")

    def s_org(self, arg: str = "") -> list[Piece]:
        return self._org_pieces(V.organization(self.rng, self.fk))

    def s_employer(self, arg: str = "") -> list[Piece]:
        return self._org_pieces(self.cast.employer)

    def s_insurer(self, arg: str = "") -> Piece:
        return Phi(self.cast.insurer, "ORGANIZATION")

    def s_public_plan(self, arg: str = "") -> str:
        return self.rng.choice(V.PUBLIC_PLANS)

    def s_prof(self, arg: str = "") -> Piece:
        return Phi(self.cast.profession, "PROFESSION")

    def s_a_prof(self, arg: str = "") -> list[Piece]:
        """"a plumber" / "an electrician": the article stays outside the span."""
        return [_article(self.cast.profession), Phi(self.cast.profession, "PROFESSION")]

    def s_a_rel_prof(self, arg: str = "") -> list[Piece]:
        prof = self._rel(arg).profession
        return [_article(prof), Phi(prof, "PROFESSION")]

    def s_prof_any(self, arg: str = "") -> Piece:
        return Phi(V.profession(self.rng, self.fk), "PROFESSION")

    def address_lines(self, with_name: bool = False) -> list[list[Piece]]:
        a = self.cast.address
        lines: list[list[Piece]] = []
        if with_name:
            lines.append([self.s_pt_full()])
        street: list[Piece] = [Phi(a.street, "STREET")]
        if a.apt:
            street += [self.rng.choice((", ", " ")) + a.apt]
        lines.append(street)
        lines.append([Phi(a.city, "CITY"), ", ", Phi(a.state, "STATE"), self.rng.choice(("  ", " ")), Phi(a.zip, "ZIP")])
        return lines

    def s_address(self, arg: str = "") -> list[Piece]:
        out: list[Piece] = []
        for k, ln in enumerate(self.address_lines()):
            out += ([", "] if k else []) + ln
        return out

    # ------------------------------------------------------------------ contact and identifiers

    def s_phone(self, key: str = "") -> Piece:
        key = key or "home"
        if key == "any":
            return Phi(V.phone(self.rng), "PHONE")
        if key == "intl":
            return Phi(V.international_phone(self.rng), "PHONE")
        return Phi(self.cast.phones[key], "PHONE")

    def s_fax(self, key: str = "") -> Piece:
        return Phi(self.cast.phones[key or "clinic_fax"] if key != "any" else V.phone(self.rng, ext=False), "FAX")

    def s_pager(self, arg: str = "") -> Piece:
        return Phi(V.pager(self.rng), "PHONE")

    def s_ext(self, arg: str = "") -> Piece:
        return Phi(V.extension(self.rng), "PHONE")

    def s_email(self, who: str = "") -> Piece:
        if who == "doc":
            p = self._prov("attending")
            return Phi(V.email(self.rng, p, self.cast.hospital_domain), "EMAIL")
        if who == "rel":
            return Phi(V.email(self.rng, self._rel("0").person), "EMAIL")
        if who == "office":
            local = self.rng.choice(("referrals", "intake", "records", "cardiology", "pcp.office", "scheduling", "himinfo"))
            return Phi(f"{local}@{self.cast.hospital_domain}", "EMAIL")
        return Phi(V.email(self.rng, self.cast.patient), "EMAIL")

    def s_url(self, arg: str = "") -> Piece:
        domain = self.cast.hospital_domain if arg != "any" else V.domain_for(V.organization(self.rng, self.fk), self.rng)
        return Phi(V.url(self.rng, domain), "URL")

    def s_ip(self, arg: str = "") -> Piece:
        return Phi(V.ip_address(self.rng), "IPADDR")

    def s_user(self, who: str = "") -> Piece:
        p = self.cast.patient if who in ("", "pt") else self._prov(who)
        return Phi(V.username(self.rng, p), "USERNAME")

    def _id(self, key: str, label: str) -> Piece:
        return Phi(self.cast.ids[key], label)

    def s_mrn(self, arg: str = "") -> Piece: return self._id("mrn2" if arg == "2" else "mrn", "MEDICALRECORD")
    def s_acct(self, arg: str = "") -> Piece: return self._id("acct", "ACCOUNT")
    def s_ssn(self, arg: str = "") -> Piece: return self._id("ssn", "SSN")
    def s_hp(self, arg: str = "") -> Piece: return self._id("hp", "HEALTHPLAN")
    def s_group(self, arg: str = "") -> Piece: return self._id("group", "HEALTHPLAN")
    def s_dea(self, arg: str = "") -> Piece: return self._id("dea", "LICENSE")
    def s_lic(self, arg: str = "") -> Piece: return self._id("lic", "LICENSE")
    def s_dl(self, arg: str = "") -> Piece: return self._id("dl", "LICENSE")
    def s_npi(self, arg: str = "") -> Piece: return self._id("npi", "IDNUM")
    def s_device(self, arg: str = "") -> Piece: return self._id("device2" if arg == "2" else "device", "DEVICE")
    def s_vin(self, arg: str = "") -> Piece: return self._id("vin", "VEHICLE")
    def s_plate(self, arg: str = "") -> Piece: return self._id("plate", "VEHICLE")
    def s_bioid(self, arg: str = "") -> Piece: return self._id("bioid", "BIOID")

    def s_idnum(self, kind: str = "") -> Piece:
        return Phi(V.idnum(self.rng, kind), "IDNUM")

    # ------------------------------------------------------------------ clinical (never PHI)

    def meds_inline(self, k: int) -> str:
        drugs = self.rng.sample(C.HOME_DRUGS, k)
        return ", ".join(C.med_line(self.rng, d, self.med_style) for d in drugs)

    def s_med(self, arg: str = "") -> str:
        return C.med_line(self.rng, self.rng.choice(C.HOME_DRUGS), self.med_style if self.rng.random() < 0.8 else self.rng.choice(C.MED_STYLES))

    def s_problem(self, arg: str = "") -> str:
        return self.rng.choice(C.CHRONIC_PROBLEMS)

    def s_allergy(self, arg: str = "") -> str:
        return self.rng.choice(C.ALLERGIES)

    def s_vitals(self, arg: str = "") -> str:
        return C.vitals(self.rng, self.vital_style)

    def s_lab(self, panel: str = "") -> str:
        return C.lab_inline(self.rng, panel or "chem")

    def s_neg(self, arg: str = "") -> list[Piece]:
        """A sentence built around a hard negative (eponym, brand, score)."""
        return self.T(self.rng.choice(C.NEGATIVE_SENTENCES))

    def s_cc(self, arg: str = "") -> str:
        return self.rng.choice(self.scenario.cc)

    def s_consult(self, arg: str = "") -> str:
        return self.scenario.consult

    def s_icd(self, arg: str = "") -> str:
        return self.rng.choice(C.ICD_CODES)

    def s_room(self, arg: str = "") -> str:
        """Room and bed numbers: not PHI in the i2b2 2014 set."""
        return self.rng.choice((f"room {self.rng.randint(2, 12)}{self.rng.randint(0, 3)}{self.rng.randint(1, 9)}",
                                f"bed {self.rng.randint(1, 30)}", f"Rm {self.rng.randint(100, 999)}B",
                                f"{self.rng.randint(4, 14)} West", f"pod {self.rng.choice('ABCD')}"))
