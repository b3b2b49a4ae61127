"""Templated clinical records with many identifier kinds, written independently of the detectors.

    python bench/make_records.py                         # bench/out/records/{tune,report,report_locales,tune_new,tune_check,tune_r5,check_r5,tune_r6,check_r6,tune_r7,check_r7}.jsonl
    python bench/make_records.py --per-set 300 --seed 15
    python bench/realprose_eval.py --dir bench/out/records --sets tune,report --settings "default;rules,lexicon"

Issue 15's independent check scores the default pipeline on "templated clinical
records with many identifier kinds". Our own generator (``phisift.synth``) and the
real-prose injector were written by the hands that wrote the detectors, so their
forms are the forms the detectors know. This generator is written from what record
systems print instead: registration face sheets, wristbands and labels, lab and
radiology headers, claim forms (CMS-1500 boxes), HL7 v2 segments, CSV exports,
discharge summaries, referral letters, device implant logs, pharmacy labels, audit
trails. It imports none of phisift's detectors or synth templates; values come from
Faker (12 locales for ``tune``/``report``, 12 others for ``report_locales``) and from
the identifier shapes below (MBI, BCBS prefixes, DEA with its check digit, NPI with
its Luhn digit, UDI with GS1 application identifiers, VINs with their check digit).

Gold is phisift's i2b2 2014 taxonomy; field labels ("MRN#:", "Grp #") are never
PHI. Each span's ``source`` is ``family/form`` so that ``realprose_eval.py`` can
report recall per family. Templates are split by template id: a template writes
only ``tune`` or only ``report`` (and ``report_locales``, the report templates with
the other locales), so tuning on ``tune`` cannot learn ``report``'s layouts. ``tune_new`` and ``tune_check``
are a second batch of tune-only templates (records_tune_more*.py) in pairs of one kind:
rules are developed on ``tune_new``; ``tune_check`` is only scored, to show transfer. ``tune_r5`` and
``check_r5`` are a fifth batch split the same way (records_tune_r5.py, X31-X50); ``tune_r6`` and ``check_r6``
a sixth (records_tune_r6.py, X51-X70: vehicles, licences, health-plan numbers, other IDs, ages in lists);
``tune_r7`` and ``check_r7`` a seventh (records_tune_r7.py, X71-X110: DMV, transport, other countries' plates,
licences and health cards, FHIR/HL7 coverage, claims, devices, unlabelled imprints, prose and lower case).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import string
import sys
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from faker import Faker

from phisift.document import Document, Span
from phisift.formats import jsonl

ROOT = Path(__file__).resolve().parent
TUNE_LOCALES = ("en_US", "en_GB", "en_IN", "en_AU", "en_CA", "en_IE", "es_MX", "de_DE", "fr_FR", "it_IT",
                "pt_BR", "pl_PL")
OTHER_LOCALES = ("nl_NL", "sv_SE", "tr_TR", "vi_VN", "fil_PH", "cs_CZ", "en_NZ", "es_CO", "da_DK", "fi_FI",
                 "hu_HU", "ro_RO")
FAMILY = {
    "PATIENT": "person", "DOCTOR": "person", "USERNAME": "person", "PROFESSION": "profession",
    "HOSPITAL": "institution", "ORGANIZATION": "institution", "STREET": "address", "CITY": "address",
    "STATE": "address", "COUNTRY": "address", "ZIP": "address", "LOCATION-OTHER": "address", "AGE": "age",
    "DATE": "date", "PHONE": "contact", "FAX": "contact", "EMAIL": "contact", "URL": "contact",
    "IPADDR": "contact",
}
US_STATES = {
    "AL": "Alabama", "AZ": "Arizona", "CA": "California", "CO": "Colorado", "CT": "Connecticut", "FL": "Florida",
    "GA": "Georgia", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KY": "Kentucky", "LA": "Louisiana",
    "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MO": "Missouri",
    "NE": "Nebraska", "NV": "Nevada", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "SC": "South Carolina", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VA": "Virginia", "WA": "Washington",
    "WI": "Wisconsin",
}
SAINTS = ("Mary's", "Joseph", "Luke's", "Vincent", "Francis", "Anthony", "Elizabeth", "Jude", "Agnes", "Clare")
PAYERS = ("Aetna", "Cigna", "Humana", "UnitedHealthcare", "Anthem Blue Cross", "Kaiser Permanente", "Molina Healthcare",
          "Blue Cross Blue Shield of {state}", "Tricare", "Oscar Health", "Ambetter", "WellCare", "Highmark",
          "Medica", "Harvard Pilgrim", "Priority Health")
RELATIONS = ("spouse", "wife", "husband", "daughter", "son", "mother", "father", "sister", "brother", "friend",
             "partner", "niece", "grandson")


@dataclass
class Rec:
    """A record under construction: literal text and labelled values, gold offsets kept as it grows.

    ``case`` is how the record system prints: ``mixed`` as given, ``upper`` every character in capitals
    (legacy mainframe screens), ``values`` the values in capitals but the labels as written.
    """

    case: str = "mixed"
    parts: list[str] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    length: int = 0

    def t(self, text: str) -> "Rec":
        if self.case == "upper":
            text = text.upper()
        self.parts.append(text)
        self.length += len(text)
        return self

    def v(self, text: str, label: str, form: str = "") -> "Rec":
        """A PHI value; a value written in one case keeps that case (``values`` puts it in capitals)."""
        if self.case in ("upper", "values"):
            text = text.upper()
        if text != text.strip():  # a Faker value with a blank at an end: the blank is not PHI
            lead = text[: len(text) - len(text.lstrip())]
            if lead:
                self.t(lead)
            tail = text[len(text.rstrip()):]
            self.v(text.strip(), label, form)
            return self.t(tail) if tail else self
        fam = FAMILY.get(label, "identifier")
        self.spans.append(Span(self.length, self.length + len(text), label, source=f"{fam}/{form or label.lower()}"))
        self.parts.append(text)
        self.length += len(text)
        return self

    def age(self, text: str, form: str = "age") -> "Rec":
        """An age as i2b2 marks it: the number is the PHI, the unit after it ("y/o", " years", "Y") is not."""
        m = re.match(r"[0-9]+", text)
        self.v(m.group(), "AGE", form)
        return self.t(text[m.end():]) if m.end() < len(text) else self

    def when(self, day: str, time: str, form: str) -> "Rec":
        """A date and the clock time printed after it: one DATE span for an ISO date ("2021-08-18 18:02:15"),
        as phisift's own sets and rules write them; after any other form of date the time is not PHI."""
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
            return self.v(f"{day} {time}", "DATE", form)
        return self.v(day, "DATE", form).t(f" {time}")

    def child(self) -> "Rec":
        """An empty record in the same case, to build a value before deciding how to quote it."""
        return Rec(case=self.case)

    def add(self, other: "Rec", quote: str = "") -> "Rec":
        """Append ``other`` (wrapped in ``quote``), its spans moved to their new offsets."""
        self.t(quote)
        shift = self.length
        self.spans.extend(Span(s.start + shift, s.end + shift, s.label, s.source) for s in other.spans)
        self.parts.extend(other.parts)
        self.length += other.length
        return self.t(quote)

    @property
    def text(self) -> str:
        return "".join(self.parts)


# ---------------------------------------------------------------- identifier shapes


def digits(rng: random.Random, n: int, lead: str = "123456789") -> str:
    return rng.choice(lead) + "".join(rng.choice(string.digits) for _ in range(n - 1))


def letters(rng: random.Random, n: int, pool: str = string.ascii_uppercase) -> str:
    return "".join(rng.choice(pool) for _ in range(n))


def luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return str((10 - total % 10) % 10)


def npi(rng: random.Random) -> str:
    """A National Provider Identifier: 10 digits, the last a Luhn check over '80840' + the first nine."""
    body = rng.choice("12") + digits(rng, 8, string.digits)
    return body + luhn_digit("80840" + body)


def dea(rng: random.Random, last: str) -> str:
    """A DEA registration: registrant letter, the prescriber's initial, 6 digits and a check digit."""
    first = rng.choice("ABFGMP")
    initial = last[:1].upper() if last[:1].isascii() and last[:1].isalpha() else "X"
    d = [rng.randrange(10) for _ in range(6)]
    check = (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10
    return first + initial + "".join(map(str, d)) + str(check)


def vin(rng: random.Random) -> str:
    """A 17-character VIN (no I, O, Q) with its position-9 check digit."""
    alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    values = {**{str(i): i for i in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))),
              **dict(zip("JKLMNPR", (1, 2, 3, 4, 5, 7, 9))), **dict(zip("STUVWXYZ", range(2, 10)))}
    weights = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)
    chars = [rng.choice("1245JKSWYZ3")] + [rng.choice(alphabet) for _ in range(16)]
    chars[9] = rng.choice("ABCDEFGHJKLMNPRSTVWXY123456789")
    check = sum(values[c] * w for c, w in zip(chars, weights)) % 11
    chars[8] = "X" if check == 10 else str(check)
    return "".join(chars)


def mbi(rng: random.Random) -> str:
    """A Medicare Beneficiary Identifier (11 characters, no S L O I B Z), printed with or without dashes."""
    al = "ACDEFGHJKMNPQRTUVWXY"
    s = (rng.choice("123456789") + rng.choice(al) + rng.choice(al + string.digits) + rng.choice(string.digits)
         + rng.choice(al) + rng.choice(al + string.digits) + rng.choice(string.digits) + rng.choice(al)
         + rng.choice(al) + rng.choice(string.digits) + rng.choice(string.digits))
    return f"{s[:4]}-{s[4:7]}-{s[7:]}" if rng.random() < 0.4 else s


def ident(rng: random.Random, kind: str, cast: "Cast | None" = None) -> str:
    """An identifier of a kind, in one of the shapes record systems print for it."""
    r = rng
    yy = str(r.randint(15, 25))
    shapes = {
        "mrn": [lambda: digits(r, r.choice((7, 8, 9, 10)), "0123456789"), lambda: "E" + digits(r, 7),
                lambda: f"{digits(r, 3)}-{digits(r, 2, string.digits)}-{digits(r, 2, string.digits)}",
                lambda: "MR" + digits(r, 6), lambda: f"{r.choice('ABCHMK')}{digits(r, 6)}",
                lambda: "000" + digits(r, 6), lambda: f"{digits(r, 2)}-{digits(r, 6, string.digits)}"],
        "acct": [lambda: digits(r, r.choice((8, 10, 12))), lambda: "V" + digits(r, 9, "0123456789"),
                 lambda: f"{digits(r, 4)}-{digits(r, 6, string.digits)}", lambda: "A" + digits(r, 8),
                 lambda: "HAR" + digits(r, 8), lambda: f"{digits(r, 10)}-{r.randint(1, 9)}"],
        "enc": [lambda: digits(r, 9), lambda: "ENC" + digits(r, 8), lambda: f"{yy}-{digits(r, 7, string.digits)}",
                lambda: digits(r, 10), lambda: digits(r, 12), lambda: "VN" + digits(r, 7)],
        "ssn": [lambda: f"{digits(r, 3)}-{digits(r, 2)}-{digits(r, 4)}",
                lambda: f"{digits(r, 3)} {digits(r, 2)} {digits(r, 4)}", lambda: digits(r, 3) + digits(r, 2) + digits(r, 4)],
        "member": [lambda: letters(r, 3) + digits(r, 9, string.digits), lambda: "W" + digits(r, 9),
                   lambda: mbi(r), lambda: digits(r, 9) + letters(r, 1), lambda: "U" + digits(r, 10),
                   lambda: f"{letters(r, 3)}{digits(r, 6)}-{digits(r, 2, string.digits)}",
                   lambda: "ZGP" + digits(r, 8) + "01", lambda: digits(r, 11), lambda: f"H{digits(r, 8)}"],
        "group": [lambda: digits(r, r.choice((5, 6, 7))), lambda: "GRP" + digits(r, 6),
                  lambda: f"{digits(r, 6)}-{digits(r, 3, string.digits)}", lambda: letters(r, 2) + digits(r, 5),
                  lambda: f"{r.choice(('HMO', 'PPO', 'EPO'))}-{digits(r, 5)}", lambda: "0" + digits(r, 7, string.digits)],
        "license": [lambda: f"{r.choice(('MD', 'ME', 'DO', 'A', 'G', 'C'))}{digits(r, r.choice((5, 6)))}",
                    lambda: f"MD.{digits(r, 6)}", lambda: f"{r.choice(list(US_STATES))}-{digits(r, 6)}",
                    lambda: f"{digits(r, 2)}-{digits(r, 6, string.digits)}", lambda: "RN" + digits(r, 7)],
        "dl": [lambda: r.choice(string.ascii_uppercase) + digits(r, 7, string.digits),
               lambda: f"{digits(r, 3)} {digits(r, 3, string.digits)} {digits(r, 3, string.digits)}",
               lambda: f"{r.choice('SDWM')}{digits(r, 3)}-{digits(r, 3)}-{digits(r, 2)}-{digits(r, 3)}-0",
               lambda: digits(r, 8), lambda: letters(r, 2) + digits(r, 6) + letters(r, 1)],
        "plate": [lambda: f"{r.randint(1, 9)}{letters(r, 3)}{digits(r, 3, string.digits)}",
                  lambda: f"{letters(r, 3)}-{digits(r, 4, string.digits)}", lambda: f"{letters(r, 3)} {digits(r, 3)}",
                  lambda: f"{letters(r, 2)}{r.randint(10, 99)} {letters(r, 3)}", lambda: f"{digits(r, 3)}-{letters(r, 3)}"],
        "serial": [lambda: f"{letters(r, 3)}{digits(r, 6)}{r.choice('HRSV')}", lambda: "SN" + digits(r, 8),
                   lambda: f"{digits(r, 4)}-{letters(r, 2)}-{digits(r, 5)}", lambda: letters(r, 2) + digits(r, 7),
                   lambda: f"{r.choice('ABCDEFGH')}{digits(r, 2)}{letters(r, 1)}{digits(r, 5)}"],
        "lot": [lambda: f"{yy}{letters(r, 1)}{digits(r, 4, string.digits)}", lambda: "L" + digits(r, 6),
                lambda: f"{letters(r, 2)}{digits(r, 4)}", lambda: f"{digits(r, 7)}-{digits(r, 2, string.digits)}"],
        "udi": [lambda: f"(01){digits(r, 14, '0')}(17){yy}{r.randint(1, 12):02d}{r.randint(1, 28):02d}(10){letters(r, 2)}{digits(r, 5)}(21){digits(r, 8)}",
                lambda: f"01{digits(r, 14, '0')}17{yy}1231" + f"10{letters(r, 1)}{digits(r, 5)}",
                lambda: f"+H{letters(r, 3)}{digits(r, 6)}{r.randint(0, 9)}/$$3{yy}0101{letters(r, 2)}{digits(r, 4)}"],
        "accession": [lambda: f"{r.choice(('CT', 'MR', 'US', 'XR', 'NM'))}{yy}-{digits(r, 6, string.digits)}",
                      lambda: f"RAD{digits(r, 8)}", lambda: f"A{yy}{digits(r, 7, string.digits)}", lambda: digits(r, 10)],
        "specimen": [lambda: f"{r.choice('SCFH')}{yy}-{digits(r, 5)}", lambda: f"SP-20{yy}-{digits(r, 6, string.digits)}",
                     lambda: f"{yy}{r.choice(('SP', 'CY', 'FN'))}{digits(r, 5)}", lambda: f"L{digits(r, 9)}"],
        "claim": [lambda: f"CLM-20{yy}-{digits(r, 6, string.digits)}", lambda: digits(r, 13),
                  lambda: f"{yy}{digits(r, 3, string.digits)}{letters(r, 1)}{digits(r, 6)}", lambda: "C" + digits(r, 10)],
        "order": [lambda: "ORD" + digits(r, 7), lambda: digits(r, 8), lambda: f"{letters(r, 2)}{digits(r, 6)}",
                  lambda: f"REQ-{digits(r, 6)}", lambda: f"Rx{digits(r, 7)}"],
        "bioid": [lambda: f"FP-{digits(r, 4)}-{digits(r, 5)}", lambda: "IRS" + digits(r, 7),
                  lambda: f"BIO{letters(r, 2)}{digits(r, 6)}", lambda: f"{letters(r, 4)}{digits(r, 8)}",
                  lambda: f"VP{digits(r, 9)}"],
        "tax": [lambda: f"{digits(r, 2)}-{digits(r, 7, string.digits)}"],
        "auth": [lambda: "PA" + digits(r, 8), lambda: f"AUTH-{digits(r, 6)}", lambda: digits(r, 10) + letters(r, 1)],
    }
    return r.choice(shapes[kind])()


# ---------------------------------------------------------------- people, places, dates


@dataclass
class Person:
    first: str
    last: str
    middle: str = ""

    def fmt(self, rng: random.Random, style: str = "") -> str:
        """The name as record systems print it: 'Last, First M', 'FIRST LAST', 'Last^First^M' (HL7)..."""
        mi = self.middle[:1]
        style = style or rng.choice(("fl", "fl", "lf", "lfm", "fml", "il", "lf_up", "fl_up", "lfmi"))
        return {
            "fl": f"{self.first} {self.last}", "lf": f"{self.last}, {self.first}",
            "lfm": f"{self.last}, {self.first} {mi}".rstrip(), "fml": f"{self.first} {mi}. {self.last}" if mi else f"{self.first} {self.last}",
            "il": f"{self.first[:1]}. {self.last}", "lf_up": f"{self.last.upper()}, {self.first.upper()}",
            "fl_up": f"{self.first} {self.last}".upper(), "lfmi": f"{self.last},{self.first}" + (f" {mi}." if mi else ""),
            "hl7": f"{self.last}^{self.first}^{mi}", "last": self.last, "first": self.first,
            "lf_nocomma": f"{self.last} {self.first}",
        }[style]


class Cast:
    """The people, places, dates and numbers of one record, drawn from a locale."""

    def __init__(self, rng: random.Random, fakes: dict[str, Faker], locale: str) -> None:
        self.rng = rng
        self.fake = fakes[locale]
        self.us = fakes["en_US"]
        self.locale = locale
        self.patient = self.person()
        self.relative = self.person(last=self.patient.last if rng.random() < 0.5 else None)
        self.relation = rng.choice(RELATIONS)
        self.staff = [self.person() for _ in range(5)]
        self.visit = date(2015, 1, 1) + timedelta(days=rng.randrange(11 * 365))
        self.age = rng.choice((rng.randint(18, 89), rng.randint(18, 89), rng.randint(90, 104), rng.randint(1, 17)))
        self.dob = self.visit - timedelta(days=self.age * 365 + rng.randrange(365))
        self.local_address = rng.random() < 0.3 and locale != "en_US"
        self.address = self.make_address(self.local_address)
        self.hospital = self.hospital_name()
        self.sex = rng.choice("MF")

    def person(self, last: str | None = None) -> Person:
        f = self.fake if self.rng.random() < 0.8 else self.us
        mid = f.first_name() if self.rng.random() < 0.5 else ""
        return Person(f.first_name(), last or f.last_name(), mid)

    def make_address(self, local: bool) -> dict[str, str]:
        f = self.fake if local else self.us
        street = f.street_address().replace("\n", " ")
        if local:
            return {"street": street, "city": f.city(), "zip": f.postcode(), "country": f.current_country()
                    if hasattr(f, "current_country") else "", "state": ""}
        st = self.rng.choice(list(US_STATES))
        zip_ = f.zipcode() if self.rng.random() < 0.8 else f"{f.zipcode()}-{digits(self.rng, 4, string.digits)}"
        return {"street": street, "city": f.city(), "state": st, "zip": zip_, "country": "USA",
                "county": f.last_name()}

    def hospital_name(self) -> str:
        r, city = self.rng, self.us.city()
        return r.choice((f"{city} General Hospital", f"St. {r.choice(SAINTS)} Medical Center",
                         f"{self.us.last_name()} Memorial Hospital", f"{city} Regional Medical Center",
                         f"{self.us.last_name()} Clinic", f"{city} Community Hospital",
                         f"University of {r.choice(list(US_STATES.values()))} Medical Center",
                         f"{self.us.last_name()}-{self.us.last_name()} Health", f"{city} Family Practice",
                         f"Good Samaritan Hospital of {city}", f"{city} Urgent Care"))

    def org(self) -> str:
        r = self.rng
        return r.choice((self.fake.company(), self.us.company(), f"{self.us.city()} Reference Laboratory",
                         f"{self.us.last_name()} Pharmacy", f"{self.us.last_name()} Diagnostics"))

    def payer(self) -> str:
        return self.rng.choice(PAYERS).format(state=self.rng.choice(list(US_STATES.values())))

    def phone(self) -> str:
        r = self.rng
        if self.local_address and r.random() < 0.6 and hasattr(self.fake, "phone_number"):
            return self.fake.phone_number()
        a, e, n = digits(r, 3, "23456789"), digits(r, 3, "23456789"), digits(r, 4, string.digits)
        return r.choice((f"({a}) {e}-{n}", f"{a}-{e}-{n}", f"{a}.{e}.{n}", f"+1 {a} {e} {n}", f"{a}{e}{n}",
                         f"({a}){e}-{n}", f"1-{a}-{e}-{n}", f"{a} {e} {n}", f"{a}-{e}-{n} x{r.randint(10, 999)}"))

    def email(self, who: Person | None = None) -> str:
        who = who or self.patient
        r = self.rng
        base = "".join(ch for ch in f"{who.first}.{who.last}".lower() if ch.isascii() and (ch.isalnum() or ch == "."))
        base = base or "user"
        dom = r.choice(("gmail.com", "yahoo.com", "outlook.com", "aol.com", "icloud.com", "comcast.net", self.us.domain_name()))
        user = r.choice((base, base.replace(".", ""), base.replace(".", "_") + str(r.randint(1, 99)),
                         base[:1] + base.split(".")[-1]))
        return f"{user}@{dom}"

    def date(self, d: date | None = None, fmt: str = "") -> str:
        d = d or self.visit
        fmts = ("%m/%d/%Y", "{m}/{d}/%Y", "%m/%d/%y", "%Y-%m-%d", "%d-%b-%Y", "%d%b%Y", "%B {d}, %Y", "%b {d}, %Y",
                "%d.%m.%Y", "%Y%m%d", "%d/%m/%Y", "%m-%d-%Y", "{d} %B %Y", "%Y/%m/%d", "%b-%d-%Y", "%d %b %Y",
                "%m/%d/%Y", "%m/%d/%Y", "%Y-%m-%d")
        out = d.strftime(fmt or self.rng.choice(fmts)).replace("{m}", str(d.month)).replace("{d}", str(d.day))
        return out.upper() if "%d%b" in (fmt or "") or (out[2:5].isalpha() and self.rng.random() < 0.5) else out

    def later(self, lo: int = 1, hi: int = 30) -> date:
        return self.visit + timedelta(days=self.rng.randint(lo, hi))

    def earlier(self, lo: int = 30, hi: int = 3000) -> date:
        return self.visit - timedelta(days=self.rng.randint(lo, hi))

    def age_text(self) -> str:
        a, r = self.age, self.rng
        if a < 2:
            return f"{r.randint(2, 23)} mo"
        return r.choice((f"{a}", f"{a} y/o", f"{a} yo", f"{a}Y", f"{a} yrs", f"{a} years", f"{a}y", f"0{a}Y" if a < 100 else f"{a}Y"))

    def url(self) -> str:
        r = self.rng
        host = r.choice(("mychart", "portal", "patient", "myhealth", "results")) + "." + self.us.domain_name()
        return r.choice((f"https://{host}/patient/{digits(r, 7)}", f"https://{host}/login?id={letters(r, 2)}{digits(r, 6)}",
                         f"www.{self.us.domain_name()}", f"http://{host}/img/{digits(r, 8)}.jpg",
                         f"https://{host}/share/{letters(r, 10, string.ascii_lowercase + string.digits)}"))

    def ip(self) -> str:
        r = self.rng
        if r.random() < 0.15:
            return ":".join(f"{r.randrange(65536):x}" for _ in range(8))
        return r.choice((f"10.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}",
                         f"192.168.{r.randrange(256)}.{r.randrange(1, 255)}",
                         f"{r.randint(11, 223)}.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}"))

    def username(self, who: Person) -> str:
        r = self.rng
        f = "".join(c for c in who.first.lower() if c.isascii() and c.isalpha()) or "x"
        l = "".join(c for c in who.last.lower() if c.isascii() and c.isalpha()) or "user"
        return r.choice((f[0] + l, f"{f}.{l}", f[0] + l[:6] + str(r.randint(1, 99)), f"{l}{f[0]}", f"RN.{l}",
                         f"{f[0]}{l[0]}{digits(r, 4)}".upper()))

    def photo(self) -> str:
        r = self.rng
        return r.choice((f"IMG_{self.visit:%Y%m%d}_{digits(r, 4, string.digits)}.jpg", f"wound_{digits(r, 6)}_{r.randint(1, 9):02d}.png",
                         f"DSC{digits(r, 5, string.digits)}.JPG", f"photo-{letters(r, 8, string.ascii_lowercase + string.digits)}.jpeg",
                         f"1.2.840.113619.2.{r.randint(10, 99)}.{digits(r, 5)}.{digits(r, 8)}.{r.randint(1, 999)}"))

    def occupation(self) -> str:
        return self.us.job() if self.rng.random() < 0.7 else self.fake.job()


# ---------------------------------------------------------------- sets


def split_templates(seed: int) -> tuple[list[str], list[str]]:
    """Template ids shuffled once and halved: ``tune`` never sees a layout of ``report``."""
    from records_templates import TEMPLATES

    ids = sorted(TEMPLATES)
    random.Random(seed).shuffle(ids)
    half = len(ids) // 2
    return sorted(ids[:half]), sorted(ids[half:])


def make_set(name: str, ids: list[str], locales: tuple[str, ...], n: int, seed: int) -> list[Document]:
    """``n`` records drawn from the templates ``ids`` and the Faker ``locales``, seeded."""
    from records_templates import TEMPLATES
    from records_tune_extra import TUNE_EXTRA
    from records_tune_more2 import TUNE_MORE
    from records_tune_r5 import TUNE_R5_ALL
    from records_tune_r6 import TUNE_R6_ALL
    from records_tune_r7 import TUNE_R7_ALL

    templates = {**TEMPLATES, **TUNE_EXTRA, **TUNE_MORE, **TUNE_R5_ALL, **TUNE_R6_ALL, **TUNE_R7_ALL}
    rng = random.Random(f"{seed}-{name}")
    fakes = {loc: Faker(loc) for loc in sorted(set(locales) | {"en_US"})}
    docs = []
    for i in range(n):
        tid, locale = ids[i % len(ids)], rng.choice(locales)
        for j, f in enumerate(fakes.values()):
            f.seed_instance(rng.randrange(2**31) + j)
        cast = Cast(random.Random(rng.randrange(2**31)), fakes, locale)
        case = rng.choices(("mixed", "values", "upper"), (0.7, 0.15, 0.15))[0]
        rec = Rec(case=case)
        templates[tid](rec, cast)
        text = rec.text
        for s in rec.spans:
            assert text[s.start:s.end].strip() == text[s.start:s.end] and s.end > s.start, (tid, s, text[s.start:s.end])
        docs.append(Document(f"{name}-{i:04d}", text, tuple(rec.spans), {"template": tid, "locale": locale, "case": case}))
    return docs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "records")
    parser.add_argument("--per-set", type=int, default=300)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    from records_tune_extra import TUNE_EXTRA
    from records_tune_more2 import TUNE_CHECK, TUNE_NEW
    from records_tune_r5 import CHECK_R5, TUNE_R5
    from records_tune_r6 import CHECK_R6, TUNE_R6
    from records_tune_r7 import CHECK_R7, TUNE_R7

    tune_ids, report_ids = split_templates(args.seed)
    tune_ids += sorted(TUNE_EXTRA)  # tune-only templates added after the split (records_tune_extra.py)
    args.out.mkdir(parents=True, exist_ok=True)
    plan = {"tune": (tune_ids, TUNE_LOCALES), "report": (report_ids, TUNE_LOCALES),
            "report_locales": (report_ids, OTHER_LOCALES),
            "tune_new": (TUNE_NEW, TUNE_LOCALES), "tune_check": (TUNE_CHECK, TUNE_LOCALES),
            "tune_r5": (TUNE_R5, TUNE_LOCALES), "check_r5": (CHECK_R5, TUNE_LOCALES),
            "tune_r6": (TUNE_R6, TUNE_LOCALES), "check_r6": (CHECK_R6, TUNE_LOCALES),
            "tune_r7": (TUNE_R7, TUNE_LOCALES), "check_r7": (CHECK_R7, TUNE_LOCALES)}
    for name, (ids, locales) in plan.items():
        docs = make_set(name, ids, locales, args.per_set, args.seed)
        jsonl.write(docs, args.out / f"{name}.jsonl")
        print(f"{name}: {len(docs)} records, templates {','.join(ids)}, {sum(len(d.spans) for d in docs)} spans")
    return 0


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # some Faker providers draw from sets: fix their order
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
