"""Note types: each is a composer that writes randomised sections into a builder.

A composer decides which sections a note has, in which order and layout, and
fills them from sentence pools; the pools use the slots of ``context.Ctx`` for
anything that is PHI. Headers, signature blocks and contact lines are shared
between note types, in several layouts each, as in a real record system where
the same header and footer code wraps every kind of note.
"""

from __future__ import annotations

import random
from typing import Callable

from . import clinical as C
from .builder import NoteBuilder, Phi, Piece, plain, upper
from .blocks import (
    patient_header,
    signature,
    followup_lines,
    med_lines,
    problem_lines,
    vital_lines,
    exam_lines,
    lab_block,
    social_history,
    family_history,
    hpi_opening,
)
from .context import Ctx


# --------------------------------------------------------------------------- note types


def discharge_summary(ctx: Ctx, b: NoteBuilder) -> None:
    rng, sc = ctx.rng, ctx.scenario
    b.line(rng.choice(("DISCHARGE SUMMARY", "Discharge Summary", "DISCHARGE SUMMARY - FINAL", "Discharge Note")))
    b.blank()
    patient_header(ctx, b, "admission")
    lines = [["Admission Date: ", *ctx.s_date("admit")], ["Discharge Date: ", *ctx.s_date("discharge")]]
    if rng.random() < 0.8:
        lines.append([rng.choice(("Attending: ", "Attending Physician: ", "Discharging Attending: ")), *ctx.s_prov("attending")])
    if rng.random() < 0.5:
        lines.append(["PCP: ", *ctx.s_prov("pcp"), *(rng.choice(([], ["  Tel: ", ctx.s_phone("clinic")])))])
    if rng.random() < 0.5:
        lines.append(["Service: ", rng.choice(("Medicine", "General Medicine", "Cardiology", "Surgery", "Hospitalist"))])
    for ln in lines:
        b.line(ln)
    b.blank()
    ctx.section(b, "Principal Diagnosis", "Dx", [rng.choice(sc.dx)])
    if rng.random() < 0.6:
        ctx.section(b, "Secondary Diagnoses", "Other Dx", ctx.bullets([[p] for p in ctx.some(C.CHRONIC_PROBLEMS, (2, 5))]))
    ctx.section(b, "Chief Complaint", "CC", [ctx.s_cc()])
    hpi = hpi_opening(ctx) + [" "] + ctx.sent(*ctx.some(sc.hpi, (2, 4)))
    if rng.random() < 0.5:
        hpi += [" ", *ctx.s_neg()]
    ctx.section(b, "History of Present Illness", "HPI", hpi)
    if rng.random() < 0.7:
        ctx.section(b, "ED Course", "In the ED", ctx.sent(*ctx.some(sc.ed, (1, 3))))
    ctx.section(b, "Past Medical History", "PMH", problem_lines(ctx))
    if rng.random() < 0.5:
        ctx.section(b, "Past Surgical History", "PSH", problem_lines(ctx, (1, 3), C.SURGICAL_HISTORY))
    ctx.section(b, "Medications on Admission", "Home Meds", med_lines(ctx))
    ctx.section(b, "Allergies", "All", [ctx.s_allergy()])
    if rng.random() < 0.8:
        ctx.section(b, "Social History", "SH", social_history(ctx))
    if rng.random() < 0.5:
        ctx.section(b, "Family History", "FH", family_history(ctx))
    if rng.random() < 0.7:
        body: list[list[Piece]] = vital_lines(ctx, "Vitals: ") + exam_lines(ctx)
        ctx.section(b, "Physical Examination on Admission", "PE", body)
    ctx.section(b, "Pertinent Results", "Labs", lab_block(ctx, sc.panels))
    if rng.random() < 0.8:
        ctx.section(b, "Imaging", "Studies", [[ctx.rng.choice(("", "- ")), *ctx.t(s)] for s in ctx.some(sc.imaging, (1, 2))])
    course: list[list[Piece]] = [ctx.sent(hc) for hc in ctx.some(sc.course, (2, len(sc.course)))]
    if rng.random() < 0.6:
        course.insert(rng.randrange(len(course) + 1), ctx.s_neg())
    if rng.random() < 0.5:
        course.append(ctx.sent(rng.choice((
            "{Dr. {doc_last:consultant}|{dr:consultant}} from {consult} followed during the admission.",
            "Seen by {consult} ({dr:consultant}), recommendations appreciated.",
            "Case discussed with {his} outpatient {consult_l} {dr:consultant}, who agreed with the plan.")),
            consult=sc.consult, consult_l=sc.consult.lower()))
    if rng.random() < 0.4:
        course.append(ctx.sent("Code status: {Full code|DNR/DNI|DNR, OK to intubate}, confirmed with {pt} and {his} {rel}."))
    ctx.section(b, "Hospital Course", "Brief Hospital Course", course)
    if sc.procedures and rng.random() < 0.8:
        ctx.section(b, "Procedures", "Procedures", ctx.bullets([ctx.t(p + "{? ({date:admit_plus})}") for p in sc.procedures]))
    ctx.section(b, "Discharge Medications", "Discharge Meds", med_lines(ctx))
    dispo = rng.choice((
        "Home{? with services}.", "Home with services from {vna}.", "{facility} for short-term rehab.",
        "Extended care facility: {facility}.", "Home with {his} {rel}.", "Acute rehab at {facility}.",
    ))
    ctx.section(b, "Disposition", "Dispo", ctx.sent(dispo))
    ctx.section(b, "Condition at Discharge", "Condition", [rng.choice(("Stable.", "Good.", "Fair, improved.", "Stable, ambulating with a walker."))])
    ctx.section(b, "Follow-up", "F/u", followup_lines(ctx))
    if rng.random() < 0.4:
        ctx.section(b, "Pending Results", "Pending", ctx.sent(rng.choice((
            "Blood cultures from {date:admit} pending at discharge.", "Final pathology (accession {idnum:accession}) pending.",
            "None.", "Vitamin D level pending; {dr:pcp} to follow up."))))
    signature(ctx, b, "attending")


def progress_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng, sc = ctx.rng, ctx.scenario
    b.line(rng.choice(("MEDICINE PROGRESS NOTE", "Progress Note", "Hospitalist Progress Note", "Daily Progress Note",
                       "Intern Progress Note - Team {}".format(rng.randint(1, 8)), "ICU Progress Note")))
    if rng.random() < 0.6:
        b.line(ctx.t("{Date|Date of service|DOS}: {date:note}{?  {time}}"))
    if rng.random() < 0.5:
        b.line(ctx.t("Patient: {pt_header}  {MRN|MR#} {mrn}  {room}"))
    b.line(f"Hospital day #{rng.randint(2, 14)}")
    b.blank()
    s = ctx.sent(*ctx.some((
        "No acute events overnight.", "{Pt} reports feeling {better|about the same|tired} this morning.",
        "Slept poorly; pain controlled with Tylenol.", "{His} {rel} visited yesterday and has questions about discharge.",
        "Overnight had {one episode of hypotension to 88/50 that responded to fluids|a fever to 101.2, cultures sent|a brief run of NSVT}.",
        "Tolerating a regular diet. +BM.", "Worked with PT, ambulated 100 feet with a walker.",
        "{Pt} asks to call {his} {rel_word} at {rel_phone}.",
    ), (2, 4)))
    ctx.section(b, "Subjective", "S", s)
    ctx.section(b, "Objective", "O", [*vital_lines(ctx, "Vitals: "), *exam_lines(ctx, (3, 6))])
    ctx.section(b, "Labs", "Labs", lab_block(ctx, sc.panels))
    items = []
    for hc in ctx.some(sc.course, (1, 3)):
        items.append(ctx.sent(hc))
    if rng.random() < 0.5:
        items.append(ctx.s_neg())
    items.append(ctx.sent(rng.choice(("# FEN: regular diet, replete lytes PRN.", "# PPx: heparin SC, PPI.", "# Dispo: likely {facility} in 1-2 days; case management following.",
                                       "# Code: full code (discussed with {pt} and {his} {rel_word}).", "# Dispo: home when medically ready, {dr:pcp} aware."))))
    ctx.section(b, "Assessment and Plan", "A/P", [ctx.sent("{age} {man} with {problem} admitted with {cc}, {improving|stable|slowly improving}.")] + items)
    if rng.random() < 0.4:
        b.line(ctx.sent("Discussed with {dr:attending}{?, attending}."))
    signature(ctx, b, rng.choice(("resident", "intern", "attending", "np")))


def clinic_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    topic, condition, sentences = ctx.topic
    title = rng.choice(("", "Internal Medicine", "Primary Care Follow-up", "OFFICE VISIT", "Endocrine Clinic Note",
                        "Cardiology Clinic", "Adult Medicine Visit", "Follow-up Visit"))
    if title:
        b.line(title)
        b.blank()
    patient_header(ctx, b, "visit")
    if rng.random() < 0.4:
        b.line(ctx.t("{Reason for visit|Reason for Visit|CC|Chief Complaint}: {topic}", topic=topic))
        b.blank()
    if rng.random() < 0.08:
        b.line(ctx.t("{Telehealth|Video} visit; {patient|pt} connected from home ({IP |IP address }{ip}){?, {his} {rel_word} present}."))
        b.blank()
    opening = ctx.sent(rng.choice((
        "{Pt_name} is {a_age} {man} who returns for follow-up of {condition}.",
        "{age_cap} {man} here for {topic}; last seen by me on {date:prior}.",
        "{Pt_name} comes in today for {topic}. {He} was seen by {dr:consultant} in {date:month_year}.",
        "{Pt_name} ({age_years}) is here with {his} {rel} for {topic}.",
        "{Pt_name} returns. Since {his} last visit on {date:prior}, {he} has been {doing well|having more fatigue|in the hospital at {hosp2}}.",
    )), topic=topic, condition=condition)
    hpi = opening + [" "] + ctx.sent(*ctx.some(sentences, (2, len(sentences))))
    if rng.random() < 0.3:
        hpi += [" ", *ctx.s_neg()]
    if rng.random() < 0.4:
        hpi += [" "] + ctx.sent(rng.choice((
            "{He} spent {date:holiday} with family in {city}.", "{He} is planning a trip to {country:any} in {date:month}.",
            "{He} was in {foreign_city} visiting {his} {rel_word} until {date:recent}.", "Over {date:holiday} {he} ate poorly.",
        "{He} was admitted to {hosp2} from {date:recent} to {date:recent} for {cc}.", "{He} felt unwell after a day at {landmark}.",
        "{His} symptoms began in {date:season}.", "{He} has not seen a doctor since {date:season}.",
            "{He} missed {his} appointment on {date:weekday} because {his} {rel_word} could not drive {him}.",
        )))
    ctx.section(b, "History of Present Illness", "HPI", hpi)
    if rng.random() < 0.7:
        ctx.section(b, "Problems", "Problem List", problem_lines(ctx, (3, 7)))
    ctx.section(b, "Medications", "Meds", med_lines(ctx, (3, 12)))
    ctx.section(b, "Allergies", "Allergies", [ctx.s_allergy()])
    if rng.random() < 0.6:
        ctx.section(b, "Social History", "SH", social_history(ctx))
    if rng.random() < 0.4:
        ctx.section(b, "Review of Systems", "ROS", ctx.sent("{Negative except as in HPI.|Denies {ros}, {ros} and {ros}.|Positive for {ros}; otherwise negative.}",
                                                             ros=lambda: rng.choice(C.ROS_POS)))
    ctx.section(b, "Physical Exam", "PE", [*vital_lines(ctx, ""), *exam_lines(ctx, (3, 7))])
    if rng.random() < 0.7:
        ctx.section(b, "Data", "Labs", lab_block(ctx, rng.choice((("chem", "lipids"), ("chem", "cbc"), ("misc",), ("chem",)))))
    plan = ctx.bullets([ctx.sent(x, condition=condition) for x in ctx.some((
        "{condition}: {continue current regimen|stable, no changes today|adjust medications as discussed|recheck in 3 months}.",
        "Diabetes: {increase metformin to 1000 mg BID|continue Lantus, titrate by 2 units every 3 days to fasting <130|check A1c in 3 months}.",
        "Hypertension: {add lisinopril 5 mg daily|at goal, continue amlodipine|home BP log}.",
        "Labs today: CBC, BMP, lipids, A1c.", "Refer to {dr:consultant} ({consult}) - referral faxed to {fax:any}.",
        "Flu shot given today.", "Colonoscopy due; referral to GI at {hosp}.", "Diabetic foot care reviewed; podiatry referral.",
        "Return to clinic in {3 months|6 weeks|4-6 months|1 year} or sooner PRN.", "Patient given {url} for the diabetes education program.",
        "Discussed with {his} {rel_word}, who will help with medications.", "Form for {employer} completed (return to work {date:future}).",
    ), (3, 6))], "num") if rng.random() < 0.6 else [ctx.sent("Continue current medications. RTC {3|4|6} months.")]
    ctx.section(b, "Assessment and Plan", "A/P", plan)  # type: ignore[arg-type]
    signature(ctx, b, rng.choice(("pcp", "attending", "np")))


def radiology_report(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    exam, short, indications, findings, impressions = rng.choice(C.RADIOLOGY)
    if rng.random() < 0.5:
        b.line(upper([ctx.s_hosp_full()]), rng.choice((" - DEPARTMENT OF RADIOLOGY", "  RADIOLOGY REPORT", " Imaging Services")))
    lines: list[list[Piece]] = [
        [rng.choice(("EXAM: ", "Exam: ", "PROCEDURE: ", "STUDY: ")), rng.choice((exam, short))],
        [rng.choice(("DATE: ", "Exam Date: ", "DATE OF SERVICE: ")), *ctx.s_date("note"), *(["  ", ctx.s_time()] if rng.random() < 0.6 else [])],
        [rng.choice(("PATIENT: ", "Name: ", "Patient Name: ")), ctx.s_pt_header(), "   ", rng.choice(("MRN: ", "MR#: ", "ID: ")), ctx.s_mrn()],
    ]
    if rng.random() < 0.6:
        lines.append([rng.choice(("DOB: ", "Date of Birth: ")), *ctx.s_date("dob_any"), *(["   Age: ", ctx.s_age_n()] if rng.random() < 0.5 else [])])
    lines.append([rng.choice(("ACCESSION #: ", "Accession: ", "ACC: ", "Order #: ")), ctx.s_idnum("accession")])
    lines.append([rng.choice(("ORDERING PHYSICIAN: ", "Referring: ", "Ordered by: ")), *ctx.s_prov("referrer")])
    rng.shuffle(lines)
    for ln in lines:
        b.line(ln)
    b.blank()
    ctx.section(b, "Clinical Indication", "INDICATION", ctx.t(rng.choice(indications) + "{?. {age} {man}}."))
    comparison = rng.choice((["None."], ctx.t("{short} dated {date:prior}.", short=short), ctx.t("{date:prior}."),
                             ctx.t("Outside study from {hosp2}, {date:prior}."), ctx.t("Prior exam of {date:recent}.")))
    ctx.section(b, "Comparison", "COMPARISON", comparison)
    ctx.section(b, "Technique", "TECHNIQUE", [technique(exam, rng)])
    ctx.section(b, "Findings", "FINDINGS", ctx.sent(*ctx.some(findings, (2, len(findings)))))
    imp = ctx.bullets([ctx.t(i) for i in ctx.some(impressions, (1, len(impressions)))], "num")
    if rng.random() < 0.35:
        imp.append(ctx.t("{Findings discussed with|Results called to} {dr:referrer} by telephone at {time} on {date:note}."))
    ctx.section(b, "Impression", "IMPRESSION", imp)
    if rng.random() < 0.5:
        b.line(ctx.t("{I have personally reviewed the images and agree with the report.|Attending review completed.}"))
    b.line(rng.choice(("Radiologist: ", "Dictated by: ", "Electronically signed: ", "Read by: ")), ctx.s_prov("radiologist"),
           rng.choice(("", ["  ", ctx.s_date("note"), " ", ctx.s_time()])))
    if rng.random() < 0.3:
        b.line(ctx.t("Workstation: RAD-{ws}  IP {ip}", ws=str(rng.randint(1, 40))))


def technique(exam: str, rng: random.Random) -> str:
    if exam.startswith("CT"):
        return rng.choice(("Axial images were obtained without contrast." if "WITHOUT" in exam else
                           "Multiplanar images after 100 mL Omnipaque 350 IV.", "Standard departmental protocol. DLP 612 mGy-cm."))
    if exam.startswith("MRI"):
        return rng.choice(("Multiplanar multisequence MR images.", "Sagittal and axial T1, T2 and STIR sequences."))
    if "DOPPLER" in exam or "ULTRASOUND" in exam or "ECHO" in exam:
        return rng.choice(("Real-time grayscale, color and spectral Doppler imaging.", "Complete 2D, M-mode and Doppler study."))
    if "MAMMOGRAM" in exam:
        return "Standard CC and MLO views of both breasts with tomosynthesis."
    return rng.choice(("PA and lateral views.", "Three views.", "Frontal and lateral views."))


def letter(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    if rng.random() < 0.7:
        b.line(ctx.s_hosp_full())
        if rng.random() < 0.5:
            b.line(rng.choice(("Division of Cardiology", "Endocrine Associates", "Department of Neurology", "Renal Clinic",
                               "Internal Medicine Associates", "Gastroenterology Associates")))
        street = ctx.t("{n} {w}", n=str(rng.randint(1, 999)), w=rng.choice(("Francis Street", "Longwood Avenue", "Main St.", "Hospital Drive", "Medical Center Blvd")))
        city_line = ctx.s_city()
        b.line(Phi(plain(street), "STREET"))
        b.line(city_line, " ", Phi(ctx.cast.address.zip[:1] + str(rng.randint(1000, 9999)), "ZIP"))
        b.line(rng.choice(("Tel ", "Phone: ", "T: ")), ctx.s_phone("clinic"), rng.choice(("  Fax ", "   F: ", "  |  Fax: ")), ctx.s_fax("clinic_fax"))
        if rng.random() < 0.4:
            b.line(ctx.s_url())
        b.blank()
    b.line(ctx.s_date("note"))
    b.blank()
    b.line(ctx.s_prov("referrer"))
    b.line(ctx.s_clinic())
    if rng.random() < 0.6:
        b.line(ctx.s_street_any())
        b.line(ctx.s_city(), rng.choice(("", ["  ", Phi(ctx.cast.address.zip, "ZIP")])))
    b.blank()
    b.line(rng.choice(("RE: ", "Re: ", "RE:  ", "Patient: ")), ctx.s_pt_full(), rng.choice((
        "", ["   DOB: ", ctx.s_date("dob_any")], ["   MRN: ", ctx.s_mrn()], ["  (", ctx.s_mrn(), ")"])))
    b.blank()
    ref = ctx.cast.providers["referrer"]
    salutation = rng.choice((["Dear ", ctx.s_dr("referrer")], ["Dear Dr. ", Phi(ref.last, "DOCTOR")],
                             ["Dear ", Phi(ref.first, "DOCTOR")], ["Dear Colleague"]))
    b.line(salutation, rng.choice((":", ",")))
    b.blank()
    topic, condition, sentences = ctx.topic
    opening = ctx.sent(rng.choice((
        "I had the pleasure of seeing {pt_title} in {Cardiology|the Endocrine clinic|follow-up|consultation} on {date:note}.",
        "Thank you for referring {pt_full}, {a_age} {man} with {problem}, for evaluation of {condition}.",
        "I saw {pt_title} today in the office for {topic}.",
        "I had the pleasure of seeing your patient, {pt_full}, at {hosp} on {date:recent}.",
        "This letter is to update you on {pt_title}, whom I saw on {date:weekday}.",
    )), topic=topic, condition=condition)
    b.line(opening, " ", ctx.sent(*ctx.some(sentences, (1, 3))))
    b.blank()
    b.line(ctx.sent(*ctx.some((
        "{His} past medical history is notable for {problem} and {problem}.",
        "{His} medications include {med}, {med} and {med}.",
        "On examination {his} blood pressure was {128/76|142/88|116/70} and heart rate {64|72|88}.",
        "{He} lives in {pt_city} with {his} {rel} and works as {a_prof}.",
        "Recent labs from {date:recent}: {lab}.", "An echocardiogram on {date:prior} showed an ejection fraction of {40|50|55}%.",
        "{He} had been followed previously by {other_doc} at {hosp2}.",
    ), (2, 4))))
    b.blank()
    b.line(ctx.sent(*ctx.some((
        "My impression is that {his} {condition} is {well controlled|not yet at goal|improving}.",
        "I have recommended {med} and repeat labs in 3 months.", "I would be happy to see {him} again on {date:future}.",
        "I have asked {him} to call my office at {phone:clinic} if symptoms recur.",
        "{He} will follow up with you in the meantime.", "We discussed a referral to {other_doc} at {hosp2}.",
    ), (2, 3)), condition=condition))
    b.blank()
    b.line(rng.choice(("Thank you for allowing me to participate in {} care.".format("her" if ctx.cast.patient.sex == "F" else "his"),
                       "Thank you for this kind referral.", "Please do not hesitate to contact me with any questions.",
                       "Thank you for involving me in the care of this pleasant patient.")))
    b.blank()
    b.line(rng.choice(("Sincerely,", "Sincerely yours,", "Best regards,", "With kind regards,", "Yours sincerely,")))
    b.blank(rng.choice((1, 2)))
    b.line(ctx.s_prov("consultant"))
    if rng.random() < 0.5:
        b.line(ctx.t("{Associate Professor of Medicine|Staff Cardiologist|Director, Diabetes Program|Attending Physician}"))
    if rng.random() < 0.3:
        b.line(ctx.s_email("doc"))
    if rng.random() < 0.6:
        b.blank()
        b.line("cc: ", ctx.s_prov("pcp"), *(rng.choice(([], ["; ", ctx.s_pt_full()], ["\n    ", ctx.s_other_doc()]))))
    if rng.random() < 0.3:
        b.line(ctx.s_init("consultant"), "/", rng.choice(("kk", "mb", "tlw", "js")))


def ed_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng, sc = ctx.rng, ctx.scenario
    b.line(rng.choice(("EMERGENCY DEPARTMENT NOTE", "ED Attending Note", "Emergency Medicine Physician Documentation",
                       "ED PROVIDER NOTE", "ED Triage and Physician Note")))
    patient_header(ctx, b, "ed")
    if rng.random() < 0.6:
        b.line(ctx.t("Time seen: {time}   {room}"))
    if rng.random() < 0.5:
        b.line(ctx.t("Arrival: {by EMS from {pt_city}|walk-in|by ambulance from {facility}|private vehicle, driven by {his} {rel_word}}"))
    if rng.random() < 0.1:
        b.line(ctx.t("Patient arrived without ID; identity confirmed by {fingerprint|palm-vein|biometric} scan ({biometric ID |ID |}{bioid})."))
    b.blank()
    ctx.section(b, "Chief Complaint", "CC", [ctx.s_cc()])
    hpi = hpi_opening(ctx) + [" "] + ctx.sent(*ctx.some(sc.hpi, (2, 4)))
    if rng.random() < 0.5:
        hpi += [" ", *ctx.s_neg()]
    ctx.section(b, "HPI", "HPI", hpi)
    ctx.section(b, "Review of Systems", "ROS", ctx.sent(rng.choice(("10-point ROS negative except as in HPI.", "All other systems reviewed and negative.",
                                                                       "Positive for fatigue; negative for headache, rash, dysuria."))))
    ctx.section(b, "PMH", "PMH", [", ".join(ctx.some(C.CHRONIC_PROBLEMS, (2, 6)))])
    ctx.section(b, "Medications", "Meds", [ctx.meds_inline(rng.randint(2, 6))])
    ctx.section(b, "Allergies", "All", [ctx.s_allergy()])
    if rng.random() < 0.6:
        ctx.section(b, "Social History", "SH", social_history(ctx))
    ctx.section(b, "Physical Exam", "PE", [*vital_lines(ctx, "Triage vitals: "), *exam_lines(ctx)])
    ctx.section(b, "Results", "Labs", lab_block(ctx, sc.panels))
    course: list[list[Piece]] = []
    for s in ctx.some(sc.ed, (1, len(sc.ed))):
        course.append([ctx.s_time(), " ", *ctx.sent(s)])
    if rng.random() < 0.5:
        course.append(ctx.t("{time} Spoke with {dr:consultant} ({consult}), who will see the patient.", consult=sc.consult))
    if rng.random() < 0.4:
        course.append(ctx.t("{time} Old records obtained from {hosp2}; {his} {rel_word} {rel_name} at bedside, reachable at {rel_phone}."))
    ctx.section(b, "ED Course", "ED course", course)
    ctx.section(b, "Medical Decision Making", "MDM", ctx.sent("{age} {man} with {cc}. {Differential includes|Ddx:} {dx}.",
                                                              dx=lambda: ", ".join(sc.dx).lower() if rng.random() < 0.5 else sc.dx[0].lower()))
    dispo = rng.choice((
        "Admitted to Medicine, {dr:attending} accepting.", "Admit to {Cardiology|Telemetry|the MICU|Step-down} under {dr:attending}.",
        "Discharged home with {his} {rel_word}; follow up with {dr:pcp} in 2 days.", "Transferred to {hosp2} for {a higher level of care|further management|cardiac catheterization}.",
    ))
    ctx.section(b, "Disposition", "Dispo", ctx.sent(dispo))
    if rng.random() < 0.5:
        b.line(ctx.sent("I saw and evaluated the patient with {dr:resident}, and agree with the findings and plan as documented."))
    signature(ctx, b, rng.choice(("attending", "resident")))


def operative_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    proc, dx, anesth, steps = rng.choice(C.OPERATIONS)
    b.line(rng.choice(("OPERATIVE REPORT", "Operative Note", "BRIEF OP NOTE", "PROCEDURE NOTE")))
    b.blank()
    patient_header(ctx, b, "op")
    lines = [
        [rng.choice(("DATE OF OPERATION: ", "Date of procedure: ", "Date: ")), *ctx.s_date("note")],
        ["PREOPERATIVE DIAGNOSIS: ", dx], ["POSTOPERATIVE DIAGNOSIS: ", rng.choice((dx, "Same"))],
        [rng.choice(("PROCEDURE: ", "OPERATION: ", "Procedure performed: ")), proc],
        [rng.choice(("SURGEON: ", "Surgeon: ", "Attending surgeon: ")), *ctx.s_prov("surgeon")],
        [rng.choice(("ASSISTANT: ", "Assistant(s): ", "First assist: ")), *ctx.s_prov("assistant")],
        ["ANESTHESIA: ", anesth, *(rng.choice(([], [" (", ctx.s_dr("anesthesiologist"), ")"])))],
        ["ESTIMATED BLOOD LOSS: ", f"{rng.choice((10, 25, 50, 100, 150, 300))} mL"],
        ["FLUIDS: ", f"{rng.choice((600, 800, 1200, 1500))} mL crystalloid"],
        ["COMPLICATIONS: ", rng.choice(("None.", "None apparent.", "No immediate complications."))],
    ]
    if rng.random() < 0.6:
        specimen = "Gallbladder" if "chole" in proc else "Appendix" if "Append" in proc else "Hernia sac" if "hernia" in proc else "None"
        lines.append(["SPECIMENS: ", specimen + (" to pathology" if specimen != "None" else ""),
                      *(rng.choice(([], [" (accession ", ctx.s_idnum("accession"), ")"])) if specimen != "None" else [])])
    if rng.random() < 0.6:
        lines.append(["DRAINS: ", rng.choice(("19 Fr Jackson-Pratt drain", "None", "Foley catheter to gravity"))])
    for ln in lines:
        b.line(ln)
    b.blank()
    ind = ctx.sent(rng.choice((
        "{Pt_name} is {a_age} {man} with {dx_l}. After a discussion of the risks, benefits and alternatives, {he} elected to proceed and signed informed consent.",
        "The patient is {a_age} {man} who presented to {hosp} with {dx_l}. Consent was obtained from {him}{? and {his} {rel}}.",
        "{age_cap} {man} with {dx_l} {and failure of conservative management|referred by {dr:referrer}}.",
    )), dx_l=dx.lower())
    ctx.section(b, "Indications", "INDICATIONS", ind)
    desc = ctx.sent("The patient was identified in the preoperative holding area and brought to the operating room. {Anesthesia ({anesth_l}) was administered by the anesthesia team.|{anesth} anesthesia was used.}",
                    *steps[: rng.randint(max(3, len(steps) - 2), len(steps))],
                    "Sponge, needle and instrument counts were correct x2.", "The patient tolerated the procedure well and was taken to the PACU in stable condition.",
                    anesth_l=anesth.lower(), anesth=anesth)
    ctx.section(b, "Description of Procedure", "PROCEDURE IN DETAIL", desc)
    devices = C.PROCEDURE_DEVICES.get(proc)
    if devices:
        names = devices
        imp = [[names[0], ": ", names[1], rng.choice((", serial number ", ", SN ", " - serial # ")), ctx.s_device()]]
        if len(names) > 2:
            imp.append([names[2], rng.choice((", SN ", " serial # ", ", S/N ")), ctx.s_device("2")])
        imp.append([rng.choice(("Lot ", "Lot # ", "REF ")), f"{rng.randint(10000, 99999)}{rng.choice('ABCDE')}", " (not patient specific)"])
        ctx.section(b, "Implants", "IMPLANTS", imp)
    if rng.random() < 0.5:
        b.line(ctx.sent("{dr:surgeon} was present and scrubbed for the entire procedure."))
    signature(ctx, b, "surgeon")


def social_work_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    b.line(rng.choice(("SOCIAL WORK ASSESSMENT", "Social Work Note", "Clinical Social Work - Initial Assessment", "CASE MANAGEMENT / SOCIAL WORK")))
    if rng.random() < 0.7:
        b.line(ctx.t("{Date: |}{date:note}{? {time}}"))
    b.blank()
    ctx.section(b, "Reason for Referral", "Referral", ctx.sent(rng.choice((
        "Consulted by {dr:attending} for discharge planning and coping.", "Referred for concerns about safety at home after a fall.",
        "Pt referred by {his} {rel_word} for help with caregiver stress.", "Consult for insurance and medication affordability.",
    ))))
    ctx.section(b, "Sources of Information", "Sources", ctx.sent("{Patient|Pt}, chart, and {his} {rel} by phone ({rel_phone})."))
    family = ctx.sent(*ctx.some((
        "{Pt} lives with {his} {rel} in {pt_city}.", "{Pt} lives in a {second-floor apartment|single-family home|senior housing complex} at {street} in {pt_city}.",
        "{His} {rel:1} lives in {rel_city:1} and works as {a_rel_prof:1}.", "{He} has {two|three|four} children; {his} {rel:0} is the most involved.",
        "{He} was born in {country} and immigrated in {date:year}; {he} speaks {Portuguese|Haitian Creole|Spanish|Vietnamese|Italian|English} at home.",
        "{His} {rel_word} {rel_name} is {his} health care proxy.", "{His} {husband|wife|partner} died in {date:year}.",
        "{He} grew up in {foreign_city} and moved to {city} as a young adult.", "Friend {person} helps with groceries.",
    ), (3, 5)))
    ctx.section(b, "Family and Living Situation", "Living situation", family)
    work = ctx.sent(*ctx.some((
        "{He} {worked for {20|25|31} years as {a_prof} at {employer}|is employed as {a_prof} at {employer}|is a retired {prof}|is on disability, previously {a_prof}}.",
        "Income from Social Security and a pension from {org}.", "Insurance: {insurer}, member ID {hp}{?, group {group}}.",
        "Has {public_plan} (ID {hp}) and a supplemental plan.", "{He} {drives|no longer drives}; {his} car is a {Honda Civic|Toyota Corolla|Ford F-150|Subaru} with plate {plate}.",
        "Uses the {agency} van to get to dialysis.", "{He} attends the day program at {agency}.",
    ), (2, 4)))
    ctx.section(b, "Employment, Finances and Insurance", "Finances", work)
    assess = ctx.sent(*ctx.some((
        "{Pt} is alert, oriented, and engaged in the conversation; mood {euthymic|anxious|tearful at times}.",
        "{He} is worried about returning home alone and about {his} {rel_word}'s health.",
        "No evidence of elder abuse or neglect. Denies SI.", "Coping appears {adequate|strained} given recent losses.",
        "PHQ-9 {6|11|14}; GAD-7 {5|9|12}.",
    ), (2, 3)))
    ctx.section(b, "Assessment", "Assessment", assess)
    plan = ctx.bullets([ctx.sent(x) for x in ctx.some((
        "Referral to {vna} for home services; intake {phone:any}.", "Screened for {facility}; bed offer expected {date:future}.",
        "Gave {his} {rel_word} information for the caregiver support group at {agency}.", "Applied for {public_plan}; application #{idnum}.",
        "Will follow up with {his} {rel_word} at {rel_phone} on {date:future}.", "Provided {url:any} for transportation resources.",
        "Coordinated with case manager {doc:cm}, {ext}.", "Email with resources sent to {his} {rel_word} at {email:rel}.",
        "Enrolled in the {agency} meal program (biometric ID {bioid} on file for pickup).",
    ), (2, 4))])
    ctx.section(b, "Plan", "Plan", plan)
    signature(ctx, b, "sw")


def referral_fax(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    b.line(rng.choice(("FAX COVER SHEET", "*** FACSIMILE TRANSMITTAL ***", "Fax", "REFERRAL - FAX")))
    b.line(ctx.s_hosp_full())
    if rng.random() < 0.6:
        b.line(ctx.s_street(), ", ", ctx.s_pt_city())
    b.blank()
    b.line(ctx.t("To: {dr:consultant}{?, {consult}}", consult=ctx.scenario.consult))
    b.line(ctx.t("Fax: {fax:hosp_fax}"))
    b.line(ctx.t("From: {prov:referrer}"))
    b.line(ctx.t("{Phone|Tel}: {phone:clinic}   Fax: {fax:clinic_fax}"))
    b.line(ctx.t("Date: {date:note}   Pages (including cover): {n}", n=str(rng.randint(2, 14))))
    if rng.random() < 0.3:
        b.line(ctx.t("Sent via {eFax|RightFax|secure fax} gateway {ip} at {time}"))
    b.line(ctx.t("Re: {Referral|New patient referral|Urgent referral|Records request} - {pt_full}"))
    b.blank()
    b.line("REFERRAL INFORMATION")
    demo: list[list[Piece]] = [
        ["Patient: ", ctx.s_pt_header(), "   DOB: ", *ctx.s_date("dob_any")],
        ["Address: ", *ctx.s_address()],
        ["Phone: ", ctx.s_phone("home"), *(rng.choice(([], ["  Cell: ", ctx.s_phone("cell")])))],
    ]
    if rng.random() < 0.5:
        demo.append(["SSN: ", ctx.s_ssn()])
    demo.append(["Insurance: ", ctx.s_insurer() if rng.random() < 0.7 else ctx.s_public_plan(), "   Member ID: ", ctx.s_hp(),
                 *(rng.choice(([], ["   Group #: ", ctx.s_group()])))])
    if rng.random() < 0.5:
        demo.append(["MRN: ", ctx.s_mrn(), *(rng.choice(([], ["   Acct: ", ctx.s_acct()])))])
    if rng.random() < 0.4:
        demo.append(["Email: ", ctx.s_email("pt")])
    if rng.random() < 0.3:
        demo.append(["Driver's license: ", ctx.s_dl(), " (copy of ID attached)"])
    if rng.random() < 0.25:
        demo.append([rng.choice(("Patient biometric ID: ", "Fingerprint ID: ", "Palm vein ID: ")), ctx.s_bioid()])
    for ln in demo:
        b.line(ln)
    b.blank()
    b.line(ctx.t("Referring provider: {prov:referrer}   NPI: {npi}{?   DEA: {dea}}"))
    if rng.random() < 0.3:
        b.line(ctx.t("State license #: {lic}"))
    b.line(ctx.t("Diagnosis: {dx} ({icd}){?; {icd}}", dx=rng.choice(ctx.scenario.dx)))
    b.line(ctx.t("Urgency: {Routine|Urgent - within 1 week|Please schedule ASAP}"))
    b.blank()
    b.line(ctx.sent(hpi_opening_plain(ctx), *ctx.some(ctx.scenario.hpi, (1, 3))))
    b.blank()
    b.line(ctx.t("Please send the consult note to {fax:clinic_fax} or {email:office}. Records also available at {url}."))
    b.blank()
    b.line(rng.choice((
        "CONFIDENTIALITY NOTICE: This facsimile contains protected health information. If you have received it in error, please notify the sender and destroy all copies.",
        "The information in this fax is confidential and intended only for the recipient named above.",
    )))


def hpi_opening_plain(ctx: Ctx) -> str:
    return ctx.rng.choice(("{Pt_name} is {a_age} {man} with {problem} referred for {cc}.",
                           "We are referring {pt_full} ({age_years}) for evaluation of {cc}."))


def portal_message(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    b.line(rng.choice(("Patient Portal Message", "MyChart Message", "Secure Message", "Patient Message - Portal")))
    b.line(ctx.t("From: {pt_full} ({user:pt})"))
    b.line(ctx.t("To: {dr:pcp}{?, {clinic}}"))
    b.line(ctx.t("Sent: {date:note} {time}"))
    b.line(ctx.t("Subject: {Question about my meds|Refill request|Test results?|Follow up from visit|Feeling worse|Appointment}"))
    b.blank()
    body = rng.choice((
        "Hi {Dr. {doc_last:pcp}|{doc_first:pcp}|Doctor}, I have been having {cc} since {date:weekday}. I am taking {med}. Should I come in? My cell is {phone:cell}.",
        "hello, i need a refill on my {med}, the pharmacy is the cvs in {city_only}. thanks, {pt_first}",
        "Dr {doc_last:pcp} - my {rel_word} {rel_name} says I should ask about {cc}. Can you call me at {phone:home}? I am off work on {date:weekday}.",
        "I got my lab results from {date:recent} on the portal. What does A1c {7.8|8.4|9.2} mean? Also can you fill out the form for {employer}? You can email me at {email:pt}.",
        "Good morning, I wanted to let you know I was seen at {hosp2} urgent care on {date:recent} for {cc}. They said to follow up with you. {pt_first} {pt_last}",
    ))
    b.line(ctx.t(body))
    b.blank()
    if rng.random() < 0.85:
        b.line(ctx.t("Reply from {prov:nurse} on {date:note} {time}:"))
        b.line(ctx.sent(*ctx.some((
            "Hi {pt_first}, thank you for your message.", "I spoke with {dr:pcp}, who recommends you come in this week.",
            "Your refill was sent to your pharmacy.", "Please call the office at {phone:clinic} to schedule.",
            "If you have chest pain or trouble breathing, call 911 or go to the nearest ED.",
            "Your results are available at {url}.", "We have an opening on {date:future} at {time}.",
        ), (2, 4))))
    if rng.random() < 0.5:
        b.blank()
        b.line(ctx.t("[Message read by {user:nurse} {date:note} {time} | Session IP {ip}]"))
    if rng.random() < 0.15:
        b.line(ctx.t("[Patient login verified by {Touch ID|fingerprint|face scan} - biometric token {bioid}{?, from {ip}}]"))


def phone_note(ctx: Ctx, b: NoteBuilder) -> None:
    rng = ctx.rng
    b.line(rng.choice(("Telephone Encounter", "TELEPHONE NOTE", "Phone call", "Nursing Telephone Triage")))
    b.line(ctx.t("{date:note} {time}"))
    b.blank()
    b.line(ctx.sent(*ctx.some((
        "Spoke with {pt_name} at {phone:home}.", "Call from {his} {rel} at {rel_phone} regarding {cc}.",
        "{He} reports {cc} since {date:weekday}; denies chest pain.", "Reviewed INR of {1.8|2.6|3.9} from {date:recent}; Coumadin dose adjusted.",
        "Advised to go to {hosp} ED if worse.", "Appointment made with {dr:pcp} for {date:future}.",
        "Pharmacy ({city_only}) called re: prior auth for {med}; faxed to {fax:any}.", "Left message on voicemail to call back {phone:clinic}{? {ext}}.",
    ), (3, 5))))
    b.blank()
    signature(ctx, b, rng.choice(("nurse", "pcp", "np")))


NOTE_TYPES: dict[str, Callable[[Ctx, NoteBuilder], None]] = {
    "discharge_summary": discharge_summary,
    "progress_note": progress_note,
    "clinic_note": clinic_note,
    "radiology_report": radiology_report,
    "letter": letter,
    "ed_note": ed_note,
    "operative_note": operative_note,
    "social_work_note": social_work_note,
    "referral_fax": referral_fax,
    "portal_message": portal_message,
    "phone_note": phone_note,
}

MIXED_WEIGHTS = {
    "clinic_note": 20, "discharge_summary": 14, "progress_note": 9, "ed_note": 10, "letter": 11,
    "radiology_report": 8, "operative_note": 6, "social_work_note": 7, "referral_fax": 6, "portal_message": 6,
    "phone_note": 3,
}
# The i2b2 2014 corpus is mostly outpatient notes and letters of diabetic patients.
I2B2_WEIGHTS = {"clinic_note": 45, "letter": 20, "discharge_summary": 12, "ed_note": 8, "progress_note": 6,
                "phone_note": 3, "social_work_note": 3, "radiology_report": 3}
