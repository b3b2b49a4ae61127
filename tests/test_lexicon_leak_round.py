"""Forms of the leak check's tuning-side redraws (issue 17): slashed job titles, ... and their look-alikes."""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found  # noqa: F401  (det is a fixture)

# ----------------------------------------------------------------------------- slashed job titles


@pytest.mark.parametrize(
    "text, value",
    [
        ("He was working as a garment/textile technologist when the symptoms began.", "garment/textile technologist"),
        ("Her husband is an emergency planning/management officer. The femur was delivered.",
         "emergency planning/management officer"),
        ("Her husband is a television/film/video producer. Pedicles were sealed.", "television/film/video producer"),
        ("Occupation: international aid/development worker. Event logged.", "international aid/development worker"),
        ("OCCUPATION: PLANT BREEDER/GENETICIST. THE PATIENT", "PLANT BREEDER/GENETICIST"),
        ("she works as a commercial/residential surveyor. ent was clear.", "commercial/residential surveyor"),
    ],
)
def test_slashed_job_titles(det, text, value):
    assert ("PROFESSION", value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "He is a smoker/drinker and uses ETOH/drugs.",
        "Occupation: retired/disabled.",
        "The patient is a 45 y/o male with nausea/vomiting.",
        "She is a planning/management problem.",
    ],
)
def test_slashes_that_are_no_job_title(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"PROFESSION"}


# ----------------------------------------------------------------------------- institutions


@pytest.mark.parametrize(
    "text, value",
    [
        ("Imaging from Children'S Hospital Of New Jenniferbury was reviewed. All in all",
         "Children'S Hospital Of New Jenniferbury"),
        ("Outside records were requested from Children'S Hospital Of South Brett.", "Children'S Hospital Of South Brett"),
        # a firm's double-barrelled name in lower case: in a slot, after a name on a cc line, in a signature block
        ("She was transferred from tolak-small for further care.", "tolak-small"),
        ("cc: interpreter Ivonne Rosario, gilmore-vu", "gilmore-vu"),
        ("cc: Dictated by: M. Lopez, berry-kim", "berry-kim"),
        ("PT Cora M.\nnecci-hunter\nPhone 9174743623  Fax +48 736 978 123", "necci-hunter"),
        ("cc: Prof. Alex Courtois, da Luz-Silva", "da Luz-Silva"),
    ],
)
def test_institutions_of_the_leak_check(det, text, value):
    assert ("HOSPITAL", value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "She was transferred from jackson-pratt drain output.",
        "Output from the jackson-pratt was 20 mL.",
        "She was transferred from short-term rehab.",
        "He was seen at Boston Medical Center And Saint Elizabeth today.",
        "cc: Drs. Smith, Brown and Jones",
        "Dr. Smith\nwolff-parkinson-white\nPhone 555-1234",
    ],
)
def test_no_institution(det, text):
    assert not {v for lab, v in found(det, text) if lab in ("HOSPITAL", "ORGANIZATION")} - {"Boston Medical Center"}


# ----------------------------------------------------------------------------- the note's first line


@pytest.mark.parametrize(
    "text, name",
    [
        ("naosie broown, 12/26/08\nINDICATIONS FOR PROCEDURE: The patient", "naosie broown"),
        ("Blil Raghvan, November 2, 2023\nINTERPRETATION: MRI of the cervical spine", "Blil Raghvan"),
        ("Leeela Narin, 08.10.2017\nCAUDAL EPIDURAL STEROID INJECTION", "Leeela Narin"),
    ],
)
def test_misspelt_name_on_the_first_line(det, text, name):
    assert ("PATIENT", name) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Brachytherapy, 12/3/2008\nThe patient was seen.",
        "Left knee arthroscopy, 12/3/2008\nThe patient was seen.",
        "Cholecystectomy laparoscopic, 12/3/2008\nThe patient was seen.",
        "Esophagogastroduodenoscopy, 12/3/2008\nThe patient was seen.",
    ],
)
def test_no_name_on_the_first_line(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"PATIENT", "DOCTOR"}


# ----------------------------------------------------------------------------- people


@pytest.mark.parametrize(
    "text, name",
    [
        ("Stenosis less than 50%.  I spoke with dr. Swan by phone. Peak velocity is normal.", "Swan"),
        ("I spoke with dr. a. smith by phone.", "a. smith"),
        ("Thank you for referring Miss a. hayrioğlu. Please call with any questions.", "a. hayrioğlu"),
        ("Electronically signed by LPN a. walton on 2005-01-16.", "a. walton"),
        ("The patient's daughter, i.b. wilson, is the health care proxy.", "i.b. wilson"),
        ("Case reviewed with cc: esther borges and a.g. turpin. On exam, calm.", "a.g. turpin"),
        ("Lisinopril 20 mg p.o. q.a.m.,14.  Daisy Clark was seen today accompanied by her husband.", "Daisy Clark"),
        ("Arterial obstructive disease., Anna states the pain is better today.", "Anna"),
        ("The knee was examined.  April Bush was seen today accompanied by her husband.", "April Bush"),
        ("The knee was examined.  Honor Rice was seen today accompanied by her husband.", "Honor Rice"),
        ("The patient appeared well.\n\nMark Day\nSt Francis's Mercy Hospital\nPhone 950.128.8429", "Mark Day"),
    ],
)
def test_people_of_the_leak_check(det, text, name):
    assert name in {v for lab, v in found(det, text) if lab in ("PATIENT", "DOCTOR")}


@pytest.mark.parametrize(
    "text",
    [
        "Take 2 tabs at 8 a.m. with nurse a. the patient was calm.",
        "She has vitamin a. deficiency and vitamin e. excess, i.e. both.",
        "Mr. a. was seen.",
        "The knee was examined.  Pain Clinic was seen today accompanied by her husband.",
        "Thanks.\n\nDay Surgery\nMain Building\nPhone 555-1234",
        "Blood pressure 120/80., Will continue the same medications.",
        "Labs drawn.,14.  Grace period for the payment ends.",
    ],
)
def test_no_people(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"PATIENT", "DOCTOR"}


@pytest.mark.parametrize(
    "text, value, labels",
    [
        ("cc: fellow T. Mall, FCMH", "FCMH", ("HOSPITAL",)),
        ("cc: Dr A. van Hagen, HGMH", "HGMH", ("HOSPITAL",)),
        ("cc: D. Scarpetta, Children's Hospital of South Amber", "Children's Hospital of South Amber", ("HOSPITAL",)),
        ("With his father.\n\nSandy E.\nMass Gneeral\nPhone 489-188-6671", "Sandy E.", ("DOCTOR",)),
        ("With his father.\n\nSandy E.\nMass Gneeral\nPhone 489-188-6671", "Mass Gneeral", ("HOSPITAL",)),
        ("With his daughter.\n\nYoung\nPHDH\nPhone 09565857302  Fax 338.187.2550", "Young", ("DOCTOR",)),
        ("Dictated by Nurse June T.; transcribed April 7, 1993.", "June T.", ("DOCTOR",)),
        ("Dictated by SLP Honor T.; transcribed 17 Dec 2022.", "Honor T.", ("DOCTOR",)),
        ("Trachea in the midline.  Emergency contact is Honor Pau at 05 59 89 09 68.", "Honor Pau", ("PATIENT",)),
        ("Emergency contact is Honor Escobar-Karlsson at +1 359 384 4375.", "Honor Escobar-Karlsson", ("PATIENT",)),
    ],
)
def test_signatures_and_contacts_of_the_leak_check(det, text, value, labels):
    assert value in {v for lab, v in found(det, text) if lab in labels}


@pytest.mark.parametrize(
    "text",
    [
        "The Children's Hospital of the Future program.",
        "Emergency contact is her husband at home.",
        "Follow up.\n\nThanks\nclinic staff\nPhone 555-1234",
    ],
)
def test_no_signature_or_contact(det, text):
    assert not {v for lab, v in found(det, text)} - {"Thanks"}


# ----------------------------------------------------------------------------- forms of the synthetic dev set


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("4. Form for Boeing completed (return to work 5/27).", "Boeing", "ORGANIZATION"),
        ("5. Form for O'Leary-Dixon completed (return to work March 25th).", "O'Leary-Dixon", "ORGANIZATION"),
        ("Diet.\n\nDolian Wade\nCc: Dr. Burnett", "Dolian Wade", "DOCTOR"),
        ("Program.\n\nFrartia Dranman-Alexander\ncc: Dr. Rhodes", "Frartia Dranman-Alexander", "DOCTOR"),
    ],
)
def test_dev_forms(det, text, value, label):
    assert (label, value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Form for FMLA completed.",
        "Form for disability completed.",
        "Form for Physical Therapy completed.",
        "Plan.\n\nFollow Up\ncc: Dr. Rhodes",
        "Plan.\nInternal Medicine\ncc: Dr. Rhodes",
    ],
)
def test_no_dev_forms(det, text):
    assert not {v for lab, v in found(det, text)} - {"Rhodes"}
