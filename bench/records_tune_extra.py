"""Tune-only record templates of bench/make_records.py (X01-X08), added after the first round of fixes.

The 32 templates were split once into ``tune`` and ``report``; the tune half happened
to print no vehicle, few licences, SSNs in few forms and ages mostly next to a label.
These templates give ``tune`` those kinds in layouts of their own (a parking
permit, an insurance card, an employee health form, a JSON export, a discharge
instruction sheet, an e-prescription header, a mailing label, a patient list), so
that rules for them are developed on ``tune``. They never enter ``report`` or
``report_locales``, whose templates and split are unchanged.
"""

from __future__ import annotations

from make_records import US_STATES, Cast, Rec, dea, digits, ident, npi, vin
from records_fields import address_line, doctor, form, label, write_value
from records_templates import body

MAKES = ("2018 Toyota Camry", "2021 Ford F-150", "2015 Honda Accord", "2019 Subaru Outback", "2012 Chevrolet Malibu",
         "2020 Tesla Model 3", "2017 Nissan Rogue", "2014 Jeep Wrangler")


def x_parking(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t(r.choice(("PATIENT / VISITOR PARKING PERMIT", "Valet Parking Ticket", "Handicap Parking Registration")) + "\n")
    form(rec, c, ["name", "phone", "mrn"], r.choice(("lines", "spaces", "padded")))
    st = c.address["state"] or r.choice(list(US_STATES))
    rec.t(f"Vehicle: {r.choice(MAKES)}, {r.choice(('silver', 'black', 'white', 'blue'))}\n")
    rec.t(r.choice(("Plate: ", "Lic. Plate ", "Tag No. ", "License plate number "))).v(ident(r, "plate"), "VEHICLE", "plate")
    opener = r.choice((" (", "  State: ", " "))
    rec.t(opener).v(st, "STATE", "state").t(")\n" if opener == " (" else "\n")
    if r.random() < 0.7:
        rec.t(r.choice(("VIN: ", "VIN# ", "Vehicle ID No. "))).v(vin(r), "VEHICLE", "vin").t("\n")
    rec.t("Valid through ").v(c.date(c.later(1, 14)), "DATE", "valid").t(". Issued by ").v(c.username(c.staff[2]), "USERNAME", "user").t("\n")


def x_insurance_card(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t("INSURANCE CARD (front)\n").v(c.payer().upper(), "ORGANIZATION", "payer").t("\n")
    rec.t(r.choice(("Member: ", "MEMBER NAME ", "Subscriber: "))).v(p.fmt(r, r.choice(("fl_up", "fl"))), "PATIENT", "patient").t("\n")
    rec.t(r.choice(("ID: ", "Member ID ", "ID# "))).v(ident(r, "member"), "HEALTHPLAN", "member")
    rec.t(r.choice(("   Group: ", "  GRP# ", "   Group No. "))).v(ident(r, "group"), "HEALTHPLAN", "group").t("\n")
    rec.t("RxBIN 610014   RxPCN MEDDPRIME   RxGRP ").v(ident(r, "group"), "HEALTHPLAN", "rxgroup").t("\n")
    rec.t("PCP: ")
    doctor(rec, c)
    rec.t(r.choice(("   PCP Phone ", "  Ph: "))).v(c.phone(), "PHONE", "phone").t("\nCopay: OV $25  SPEC $50  ER $150\n")
    rec.t("INSURANCE CARD (back)\nMembers call ").v(c.phone(), "PHONE", "phone").t(" or visit ").v(c.url(), "URL", "url").t("\n")


def x_employee_health(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("EMPLOYEE HEALTH - PRE-PLACEMENT EXAM\n")
    rec.t(r.choice(("Employee: ", "Employee Name: "))).v(c.patient.fmt(r), "PATIENT", "patient")
    rec.t(r.choice(("   Emp ID: ", "   Employee # ", "  Badge: "))).v(digits(r, r.choice((5, 6, 7))), "IDNUM", "employee").t("\n")
    rec.t(r.choice(("SSN (last 4 not accepted): ", "Social Security #: ", "SS No. "))).v(ident(r, "ssn"), "SSN", "ssn")
    rec.t(r.choice(("   DOB ", "   D.O.B.: "))).v(c.date(c.dob), "DATE", "dob").t("   Age ").age(c.age_text()).t("\n")
    rec.t(r.choice(("Driver's Lic #: ", "DL: ", "State ID/DL No. "))).v(ident(r, "dl"), "LICENSE", "dl")
    rec.t(" (").v(c.address["state"] or "NY", "STATE", "state").t(")\n")
    rec.t("Position: ").v(c.occupation(), "PROFESSION", "occupation").t("   Department: Environmental Services\n")
    rec.t("Home: ")
    address_line(rec, c)
    rec.t("\nTB screen (IGRA) negative. Hep B titer 12 mIU/mL (non-immune); series restarted.\nCleared by ")
    doctor(rec, c)
    rec.t(" on ").v(c.date(), "DATE", "cleared").t(".\n")


def x_json_export(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    keys = r.sample([("patient_name", "name"), ("dob", "dob"), ("ssn", "ssn"), ("mrn", "mrn"), ("zip", "zip"),
                     ("state", "state"), ("city", "city"), ("phone", "phone"), ("email", "email"), ("age", "age"),
                     ("member_id", "member"), ("plate", "plate"), ("username", "user")], 7)
    rec.t('{"resourceType": "Extract", "id": "').v(digits(r, 8), "IDNUM", "extract").t('", ')
    for i, (key, concept) in enumerate(keys):
        rec.t(("" if i == 0 else ", ") + f'"{key}": "')
        if concept == "plate":
            rec.v(ident(r, "plate"), "VEHICLE", "plate")
        else:
            cell = rec.child()
            write_value(cell, c, concept)
            rec.add(cell)
        rec.t('"')
    rec.t(', "status": "final", "units": "mg/dL", "value": 187}\n')


def x_discharge_instructions(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t("DISCHARGE INSTRUCTIONS\n").v(p.fmt(r, "fl"), "PATIENT", "patient").t(", ")
    rec.age(str(c.age)).t(r.choice((" year old", "-year-old", " yrs old", " y.o."))).t(f" {r.choice(('female', 'male'))}\n")
    rec.t("You were in the hospital from ").v(c.date(), "DATE", "admit").t(" to ").v(c.date(c.later(1, 6)), "DATE", "discharge").t(".\n")
    body(rec, r, 1, headed=False)
    rec.t("Your ride home: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation}), ").v(c.phone(), "PHONE", "phone").t(".\n")
    rec.t("Follow up with ")
    doctor(rec, c)
    rec.t(" at ").v(c.hospital_name(), "HOSPITAL", "hospital").t(", ")
    address_line(rec, c, c.make_address(False))
    rec.t(", on ").v(c.date(c.later(7, 40), r.choice(("%A, %B {d}", "%m/%d", "%B {d}, %Y"))), "DATE", "appt").t(".\n")
    rec.t("Questions after hours: nurse line ").v(c.phone(), "PHONE", "phone").t(".\n")


def x_erx(rec: Rec, c: Cast) -> None:
    r = c.rng
    s = c.staff[0]
    rec.t("ELECTRONIC PRESCRIPTION\nPrescriber: ")
    doctor(rec, c, s)
    rec.t("\n").t(r.choice(("DEA# ", "DEA: ", "DEA Reg. "))).v(dea(r, s.last), "LICENSE", "dea")
    rec.t(r.choice(("   State License ", "   Lic# ", "   Medical Lic. No. "))).v(ident(r, "license"), "LICENSE", "license")
    rec.t(r.choice(("   NPI ", "   NPI: "))).v(npi(r), "IDNUM", "npi").t("\n")
    rec.t("Practice: ").v(c.hospital_name(), "HOSPITAL", "hospital").t("  Fax ").v(c.phone(), "FAX", "fax").t("\n")
    rec.t("Patient: ").v(c.patient.fmt(r), "PATIENT", "patient").t("  DOB ").v(c.date(c.dob), "DATE", "dob")
    rec.t("  Sex ").t(c.sex).t("\n")
    rec.t("Rx: oxycodone-acetaminophen 5-325 mg, 1 tab PO q6h PRN pain, #20 (twenty), no refills.\n")
    rec.t("Written ").v(c.date(), "DATE", "written").t("  Rx ID ").v(ident(r, "order"), "IDNUM", "rx").t("\n")


def x_mailing_label(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t(r.choice(("RETURN SERVICE REQUESTED\n", "CONFIDENTIAL - LAB RESULTS ENCLOSED\n", "")))
    who = p.fmt(r, r.choice(("fl_up", "fl", "fml")))
    rec.v(who, "PATIENT", "patient").t("\n")
    if r.random() < 0.3:
        rec.t("C/O ").v(c.relative.fmt(r, "fl_up"), "PATIENT", "relative").t("\n")
    a = c.address
    rec.v(a["street"].upper() if r.random() < 0.5 else a["street"], "STREET", "street").t("\n")
    rec.v(a["city"], "CITY", "city").t(", " if r.random() < 0.6 else " ")
    if a["state"]:
        rec.v(a["state"], "STATE", "state").t("  ").v(a["zip"], "ZIP", "zip").t("\n")
    else:
        rec.v(a["zip"], "ZIP", "postcode").t("\n").v(a["country"] or "France", "COUNTRY", "country").t("\n")
    rec.t("Statement date ").v(c.date(), "DATE", "statement").t("   Account ").v(ident(r, "acct"), "ACCOUNT", "acct")
    rec.t("   Amount due $").t(f"{r.randint(10, 900)}.{r.randint(0, 99):02d}\n")


def x_patient_list(rec: Rec, c: Cast) -> None:
    r = c.rng
    cols = r.sample(["name", "ssn", "zip", "state", "user", "age", "dl", "acct", "city", "member"], 6)
    heads = {"name": "Patient", "ssn": "SSN", "zip": "ZIP", "state": "State", "user": "Login", "age": "Age",
             "dl": "DL #", "acct": "Acct #", "city": "City", "member": "Member ID"}
    rec.t(r.choice(("Outreach list", "Quality registry extract", "No-show report")) + f" - {label(r, 'facility')}: ")
    rec.v(c.hospital, "HOSPITAL", "hospital").t("\n| " + " | ".join(heads[k] for k in cols) + " |\n|" + "---|" * len(cols) + "\n")
    people = [c.patient] + [c.person() for _ in range(r.randint(1, 3))]
    for who in people:
        c.patient = who
        c.age = r.randint(18, 101)
        rec.t("| ")
        for i, k in enumerate(cols):
            if i:
                rec.t(" | ")
            write_value(rec, c, k)
        rec.t(" |\n")
    c.patient = people[0]


TUNE_EXTRA = {f"X{i:02d}": fn for i, fn in enumerate((
    x_parking, x_insurance_card, x_employee_health, x_json_export, x_discharge_instructions, x_erx,
    x_mailing_label, x_patient_list), 1)}


HIPAA_FIELDS = (
    ("Name", "name"), ("Social Security Number", "ssn"), ("Medical Record Number", "mrn"),
    ("Health Plan Beneficiary Number", "member"), ("Account Number", "acct"), ("Certificate/License Number", "lic"),
    ("Vehicle Identifier", "plate"), ("Device Identifier/Serial Number", "serial"), ("Web URL", "url"),
    ("IP Address", "ip"), ("Biometric Identifier", "bioid"), ("Full-Face Photograph", "photo"),
    ("Telephone Number", "phone"), ("Fax Number", "fax"), ("Email Address", "email"), ("Date of Birth", "dob"),
    ("Admission Date", "admit"), ("Discharge Date", "discharge"), ("Date of Death", "death"), ("Age", "age"),
    ("Street Address", "street"), ("City", "city"), ("County", "county"), ("ZIP Code", "zip"),
)


def x_identifier_inventory(rec: Rec, c: Cast) -> None:
    """The 18 Safe Harbor identifiers under their regulation's own names, as a de-identification audit lists them."""
    r = c.rng
    rec.t(r.choice(("PHI INVENTORY", "Identifier checklist (45 CFR 164.514(b)(2))", "Record identifiers")) + "\n")
    for name, concept in r.sample(HIPAA_FIELDS, r.randint(10, 16)):
        rec.t(name + r.choice((": ", " - ", ":\t", " = ")))
        if concept == "plate":
            rec.v(ident(r, "plate") if r.random() < 0.6 else vin(r), "VEHICLE", "plate")
        else:
            write_value(rec, c, concept)
        rec.t("\n")


def x_identifier_narrative(rec: Rec, c: Cast) -> None:
    """The same identifiers in sentences: 'His medical record number is ...', 'a car with plate ...'."""
    r, p = c.rng, c.patient
    he = r.choice(("He", "She"))
    rec.v(p.fmt(r, "fl"), "PATIENT", "patient").t(" (SSN ").v(ident(r, "ssn"), "SSN", "ssn").t(") was seen on ")
    rec.v(c.date(), "DATE", "dos").t(" at ").v(c.hospital, "HOSPITAL", "hospital").t(". ")
    rec.t(f"{he} is ").age(c.age_text()).t(" old. " if r.random() < 0.3 else ". ")
    rec.t(r.choice(("The medical record number is ", f"{he} has MRN ", "Chart number "))).v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t(" and ")
    rec.t(r.choice(("the insurance member ID is ", "the health plan number is ", "the policy number is ")))
    rec.v(ident(r, "member"), "HEALTHPLAN", "member").t(". ")
    rec.t(r.choice((f"{he} drives a {r.choice(MAKES)} with license plate ", "The car involved had plate number ",
                    "Vehicle tag ")))
    rec.v(ident(r, "plate"), "VEHICLE", "plate").t(" (VIN ").v(vin(r), "VEHICLE", "vin").t("). ")
    rec.t(r.choice(("The pacemaker serial number is ", "The implanted device has serial ", "Insulin pump S/N ")))
    rec.v(ident(r, "serial"), "DEVICE", "serial").t(". ")
    rec.t(r.choice(("Driver's license number ", "Her nursing license is ", "License no. "))).v(ident(r, "dl"), "LICENSE", "dl").t(". ")
    rec.t("Reach " + ("him" if he == "He" else "her") + " at ").v(c.phone(), "PHONE", "phone").t(" or ").v(c.email(), "EMAIL", "email")
    rec.t("; records go by fax to ").v(c.phone(), "FAX", "fax").t(". The portal account ").v(c.username(p), "USERNAME", "user")
    rec.t(" logged in from ").v(c.ip(), "IPADDR", "ip").t(" via ").v(c.url(), "URL", "url").t(". ")
    rec.t("Fingerprint template ").v(ident(r, "bioid"), "BIOID", "bioid").t(" is on file; photo ").v(c.photo(), "IDNUM", "photo")
    rec.t(". Billing account ").v(ident(r, "acct"), "ACCOUNT", "acct").t(", claim ").v(ident(r, "claim"), "IDNUM", "claim").t(".\n")
    body(rec, r, 1, headed=False)


TUNE_EXTRA.update({"X09": x_identifier_inventory, "X10": x_identifier_narrative})
