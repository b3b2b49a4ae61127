"""Templates X71-X110, a seventh batch of tune-side record templates of bench/make_records.py.

After six rounds the report figures of vehicles (0.61), licences (0.89), health-plan numbers (0.88)
and other identifiers (0.91) had not moved for several sessions. These templates print those kinds
as systems this generator had not imitated yet, written from what such documents look like
(not from the detectors): motor-vehicle department title and registration records, tow and
impound slips, non-emergency medical transport trip sheets, rental and fleet agreements,
registrations and driving licences of other countries (UK, Ireland, Germany, France, Italy, Spain,
the Netherlands, Canada, Australia, India), DOT commercial-driver medical certificates and aviation
medical applications, boats, trailers, motorcycles and aircraft, provincial and national health
cards (OHIP, RAMQ, BC PHN, Australian Medicare, German KVNR, EHIC), Medicaid, Medicare Advantage,
Tricare, dental and vision plans, FHIR Coverage resources and HL7 IN1/PID-20 fields, claim
exports, billing statements and collection letters, implanted-device and biomedical work orders,
addressograph imprints with no cue words, consent and guardianship forms, PDMP reports,
specialty-pharmacy enrolments, social-history prose and call-centre notes in lower case.

Gold follows bench/make_records.py: plates, VINs, hull and tail numbers VEHICLE; a state or
province printed with a plate or licence STATE; driving licences, professional licences,
DEA and examiner registry numbers LICENSE; member, subscriber, group, policy numbers of health
plans and health cards HEALTHPLAN; claim, case, passport, national ID, auto-policy, trip,
ticket, invoice and other record numbers IDNUM; accounts ACCOUNT; serials DEVICE; MRN
MEDICALRECORD. Drug, procedure and diagnosis codes, NDCs, BIN/PCN and lab values are not PHI.

They come in pairs of one kind: odd ids form ``tune_r7`` (rules may be developed on it), even
ids form ``check_r7`` (never looked at for rules: the transfer figure).
"""

from __future__ import annotations

import string

from make_records import US_STATES, Cast, Rec, dea, digits, letters, npi, vin

L_POOL = "ABCDEFGHJKLMNPRSTUVWXYZ"
MAKES = ("Toyota Camry", "Honda Accord", "Ford Escape", "Chevrolet Malibu", "Nissan Rogue", "Jeep Cherokee",
         "Subaru Forester", "Hyundai Sonata", "Kia Soul", "Mazda CX-5", "Volkswagen Jetta", "BMW 328i", "Dodge Ram 2500",
         "Chevrolet Silverado", "Ford Transit", "Toyota Tacoma", "Honda CR-V", "Lexus RX 350")
EU_MAKES = ("VW Golf", "Peugeot 208", "Renault Clio", "Fiat Panda", "Vauxhall Corsa", "Skoda Octavia", "Opel Astra",
            "Seat Ibiza", "Ford Fiesta", "Citroen C3")
COLORS = ("Black", "White", "Silver", "Gray", "Red", "Blue", "Green", "Beige", "Gold", "Burgundy")
DENTAL = ("Delta Dental", "MetLife Dental", "Guardian Dental", "Cigna Dental", "United Concordia", "Aetna Dental")
VISION = ("VSP", "EyeMed", "Davis Vision", "Superior Vision", "Spectera")
PLANS = ("Aetna Better Health", "Amerigroup", "Molina Healthcare", "Sunshine Health", "CareSource", "Healthfirst",
         "Fidelis Care", "Humana Gold Plus", "AARP Medicare Advantage", "Wellcare by Allwell", "Kaiser Permanente",
         "Blue Cross Blue Shield", "Priority Health", "Tufts Health Plan", "Tricare East", "Medi-Cal")
PROVINCES = ("ON", "QC", "BC", "AB", "MB", "NS", "SK", "NB")
AU_STATES = ("NSW", "VIC", "QLD", "WA", "SA", "TAS")


def st(c: Cast) -> str:
    return c.rng.choice(tuple(US_STATES))


def us_plate(c: Cast) -> str:
    """A US plate in one of the common series (letters and digits, with or without a dash or space)."""
    r = c.rng
    L, D = (lambda n: letters(r, n, L_POOL)), (lambda n: digits(r, n, string.digits))
    return r.choice((f"{r.randint(1, 9)}{L(3)}{D(3)}", f"{L(3)}-{D(4)}", f"{L(3)} {D(4)}", f"{L(3)}{D(4)}", f"{D(3)} {L(3)}",
                     f"{L(2)}{D(5)}", f"{D(3)}-{L(3)}", f"{L(1)}{D(2)} {L(3)}", f"{D(1)}{L(2)}{D(4)}", f"{L(2)} {D(4)}",
                     f"{L(3)}{D(3)}", f"{D(2)}{L(1)} {D(3)}"))


def world_plate(c: Cast, country: str) -> str:
    """A registration as each country prints it."""
    r = c.rng
    L, D = (lambda n: letters(r, n, L_POOL)), (lambda n: digits(r, n, string.digits))
    return {"UK": f"{L(2)}{D(2)} {L(3)}", "IE": f"{r.choice(('191', '201', '152', '08', '231'))}-{r.choice(('D', 'C', 'G', 'KY', 'L', 'WW'))}-{digits(r, r.choice((3, 4, 5)))}",
            "DE": f"{r.choice(('B', 'M', 'HH', 'K', 'F', 'S'))}-{L(2)} {digits(r, r.choice((2, 3, 4)))}", "FR": f"{L(2)}-{D(3)}-{L(2)}",
            "IT": f"{L(2)} {D(3)}{L(2)}", "ES": f"{D(4)} {letters(r, 3, 'BCDFGHJKLMNPRSTVWXYZ')}", "NL": f"{D(2)}-{L(3)}-{D(1)}",
            "ON": f"{L(4)} {D(3)}", "QC": f"{L(1)}{D(2)} {L(3)}", "BC": f"{L(2)}{D(1)}-{D(2)}{L(1)}",
            "AU": f"{D(1)}{L(2)}-{D(1)}{L(2)}", "NSW": f"{L(2)}-{D(2)}-{L(2)}", "IN": f"{r.choice(('MH', 'DL', 'KA', 'TN'))} {D(2)} {L(2)} {D(4)}"}[country]


def us_dl(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((f"{letters(r, 1)}{D(7)}", D(9), D(8), f"{letters(r, 1)}{D(12)}", f"{letters(r, 1)}{D(3)}-{D(3)}-{D(3)}",
                     f"{letters(r, 2)}{D(6)}", f"{D(3)}-{D(3)}-{D(3)}", f"{letters(r, 1)}{D(3)}-{D(4)}-{D(4)}",
                     f"{letters(r, 1)}-{D(3)}-{D(3)}-{D(3)}-{D(3)}", f"{D(2)}-{D(3)}-{D(4)}", f"{letters(r, 1)}{D(8)}"))


def world_dl(c: Cast, country: str) -> str:
    """A driving licence number in the shape of each country's or province's licence."""
    r, p = c.rng, c.patient
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    sur = "".join(ch for ch in p.last.upper() if ch.isascii() and ch.isalpha())[:5].ljust(5, "9")
    ini = ("".join(ch for ch in (p.first[:1] + p.middle[:1]).upper() if ch.isascii() and ch.isalpha()) or "X").ljust(2, "9")
    return {"UK": f"{sur}{D(6)}{ini}{r.randint(0, 9)}{letters(r, 2)}", "IE": D(9), "DE": f"{letters(r, 1)}{D(3)}{letters(r, 3)}{D(1)}{letters(r, 1)}{D(2)}",
            "FR": f"{D(2)}{letters(r, 2)}{D(5)}", "IT": f"{letters(r, 2)}{D(7)}{letters(r, 1)}", "ES": f"{D(8)}{letters(r, 1)}",
            "NL": D(10), "ON": f"{letters(r, 1)}{D(4)}-{D(5)}-{D(5)}", "QC": f"{letters(r, 1)}{D(4)}-{D(6)}-{D(2)}",
            "BC": D(7), "AB": f"{D(6)}-{D(3)}", "AU": D(r.choice((8, 9))), "IN": f"{r.choice(('MH', 'DL', 'KA', 'TN'))}{D(2)} {D(11)}"}[country]


def health_card(c: Cast, kind: str) -> str:
    """Numbers of provincial and national health cards and of US public plans."""
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return {"ohip": f"{D(4)}-{D(3)}-{D(3)}-{letters(r, 2)}", "ohip_plain": f"{D(10)}{letters(r, 2)}",
            "ramq": f"{letters(r, 4)} {D(4)} {D(4)}", "bcphn": f"9{D(3)} {D(3)} {D(3)}",
            "medicare_au": f"{r.randint(2, 6)}{D(3)} {D(5)} {r.randint(1, 9)}", "kvnr": f"{letters(r, 1)}{D(9)}",
            "ehic": f"{D(20)}", "medicaid": r.choice((f"{D(8)}{letters(r, 1)}", f"{letters(r, 2)}{D(5)}{letters(r, 1)}", D(10), f"{letters(r, 1)}{D(9)}")),
            "tricare": D(11), "ma": r.choice((f"{letters(r, 1)}{D(8)}", f"{D(9)}-{D(2)}", f"{letters(r, 3)}{D(8)}", f"{D(11)}")),
            "dental": r.choice((D(9), f"{D(9)} 01", f"{letters(r, 1)}{D(8)}", f"U{D(8)}")),
            "vision": r.choice((D(9), f"{D(4)}{D(5)}", f"{letters(r, 2)}{D(7)}"))}[kind]


def member(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((f"{letters(r, 3)}{D(9)}", f"{letters(r, 3)} {D(3)} {D(3)} {D(3)}", f"{D(9)}-{D(2)}", f"{letters(r, 1)}{D(10)}",
                     f"{D(3)}{letters(r, 2)}{D(4)}", f"{letters(r, 2)}{D(3)}-{D(3)}-{D(3)}", f"{D(12)}", f"{letters(r, 4)}{D(7)}"))


def group(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((D(5), D(6), f"{D(6)}-{D(4)}", f"{letters(r, 1)}{D(6)}", f"{D(3)}{letters(r, 1)}{D(3)}", f"{letters(r, 3)}{D(4)}",
                     f"{D(8)}", f"{D(5)}-{letters(r, 2)}"))


def claim_no(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((f"{c.visit:%y}{D(3)}{D(8)}", f"{letters(r, 1)}{D(11)}", f"{D(4)}-{D(5)}-{D(2)}", f"CLM{D(9)}",
                     f"{D(3)}{letters(r, 2)}{D(7)}", f"{c.visit:%Y}{D(9)}"))


def serial(c: Cast) -> str:
    r = c.rng
    return r.choice((f"{letters(r, 3)}{digits(r, 6)}{r.choice('HGNRS')}", f"{digits(r, 7)}", f"SN{digits(r, 9, string.digits)}",
                     f"{letters(r, 1)}{digits(r, 2)}{letters(r, 1)}{digits(r, 6)}", f"{letters(r, 2)}{digits(r, 4)}-{digits(r, 4, string.digits)}",
                     f"{r.randint(1, 9)}{letters(r, 2, L_POOL)}{letters(r, 3, L_POOL + string.digits)}"))


def hin(c: Cast) -> str:
    """A boat's hull identification number: maker code, serial, month/year letters and digits."""
    r = c.rng
    return f"{letters(r, 3)}{digits(r, 5, string.digits)}{r.choice('ABCDEFGHIJKL')}{r.randint(0, 9)}{r.randint(10, 25)}"


def body(rec: Rec, c: Cast) -> None:
    """Clinical lines with codes and numbers that are not PHI."""
    r = c.rng
    rec.t(r.choice(("Dx: E11.9, I10  CPT 99214  NDC 00002-7510-01\n", "Hgb 12.4 g/dL  WBC 7.8  Plt 245  Cr 1.1  K 4.2\n",
                    "ICD-10 S06.0X0A; CPT 70450 CT head w/o contrast\n", "Meds: metformin 500 mg BID, lisinopril 10 mg daily (lot 4K82J)\n",
                    "HCPCS E0601 CPAP; J3490; modifier 25\n", "BP 128/76  HR 88  SpO2 98%  Temp 37.1 C\n")))


# ---------------------------------------------------------------- X71/X72: motor-vehicle department records


def x_dmv_title(rec: Rec, c: Cast) -> None:
    """A certificate-of-title / registration record as a DMV clerk prints it for a disability placard application."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.t(r.choice(("DEPARTMENT OF MOTOR VEHICLES - REGISTRATION INQUIRY\n", "MOTOR VEHICLE RECORD (MVR) - TITLE/REG\n")))
    rec.t("Owner: ").v(p.fmt(r, "lf_up"), "PATIENT", "owner").t("\nAddress: ").v(c.address["street"], "STREET", "street").t(", ")
    rec.v(c.address["city"], "CITY", "city").t("\n")
    rec.t(r.choice(("Title No.: ", "Title # ", "TITLE NUMBER "))).v(f"{digits(r, 8)}", "IDNUM", "title")
    rec.t(r.choice(("   Reg. No.: ", "   Registration # ", "   REG "))).v(f"{letters(r, 2)}{digits(r, 7)}", "IDNUM", "registration").t("\n")
    rec.t(f"Year/Make: {r.randint(2004, 2023)} {r.choice(MAKES)}   Body: {r.choice(('4D SEDAN', 'SUV', 'PICKUP', 'VAN'))}\n")
    rec.t(r.choice(("Vehicle ID No.: ", "V.I.N. ", "Vehicle Identification Number: "))).v(vin(r), "VEHICLE", "vin").t("\n")
    rec.t(r.choice(("Plate: ", "Tag No. ", "License Plate Number: "))).v(us_plate(c), "VEHICLE", "plate").t(f"  {r.choice(('Exp', 'Expires'))} ")
    rec.v(c.date(c.later(30, 700)), "DATE", "exp").t("  Issuing state ").v(s, "STATE", "plate_state").t("\n")
    rec.t("Disability placard # ").v(f"{letters(r, 1)}{digits(r, 6)}", "IDNUM", "placard").t(" certified by ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "certifier").t(", MD\n")


def x_tow_impound(rec: Rec, c: Cast) -> None:
    """A tow / impound release slip in the patient's belongings envelope."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.t(f"VEHICLE IMPOUND RELEASE   Tow ticket {digits(r, 6)}\nDate towed: ").v(c.date(), "DATE", "towed").t("\n")
    rec.t(f"{r.choice(COLORS).upper()} {r.choice(MAKES).upper()}  ").v(us_plate(c), "VEHICLE", "plate").t(" ")
    rec.v(s, "STATE", "plate_state").t("\nVIN: ").v(vin(r), "VEHICLE", "vin").t("\nRegistered owner: ").v(p.fmt(r, "fl"), "PATIENT", "owner")
    rec.t("  OLN ").v(us_dl(c), "LICENSE", "dl").t("\nReleased to: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative")
    rec.t(f" ({c.relation}) on presentation of DL ").v(us_dl(c), "LICENSE", "dl").t("\n")


# ---------------------------------------------------------------- X73/X74: transport and rental


def x_nemt_trip(rec: Rec, c: Cast) -> None:
    """A non-emergency medical transport trip sheet: Medicaid member, driver, vehicle and its plate."""
    r, p = c.rng, c.patient
    rec.t("NEMT TRIP SHEET   Trip ID ").v(f"{c.visit:%y%m%d}-{digits(r, 4)}", "IDNUM", "trip").t("\nMember: ").v(p.fmt(r), "PATIENT", "member")
    rec.t("   Medicaid ID ").v(health_card(c, "medicaid"), "HEALTHPLAN", "medicaid").t("\nPickup ").v(c.address["street"], "STREET", "street")
    rec.t(" -> ").v(c.hospital, "HOSPITAL", "dest").t("\nDriver: ").v(c.staff[2].fmt(r, "fl"), "DOCTOR", "driver")
    rec.t(r.choice(("  Driver lic ", "  DL# ", "  CDL "))).v(us_dl(c), "LICENSE", "dl").t("\n")
    rec.t(f"Vehicle: {r.choice(('wheelchair van', 'sedan', 'stretcher van'))} #{r.randint(10, 99)}, ")
    rec.t(r.choice(("plate ", "tag ", "lic plate "))).v(us_plate(c), "VEHICLE", "plate")
    if r.random() < 0.5:
        rec.t(r.choice((", ", "; VIN "))).v(vin(r), "VEHICLE", "vin")
    rec.t("\nMileage 14.2  Wait time 00:35\n")


def x_rental(rec: Rec, c: Cast) -> None:
    """A loaner / rental car agreement attached to a long-distance transplant patient's social work note."""
    r, p = c.rng, c.patient
    rec.t(f"RENTAL AGREEMENT No. ").v(f"{digits(r, 9)}", "IDNUM", "agreement").t("\nRenter: ").v(p.fmt(r, "lf"), "PATIENT", "renter")
    s = st(c)
    rec.t("\nDriver license: ").v(s, "STATE", "dl_state").t(" ").v(us_dl(c), "LICENSE", "dl").t("  exp ").v(c.date(c.later(100, 900)), "DATE", "exp")
    rec.t(f"\nUnit {digits(r, 5)}  {r.randint(2019, 2024)} {r.choice(MAKES)} {r.choice(COLORS)}\nLic ").v(us_plate(c), "VEHICLE", "plate")
    rec.t(" ").v(st(c), "STATE", "plate_state").t("  VIN ").v(vin(r), "VEHICLE", "vin").t("\nOut: ").v(c.date(), "DATE", "out").t("  Due: ")
    rec.v(c.date(c.later(3, 14)), "DATE", "due").t("\n")


# ---------------------------------------------------------------- X75/X76: registrations of other countries


def x_eu_accident(rec: Rec, c: Cast) -> None:
    """A European accident statement attached to a travel-insurance claim: both vehicles, their insurers and drivers."""
    r = c.rng
    country = r.choice(("UK", "IE", "DE", "FR", "IT", "ES", "NL"))
    rec.t("EUROPEAN ACCIDENT STATEMENT\nPlace: ").v(c.fake.city() if c.fake else c.us.city(), "CITY", "city").t("  Date ").v(c.date(), "DATE", "accident").t("\n")
    for side in "AB":
        who = c.patient if side == "A" else c.person()
        ctry = country if side == "A" else r.choice(("UK", "IE", "DE", "FR", "IT", "ES", "NL"))
        rec.t(f"Vehicle {side}: {r.choice(EU_MAKES)}, ").t(r.choice(("registration ", "Reg. No. ", "Kennzeichen ", "immatriculation ")))
        rec.v(world_plate(c, ctry), "VEHICLE", "plate").t(f" ({ctry})\n  Driver ").v(who.fmt(r, "fl"), "PATIENT", "driver")
        rec.t(r.choice((", licence no. ", ", driving licence ", ", permis n° "))).v(world_dl(c, ctry if ctry != "NL" else "NL"), "LICENSE", "dl")
        rec.t(f"\n  Insurer {r.choice(('AXA', 'Allianz', 'Aviva', 'Generali', 'Mapfre', 'FBTO'))}, policy ")
        rec.v(f"{letters(r, 2)}{digits(r, 8)}", "IDNUM", "policy").t(" green card ").v(f"{ctry}/{digits(r, 3)}/{digits(r, 7)}", "IDNUM", "greencard").t("\n")


def x_intl_vehicle(rec: Rec, c: Cast) -> None:
    """A repatriation / travel-assistance case sheet: the patient's vehicle abroad and how it comes home."""
    r, p = c.rng, c.patient
    ctry = r.choice(("ON", "QC", "BC", "AU", "NSW", "IN", "UK", "DE"))
    rec.t("ASSISTANCE CASE ").v(f"{letters(r, 3)}-{digits(r, 7)}", "IDNUM", "case").t("\nInsured: ").v(p.fmt(r, "fl_up"), "PATIENT", "patient")
    rec.t("  Policy ").v(f"{digits(r, 4)} {digits(r, 4)} {digits(r, 4)}", "IDNUM", "policy").t("\n")
    rec.t(f"Vehicle: {r.choice(MAKES)}, ").t(r.choice(("rego ", "plate ", "registration: ", "number plate "))).v(world_plate(c, ctry), "VEHICLE", "plate")
    rec.t(f" [{ctry}]  chassis no. ").v(vin(r), "VEHICLE", "vin").t("\nDriver licence ").v(world_dl(c, ctry if ctry not in ("NSW", "AU") else "AU"), "LICENSE", "dl")
    rec.t(" held by ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation}), who will drive it home.\n")


# ---------------------------------------------------------------- X77/X78: driving licences of other countries


def x_intl_id_check(rec: Rec, c: Cast) -> None:
    """Registration of a visitor from abroad: licence, passport, national ID, travel insurer."""
    r, p = c.rng, c.patient
    ctry = r.choice(("UK", "IE", "DE", "FR", "IT", "ES", "ON", "QC", "BC", "AB", "AU", "IN"))
    rec.t("INTERNATIONAL PATIENT REGISTRATION\nName: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t(r.choice(("Photo ID: driving licence (", "ID presented: Driver's Licence, ", "Licence: "))).t(f"{ctry}")
    rec.t(r.choice((") no. ", " #", " - "))).v(world_dl(c, ctry), "LICENSE", "dl").t("\n")
    rec.t("Passport: ").v(f"{letters(r, 2)}{digits(r, 7)}", "IDNUM", "passport").t(f"  Nationality {ctry}\n")
    rec.t("Travel insurer: ").v(r.choice(("Allianz Travel", "AXA Assistance", "Europ Assistance", "Blue Cross Travel")), "ORGANIZATION", "payer")
    rec.t("  Certificate ").v(f"{digits(r, 3)}-{digits(r, 7)}", "HEALTHPLAN", "member").t("\n")


def x_intl_licence_list(rec: Rec, c: Cast) -> None:
    """A locum agency's credential list: doctors and nurses from abroad, licences and registrations one a row."""
    r = c.rng
    rec.t("LOCUM CREDENTIAL CHECK\n")
    for who in c.staff[:r.randint(2, 4)]:
        ctry = r.choice(("UK", "IE", "ON", "AU", "IN", "DE"))
        reg = {"UK": f"GMC {digits(r, 7)}", "IE": f"IMC {digits(r, 6)}", "ON": f"CPSO {digits(r, 5)}", "AU": f"MED{digits(r, 10)}",
               "IN": f"MCI-{digits(r, 5)}", "DE": f"LANR {digits(r, 9)}"}[ctry]
        head, num = reg.split(" ", 1) if " " in reg else ("AHPRA", reg)
        rec.v(who.fmt(r, "fl"), "DOCTOR", "staff").t(f"  {head} ").v(num, "LICENSE", "license").t("  driving licence ")
        rec.v(world_dl(c, ctry), "LICENSE", "dl").t("\n")


# ---------------------------------------------------------------- X79/X80: health cards and public plans


def x_health_card_intl(rec: Rec, c: Cast) -> None:
    """A cross-border billing sheet: the provincial or national health card of a patient treated out of country."""
    r, p = c.rng, c.patient
    kind = r.choice(("ohip", "ohip_plain", "ramq", "bcphn", "medicare_au", "kvnr", "ehic"))
    label = {"ohip": "OHIP # ", "ohip_plain": "Health Card No. ", "ramq": "RAMQ: ", "bcphn": "PHN ", "medicare_au": "Medicare card ",
             "kvnr": "Versichertennummer ", "ehic": "EHIC card no. "}[kind]
    rec.t("OUT-OF-COUNTRY CLAIM\nPatient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  ").t(label).v(health_card(c, kind), "HEALTHPLAN", "healthcard")
    if kind == "medicare_au":
        rec.t(f"  IRN {r.randint(1, 5)}")
    rec.t("\nProvince/State: ").v(r.choice(PROVINCES), "STATE", "province").t("\n")
    body(rec, c)
    rec.t("Claim ref ").v(claim_no(c), "IDNUM", "claim").t("\n")


def x_public_plan(rec: Rec, c: Cast) -> None:
    """A financial counsellor's coverage screening: Medicaid, Medicare Advantage, Tricare numbers."""
    r, p = c.rng, c.patient
    rec.t("COVERAGE SCREENING  ").v(c.date(), "DATE", "screen").t("\nPatient ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("\n")
    rec.t(f"1. {r.choice(PLANS)}: ").v(health_card(c, "medicaid"), "HEALTHPLAN", "medicaid").t(" (Medicaid, active)\n")
    rec.t("2. Medicare Advantage member # ").v(health_card(c, "ma"), "HEALTHPLAN", "member").t("\n")
    rec.t("3. TRICARE - DoD Benefits Number ").v(health_card(c, "tricare"), "HEALTHPLAN", "tricare").t(", sponsor ")
    rec.v(c.relative.fmt(r, "fl"), "PATIENT", "sponsor").t("\n")


# ---------------------------------------------------------------- X81/X82: FHIR Coverage, HL7 IN1 / PID-20


def x_fhir_coverage(rec: Rec, c: Cast) -> None:
    """A FHIR R4 Coverage resource: subscriberId, class group/plan values, beneficiary reference."""
    r, p = c.rng, c.patient
    rec.t('{\n  "resourceType": "Coverage",\n  "id": "').v(f"cov-{digits(r, 6)}", "IDNUM", "resource").t('",\n  "status": "active",\n')
    rec.t('  "subscriberId": "').v(member(c), "HEALTHPLAN", "member").t('",\n  "beneficiary": {"display": "').v(p.fmt(r, "fl"), "PATIENT", "patient")
    rec.t('"},\n  "payor": [{"display": "').v(r.choice(PLANS), "ORGANIZATION", "payer").t('"}],\n  "class": [\n')
    rec.t('    {"type": {"coding": [{"code": "group"}]}, "value": "').v(group(c), "HEALTHPLAN", "group").t('"},\n')
    rec.t('    {"type": {"coding": [{"code": "plan"}]}, "value": "').t(f"{letters(r, 3)}-{r.choice(('PPO', 'HMO', 'EPO'))}").t('"}\n  ]\n}\n')


def x_hl7_in1(rec: Rec, c: Cast) -> None:
    """HL7 v2 PID and IN1 segments: PID-20 driver's licence (number^state), IN1 group and policy numbers."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.t("MSH|^~\\&|REG|HOSP|BILL|HOSP|").v(f"{c.visit:%Y%m%d}1200", "DATE", "msg").t("||ADT^A08|")
    rec.t(f"{digits(r, 8)}|P|2.5\nPID|1||").v(digits(r, 8), "MEDICALRECORD", "mrn").t("^^^HOSP^MR||").v(p.fmt(r, "hl7"), "PATIENT", "patient")
    rec.t("||").v(f"{c.dob:%Y%m%d}", "DATE", "dob").t(f"|{c.sex}|||||||||||").v(us_dl(c), "LICENSE", "dl").t("^").v(s, "STATE", "dl_state").t("\n")
    rec.t("IN1|1|").t(f"{letters(r, 3)}{digits(r, 3)}|{digits(r, 5)}|").v(r.choice(PLANS).upper(), "ORGANIZATION", "payer").t("|||||")
    rec.v(group(c), "HEALTHPLAN", "group").t("||||||||").v(p.fmt(r, "hl7"), "PATIENT", "insured").t("|01|||||||||||||||||")
    rec.v(member(c), "HEALTHPLAN", "member").t("\n")


# ---------------------------------------------------------------- X83/X84: claim exports


def x_claims_csv(rec: Rec, c: Cast) -> None:
    """A payer's claims extract: one claim a row, header in snake case, identifiers in columns of their own."""
    r = c.rng
    rec.t("claim_id,member_id,group_no,patient_name,dos,cpt,icd10,billed\n")
    for _ in range(r.randint(2, 4)):
        who = r.choice((c.patient, c.relative))
        rec.v(claim_no(c), "IDNUM", "claim").t(",").v(member(c), "HEALTHPLAN", "member").t(",").v(group(c), "HEALTHPLAN", "group").t(',"')
        rec.v(who.fmt(r, "lf"), "PATIENT", "patient").t('",').v(c.date(c.later(0, 60), "%Y-%m-%d"), "DATE", "dos")
        rec.t(f",{r.choice(('99213', '99284', '71046', '80053'))},{r.choice(('J18.9', 'R07.9', 'E11.65', 'M54.5'))},{r.randint(80, 2400)}.00\n")


def x_claim_status(rec: Rec, c: Cast) -> None:
    """A claim-status (276/277) screen: payer claim number, ICN, subscriber and patient control numbers."""
    r, p = c.rng, c.patient
    rec.t("CLAIM STATUS INQUIRY\nPayer: ").v(r.choice(PLANS), "ORGANIZATION", "payer").t("\nSubscriber: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient")
    rec.t("   Subscriber ID ").v(member(c), "HEALTHPLAN", "member").t("\nPatient control no.: ").v(digits(r, 10), "ACCOUNT", "pcn")
    rec.t("   ICN ").v(f"{c.visit:%y}{digits(r, 11, string.digits)}", "IDNUM", "icn").t("\nStatus: A2/20 accepted, pending adjudication\n")
    rec.t("Billed CPT 99285-25, 93010; Dx R07.89\n")


# ---------------------------------------------------------------- X85/X86: devices


def x_device_interrogation(rec: Rec, c: Cast) -> None:
    """A pacemaker / ICD remote interrogation summary and a CGM transmitter line."""
    r, p = c.rng, c.patient
    rec.t("REMOTE DEVICE TRANSMISSION  ").v(c.date(), "DATE", "transmission").t("\nPatient: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("\n")
    rec.t(f"Device: {r.choice(('Azure XT DR MRI', 'Assurity MRI', 'Accolade MRI', 'Evera MRI XT VR'))}  ")
    rec.t(r.choice(("Serial: ", "SN ", "Ser# "))).v(serial(c), "DEVICE", "serial").t("\nRA lead 5076  SN ").v(serial(c), "DEVICE", "serial")
    rec.t("\nBattery 9.1 yrs, RV threshold 0.75 V @ 0.4 ms, impedance 513 ohms\n")
    rec.t("CGM transmitter ID ").v(f"{r.randint(1, 9)}{letters(r, 5, L_POOL + string.digits)}", "DEVICE", "transmitter").t("\n")


def x_biomed_workorder(rec: Rec, c: Cast) -> None:
    """A biomedical engineering work order for equipment sent home with a patient."""
    r = c.rng
    rec.t("BIOMED WORK ORDER ").v(f"WO-{digits(r, 6)}", "IDNUM", "workorder").t("\nEquipment: infusion pump  Asset tag ")
    rec.v(f"{digits(r, 6)}", "DEVICE", "asset").t("  S/N ").v(serial(c), "DEVICE", "serial").t("\nLoaned to: ").v(c.patient.fmt(r, "lf"), "PATIENT", "patient")
    rec.t("  Acct ").v(digits(r, 9), "ACCOUNT", "acct").t("\nPM due ").v(c.date(c.later(90, 365)), "DATE", "pm").t("  Tech: ").v(c.staff[1].fmt(r, "il"), "DOCTOR", "tech").t("\n")


# ---------------------------------------------------------------- X87/X88: accounts and statements


def x_statement(rec: Rec, c: Cast) -> None:
    """A patient billing statement: guarantor, account, statement and invoice numbers, insurance on file."""
    r, p = c.rng, c.patient
    rec.t("PATIENT STATEMENT\nGuarantor: ").v(c.relative.fmt(r, "fl_up"), "PATIENT", "guarantor").t("\n")
    rec.t(r.choice(("Guarantor #: ", "Account No. ", "Acct: "))).v(digits(r, r.choice((8, 9, 10))), "ACCOUNT", "acct")
    rec.t("   Statement date ").v(c.date(), "DATE", "statement").t("\nInvoice ").v(f"INV-{c.visit:%Y}-{digits(r, 6, string.digits)}", "IDNUM", "invoice").t("\n")
    rec.t("Primary insurance: ").v(r.choice(PLANS), "ORGANIZATION", "payer").t("  Policy # ").v(member(c), "HEALTHPLAN", "member")
    rec.t("  Grp ").v(group(c), "HEALTHPLAN", "group").t("\nPatient: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("  Amount due $214.60\n")


def x_collections(rec: Rec, c: Cast) -> None:
    """A collection agency letter referencing the hospital account and the unpaid claim."""
    r, p = c.rng, c.patient
    rec.t("Re: Your account with ").v(c.hospital, "HOSPITAL", "hospital").t("\nOur file #: ").v(f"{digits(r, 7)}-{letters(r, 2)}", "IDNUM", "file")
    rec.t("   Creditor account: ").v(f"{digits(r, 4)}-{digits(r, 6, string.digits)}", "ACCOUNT", "acct").t("\nDear ").v(p.fmt(r, "fl"), "PATIENT", "patient")
    rec.t(",\nYour insurer denied claim ").v(claim_no(c), "IDNUM", "claim").t(" for member ").v(member(c), "HEALTHPLAN", "member")
    rec.t(". Balance: $1,180.00.\n")


# ---------------------------------------------------------------- X89/X90: identifiers with no cue word


def x_addressograph(rec: Rec, c: Cast) -> None:
    """An addressograph (imprint card) block at the top of a paper form: lines of values with no labels."""
    r, p = c.rng, c.patient
    rec.v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("\n").v(digits(r, 8, "0123456789"), "MEDICALRECORD", "mrn").t("   ")
    rec.v(f"{digits(r, 10)}", "ACCOUNT", "acct").t("\n").v(c.date(c.dob, "%m/%d/%Y"), "DATE", "dob").t(f"  {c.sex}  ")
    rec.v(str(c.age), "AGE", "age").t("Y\n").v(c.staff[0].fmt(r, "lf_up"), "DOCTOR", "attending").t("\n").v(member(c), "HEALTHPLAN", "member")
    rec.t("  ").v(group(c), "HEALTHPLAN", "group").t("\n---\nNURSING ADMISSION ASSESSMENT\n")
    body(rec, c)


def x_window_envelope(rec: Rec, c: Cast) -> None:
    """A mailed explanation letter's address block and the scan line printed under it."""
    r, p = c.rng, c.patient
    a = c.address
    rec.v(f"{digits(r, 12)}", "ACCOUNT", "acct").t(" ").v(member(c), "HEALTHPLAN", "member").t("\n").v(p.fmt(r, "fl_up"), "PATIENT", "patient").t("\n")
    rec.v(a["street"].upper(), "STREET", "street").t("\n").v(a["city"].upper(), "CITY", "city").t(" ")
    if a["state"]:
        rec.v(a["state"], "STATE", "state").t("  ")
    rec.v(a["zip"], "ZIP", "zip").t("\n\n").v(claim_no(c), "IDNUM", "claim").t("  ").v(c.date(), "DATE", "notice").t("\n")
    rec.t("We received a claim for services on the date above.\n")


# ---------------------------------------------------------------- X91/X92: multi-line international addresses


def x_intl_address(rec: Rec, c: Cast) -> None:
    """A referral to a clinic abroad with the patient's home address over several lines, its postcode on its own."""
    r, p = c.rng, c.patient
    f = c.fake
    rec.t("Patient: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("\nHome address:\n").v(f.street_address().replace("\n", " "), "STREET", "street").t("\n")
    rec.v(f.city(), "CITY", "city").t("\n").v(f.postcode(), "ZIP", "zip").t("\n")
    if hasattr(f, "current_country"):
        rec.v(f.current_country(), "COUNTRY", "country").t("\n")
    rec.t("National health number: ").v(f"{digits(r, 3)} {digits(r, 3, string.digits)} {digits(r, 4, string.digits)}", "HEALTHPLAN", "nhn").t("\n")


def x_mail_forward(rec: Rec, c: Cast) -> None:
    """A change-of-address form: old and new addresses, the forwarding order number."""
    r, p = c.rng, c.patient
    rec.t("CHANGE OF ADDRESS - ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("  Order # ").v(f"{digits(r, 4)}-{digits(r, 4)}-{digits(r, 4)}", "IDNUM", "order").t("\n")
    for head in ("OLD:", "NEW:"):
        a = c.make_address(r.random() < 0.3 and c.locale != "en_US")
        rec.t(f"{head}\n").v(a["street"], "STREET", "street").t("\n").v(a["city"], "CITY", "city").t(", ")
        if a["state"]:
            rec.v(a["state"], "STATE", "state").t(" ")
        rec.v(a["zip"], "ZIP", "zip").t("\n")


# ---------------------------------------------------------------- X93/X94: consent and guardianship


def x_consent_guardian(rec: Rec, c: Cast) -> None:
    """A minor's treatment consent signed by a guardian who shows a driver's licence."""
    r = c.rng
    s = st(c)
    rec.t("CONSENT FOR TREATMENT OF A MINOR\nPatient: ").v(c.patient.fmt(r, "fl"), "PATIENT", "patient").t(", age ").v(str(r.randint(2, 17)), "AGE", "age")
    rec.t("\nGuardian: ").v(c.relative.fmt(r, "fl"), "PATIENT", "guardian").t(f" ({c.relation})\nGuardian ID verified: ")
    rec.t(r.choice(("driver license ", "DL ", "state ID "))).v(us_dl(c), "LICENSE", "dl").t(r.choice((", ", " "))).v(s, "STATE", "dl_state")
    rec.t("\nInsurance: ").v(r.choice(PLANS), "ORGANIZATION", "payer").t(" member ").v(member(c), "HEALTHPLAN", "member").t("\n")
    rec.t("Witness: ").v(c.staff[1].fmt(r, "fl"), "DOCTOR", "witness").t("  ").v(c.date(), "DATE", "signed").t("\n")


def x_advance_directive(rec: Rec, c: Cast) -> None:
    """A health-care proxy form: agent with licence number, notary commission number."""
    r = c.rng
    s = st(c)
    rec.t("HEALTH CARE PROXY\nI, ").v(c.patient.fmt(r, "fl"), "PATIENT", "patient").t(", appoint ").v(c.relative.fmt(r, "fl"), "PATIENT", "agent")
    rec.t(" (").t(r.choice(("Driver's License No. ", "DL # ", "lic. no. "))).v(us_dl(c), "LICENSE", "dl").t(", ").v(s, "STATE", "dl_state").t(") as my agent.\n")
    rec.t("Notary: ").v(c.staff[3].fmt(r, "fl"), "PATIENT", "notary").t(", commission no. ").v(digits(r, 7), "IDNUM", "commission").t("\n")


# ---------------------------------------------------------------- X95/X96: lab requisitions with billing


def x_lab_billing(rec: Rec, c: Cast) -> None:
    """An outreach lab requisition's bill-to section under the ordered tests."""
    r, p = c.rng, c.patient
    rec.t("REQUISITION ").v(f"{letters(r, 1)}{digits(r, 8)}", "IDNUM", "requisition").t("\nPatient: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("\n")
    rec.t("Tests: CMP (80053), Lipid panel (80061), HbA1c (83036), TSH (84443)\nDx codes: E78.5, R73.03\n")
    rec.t("BILL TO: INSURANCE\nCarrier: ").v(r.choice(PLANS), "ORGANIZATION", "payer").t(f"\n{r.choice(('Insured ID', 'Subscriber/Member #', 'ID#'))}: ")
    rec.v(member(c), "HEALTHPLAN", "member").t(f"   {r.choice(('Group', 'Grp #', 'Group No'))}: ").v(group(c), "HEALTHPLAN", "group")
    rec.t("\nInsured: ").v(c.relative.fmt(r, "lf"), "PATIENT", "insured").t(f"  Relationship: {c.relation}\n")
    body(rec, c)


def x_path_billing(rec: Rec, c: Cast) -> None:
    """A pathology group's billing face sheet: case number, insurance lines, secondary plan."""
    r, p = c.rng, c.patient
    rec.t("PATHOLOGY BILLING  Case ").v(f"S{c.visit:%y}-{digits(r, 5)}", "IDNUM", "case").t("\nPt: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("\n")
    rec.t("CPT 88305 x3, 88342  ICD-10 K63.5\nPrimary: ").v(r.choice(PLANS), "ORGANIZATION", "payer").t(" ").v(member(c), "HEALTHPLAN", "member")
    rec.t(" / ").v(group(c), "HEALTHPLAN", "group").t("\nSecondary: ").v(r.choice(DENTAL + VISION + PLANS[:3]), "ORGANIZATION", "payer").t(" ")
    rec.v(health_card(c, "medicaid"), "HEALTHPLAN", "member").t("\n")


# ---------------------------------------------------------------- X97/X98: pharmacy


def x_pdmp(rec: Rec, c: Cast) -> None:
    """A prescription drug monitoring program (PDMP) report: fills with prescriber DEA and pharmacy numbers."""
    r, p = c.rng, c.patient
    rec.t("PDMP PATIENT REPORT\nPatient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t("Filled      Drug                     Qty  Days  Prescriber             DEA          Pharmacy NCPDP  Rx#\n")
    for _ in range(r.randint(2, 4)):
        doc = r.choice(c.staff)
        rec.v(c.date(c.earlier(1, 200), "%m/%d/%Y"), "DATE", "filled").t(f"  {r.choice(('Oxycodone HCl 5 MG', 'Hydrocodone-APAP 10-325', 'Alprazolam 0.5 MG', 'Tramadol 50 MG'))}  ")
        rec.t(f"{r.choice((30, 60, 90))}  {r.choice((5, 15, 30))}  ").v(doc.fmt(r, "lf"), "DOCTOR", "prescriber").t("  ")
        rec.v(dea(r, doc.last), "LICENSE", "dea").t("  ").v(digits(r, 7), "IDNUM", "ncpdp").t("  ").v(digits(r, 7), "IDNUM", "rx").t("\n")


def x_specialty_rx(rec: Rec, c: Cast) -> None:
    """A specialty-pharmacy enrolment form: medical and pharmacy benefit, prescriber licences."""
    r, p = c.rng, c.patient
    rec.t("SPECIALTY PHARMACY ENROLLMENT\nPatient: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("\nMedical plan: ").v(r.choice(PLANS), "ORGANIZATION", "payer")
    rec.t("  ID ").v(member(c), "HEALTHPLAN", "member").t("  Group ").v(group(c), "HEALTHPLAN", "group").t(f"\nRx plan BIN 610014 PCN MEDDPRIME  Rx ID ")
    rec.v(member(c), "HEALTHPLAN", "member").t("\nPrescriber: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "prescriber").t("  State license ")
    rec.v(f"{r.choice(('MD', 'ME', 'A', 'G'))}{digits(r, 6)}", "LICENSE", "license").t("  NPI ").v(npi(r), "IDNUM", "npi").t("\nDrug: adalimumab 40 mg/0.4 mL pen, NDC 0074-0554-02\n")


# ---------------------------------------------------------------- X99/X100: identifiers in prose


def x_social_prose(rec: Rec, c: Cast) -> None:
    """A social-work note that mentions the vehicle and the licence in sentences."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.v(p.fmt(r, "fl"), "PATIENT", "patient").t(f" drove himself to the ED in his {r.choice(COLORS).lower()} {r.choice(MAKES)} (")
    rec.t(r.choice(("plate ", "tag ", "license plate "))).v(us_plate(c), "VEHICLE", "plate").t(r.choice((", ", " "))).v(s, "STATE", "plate_state")
    rec.t("), which remains in the ED lot. His driver's license (").v(us_dl(c), "LICENSE", "dl").t(") was suspended in ")
    rec.v(c.date(c.earlier(30, 400), "%B %Y"), "DATE", "suspended").t(". He has ").v(r.choice(PLANS), "ORGANIZATION", "payer").t(" coverage (member ")
    rec.v(member(c), "HEALTHPLAN", "member").t(").\n")


def x_discharge_prose(rec: Rec, c: Cast) -> None:
    """Discharge-planning prose: the ride home, the family's car, the plan's case manager reference."""
    r, p = c.rng, c.patient
    rec.t("Discharge planning: ").v(p.fmt(r, "last"), "PATIENT", "patient").t(f"'s {c.relation} ").v(c.relative.fmt(r, "first"), "PATIENT", "relative")
    rec.t(f" will pick him up in a {r.choice(COLORS).lower()} {r.choice(MAKES)}, ").t(r.choice(("registration ", "plate number ", "tag # ")))
    rec.v(us_plate(c), "VEHICLE", "plate").t(". Case management reference ").v(f"{letters(r, 2)}{digits(r, 7)}", "IDNUM", "case")
    rec.t("; health plan ID ").v(member(c), "HEALTHPLAN", "member").t(".\n")


# ---------------------------------------------------------------- X101/X102: dental, vision, auto adjuster


def x_dental_claim(rec: Rec, c: Cast) -> None:
    """An ADA dental claim form's insurance boxes and a vision plan authorisation."""
    r, p = c.rng, c.patient
    rec.t("ADA DENTAL CLAIM FORM\n3. Company: ").v(r.choice(DENTAL), "ORGANIZATION", "payer").t("\n15. Policyholder/Subscriber ID (SSN or ID#): ")
    rec.v(health_card(c, "dental"), "HEALTHPLAN", "member").t("\n16. Plan/Group Number: ").v(group(c), "HEALTHPLAN", "group")
    rec.t("\n20. Patient: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("\nD0120 periodic oral eval; D1110 prophylaxis; tooth #14 D2392\n")
    rec.t("Vision: ").v(r.choice(VISION), "ORGANIZATION", "payer").t(" auth ").v(f"{digits(r, 8)}", "IDNUM", "auth").t(" member ")
    rec.v(health_card(c, "vision"), "HEALTHPLAN", "member").t("\n")


def x_adjuster_letter(rec: Rec, c: Cast) -> None:
    """An auto insurer adjuster's records request: claim, insured vehicle, the claimant's plan."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.t("RE: Our insured ").v(c.person().fmt(r, "fl"), "PATIENT", "insured").t("\nYour patient: ").v(p.fmt(r, "fl"), "PATIENT", "patient")
    rec.t("\nClaim number: ").v(f"{digits(r, 3)}-{digits(r, 7)}-{digits(r, 2)}", "IDNUM", "claim").t("\nInsured vehicle: ")
    rec.t(f"{r.randint(2010, 2024)} {r.choice(MAKES)}, VIN ").v(vin(r), "VEHICLE", "vin").t(", ").v(s, "STATE", "plate_state").t(" tag ")
    rec.v(us_plate(c), "VEHICLE", "plate").t("\nPlease bill the claimant's health plan first (ID ").v(member(c), "HEALTHPLAN", "member").t(").\n")


# ---------------------------------------------------------------- X103/X104: lower-case notes


def x_lower_chat(rec: Rec, c: Cast) -> None:
    """A registration clerk's quick notes typed in lower case."""
    r, p = c.rng, c.patient
    s = st(c).lower()
    rec.t("reg note: pt ").v(p.fmt(r, "fl").lower(), "PATIENT", "patient").t(" showed dl ").v(us_dl(c).lower(), "LICENSE", "dl").t(" (")
    rec.v(s, "STATE", "dl_state").t("), ins card ").v(r.choice(PLANS).lower(), "ORGANIZATION", "payer").t(" id ").v(member(c).lower(), "HEALTHPLAN", "member")
    rec.t(" grp ").v(group(c).lower(), "HEALTHPLAN", "group").t(". car in garage lvl 2, plate ").v(us_plate(c).lower(), "VEHICLE", "plate").t(".\n")


def x_call_center(rec: Rec, c: Cast) -> None:
    """A nurse-line call record typed fast: lower case, abbreviations, identifiers read out by the caller."""
    r, p = c.rng, c.patient
    rec.t("call from ").v(p.fmt(r, "fl").lower(), "PATIENT", "patient").t(", verified w/ member id ").v(member(c).lower(), "HEALTHPLAN", "member")
    rec.t(" and dob ").v(c.date(c.dob), "DATE", "dob").t(f". c/o dizziness after mvc, car towed (lic ").v(us_plate(c).lower(), "VEHICLE", "plate")
    rec.t("). advised ed. ref # ").v(f"{digits(r, 8)}", "IDNUM", "ref").t("\n")


# ---------------------------------------------------------------- X105/X106: driver and pilot medicals


def x_dot_cert(rec: Rec, c: Cast) -> None:
    """A DOT medical examiner's certificate for a commercial driver."""
    r, p = c.rng, c.patient
    s = st(c)
    rec.t("MEDICAL EXAMINER'S CERTIFICATE (49 CFR 391.43)\nDriver: ").v(p.fmt(r, "fl_up"), "PATIENT", "driver").t("\n")
    rec.t(r.choice(("Driver's License/Permit #: ", "CDL No.: ", "License Number "))).v(us_dl(c), "LICENSE", "dl").t(r.choice(("   Issuing State: ", "  State ")))
    rec.v(s, "STATE", "dl_state").t(f"\nCDL class {r.choice('ABC')}  Certificate expires ").v(c.date(c.later(300, 730)), "DATE", "exp")
    rec.t("\nMedical Examiner: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "examiner").t("  National Registry No. ").v(digits(r, 10), "LICENSE", "registry")
    rec.t("\nMedical license ").v(f"{st(c)}-{digits(r, 6)}", "LICENSE", "license").t("\n")


def x_faa_medical(rec: Rec, c: Cast) -> None:
    """An aviation medical application: applicant ID, certificate number, and the applicant's aircraft."""
    r, p = c.rng, c.patient
    rec.t("AVIATION MEDICAL EXAM - ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("\nApplicant ID ").v(f"{letters(r, 1)}{digits(r, 7)}", "IDNUM", "applicant")
    rec.t("   Pilot certificate # ").v(digits(r, 7), "LICENSE", "license").t("\nAircraft owned: Cessna 172, tail number ").v(f"N{digits(r, r.choice((3, 4, 5)))}{letters(r, r.choice((0, 1, 2)))}", "VEHICLE", "tail")
    rec.t("\nDriver's license ").v(us_dl(c), "LICENSE", "dl").t("\nAME: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "ame").t("\n")


# ---------------------------------------------------------------- X107/X108: other vehicles


def x_other_vehicles(rec: Rec, c: Cast) -> None:
    """A trauma registry's mechanism section: motorcycle, trailer or boat, each with its number."""
    r, p = c.rng, c.patient
    kind = r.choice(("motorcycle", "boat", "trailer", "atv"))
    rec.t("TRAUMA REGISTRY - MECHANISM\nPatient ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(f"  Mechanism: {kind} crash\n")
    if kind == "boat":
        rec.t("Vessel reg. ").v(f"{st(c)} {digits(r, 4)} {letters(r, 2)}", "VEHICLE", "plate").t("  HIN ").v(hin(c), "VEHICLE", "hin")
    else:
        rec.t(f"{kind.upper()} plate ").v(us_plate(c), "VEHICLE", "plate").t("  VIN ").v(vin(r), "VEHICLE", "vin")
    rec.t("\nHelmet: yes  GCS 14  ISS 17\n")


def x_fleet_log(rec: Rec, c: Cast) -> None:
    """A home-health agency fleet log: the nurse's car used for visits, mileage by date."""
    r = c.rng
    rec.t("FLEET / MILEAGE LOG  Nurse: ").v(c.staff[1].fmt(r, "fl"), "DOCTOR", "nurse").t("\nVehicle ")
    rec.v(us_plate(c), "VEHICLE", "plate").t(f" ({r.choice(MAKES)})  VIN last 8: ").v(vin(r)[-8:], "VEHICLE", "vin").t("\n")
    for _ in range(r.randint(2, 3)):
        rec.v(c.date(c.later(0, 20)), "DATE", "visit").t("  ").v(c.person().fmt(r, "lf"), "PATIENT", "patient").t(f"  {r.randint(4, 60)} mi\n")


# ---------------------------------------------------------------- X109/X110: plan letters


def x_ma_letter(rec: Rec, c: Cast) -> None:
    """A Medicare Advantage / Part D welcome letter: member ID, plan contract (not PHI), PCP."""
    r, p = c.rng, c.patient
    rec.t("Welcome to ").v(r.choice(PLANS), "ORGANIZATION", "payer").t(f" (H{digits(r, 4)}-{digits(r, 3, '0')})\n")
    rec.t("Dear ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(",\nYour member ID is ").v(member(c), "HEALTHPLAN", "member").t(". Your Medicare number ")
    rec.v(f"{r.randint(1, 9)}{letters(r, 1, 'ACDEFGHJKMNPQRTUVWXY')}{letters(r, 1, 'ACDEFGHJK')}{r.randint(0, 9)}{letters(r, 2, 'ACDEFGHJK')}{r.randint(0, 9)}{letters(r, 2, 'ACDEFGHJK')}{digits(r, 2, string.digits)}", "HEALTHPLAN", "mbi")
    rec.t(" stays the same. Your primary care provider is Dr. ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "pcp").t(".\n")


def x_cobra(rec: Rec, c: Cast) -> None:
    """A COBRA continuation notice: employer group, subscriber and dependents with their suffixes."""
    r, p = c.rng, c.patient
    rec.t("COBRA CONTINUATION COVERAGE ELECTION NOTICE\nEmployer: ").v(c.org(), "ORGANIZATION", "employer").t("  Group ").v(group(c), "HEALTHPLAN", "group")
    base = member(c)
    rec.t("\nQualified beneficiaries:\n  ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("  ").v(f"{base}", "HEALTHPLAN", "member").t("\n  ")
    rec.v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t("  ").v(f"{base}-02", "HEALTHPLAN", "member").t("\nElect by ").v(c.date(c.later(30, 60)), "DATE", "deadline").t("\n")


FNS = (x_dmv_title, x_tow_impound, x_nemt_trip, x_rental, x_eu_accident, x_intl_vehicle, x_intl_id_check, x_intl_licence_list,
       x_health_card_intl, x_public_plan, x_fhir_coverage, x_hl7_in1, x_claims_csv, x_claim_status, x_device_interrogation,
       x_biomed_workorder, x_statement, x_collections, x_addressograph, x_window_envelope, x_intl_address, x_mail_forward,
       x_consent_guardian, x_advance_directive, x_lab_billing, x_path_billing, x_pdmp, x_specialty_rx, x_social_prose,
       x_discharge_prose, x_dental_claim, x_adjuster_letter, x_lower_chat, x_call_center, x_dot_cert, x_faa_medical,
       x_other_vehicles, x_fleet_log, x_ma_letter, x_cobra)
TUNE_R7_ALL = {f"X{i:03d}" if i >= 100 else f"X{i:02d}": fn for i, fn in enumerate(FNS, 71)}
TUNE_R7 = sorted(k for k in TUNE_R7_ALL if int(k[1:]) % 2 == 1)  # tuned on
CHECK_R7 = sorted(k for k in TUNE_R7_ALL if int(k[1:]) % 2 == 0)  # never looked at for rules: the transfer figure
