"""Field names and value writers of bench/make_records.py: what a record system prints next to each value.

Each concept has the labels found on real forms and screens (abbreviated, spelt out,
with '#', 'No.', 'ID'), and a writer that puts the value into a record with its gold
label. Composite values (an address line, an emergency contact with relation and
phone, a doctor with credentials) write several spans and the text between them.
Field labels and credentials are never gold.
"""

from __future__ import annotations

import random

from make_records import US_STATES, Cast, Rec, dea, ident, npi, vin

LABELS: dict[str, tuple[str, ...]] = {
    "name": ("Patient Name", "Pt Name", "Patient", "Name", "PATIENT NAME", "Pt", "Patient Name (Last, First)",
             "Member Name", "Client Name", "Pt. Name", "Resident", "Patient Full Name"),
    "dob": ("DOB", "D.O.B.", "Date of Birth", "Birth Date", "BirthDate", "Born", "DOB (mm/dd/yyyy)", "Birthdate", "B/D"),
    "age": ("Age", "Age (yrs)", "Pt Age", "AGE", "Age at Visit"),
    "mrn": ("MRN", "MRN#", "MR#", "Med Rec #", "Medical Record No.", "Medical Record Number", "Chart #", "Hosp #",
            "Unit No", "Pt ID", "Patient ID", "EMPI", "MR No", "Chart No.", "Patient #", "Record #"),
    "acct": ("Acct No.", "Account #", "Acct#", "Account Number", "HAR", "Billing #", "FIN", "Patient Account No.",
             "Acct", "Billing Acct", "Financial #", "Invoice #", "Statement Acct #"),
    "enc": ("Encounter #", "Enc ID", "CSN", "Visit #", "Visit ID", "Admission #", "Episode No", "Encounter Number",
            "Visit No."),
    "ssn": ("SSN", "SS#", "Soc Sec #", "Social Security No.", "SSN#", "Social Security Number", "Soc. Sec. No."),
    "member": ("Ins ID", "Member ID", "Subscriber ID", "Policy #", "Policy No.", "Insurance ID", "Medicare ID", "MBI",
               "Medicaid #", "Beneficiary ID", "ID#", "Member #", "Insured ID", "Cert #", "Health Plan ID", "HICN"),
    "group": ("Grp #", "Group No.", "Group Number", "Group ID", "GRP", "Grp", "Group #", "Plan Group"),
    "payer": ("Insurance", "Primary Ins", "Payer", "Carrier", "Plan", "Ins Co", "Primary Insurance", "Payor"),
    "subscriber": ("Subscriber", "Insured", "Policy Holder", "Insured's Name", "Subscriber Name", "Policyholder"),
    "guarantor": ("Guarantor", "Responsible Party", "Guarantor Name", "Resp. Party", "Financially Responsible"),
    "emergency": ("Emergency Contact", "Emerg. Contact", "EC", "Next of Kin", "NOK", "In Case of Emergency",
                  "Emergency Contact Name", "ICE"),
    "address": ("Address", "Addr", "Home Address", "Residence", "Mailing Address", "Street Address", "Pt Address"),
    "street": ("Street", "Address 1", "Addr1", "Street Address", "Address Line 1"),
    "city": ("City", "Town", "CITY"),
    "state": ("State", "ST", "St"),
    "zip": ("Zip", "ZIP Code", "Postal Code", "Zip Code", "ZIP", "Postcode"),
    "county": ("County", "County of Residence", "Cnty"),
    "country": ("Country", "Country of Residence", "Nationality"),
    "phone": ("Phone", "Ph", "Tel", "Home Phone", "Cell", "Mobile", "Contact #", "Phone (H)", "Daytime Phone",
              "Tel.", "Ph#", "Primary Phone", "Cell Phone", "Phone (C)", "Telephone"),
    "fax": ("Fax", "Fax #", "Fax No.", "FAX", "Fax Number", "F"),
    "email": ("Email", "E-mail", "Email Address", "Contact Email", "e-mail", "EMAIL"),
    "pcp": ("PCP", "Primary Care", "Primary Care Physician", "PCP Name", "Primary Provider", "Family Doctor", "GP"),
    "ref": ("Referring MD", "Referring Physician", "Ref. Provider", "Referred by", "Ordering Provider", "Ordering MD",
            "Referring Provider", "Ref Dr", "Requested by", "Ordered By"),
    "att": ("Attending", "Attending Physician", "Attending MD", "Admitting MD", "Discharging Physician", "Provider",
            "Rendering Provider", "Surgeon", "Consultant", "Physician", "Treating Physician", "Att. Phys."),
    "npi": ("NPI", "NPI#", "Provider NPI", "NPI No.", "NPI Number", "Individual NPI"),
    "dea": ("DEA", "DEA#", "DEA No.", "DEA Reg #", "DEA Number"),
    "lic": ("Lic #", "License No.", "State Lic.", "Medical License", "Lic. No.", "License #", "St Lic #", "Board Cert #"),
    "dl": ("Driver's License", "DL#", "Drivers Lic No", "DL/State ID", "Driver License #", "DL No.", "ID (DL)"),
    "facility": ("Facility", "Hospital", "Location", "Site", "Clinic", "Performing Site", "Facility Name",
                 "Service Location", "Admitting Facility"),
    "employer": ("Employer", "Employer Name", "Place of Employment", "Works at", "Company"),
    "occupation": ("Occupation", "Job Title", "Profession", "Occ", "Usual Occupation"),
    "admit": ("Admit Date", "Adm Date", "Admission Date", "Date of Admission", "DOA", "Admitted", "Adm Dt"),
    "discharge": ("Discharge Date", "Disch Date", "D/C Date", "Date of Discharge", "Discharged", "Dsch Dt"),
    "dos": ("Date of Service", "DOS", "Svc Date", "Visit Date", "Encounter Date", "Exam Date", "Service Date",
            "Date", "Appt Date", "Date Seen"),
    "death": ("Date of Death", "DOD", "Deceased Date", "Death Date", "Expired"),
    "appt": ("Next Appointment", "Follow-up", "Next Appt", "F/U Date", "Return Visit", "Scheduled"),
    "plate": ("License Plate", "Plate #", "Vehicle Plate", "Tag #", "Plate No.", "Lic Plate"),
    "vin": ("VIN", "Vehicle ID No.", "VIN#", "Vehicle Identification Number"),
    "serial": ("Device Serial", "Serial #", "S/N", "SN", "Serial No.", "Device SN", "Pacemaker Serial", "Implant Serial",
               "Generator SN", "Serial Number"),
    "lot": ("Lot #", "Lot No.", "LOT", "Lot Number", "Batch #"),
    "udi": ("UDI", "Device Identifier", "UDI-DI/PI", "Unique Device ID", "GUDID UDI"),
    "bioid": ("Fingerprint ID", "Biometric ID", "Iris ID", "Palm Vein ID", "Voiceprint ID", "Retinal Scan ID",
              "Biometric Template #"),
    "accession": ("Accession #", "Accession No", "Acc#", "ACC", "Accession Number", "Study Acc."),
    "specimen": ("Specimen #", "Specimen ID", "Spec ID", "Case #", "Path #", "Lab No.", "Sample ID"),
    "claim": ("Claim #", "Claim No.", "Claim Number", "ICN", "Claim ID", "Payer Claim Control #"),
    "order": ("Order #", "Order ID", "Requisition #", "Req No.", "Rx #", "Order Number"),
    "auth": ("Auth #", "Prior Auth No.", "Authorization #", "Precert #", "Referral #"),
    "url": ("Portal", "Patient Portal", "Website", "URL", "Image Link", "Results Link", "Link"),
    "ip": ("IP", "IP Address", "Source IP", "Workstation IP", "Login IP", "Client IP", "Device IP"),
    "user": ("User", "Username", "Login", "User ID", "Entered By", "Modified By", "Author", "Last Edited By"),
    "photo": ("Photo", "Photo File", "Image File", "Attachment", "Wound Photo", "Image Ref", "Photo ID"),
    "relative": ("Mother", "Father", "Spouse", "Mother's Name", "Father's Name", "Parent/Guardian", "Guardian"),
    "tax": ("Tax ID", "TIN", "Federal Tax ID", "EIN"),
    "hospital2": ("Referred to", "Transfer To", "Receiving Facility", "Sending Facility", "Prior Hospital"),
}
CREDENTIALS = ("MD", "M.D.", "DO", "NP", "PA-C", "RN", "FNP-C", "MBBS", "DPM", "PhD", "FACS", "MD, PhD")


def label(rng: random.Random, concept: str) -> str:
    return rng.choice(LABELS[concept])


def doctor(rec: Rec, cast: Cast, who=None, style: str = "") -> None:
    """A clinician as printed: 'Dr. Ana Ruiz', 'RUIZ, ANA MD', 'Ana Ruiz, NP' (title and credentials not gold)."""
    r = cast.rng
    who = who or r.choice(cast.staff)
    form = r.random()
    if form < 0.3:
        rec.t(r.choice(("Dr. ", "Dr ", "DR. ", "Doctor "))).v(who.fmt(r, style or r.choice(("fl", "il", "last", "fml"))), "DOCTOR", "staff")
    elif form < 0.7:
        rec.v(who.fmt(r, style), "DOCTOR", "staff").t(r.choice((", ", " ", ",")) + r.choice(CREDENTIALS))
    else:
        rec.v(who.fmt(r, style), "DOCTOR", "staff")


def address_line(rec: Rec, cast: Cast, a: dict | None = None, sep: str = ", ") -> None:
    """'12 Oak St, Springfield, IL 62704' or a local address with its postcode and country."""
    a = a or cast.address
    r = cast.rng
    rec.v(a["street"], "STREET", "street").t(sep)
    if a.get("state"):
        rec.v(a["city"], "CITY", "city").t(r.choice((", ", " ", ","))).v(a["state"], "STATE", "state_abbr")
        rec.t(r.choice((" ", "  "))).v(a["zip"], "ZIP", "zip")
    else:
        if r.random() < 0.5:
            rec.v(a["zip"], "ZIP", "postcode").t(" ").v(a["city"], "CITY", "city")
        else:
            rec.v(a["city"], "CITY", "city").t(" ").v(a["zip"], "ZIP", "postcode")
        if a.get("country") and r.random() < 0.7:
            rec.t(sep).v(a["country"], "COUNTRY", "country")


def _write_id_or_date(rec: Rec, cast: Cast, concept: str) -> bool:
    """An identifier or a date concept written with its gold; False for the other concepts."""
    r = cast.rng
    simple = {
        "mrn": ("mrn", "MEDICALRECORD"), "acct": ("acct", "ACCOUNT"), "enc": ("enc", "IDNUM"), "ssn": ("ssn", "SSN"),
        "member": ("member", "HEALTHPLAN"), "group": ("group", "HEALTHPLAN"), "lic": ("license", "LICENSE"),
        "dl": ("dl", "LICENSE"), "plate": ("plate", "VEHICLE"), "serial": ("serial", "DEVICE"), "lot": ("lot", "DEVICE"),
        "udi": ("udi", "DEVICE"), "bioid": ("bioid", "BIOID"), "accession": ("accession", "IDNUM"),
        "specimen": ("specimen", "IDNUM"), "claim": ("claim", "IDNUM"), "order": ("order", "IDNUM"),
        "auth": ("auth", "IDNUM"), "tax": ("tax", "IDNUM"),
    }
    if concept in simple:
        kind, lab = simple[concept]
        rec.v(ident(r, kind, cast), lab, kind)
        return True
    dates = {"dob": cast.dob, "admit": cast.visit, "discharge": cast.later(1, 12), "dos": cast.visit,
             "death": cast.later(0, 40), "appt": cast.later(7, 90)}
    if concept in dates:
        timed = concept in ("admit", "dos", "appt") and r.random() < 0.3
        day = cast.date(dates[concept])
        if timed:
            rec.when(day, f"{r.randint(0, 23):02d}:{r.choice(('00', '15', '30', '45'))}", concept)
        else:
            rec.v(day, "DATE", concept)
        return True
    return False


def write_value(rec: Rec, cast: Cast, concept: str) -> None:
    """The value of one concept, with its gold; composite values write their parts."""
    r, p = cast.rng, cast.patient
    if _write_id_or_date(rec, cast, concept):
        return
    if concept == "age":
        rec.age(cast.age_text())
        return
    if concept == "name":
        rec.v(p.fmt(r), "PATIENT", "patient")
    elif concept in ("subscriber", "guarantor"):
        who = p if r.random() < 0.4 else cast.relative
        rec.v(who.fmt(r), "PATIENT", "relative")
        if r.random() < 0.5:
            rec.t(r.choice((" (Self)", f" ({cast.relation})", f" - {cast.relation.title()}")))
    elif concept == "relative":
        rec.v(cast.relative.fmt(r), "PATIENT", "relative")
    elif concept == "emergency":
        rec.v(cast.relative.fmt(r, r.choice(("fl", "lf", "fl_up", "il"))), "PATIENT", "relative")
        rec.t(r.choice((f" ({cast.relation}) ", f", {cast.relation}, ", f" - {cast.relation.upper()} - ", " ")))
        rec.v(cast.phone(), "PHONE", "phone")
    elif concept == "address":
        address_line(rec, cast)
    elif concept in ("street", "city", "zip", "country"):
        lab = {"street": "STREET", "city": "CITY", "zip": "ZIP", "country": "COUNTRY"}[concept]
        rec.v(cast.address[concept] or cast.us.current_country(), lab, concept)
    elif concept == "state":
        st = cast.address["state"] or r.choice(list(US_STATES))
        rec.v(st if r.random() < 0.7 else US_STATES[st], "STATE", "state")
    elif concept == "county":
        rec.v(cast.address.get("county") or cast.us.last_name(), "LOCATION-OTHER", "county")
    elif concept in ("phone", "fax"):
        rec.v(cast.phone(), concept.upper(), concept)
    elif concept == "email":
        rec.v(cast.email(), "EMAIL", "email")
    elif concept in ("pcp", "ref", "att"):
        doctor(rec, cast)
    elif concept == "npi":
        rec.v(npi(r), "IDNUM", "npi")
    elif concept == "dea":
        rec.v(dea(r, cast.staff[0].last), "LICENSE", "dea")
    elif concept == "vin":
        rec.v(vin(r), "VEHICLE", "vin")
    elif concept in ("facility", "hospital2"):
        rec.v(cast.hospital if concept == "facility" else cast.hospital_name(), "HOSPITAL", "hospital")
    elif concept in ("employer",):
        rec.v(cast.org(), "ORGANIZATION", "employer")
    elif concept == "payer":
        rec.v(cast.payer(), "ORGANIZATION", "payer")
    elif concept == "occupation":
        rec.v(cast.occupation(), "PROFESSION", "occupation")
    elif concept == "url":
        rec.v(cast.url(), "URL", "url")
    elif concept == "ip":
        rec.v(cast.ip(), "IPADDR", "ip")
    elif concept == "user":
        rec.v(cast.username(r.choice(cast.staff)), "USERNAME", "user")
    elif concept == "photo":
        rec.v(cast.photo(), "IDNUM", "photo")
    elif concept == "sex":
        rec.t(r.choice((cast.sex, "Female" if cast.sex == "F" else "Male")))
    else:
        raise KeyError(concept)


SEPARATORS = (": ", ":", " : ", " - ", "= ", "# ", ":  ", ".... ", "\t")


def form(rec: Rec, cast: Cast, concepts: list[str], layout: str = "", sep: str = "") -> None:
    """Label/value pairs laid out as a screen or print-out would: one per line, padded columns,
    two per line, all on one line (';', '|', or runs of spaces), or a header row over a value row."""
    r = cast.rng
    layout = layout or r.choice(("lines", "padded", "twocol", "semicolon", "spaces", "pipe_kv", "table", "csv"))
    sep = sep or r.choice(SEPARATORS)
    names = [label(r, c) if c in LABELS else c.title() for c in concepts]
    if r.random() < 0.25:
        names = [n.upper() for n in names]
    if layout in ("table", "csv"):
        glue = " | " if layout == "table" else r.choice((",", ";", "\t"))
        edge = ("| ", " |") if layout == "table" and r.random() < 0.5 else ("", "")
        rec.t(edge[0] + glue.join(names) + edge[1] + "\n" + edge[0])
        for i, c in enumerate(concepts):
            if i:
                rec.t(glue)
            cell = rec.child()
            write_value(cell, cast, c)
            rec.add(cell, '"' if glue.strip() and glue.strip() in cell.text else "")
        rec.t(edge[1] + "\n")
        return
    width = max(len(n) for n in names) + 2
    for i, (c, n) in enumerate(zip(concepts, names)):
        if layout == "lines":
            rec.t(f"{n}{sep}")
        elif layout == "padded":
            rec.t((n + ":").ljust(width + 1))
        elif layout == "twocol":
            rec.t(f"{n}: ")
        elif layout == "semicolon":
            rec.t(("; " if i else "") + f"{n}{sep if sep != chr(9) else ': '}")
        elif layout == "spaces":
            rec.t(("   " if i else "") + f"{n}: ")
        elif layout == "pipe_kv":
            rec.t(("| " if i == 0 else " | ") + f"{n}: ")
        start = rec.length
        write_value(rec, cast, c)
        if layout in ("lines", "padded"):
            rec.t("\n")
        elif layout == "twocol":
            used = rec.length - start + len(n) + 2
            rec.t("\n" if i % 2 else " " * max(2, 40 - used))
    if layout not in ("lines", "padded", "twocol") or (layout == "twocol" and len(concepts) % 2):
        rec.t("\n")
