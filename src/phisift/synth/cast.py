"""The people, places and numbers one note is about.

A note mentions the same patient, doctors and hospital several times, in
different forms ("SMITH, JOHN" in the header, "Mr. Smith" in the text, "John"
in a nursing line). Drawing them once per note, and formatting them anew at
every mention, gives that repetition with variation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import values as V
from .values import Address, Fakers, Person

CREDENTIALS = {
    "attending": ("MD", "M.D.", "MD", "MD, PhD", "DO", "MD, FACP", "MD, MPH"),
    "pcp": ("MD", "M.D.", "MD", "DO", "NP", "MD, MPH"),
    "resident": ("MD", "M.D.", "MD, PGY-2", "MD (resident)", "DO"),
    "intern": ("MD", "MD, PGY-1", "M.D."),
    "consultant": ("MD", "M.D.", "MD, FACC", "DO"),
    "surgeon": ("MD", "M.D.", "MD, FACS"),
    "assistant": ("PA-C", "MD", "RNFA", "MD (resident)"),
    "anesthesiologist": ("MD", "M.D.", "CRNA"),
    "radiologist": ("MD", "M.D."),
    "referrer": ("MD", "M.D.", "DO", "NP", "PA-C"),
    "nurse": ("RN", "RN, BSN", "LPN", "RN"),
    "np": ("NP", "ANP-BC", "FNP-BC", "NP-C"),
    "sw": ("LICSW", "MSW, LICSW", "LCSW", "MSW"),
    "pharmacist": ("PharmD", "RPh"),
    "cm": ("RN, CM", "RN", "MSW"),
}
ROLES = tuple(CREDENTIALS)

RELATIONS = {
    "F": ("husband", "son", "son", "brother", "nephew", "grandson", "partner", "friend", "neighbor", "son-in-law"),
    "M": ("wife", "daughter", "daughter", "sister", "niece", "granddaughter", "partner", "friend", "neighbor",
          "daughter-in-law"),
}
_REL_SEX = {"husband": "M", "son": "M", "brother": "M", "nephew": "M", "grandson": "M", "son-in-law": "M",
            "wife": "F", "daughter": "F", "sister": "F", "niece": "F", "granddaughter": "F", "daughter-in-law": "F"}


@dataclass
class Relative:
    relation: str
    person: Person
    same_last: bool
    phone: str
    profession: str
    city: tuple[str, str]


@dataclass
class Cast:
    patient: Person
    title: str
    age: int
    address: Address
    providers: dict[str, Person]
    credentials: dict[str, str]
    relatives: list[Relative]
    hospital: str
    hospital_abbr: str
    hospital_domain: str
    other_hospital: str
    facility: str
    clinic: str
    phones: dict[str, str]
    profession: str
    employer: str
    insurer: str
    country: str
    ids: dict[str, str] = field(default_factory=dict)


def make_cast(rng: random.Random, fk: Fakers, age: int) -> Cast:
    sex = rng.choice("FM")
    patient = V.make_person(rng, fk, sex)
    if sex == "M":
        title = "Mr."
    else:
        title = rng.choices(("Ms.", "Mrs.", "Miss", "Ms"), (6, 4, 1, 1))[0]
    providers = {role: V.make_person(rng, fk) for role in ROLES}
    creds = {role: rng.choice(c) for role, c in CREDENTIALS.items()}
    relatives = []
    for _ in range(rng.choice((1, 2, 2, 3, 4))):
        relation = rng.choice(RELATIONS[sex])
        if any(r.relation == relation for r in relatives) and relation in ("husband", "wife", "partner"):
            continue
        rel_sex = _REL_SEX.get(relation) or rng.choice("FM")
        same_last = relation in ("husband", "wife", "son", "daughter", "brother", "sister") and rng.random() < 0.7
        p = V.make_person(rng, fk, rel_sex)
        if same_last:
            p = Person(p.first, patient.last, p.sex, p.middle, p.source)
        relatives.append(Relative(relation, p, same_last, V.phone(rng), V.profession(rng, fk), V.city(rng, fk)))
    hosp = V.hospital(rng, fk)
    hosp_abbr = V.abbreviation(hosp) if not hosp.startswith("St.") else V.abbreviation(hosp.replace("St.", "Saint"))
    if len(hosp_abbr) < 2:
        hosp_abbr = hosp.split()[0].upper()[:4]
    other = V.hospital(rng, fk)
    while other == hosp:
        other = V.hospital(rng, fk)
    area = rng.choice(V.AREA_CODES)
    phones = {
        "home": V.phone(rng), "cell": V.phone(rng, ext=False), "clinic": V.phone(rng, area),
        "clinic_fax": V.phone(rng, area, ext=False), "hosp": V.phone(rng, area), "hosp_fax": V.phone(rng, area, ext=False),
        "other": V.phone(rng),
    }
    ids = {
        "mrn": V.mrn(rng), "mrn2": V.mrn(rng), "acct": V.account(rng), "ssn": V.ssn(rng), "hp": V.healthplan(rng),
        "group": V._digits(rng, rng.choice((5, 6, 7))), "dea": V.license_number(rng, "dea"),
        "lic": V.license_number(rng, "state"), "dl": V.license_number(rng, "driver"), "npi": V.idnum(rng, "npi"),
        "device": V.device_serial(rng), "device2": V.device_serial(rng), "vin": V.vehicle(rng, "vin"),
        "plate": V.vehicle(rng, "plate"), "bioid": V.bioid(rng),
    }
    return Cast(
        patient=patient, title=title, age=age, address=V.address(rng, fk), providers=providers, credentials=creds,
        relatives=relatives, hospital=hosp, hospital_abbr=hosp_abbr, hospital_domain=V.domain_for(hosp, rng),
        other_hospital=other, facility=V.facility(rng, fk), clinic=V.practice(rng, fk) if rng.random() < 0.6 else hosp,
        phones=phones, profession=V.profession(rng, fk), employer=V.organization(rng, fk),
        insurer=rng.choice(V.INSURERS), country=rng.choice(V.COUNTRIES), ids=ids,
    )
