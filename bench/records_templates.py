"""The record templates of bench/make_records.py, one function per template id.

Each template writes one kind of document a clinical record system prints (face
sheet, wristband, lab/radiology/pathology header, claim form, HL7 message, CSV
export, letter, device log...), choosing among its field names, layouts and case at
random so that one template id yields many surface forms. The clinical text between
the fields is PHI-free on purpose: measurements, doses, lab values, scores, section
headers, eponyms and drug names, which a de-identifier must leave alone.
"""

from __future__ import annotations

import random

from make_records import Cast, Rec, dea, digits, ident, npi, vin
from records_fields import address_line, doctor, form, label, write_value

BODY = (
    "BP 138/82 mmHg, HR 76, RR 16, T 98.6 F, SpO2 97% on room air.",
    "Hemoglobin 11.2 g/dL, WBC 7.4 x10^9/L, platelets 212 K/uL, creatinine 1.1 mg/dL.",
    "Metoprolol tartrate 25 mg PO BID; lisinopril 10 mg daily; atorvastatin 40 mg qHS.",
    "Murphy sign negative. Babinski downgoing bilaterally. Romberg negative.",
    "History of Hodgkin lymphoma s/p ABVD, Graves disease and Parkinson disease.",
    "Lesion measures 2.3 x 1.8 cm in the right lower lobe, series 4 image 112.",
    "Ejection fraction 55-60%. No pericardial effusion. Mild mitral regurgitation.",
    "Glasgow Coma Scale 15. Pupils 3 mm, equal and reactive to light.",
    "A1c 7.8%, LDL 112 mg/dL, TSH 2.1 mIU/L, vitamin D 18 ng/mL.",
    "Continue apixaban 5 mg BID and follow up with cardiology in 2 weeks.",
    "Foley catheter 16 Fr placed. Urine output 45 mL/hr.",
    "Hx of Crohn disease, Barrett esophagus and Bell palsy; Addison disease ruled out.",
    "CHA2DS2-VASc score 4, HAS-BLED 2. Warfarin held for INR 3.4.",
    "Insulin glargine 22 units at bedtime with lispro sliding scale AC.",
    "Chest X-ray: no acute cardiopulmonary process. Heart size normal.",
    "Wound 3 cm x 2 cm x 0.5 cm with granulation tissue, no tunneling.",
    "Ambulated 150 ft with rolling walker; PT and OT to follow.",
    "Sodium 134 mmol/L, potassium 4.1 mmol/L, BUN 22 mg/dL, glucose 187 mg/dL.",
    "Tylenol 650 mg q6h PRN pain; ondansetron 4 mg IV q8h PRN nausea.",
    "Allergies: penicillin (hives), sulfa. NKFA.",
    "Pap smear and HPV co-testing negative. Mammogram BI-RADS 2.",
    "Apgar 8 and 9. Birth weight 3,420 g, length 50 cm, head circumference 34 cm.",
    "Gleason 3+4=7 adenocarcinoma in 2 of 12 cores, PSA 6.8 ng/mL.",
    "Troponin I 0.02 ng/mL x2. EKG: normal sinus rhythm, rate 72, no ST changes.",
    "Kernig and Brudzinski signs absent. Lumbar puncture deferred.",
    "MRI brain with and without gadolinium: no acute infarct, no mass effect.",
    "Discharged on amoxicillin-clavulanate 875 mg BID x 7 days.",
    "Morse fall risk 45. Braden score 16. Pain 3/10.",
)
HEADERS = ("HISTORY OF PRESENT ILLNESS:", "ASSESSMENT AND PLAN:", "MEDICATIONS:", "PHYSICAL EXAM:", "IMPRESSION:",
           "Chief Complaint:", "Hospital Course:", "Findings:", "Plan:", "REVIEW OF SYSTEMS:", "LABS:")


def body(rec: Rec, rng: random.Random, n: int = 3, headed: bool = True) -> None:
    """PHI-free clinical text: what sits between the identifiers of a record."""
    for _ in range(n):
        if headed and rng.random() < 0.5:
            rec.t(rng.choice(HEADERS) + rng.choice(("\n", " ")))
        rec.t(" ".join(rng.sample(BODY, rng.randint(1, 3))) + "\n")


def t_facesheet(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t(r.choice(("PATIENT REGISTRATION - FACE SHEET", "Admission Face Sheet", "DEMOGRAPHICS", "Registration Summary")) + "\n")
    rec.v(c.hospital, "HOSPITAL", "hospital").t("\n\n")
    form(rec, c, ["name", "dob", "age", "sex", "ssn", "mrn", "acct"], r.choice(("lines", "padded", "twocol")))
    form(rec, c, ["address", "phone", "email"], r.choice(("lines", "padded")))
    if r.random() < 0.6:
        form(rec, c, ["employer", "occupation"], "twocol")
    rec.t("\nGUARANTOR\n")
    form(rec, c, ["guarantor", "address", "phone"], r.choice(("lines", "padded")))
    rec.t("\nINSURANCE\n")
    form(rec, c, ["payer", "member", "group", "subscriber"], r.choice(("lines", "padded", "twocol", "table")))
    form(rec, c, ["emergency"], "lines")
    form(rec, c, ["pcp", "admit", "att"], r.choice(("lines", "twocol")))


def t_wristband(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.v(p.fmt(r, r.choice(("lf_up", "lfm", "lf"))), "PATIENT", "patient").t("   ")
    rec.t(r.choice(("MRN: ", "MR# ", "MRN ", ""))).v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t("\n")
    rec.t(r.choice(("DOB: ", "DOB ", ""))).v(c.date(c.dob, r.choice(("%m/%d/%Y", "%d-%b-%Y", "%Y-%m-%d"))), "DATE", "dob")
    rec.t(r.choice(("  ", " ("))).age(c.age_text()).t(r.choice((f") {c.sex}", f" {c.sex}", f"/{c.sex}")) + "   ")
    rec.t(r.choice(("ACCT: ", "FIN ", "Acct# "))).v(ident(r, "acct"), "ACCOUNT", "acct").t("\n")
    rec.t(r.choice(("ATT: ", "Attending: ", "DR: ")))
    doctor(rec, c, style=r.choice(("lf_up", "il", "lf")))
    rec.t(r.choice(("   ADM: ", "  Adm ", "  Admit: "))).v(c.date(), "DATE", "admit").t("\n")
    if r.random() < 0.5:
        rec.t("ALLERGIES: " + r.choice(("NKDA", "PCN, SULFA", "LATEX")) + "   FALL RISK\n")


def t_lab(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.v(c.org() if r.random() < 0.5 else c.hospital, "ORGANIZATION" if r.random() < 0.5 else "HOSPITAL", "lab")
    rec.t(r.choice((" - Laboratory Services\n", "\nCLINICAL LABORATORY REPORT\n")))
    address_line(rec, c, c.make_address(False))
    rec.t("   CLIA# ").v(f"{digits(r, 2)}D{digits(r, 7)}", "IDNUM", "clia").t("\n")
    form(rec, c, ["name", "dob", "sex", "mrn", "specimen", "order"], r.choice(("twocol", "padded", "spaces", "pipe_kv")))
    form(rec, c, ["ref", "npi"], r.choice(("lines", "spaces")))
    rec.t("Collected: ").when(c.date(), f"{r.randint(5, 11):02d}:{r.randint(0, 59):02d}", "collected").t("  Received: ")
    rec.v(c.date(), "DATE", "received").t("  Reported: ").v(c.date(c.later(0, 3)), "DATE", "reported").t("\n\n")
    rec.t("TEST                 RESULT    FLAG   UNITS      REF RANGE\n")
    for row in (("Glucose", "187", "H", "mg/dL", "70-99"), ("Sodium", "134", "L", "mmol/L", "136-145"),
                ("Potassium", "4.1", "", "mmol/L", "3.5-5.1"), ("Creatinine", "1.1", "", "mg/dL", "0.6-1.2"),
                ("Hemoglobin A1c", "7.8", "H", "%", "4.0-5.6"), ("TSH", "2.10", "", "mIU/L", "0.4-4.0")):
        if r.random() < 0.7:
            rec.t(f"{row[0]:<21}{row[1]:<10}{row[2]:<7}{row[3]:<11}{row[4]}\n")
    rec.t("\nVerified by: ").v(c.username(r.choice(c.staff)), "USERNAME", "user").t(" on ").v(c.date(), "DATE", "verified").t("\n")


def t_radiology(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.v(c.hospital, "HOSPITAL", "hospital").t(" - Department of Radiology\n")
    form(rec, c, ["name", "mrn", "dob", "accession", "dos", "ref"], r.choice(("twocol", "lines", "semicolon")))
    exam = r.choice(("CT ABDOMEN AND PELVIS WITH CONTRAST", "MRI LUMBAR SPINE WO CONTRAST", "XR CHEST 2 VIEWS",
                     "US RIGHT UPPER QUADRANT", "CTA CHEST PE PROTOCOL", "NM BONE SCAN WHOLE BODY"))
    rec.t(f"\nEXAM: {exam}\nCLINICAL HISTORY: ").age(c.age_text()).t(f" {c.sex} with abdominal pain.\n")
    rec.t("COMPARISON: ").v(c.date(c.earlier()), "DATE", "comparison").t("\nFINDINGS:\n")
    body(rec, r, 2, headed=False)
    rec.t("IMPRESSION:\n1. No acute abnormality.\n\n")
    rec.t(r.choice(("Electronically signed by: ", "Dictated by: ", "Read by: ")))
    doctor(rec, c)
    rec.t(" on ").v(c.date(c.later(0, 2)), "DATE", "signed").t(f" at {r.randint(0, 23):02d}:{r.randint(0, 59):02d}\n")
    if r.random() < 0.5:
        rec.t("Images: ").v(c.url(), "URL", "url").t("  Workstation: ").v(c.ip(), "IPADDR", "ip").t("\n")


def t_discharge(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t(r.choice(("DISCHARGE SUMMARY", "Discharge Summary", "HOSPITAL DISCHARGE SUMMARY")) + "\n\n")
    form(rec, c, ["name", "mrn", "acct", "dob", "admit", "discharge", "att", "pcp"], r.choice(("lines", "padded", "twocol")))
    rec.t("\nHISTORY OF PRESENT ILLNESS:\n").v(c.patient.fmt(r, r.choice(("fl", "last", "fml"))), "PATIENT", "patient")
    rec.t(" is a ").age(c.age_text()).t(r.choice((" woman", " man", " patient")) + " admitted on ")
    rec.v(c.date(), "DATE", "admit").t(" with chest pain. ")
    body(rec, r, 3)
    rec.t("Her " if c.sex == "F" else "His ").t(c.relation + ", ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative")
    rec.t(", was present and can be reached at ").v(c.phone(), "PHONE", "phone").t(".\n")
    rec.t("\nFOLLOW-UP:\nSee ")
    doctor(rec, c)
    rec.t(" at ").v(c.hospital_name(), "HOSPITAL", "hospital").t(" on ").v(c.date(c.later(7, 30)), "DATE", "appt")
    rec.t(r.choice((" at 10:30 AM", ", 2:15 PM", ""))).t(". Call ").v(c.phone(), "PHONE", "phone").t(" to reschedule.\n")
    rec.t("\nD: ").v(c.date(c.later(1, 3)), "DATE", "dictated").t("  T: ").v(c.date(c.later(1, 4)), "DATE", "transcribed")
    rec.t("  Job #: ").v(digits(r, 7), "IDNUM", "job").t("\n")


def t_referral(rec: Rec, c: Cast) -> None:
    r = c.rng
    a = c.make_address(False)
    rec.v(c.hospital_name(), "HOSPITAL", "hospital").t("\n")
    address_line(rec, c, a, r.choice(("\n", ", ")))
    rec.t("\nTel ").v(c.phone(), "PHONE", "phone").t(r.choice(("  Fax ", " | Fax: ", "\nFax "))).v(c.phone(), "FAX", "fax").t("\n\n")
    rec.v(c.date(fmt=r.choice(("%B {d}, %Y", "{d} %B %Y", "%m/%d/%Y"))), "DATE", "letter").t("\n\n")
    rec.t(r.choice(("Dear Dr. ", "Dear Doctor ", "Dear Dr "))).v(r.choice(c.staff).last, "DOCTOR", "staff").t(",\n\n")
    rec.t(r.choice(("Re: ", "RE: ", "Patient: "))).v(c.patient.fmt(r), "PATIENT", "patient")
    rec.t(r.choice(("  DOB ", ", DOB: ", " (DOB "))).v(c.date(c.dob), "DATE", "dob")
    rec.t(r.choice(("  NHS No. ", "  MRN ", ", Hosp No: "))).v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t("\n\n")
    rec.t("Thank you for seeing this ").age(c.age_text()).t("-year-old " if r.random() < 0.3 else " ")
    rec.t("who I saw in clinic on ").v(c.date(c.earlier(3, 20)), "DATE", "seen").t(". ")
    body(rec, r, 2, headed=False)
    rec.t("\nYours sincerely,\n\n")
    doctor(rec, c, c.staff[0])
    rec.t("\n").t(r.choice(("Consultant Cardiologist", "Family Medicine", "Internal Medicine", "GP Partner")))
    rec.t("\nGMC No. " if r.random() < 0.4 else "\nLic. ").v(ident(r, "license"), "LICENSE", "license").t("\ncc: ")
    doctor(rec, c, c.staff[1])
    rec.t(r.choice((", ", "; "))).v(c.hospital_name(), "HOSPITAL", "hospital").t("\n")


def t_cms1500(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t("HEALTH INSURANCE CLAIM FORM\n1. MEDICARE  MEDICAID  TRICARE  GROUP HEALTH PLAN [X]\n")
    rec.t("1a. INSURED'S I.D. NUMBER            ").v(ident(r, "member"), "HEALTHPLAN", "member").t("\n")
    rec.t("2. PATIENT'S NAME (Last Name, First Name, Middle Initial)\n   ").v(p.fmt(r, "lfm").upper(), "PATIENT", "patient")
    d = c.dob
    rec.t("\n3. PATIENT'S BIRTH DATE  ").v(f"{d:%m} {d:%d} {d:%Y}", "DATE", "dob").t(f"   SEX {c.sex}\n")
    rec.t("4. INSURED'S NAME  ").v(c.relative.fmt(r, "lfm").upper(), "PATIENT", "relative").t("\n")
    rec.t("5. PATIENT'S ADDRESS (No., Street)  ").v(c.address["street"].upper(), "STREET", "street").t("\n   CITY ")
    rec.v(c.address["city"].upper(), "CITY", "city").t("   STATE ").v(c.address["state"] or "NY", "STATE", "state")
    rec.t("\n   ZIP CODE ").v(c.address["zip"], "ZIP", "zip").t("   TELEPHONE (Include Area Code) ").v(c.phone(), "PHONE", "phone")
    rec.t("\n11. INSURED'S POLICY GROUP OR FECA NUMBER  ").v(ident(r, "group"), "HEALTHPLAN", "group")
    rec.t("\n11c. INSURANCE PLAN NAME OR PROGRAM NAME  ").v(c.payer().upper(), "ORGANIZATION", "payer")
    rec.t("\n17. NAME OF REFERRING PROVIDER  DN ").v(r.choice(c.staff).fmt(r, "fl_up"), "DOCTOR", "staff")
    rec.t("  17b. NPI ").v(npi(r), "IDNUM", "npi").t("\n21. DIAGNOSIS  A. I10   B. E11.9   C. E78.5\n")
    v = c.visit
    rec.t("24A. DATE(S) OF SERVICE  From ").v(f"{v:%m %d %y}", "DATE", "dos").t("  To ").v(f"{v:%m %d %y}", "DATE", "dos")
    rec.t("  99214  25  A  $185.00  1  NPI ").v(npi(r), "IDNUM", "npi")
    rec.t("\n25. FEDERAL TAX I.D. NUMBER ").v(ident(r, "tax"), "IDNUM", "tax").t("  SSN [ ] EIN [X]")
    rec.t("\n26. PATIENT'S ACCOUNT NO. ").v(ident(r, "acct"), "ACCOUNT", "acct").t("   27. ACCEPT ASSIGNMENT? YES")
    rec.t("\n31. SIGNATURE OF PHYSICIAN  ").v(c.staff[0].fmt(r, "fl_up"), "DOCTOR", "staff").t("  DATE ").v(c.date(c.later(1, 5), "%m/%d/%y"), "DATE", "signed")
    rec.t("\n32. SERVICE FACILITY  ").v(c.hospital.upper(), "HOSPITAL", "hospital").t("\n   ")
    address_line(rec, c, c.make_address(False))
    rec.t("\n33. BILLING PROVIDER INFO & PH # ").v(c.phone(), "PHONE", "phone").t("\n   a. NPI ").v(npi(r), "IDNUM", "npi").t("\n")


def t_hl7(rec: Rec, c: Cast) -> None:
    r, p, a = c.rng, c.patient, c.address
    ts = f"{c.visit:%Y%m%d}{r.randint(0, 23):02d}{r.randint(0, 59):02d}"
    rec.t("MSH|^~\\&|EPIC|").v(c.hospital.upper()[:20].strip(), "HOSPITAL", "hospital").t("|LAB|LAB|").v(ts, "DATE", "hl7").t("||ADT^A04|")
    rec.v(digits(r, 10), "IDNUM", "control").t("|P|2.5.1\nPID|1||").v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t("^^^MRN^MR||")
    rec.v(p.fmt(r, "hl7").upper(), "PATIENT", "patient").t("||").v(f"{c.dob:%Y%m%d}", "DATE", "dob").t(f"|{c.sex}|||")
    rec.v(a["street"].upper(), "STREET", "street").t("^^").v(a["city"].upper(), "CITY", "city").t("^")
    rec.v(a["state"] or "CA", "STATE", "state").t("^").v(a["zip"], "ZIP", "zip").t("^USA||")
    ph = "".join(ch for ch in c.phone() if ch.isdigit())[-10:]
    rec.v(f"({ph[:3]}){ph[3:6]}-{ph[6:]}", "PHONE", "phone").t("|||||").v(ident(r, "acct"), "ACCOUNT", "acct").t("|")
    rec.v(ident(r, "ssn"), "SSN", "ssn").t("\nNK1|1|").v(c.relative.fmt(r, "hl7").upper(), "PATIENT", "relative")
    rec.t(f"|{c.relation[:3].upper()}^{c.relation.upper()}||").v(c.phone(), "PHONE", "phone")
    rec.t("\nPV1|1|O|").v(c.hospital.upper()[:12].strip(), "HOSPITAL", "hospital").t("^202^1||||")
    s = r.choice(c.staff)
    rec.v(npi(r), "IDNUM", "npi").t("^").v(s.fmt(r, "hl7").upper(), "DOCTOR", "staff").t("^^^^MD|||||||||||")
    rec.v(ident(r, "enc"), "IDNUM", "enc").t("\nIN1|1|").v(ident(r, "group"), "HEALTHPLAN", "group").t("|")
    rec.v(digits(r, 5), "IDNUM", "payer_id").t("|").v(c.payer().upper(), "ORGANIZATION", "payer").t("|||||")
    rec.v(ident(r, "member"), "HEALTHPLAN", "member").t("\nOBX|1|NM|2345-7^GLUCOSE^LN||187|mg/dL|70-99|H|||F\n")


def t_csv(rec: Rec, c: Cast) -> None:
    r = c.rng
    sep = r.choice((",", ";", "\t", "|"))
    cols = r.sample(["mrn", "name", "dob", "sex", "phone", "zip", "email", "member", "dos", "acct", "pcp", "city"], r.randint(5, 8))
    heads = {"mrn": "mrn", "name": "patient_name", "dob": "birth_date", "sex": "gender", "phone": "phone_home",
             "zip": "zip5", "email": "email", "member": "ins_member_id", "dos": "svc_date", "acct": "account_no",
             "pcp": "pcp_name", "city": "city"}
    rec.t(sep.join(heads[k] if r.random() < 0.5 or k == "sex" else label(r, k) for k in cols) + "\n")
    people = [c.patient] + [c.person() for _ in range(r.randint(1, 3))]
    for who in people:
        c.patient = who
        for i, k in enumerate(cols):
            if i:
                rec.t(sep)
            cell = rec.child()
            write_value(cell, c, k)
            rec.add(cell, '"' if sep in cell.text else "")
        rec.t("\n")
    c.patient = people[0]


def t_oneliner(rec: Rec, c: Cast) -> None:
    r = c.rng
    form(rec, c, r.sample(["name", "dob", "mrn", "member", "group", "phone", "pcp", "acct", "ssn", "age"], 6), "semicolon")
    body(rec, r, 2, headed=False)
    form(rec, c, ["dos", "att", "facility"], r.choice(("semicolon", "spaces")))


def t_device(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t(r.choice(("CARDIAC DEVICE IMPLANT RECORD", "Implant Log", "DEVICE REGISTRATION / TRACKING FORM")) + "\n")
    form(rec, c, ["name", "dob", "mrn", "dos"], r.choice(("twocol", "lines")))
    gen = r.choice(("Medtronic Azure XT DR MRI SureScan W1DR01", "Boston Scientific ACCOLADE MRI L331",
                    "Abbott Assurity MRI PM2272", "Biotronik Edora 8 DR-T"))
    rec.t(f"Generator: {gen}\n{label(r, 'serial')}: ").v(ident(r, "serial"), "DEVICE", "serial").t("\n")
    rec.t(f"RA lead: Model 5076-52 cm  {label(r, 'serial')}: ").v(ident(r, "serial"), "DEVICE", "serial").t("\n")
    rec.t(f"RV lead: Model 5076-58 cm  SN ").v(ident(r, "serial"), "DEVICE", "serial").t(f"  {label(r, 'lot')}: ")
    rec.v(ident(r, "lot"), "DEVICE", "lot").t(f"\n{label(r, 'udi')}: ").v(ident(r, "udi"), "DEVICE", "udi").t("\n")
    rec.t("Pacing threshold 0.5 V @ 0.4 ms, R wave 11.2 mV, impedance 520 ohms. Mode DDD, lower rate 60 bpm.\n")
    rec.t("Implanting physician: ")
    doctor(rec, c)
    rec.t("  NPI ").v(npi(r), "IDNUM", "npi").t("\nManufacturer rep: ").v(c.person().fmt(r, "fl"), "DOCTOR", "rep")
    rec.t("  ").v(c.phone(), "PHONE", "phone").t("\nRemote monitoring: ").v(c.url(), "URL", "url").t("\n")


def t_pharmacy(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.v(c.org(), "ORGANIZATION", "pharmacy").t("\n")
    address_line(rec, c, c.make_address(False))
    rec.t("  ").v(c.phone(), "PHONE", "phone").t("\nRx# ").v(ident(r, "order"), "IDNUM", "rx").t("   Date Filled: ").v(c.date(), "DATE", "filled").t("\n")
    rec.v(c.patient.fmt(r, r.choice(("fl_up", "lf_up"))), "PATIENT", "patient").t("\n")
    address_line(rec, c)
    drug = r.choice(("LISINOPRIL 10 MG TABLET", "METFORMIN HCL 500 MG TAB", "ATORVASTATIN 40MG TAB", "AMOXICILLIN 500 MG CAP"))
    rec.t(f"\n{drug}\nTAKE 1 TABLET BY MOUTH DAILY\nQty: 30   Refills: 2   Discard after: ").v(c.date(c.later(300, 365)), "DATE", "discard")
    rec.t("\nPrescriber: ")
    doctor(rec, c, c.staff[0], r.choice(("fl_up", "lf", "il")))
    rec.t(f"   {label(r, 'dea')}: ").v(dea(r, c.staff[0].last), "LICENSE", "dea")
    rec.t(f"   {label(r, 'npi')}: ").v(npi(r), "IDNUM", "npi").t("\nNDC 0093-7180-56  Lot ").v(ident(r, "lot"), "DEVICE", "lot").t("\n")


def t_pathology(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("SURGICAL PATHOLOGY REPORT\n")
    form(rec, c, ["specimen", "name", "mrn", "dob", "age", "sex"], r.choice(("twocol", "padded")))
    form(rec, c, ["dos", "att", "facility"], "lines")
    rec.t("Received: ").v(c.date(c.later(0, 1)), "DATE", "received").t("   Signed out: ").v(c.date(c.later(2, 5)), "DATE", "signed").t("\n")
    rec.t("SPECIMEN: A. Prostate, needle core biopsies (12)\nFINAL DIAGNOSIS:\n")
    body(rec, r, 1, headed=False)
    rec.t("Blocks A1-A12 sent for review to ").v(c.hospital_name(), "HOSPITAL", "hospital").t(" (consult # ")
    rec.v(ident(r, "specimen"), "IDNUM", "specimen").t(").\nPathologist: ")
    doctor(rec, c)
    rec.t("\n")


def t_ed_mvc(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("EMERGENCY DEPARTMENT TRIAGE\nArrival: ").v(c.date(), "DATE", "arrival").t(f" {r.randint(0, 23):02d}{r.randint(0, 59):02d} via EMS (Medic {r.randint(10, 99)})\n")
    form(rec, c, ["name", "age", "mrn", "enc"], r.choice(("spaces", "semicolon", "lines")))
    rec.t("CC: MVC, restrained driver, airbag deployed. GCS 15.\n")
    rec.t(f"Vehicle: 2016 Honda Civic, {label(r, 'plate')} ").v(ident(r, "plate"), "VEHICLE", "plate").t(f" ({c.address['state'] or 'NY'}), {label(r, 'vin')} ")
    rec.v(vin(r), "VEHICLE", "vin").t("\nPolice report # ").v(f"{c.visit:%y}-{digits(r, 6)}", "IDNUM", "police").t(", Officer ")
    rec.v(c.person().fmt(r, "il"), "PATIENT", "officer").t(" badge ").v(digits(r, 4), "IDNUM", "badge").t("\n")
    rec.t(f"{label(r, 'dl')}: ").v(ident(r, "dl"), "LICENSE", "dl").t("\n")
    body(rec, r, 2)
    rec.t("Triage RN: ").v(c.staff[2].fmt(r, "fl"), "DOCTOR", "staff").t(", RN\n")


def t_appointments(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("UPCOMING APPOINTMENTS for ").v(c.patient.fmt(r), "PATIENT", "patient").t(" (MRN ").v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t(")\n")
    rec.t("| Date       | Time  | Provider              | Location                 | Visit ID   |\n|---|---|---|---|---|\n")
    for _ in range(r.randint(2, 4)):
        rec.t("| ").v(c.date(c.later(3, 120), r.choice(("%m/%d/%Y", "%a %m/%d/%y", "%Y-%m-%d"))), "DATE", "appt")
        rec.t(f" | {r.randint(8, 16):02d}:{r.choice(('00', '30'))} | ")
        doctor(rec, c)
        rec.t(" | ").v(c.hospital_name(), "HOSPITAL", "hospital").t(" | ").v(ident(r, "enc"), "IDNUM", "enc").t(" |\n")
    rec.t("Questions? Call ").v(c.phone(), "PHONE", "phone").t(" or visit ").v(c.url(), "URL", "url").t("\n")


def t_audit(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("EHR ACCESS AUDIT LOG\n")
    for _ in range(r.randint(3, 5)):
        v = c.later(0, 3)
        rec.when(f"{v:%Y-%m-%d}", f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}", "log").t("  user=")
        rec.v(c.username(r.choice(c.staff)), "USERNAME", "user").t("  ip=").v(c.ip(), "IPADDR", "ip")
        rec.t(r.choice(("  action=VIEW  patient=", "  action=PRINT  mrn=", "  action=EDIT  pt=")))
        rec.v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t(" (").v(c.patient.fmt(r, r.choice(("lf_up", "hl7"))), "PATIENT", "patient").t(")\n")


def t_death(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("CERTIFICATE OF DEATH  State File No. ").v(f"{c.visit:%Y}-{digits(r, 6)}", "IDNUM", "certificate").t("\n")
    form(rec, c, ["name", "ssn", "dob", "age", "death"], r.choice(("lines", "padded", "twocol")))
    rec.t("Place of death: ").v(c.hospital, "HOSPITAL", "hospital").t(", ").v(c.address.get("county") or c.us.last_name(), "LOCATION-OTHER", "county")
    rec.t(" County\nDecedent's residence: ")
    address_line(rec, c)
    rec.t("\nUsual occupation: ").v(c.occupation(), "PROFESSION", "occupation").t("   Kind of business: ").v(c.org(), "ORGANIZATION", "employer")
    rec.t("\nFather's name: ").v(c.person().fmt(r, "fl"), "PATIENT", "relative").t("   Mother's maiden name: ").v(c.person().fmt(r, "fl"), "PATIENT", "relative")
    rec.t("\nInformant: ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation})\n")
    rec.t("Cause of death: a. Acute myocardial infarction (minutes)  b. Coronary artery disease (years)\nCertifier: ")
    doctor(rec, c)
    rec.t(f"  {label(r, 'lic')} ").v(ident(r, "license"), "LICENSE", "license").t("\n")


def t_immunization(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("IMMUNIZATION RECORD\n")
    form(rec, c, ["name", "dob", "mrn", "relative"], r.choice(("lines", "twocol")))
    rec.t("Vaccine            Date Given   Lot        Site  Given by\n")
    for vac in r.sample(("Tdap", "Influenza (IIV4)", "COVID-19 mRNA", "Hep B", "MMR", "PCV20", "Shingrix"), 3):
        rec.t(f"{vac:<19}").v(c.date(c.earlier(10, 900), "%m/%d/%Y"), "DATE", "given").t("   ").v(ident(r, "lot"), "DEVICE", "lot")
        rec.t(f"   {r.choice(('LD', 'RD', 'LT'))}    ").v(c.username(r.choice(c.staff)), "USERNAME", "user").t("\n")
    rec.t("State registry ID: ").v(ident(r, "enc"), "IDNUM", "registry").t("\n")


def t_eligibility(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t(r.choice(("INSURANCE VERIFICATION", "Eligibility Response (271)", "Benefits check")) + "\n")
    form(rec, c, ["payer", "subscriber", "member", "group", "dob"], r.choice(("lines", "padded", "pipe_kv", "table")))
    rec.t("Coverage effective ").v(c.date(c.earlier(30, 700)), "DATE", "effective").t(r.choice((" through ", " - "))).v(c.date(c.later(100, 400)), "DATE", "term")
    rec.t(". Copay $40 / specialist $60; deductible $1,500 met $320.\n")
    form(rec, c, ["auth", "phone", "user"], r.choice(("spaces", "semicolon", "lines")))


def t_portal(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("From: ").v(c.email(), "EMAIL", "email").t("\nTo: ").v(c.email(r.choice(c.staff)), "EMAIL", "email").t("\nSent: ")
    rec.when(c.date(fmt=r.choice(("%A, %B {d}, %Y", "%a %m/%d/%Y", "%d %b %Y"))), "9:14 AM", "sent").t("\nSubject: refill request\n\n")
    rec.t("Hi Dr. ").v(r.choice(c.staff).last, "DOCTOR", "staff").t(", this is ").v(c.patient.fmt(r, "fl"), "PATIENT", "patient")
    rec.t(" (DOB ").v(c.date(c.dob), "DATE", "dob").t("). I need a refill of my metformin 500 mg. My new number is ")
    rec.v(c.phone(), "PHONE", "phone").t(" and my address is now ")
    address_line(rec, c)
    rec.t(". Thanks!\n\n-- Sent from the patient portal (session from ").v(c.ip(), "IPADDR", "ip").t(")\n")


def t_operative(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("OPERATIVE REPORT\n")
    form(rec, c, ["name", "mrn", "dos"], r.choice(("lines", "twocol", "spaces")))
    for role in ("Surgeon", "Assistant", "Anesthesiologist"):
        rec.t(f"{role}: ")
        doctor(rec, c)
        rec.t("\n")
    rec.t("PROCEDURE: Right total knee arthroplasty.\nIMPLANTS:\n")
    for part in ("Femoral component size 5", "Tibial baseplate size 4", "Polyethylene insert 10 mm"):
        rec.t(f"  {part}  REF 5510-F-501  LOT ").v(ident(r, "lot"), "DEVICE", "lot").t("  SN ").v(ident(r, "serial"), "DEVICE", "serial").t("\n")
    rec.t("EBL 150 mL. Tourniquet time 62 minutes. Cefazolin 2 g IV given.\n")
    body(rec, r, 1)
    rec.t("Intraoperative photos: ").v(c.photo(), "IDNUM", "photo").t(", ").v(c.photo(), "IDNUM", "photo").t("\n")


def t_dme(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("DURABLE MEDICAL EQUIPMENT ORDER / CMN\n")
    form(rec, c, ["name", "dob", "address", "phone", "member"], r.choice(("lines", "padded")))
    rec.t("Item: CPAP E0601 with heated humidifier; AHI 32 events/hr; pressure 10 cm H2O.\n")
    rec.t("Device S/N: ").v(ident(r, "serial"), "DEVICE", "serial").t("  Modem ID: ").v(ident(r, "serial"), "DEVICE", "modem").t("\n")
    form(rec, c, ["ref", "npi", "phone", "fax"], r.choice(("twocol", "lines", "semicolon")))
    rec.t("Supplier: ").v(c.org(), "ORGANIZATION", "supplier").t("  Order date ").v(c.date(), "DATE", "order").t("\n")


def t_biometric(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("PATIENT IDENTITY VERIFICATION\n")
    form(rec, c, ["name", "dob", "mrn", "bioid", "photo", "dl"], r.choice(("lines", "padded", "twocol", "pipe_kv")))
    rec.t("Palm-vein scan enrolled at ").v(c.hospital, "HOSPITAL", "hospital").t(" kiosk ").v(c.ip(), "IPADDR", "ip")
    rec.t(" on ").v(c.date(), "DATE", "enrolled").t(" by ").v(c.username(r.choice(c.staff)), "USERNAME", "user").t(".\n")


def t_transfer(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("INTERFACILITY TRANSFER FORM\nSending facility: ").v(c.hospital, "HOSPITAL", "hospital").t("\nReceiving facility: ")
    rec.v(c.hospital_name(), "HOSPITAL", "hospital").t("\n")
    form(rec, c, ["name", "age", "dob", "mrn", "emergency"], r.choice(("lines", "twocol", "semicolon")))
    rec.t("Accepting physician: ")
    doctor(rec, c)
    rec.t("  Callback ").v(c.phone(), "PHONE", "phone").t("\nTransport: ALS ambulance unit ").v(ident(r, "plate"), "VEHICLE", "plate")
    rec.t(" departed ").v(c.date(), "DATE", "transfer").t(" 1420.\n")
    body(rec, r, 2)


def t_workcomp(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("WORKERS' COMPENSATION - FIRST REPORT OF INJURY\n")
    form(rec, c, ["claim", "name", "ssn", "dob", "occupation", "employer"], r.choice(("lines", "padded", "twocol")))
    rec.t("Date of injury: ").v(c.date(c.earlier(1, 20)), "DATE", "injury").t(". Employee lifted a 60 lb box and felt low back pain.\n")
    rec.t("Adjuster: ").v(c.person().fmt(r, "fl"), "PATIENT", "adjuster").t(" ")
    rec.v(f"{c.phone()} ext. {r.randint(100, 9999)}", "PHONE", "phone").t("  ").v(c.email(c.person()), "EMAIL", "email").t("\n")
    body(rec, r, 1)


def t_keyvalue_log(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t("INFO interface.adt msg_id=").v(digits(r, 10), "IDNUM", "msg").t(" patient_id=").v(ident(r, "mrn"), "MEDICALRECORD", "mrn")
    rec.t(' name="').v(p.fmt(r, "hl7"), "PATIENT", "patient").t('" dob=').v(f"{c.dob:%Y%m%d}", "DATE", "dob")
    rec.t(" zip=").v(c.address["zip"], "ZIP", "zip").t(" phone=").v("".join(ch for ch in c.phone() if ch.isdigit())[-10:], "PHONE", "phone")
    rec.t(" visit=").v(ident(r, "enc"), "IDNUM", "enc").t(" attending=").v(r.choice(c.staff).fmt(r, "last").upper(), "DOCTOR", "staff")
    rec.t(" src=").v(c.ip(), "IPADDR", "ip").t(" status=OK\n")
    rec.t("WARN interface.ins member=").v(ident(r, "member"), "HEALTHPLAN", "member").t(" group=").v(ident(r, "group"), "HEALTHPLAN", "group")
    rec.t(" payer=").v(c.payer().replace(" ", "_").upper(), "ORGANIZATION", "payer").t(" eligibility=UNKNOWN\n")


def t_fixed(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t("RUN DATE ").v(c.date(fmt="%m/%d/%y"), "DATE", "run").t("          CENSUS REPORT - ").v(c.hospital.upper(), "HOSPITAL", "hospital")
    rec.t("\nRM   PATIENT NAME              MR#        AGE SX ADMIT     ATTENDING          DX\n")
    for i in range(r.randint(2, 4)):
        who = p if i == 0 else c.person()
        name = who.fmt(r, "lf_up")
        rec.t(f"{r.randint(200, 650)}-{r.choice('AB')} ").v(name, "PATIENT", "patient").t(" " * max(1, 26 - len(name)))
        mrn = ident(r, "mrn")
        rec.v(mrn, "MEDICALRECORD", "mrn").t(" " * max(1, 11 - len(mrn))).age(str(r.randint(19, 99)))
        rec.t(f"  {r.choice('MF')}  ").v(c.date(c.earlier(1, 9), "%m/%d/%y"), "DATE", "admit").t("  ")
        doc = r.choice(c.staff).fmt(r, "lf_up")
        rec.v(doc, "DOCTOR", "staff").t(" " * max(1, 19 - len(doc)) + r.choice(("CHF", "PNA", "COPD EXAC", "SEPSIS")) + "\n")


def t_telehealth(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("TELEHEALTH VISIT NOTE\n")
    form(rec, c, ["name", "dob", "mrn", "dos"], r.choice(("semicolon", "spaces", "lines")))
    rec.t("Visit conducted by video (").v(c.url(), "URL", "url").t("). Patient located at home in ").v(c.address["city"], "CITY", "city")
    rec.t(", ").v(c.address["state"] or c.address["country"] or "Ohio", "STATE" if c.address["state"] else "COUNTRY", "state").t("; provider at ")
    rec.v(c.hospital, "HOSPITAL", "hospital").t(". Connection IP ").v(c.ip(), "IPADDR", "ip").t(".\n")
    body(rec, r, 2)
    rec.t("Time spent: 25 minutes. ")
    doctor(rec, c)
    rec.t("\n")


def t_newborn(rec: Rec, c: Cast) -> None:
    r = c.rng
    mother = c.person()
    rec.t("NEWBORN ADMISSION RECORD\nInfant: " + r.choice(("Baby Girl ", "BB ", "Baby Boy ", "Girl "))).v(mother.last, "PATIENT", "patient")
    rec.t("   MRN ").v(ident(r, "mrn"), "MEDICALRECORD", "mrn").t("\nDate/time of birth: ").when(c.date(), f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}", "birth").t("\n")
    rec.t("Mother: ").v(mother.fmt(r), "PATIENT", "mother").t(", ").age(str(r.randint(17, 44))).t(" y/o G2P2, MRN ").v(ident(r, "mrn"), "MEDICALRECORD", "mrn")
    rec.t("\nFather: ").v(c.person(last=mother.last).fmt(r, "fl"), "PATIENT", "father").t("\nPediatrician: ")
    doctor(rec, c)
    rec.t("\n")
    body(rec, r, 1, headed=False)
    rec.t("Hearing screen passed. Hep B vaccine given, lot ").v(ident(r, "lot"), "DEVICE", "lot").t(".\n")


def t_soap(rec: Rec, c: Cast) -> None:
    r, p = c.rng, c.patient
    rec.t(r.choice(("PROGRESS NOTE", "Office Visit", "Clinic Note")) + " - ").v(c.date(), "DATE", "dos").t("\n")
    rec.t("S: ").v(p.fmt(r, r.choice(("fl", "last", "first"))), "PATIENT", "patient").t(" is a ").age(c.age_text())
    rec.t(f" {c.sex} here for follow-up of HTN and T2DM. Lives in ").v(c.address["city"], "CITY", "city")
    rec.t(" with " + c.relation + " ").v(c.relative.first, "PATIENT", "relative").t(". Works as a ").v(c.occupation(), "PROFESSION", "occupation").t(".\n")
    rec.t("O: ")
    body(rec, r, 1, headed=False)
    rec.t("A/P: ")
    body(rec, r, 1, headed=False)
    rec.t("RTC ").v(c.date(c.later(30, 120), r.choice(("%m/%d", "%m/%d/%y", "%b %Y"))), "DATE", "rtc").t(". ")
    doctor(rec, c)
    rec.t(r.choice((" / ", "  ", "\n"))).v(c.date(fmt="%m/%d/%Y"), "DATE", "signed").t("\n")


def t_medrec(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("MEDICATION RECONCILIATION\n")
    form(rec, c, ["name", "mrn", "dob", "age"], r.choice(("spaces", "pipe_kv", "twocol")))
    rec.t("Preferred pharmacy: ").v(c.org(), "ORGANIZATION", "pharmacy").t(", ")
    address_line(rec, c, c.make_address(False))
    rec.t(", ph ").v(c.phone(), "PHONE", "phone").t(", fax ").v(c.phone(), "FAX", "fax").t("\n")
    for drug in r.sample(("Lisinopril 10 mg PO daily", "Metformin 1000 mg PO BID", "Aspirin 81 mg daily",
                          "Levothyroxine 75 mcg daily", "Sertraline 50 mg daily", "Furosemide 40 mg PO daily"), 4):
        rec.t(f"- {drug} - last dose ").v(c.date(c.earlier(0, 2), r.choice(("%m/%d", "%m/%d/%Y"))), "DATE", "lastdose").t("\n")
    rec.t("Reviewed by ").v(c.username(r.choice(c.staff)), "USERNAME", "user").t("\n")


def t_consult_dash(rec: Rec, c: Cast) -> None:
    r = c.rng
    rec.t("CONSULTATION\n")
    form(rec, c, ["name", "dob", "mrn", "facility", "ref", "dos", "enc"], "lines", r.choice((" - ", " -- ", " = ", " ... ")))
    rec.t("Reason: evaluation of atrial fibrillation.\n")
    body(rec, r, 3)
    rec.t("Discussed with patient and ").v(c.relative.fmt(r, "fl"), "PATIENT", "relative").t(f" ({c.relation}) at bedside.\n")


TEMPLATES = {f"T{i:02d}": fn for i, fn in enumerate((
    t_facesheet, t_wristband, t_lab, t_radiology, t_discharge, t_referral, t_cms1500, t_hl7, t_csv, t_oneliner,
    t_device, t_pharmacy, t_pathology, t_ed_mvc, t_appointments, t_audit, t_death, t_immunization, t_eligibility,
    t_portal, t_operative, t_dme, t_biometric, t_transfer, t_workcomp, t_keyvalue_log, t_fixed, t_telehealth,
    t_newborn, t_soap, t_medrec, t_consult_dash), 1)}
