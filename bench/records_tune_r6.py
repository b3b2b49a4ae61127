"""Templates X51-X70, a sixth batch of tune-side record templates of bench/make_records.py.

After five rounds the report figures of vehicles (0.61), ages (0.72), licences, health-plan
numbers and other identifiers (0.88-0.91) had hardly moved. These templates print those
kinds as the forms that carry them do, written from what such forms look like rather than
from any other template here: EMS run sheets and interfacility transports (the vehicle
line "2015 Honda Civic, PA KXR-4821", "Plate/State"), parking registrations and valet
tickets (plates in tables, with the state in a column or in brackets), motor-insurance
claims and crash-report exchanges (policy, claim, plate, VIN, driver's licence), identity
checks (driver's licences in the shapes of many states, passports, military IDs),
credential blocks and rosters (nursing and medical licences, DEA, controlled-substance
registrations; NPI is IDNUM as elsewhere in this generator), insurance cards and EOBs,
271 eligibility responses (X12 segments), pharmacy claims (cardholder, group, person
code), employee-health and school-health forms (employee, badge, student, case numbers)
and unit census lists and bed boards (ages in columns).

Gold follows bench/make_records.py: plate and VIN VEHICLE, a US state printed with a
plate STATE, licences and DEA LICENSE, member/subscriber/group/health policy numbers
HEALTHPLAN, NPI, claim, case, employee, badge, student, passport and Rx numbers IDNUM;
BIN and PCN route a claim to a processor (printed on every member's card) and are not PHI;
an age is the number alone.

They come in pairs of one kind: odd ids form ``tune_r6`` (rules may be developed on it),
even ids form ``check_r6`` (never looked at for rules: the transfer figure).
"""

from __future__ import annotations

import string

from make_records import US_STATES, Cast, Rec, dea, digits, letters, npi, vin

MAKES = ("2015 Honda Civic", "2019 Toyota RAV4", "2011 Ford F-150", "2008 Chevy Impala", "2021 Tesla Model 3",
         "2017 Nissan Altima", "2013 Jeep Wrangler", "2020 Subaru Outback", "2006 Dodge Caravan", "2018 Hyundai Elantra",
         "2012 GMC Sierra", "2022 Kia Sorento", "2010 Buick LaCrosse", "2016 Ram 1500")
COLORS = ("black", "white", "silver", "gray", "red", "blue", "maroon", "green", "tan")
AUTO = ("State Farm", "GEICO", "Progressive", "Allstate", "Nationwide", "Farmers Insurance", "The Hartford", "Safeco",
        "Erie Insurance", "Auto-Owners Insurance", "Mercury Insurance", "Kemper")
CARRIERS = ("Aetna", "Cigna", "Humana", "UnitedHealthcare", "Anthem Blue Cross", "Highmark Blue Shield", "Premera Blue Cross",
            "Independence Blue Cross", "Florida Blue", "CareFirst BlueCross BlueShield", "EmblemHealth", "Oxford Health Plans",
            "Horizon BCBSNJ", "Regence BlueShield", "Geisinger Health Plan", "Caresource")
BINS = ("610014", "004336", "003858", "610502", "015581", "610097", "017010", "600428")
PCNS = ("ADV", "MEDDPRIME", "A4", "CTRXMEDD", "9999", "PDMI", "MCAIDADV", "IRX")


def us_plate(c: Cast, st: str) -> str:
    """A plate in the series a state issues (California 7ABC123, New York ABC-1234, Texas ABC-1234, Florida
    'ABC D12', Pennsylvania KXR-4821, Ohio ABC 1234, Illinois AB 12345, vanity plates)."""
    r = c.rng
    L, D = (lambda n: letters(r, n, "ABCDEFGHJKLMNPRSTUVWXYZ")), (lambda n: digits(r, n, string.digits))
    by_state = {"CA": (f"{r.randint(4, 9)}{L(3)}{D(3)}",), "NY": (f"{L(3)}-{D(4)}", f"{L(3)}{D(4)}"),
                "TX": (f"{L(3)}-{D(4)}", f"{L(2)}{D(1)}-{L(1)}{D(3)}"), "FL": (f"{L(3)} {L(1)}{D(2)}", f"{D(3)} {L(3)}"),
                "PA": (f"{L(3)}-{D(4)}", f"{L(3)}{D(4)}"), "OH": (f"{L(3)} {D(4)}", f"{L(3)}{D(4)}"),
                "IL": (f"{L(2)} {D(5)}", f"{L(1)}{D(2)} {D(4)}"), "NJ": (f"{L(1)}{D(2)}-{L(3)}", f"{L(1)}{D(2)}{L(3)}"),
                "MA": (f"{D(1)}{L(3)} {D(2)}", f"{D(3)} {L(2)}{D(1)}"), "GA": (f"{L(3)}{D(4)}", f"{L(3)} {D(4)}")}
    if r.random() < 0.08:
        return r.choice(("GOBUCKS", "MS RN", "DRMOM1", "BIGRED7", "TEACH4U", "GR8DAY"))
    return r.choice(by_state.get(st, (f"{L(3)} {D(3)}", f"{D(3)}-{L(3)}", f"{L(2)}{D(1)}-{D(4)}", f"{D(1)}{L(2)}{D(4)}")))


def state(c: Cast) -> str:
    return c.rng.choice(("CA", "NY", "TX", "FL", "PA", "OH", "IL", "NJ", "MA", "GA") + tuple(US_STATES)[:12])


def dl(c: Cast, st: str) -> str:
    """A driver's licence number in its state's shape."""
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    last = c.patient.last[:1].upper() if c.patient.last[:1].isascii() and c.patient.last[:1].isalpha() else "S"
    shapes = {"CA": f"{letters(r, 1)}{D(7)}", "NY": r.choice((f"{D(3)} {D(3)} {D(3)}", D(9))), "TX": D(8),
              "FL": f"{last}{D(3)}-{D(3)}-{D(2)}-{D(3)}-{r.randint(0, 9)}", "PA": f"{D(2)} {D(3)} {D(3)}",
              "IL": f"{last}{D(3)}-{D(4)}-{D(4)}", "NJ": f"{last}{D(4)} {D(5)} {D(5)}", "OH": f"{letters(r, 2)}{D(6)}",
              "MA": f"S{D(8)}", "GA": D(9), "MI": f"{last} {D(3)} {D(3)} {D(3)} {D(3)}", "WA": f"WDL{letters(r, 6, string.ascii_uppercase + string.digits)}",
              "MD": f"{last}-{D(3)}-{D(3)}-{D(3)}-{D(3)}", "WI": f"{last}{D(3)}-{D(4)}-{D(4)}-{D(2)}"}
    return shapes.get(st, f"{letters(r, 1)}{D(8)}")


def prof_license(c: Cast, kind: str) -> str:
    r = c.rng
    D = lambda n: digits(r, n)  # noqa: E731
    if kind == "rn":
        return r.choice((f"RN{D(7)}", f"RN.{D(6)}", f"{D(7)}", f"R{D(6)}", f"RN-{D(6)}", f"{D(2)}RR{D(8)}"))
    if kind == "md":
        return r.choice((f"MD{D(6)}", f"G{D(5)}", f"ME-{D(5)}", f"{D(2)}MA{D(8)}", f"MD.0{D(5)}", f"{D(7)}", f"DO{D(5)}"))
    return r.choice((f"CS.{D(7)}", f"{D(6)}", f"CDS-{D(5)}", f"SCR{D(5)}"))


def member(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((f"{letters(r, 3)}{D(9)}", f"{letters(r, 3)}{D(9)}01", f"1{D(8)}", f"{D(9)} 0{r.randint(1, 4)}",
                     f"W{D(9)}", f"{letters(r, 1)}{D(8)}", f"{D(3)}-{D(2)}-{D(4)}-0{r.randint(1, 3)}", f"{letters(r, 2)}{D(7)}",
                     f"{letters(r, 3)}W{D(8)}", f"{D(11)}"))


def group(c: Cast) -> str:
    r = c.rng
    D = lambda n: digits(r, n, string.digits)  # noqa: E731
    return r.choice((D(6), f"0{D(6)}", f"{D(5)}-{D(3)}", f"{letters(r, 1)}{D(5)}", f"{D(7)}-0{r.randint(1, 9)}",
                     f"{letters(r, 2)}{D(4)}{letters(r, 1)}", f"{D(4)}{letters(r, 2)}"))


# ---------------------------------------------------------------- X51/X52: EMS and transport


def x_ems_run(rec: Rec, c: Cast) -> None:
    """An EMS patient care report: scene, the vehicles involved one a line, crew and times."""
    r, p = c.rng, c.patient
    rec.t("PATIENT CARE REPORT   Incident # ").v(f"{c.visit:%y}-{digits(r, 6, string.digits)}", "IDNUM", "incident").t("  Unit: Medic ")
    rec.t(f"{r.randint(1, 40)}\nDate: ").v(c.date(), "DATE", "dos").t("  Pt: ").v(p.fmt(r), "PATIENT", "patient").t("  Age: ")
    rec.age(f"{c.age}", "age").t(f"  Sex: {c.sex}\nNature: MVC, {r.choice(('restrained driver', 'front passenger', 'rear-end collision'))}\n")
    for n in range(1, r.randint(2, 4)):
        st = state(c)
        rec.t(r.choice((f"Veh {n}: ", f"VEH{n} - ", f"Vehicle #{n}: ")))
        rec.t(f"{r.choice(MAKES)}, ")
        form = r.choice(("st_sp", "paren", "slash", "lic"))
        if form == "st_sp":
            rec.v(st, "STATE", "plate_state").t(" ").v(us_plate(c, st), "VEHICLE", "plate")
        elif form == "paren":
            rec.v(us_plate(c, st), "VEHICLE", "plate").t(" (").v(st, "STATE", "plate_state").t(")")
        elif form == "slash":
            rec.t("tag ").v(us_plate(c, st), "VEHICLE", "plate").t("/").v(st, "STATE", "plate_state")
        else:
            rec.t(f"{r.choice(COLORS)}, lic ").v(us_plate(c, st), "VEHICLE", "plate")
        rec.t(r.choice((", heavy front-end damage\n", " - airbags deployed\n", ", driver side intrusion ~12 in\n", "\n")))
    rec.t(f"Vitals: BP 132/84  HR 104  RR 20  SpO2 97% RA  GCS 15\nCrew: ").v(c.staff[0].fmt(r, "il"), "DOCTOR", "crew")
    rec.t(" (EMT-P), ").v(c.staff[1].fmt(r, "il"), "DOCTOR", "crew").t(f" (EMT-B)\nDest: ").v(c.hospital, "HOSPITAL", "dest").t("\n")


def x_transport(rec: Rec, c: Cast) -> None:
    """An interfacility transport record: the ambulance and, for the family, the patient's own car left behind."""
    r, p = c.rng, c.patient
    rec.t("INTERFACILITY TRANSFER\nFrom: ").v(c.hospital, "HOSPITAL", "from").t("  To: ").v(c.hospital_name(), "HOSPITAL", "to")
    rec.t("\nPatient: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t(", ").age(f"{c.age}", "age").t(f"{r.choice(('yo', ' y.o.', 'Y'))} {c.sex}\n")
    rec.t(f"Transport unit {r.randint(100, 999)}, ALS. Unit VIN ").v(vin(r), "VEHICLE", "vin").t("\n")
    st = state(c)
    rec.t("Patient's vehicle: ").t(f"{r.choice(COLORS)} {r.choice(MAKES)[5:]}  ")
    if r.random() < 0.5:
        rec.t("Plate/State: ").v(us_plate(c, st), "VEHICLE", "plate").t(" / ").v(st, "STATE", "plate_state")
    else:
        rec.t("License plate ").v(st, "STATE", "plate_state").t("-").v(us_plate(c, st), "VEHICLE", "plate")
    rec.t(f"\nLeft in visitor lot {r.choice('ABCD')}; keys with ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation})\n")


# ---------------------------------------------------------------- X53/X54: parking and valet


def x_parking(rec: Rec, c: Cast) -> None:
    """A staff / long-stay parking registration: one row a vehicle, the state in a column of its own."""
    r = c.rng
    rec.t("PARKING PERMIT REGISTRATION - ").v(c.hospital, "HOSPITAL", "hospital").t("\nPermit holder: ").v(c.patient.fmt(r, "lf"), "PATIENT", "holder")
    rec.t("  Permit # ").v(f"P{digits(r, 5)}", "IDNUM", "permit").t("\n")
    sep = r.choice(("  ", " | ", "\t"))
    rec.t(sep.join(("Plate", "State", "Make/Model", "Color")) + "\n")
    for _ in range(r.randint(1, 3)):
        st = state(c)
        rec.v(us_plate(c, st), "VEHICLE", "plate").t(sep).v(st, "STATE", "plate_state").t(sep)
        rec.t(f"{r.choice(MAKES)[5:]}{sep}{r.choice(COLORS).title()}\n")
    rec.t("Lot: Garage 2, level 3. Valid through ").v(c.date(c.later(30, 365)), "DATE", "expires").t("\n")


def x_valet(rec: Rec, c: Cast) -> None:
    """A valet ticket stub and key log at a main entrance."""
    r = c.rng
    st = state(c)
    rec.t(f"VALET TICKET No. {digits(r, 6, string.digits)}\n").v(c.date(), "DATE", "date").t(f" {r.randint(6, 21):02d}:{r.randint(0, 59):02d}\n")
    rec.t("Guest: ").v(c.patient.fmt(r, "last"), "PATIENT", "guest").t(f"   Car: {r.choice(COLORS)} {r.choice(MAKES)[5:]}\n")
    rec.t(r.choice(("Lic: ", "Tag # ", "LP: ", "License Plate: "))).v(us_plate(c, st), "VEHICLE", "plate")
    rec.t(r.choice((" (", " - ", "  St "))).v(st, "STATE", "plate_state").t(r.choice((")\n", "\n")))
    rec.t("Damage noted: scratch rear bumper. Attendant: ").v(c.staff[2].fmt(r, "first"), "DOCTOR", "attendant").t("\n")


# ---------------------------------------------------------------- X55/X56: motor insurance, crash reports


def x_pip_claim(rec: Rec, c: Cast) -> None:
    """A personal-injury-protection (PIP) application: policy, claim, the insured vehicle and the driver."""
    r, p = c.rng, c.patient
    st = state(c)
    rec.t("APPLICATION FOR PIP BENEFITS\nInsurer: ").v(r.choice(AUTO), "ORGANIZATION", "insurer").t("\nPolicy No.: ")
    rec.v(r.choice((f"{digits(r, 2)}-{digits(r, 7, string.digits)}-{r.randint(1, 9)}", f"{letters(r, 3)}{digits(r, 7)}",
                    f"{digits(r, 3)} {digits(r, 4, string.digits)}-{letters(r, 1)}{digits(r, 2)}")), "IDNUM", "policy")
    rec.t("   Claim No.: ").v(r.choice((f"{digits(r, 2)}-{digits(r, 5)}-{digits(r, 4)}", f"0{digits(r, 9)}", f"{letters(r, 2)}-{digits(r, 7)}")), "IDNUM", "claim")
    rec.t("\nInjured person: ").v(p.fmt(r), "PATIENT", "patient").t("  DOB: ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t("Year/Make/Model: ").t(r.choice(MAKES).replace(" ", " / ", 1)).t("\nVIN: ").v(vin(r), "VEHICLE", "vin")
    rec.t("\nPlate # / State: ").v(us_plate(c, st), "VEHICLE", "plate").t(" / ").v(st, "STATE", "plate_state")
    dst = state(c)
    rec.t("\nDriver's License # / State: ").v(dl(c, dst), "LICENSE", "dl").t(" / ").v(dst, "STATE", "dl_state").t("\n")
    rec.t("Date of accident: ").v(c.date(c.earlier(1, 20)), "DATE", "accident").t("\n")


def x_crash_exchange(rec: Rec, c: Cast) -> None:
    """The driver exchange block of a police crash report, attached to an ED record."""
    r = c.rng
    rec.t("CRASH REPORT - DRIVER / VEHICLE INFORMATION  Report # ").v(f"{c.visit:%Y}{digits(r, 6, string.digits)}", "IDNUM", "report")
    for unit in (1, 2):
        who = c.patient if unit == 1 else c.person()
        st, dst = state(c), state(c)
        rec.t(f"\nUNIT {unit}  Driver: ").v(who.fmt(r, "lf_up"), "PATIENT", "driver").t("  DL#: ").v(dl(c, dst), "LICENSE", "dl")
        rec.t(" St: ").v(dst, "STATE", "dl_state").t(f"\n  Veh: {r.choice(MAKES)}  Plate: ").v(us_plate(c, st), "VEHICLE", "plate")
        rec.t(" Reg St: ").v(st, "STATE", "plate_state").t("  VIN ").v(vin(r), "VEHICLE", "vin")
        rec.t("\n  Ins Co: ").v(r.choice(AUTO), "ORGANIZATION", "insurer").t("  Policy #: ").v(f"{digits(r, 4)}-{digits(r, 3, string.digits)}-{digits(r, 3, string.digits)}", "IDNUM", "policy")
    rec.t("\nInvestigating officer: ").v(c.person().fmt(r, "il"), "PATIENT", "officer").t(f", badge ").v(digits(r, 4), "IDNUM", "badge").t("\n")


# ---------------------------------------------------------------- X57/X58: identity checks


def x_photo_id(rec: Rec, c: Cast) -> None:
    """Registration's identity verification: the document, its issuer and number, one a line."""
    r, p = c.rng, c.patient
    rec.t("IDENTITY VERIFICATION\nPatient: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    st = r.choice(("CA", "NY", "TX", "FL", "PA", "IL", "NJ", "OH", "MA", "GA", "MI", "WA", "MD", "WI"))
    rec.t(r.choice(("Primary ID: Driver License, ", "ID type: DL  Issuing state: ", "Photo ID - Driver's Lic. "))).v(st, "STATE", "dl_state")
    rec.t(r.choice((" No. ", " #", "  Number: "))).v(dl(c, st), "LICENSE", "dl").t("  Exp ").v(c.date(c.later(100, 1500)), "DATE", "exp").t("\n")
    if r.random() < 0.6:
        rec.t("Secondary ID: US Passport ").v(f"{r.choice('5A')}{digits(r, 8, string.digits)}", "IDNUM", "passport").t("\n")
    else:
        rec.t("Secondary ID: Military ID, DoD ID ").v(digits(r, 10), "IDNUM", "dodid").t("\n")
    rec.t("Verified by: ").v(c.staff[3].fmt(r, "fl"), "DOCTOR", "clerk").t(" at ").v(c.date(), "DATE", "verified").t("\n")


def x_roi_requester(rec: Rec, c: Cast) -> None:
    """A release-of-information log: who picked the records up and what identification they showed."""
    r = c.rng
    rec.t("RELEASE OF INFORMATION - PICKUP LOG\n")
    for _ in range(r.randint(2, 3)):
        st = r.choice(("CA", "NY", "TX", "FL", "PA", "IL", "NJ", "OH", "MA", "GA", "MI", "WA", "MD", "WI"))
        rec.v(c.date(c.later(0, 5)), "DATE", "pickup").t("  ").v(c.person().fmt(r, "fl"), "PATIENT", "requester")
        rec.t(r.choice(("  ID: DL ", "  DL/", "  Lic "))).v(st, "STATE", "dl_state").t(r.choice((" ", "-", " #"))).v(dl(c, st), "LICENSE", "dl").t("\n")
    rec.t("Request # ").v(f"ROI-{digits(r, 6)}", "IDNUM", "request").t("  processed by ").v(c.staff[0].fmt(r, "il"), "DOCTOR", "clerk").t("\n")


# ---------------------------------------------------------------- X59/X60: professional licences


def x_credentials(rec: Rec, c: Cast) -> None:
    """A note's credential footer and a nursing co-signature: licences with their states, DEA, CDS, NPI."""
    r, d, n = c.rng, c.staff[0], c.staff[1]
    st = state(c)
    rec.t("Electronically signed: ").v(d.fmt(r, "fl"), "DOCTOR", "signer").t(r.choice((", MD\n", ", DO\n")))
    rec.t(r.choice(("Medical License: ", "State Lic # ", "License No. "))).v(prof_license(c, "md"), "LICENSE", "license")
    rec.t(r.choice((" (", " - "))).v(st, "STATE", "lic_state").t(r.choice((")", "")))
    rec.t(r.choice(("   DEA: ", "  DEA# ", "  DEA Reg. "))).v(dea(r, d.last), "LICENSE", "dea")
    if r.random() < 0.5:
        rec.t("  CDS: ").v(prof_license(c, "cds"), "LICENSE", "cds")
    rec.t(r.choice(("\nNPI: ", "\nNPI # ", "\nIndividual NPI "))).v(npi(r), "IDNUM", "npi").t("\n")
    rec.t("Co-signed: ").v(n.fmt(r, "fl"), "DOCTOR", "nurse").t(r.choice((", RN, BSN  ", ", APRN  ", ", LPN  ")))
    rec.t(r.choice(("Nursing License ", "RN Lic. #", "License: "))).v(prof_license(c, "rn"), "LICENSE", "license").t("\n")


def x_cred_roster(rec: Rec, c: Cast) -> None:
    """A medical-staff credentialing roster: one practitioner a row, licence, state, expiry, NPI."""
    r = c.rng
    rec.t("CREDENTIALING ROSTER - ").v(c.hospital, "HOSPITAL", "hospital").t("\n")
    sep = r.choice((" | ", "  ", ","))
    rec.t(sep.join(("Name", "Discipline", "License #", "State", "Expires", "NPI")) + "\n")
    for who in c.staff[:r.randint(2, 4)]:
        kind = r.choice(("md", "rn"))
        rec.v(who.fmt(r, "lf" if sep != "," else "fl"), "DOCTOR", "staff").t(sep + ("MD" if kind == "md" else "RN") + sep)
        rec.v(prof_license(c, kind), "LICENSE", "license").t(sep).v(state(c), "STATE", "lic_state").t(sep)
        rec.v(c.date(c.later(100, 900)), "DATE", "expires").t(sep).v(npi(r), "IDNUM", "npi").t("\n")


# ---------------------------------------------------------------- X61/X62: cards and EOBs


def x_card_scan(rec: Rec, c: Cast) -> None:
    """An insurance card as registration transcribes it, front and back."""
    r, p = c.rng, c.patient
    rec.t("INSURANCE CARD (front)\n").v(r.choice(CARRIERS), "ORGANIZATION", "payer").t(f"  {r.choice(('PPO', 'HMO', 'POS', 'EPO'))}\n")
    rec.t(r.choice(("Member: ", "Name: ", "Subscriber: "))).v(p.fmt(r, "fl_up"), "PATIENT", "patient").t("\n")
    rec.t(r.choice(("ID ", "Member ID ", "Identification No. ", "Subscriber ID: "))).v(member(c), "HEALTHPLAN", "member")
    rec.t(r.choice(("   Group ", "   Grp# ", "   Group No. "))).v(group(c), "HEALTHPLAN", "group").t("\n")
    rec.t(f"RxBIN {r.choice(BINS)}   RxPCN {r.choice(PCNS)}   RxGrp ").v(f"{letters(r, 1)}{digits(r, 4)}", "HEALTHPLAN", "rxgrp").t("\n")
    rec.t("Copays: PCP $30 / SPC $60 / ER $300 / UC $75\nINSURANCE CARD (back)\nDependents: ")
    rec.v(c.relative.fmt(r, "first"), "PATIENT", "dependent").t(r.choice((" 02", " -02", " (02)"))).t("\nProvider services 1-800-")
    rec.t(f"{digits(r, 3, string.digits)}-{digits(r, 4, string.digits)}\n")


def x_eob(rec: Rec, c: Cast) -> None:
    """An explanation of benefits: claim header and service lines."""
    r, p = c.rng, c.patient
    rec.t("EXPLANATION OF BENEFITS - THIS IS NOT A BILL\n").v(r.choice(CARRIERS), "ORGANIZATION", "payer").t("\nMember: ").v(p.fmt(r, "fl"), "PATIENT", "patient")
    rec.t("   Member ID: ").v(member(c), "HEALTHPLAN", "member").t("\nGroup #: ").v(group(c), "HEALTHPLAN", "group")
    rec.t("   Claim Number: ").v(f"{digits(r, 2)}{c.visit:%y}{digits(r, 9, string.digits)}", "IDNUM", "claim").t("\nProvider: ")
    rec.v(c.hospital, "HOSPITAL", "provider").t("   Patient Acct: ").v(digits(r, 9), "ACCOUNT", "acct").t("\n")
    for code, amt in (("99214", "245.00"), ("36415", "18.00"), ("85025", "42.00")):
        rec.v(c.date(), "DATE", "dos").t(f"  {code}  ${amt}  allowed ${float(amt) * 0.6:.2f}  you owe ${float(amt) * 0.1:.2f}\n")


# ---------------------------------------------------------------- X63/X64: eligibility responses


def x_271(rec: Rec, c: Cast) -> None:
    """An X12 271 eligibility response as an interface log prints it, segment per line."""
    r, p = c.rng, c.patient
    rec.t("ISA*00*          *00*          *ZZ*").t(f"{digits(r, 9)}      *ZZ*{letters(r, 6)}         ~\nNM1*PR*2*")
    rec.v(r.choice(CARRIERS).upper(), "ORGANIZATION", "payer").t(f"*****PI*{digits(r, 5)}~\nNM1*IL*1*")
    rec.v(p.last.upper(), "PATIENT", "patient").t("*").v(p.first.upper(), "PATIENT", "patient").t("****MI*").v(member(c), "HEALTHPLAN", "member").t("~\n")
    rec.t("REF*6P*").v(group(c), "HEALTHPLAN", "group").t(r.choice(("~\n", "*GROUP NAME~\n")))
    rec.t("N3*").v(c.address["street"].upper(), "STREET", "street").t("~\nDMG*D8*").v(f"{c.dob:%Y%m%d}", "DATE", "dob").t(f"*{c.sex}~\n")
    rec.t("DTP*346*D8*").v(f"{c.earlier(30, 400):%Y%m%d}", "DATE", "plan_begin").t("~\nEB*1*IND*30*PR~\nEB*C*IND*30***23*1500~\n")


def x_elig_screen(rec: Rec, c: Cast) -> None:
    """A clearinghouse eligibility screen printed from the portal: a table of covered people."""
    r = c.rng
    rec.t("Eligibility & Benefits - ").v(r.choice(CARRIERS), "ORGANIZATION", "payer").t("   As of ").v(c.date(), "DATE", "asof").t("\n")
    rec.t("Name                 Subscriber ID      Group      Rel   DOB\n")
    for who, rel in ((c.patient, "Self"), (c.relative, "Spouse")):
        rec.v(who.fmt(r, "lf_up"), "PATIENT", "patient").t("   ").v(member(c), "HEALTHPLAN", "member").t("   ")
        rec.v(group(c), "HEALTHPLAN", "group").t(f"   {rel}   ").v(c.date(c.earlier(4000, 20000)), "DATE", "dob").t("\n")


# ---------------------------------------------------------------- X65/X66: pharmacy claims


def x_rx_claim(rec: Rec, c: Cast) -> None:
    """A pharmacy claim transaction (NCPDP fields) as the pharmacy system prints it."""
    r, p = c.rng, c.patient
    rec.t("CLAIM TRANSMITTED ").v(c.date(), "DATE", "fill").t(f"  BIN: {r.choice(BINS)}  PCN: {r.choice(PCNS)}\n")
    rec.t(r.choice(("Cardholder ID: ", "CH ID ", "Cardholder #: "))).v(member(c), "HEALTHPLAN", "member")
    rec.t(r.choice(("  Group ID: ", "  Grp: "))).v(group(c), "HEALTHPLAN", "group").t(f"  Person Code: 0{r.randint(1, 3)}\n")
    rec.t("Patient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  Rx#: ").v(digits(r, 7), "IDNUM", "rx")
    rec.t(f"  Fill 0{r.randint(0, 5)}\nDrug: atorvastatin 40 mg tab  Qty 30  DS 30\nPrescriber ID (NPI): ").v(npi(r), "IDNUM", "npi")
    rec.t("\nService Provider ID (NCPDP): ").v(digits(r, 7), "IDNUM", "ncpdp").t("\nResponse: PAID  Auth # ").v(f"{digits(r, 12, string.digits)}", "IDNUM", "auth").t("\n")


def x_rx_reject(rec: Rec, c: Cast) -> None:
    """A pharmacy claim rejection notice sent to the prescriber's office."""
    r, p = c.rng, c.patient
    rec.t("REJECTED CLAIM NOTICE\nPatient ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(", member ID ").v(member(c), "HEALTHPLAN", "member")
    rec.t(", Rx group ").v(group(c), "HEALTHPLAN", "group").t(f"\nReject 75: Prior authorization required. BIN {r.choice(BINS)}.\nRx # ")
    rec.v(f"{digits(r, 7)}-{r.randint(0, 9)}", "IDNUM", "rx").t(" written by ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "prescriber")
    rec.t(" (NPI ").v(npi(r), "IDNUM", "npi").t(", DEA ").v(dea(r, c.staff[0].last), "LICENSE", "dea").t(")\n")


# ---------------------------------------------------------------- X67/X68: employee and student health


def x_employee_health(rec: Rec, c: Cast) -> None:
    """An employee-health injury report: employee ID, badge, OSHA case and workers' compensation claim."""
    r, p = c.rng, c.patient
    rec.t("EMPLOYEE HEALTH - OCCUPATIONAL INJURY REPORT\nEmployee: ").v(p.fmt(r, "lf"), "PATIENT", "patient")
    rec.t(r.choice(("  Emp ID: ", "  Employee #", "  EID "))).v(r.choice((digits(r, 6), f"E{digits(r, 6)}", f"{digits(r, 3)}-{digits(r, 4, string.digits)}")), "IDNUM", "employee")
    rec.t(r.choice(("  Badge ", "  Badge #: "))).v(digits(r, 5), "IDNUM", "badge").t("\nDepartment: Environmental Services  Age: ")
    rec.age(f"{c.age}", "age").t("\nOSHA 300 case no. ").v(f"{c.visit:%Y}-{digits(r, 3, string.digits)}", "IDNUM", "case")
    rec.t("   WC claim # ").v(r.choice((f"WC{digits(r, 8)}", f"{digits(r, 3)}-{digits(r, 6)}")), "IDNUM", "claim")
    rec.t("\nInjury: needlestick, R index finger, ").v(c.date(), "DATE", "injury").t(". Source pt MRN ").v(digits(r, 8), "MEDICALRECORD", "mrn").t("\n")


def x_student_health(rec: Rec, c: Cast) -> None:
    """A student health services intake for an international student."""
    r, p = c.rng, c.patient
    rec.t("STUDENT HEALTH SERVICES INTAKE\nStudent: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("  Student ID: ")
    rec.v(r.choice((f"{digits(r, 9)}", f"U{digits(r, 8)}", f"{letters(r, 2)}{digits(r, 6)}")), "IDNUM", "student").t("  Age ").age(f"{c.age}", "age")
    rec.t("\nPassport No.: ").v(f"{letters(r, 1)}{digits(r, 7)}", "IDNUM", "passport").t("  SEVIS ID: ").v(f"N{digits(r, 10, string.digits)}", "IDNUM", "sevis")
    rec.t("\nStudent insurance plan: ").v(r.choice(CARRIERS), "ORGANIZATION", "payer").t("  Policy # ").v(member(c), "HEALTHPLAN", "member")
    rec.t("\nConduct case # ").v(f"{c.visit:%Y}-{digits(r, 4)}", "IDNUM", "case").t(" (referral from Dean of Students)\n")


# ---------------------------------------------------------------- X69/X70: census lists and bed boards


def x_census(rec: Rec, c: Cast) -> None:
    """A unit census printout: one bed a row, the age in a column, sometimes with the sex after it."""
    r = c.rng
    rec.t("UNIT CENSUS  4 West  ").v(c.date(), "DATE", "census").t("\n")
    sep = r.choice(("  ", " | ", "\t"))
    form = r.choice(("age", "agesex", "sexage"))
    head = {"age": "Age", "agesex": "Age/Sex", "sexage": "Sex/Age"}[form]
    rec.t(sep.join(("Rm", "Patient", head, "Adm", "Attending")) + "\n")
    for _ in range(r.randint(3, 6)):
        age, sx = str(r.choice((r.randint(19, 89), r.randint(60, 99)))), r.choice("MF")
        rec.t(f"{r.randint(401, 432)}{r.choice('AB')}{sep}").v(c.person().fmt(r, "lf"), "PATIENT", "patient").t(sep)
        if form == "age":
            rec.v(age, "AGE", "age")
        elif form == "agesex":
            rec.v(age, "AGE", "age").t(f"/{sx}")
        else:
            rec.t(f"{sx}/").v(age, "AGE", "age")
        rec.t(sep).v(c.date(c.earlier(1, 12)), "DATE", "adm").t(sep).v(r.choice(c.staff).fmt(r, "last"), "DOCTOR", "attending").t("\n")


def x_bed_board(rec: Rec, c: Cast) -> None:
    """An emergency department tracking board: bed, initials-and-name, age, complaint, length of stay, nurse."""
    r = c.rng
    rec.t("ED TRACKING BOARD  ").v(c.date(), "DATE", "board").t("\nBed  Patient            Age  CC                 LOS    RN\n")
    for bed in r.sample(range(1, 30), r.randint(3, 6)):
        age = str(r.choice((r.randint(1, 17), r.randint(18, 95))))
        rec.t(f"{bed:<4} ").v(c.person().fmt(r, "lf_up"), "PATIENT", "patient").t("  ").v(age, "AGE", "age")
        rec.t(r.choice(("y", "", "Y")) + f"  {r.choice(('CP', 'SOB', 'abd pain', 'fall', 'AMS', 'fever'))}  {r.randint(0, 9)}:{r.randint(0, 59):02d}  ")
        rec.v(r.choice(c.staff).fmt(r, "first"), "DOCTOR", "nurse").t("\n")


FNS = (x_ems_run, x_transport, x_parking, x_valet, x_pip_claim, x_crash_exchange, x_photo_id, x_roi_requester,
       x_credentials, x_cred_roster, x_card_scan, x_eob, x_271, x_elig_screen, x_rx_claim, x_rx_reject,
       x_employee_health, x_student_health, x_census, x_bed_board)
TUNE_R6_ALL = {f"X{i:02d}": fn for i, fn in enumerate(FNS, 51)}
TUNE_R6 = sorted(k for k in TUNE_R6_ALL if int(k[1:]) % 2 == 1)  # tuned on
CHECK_R6 = sorted(k for k in TUNE_R6_ALL if int(k[1:]) % 2 == 0)  # never looked at for rules: the transfer figure
