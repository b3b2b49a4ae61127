"""Templates X31-X50, a fifth batch of tune-side record templates of bench/make_records.py.

After four rounds the records ``tune`` split reached token recall 0.99 while the other
templates (``report``) stayed near 0.96 and the never-tuned ``tune_check`` near 0.88: the
rules had learned our own templates' printings. The weakest kinds were usernames,
vehicles, ages, organisations, health-plan numbers, licences and hospital names. These
templates print those kinds in forms of their own, written from record systems rather
than from any other template: EHR access audits and e-signature blocks (logins after
"by", "User:", "@", domain prefixes), security and claims pages with plates after
"Lic", "Reg", "Tag" and European registrations, nursing hand-off lists and lab
requisitions with ages in banner forms ("F, 67", "67/F", "67Y", "DOB/Age"), employers,
agencies and suppliers in form fields, eligibility responses with member, group and
BIN/PCN numbers, prescriber credential blocks and ID checks (DEA, NPI, state licence,
driver's licence), letterheads and outside-record cover sheets with hospital names.

They come in pairs of one kind: odd ids form ``tune_r5`` (rules may be developed on
it), even ids form ``check_r5`` (never looked at for rules: the transfer figure).
Neither touches ``tune``, ``report``, ``report_locales``, ``tune_new`` or ``tune_check``.
"""

from __future__ import annotations

import string

from make_records import US_STATES, Cast, Rec, dea, digits, letters, npi, vin

ROLES = ("RN", "MD", "LPN", "PharmD", "RT", "CMA", "PA-C", "NP", "Unit Clerk", "HIM Analyst", "Registrar")
ACTIONS = ("Viewed chart", "Printed face sheet", "Modified allergies", "Opened note", "Signed order", "Exported CCD",
           "Released records", "Acknowledged result", "Break-the-glass access", "Edited demographics")
EU_STATES = ("UK", "DE", "FR", "NL", "IT", "IE", "ES")
AUTO_INSURERS = ("State Farm", "GEICO", "Progressive", "Allstate", "USAA", "Liberty Mutual", "Travelers",
                 "Erie Insurance", "American Family Insurance", "Direct Line", "Admiral", "AXA")
SUPPLIERS = ("Medline Industries", "McKesson Medical-Surgical", "Cardinal Health", "Owens & Minor", "Henry Schein",
             "Hanger Clinic", "Apria Healthcare", "Numotion", "Edgepark Medical Supplies", "Quest Diagnostics", "LabCorp",
             "BioReference Laboratories", "Sonic Healthcare", "Mayo Clinic Laboratories", "ARUP Laboratories")
PLANS = ("Blue Cross Blue Shield of {state}", "UMR", "Meritain Health", "Cigna HealthSpring", "Humana Gold Plus",
         "Aetna Medicare Advantage", "UnitedHealthcare Community Plan", "Wellmark BCBS", "Capital Blue Cross",
         "Tufts Health Plan", "Medical Mutual of Ohio", "BlueCross BlueShield of Tennessee", "Sierra Health and Life",
         "Paramount Advantage", "Molina Healthcare of {state}", "Anthem HealthKeepers", "Bupa", "AXA Health")


# ---------------------------------------------------------------- printings of their own


def handle(c: Cast, who=None) -> str:
    """A login as directory services, EHRs and chat tools hand them out (no '@', no domain)."""
    r = c.rng
    who = who or r.choice(c.staff)
    f = "".join(ch for ch in who.first.lower() if ch.isascii() and ch.isalpha()) or "kim"
    l = "".join(ch for ch in who.last.lower() if ch.isascii() and ch.isalpha()) or "lee"
    forms = (f"{f[0]}{l}", f"{f[0]}{l}{r.randint(1, 99)}", f"{f[0]}.{l}", f"{f}.{l}", f"{l}{f[0]}{r.randint(1, 9)}",
             f"{f[0]}{l[:7]}", f"{l}_{f[0]}", f"{f[0]}{l[0]}{r.randint(100, 9999)}", f"{f}{l[0]}", f"{l[:4]}{f[:3]}{r.randint(1, 9)}",
             f"{f[0]}{l}".upper(), f"{f[0]}-{l}")
    return r.choice(forms)


def plate(c: Cast, region: str = "") -> str:
    """A registration plate: US state series or a European one (UK, DE, FR, NL, IT, IE, ES)."""
    r = c.rng
    L, D = (lambda n: letters(r, n, "ABCDEFGHJKLMNPRSTVWXYZ")), (lambda n: digits(r, n, string.digits))
    region = region or r.choice(("US", "US", "US") + EU_STATES)
    shapes = {
        "US": (f"{r.randint(1, 9)}{L(3)}{D(3)}", f"{L(3)}{D(4)}", f"{L(3)}-{D(4)}", f"{D(3)} {L(3)}", f"{L(2)} {D(5)}",
               f"{L(1)}{D(3)}{L(3)}", f"{D(2)}{L(1)} {D(3)}", f"{L(3)} {D(3)}"),
        "UK": (f"{L(2)}{r.randint(10, 74)} {L(3)}", f"{L(2)}{r.randint(10, 74)}{L(3)}"),
        "DE": (f"{r.choice(('M', 'B', 'HH', 'K', 'F', 'S', 'KA'))}-{L(2)} {r.randint(1, 9999)}",
               f"{r.choice(('M', 'B', 'HH', 'K'))} {L(2)} {r.randint(10, 999)}"),
        "FR": (f"{L(2)}-{D(3)}-{L(2)}",), "NL": (f"{D(2)}-{L(3)}-{D(1)}", f"{L(1)}-{D(3)}-{L(2)}"),
        "IT": (f"{L(2)} {D(3)}{L(2)}", f"{L(2)}{D(3)}{L(2)}"), "IE": (f"{r.randint(12, 24)}{r.choice(('1', '2'))}-D-{D(5)}", f"{r.randint(12, 24)}-KY-{D(4)}"),
        "ES": (f"{D(4)} {L(3)}", f"{D(4)}-{L(3)}"),
    }
    return r.choice(shapes[region])


def age_form(rec: Rec, c: Cast, age: int | None = None, sex: str = "") -> None:
    """An age as banners and lists print it, the number alone gold."""
    r = c.rng
    a, s = str(c.age if age is None else age), sex or c.sex
    sx = r.choice((s, "Female" if s == "F" else "Male", s.lower()))
    before, after = r.choice(((f"{s}, ", ""), ("", f"/{s}"), ("", f" y/o {s}"), ("", f"Y {s}"), ("", f"yo{s}"),
                              ("(", " yrs)"), ("", f" {sx}"), (f"{sx} ", "Y"), ("", " y.o."), ("", "-yr-old"),
                              (f"{s}/", ""), ("", f"y {s}"), ("", " yr"), ("", " Y")))
    rec.t(before).v(a, "AGE", "age").t(after)


def hospital(c: Cast) -> str:
    r, us = c.rng, c.us
    city, last = us.city(), us.last_name()
    return r.choice((f"Mercy Hospital {city}", f"{city} Children's Hospital", f"{last} Medical Center",
                     f"Kaiser Permanente {city} Medical Center", f"VA {city} Healthcare System", f"Baptist Health {city}",
                     f"Providence {r.choice(('St. Peter', 'Holy Cross', 'St. Vincent'))} Hospital", f"{city} Surgery Center",
                     f"{last} Cancer Institute", f"{city} Rehabilitation Hospital", f"The {last} Clinic",
                     f"{city} Memorial Hospital", f"Sutter {city} Hospital", f"{last} County Hospital",
                     f"{city} Behavioral Health Center", f"Northside Hospital {city}", f"Adventist Health {city}"))


def org(c: Cast, kind: str = "") -> str:
    r, us = c.rng, c.us
    kind = kind or r.choice(("employer", "agency", "supplier", "school"))
    if kind == "employer":
        return r.choice((us.company(), c.fake.company(), f"{us.last_name()} Trucking Inc.", f"{us.city()} Public Schools",
                         f"Walmart Supercenter #{r.randint(100, 5999)}", f"{us.last_name()} Roofing LLC", f"{us.city()} Fire Department",
                         f"{r.choice(list(US_STATES.values()))} Department of Transportation", f"{us.last_name()} Farms"))
    if kind == "agency":
        return r.choice((f"{us.last_name()} Home Health", f"Visiting Nurse Association of {us.city()}", f"{us.city()} Hospice",
                         f"{us.last_name()} Home Care Services", f"{us.city()} Department of Social Services",
                         f"{r.choice(list(US_STATES.values()))} Department of Corrections", f"{us.city()} Senior Living"))
    if kind == "school":
        return r.choice((f"{us.last_name()} Elementary", f"{us.city()} High School", f"University of {us.city()}",
                         f"{us.last_name()} Community College", f"{us.city()} Montessori School"))
    return r.choice(SUPPLIERS)


def plan(c: Cast) -> str:
    return c.rng.choice(PLANS).format(state=c.rng.choice(list(US_STATES.values())))


def member_id(c: Cast) -> str:
    r = c.rng
    return r.choice((f"{letters(r, 3)}{digits(r, 9, string.digits)}", f"{digits(r, 9)}-{digits(r, 2, string.digits)}",
                     f"{letters(r, 1)}{digits(r, 8)}", f"{digits(r, 11)}", f"{letters(r, 2)}{digits(r, 7)}{letters(r, 1)}",
                     f"M{digits(r, 8)}0{r.randint(1, 4)}", f"{digits(r, 4)} {digits(r, 4, string.digits)} {digits(r, 3, string.digits)}"))


def group_no(c: Cast) -> str:
    r = c.rng
    return r.choice((digits(r, 6), f"{digits(r, 5)}-{letters(r, 2)}", f"G{digits(r, 7)}", f"{letters(r, 3)}{digits(r, 4)}",
                     f"{digits(r, 4)}-{digits(r, 4, string.digits)}", digits(r, 8, "0123456789")))


def state_lic(c: Cast) -> str:
    r = c.rng
    return r.choice((f"{r.choice(('MD', 'A', 'G', 'C', 'DO'))}{digits(r, 5)}", f"{digits(r, 2)}.{digits(r, 6, string.digits)}",
                     f"{r.choice(list(US_STATES))}{digits(r, 6)}", f"RN{digits(r, 6)}", f"{digits(r, 7)}", f"{letters(r, 2)}-{digits(r, 5)}"))


def dl_no(c: Cast) -> str:
    r = c.rng
    return r.choice((f"{letters(r, 1)}{digits(r, 7, string.digits)}", f"{letters(r, 1)}{digits(r, 12, string.digits)}", digits(r, 9),
                     f"{letters(r, 1)}{digits(r, 3)}-{digits(r, 4, string.digits)}-{digits(r, 4, string.digits)}",
                     f"{digits(r, 3)}-{digits(r, 3, string.digits)}-{digits(r, 3, string.digits)}", f"{letters(r, 5)}{digits(r, 6)}{letters(r, 2)}{digits(r, 2)}"))


def addr(rec: Rec, c: Cast, sep: str = ", ") -> None:
    a = c.make_address(False)
    rec.v(a["street"], "STREET", "street").t(sep).v(a["city"], "CITY", "city").t(", ").v(a["state"], "STATE", "state_abbr").t(" ").v(a["zip"], "ZIP", "zip")


def stamp(c: Cast) -> str:
    r = c.rng
    return f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}"


# ---------------------------------------------------------------- X31/X32: who touched the chart


def x_access_audit(rec: Rec, c: Cast) -> None:
    """A privacy office's chart-access audit: one row per access, the login in a column of its own."""
    r, p = c.rng, c.patient
    rec.t("ACCESS AUDIT REPORT - ").v(hospital(c), "HOSPITAL", "hospital").t("\nPatient: ").v(p.fmt(r, "lf"), "PATIENT", "patient")
    rec.t("  MRN ").v(digits(r, 8), "MEDICALRECORD", "mrn").t("  Requested by Privacy Officer ").v(c.staff[4].fmt(r, "fl"), "DOCTOR", "staff").t("\n")
    style = r.choice(("pipe", "space", "kv"))
    if style == "pipe":
        rec.t("Date/Time | User ID | Name | Role | Action | Workstation\n")
    elif style == "space":
        rec.t("ACCESS TIME        LOGIN       EMPLOYEE              ROLE   EVENT\n")
    for _ in range(r.randint(3, 5)):
        who = r.choice(c.staff)
        when = f"{c.later(0, 10):%m/%d/%Y} {stamp(c)}"
        if style == "pipe":
            rec.v(when.split()[0], "DATE", "access").t(f" {when.split()[1]} | ").v(handle(c, who), "USERNAME", "user").t(" | ")
            rec.v(who.fmt(r, "lf"), "DOCTOR", "staff").t(f" | {r.choice(ROLES)} | {r.choice(ACTIONS)} | WS{digits(r, 5)}\n")
        elif style == "space":
            rec.v(when.split()[0], "DATE", "access").t(f" {when.split()[1]}   ").v(handle(c, who), "USERNAME", "user").t("   ")
            rec.v(who.fmt(r, "lf_up"), "DOCTOR", "staff").t(f"   {r.choice(ROLES)}   {r.choice(ACTIONS).upper()}\n")
        else:
            rec.t("event=").t(r.choice(ACTIONS).replace(" ", "_").lower()).t(" userid=").v(handle(c, who), "USERNAME", "user")
            rec.t(" time=").v(when.split()[0], "DATE", "access").t(f" {when.split()[1]}\n")
    rec.t(r.choice(("Flagged: ", "Inappropriate access suspected by user ", "Escalated - login "))).v(handle(c), "USERNAME", "user")
    rec.t(r.choice((" (no treatment relationship)\n", ", same last name as patient\n", "\n")))


def x_esign_block(rec: Rec, c: Cast) -> None:
    """The signature lines under a note: dictated, transcribed, signed, co-signed, amended, each with a login."""
    r, p = c.rng, c.patient
    rec.t("PROGRESS NOTE - ").v(p.fmt(r, "fl"), "PATIENT", "patient").t("\nAssessment: CHF exacerbation, improved on IV furosemide 40 mg BID. Cr 1.3.\n")
    rec.t("Plan: transition to PO torsemide, daily weights, f/u BNP.\n\n")
    s0, s1, s2 = c.staff[0], c.staff[1], c.staff[2]
    rec.t(r.choice(("Electronically signed by: ", "E-signed by ", "Signed electronically by "))).v(s0.fmt(r, "fl"), "DOCTOR", "staff")
    rec.t(r.choice((", MD (", " MD [", " ("))).v(handle(c, s0), "USERNAME", "user").t(r.choice((") on ", "] ", ") "))).v(c.date(), "DATE", "signed").t(f" {stamp(c)}\n")
    rec.t(r.choice(("Dictated by: ", "Dict: ", "Author: "))).v(handle(c, s1), "USERNAME", "user").t(r.choice(("   ", "  Transcribed by: ", "  Trans: ")))
    rec.v(handle(c, c.staff[3]), "USERNAME", "user").t("  Job #").v(digits(r, 7), "IDNUM", "job").t("\n")
    rec.t(r.choice(("Cosigned by ", "Co-signer: ", "Attestation by "))).t(r.choice(("RN ", "", "Dr. "))).v(handle(c, s2), "USERNAME", "user")
    rec.t(" ").v(c.date(c.later(0, 2)), "DATE", "cosign").t("\n")
    rec.t(r.choice(("Last modified by ", "Amended: ", "Addendum entered by "))).v(handle(c), "USERNAME", "user")
    rec.t(r.choice((f" at {stamp(c)}\n", f" - {stamp(c)}\n", "\n")))
    rec.t(r.choice(("cc: ", "Routing: ", "Sent to inbox of "))).v(handle(c, c.staff[4]), "USERNAME", "user").t("\n")


# ---------------------------------------------------------------- X33/X34: vehicles


def x_security_log(rec: Rec, c: Cast) -> None:
    """A hospital security / valet incident log: the vehicle by make, colour, plate (with state) and VIN."""
    r, p = c.rng, c.patient
    rec.t("SECURITY INCIDENT LOG  ").v(hospital(c), "HOSPITAL", "hospital").t("  Shift: Nights\n")
    rec.t("Date ").v(c.date(), "DATE", "incident").t(f" {stamp(c)}  Location: Parking Garage B, level {r.randint(1, 5)}\n")
    rec.t("Involved: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t(" (visitor of ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(")\n")
    st = r.choice(list(US_STATES))
    form = r.choice(("lic", "tag", "veh", "plate", "state"))
    rec.t(f"Vehicle: {r.choice(('Silver', 'Black', 'White', 'Red'))} {r.choice(('Honda CR-V', 'Ford Fusion', 'Toyota Tacoma', 'Jeep Cherokee'))}, ")
    if form == "lic":
        rec.t("Lic ").v(plate(c, "US"), "VEHICLE", "plate").t(f" {st}")
    elif form == "tag":
        rec.t("Tag# ").v(plate(c, "US"), "VEHICLE", "plate").t(f" ({st})")
    elif form == "veh":
        rec.t("veh lic # ").v(plate(c, "US"), "VEHICLE", "plate")
    elif form == "plate":
        rec.t("plate ").v(plate(c, "US"), "VEHICLE", "plate").t(f", {US_STATES[st]}")
    else:
        rec.t(f"{st} ").v(plate(c, "US"), "VEHICLE", "plate")
    rec.t("\n")
    if r.random() < 0.7:
        rec.t(r.choice(("VIN ", "VIN: ", "V.I.N. "))).v(vin(r), "VEHICLE", "vin").t("\n")
    rec.t("Narrative: vehicle left running in ambulance bay; owner located in ED waiting room. Towed by ")
    rec.v(f"{c.us.last_name()} Towing", "ORGANIZATION", "tow").t(". Officer ").v(handle(c), "USERNAME", "user").t(" filed report.\n")


def x_auto_claim(rec: Rec, c: Cast) -> None:
    """A motor-insurance medical claim (PIP / third-party): policyholder, registrations in US and European forms."""
    r, p = c.rng, c.patient
    rec.t("MOTOR VEHICLE ACCIDENT - MEDICAL CLAIM\nInsurer: ").v(r.choice(AUTO_INSURERS), "ORGANIZATION", "insurer").t("   Claim ref ")
    rec.v(f"{letters(r, 2)}{digits(r, 8)}", "IDNUM", "claim").t("\nClaimant: ").v(p.fmt(r), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    region = r.choice(EU_STATES + ("US",))
    lab = {"UK": ("Reg: ", "Vehicle reg ", "VRM "), "US": ("Plate: ", "Lic Plate# ", "Tag ")}.get(region, ("Kennzeichen / Reg ", "Immatriculation ", "Registration: "))
    rec.t("Insured vehicle: ").t(r.choice(("VW Golf", "Ford Focus", "Peugeot 208", "Fiat Panda", "Toyota Corolla"))).t(", ")
    rec.t(r.choice(lab)).v(plate(c, region), "VEHICLE", "plate").t("\n")
    rec.t("Third-party vehicle ").t(r.choice(("reg. no. ", "registration ", "plate "))).v(plate(c, r.choice(EU_STATES + ("US",))), "VEHICLE", "plate")
    rec.t(", driver ").v(c.person().fmt(r, "fl"), "PATIENT", "other").t("\n")
    if r.random() < 0.6:
        rec.t("Chassis no. / VIN ").v(vin(r), "VEHICLE", "vin").t("\n")
    rec.t("Injuries: whiplash (S13.4XXA), contusion L knee. Treated at ").v(hospital(c), "HOSPITAL", "hospital").t(" on ").v(c.date(), "DATE", "dos").t(".\n")
    rec.t("Handler: ").v(handle(c), "USERNAME", "user").t("  Adjuster ").v(c.person().fmt(r, "fl"), "PATIENT", "adjuster").t("\n")


# ---------------------------------------------------------------- X35/X36: ages


def x_handoff_list(rec: Rec, c: Cast) -> None:
    """A nursing hand-off (SBAR / I-PASS) list: bed, name, age and sex compact, diagnosis, code status."""
    r = c.rng
    rec.t(r.choice(("I-PASS HANDOFF ", "SHIFT REPORT ", "Unit Census / Handoff "))).t(f"{r.choice(('4 West', 'MICU', '6N Tele', 'Peds'))}  ")
    rec.v(c.date(), "DATE", "handoff").t("\n")
    for i in range(r.randint(3, 5)):
        who = c.patient if i == 0 else c.person()
        age = c.age if i == 0 else r.randint(19, 97)
        rec.t(f"Bed {r.randint(1, 40)}{r.choice('AB')}: ").v(who.fmt(r, r.choice(("lf", "fl", "lf_up"))), "PATIENT", "patient" if i == 0 else "other").t(r.choice((", ", " - ", " ")))
        age_form(rec, c, age, r.choice("MF"))
        rec.t(r.choice((" | ", ", ", " - "))).t(r.choice(("CHF exac", "s/p lap chole POD1", "DKA on insulin gtt", "COPD, 2L NC", "sepsis 2/2 UTI")))
        rec.t(r.choice((" | Full code", " | DNR/DNI", ", FULL", ""))).t("\n")
    rec.t("Off-going RN: ").v(handle(c), "USERNAME", "user").t("  Oncoming: ").v(c.staff[1].fmt(r, "fl"), "DOCTOR", "staff").t(", RN\n")


def x_lab_requisition(rec: Rec, c: Cast) -> None:
    """A lab / imaging requisition header: the age next to the DOB or the sex, client and bill-to fields."""
    r, p = c.rng, c.patient
    rec.v(org(c, "supplier").upper(), "ORGANIZATION", "lab").t(" - TEST REQUISITION\nAcct/Client: ").v(hospital(c), "HOSPITAL", "hospital").t("\n")
    rec.t("Patient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("\n")
    form = r.choice(("dobage", "sexage", "agesex", "ageyears", "ym"))
    if form == "dobage":
        rec.t("DOB/Age: ").v(c.date(c.dob, "%m/%d/%Y"), "DATE", "dob").t(r.choice((" / ", " - ", "  "))).v(str(c.age), "AGE", "age").t(r.choice(("Y", " yrs", "")))
    elif form == "sexage":
        rec.t(r.choice(("Sex/Age: ", "Gender/Age: "))).t(f"{c.sex}/").v(str(c.age), "AGE", "age")
    elif form == "agesex":
        rec.t(r.choice(("Age/Sex: ", "Age/Gender: ", "Age / Sex "))).v(str(c.age), "AGE", "age").t(r.choice((f"/{c.sex}", f" / {c.sex}", f"Y/{c.sex}")))
    elif form == "ageyears":
        rec.t("DOB: ").v(c.date(c.dob), "DATE", "dob").t("  (").v(str(c.age), "AGE", "age").t(r.choice((" years)", " yrs)", "y)")))
    else:
        rec.t("Age: ").v(str(c.age), "AGE", "age").t(f" Y {r.randint(0, 11)} M").t(f"   Sex: {c.sex}")
    rec.t("\nBill to: ").v(plan(c), "ORGANIZATION", "payer").t("  Policy ").v(member_id(c), "HEALTHPLAN", "member").t("\n")
    rec.t("Tests: CMP, CBC w/ diff, HbA1c, Lipid panel, TSH reflex FT4   Fasting: Y\nDx: E11.9, I10, E78.5\n")
    rec.t("Ordering: ").v(c.staff[0].fmt(r, "lf"), "DOCTOR", "staff").t("  NPI ").v(npi(r), "IDNUM", "npi").t("  Collected ").v(c.date(), "DATE", "collected").t(f" {stamp(c)}\n")


# ---------------------------------------------------------------- X37/X38: organisations


def x_social_intake(rec: Rec, c: Cast) -> None:
    """A social-work / registration intake: employer, school, agencies involved, each in a field of its own."""
    r, p = c.rng, c.patient
    rec.t("SOCIAL WORK INTAKE\nClient: ").v(p.fmt(r), "PATIENT", "patient").t("  Age ")
    rec.v(str(c.age), "AGE", "age").t("\n")
    rec.t(r.choice(("Employer: ", "Employed by: ", "Current employer - ", "Place of work: "))).v(org(c, "employer"), "ORGANIZATION", "employer")
    rec.t(r.choice(("  (full time)\n", "\n", "; on FMLA\n")))
    rec.t(r.choice(("Former employer: ", "Previous job at ", "Retired from "))).v(org(c, "employer"), "ORGANIZATION", "employer").t("\n")
    rec.t(r.choice(("School: ", "Attends ", "Enrolled at: "))).v(org(c, "school"), "ORGANIZATION", "school").t("\n")
    rec.t(r.choice(("Home health agency: ", "HHA: ", "Agency: "))).v(org(c, "agency"), "ORGANIZATION", "agency")
    rec.t("  Contact ").v(c.phone(), "PHONE", "phone").t("\n")
    rec.t(r.choice(("Case manager at ", "Caseworker with ", "Referred by "))).v(org(c, "agency"), "ORGANIZATION", "agency").t(": ")
    rec.v(c.person().fmt(r, "fl"), "PATIENT", "other").t("\nInsurance: ").v(plan(c), "ORGANIZATION", "payer").t("\n")
    rec.t("Barriers: transportation, health literacy. Plan: SNAP application, PT/OT eval, follow-up 2 weeks.\n")


def x_supply_order(rec: Rec, c: Cast) -> None:
    """A DME / supply purchase order with vendor, bill-to payer, ship-to patient and the agency delivering care."""
    r, p = c.rng, c.patient
    rec.t("PURCHASE ORDER PO-").v(digits(r, 7), "IDNUM", "po").t("\n")
    rec.t(r.choice(("Vendor: ", "Supplier: ", "Ship from: "))).v(org(c, "supplier"), "ORGANIZATION", "supplier").t("  Acct ").v(digits(r, 8), "ACCOUNT", "acct").t("\n")
    rec.t("Ship to: ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(", ")
    addr(rec, c)
    rec.t("\nItems: 1 x E0260 semi-electric hospital bed; 1 x E0277 alternating pressure mattress; 2 x A4253 test strips\n")
    rec.t(r.choice(("Bill to: ", "Primary payer: ", "Payor: "))).v(plan(c), "ORGANIZATION", "payer").t("  Member ").v(member_id(c), "HEALTHPLAN", "member").t("\n")
    rec.t(r.choice(("Serviced by: ", "Care coordinated with ", "Agency of record: "))).v(org(c, "agency"), "ORGANIZATION", "agency").t("\n")
    rec.t("Patient's employer (for COB): ").v(org(c, "employer"), "ORGANIZATION", "employer").t("\nApproved by ").v(handle(c), "USERNAME", "user").t("\n")


# ---------------------------------------------------------------- X39/X40: health plans


def x_eligibility(rec: Rec, c: Cast) -> None:
    """An eligibility (270/271) response as the registration screen prints it: member, group, Rx BIN/PCN/group."""
    r, p = c.rng, c.patient
    rec.t("ELIGIBILITY RESPONSE  ").v(c.date(), "DATE", "checked").t("\nPayer: ").v(plan(c), "ORGANIZATION", "payer").t("  Payer ID ")
    rec.v(digits(r, 5), "IDNUM", "payer_id").t("\nSubscriber: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  ")
    rec.t(r.choice(("Member ID: ", "Mbr #", "Subscriber No. ", "ID Number "))).v(member_id(c), "HEALTHPLAN", "member").t("\n")
    rec.t(r.choice(("Group: ", "Grp No ", "Group Number: ", "Employer Group # "))).v(group_no(c), "HEALTHPLAN", "group")
    rec.t(r.choice(("  Group name: ", "  Employer: "))).v(org(c, "employer"), "ORGANIZATION", "employer").t("\n")
    # the BIN and PCN route the claim to the plan's processor (printed on every member's card): not PHI
    rec.t(f"RxBIN {r.choice(('610014', '004336', '003858', '610502', '015581'))}  RxPCN {r.choice(('ADV', 'MEDDPRIME', 'A4', 'CTRXMEDD'))}")
    rec.t("  RxGRP ").v(f"{letters(r, 2)}{digits(r, 4)}", "HEALTHPLAN", "rxgrp").t("\n")
    rec.t("Coverage: Active. PCP copay $25, Specialist $50, ER $250. Deductible $1,500 (met $420). OOP max $6,000.\n")
    if r.random() < 0.6:
        rec.t("Secondary: Medicaid #").v(f"{digits(r, 8)}{letters(r, 1)}", "HEALTHPLAN", "medicaid").t("\n")
    rec.t("Verified by ").v(handle(c), "USERNAME", "user").t(" ref# ").v(digits(r, 10), "IDNUM", "ref").t("\n")


def x_cob_form(rec: Rec, c: Cast) -> None:
    """A coordination-of-benefits questionnaire: primary and secondary plans with policy, group and holder."""
    r, p = c.rng, c.patient
    rec.t("COORDINATION OF BENEFITS\nPatient name ").v(p.fmt(r), "PATIENT", "patient").t("\n")
    for rank in ("Primary", "Secondary"):
        rec.t(f"{rank} plan: ").v(plan(c), "ORGANIZATION", "payer").t("\n")
        rec.t(r.choice(("  Policy/ID no. ", "  Certificate # ", "  Contract No. ", "  Plan member # "))).v(member_id(c), "HEALTHPLAN", "member")
        rec.t(r.choice(("   Group/Plan no. ", "   Grp. ", "   Group # "))).v(group_no(c), "HEALTHPLAN", "group").t("\n")
        rec.t("  Policyholder: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation})  Holder's employer: ")
        rec.v(org(c, "employer"), "ORGANIZATION", "employer").t("\n")
    rec.t("Medicare MBI: ").v(f"{r.randint(1, 9)}{letters(r, 1, 'ACDEFGHJKMNPQRTUVWXY')}{letters(r, 1, 'ACDEFGHJK')}{r.randint(0, 9)}-{letters(r, 1, 'ACDEFGHJK')}{letters(r, 1, 'ACDEFGHJK')}{r.randint(0, 9)}-{letters(r, 2, 'ACDEFGHJK')}{digits(r, 2, string.digits)}", "HEALTHPLAN", "mbi")
    rec.t("\nAccident related? N   Workers' comp? N   Signature on file ").v(c.date(), "DATE", "signed").t("\n")


# ---------------------------------------------------------------- X41/X42: licences


def x_prescriber_block(rec: Rec, c: Cast) -> None:
    """A controlled-substance prescription's prescriber block: DEA, NPI, state licence, CDS registration."""
    r, p = c.rng, c.patient
    doc = c.staff[0]
    rec.v(doc.fmt(r, "fl"), "DOCTOR", "staff").t(r.choice((", MD\n", ", DO\n", " MD\n"))).v(hospital(c), "HOSPITAL", "hospital").t("\n")
    addr(rec, c)
    rec.t("\n")
    sep = r.choice(("  ", " | ", "\n"))
    rec.t(r.choice(("DEA: ", "DEA # ", "DEA Reg. "))).v(dea(r, doc.last), "LICENSE", "dea").t(sep)
    rec.t(r.choice(("NPI: ", "NPI# "))).v(npi(r), "IDNUM", "npi").t(sep)
    rec.t(r.choice(("State Lic: ", "Lic# ", "License No. ", f"{r.choice(list(US_STATES))} Lic "))).v(state_lic(c), "LICENSE", "license").t(sep)
    rec.t(r.choice(("CDS: ", "Controlled Substance Reg # ", "CSR "))).v(f"{letters(r, 2)}{digits(r, 6)}", "LICENSE", "cds").t("\n\n")
    rec.t("Rx for: ").v(p.fmt(r), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t("oxycodone 5 mg tab, 1 PO q6h PRN pain, #20 (twenty), no refills. PDMP checked ").v(c.date(), "DATE", "pdmp").t(".\n")


def x_id_check(rec: Rec, c: Cast) -> None:
    """Registration's identity verification: the driver's licence or state ID, and staff credentials checked."""
    r, p = c.rng, c.patient
    st = r.choice(list(US_STATES))
    rec.t("IDENTITY VERIFICATION\nPatient ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("\n")
    rec.t(r.choice(("Photo ID: DL ", "ID type: Driver License #", "Driver's Lic. ", "DL: ", "Operator license "))).t(r.choice((f"{st} ", "", f"({st}) ")))
    rec.v(dl_no(c), "LICENSE", "dl").t("  exp ").v(c.date(c.later(200, 1500)), "DATE", "expiry").t("\n")
    if r.random() < 0.5:
        rec.t("Secondary ID: passport ").v(f"{letters(r, 1)}{digits(r, 8)}", "IDNUM", "passport").t("\n")
    rec.t("Scanned by ").v(handle(c), "USERNAME", "user").t(" at ").v(hospital(c), "HOSPITAL", "hospital").t(" registration\n")
    rec.t("Interpreter: ").v(c.staff[3].fmt(r, "fl"), "DOCTOR", "staff").t(", certified, Lic. ").v(state_lic(c), "LICENSE", "license").t("\n")
    rec.t("Nurse: ").v(c.staff[2].fmt(r, "fl"), "DOCTOR", "staff").t(", RN  License ").v(state_lic(c), "LICENSE", "license").t(f" ({st})\n")


# ---------------------------------------------------------------- X43/X44: hospitals in headers


def x_letterhead(rec: Rec, c: Cast) -> None:
    """A discharge summary on letterhead: the hospital's name (often in capitals) over its department and address."""
    r, p = c.rng, c.patient
    h = hospital(c)
    rec.v(h.upper() if r.random() < 0.5 else h, "HOSPITAL", "hospital").t("\n").t(r.choice(("Department of Medicine", "Division of Cardiology", "Hospitalist Service")))
    rec.t("\n")
    addr(rec, c)
    rec.t("  Tel ").v(c.phone(), "PHONE", "phone").t("\n\nDISCHARGE SUMMARY\n")
    rec.t("Name: ").v(p.fmt(r), "PATIENT", "patient").t("   ")
    age_form(rec, c)
    rec.t("\nAdmitted: ").v(c.date(), "DATE", "admit").t("   Discharged: ").v(c.date(c.later(2, 9)), "DATE", "discharge").t("\n")
    rec.t("Hospital course: admitted with community-acquired pneumonia, treated with ceftriaxone and azithromycin.\n")
    rec.t(r.choice(("Follow up at ", "Outpatient follow-up: ", "Discharged to "))).v(hospital(c), "HOSPITAL", "hospital").t("\n")
    rec.t("Attending: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "staff").t(", MD\n")


def x_outside_records(rec: Rec, c: Cast) -> None:
    """An outside-records cover sheet: sending facility, OSH in the history, receiving unit."""
    r, p = c.rng, c.patient
    rec.t("OUTSIDE RECORDS - SCANNED ").v(c.date(), "DATE", "scanned").t("\n")
    rec.t(r.choice(("Records from: ", "Source facility: ", "Received from "))).v(hospital(c), "HOSPITAL", "hospital").t("\n")
    rec.t("Patient: ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob").t("\n")
    rec.t(r.choice(("OSH: ", "Transferred from OSH (", "Prior admission at "))).v(hospital(c), "HOSPITAL", "hospital").t(r.choice(("\n", ")\n", " for NSTEMI\n")))
    rec.t("Pages: 47  Contents: H&P, discharge summary, echo report, cath report\n")
    rec.t(r.choice(("Imaging CD from ", "Films from "))).v(hospital(c), "HOSPITAL", "hospital").t(" uploaded to PACS by ").v(handle(c), "USERNAME", "user").t("\n")
    rec.t("Receiving unit: CCU   Indexed by ").v(handle(c), "USERNAME", "user").t("\n")


# ---------------------------------------------------------------- X45/X46: more identifier numbers


def x_remittance(rec: Rec, c: Cast) -> None:
    """An 835 remittance line printed for posting: claim, payer claim control, patient account, check numbers."""
    r, p = c.rng, c.patient
    rec.t("REMITTANCE ADVICE  Payer: ").v(plan(c), "ORGANIZATION", "payer").t("  Check/EFT # ").v(digits(r, 9), "IDNUM", "eft").t("\n")
    rec.t("Provider: ").v(hospital(c), "HOSPITAL", "hospital").t("  TIN ").v(f"{digits(r, 2)}-{digits(r, 7, string.digits)}", "IDNUM", "tax").t("\n")
    rec.t("Patient ").v(p.fmt(r, "lf_up"), "PATIENT", "patient").t("  HIC/Member ").v(member_id(c), "HEALTHPLAN", "member").t("  Pat Ctrl # ")
    rec.v(digits(r, 10), "ACCOUNT", "acct").t("\nICN ").v(digits(r, 13), "IDNUM", "claim").t("  DOS ").v(c.date(), "DATE", "dos")
    rec.t("  Billed $1,240.00  Allowed $612.18  Paid $489.74  CARC CO-45 PR-2\n")


def x_specimen_label(rec: Rec, c: Cast) -> None:
    """Specimen labels as a printer batch: accession, patient, age and sex, collector's login."""
    r = c.rng
    for i in range(r.randint(2, 3)):
        who = c.patient
        rec.t("ACC ").v(f"{c.visit:%y}-{letters(r, 1)}{digits(r, 6, string.digits)}", "IDNUM", "accession").t("  ")
        rec.v(who.fmt(r, "lf_up"), "PATIENT", "patient").t("  ")
        age_form(rec, c)
        rec.t(f"\n  {r.choice(('SST GOLD', 'LAV EDTA', 'LT BLUE CITRATE', 'URINE CUP'))}  Coll ").v(c.date(fmt="%m/%d/%y"), "DATE", "collected")
        rec.t(f" {stamp(c)} by ").v(handle(c), "USERNAME", "user").t("\n")


# ---------------------------------------------------------------- X47/X48: messaging


def x_secure_chat(rec: Rec, c: Cast) -> None:
    """A secure-messaging thread export: '[time] handle:' lines and '@handle' mentions."""
    r, p = c.rng, c.patient
    rec.t("Secure Chat export - ").v(c.date(), "DATE", "chat").t("  Channel: 5E Care Team\n")
    people = [c.staff[i] for i in range(3)]
    names = [handle(c, s) for s in people]
    lines = (("Pt in 12 (", ") K 3.1, replacing per protocol"), ("can you see ", " re: pain control? on oxycodone 5"),
             ("family of ", " asking for update"), ("", " ok for d/c today? PT cleared"))
    for i in range(r.randint(3, 5)):
        k = i % 3
        rec.t(f"[{stamp(c)}] ").v(names[k], "USERNAME", "user").t(": ")
        pre, post = r.choice(lines)
        if r.random() < 0.5:
            rec.t("@").v(names[(k + 1) % 3], "USERNAME", "user").t(" ")
        rec.t(pre).v(p.fmt(r, r.choice(("last", "lf", "fl"))), "PATIENT", "patient").t(post + "\n")
    rec.t("Thread closed by ").v(names[0], "USERNAME", "user").t("\n")


def x_telehealth_log(rec: Rec, c: Cast) -> None:
    """A telehealth session log: host and participants by login, meeting ID, join IPs."""
    r, p = c.rng, c.patient
    rec.t("VIRTUAL VISIT SESSION LOG\nHost: ").v(c.staff[0].fmt(r, "fl"), "DOCTOR", "staff").t(" (").v(handle(c, c.staff[0]), "USERNAME", "user").t(")\n")
    rec.t("Meeting ID ").v(f"{digits(r, 3)} {digits(r, 4, string.digits)} {digits(r, 4, string.digits)}", "IDNUM", "meeting").t("\n")
    rec.t("Participants:\n  ").v(p.fmt(r, "fl"), "PATIENT", "patient").t(" - guest, joined ").v(c.date(), "DATE", "joined").t(f" {stamp(c)} from ").v(c.ip(), "IPADDR", "ip").t("\n")
    rec.t("  ").v(handle(c, c.staff[1]), "USERNAME", "user").t(" - interpreter\n  @").v(handle(c, c.staff[2]), "USERNAME", "user").t(" - scribe\n")
    rec.t("Connection quality: good. Duration 23 min. Consent recorded by ").v(handle(c), "USERNAME", "user").t("\n")


# ---------------------------------------------------------------- X49/X50: workers' compensation


def x_workers_comp(rec: Rec, c: Cast) -> None:
    """A workers' compensation first report: employer, carrier, policy, claim, the worker's age and the vehicle."""
    r, p = c.rng, c.patient
    rec.t("EMPLOYER'S FIRST REPORT OF INJURY\nEmployer: ").v(org(c, "employer"), "ORGANIZATION", "employer").t("  FEIN ")
    rec.v(f"{digits(r, 2)}-{digits(r, 7, string.digits)}", "IDNUM", "tax").t("\nCarrier: ").v(r.choice(AUTO_INSURERS + ("The Hartford", "Zenith", "Employers Holdings")), "ORGANIZATION", "carrier")
    rec.t("  Policy # ").v(f"WC{digits(r, 8)}", "IDNUM", "policy").t("  Claim # ").v(digits(r, 11), "IDNUM", "claim").t("\n")
    rec.t("Employee: ").v(p.fmt(r), "PATIENT", "patient").t("  ")
    age_form(rec, c)
    rec.t("  Hire date ").v(c.date(c.earlier(400, 4000)), "DATE", "hire").t("\nOccupation: ").v(c.occupation(), "PROFESSION", "occupation").t("\n")
    rec.t("Company vehicle involved: unit ").v(plate(c, "US"), "VEHICLE", "plate").t("\n")
    rec.t("Treating facility: ").v(hospital(c), "HOSPITAL", "hospital").t("\nSubmitted by ").v(handle(c), "USERNAME", "user").t("\n")


def x_preauth_fax(rec: Rec, c: Cast) -> None:
    """A prior-authorisation request fax: plan, member and group, servicing facility, requesting provider's licence."""
    r, p = c.rng, c.patient
    rec.t("PRIOR AUTHORIZATION REQUEST  To: ").v(plan(c), "ORGANIZATION", "payer").t(" UM Dept  Fax ").v(c.phone(), "FAX", "fax").t("\n")
    rec.t("Member: ").v(p.fmt(r, "lf"), "PATIENT", "patient").t("  ")
    age_form(rec, c)
    rec.t("\nMember ID ").v(member_id(c), "HEALTHPLAN", "member").t("   Group ").v(group_no(c), "HEALTHPLAN", "group").t("\n")
    rec.t("Service: MRI lumbar spine w/o contrast (72148). Dx M54.16. Failed 6 weeks PT and NSAIDs.\n")
    rec.t("Servicing facility: ").v(hospital(c), "HOSPITAL", "hospital").t("\nRequesting: ").v(c.staff[0].fmt(r, "lf"), "DOCTOR", "staff")
    rec.t(", MD  Lic ").v(state_lic(c), "LICENSE", "license").t("  NPI ").v(npi(r), "IDNUM", "npi").t("\n")
    rec.t("Submitted via portal by ").v(handle(c), "USERNAME", "user").t(" on ").v(c.date(), "DATE", "submitted").t("\n")


FNS = (x_access_audit, x_esign_block, x_security_log, x_auto_claim, x_handoff_list, x_lab_requisition, x_social_intake,
       x_supply_order, x_eligibility, x_cob_form, x_prescriber_block, x_id_check, x_letterhead, x_outside_records,
       x_remittance, x_specimen_label, x_secure_chat, x_telehealth_log, x_workers_comp, x_preauth_fax)
TUNE_R5_ALL = {f"X{i:02d}": fn for i, fn in enumerate(FNS, 31)}
TUNE_R5 = sorted(k for k in TUNE_R5_ALL if int(k[1:]) % 2 == 1)  # tuned on
CHECK_R5 = sorted(k for k in TUNE_R5_ALL if int(k[1:]) % 2 == 0)  # never looked at for rules: the transfer figure
