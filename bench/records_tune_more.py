"""A second batch of tune-side record templates (X11-X30) of bench/make_records.py, and their value printings.

The first tune split reached token recall 0.987 while ``report`` (other templates)
stayed at 0.937: more tuning on the same layouts does not transfer. These templates
are written from how record systems print identifiers (HL7 v2 segments, X12 EDI,
FHIR JSON, UB-04 and NCPDP claims, crash and EMS run reports, pharmacy labels,
implant cards with UDIs, portal account pages, help-desk tickets, EHR banners,
tracking boards, death certificate worksheets, school physicals, fixed-width and
CSV exports), with printings of their own for SSNs (masked, spaced, bare), ZIP
codes (ZIP+4 with and without the dash), ages ("67/F", "67 y.o.", "(67 yrs)",
"67yo"), usernames (domain logins, initials and digits), plates and organisations
(employers, schools, pharmacies with store numbers, funeral homes, police
departments). They come in pairs of the same kind: the odd ids form ``tune_new``,
which the detectors may be tuned on; the even ids form ``tune_check``, never looked
at for rules, whose figure shows whether the fixes transfer to unseen layouts.
Neither split touches ``tune``, ``report`` or ``report_locales``.
"""

from __future__ import annotations

import string

from make_records import US_STATES, Cast, Rec, digits, letters, npi, vin

MAKES = ("HONDA CIVIC", "FORD ESCAPE", "TOYOTA RAV4", "CHEVROLET SILVERADO", "NISSAN ALTIMA", "HYUNDAI ELANTRA",
         "KIA SORENTO", "DODGE RAM 1500", "SUBARU FORESTER", "VOLKSWAGEN JETTA", "MAZDA CX-5", "GMC SIERRA")
COLOURS = ("BLK", "WHI", "SIL", "RED", "BLU", "GRY", "GRN", "MAR")
PHARMACY_CHAINS = ("CVS Pharmacy", "Walgreens", "Rite Aid", "Walmart Pharmacy", "Kroger Pharmacy", "Costco Pharmacy",
                   "Publix Pharmacy", "Safeway Pharmacy", "Meijer Pharmacy", "H-E-B Pharmacy")
INSURERS = ("Aetna Better Health", "Blue Shield of California", "Florida Blue", "Premera Blue Cross", "Amerigroup",
            "CareSource", "Geisinger Health Plan", "EmblemHealth", "Excellus BlueCross BlueShield", "Independence Blue Cross",
            "Regence BlueShield", "Horizon BCBSNJ", "Health Net", "Centene", "AmeriHealth Caritas", "SelectHealth")
MANUFACTURERS = ("Medtronic", "Abbott", "Boston Scientific", "Zimmer Biomet", "Stryker", "DePuy Synthes", "ResMed",
                 "Philips Respironics", "Insulet", "Tandem Diabetes Care", "Dexcom", "Smith & Nephew")
MODELS = ("Azure XT DR MRI W1DR01", "Assurity MRI PM2272", "Accolade MRI L331", "Persona CR Femoral 42-5022-061-01",
          "Triathlon PS Tibial 5520-B-400", "AirSense 10 AutoSet 37207", "DreamStation Auto CPAP DSX500H11",
          "Omnipod DASH PDM", "t:slim X2", "G6 Transmitter", "Micra AV MC1AVR1")


# ---------------------------------------------------------------- printings of their own


def ssn_print(c: Cast) -> str:
    """An SSN as screens print it: dashed, spaced, bare, or masked to its last four."""
    r = c.rng
    a, b, d = digits(r, 3, "1234567"), digits(r, 2), digits(r, 4)
    return r.choice((f"{a}-{b}-{d}", f"{a}{b}{d}", f"{a} {b} {d}", f"XXX-XX-{d}", f"***-**-{d}", f"xxx-xx-{d}",
                     f"{a}-{b}-{d}", f"{a}{b}{d}"))


def zip_print(c: Cast) -> str:
    """A US ZIP code: five digits, ZIP+4 with a dash, or the nine digits run together (fixed-width exports)."""
    r = c.rng
    z = c.us.zipcode()
    four = digits(r, 4, string.digits)
    return r.choice((z, z, f"{z}-{four}", f"{z}{four}"))


def plate_print(c: Cast) -> str:
    """A licence plate in the shapes of several states' series."""
    r = c.rng
    return r.choice((f"{r.randint(1, 9)}{letters(r, 3)}{digits(r, 3, string.digits)}", f"{letters(r, 3)}{digits(r, 4)}",
                     f"{letters(r, 3)} {digits(r, 4)}", f"{digits(r, 3)} {letters(r, 3)}", f"{letters(r, 2)}-{digits(r, 5)}",
                     f"{letters(r, 1)}{digits(r, 2)} {letters(r, 3)}", f"{digits(r, 1)}{letters(r, 2)}{digits(r, 4)}",
                     f"{letters(r, 4)}{digits(r, 2)}"))


def login(c: Cast, who=None) -> str:
    """A username as directory services hand them out."""
    r = c.rng
    who = who or r.choice(c.staff)
    f = "".join(ch for ch in who.first.lower() if ch.isascii() and ch.isalpha()) or "pat"
    l = "".join(ch for ch in who.last.lower() if ch.isascii() and ch.isalpha()) or "user"
    return r.choice((f"{f[0]}{l}{r.randint(1, 99)}", f"{l}{f[0]}", f"{f}_{l}", f"{f}{l[0]}{r.randint(10, 9999)}",
                     f"{l[:5]}{f[:2]}", f"{f[0]}{l[0]}{digits(r, 5)}", f"{f}.{l}{r.randint(1, 9)}", f"{f[0]}.{l}".upper(),
                     f"{l}.{f}"))


def age_print(c: Cast) -> tuple[str, str, str]:
    """(before, number, after): an age in one of the forms banners and notes print, the number alone gold."""
    r, a, s = c.rng, str(c.age), c.sex
    return r.choice((("", a, f"/{s}"), ("", a, " y.o."), ("", a, "Y"), ("", a, f"yo {s}"), ("(", a, " yrs)"),
                     ("", a, f" {s}"), ("", a, f"{s}"), ("", a, "-year-old"), ("", a, " years old"), ("", a, " y/o"),
                     ("", a, " YO"), ("age ", a, ""), ("", a, " yr")))


def put_age(rec: Rec, c: Cast) -> None:
    before, num, after = age_print(c)
    rec.t(before).v(num, "AGE", "age").t(after)


def pharmacy(c: Cast) -> str:
    r = c.rng
    chain = r.choice(PHARMACY_CHAINS)
    return r.choice((f"{chain} #{r.randint(100, 19999)}", chain, f"{chain} Store {r.randint(1000, 9999)}",
                     f"{c.us.last_name()} Family Pharmacy", f"{c.us.city()} Apothecary"))


def employer(c: Cast) -> str:
    r = c.rng
    return r.choice((c.us.company(), c.fake.company(), f"{c.us.city()} Unified School District",
                     f"{c.us.last_name()} Construction", f"{c.us.city()} Police Department", f"{c.us.last_name()} Logistics LLC",
                     f"County of {c.us.last_name()}", f"{c.us.last_name()} & {c.us.last_name()} LLP"))


def insurer(c: Cast) -> str:
    return c.rng.choice(INSURERS)


def hl7_ts(c: Cast, d) -> str:
    r = c.rng
    return d.strftime("%Y%m%d") + r.choice(("", f"{r.randint(0, 23):02d}{r.randint(0, 59):02d}",
                                            f"{r.randint(0, 23):02d}{r.randint(0, 59):02d}{r.randint(0, 59):02d}"))


def street_city(c: Cast) -> tuple[str, str, str, str]:
    a = c.make_address(False)
    return a["street"], a["city"], a["state"], zip_print(c)


# ---------------------------------------------------------------- X11/X12: message segments


def x_hl7_adt(rec: Rec, c: Cast) -> None:
    """An HL7 v2 ADT^A04 message: PID, NK1, PV1, GT1 and IN1 segments with '^'-separated components."""
    r, p = c.rng, c.patient
    fac = r.choice(("MAIN", "EASTCAMPUS", "HOSP1", "STMARY"))
    rec.t(f"MSH|^~\\&|EPICADT|{fac}|RHAPSODY|LAB|").v(hl7_ts(c, c.visit), "DATE", "hl7ts").t(f"||ADT^A04|{digits(r, 8)}|P|2.5.1\r\n")
    rec.t("PID|1||").v(digits(r, r.choice((7, 8))), "MEDICALRECORD", "mrn").t("^^^" + fac + "^MR~").v(digits(r, 9, "1234567"), "SSN", "ssn")
    rec.t("^^^SSA^SS||").v(f"{p.last.upper()}^{p.first.upper()}", "PATIENT", "patient").t(f"^{p.middle[:1].upper()}||")
    rec.v(c.dob.strftime("%Y%m%d"), "DATE", "dob").t(f"|{c.sex}|||")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t("^^").v(city, "CITY", "city").t("^").v(state, "STATE", "state").t("^").v(z, "ZIP", "zip")
    rec.t("^USA^H||").v(f"({digits(r, 3, '23456789')}){digits(r, 3, '23456789')}-{digits(r, 4)}", "PHONE", "phone").t("^PRN^PH|||")
    rec.t(r.choice(("M", "S", "W")) + "||").v(digits(r, 10), "ACCOUNT", "acct").t("\r\n")
    rel = c.relative
    rec.t("NK1|1|").v(f"{rel.last.upper()}^{rel.first.upper()}", "PATIENT", "relative").t(f"|{r.choice(('SPO', 'CHD', 'PAR', 'SIB'))}^{c.relation.upper()}|||")
    rec.v(f"({digits(r, 3, '23456789')}){digits(r, 3, '23456789')}-{digits(r, 4)}", "PHONE", "phone").t("\r\n")
    doc = r.choice(c.staff)
    rec.t("PV1|1|O|" + r.choice(("ED", "CLINIC", "4W")) + "^" + str(r.randint(1, 40)) + "^A|||||").v(npi(r), "IDNUM", "npi")
    rec.t("^").v(f"{doc.last.upper()}^{doc.first.upper()}", "DOCTOR", "staff").t("^^^MD||||||||||||").v(digits(r, 9), "IDNUM", "visit").t("\r\n")
    g = c.relative if r.random() < 0.5 else p
    rec.t("GT1|1||").v(f"{g.last.upper()}^{g.first.upper()}", "PATIENT", "relative").t("||")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t("^^").v(city, "CITY", "city").t("^").v(state, "STATE", "state").t("^").v(z, "ZIP", "zip")
    rec.t("|||||||||||").v(employer(c), "ORGANIZATION", "employer").t("\r\n")  # GT1-16
    rec.t(f"IN1|1|{r.choice(('BCBS', 'AETNA', 'MCARE', 'COMM'))}|").v(digits(r, 5), "IDNUM", "payer_id").t("|")
    rec.v(insurer(c), "ORGANIZATION", "payer").t("||||").v(digits(r, 6), "HEALTHPLAN", "group").t("||||||||")
    rec.v(f"{g.last.upper()}^{g.first.upper()}", "PATIENT", "relative").t("|01|||||||||||||||||||||")
    rec.v(letters(r, 3) + digits(r, 9, string.digits), "HEALTHPLAN", "member").t("\r\n")


def x_x12_edi(rec: Rec, c: Cast) -> None:
    """An X12 270/837 fragment: NM1 names, N3/N4 address, DMG birth date, REF SSN, '*' elements and '~' ends."""
    r, p = c.rng, c.patient
    rec.t("ISA*00*          *00*          *ZZ*SUBMITTER      *ZZ*RECEIVER       *").v(c.visit.strftime("%y%m%d"), "DATE", "isa")
    rec.t("*1253*^*00501*").v(digits(r, 9), "IDNUM", "control").t("*0*P*:~\n")
    rec.t("NM1*PR*2*").v(insurer(c).upper(), "ORGANIZATION", "payer").t("*****PI*").v(digits(r, 5), "IDNUM", "payer_id").t("~\n")
    doc = r.choice(c.staff)
    rec.t("NM1*85*1*").v(f"{doc.last.upper()}*{doc.first.upper()}", "DOCTOR", "staff").t("****XX*").v(npi(r), "IDNUM", "npi").t("~\n")
    rec.t("NM1*IL*1*").v(f"{p.last.upper()}*{p.first.upper()}", "PATIENT", "patient").t("****MI*")
    rec.v(r.choice((f"{letters(r, 1)}{digits(r, 8)}", f"{digits(r, 9)}{letters(r, 1)}", f"{letters(r, 3)}{digits(r, 9, string.digits)}")), "HEALTHPLAN", "member").t("~\n")
    st, city, state, z = street_city(c)
    rec.t("N3*").v(st.upper(), "STREET", "street").t("~\nN4*").v(city.upper(), "CITY", "city").t("*").v(state, "STATE", "state")
    rec.t("*").v(z.replace("-", ""), "ZIP", "zip").t("~\nDMG*D8*").v(c.dob.strftime("%Y%m%d"), "DATE", "dob").t(f"*{c.sex}~\n")
    rec.t("REF*SY*").v(digits(r, 9, "1234567"), "SSN", "ssn").t("~\nREF*6P*").v(digits(r, 6), "HEALTHPLAN", "group").t("~\n")
    rec.t("DTP*472*D8*").v(c.visit.strftime("%Y%m%d"), "DATE", "dos").t("~\n")
    rec.t("CLM*").v(digits(r, 10), "ACCOUNT", "acct").t(f"*{r.randint(80, 2400)}.00***11:B:1*Y*A*Y*Y~\n")
    rec.t("HI*ABK:E119*ABF:I10~\nSV1*HC:99214*165*UN*1***1~\nSE*18*0001~\n")


# ---------------------------------------------------------------- X13/X14: structured exports


def x_fhir_patient(rec: Rec, c: Cast) -> None:
    """A FHIR R4 Patient resource as an API returns it (identifiers with their systems, telecom, address)."""
    r, p = c.rng, c.patient
    rec.t('{\n  "resourceType": "Patient",\n  "id": "').v(letters(r, 1, "abcdef") + digits(r, 7), "IDNUM", "fhir_id").t('",\n')
    rec.t('  "identifier": [\n    {"system": "urn:oid:1.2.840.114350.1.13", "type": {"text": "MRN"}, "value": "')
    rec.v(digits(r, 8), "MEDICALRECORD", "mrn").t('"},\n    {"system": "http://hl7.org/fhir/sid/us-ssn", "value": "')
    rec.v(ssn_print(c), "SSN", "ssn").t('"}\n  ],\n')
    rec.t('  "name": [{"use": "official", "family": "').v(p.last, "PATIENT", "patient").t('", "given": ["')
    rec.v(p.first, "PATIENT", "patient").t('"]}],\n  "telecom": [{"system": "phone", "value": "').v(c.phone(), "PHONE", "phone")
    rec.t('", "use": "mobile"}, {"system": "email", "value": "').v(c.email(), "EMAIL", "email").t('"}],\n')
    rec.t(f'  "gender": "{"female" if c.sex == "F" else "male"}",\n  "birthDate": "').v(c.dob.isoformat(), "DATE", "dob").t('",\n')
    st, city, state, z = street_city(c)
    rec.t('  "address": [{"line": ["').v(st, "STREET", "street").t('"], "city": "').v(city, "CITY", "city")
    rec.t('", "state": "').v(state, "STATE", "state").t('", "postalCode": "').v(z, "ZIP", "zip").t('", "country": "US"}],\n')
    doc = r.choice(c.staff)
    rec.t('  "generalPractitioner": [{"reference": "Practitioner/').v(digits(r, 6), "IDNUM", "fhir_ref").t('", "display": "')
    rec.v(f"{doc.first} {doc.last}", "DOCTOR", "staff").t(', MD"}],\n  "managingOrganization": {"display": "')
    rec.v(c.hospital, "HOSPITAL", "hospital").t('"},\n  "extension": [{"url": "http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex", "valueCode": "')
    rec.t(c.sex + '"}]\n}\n')


def x_kv_log(rec: Rec, c: Cast) -> None:
    """Application log lines in key=value form, as an integration engine or EHR audit writes them."""
    r = c.rng
    for _ in range(r.randint(3, 5)):
        rec.t("ts=").v(f"{c.visit.isoformat()}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z", "DATE", "ts")
        rec.t(f" level={r.choice(('INFO', 'WARN', 'DEBUG'))} svc={r.choice(('adt-feed', 'chart-api', 'rx-router'))} user=")
        rec.v(login(c), "USERNAME", "user").t(" src_ip=").v(c.ip(), "IPADDR", "ip")
        pick = r.choice(("mrn", "ssn", "zip", "name", "age", "dob", "employer"))
        rec.t(f" action={r.choice(('VIEW', 'PRINT', 'EXPORT', 'UPDATE'))} ")
        if pick == "mrn":
            rec.t("patient_mrn=").v(digits(r, 8), "MEDICALRECORD", "mrn")
        elif pick == "ssn":
            rec.t("pt_ssn=").v(ssn_print(c), "SSN", "ssn")
        elif pick == "zip":
            rec.t("pt_zip=").v(zip_print(c), "ZIP", "zip")
        elif pick == "name":
            rec.t('patient="').v(c.patient.fmt(r, "lf"), "PATIENT", "patient").t('"')
        elif pick == "age":
            rec.t("pt_age=").v(str(c.age), "AGE", "age")
        elif pick == "dob":
            rec.t("dob=").v(c.dob.isoformat(), "DATE", "dob")
        else:
            rec.t('employer="').v(employer(c), "ORGANIZATION", "employer").t('"')
        rec.t(f" latency_ms={r.randint(3, 900)} status={r.choice((200, 200, 403, 500))}\n")


# ---------------------------------------------------------------- X15/X16: claims


def x_ub04(rec: Rec, c: Cast) -> None:
    """A UB-04 (CMS-1450) institutional claim printed by form-locator number."""
    r, p = c.rng, c.patient
    rec.t("UB-04 CMS-1450\n1 ").v(c.hospital.upper(), "HOSPITAL", "hospital").t("\n  ")
    st, city, state, z = street_city(c)
    rec.v(st.upper(), "STREET", "street").t("\n  ").v(city.upper(), "CITY", "city").t(" ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip").t("\n")
    rec.t("3a PAT CNTL # ").v(digits(r, 10), "ACCOUNT", "acct").t("   b MED REC # ").v(digits(r, 8), "MEDICALRECORD", "mrn").t("\n")
    rec.t("5 FED TAX NO ").v(f"{digits(r, 2)}-{digits(r, 7, string.digits)}", "IDNUM", "tax").t("   6 STATEMENT COVERS PERIOD ")
    rec.v(c.visit.strftime("%m%d%y"), "DATE", "from").t(" ").v(c.later(1, 6).strftime("%m%d%y"), "DATE", "through").t("\n")
    rec.t("8b ").v(f"{p.last.upper()}, {p.first.upper()}", "PATIENT", "patient").t("\n9a ")
    st, city, state, z = street_city(c)
    rec.v(st.upper(), "STREET", "street").t("  b ").v(city.upper(), "CITY", "city").t("  c ").v(state, "STATE", "state").t("  d ").v(z, "ZIP", "zip").t("\n")
    rec.t("10 BIRTHDATE ").v(c.dob.strftime("%m%d%Y"), "DATE", "dob").t(f"  11 SEX {c.sex}  12 ADMISSION DATE ").v(c.visit.strftime("%m%d%y"), "DATE", "admit")
    rec.t(f"  13 HR {r.randint(0, 23):02d}  14 TYPE 1  15 SRC 7  17 STAT 01\n")
    rec.t("42 REV CD 0250 PHARMACY 1,245.00\n42 REV CD 0300 LABORATORY 812.50\n42 REV CD 0450 EMERGENCY ROOM 2,410.00\n")
    rec.t("50 PAYER NAME ").v(insurer(c).upper(), "ORGANIZATION", "payer").t("   51 HEALTH PLAN ID ").v(digits(r, 10), "IDNUM", "payer_id").t("\n")
    g = c.relative if r.random() < 0.5 else p
    rec.t("58 INSURED'S NAME ").v(f"{g.last.upper()}, {g.first.upper()}", "PATIENT", "relative").t("  59 P REL 18\n")
    rec.t("60 INSURED'S UNIQUE ID ").v(letters(r, 3) + digits(r, 9, string.digits), "HEALTHPLAN", "member")
    rec.t("  62 INSURANCE GROUP NO. ").v(digits(r, 6), "HEALTHPLAN", "group").t("\n65 EMPLOYER NAME ").v(employer(c).upper(), "ORGANIZATION", "employer").t("\n")
    rec.t("67 PRIN DIAG CD I214   69 ADMIT DX R079   74 PRINCIPAL PROCEDURE 02703ZZ\n")
    doc = r.choice(c.staff)
    rec.t("76 ATTENDING NPI ").v(npi(r), "IDNUM", "npi").t("  LAST ").v(doc.last.upper(), "DOCTOR", "staff").t("  FIRST ").v(doc.first.upper(), "DOCTOR", "staff").t("\n")


def x_ncpdp_claim(rec: Rec, c: Cast) -> None:
    """A pharmacy benefit claim response as a PBM help desk prints it (NCPDP field names, BIN/PCN, reject codes)."""
    r, p = c.rng, c.patient
    rec.t("NCPDP D.0 CLAIM RESPONSE - REJECTED\n")
    rec.t("Pharmacy: ").v(pharmacy(c), "ORGANIZATION", "pharmacy").t("   NCPDP ID ").v(digits(r, 7), "IDNUM", "ncpdp").t("   NPI ").v(npi(r), "IDNUM", "npi").t("\n")
    rec.t("BIN 004336  PCN ADV  Group ").v(f"RX{digits(r, 4)}", "HEALTHPLAN", "group").t("  Plan: ").v(insurer(c), "ORGANIZATION", "payer").t("\n")
    rec.t("Cardholder ID ").v(f"{letters(r, 1)}{digits(r, 10)}", "HEALTHPLAN", "member").t("   Person Code 0")
    rec.t(f"{r.randint(1, 3)}   Rel Code {r.randint(1, 3)}\n")
    rec.t("Patient Last ").v(p.last.upper(), "PATIENT", "patient").t("   First ").v(p.first.upper(), "PATIENT", "patient")
    rec.t("   DOB ").v(c.dob.strftime("%Y%m%d"), "DATE", "dob").t(f"   Gender {1 if c.sex == 'M' else 2}\n")
    rec.t("Patient ZIP ").v(zip_print(c), "ZIP", "zip").t("\n")
    rec.t("Rx # ").v(digits(r, 7), "IDNUM", "rx").t("  Fill # 0").t(str(r.randint(0, 5))).t("  Date of Service ").v(c.visit.strftime("%Y%m%d"), "DATE", "dos").t("\n")
    rec.t("Product NDC 00093-7214-01  Qty 30.000  Days Supply 30  DAW 0\n")
    doc = r.choice(c.staff)
    rec.t("Prescriber ID (01) ").v(npi(r), "IDNUM", "npi").t("  Prescriber Last ").v(doc.last.upper(), "DOCTOR", "staff").t("\n")
    rec.t("Reject 75 PRIOR AUTHORIZATION REQUIRED; Reject 88 DUR REJECT ERROR\nHelp desk ").v(c.phone(), "PHONE", "phone").t("\n")


# ---------------------------------------------------------------- X17/X18: vehicles


def x_crash_report(rec: Rec, c: Cast) -> None:
    """A police traffic crash report page: units, drivers, plates, VINs, insurers, the reporting officer."""
    r = c.rng
    rec.t("STATE OF ").t(r.choice(list(US_STATES.values())).upper()).t(" TRAFFIC CRASH REPORT\nAgency: ")
    rec.v(f"{c.us.city()} Police Department", "ORGANIZATION", "agency").t("   Case No. ").v(f"{c.visit:%y}-{digits(r, 6, string.digits)}", "IDNUM", "case")
    rec.t("\nCrash Date ").v(c.date(c.visit, "%m/%d/%Y"), "DATE", "crash").t(f"   Time {r.randint(0, 23):02d}{r.randint(0, 59):02d}\n")
    for unit in (1, 2):
        who = c.patient if unit == 1 else c.person()
        rec.t(f"UNIT {unit}  DRIVER ").v(f"{who.last.upper()}, {who.first.upper()}", "PATIENT", "patient" if unit == 1 else "other")
        rec.t("\n  ADDRESS ")
        st, city, state, z = street_city(c)
        rec.v(st.upper(), "STREET", "street").t(", ").v(city.upper(), "CITY", "city").t(", ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip")
        rec.t("\n  DOB ").v(c.date(c.dob if unit == 1 else c.earlier(7000, 25000), "%m/%d/%Y"), "DATE", "dob")
        rec.t("  AGE ").v(str(c.age if unit == 1 else r.randint(17, 88)), "AGE", "age").t(f"  SEX {r.choice('MF')}  OL# ")
        rec.v(r.choice((f"{letters(r, 1)}{digits(r, 7, string.digits)}", digits(r, 9), f"{letters(r, 1)}{digits(r, 12, string.digits)}")), "LICENSE", "dl")
        rec.t("  OL ST ").v(r.choice(list(US_STATES)), "STATE", "state").t("\n")
        rec.t(f"  VEH YR {r.randint(2004, 2024)} MAKE/MODEL {r.choice(MAKES)} COLOR {r.choice(COLOURS)}\n")
        rec.t("  PLATE ").v(plate_print(c), "VEHICLE", "plate").t(" ").v(r.choice(list(US_STATES)), "STATE", "state")
        rec.t(f" EXP {r.randint(1, 12):02d}/{r.randint(24, 27)}  VIN ").v(vin(r), "VEHICLE", "vin").t("\n")
        rec.t("  INS CO ").v(r.choice(("State Farm", "GEICO", "Progressive", "Allstate", "Liberty Mutual", "Farmers Insurance", "USAA", "Nationwide")), "ORGANIZATION", "insurer")
        rec.t("  POLICY ").v(f"{digits(r, 3)}-{digits(r, 4, string.digits)}-{letters(r, 1)}{digits(r, 2)}", "IDNUM", "policy").t("\n")
    rec.t("Injured transported to ").v(c.hospital, "HOSPITAL", "hospital").t(f" by Medic {r.randint(1, 40)}")
    rec.t("\nReporting Officer ").v(f"{c.staff[3].first[0]}. {c.staff[3].last}", "PATIENT", "officer").t(" Badge ").v(digits(r, 4), "IDNUM", "badge").t("\n")


def x_ems_run(rec: Rec, c: Cast) -> None:
    """An EMS patient care report: dispatch times, the patient's age and sex, the vehicle involved, the destination."""
    r, p = c.rng, c.patient
    rec.t("PATIENT CARE REPORT (ePCR)\nIncident # ").v(f"{c.visit:%Y}-{digits(r, 6, string.digits)}", "IDNUM", "incident")
    rec.t(f"   Unit: Medic {r.randint(1, 60)}   Agency: ").v(f"{c.us.city()} Fire Rescue", "ORGANIZATION", "agency").t("\n")
    rec.t("Date ").v(c.date(), "DATE", "dos").t(f"  PSAP {r.randint(10, 23)}:{r.randint(10, 59)}  On scene {r.randint(10, 23)}:{r.randint(10, 59)}\n")
    rec.t("Pt Name: ").v(p.fmt(r, r.choice(("lf", "fl", "lf_up"))), "PATIENT", "patient").t("   Age: ")
    put_age(rec, c)
    rec.t("   Wt 82 kg\nHome: ")
    st, city, state, z = street_city(c)
    rec.v(st, "STREET", "street").t(" ").v(city, "CITY", "city").t(" ").v(state, "STATE", "state").t(" ").v(z, "ZIP", "zip").t("\n")
    rec.t("NARRATIVE: Dispatched to MVC. Found pt restrained driver of a ")
    rec.t(f"{r.randint(2004, 2024)} {r.choice(MAKES).title()} ")
    rec.t(r.choice(("(plate ", "(tag ", "(lic "))).v(plate_print(c), "VEHICLE", "plate").t(r.choice((")", f", {r.choice(list(US_STATES))})")))
    rec.t(" with front-end damage, airbags deployed. GCS 15. C-collar applied. 18 g IV L AC, NS 500 mL.\n")
    rec.t("Vitals 14:22 BP 142/88 P 104 R 20 SpO2 96% RA. BGL 112 mg/dL. Pain 6/10.\n")
    rec.t("Transported to ").v(c.hospital_name(), "HOSPITAL", "hospital").t(", report given to ")
    rec.v(c.staff[1].fmt(r, "fl"), "DOCTOR", "staff").t(" RN.\nCrew: ").v(login(c, c.staff[2]), "USERNAME", "user").t(", ").v(login(c, c.staff[4]), "USERNAME", "user").t("\n")
