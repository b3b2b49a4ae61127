"""Blocks many synthetic note types share: headers, signatures, medication, problem, vital, exam and lab lines, histories.

Split out of ``templates.py`` so that module holds the note types alone."""

from __future__ import annotations

from datetime import timedelta
from . import clinical as C
from . import dates as D
from .builder import NoteBuilder, Phi, Piece, plain, upper
from .context import Ctx


def record_date(ctx: Ctx, b: NoteBuilder) -> None:
    """The first line of every i2b2 2014 record."""
    b.line("Record date: ", ctx.s_date("iso"))
    b.blank(ctx.rng.choice((1, 1, 2, 4)))


def patient_header(ctx: Ctx, b: NoteBuilder, kind: str = "visit") -> None:
    rng = ctx.rng
    style = rng.randrange(7)
    date_label = {"visit": rng.choice(("Date of Service", "Visit Date", "Date of Visit", "DOS", "Date")),
                  "admission": rng.choice(("Dictation Date", "Report Date", "Date of Dictation")), "ed": "Arrival Date",
                  "op": "Date of Surgery"}.get(kind, "Date")
    if style == 0:
        left = ["Patient Name: ", ctx.s_pt_header()]
        pad = " " * max(2, 40 - len(plain(left)))
        b.line(left, pad, rng.choice(("MRN: ", "MR#: ", "Med Rec #: ", "Unit No: ")), ctx.s_mrn())
        dob = ["DOB: ", ctx.s_date("dob_any")]
        pad = " " * max(2, 40 - len(plain(dob)))
        b.line(dob, pad, rng.choice((["Age: ", ctx.s_age_n()], ["Sex: ", ctx.s_mf()], [ctx.s_age_n(), " y.o. ", ctx.s_sex()])))
        b.line(date_label + ": ", ctx.s_date("note"))
    elif style == 1:
        b.line(ctx.s_pt_header(), "   ", rng.choice(("MRN ", "#", "MR# ", "")), ctx.s_mrn(), "   DOB ", ctx.s_date("dob_any"),
               rng.choice(("", ["   Acct ", ctx.s_acct()], ["   Age ", ctx.s_age_n()])))
    elif style == 2:
        b.line("Name: ", ctx.s_pt_full())
        b.line(rng.choice(("Medical Record #: ", "MRN: ", "Unit Number: ", "Hospital #: ")), ctx.s_mrn())
        if rng.random() < 0.5:
            b.line(rng.choice(("Account #: ", "Acct No: ", "Billing #: ", "Encounter #: ")), ctx.s_acct())
        if kind != "admission":
            b.line(date_label + ": ", ctx.s_date("note"))
    elif style == 3:
        b.line(upper([ctx.s_hosp_full()]), " ", rng.choice(("EMERGENCY DEPT VISIT", "INTERNAL MEDICINE ASSOCIATES", "PROGRESS NOTE",
                                                             "CLINIC NOTE", "ADULT MEDICINE", "DISCHARGE SUMMARY")))
        b.blank()
        b.line(ctx.s_pt_header(), "   ", ctx.s_mrn(), "          ", rng.choice(("VISIT DATE: ", "DATE: ", "")), ctx.s_date("note"))
    elif style == 4:
        b.line(rng.choice(("RE: ", "Re: ", "Patient: ")), ctx.s_pt_full(), rng.choice(("", ["  (", ctx.s_mrn(), ")"])))
        b.line(rng.choice(("DOB: ", "Date of Birth: ", "D.O.B. ")), ctx.s_date("dob_any"))
    elif style == 5:
        b.line(rng.choice(("PATIENT: ", "Patient: ")), ctx.s_pt_header(), "  ", rng.choice(("MRN: ", "ID: ")), ctx.s_mrn(),
               rng.choice(("", ["  SSN: ", ctx.s_ssn()])))
        b.line(rng.choice(("Provider: ", "Attending: ", "Seen by: ")), ctx.s_prov("attending"))
        b.line(date_label + ": ", ctx.s_date("note"), "  ", ctx.s_time())
    else:
        return  # narrative only: no header block
    b.blank(rng.choice((1, 1, 2)))


def signature(ctx: Ctx, b: NoteBuilder, role: str = "attending") -> None:
    rng = ctx.rng
    style = rng.randrange(10)
    if style == 0:
        b.line(rng.choice(("Electronically signed by ", "Electronically signed by: ", "E-signed by ")), ctx.s_prov(role),
               " on ", ctx.s_date("note"), " ", ctx.s_time())
    elif style == 1:
        b.line("_" * rng.choice((20, 30, 34)))
        b.line(ctx.s_prov(role))
        if rng.random() < 0.6:
            b.line(rng.choice(("Pager ", "pager #", "Pgr: ", "Beeper ")), ctx.s_pager())
    elif style == 2:
        b.line("Dictated by: ", ctx.s_prov(role))
        b.line("DD: ", ctx.s_date("note"), rng.choice(("  ", " ")), "DT: ", ctx.s_date("note"))
        b.line(ctx.s_init(role), rng.choice(("/", ":", "/")), rng.choice(("kk", "jm", "tr", "sbh", "lw", "mdf")))
        if rng.random() < 0.6:
            b.line(rng.choice(("Job #: ", "Job No. ", "eScription document: ", "Doc #: ")), ctx.s_idnum("escription" if rng.random() < 0.5 else ""))
    elif style == 3:
        b.line(rng.choice(("Sincerely,", "Signed,", "")))
        b.blank()
        b.line(ctx.s_prov(role))
        b.line(rng.choice(("Attending Physician", "Internal Medicine", "Division of Cardiology", "Hospitalist Service",
                           "Department of Medicine", "Primary Care")))
        b.line(ctx.s_hosp_full())
        b.line("Tel ", ctx.s_phone("clinic"), rng.choice(("  Fax ", " | Fax: ", "\nFax: ")), ctx.s_fax("clinic_fax"))
    elif style == 4:
        b.line("Signed: ", ctx.s_doc(role), " ", ctx.cast.credentials[role], " ", ctx.s_date("note"), " ", ctx.s_time())
    elif style == 5:
        b.line(rng.choice(("/s/ ", "-- ", "")), ctx.s_doc(role))
    elif style == 6:
        b.line(ctx.s_init(role))
    elif style == 7:
        b.line("Entered by: ", ctx.s_user(role), " (", ctx.s_doc(role), ") ", ctx.s_date("note"), " ", ctx.s_time())
    elif style == 8:
        b.line(ctx.s_doc(role), rng.choice((", ", " ")), ctx.cast.credentials[role], rng.choice(("  pager ", "  #", " p ", "  pgr ")), ctx.s_pager())
    else:
        b.line(ctx.s_prov(role))
        b.line(rng.choice(("Attending, ", "Staff physician, ", "")), ctx.s_hosp())
    if rng.random() < 0.3:
        cc_names: list[Piece] = []
        for k in range(rng.choice((1, 1, 2, 3))):
            if k:
                cc_names.append(rng.choice(("; ", ", ", "\n    ")))
            cc_names.extend(rng.choice((ctx.s_dr("pcp"), ctx.s_prov("consultant"), ctx.s_dr("referrer"), ctx.s_other_doc())))
        b.line(rng.choice(("cc: ", "CC: ", "Cc: ", "cc:  ")), cc_names)


def followup_lines(ctx: Ctx) -> list[list[Piece]]:
    pool = [
        lambda: ctx.t("{dr:pcp} in {1-2|2|3|4} weeks{?; call {phone:clinic} to schedule}."),
        lambda: ctx.t("Appointment with {prov:consultant} at {clinic} on {date:future} at {10:30 AM|2:15 PM|9:00|1:40pm}."),
        lambda: ctx.t("{Cardiology|Nephrology|Endocrine|GI|Pulmonary} clinic, {dr:consultant}, {date:future}. Phone: {phone:clinic}."),
        lambda: ctx.t("PCP: {prov:pcp}, {clinic}, tel. {phone:clinic}, fax {fax:clinic_fax}"),
        lambda: ctx.t("Labs (CBC, BMP) on {date:future} at {hosp} lab."),
        lambda: ctx.t("Call {dr:attending}'s office at {phone:clinic}{? {ext}} with any questions."),
        lambda: ctx.t("Follow up with {dr:surgeon} in the {Surgery|Orthopedic|Vascular} clinic in 2 weeks for wound check."),
        lambda: ctx.t("VNA: {vna}{? ({phone:any})} will see the patient at home within 48 hours."),
    ]
    return [f() for f in ctx.some(pool, (2, 4))]


def med_lines(ctx: Ctx, k: tuple[int, int] = (3, 9)) -> list[list[Piece]]:
    drugs = ctx.rng.sample(C.HOME_DRUGS, ctx.rng.randint(*k))
    style = ctx.med_style
    return ctx.bullets([[C.med_line(ctx.rng, d, style)] for d in drugs])


def problem_lines(ctx: Ctx, k: tuple[int, int] = (3, 8), pool: tuple[str, ...] = C.CHRONIC_PROBLEMS) -> list[list[Piece]]:
    items = []
    dated = ctx.rng.random() < 0.5  # some record systems date every entry, most do not
    for p in ctx.some(pool, k):
        r = ctx.rng.random()
        if dated and r < 0.6:
            items.append([p, " (", *ctx.s_date("year"), ")"])
        elif r < 0.15:
            items.append([p, ", diagnosed ", *ctx.s_date("prior")])
        elif r < 0.2:
            items.append([p, " - followed by ", *ctx.s_other_doc()])
        else:
            items.append([p])
    return ctx.bullets(items)


def vital_lines(ctx: Ctx, prefix: str) -> list[list[Piece]]:
    v = ctx.s_vitals()
    if "\n" in v:  # the one-per-line layout carries its own labels
        return [[ln] for ln in v.split("\n")]
    return [[prefix, v]]


def exam_lines(ctx: Ctx, k: tuple[int, int] = (4, 8)) -> list[list[Piece]]:
    systems = list(C.EXAM)
    chosen = [s for s in systems if s in ctx.some(systems, k)]
    out = []
    sep = ctx.rng.choice((": ", ": ", " - ", ":  "))
    for s in chosen:
        out.append([ctx.rng.choice(C.EXAM_ALIASES[s]) + sep] + ctx.t(ctx.rng.choice(C.EXAM[s])))
    return out


def lab_trend(ctx: Ctx, panels: tuple[str, ...]) -> list[list[Piece]]:
    """A table with one column per date, as record systems print lab trends."""
    rng, tl = ctx.rng, ctx.tl
    ndays = rng.randint(2, 4)
    start = tl.admit if ctx.note_type in ("discharge_summary", "progress_note") else tl.before(rng, 3, 400)
    if ctx.note_type == "ed_note":
        start = tl.before(rng, 20, 200)  # prior values from the record, then today's
    dates = sorted({start + timedelta(days=rng.randint(0, 6) * (k + 1)) for k in range(ndays)})
    style = rng.choice(("mm/dd/yy", "m/d", "mm/dd", "m/d/y", "mm/dd/Y"))
    cols = [D.format_date(d, style) for d in dates]
    width = max(len(c) for c in cols) + 2
    head: list[Piece] = [" " * 14]
    for c in cols:
        head += [Phi(c, "DATE"), " " * (width - len(c))]
    rows: list[list[Piece]] = [head]
    for p in [p for p in panels if p in ("chem", "cbc", "lfts", "coags")][:2]:
        for n in C.PANELS[p]:
            vals = [C.lab_value(rng, n) for _ in cols]
            rows.append([f"{n:<14}" + "".join(f"{v:<{width}}" for v in vals).rstrip()])
    return rows


def lab_block(ctx: Ctx, panels: tuple[str, ...]) -> list[list[Piece]] | list[Piece]:
    rng = ctx.rng
    r = rng.random()
    if r < 0.2:
        return lab_trend(ctx, panels)
    r = rng.random()
    if r < 0.35:
        return [[ln] for ln in C.lab_table(rng, panels)]
    if r < 0.5 and "chem" in panels:
        return [[ln] for ln in C.lab_fishbone(rng).split("\n")] + [[C.lab_inline(rng, p)] for p in panels if p != "chem"]
    if r < 0.75:
        inpatient = ctx.note_type in ("discharge_summary", "progress_note", "ed_note")
        head: list[Piece] = ctx.t("{Labs on admission|Admission labs|On {date:admit}|Labs {date:recent}|Today}: " if inpatient
                                  else "{Labs {date:recent}|On {date:recent}|Today|Recent labs ({date:recent})}: ")
        return head + ["; ".join(C.lab_inline(rng, p) for p in panels) + "."]
    return [[rng.choice(("", "  ")), C.lab_inline(rng, p)] for p in panels]


WORK_SENTENCES = (
    "{He} is a retired {prof}.", "{He} works as {a_prof} at {employer}.", "Former {prof}, retired in {date:year}.",
    "Works as {a_prof}{? for {employer}}.", "{He} is {a_prof} by trade.", "{He} works part-time as {a_prof}.",
    "Retired from {employer} in {date:year}, where {he} was {a_prof}.", "{He} is {a_prof}, currently on leave.",
    "Occupation: {prof}.", "{He} used to work as {a_prof} in {city}.",
)


def social_history(ctx: Ctx) -> list[Piece]:
    pool = (
        "{He} lives with {his} {rel} in {pt_city}.",
        "Lives alone in an apartment in {pt_city}; {his} {rel} checks on {him} daily.",
        "Originally from {country}, moved to {pt_city} in {date:year}.", "Born in {country}; came to the US in {date:year}.",
        "Married, {2|3|4} children.", "Widowed since {date:year}.", "{He} has a {rel_word} who is {a_rel_prof}.",
        "Quit smoking in {date:year}; {20|30|40} pack-years.", "Moved in with {his} {rel_word} in {date:season}.", "Drinks {1-2 beers on weekends|a glass of wine nightly|no alcohol}.",
        "No illicit drug use.", "Denies tobacco, EtOH, drugs.", "Attends {church} services weekly.",
        "Volunteers at {church} on weekends.",
        "Recently returned from a trip to {country:any}.", "Enjoys fishing at {landmark:outdoor}.", "Walks daily at {landmark:outdoor}.",
        "Spends summers near {landmark}.",
        "{His} {rel_word} lives in {rel_city:0} and visits on weekends.",
    )
    chosen = ctx.some(pool, (1, 3))
    if ctx.rng.random() < 0.75:
        chosen.insert(ctx.rng.randrange(len(chosen) + 1), ctx.rng.choice(WORK_SENTENCES))
    return ctx.sent(*chosen)


def family_history(ctx: Ctx) -> list[Piece]:
    pool = (
        "Mother with {diabetes|breast cancer|CAD|hypertension}, died at {age_rel}.",
        "Father had an MI at age {age_rel}.", "Mother died of a stroke {age_decade}.", "Father with prostate cancer, died {age_decade}.", "Brother with {colon cancer|type 2 diabetes|Crohn's disease}.",
        "No family history of sudden cardiac death.", "Sister ({age_rel}) with {lupus|Graves' disease|multiple sclerosis}.",
        "Noncontributory.", "Both parents with diabetes.", "Maternal grandmother had Alzheimer's dementia.",
    )
    return ctx.sent(*ctx.some(pool, (1, 3)))


def hpi_opening(ctx: Ctx) -> list[Piece]:
    pool = (
        "{Pt_name} is {a_age} {man} with {a history of|h/o|PMH significant for|a PMH of} {problem}, {problem} and {problem} who presents with {cc}.",
        "{age_cap} {man} with {problem} and {problem}, presenting with {cc}.",
        "This is {a_age} {man} {with|w/} {problem} who {was transferred from {hosp2}|presents to the ED|was sent in by {dr:pcp}} with {cc}.",
        "{Pt_name}, {age_years}, has a history of {problem} and {problem}. {He} comes in today with {cc}.",
        "Pt is {a_age} {man} w/ {problem}, {problem} p/w {cc}.",
        "{Pt_name} is {age_years} and is well known to {me|our service|{dr:attending}}. {He} has {problem} and was last seen on {date:prior}.",
        "{Pt_name}, a {man} {age_decade} with {problem}, was brought in by ambulance after being found down at {landmark}.",
    )
    return ctx.sent(ctx.rng.choice(pool))
