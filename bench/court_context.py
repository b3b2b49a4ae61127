"""The people, places, bodies, dates and codes of one generated judgment (bench/make_court.py).

A ``Context`` draws them once per judgment, so that later paragraphs name the same applicant
by surname, the same lawyer by initial and the same court again, as judgments do. ``fill``
writes one slot's text and gold spans into the document.
"""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

from faker import Faker

from court_profiles import (PROFILES, RU_DISTRICTS, RU_VILLAGES, STREETS, TR_DISTRICTS, TR_VILLAGES,
                            VILLAGE_WORDS, WEIGHTS, translit)
from make_court import MONTHS, Doc, Person, ordinal

_FAKERS: dict[str, Faker] = {}
HOSPITALS = ("{city} State Hospital", "{city} University Hospital", "{city} Regional Hospital", "{city} City Hospital",
             "{city} Central Hospital", "{city} Psychiatric Hospital", "{city} Forensic Medicine Institute",
             "{city} Hospital No. {n}", "St {saint}'s Hospital", "{city} General Hospital", "{city} Infirmary")
SAINTS = ("Mary", "James", "Vincent", "Luke", "George", "Nicholas", "Anne", "Thomas", "Patrick")
BANKS = ("{w} Bank", "Bank {w}", "{w} Savings Bank", "{w} Credit Bank", "{w}bank")
PAPERS = ("{w} Gazette", "{w} Times", "{w} Daily", "{w} Herald", "{w} Vestnik", "{w} Gündem", "{w} Express")
PARTIES = (("People's Democracy Party", "HADEP"), ("Democratic People's Party", "DEHAP"),
           ("Workers' Party", "İP"), ("Freedom and Democracy Party", "ÖZDEP"), ("United Communist Party", "TBKP"),
           ("Socialist Party", "SP"), ("Liberal Democratic Union", "LDU"), ("Movement for Rights", "MFR"),
           ("National Renewal Front", "NRF"), ("Citizens' Alliance", "CA"))
UNIVERSITIES = ("{city} University", "University of {city}", "{city} State University", "{city} Technical University")
LAW_NAMES = ("Law no. {n}", "Law no. {n} on the Prevention of Terrorism", "the Code of Criminal Procedure",
             "Decree no. {n}", "the Civil Code", "the Criminal Code")


def faker(locale: str) -> Faker:
    if locale not in _FAKERS:
        _FAKERS[locale] = Faker(locale)
    return _FAKERS[locale]


class Context:
    """Everything one judgment names, drawn once from its jurisdiction's profile."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.profile = rng.choices(PROFILES, WEIGHTS)[0]
        fk = faker(self.profile.locale)
        fk.seed_instance(rng.randrange(1 << 30))
        self.fk = fk
        self.dot = "." if self.profile.style in ("us", "in") else ""
        self.people = {k: self.person() for k in ("app", "app2", "rel", "law", "law2", "agent", "judge", "judge2",
                                                  "judge3", "wit", "wit2", "off", "doc", "pros", "reg")}
        self.cities = rng.sample(self.profile.cities, min(4, len(self.profile.cities)))
        self.day0 = date(1985, 1, 1) + timedelta(days=rng.randrange(9000))
        self.dates: list[date] = []
        self.orgs: dict[str, str] = {}
        self.codes: dict[str, str] = {}
        self.party = rng.choice(PARTIES)

    # -- values ----------------------------------------------------------------------------------
    def name_part(self, method: str) -> str:
        value = getattr(self.fk, method)() if hasattr(self.fk, method) else self.fk.last_name()
        if self.profile.script:
            value = translit(value, self.profile.script)
        return value.split()[-1] if method.startswith("last") else value.split()[0]

    def person(self) -> Person:
        female = self.rng.random() < 0.4
        sex = "female" if female else "male"
        first = self.name_part(f"first_name_{sex}")
        last = self.name_part(f"last_name_{sex}")
        middle = ""
        if self.profile.key in ("ru", "ua", "bg") and self.rng.random() < 0.3 and hasattr(self.fk, f"middle_name_{sex}"):
            middle = translit(getattr(self.fk, f"middle_name_{sex}")(), self.profile.script)
        elif self.profile.style == "us" and self.rng.random() < 0.3:
            middle = f"{self.rng.choice('ABCDEFGHJKLMNPRSTW')}."
        return Person(first, last, female, middle)

    def title(self, p: Person) -> str:
        return ("Ms" if self.profile.style in ("uk", "us", "au") else "Mrs") + self.dot if p.female else "Mr" + self.dot

    def city(self, i: int = 0) -> str:
        return self.cities[i % len(self.cities)]

    def when(self, k: int) -> date:
        while len(self.dates) <= k:
            last = self.dates[-1] if self.dates else self.day0
            self.dates.append(last + timedelta(days=self.rng.randrange(20, 500)))
        return self.dates[k]

    def date_text(self, d: date, form: str = "") -> str:
        style = self.profile.style
        form = form or {"us": "mdy", "in": self.rng.choice(("dmy", "dots", "th"))}.get(style, "dmy")
        if form == "mdy":
            return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
        if form == "dots":
            return f"{d.day:02d}.{d.month:02d}.{d.year}"
        if form == "th":
            return f"{ordinal(d.day)} {MONTHS[d.month - 1]}, {d.year}"
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"

    def org(self, key: str, pool: tuple[str, ...]) -> str:
        if key not in self.orgs:
            tpl = self.rng.choice(pool)
            self.orgs[key] = tpl.format(city=self.city(len(self.orgs)), n=self.rng.choice((1, 2, 3, 4, 5, 6, 7, 9, 11)),
                                        region=self.rng.choice(self.profile.regions), saint=self.rng.choice(SAINTS),
                                        w=self.name_part("last_name"), name=self.name_part("last_name"))
        return self.orgs[key]

    def company(self) -> str:
        if "company" not in self.orgs:
            suffix = self.rng.choice(self.profile.company)
            word = self.name_part("last_name")
            if "{name}" in suffix:
                self.orgs["company"] = suffix.format(name=word)
            elif self.rng.random() < 0.5:
                self.orgs["company"] = f"{word} {self.rng.choice(('Trading', 'Construction', 'Invest', 'Group', 'Energy', 'Media', 'Transport'))} {suffix}"
            else:
                self.orgs["company"] = f"{word} {suffix}"
        return self.orgs["company"]

    def code(self, key: str) -> str:
        if key not in self.codes:
            r, style = self.rng, self.profile.style
            yy = r.randint(1990, 2016)
            if key.startswith("appno"):
                value = f"{r.randint(100, 79999)}/{yy % 100:02d}"
            elif style == "uk":
                value = r.choice((f"[{yy}] EWCA Civ {r.randint(1, 2000)}", f"[{yy}] EWHC {r.randint(1, 3500)} (Admin)",
                                  f"[{yy}] UKSC {r.randint(1, 70)}", f"{r.choice('ABCT')}{yy}{r.randint(1000, 9999)}",
                                  f"HQ{yy % 100:02d}X{r.randint(1000, 9999):05d}"))
            elif style == "ie":
                value = r.choice((f"[{yy}] IEHC {r.randint(1, 800)}", f"{yy} No. {r.randint(10, 9999)} JR",
                                  f"[{yy}] IESC {r.randint(1, 90)}", f"{yy}/{r.randint(10, 999)}"))
            elif style == "in":
                value = r.choice((f"{r.randint(1, 9999)} of {yy}", f"{r.randint(100, 99999)}/{yy}",
                                  f"W.P.(C) {r.randint(100, 9999)}/{yy}", f"Crl. A. No. {r.randint(10, 999)}/{yy}"))
            elif style == "au":
                value = r.choice((f"[{yy}] HCA {r.randint(1, 60)}", f"[{yy}] NSWCCA {r.randint(1, 300)}",
                                  f"S{r.randint(10, 400)}/{yy}", f"[{yy}] FCA {r.randint(1, 1500)}"))
            elif style == "us":
                value = r.choice((f"{yy % 100:02d}-{r.randint(100, 9999)}", f"{r.randint(1, 4)}:{yy % 100:02d}-cv-{r.randint(100, 9999):05d}",
                                  f"CR-{yy % 100:02d}-{r.randint(100, 99999)}"))
            else:
                value = r.choice((f"{r.randint(1, 9)}-{r.randint(100, 9999)}/{yy % 100:02d}", f"{yy}/{r.randint(10, 999)}",
                                  f"E. {yy}/{r.randint(10, 999)}", f"{r.randint(1, 99)}-{r.randint(10, 999)}/{yy}",
                                  f"{r.randint(10000, 999999)}", f"{r.randint(1, 9)}K-{r.randint(10, 999)}/{yy % 100:02d}"))
            self.codes[key] = value
        return self.codes[key]

    # -- slots -----------------------------------------------------------------------------------
    def fill(self, slot: str, doc: Doc) -> None:
        head, _, mod = slot.partition("_")
        if head in self.people:
            return self.fill_person(head, mod, doc)
        handler = getattr(self, f"slot_{slot}", None)
        if handler is None:
            raise KeyError(f"unknown slot {slot}")
        handler(doc)

    def fill_person(self, key: str, mod: str, doc: Doc) -> None:
        p = self.people[key]
        label = "PATIENT" if key in ("app", "app2", "rel", "wit", "wit2") else "DOCTOR"
        form = f"{key}_{mod or 'full'}"
        if mod == "":  # full name, no title
            doc.v(p.full, label, form)
        elif mod == "t":  # title and full name
            doc.t(self.title(p) + " ").v(p.full, label, form)
        elif mod == "s":  # title and surname
            doc.t(self.title(p) + " ").v(p.last, label, form)
        elif mod == "sn":  # surname alone
            doc.v(p.last, label, form)
        elif mod == "i":  # title and initials
            doc.t(self.title(p) + " ").v(p.initials, label, form)
        elif mod == "ib":  # initials alone
            doc.v(p.initials, label, form)
        elif mod == "is":  # title, initial and surname
            doc.t(self.title(p) + " ").v(p.short(), label, form)
        elif mod == "isn":  # initial and surname, no title
            doc.v(p.short(), label, form)
        elif mod == "first":
            doc.v(p.first, label, form)
        elif mod == "mrs":  # Mr/Mrs only (for "Mr and Mrs")
            doc.t(self.title(p))
        elif mod == "he":
            doc.t("she" if p.female else "he")
        elif mod == "his":
            doc.t("her" if p.female else "his")
        elif mod == "His":
            doc.t("Her" if p.female else "His")
        elif mod == "He":
            doc.t("She" if p.female else "He")
        else:
            raise KeyError(mod)

    def slot_country(self, doc: Doc) -> None:
        doc.v(self.profile.country.removeprefix("the "), "COUNTRY", "country") if not self.profile.country.startswith("the ") \
            else doc.t("the ").v(self.profile.country[4:], "COUNTRY", "country")

    def slot_COUNTRY(self, doc: Doc) -> None:
        doc.v(self.profile.country.removeprefix("the ").upper(), "COUNTRY", "country_caps")

    def slot_nat(self, doc: Doc) -> None:
        doc.n(self.profile.adjective, "nationality")

    def slot_ecthr(self, doc: Doc) -> None:
        doc.n(self.rng.choice(("European Court of Human Rights", "European Commission of Human Rights")), "own court")

    def slot_city(self, doc: Doc) -> None:
        doc.v(self.city(0), "CITY", "city")

    def slot_city2(self, doc: Doc) -> None:
        doc.v(self.city(1), "CITY", "city")

    def slot_city3(self, doc: Doc) -> None:
        doc.v(self.city(2), "CITY", "city")

    def slot_region(self, doc: Doc) -> None:
        doc.v(self.rng.choice(self.profile.regions), "STATE", "region")

    def slot_village(self, doc: Doc) -> None:
        if self.profile.key == "tr":
            name = self.rng.choice(TR_VILLAGES)
        elif self.profile.key == "ru":
            name = self.rng.choice(RU_VILLAGES)
        else:
            name = self.fk.city().split()[-1] if self.profile.script is None else translit(self.fk.city().split()[-1], self.profile.script)
        self.village = name
        words = self.rng.choice(VILLAGE_WORDS)
        before, _, after = words.partition("{v}")
        doc.t(before).v(name, "CITY", "village").t(after)

    def slot_district(self, doc: Doc) -> None:
        if self.profile.key == "tr":
            doc.v(self.rng.choice(TR_DISTRICTS), "LOCATION-OTHER", "district").t(" district")
        elif self.profile.key == "ru":
            doc.v(self.rng.choice(RU_DISTRICTS), "LOCATION-OTHER", "district")
        else:
            doc.v(f"{self.name_part('last_name')}skiy" if self.profile.script else self.fk.city().split()[0],
                  "LOCATION-OTHER", "district").t(" district")

    def slot_street(self, doc: Doc) -> None:
        pool = STREETS.get(self.profile.key, STREETS["default"])
        street = self.rng.choice(pool).format(w=self.name_part("last_name"))
        n = self.rng.randint(1, 180)
        doc.v(f"{n} {street}" if self.rng.random() < 0.5 else f"{street} {n}", "STREET", "street")

    def _org(self, key: str, pool: tuple[str, ...], doc: Doc, label: str = "ORGANIZATION") -> None:
        """A body; lower-case words before it ("anti-terror branch of the") are no part of its name, and
        a place after "in" is a place of its own ("remand prison IZ-6/1 in Omsk")."""
        name = self.org(key, pool)
        lead = re.match(r"(?:[a-z][\w-]*\s+)+", name)
        if lead and not name.startswith(("vulytsya", "ulitsa")):
            doc.t(lead.group())
            name = name[lead.end():]
        body, sep, place = name.rpartition(" in ")
        if sep and place in self.profile.cities:
            doc.v(body, label, key).t(sep).v(place, "CITY", "city")
        else:
            doc.v(name, label, key)

    def slot_court(self, doc: Doc) -> None:
        self._org("court", self.profile.courts, doc)

    def slot_court2(self, doc: Doc) -> None:
        self._org("court2", self.profile.courts, doc)

    def slot_national(self, doc: Doc) -> None:
        self._org("national", self.profile.national, doc)

    def slot_national2(self, doc: Doc) -> None:
        self._org("national2", self.profile.national, doc)

    def slot_police(self, doc: Doc) -> None:
        self._org("police", self.profile.police, doc)

    def slot_prison(self, doc: Doc) -> None:
        self._org("prison", self.profile.prisons, doc)

    def slot_hospital(self, doc: Doc) -> None:
        self._org("hospital", HOSPITALS, doc, "HOSPITAL")

    def slot_bank(self, doc: Doc) -> None:
        self._org("bank", BANKS, doc)

    def slot_paper(self, doc: Doc) -> None:
        self._org("paper", PAPERS, doc)

    def slot_university(self, doc: Doc) -> None:
        self._org("university", UNIVERSITIES, doc)

    def slot_company(self, doc: Doc) -> None:
        doc.v(self.company(), "ORGANIZATION", "company")

    def slot_party(self, doc: Doc) -> None:
        doc.v(self.party[0], "ORGANIZATION", "party").t(" (").v(self.party[1], "ORGANIZATION", "party_acronym").t(")")

    def slot_acronym(self, doc: Doc) -> None:
        doc.v(self.party[1], "ORGANIZATION", "party_acronym")

    def slot_statute(self, doc: Doc) -> None:
        doc.n(self.rng.choice(LAW_NAMES).format(n=self.rng.randint(400, 6000)), "statute")

    def slot_cite(self, doc: Doc) -> None:
        r = self.rng
        party = self.name_part("last_name")
        state = r.choice(("France", "Turkey", "Italy", "the United Kingdom", "Russia", "Poland", "Greece", "Germany"))
        doc.n(f"{party} v. {state}, no. {r.randint(1000, 79999)}/{r.randint(90, 99)}, § {r.randint(20, 140)}, "
              f"ECHR {r.randint(1996, 2012)}", "precedent")

    def slot_appno(self, doc: Doc) -> None:
        doc.v(self.code("appno"), "IDNUM", "application_no")

    def slot_appno2(self, doc: Doc) -> None:
        doc.v(self.code("appno2"), "IDNUM", "application_no")

    def slot_caseno(self, doc: Doc) -> None:
        doc.v(self.code("case"), "IDNUM", "case_no")

    def slot_caseno2(self, doc: Doc) -> None:
        doc.v(self.code("case2"), "IDNUM", "case_no")

    def slot_idcard(self, doc: Doc) -> None:
        r = self.rng
        doc.v(r.choice((f"{r.randint(10 ** 8, 10 ** 9 - 1)}", f"{r.choice('ABCKMT')}{r.choice('ABCKMT')}{r.randint(100000, 999999)}",
                        f"{r.randint(10, 99)} {r.randint(10, 99)} {r.randint(100000, 999999)}")), "IDNUM", "identity_no")

    def slot_plate(self, doc: Doc) -> None:
        r = self.rng
        doc.v(r.choice((f"{r.randint(1, 81):02d} {''.join(r.choices('ABCDEFGHKLMNPRSTVYZ', k=r.randint(1, 3)))} {r.randint(10, 9999)}",
                        f"{r.choice('ABEKMHOPCTX')}{r.randint(100, 999)}{r.choice('ABEKMHOPCTX')}{r.choice('ABEKMHOPCTX')} {r.randint(10, 199)}")),
              "VEHICLE", "plate")

    def slot_register(self, doc: Doc) -> None:  # land register plot
        r = self.rng
        doc.v(f"{r.randint(1, 999)}/{r.randint(1, 99)}", "IDNUM", "plot_no")

    def _date(self, k: int, doc: Doc, form: str = "") -> None:
        doc.v(self.date_text(self.when(k), form), "DATE", form or "date")

    def slot_date(self, doc: Doc) -> None:
        self._date(0, doc)

    def slot_date2(self, doc: Doc) -> None:
        self._date(1, doc)

    def slot_date3(self, doc: Doc) -> None:
        self._date(2, doc)

    def slot_date4(self, doc: Doc) -> None:
        self._date(3, doc)

    def slot_date5(self, doc: Doc) -> None:
        self._date(4, doc)

    def slot_my(self, doc: Doc) -> None:
        d = self.when(1)
        doc.v(f"{MONTHS[d.month - 1]} {d.year}", "DATE", "month_year")

    def slot_month(self, doc: Doc) -> None:
        d = self.when(2)
        doc.v(MONTHS[d.month - 1], "DATE", "month")

    def slot_dm(self, doc: Doc) -> None:
        d = self.when(2)
        doc.v(f"{d.day} {MONTHS[d.month - 1]}" if self.profile.style != "us" else f"{MONTHS[d.month - 1]} {d.day}",
              "DATE", "day_month")

    def slot_ord(self, doc: Doc) -> None:
        d = self.when(3)
        doc.v(f"{ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}", "DATE", "ordinal_date")

    def slot_year(self, doc: Doc) -> None:
        doc.v(str(self.when(0).year), "DATE", "year")

    def slot_year2(self, doc: Doc) -> None:
        doc.v(str(self.when(3).year), "DATE", "year")

    def slot_born(self, doc: Doc) -> None:
        doc.v(str(self.rng.randint(1930, 1985)), "DATE", "birth_year")

    def slot_bdate(self, doc: Doc) -> None:
        d = date(self.rng.randint(1930, 1985), self.rng.randint(1, 12), self.rng.randint(1, 28))
        doc.v(self.date_text(d), "DATE", "birth_date")

    def slot_village_bare(self, doc: Doc) -> None:
        doc.v(self.fk.city().split()[-1] if self.profile.script is None else translit(self.fk.city().split()[-1], self.profile.script),
              "CITY", "village")

    def slot_natgov(self, doc: Doc) -> None:
        doc.n(f"{self.profile.adjective} Government", "nationality")

    def slot_city_bar(self, doc: Doc) -> None:
        doc.v(f"{self.city(0)} Bar Association" if self.rng.random() < 0.6 else f"{self.city(0)} Bar", "ORGANIZATION", "bar")

    def slot_city2_bar(self, doc: Doc) -> None:
        doc.v(f"{self.city(1)} Bar Association" if self.rng.random() < 0.6 else f"{self.city(1)} Bar", "ORGANIZATION", "bar")

    def slot_company_q(self, doc: Doc) -> None:  # a firm's name as quoted after "company" ("Stroy-Invest")
        r = self.rng
        word = self.name_part("last_name")
        doc.v(r.choice((f"{word}-Invest", f"{word}stroy", f"{word}", f"Agro-{word}", f"{word} Trans")),
              "ORGANIZATION", "company_quoted")

    def slot_paper2(self, doc: Doc) -> None:
        doc.v(self.rng.choice(("Hürriyet", "Kommersant", "Izvestiya", "Gazeta Wyborcza", "Evenimentul Zilei",
                               "Corriere della Sera", "Le Monde", "Kathimerini", "Rezonansi", "Zerkalo")),
              "ORGANIZATION", "paper_quoted")
