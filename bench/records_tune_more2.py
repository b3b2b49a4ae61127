"""Templates X19-X30 of the second tune batch (see records_tune_more.py for why, and for the split into
``tune_new`` (odd ids) and ``tune_check`` (even ids)): pharmacy labels and refill faxes, implant cards
and DME orders with UDIs, portal account pages and help-desk tickets, EHR banners and ED tracking
boards, death certificate worksheets and school physicals, fixed-width and CSV exports.
"""

from __future__ import annotations

import string

from make_records import US_STATES, Cast, Rec, digits, letters, npi
from records_tune_more import (MANUFACTURERS, MODELS, employer, insurer, login, pharmacy, plate_print, put_age,
                               ssn_print, street_city, zip_print)


def udi_print(c: Cast) -> str:
    """A UDI as labels carry it: GS1 with application identifiers in brackets or run together, or HIBCC."""
    r = c.rng
    gtin = "0" + digits(r, 13, string.digits)
    exp = f"{r.randint(24, 30)}{r.randint(1, 12):02d}{r.randint(1, 28):02d}"
    lot, sn = f"{letters(r, 1)}{digits(r, 6)}", digits(r, r.choice((6, 9, 10)))
    return r.choice((f"(01){gtin}(17){exp}(10){lot}(21){sn}", f"(01){gtin}(11){exp}(21){sn}",
                     f"01{gtin}17{exp}10{lot}", f"+M{letters(r, 3)}{digits(r, 5)}1/${lot}"))


def serial_print(c: Cast) -> str:
    r = c.rng
    return r.choice((f"{letters(r, 3)}{digits(r, 6)} {letters(r, 1)}", f"{digits(r, 11)}", f"{letters(r, 2)}{digits(r, 6)}",
                     f"{digits(r, 4)}{letters(r, 2)}{digits(r, 4)}", f"SN{digits(r, 9)}", f"{letters(r, 1)}{digits(r, 8)}"))


# ---------------------------------------------------------------- X19/X20: pharmacy


def x_rx_label(rec: Rec, c: Cast) -> None:
    """A prescription vial label: the pharmacy with its store number and address, Rx number, prescriber."""
    r, p = c.rng, c.patient
    rec.v(pharmacy(c), "ORGANIZATION", "pharmacy").t("\n")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t(", ").v(city, "CITY", "city").t(", ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip")
    rec.t("  ").v(c.phone(), "PHONE", "phone").t("\n")
    rec.t(r.choice(("Rx# ", "RX ", "Rx No: "))).v(digits(r, 7), "IDNUM", "rx").t("   ").v(c.date(), "DATE", "filled").t("\n")
    rec.v(p.fmt(r, r.choice(("fl_up", "fl", "lf_up"))), "PATIENT", "patient").t("\n")
    rec.t(r.choice(("TAKE 1 TABLET BY MOUTH TWICE DAILY WITH FOOD\n", "Apply 1 patch to skin every 72 hours\n",
                    "INHALE 2 PUFFS EVERY 4 HOURS AS NEEDED FOR WHEEZING\n")))
    rec.t(r.choice(("METFORMIN HCL 500MG TAB", "ALBUTEROL HFA 90MCG INH", "FENTANYL 25MCG/HR PATCH", "LISINOPRIL 20 MG TABLET")))
    rec.t(f"\nQTY: {r.choice((30, 60, 90, 5))}   REFILLS: {r.randint(0, 5)}   MFR: TEVA\n")
    doc = r.choice(c.staff)
    rec.t(r.choice(("DR. ", "Prescriber: ", "Dr "))).v(doc.fmt(r, r.choice(("lf_up", "fl", "il"))), "DOCTOR", "staff").t("\n")
    rec.t("DISCARD AFTER: ").v(c.date(c.later(300, 365)), "DATE", "discard").t("   RPh: ").v(login(c), "USERNAME", "user").t("\n")


def x_refill_fax(rec: Rec, c: Cast) -> None:
    """A pharmacy's refill-authorisation fax to a practice: fax header line, pharmacy, patient, prescriber."""
    r, p = c.rng, c.patient
    rec.v(c.date(fmt="%m/%d/%Y"), "DATE", "faxed").t(f" {r.randint(1, 12)}:{r.randint(10, 59)} PM FROM: ").v(c.phone(), "FAX", "fax")
    rec.t(" TO: ").v(c.phone(), "FAX", "fax").t(f" P. 1/{r.randint(1, 3)}\n")
    rec.t("REFILL AUTHORIZATION REQUEST\nFrom: ").v(pharmacy(c), "ORGANIZATION", "pharmacy").t(", Pharmacist ")
    rec.v(c.staff[4].fmt(r, "fl"), "DOCTOR", "staff").t(", PharmD\nTo: ").v(c.hospital, "HOSPITAL", "hospital").t("  Attn: ")
    rec.v(c.staff[0].fmt(r, "lf"), "DOCTOR", "staff").t("\n")
    rec.t("Patient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t(" (").v(c.date(c.dob), "DATE", "dob").t(")  Age: ")
    put_age(rec, c)
    rec.t("\nPatient address: ")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t(", ").v(city, "CITY", "city").t(" ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip")
    rec.t("\nLast filled ").v(c.date(c.earlier(25, 40)), "DATE", "lastfill").t(". Rx ").v(digits(r, 7), "IDNUM", "rx")
    rec.t(": amlodipine 10 mg tab #90, 1 tab daily. Insurance: ").v(insurer(c), "ORGANIZATION", "payer").t("\n")
    rec.t("[ ] Approved  refills ___   [ ] Denied   Signature ____________\n")


# ---------------------------------------------------------------- X21/X22: devices


def x_implant_card(rec: Rec, c: Cast) -> None:
    """A patient implant card / device registry entry: manufacturer and model (not PHI), serial, lot, UDI."""
    r, p = c.rng, c.patient
    rec.t(r.choice(("PATIENT IMPLANT CARD", "Implant Registry Entry", "Device Tracking Form (21 CFR 821)")) + "\n")
    rec.t("Patient: ").v(p.fmt(r), "PATIENT", "patient").t("   DOB: ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t(f"Manufacturer: {r.choice(MANUFACTURERS)}   Model: {r.choice(MODELS)}\n")
    rec.t(r.choice(("Serial Number: ", "SN: ", "Serial: ", "S/N "))).v(serial_print(c), "DEVICE", "serial")
    rec.t(r.choice(("   Lot: ", "   LOT ", "   Batch: "))).v(f"{letters(r, 1)}{digits(r, 6)}", "DEVICE", "lot").t("\n")
    rec.t(r.choice(("UDI: ", "UDI ", "Barcode (UDI): "))).v(udi_print(c), "DEVICE", "udi").t("\n")
    rec.t("Implant date: ").v(c.date(), "DATE", "implant").t("   Implanting physician: ")
    rec.v(c.staff[0].fmt(r, r.choice(("fl", "lf"))), "DOCTOR", "staff").t(", MD\nFacility: ").v(c.hospital, "HOSPITAL", "hospital").t("\n")
    rec.t("Leads: RA 5076-52 cm, RV 5076-58 cm. MRI conditional 1.5T/3T. Pacing mode DDDR 60-130 bpm.\n")


def x_dme_order(rec: Rec, c: Cast) -> None:
    """A CPAP / insulin pump set-up ticket from a DME supplier, with the unit's serial and UDI."""
    r, p = c.rng, c.patient
    rec.t("DME DELIVERY TICKET\nSupplier: ").v(r.choice((f"{c.us.last_name()} Medical Supply", f"{c.us.city()} Home Medical",
                                                       "Apria Healthcare", "Lincare", "AdaptHealth", "Byram Healthcare")), "ORGANIZATION", "supplier")
    rec.t("   PTAN ").v(letters(r, 2) + digits(r, 6), "IDNUM", "ptan").t("\nDeliver to: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(", ")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t(", ").v(city, "CITY", "city").t(", ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip").t("\n")
    rec.t(f"Item: HCPCS E0601 {r.choice(MODELS)}, heated humidifier E0562, mask A7030 size M\n")
    rec.t(r.choice(("Unit serial #: ", "Serial No. ", "SN# "))).v(serial_print(c), "DEVICE", "serial").t("   Device ID: ")
    rec.v(udi_print(c), "DEVICE", "udi").t("\n")
    rec.t("Settings: APAP 5-15 cm H2O, EPR 2, ramp auto. AHI 34/h on PSG of ").v(c.date(c.earlier(20, 90)), "DATE", "psg").t(".\n")
    rec.t("Ordering physician: ").v(c.staff[1].fmt(r, "lf"), "DOCTOR", "staff").t("  NPI ").v(npi(r), "IDNUM", "npi").t("\n")
    rec.t("Received in good condition by ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(" on ").v(c.date(), "DATE", "delivered").t("\n")


# ---------------------------------------------------------------- X23/X24: accounts


def x_portal_account(rec: Rec, c: Cast) -> None:
    """A patient portal's account page as staff see it: username, e-mail, last logins with IPs, proxy access."""
    r, p = c.rng, c.patient
    rec.t("MyChart Account Details\n")
    rec.t("Patient: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("   MRN ").v(digits(r, 8), "MEDICALRECORD", "mrn").t("\n")
    rec.t(r.choice(("Username: ", "Login ID: ", "Portal user: ", "User name: "))).v(login(c, p), "USERNAME", "user").t("\n")
    rec.t("E-mail on file: ").v(c.email(), "EMAIL", "email").t("  (verified)\nAccount status: Active since ").v(c.date(c.earlier()), "DATE", "since").t("\n")
    rec.t("Recent sign-ins:\n")
    for _ in range(r.randint(2, 3)):
        rec.t("  ").v(f"{c.later(0, 20).isoformat()} {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}", "DATE", "login")
        rec.t("  ").v(c.ip(), "IPADDR", "ip").t(f"  {r.choice(('iOS app', 'Chrome 120 / Windows', 'Safari / macOS'))}\n")
    rec.t("Proxy access: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation}), login ").v(login(c, c.relative), "USERNAME", "user").t("\n")
    rec.t("Activation link sent: ").v(c.url(), "URL", "url").t("\nLast reset by: ").v(login(c), "USERNAME", "user").t("\n")


def x_helpdesk(rec: Rec, c: Cast) -> None:
    """An IT service-desk ticket about a clinician's EHR access: domain logins, workstation, IP, the patient chart."""
    r = c.rng
    s = c.staff[1]
    rec.t("INCIDENT INC").v(digits(r, 7), "IDNUM", "ticket").t("  Priority 3  Opened ").v(c.date(fmt="%Y-%m-%d"), "DATE", "opened").t("\n")
    rec.t("Caller: ").v(s.fmt(r, "fl"), "DOCTOR", "staff").t(" (").v(r.choice(("HOSP\\", "CORP\\", "MED\\")) + login(c, s), "USERNAME", "user").t(f")  ext. {digits(r, 5)}")
    rec.t("\nDescription: user locked out of Epic Hyperspace after 5 failed attempts from workstation ")
    rec.v(f"WS-{letters(r, 3)}-{digits(r, 4)}", "IDNUM", "workstation").t(" (").v(c.ip(), "IPADDR", "ip").t(").\n")
    rec.t("Was charting on patient ").v(c.patient.fmt(r, "lf_up"), "PATIENT", "patient").t(" MRN ").v(digits(r, 8), "MEDICALRECORD", "mrn").t(" when the session expired.\n")
    rec.t("Resolution: account unlocked by ").v(login(c), "USERNAME", "user").t("; password reset via ").v(c.url(), "URL", "url").t(".\n")
    rec.t("Assigned group: EHR Access Mgmt. Tier 2 notes: AD sync OK, MFA token re-enrolled.\n")


# ---------------------------------------------------------------- X25/X26: banners, boards


def x_banner(rec: Rec, c: Cast) -> None:
    """An EHR chart banner and a transfer header: name, age/sex in compact forms, MRN, allergies, code status."""
    r, p = c.rng, c.patient
    rec.v(p.fmt(r, r.choice(("lf_up", "lf", "fl"))), "PATIENT", "patient").t("  ")
    form_ = r.choice(("slash", "paren", "dob_age", "plain"))
    if form_ == "slash":
        rec.t("Age/Sex: ").v(str(c.age), "AGE", "age").t(f"/{c.sex}")
    elif form_ == "paren":
        rec.t("(").v(str(c.age), "AGE", "age").t(r.choice((" y.o. ", " yo ", "Y ", " yrs ")) + ("F" if c.sex == "F" else "M") + ")")
    elif form_ == "dob_age":
        rec.t("DOB: ").v(c.date(c.dob, "%m/%d/%Y"), "DATE", "dob").t(" (").v(str(c.age), "AGE", "age").t(r.choice((")", " yrs)", "y)")))
    else:
        put_age(rec, c)
    rec.t("  MRN: ").v(digits(r, 8), "MEDICALRECORD", "mrn").t("  CSN: ").v(digits(r, 10), "IDNUM", "csn").t("\n")
    rec.t("Allergies: Penicillins, Codeine | Code: FULL | Isolation: Contact | Ht 170 cm Wt 72.4 kg BMI 25.0\n")
    rec.t("PCP: ").v(c.staff[0].fmt(r, "lf"), "DOCTOR", "staff").t(" | Payor: ").v(insurer(c), "ORGANIZATION", "payer").t("\n\n")
    rec.t("TRANSFER HEADER\nFrom: ").v(c.hospital, "HOSPITAL", "hospital").t("  To: ").v(c.hospital_name(), "HOSPITAL", "hospital")
    rec.t("\nTransfer date: ").v(c.date(c.later(1, 5)), "DATE", "transfer").t("  Accepting: ").v(c.staff[2].fmt(r, "fl"), "DOCTOR", "staff").t(", MD\n")
    rec.t("Reason: NSTEMI for cardiac catheterization. Troponin 0.45 ng/mL, peak 1.2. Heparin gtt 12 units/kg/h.\n")


def x_tracking_board(rec: Rec, c: Cast) -> None:
    """An ED tracking board printed as rows: room, patient, age+sex run together, complaint, nurse login, ESI."""
    r = c.rng
    rec.t("ED TRACKING BOARD  printed ").v(c.date(fmt="%m/%d/%Y"), "DATE", "printed").t(f" {r.randint(0, 23):02d}:{r.randint(10, 59)}\n")
    rec.t("RM   PATIENT                 AGE  CC                        RN          ESI  LOS\n")
    for i in range(r.randint(3, 5)):
        who = c.patient if i == 0 else c.person()
        age = c.age if i == 0 else r.randint(1, 99)
        rec.t(f"{r.choice(('A', 'B', 'H', 'T'))}{r.randint(1, 30):<4}")
        name = f"{who.last.upper()}, {who.first.upper()[:1]}" if r.random() < 0.5 else f"{who.last}, {who.first}"
        rec.v(name, "PATIENT", "patient" if i == 0 else "other").t(" " * max(1, 24 - len(name)))
        ag = str(age)
        rec.v(ag, "AGE", "age").t((r.choice("MF") + r.choice(("", "", " "))).ljust(5 - len(ag)))
        cc = r.choice(("CHEST PAIN", "SOB", "ABD PAIN", "FALL", "SYNCOPE", "LAC L HAND", "FEVER", "HA"))
        rec.t(f"{cc:<26}").v(login(c), "USERNAME", "user").t(f"  {r.randint(1, 5)}    {r.randint(0, 9)}:{r.randint(10, 59)}\n")


# ---------------------------------------------------------------- X27/X28: civil forms


def x_death_worksheet(rec: Rec, c: Cast) -> None:
    """A death certificate worksheet (decedent, SSN, age at last birthday, occupation and industry, informant)."""
    r, p = c.rng, c.patient
    rec.t("CERTIFICATE OF DEATH - FUNERAL DIRECTOR WORKSHEET\n1. DECEDENT'S LEGAL NAME ").v(p.fmt(r, "fl_up"), "PATIENT", "patient")
    rec.t(f"   2. SEX {c.sex}\n3. SOCIAL SECURITY NUMBER ").v(ssn_print(c), "SSN", "ssn")
    rec.t("\n4a. AGE-Last Birthday (Years) ").v(str(c.age), "AGE", "age").t("   5. DATE OF BIRTH ").v(c.date(c.dob, "%m/%d/%Y"), "DATE", "dob")
    rec.t("\n6. BIRTHPLACE (City and State) ").v(c.us.city(), "CITY", "city").t(", ").v(r.choice(list(US_STATES.values())), "STATE", "state")
    rec.t("\n7a. RESIDENCE-STATE ").v(r.choice(list(US_STATES.values())), "STATE", "state").t("  7b. COUNTY ").v(c.us.last_name(), "LOCATION-OTHER", "county")
    st, city, state, z = street_city(c)
    rec.t("  7c. CITY OR TOWN ").v(city, "CITY", "city").t("\n7d. STREET AND NUMBER ").v(st, "STREET", "street").t("   7g. ZIP CODE ").v(z, "ZIP", "zip")
    rec.t("\n12. DECEDENT'S USUAL OCCUPATION ").v(c.occupation(), "PROFESSION", "occupation")
    rec.t("   KIND OF BUSINESS/INDUSTRY ").v(employer(c), "ORGANIZATION", "employer")
    rec.t("\n13. FATHER'S NAME ").v(f"{c.person().first} {p.last}", "PATIENT", "relative").t("   14. MOTHER'S NAME PRIOR TO FIRST MARRIAGE ")
    rec.v(c.person().fmt(r, "fl"), "PATIENT", "relative").t("\n15. INFORMANT'S NAME ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative")
    rec.t(f"  RELATIONSHIP {c.relation.upper()}\n16. PLACE OF DEATH Hospital-Inpatient  FACILITY NAME ").v(c.hospital, "HOSPITAL", "hospital")
    rec.t("\n18. FUNERAL FACILITY ").v(f"{c.us.last_name()} Funeral Home", "ORGANIZATION", "funeral").t("   LICENSE # ").v(f"FH{digits(r, 5)}", "LICENSE", "license")
    rec.t("\n26. CAUSE: a. Cardiopulmonary arrest b. Acute myocardial infarction c. Coronary artery disease\n")


def x_school_physical(rec: Rec, c: Cast) -> None:
    """A pre-participation sports physical / school health form: school, grade, guardian, age, coach."""
    r, p = c.rng, c.patient
    c.age = r.randint(10, 18)
    school = r.choice((f"{c.us.last_name()} Middle School", f"{c.us.city()} High School", f"{c.us.last_name()} Elementary School",
                       f"St. {c.us.first_name()} Academy", f"{c.us.city()} Christian Academy"))
    rec.t("PREPARTICIPATION PHYSICAL EVALUATION\nName: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("   Sex: ").t(c.sex).t("   Age: ")
    rec.v(str(c.age), "AGE", "age").t(r.choice(("", " yrs", "y"))).t("   Grade: ").t(str(max(4, c.age - 5))).t("\nSchool: ").v(school, "ORGANIZATION", "school")
    rec.t("   Sport(s): ").t(r.choice(("Football", "Soccer, Track", "Basketball", "Volleyball", "Wrestling"))).t("\n")
    rec.t("Parent/Guardian: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t("   Phone: ").v(c.phone(), "PHONE", "phone").t("\n")
    rec.t("Home address: ")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t(", ").v(city, "CITY", "city").t(", ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip").t("\n")
    rec.t("Height 162 cm Weight 54 kg BP 112/68 Pulse 64 Vision R 20/20 L 20/25 corrected Y N\n")
    rec.t("Cleared for all sports without restriction. Coach: ").v(c.person().fmt(r, "fl"), "PATIENT", "coach").t("\n")
    rec.t("Examiner: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "staff").t(", MD   Date: ").v(c.date(), "DATE", "exam").t("\n")


# ---------------------------------------------------------------- X29/X30: exports


def x_fixed_width(rec: Rec, c: Cast) -> None:
    """A legacy fixed-width census print: columns by position, SSN and ZIP+4 without dashes, ages zero-padded."""
    r = c.rng
    rec.t("RUN DATE ").v(c.visit.strftime("%m/%d/%y"), "DATE", "run").t("   MIDNIGHT CENSUS - ").v(c.hospital.upper(), "HOSPITAL", "hospital").t("   PAGE 1\n")
    rec.t("UNIT-BED  PATIENT-NAME             SSN        AGE SX ZIP        EMPLOYER                 FC\n")
    for i in range(r.randint(3, 5)):
        who = c.patient if i == 0 else c.person()
        rec.t(f"{r.choice(('4W', '5E', 'ICU', 'TEL'))}-{r.randint(1, 40):02d}".ljust(10))
        name = f"{who.last.upper()},{who.first.upper()}"[:24]
        rec.v(name, "PATIENT", "patient" if i == 0 else "other").t(" " * (25 - len(name)))
        rec.v(digits(r, 9, "1234567"), "SSN", "ssn").t("  ").v(f"{r.randint(1, 99):03d}", "AGE", "age").t(f" {r.choice('MF')}  ")
        z = c.us.zipcode() + (digits(r, 4, string.digits) if r.random() < 0.5 else "")
        rec.v(z, "ZIP", "zip").t(" " * (11 - len(z)))
        emp = employer(c).upper()[:24]
        rec.v(emp, "ORGANIZATION", "employer").t(" " * (25 - len(emp)) + r.choice(("MC", "BC", "CO", "SP")) + "\n")


def x_csv_export(rec: Rec, c: Cast) -> None:
    """A registry CSV export with snake_case headers and quoted cells."""
    r = c.rng
    cols = ["last_name", "first_name", "dob", "age", "ssn", "zip", "employer", "insurer", "username", "plate"]
    cols = r.sample(cols, r.randint(6, 9))
    rec.t(",".join(cols) + "\n")
    for i in range(r.randint(2, 4)):
        who = c.patient if i == 0 else c.person()
        for j, col in enumerate(cols):
            rec.t("," if j else "")
            kind = "patient" if i == 0 else "other"
            writers = {
                "last_name": lambda: rec.v(who.last, "PATIENT", kind), "first_name": lambda: rec.v(who.first, "PATIENT", kind),
                "dob": lambda: rec.v(c.date(c.earlier(6000, 30000), r.choice(("%Y-%m-%d", "%m/%d/%Y"))), "DATE", "dob"),
                "age": lambda: rec.v(str(r.randint(1, 99)), "AGE", "age"), "ssn": lambda: rec.v(ssn_print(c), "SSN", "ssn"),
                "zip": lambda: rec.v(zip_print(c), "ZIP", "zip"), "username": lambda: rec.v(login(c, who), "USERNAME", "user"),
                "employer": lambda: rec.t('"').v(employer(c), "ORGANIZATION", "employer").t('"'),
                "insurer": lambda: rec.t('"').v(insurer(c), "ORGANIZATION", "payer").t('"'),
                "plate": lambda: rec.v(plate_print(c), "VEHICLE", "plate"),
            }
            writers[col]()
        rec.t("\n")


def _batch() -> dict:
    from records_tune_more import (x_crash_report, x_ems_run, x_fhir_patient, x_hl7_adt, x_kv_log, x_ncpdp_claim,
                                   x_ub04, x_x12_edi)

    fns = (x_hl7_adt, x_x12_edi, x_fhir_patient, x_kv_log, x_ub04, x_ncpdp_claim, x_crash_report, x_ems_run,
           x_rx_label, x_refill_fax, x_implant_card, x_dme_order, x_portal_account, x_helpdesk, x_banner,
           x_tracking_board, x_death_worksheet, x_school_physical, x_fixed_width, x_csv_export)
    return {f"X{i:02d}": fn for i, fn in enumerate(fns, 11)}


TUNE_MORE = _batch()
TUNE_NEW = sorted(k for k in TUNE_MORE if int(k[1:]) % 2 == 1)  # tuned on
TUNE_CHECK = sorted(k for k in TUNE_MORE if int(k[1:]) % 2 == 0)  # never looked at for rules: the transfer figure
