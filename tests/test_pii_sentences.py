"""General PII sentences (issue 15, text this team did not write): street forms of many countries.

Positive cases are the forms real letters and messages use: the street type first
("Rue", "Via", "ul."), fused onto the name ("-straat", "-katu", "-vägen") or last
("utca", "vei"), a flat or suite number, a second number before the house number,
and the lines of a block under a street. Negative cases are clinical text with the
same words or shapes ("via a catheter", "Suite" as a word, headings under an address)
that must stay untouched.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def values(text: str, *labels: str) -> set[str]:
    return {text[s.start : s.end] for s in detect_rules(text) if not labels or s.label in labels}


def covered(text: str, value: str) -> bool:
    """Every character of ``value`` (first occurrence) lies in some rule span."""
    a = text.index(value)
    spans = detect_rules(text)
    return all(any(s.start <= i < s.end for s in spans) for i in range(a, a + len(value)) if not text[i].isspace())


@pytest.mark.parametrize(
    "text, street",
    [
        ("Her new address is 12 Rue des Lilas 3, Lyon.", "12 Rue des Lilas 3"),
        ("He stays at Via Garibaldi 27 while in Turin.", "Via Garibaldi 27"),
        ("Send it to 8 via giuseppe verdi 114 please", "8 via giuseppe verdi 114"),
        ("Ship to ul. Długa 45, Gdańsk", "ul. Długa 45"),
        ("Calle Mayor 15, 3º: the old flat", "Calle Mayor 15"),
        ("Her sister lives at Keizersgracht 212 in Amsterdam.", "Keizersgracht 212"),
        ("The office moved to 5 Mannerheimintie 40, Helsinki.", "5 Mannerheimintie 40"),
        ("Contact: Drottninggatan 88, Stockholm", "Drottninggatan 88"),
        ("He grew up on Van Baerlestraat 17.", "Van Baerlestraat 17"),
        ("They rent a room at Andrássy út 22., Budapest", "Andrássy út 22"),
        ("Mail goes to Karl Johans gate 5 in Oslo", "Karl Johans gate 5"),
        ("lives at 14 bergstrasse 9 with her son", "14 bergstrasse 9"),
    ],
)
def test_street_forms_of_many_countries(text: str, street: str) -> None:
    assert covered(text, street)


@pytest.mark.parametrize(
    "text",
    [
        "Given 2 via nasogastric tube and 1 via PEG.",
        "Heparin 5000 units via IV 3 times daily.",
        "We would rue the day we stopped 2 of them.",
        "She tied a necktie 2 times for practice.",
        "Blood pressure 120/80, weight 70 kg, via the clinic scale 2 readings.",
        "Investigate 2 options and update 3 orders.",
    ],
)
def test_street_forms_leave_clinical_text(text: str) -> None:
    assert not values(text, "STREET")


def test_flat_and_suite_numbers_beside_a_street() -> None:
    text = "Mr. Paul Weiss Suite 410 2250 Oak Ridge Drive\nAustin TX 78701"
    assert "Suite 410" in values(text, "STREET")
    assert not values("She could not sleep in the suite 2 nights ago.", "STREET")  # no street in the note
    assert not values("Apt 3 is what she calls her unit of care; no address given.", "STREET")


def test_a_second_number_before_the_house_number() -> None:
    text = "Her address: 21 3314 Harley Brook Lane, Altoona"
    assert "21 3314 Harley Brook Lane" in values(text, "STREET")
    assert "21 3314 Harley Brook Lane" not in values("Dose 2 3314 Harley Brook Lane", "STREET")


def test_the_lines_of_a_block_under_a_street() -> None:
    text = "Please write to 30 Tawastintie 72\n Suite 521\n LAHTI\n Finland 34758 before Friday."
    for piece in ("Suite 521", "LAHTI", "34758"):
        assert covered(text, piece), piece
    text = "Address: 25 51 Karaka Street\nApeldoorn, GE 23130 for the refund"
    assert {"Apeldoorn", "GE", "23130"} <= values(text)
    text = "Address: 81 1991 Dikbas Road\nTrancoso\n, GU\n 59797"
    assert covered(text, "GU") and covered(text, "59797")


def test_a_block_stops_at_prose_and_headings() -> None:
    text = "He lives at 12 Oak Street\nAssessment\nStable, seen today."
    assert values(text) == {"12 Oak Street"}
    text = "He lives at 12 Oak Street\nHe was seen today in clinic"
    assert values(text) == {"12 Oak Street"}


def test_streets_told_by_their_numbers_and_a_flat() -> None:
    text = "Her address is 14 Ravnsborggade 9 Apt. 22, Nørrebro"
    assert covered(text, "14 Ravnsborggade 9 Apt. 22")
    text = "Ms. Ana Petrov Apt. 7 18 Kalnciema 40\nRiga LV 1048"
    assert covered(text, "Apt. 7 18 Kalnciema 40") and covered(text, "1048")
    assert not values("Take 2 tablets 3 Apt. 4 dose", "STREET") - {"Apt. 4"}


def test_the_town_after_a_street_and_a_comma() -> None:
    assert "Calascibetta" in values("They wrote from 51 Prinsenstraat 186, Calascibetta, Italy", "CITY")
    assert not values("He lives at 12 Oak Street, Patient denies pain.", "CITY")


def test_a_letterhead_over_a_street() -> None:
    text = "Brightwater Analytics\n\n39 Laugarvegur 77\nReykjavik"
    assert "Brightwater Analytics" in values(text, "ORGANIZATION")
    text = ">Janet Moss\n>Quillfeather\n>12 Hoogstraat 5\n>Suite 4"
    assert "Quillfeather" in values(text, "ORGANIZATION")
    for heading in ("SOCIAL HISTORY", "He was seen today.", "Follow up in clinic"):
        assert not values(f"{heading}\n12 Oak Street", "ORGANIZATION"), heading


def test_more_pieces_of_one_line_addresses() -> None:
    text = "Mrs. Lena Holm Suite 12 7 3301 Birchwood Lane\nDenver CO 80203"
    assert covered(text, "7 3301 Birchwood Lane")
    text = "Send it to 12 Pohjoisranta 9 Apt. 31 Kallio Finland."
    assert covered(text, "Kallio")
    text = "Her address: 5 Vestergade 3 Apt. 2, Odense, Denmark 5000"
    assert "5000" in values(text, "ZIP")
    assert not values("He lives at 12 Oak Street, Apt. 4 He was seen", "CITY") - {"Apt"}  # "Apt" as a city is older
    assert not values("Moved to Denmark 2005 with 12 Oak Street friends", "ZIP")


# ---------------------------------------------------------------- companies (lexicon)


from phisift.detect.lexicon.detector import LexiconDetector  # noqa: E402

_LEXICON = LexiconDetector()


def orgs(text: str) -> set[str]:
    return {text[s.start : s.end] for s in _LEXICON.detect(text) if s.label == "ORGANIZATION"}


@pytest.mark.parametrize(
    "text, firm",
    [
        ("Since 2019 she has worked on contracts for Quillon Systems and likes it.", "Quillon Systems"),
        ("The pilot was funded by Brightwater Analytics last spring.", "Brightwater Analytics"),
        ("They sold the patent to Harbor Light Technologies in 2010.", "Harbor Light Technologies"),
        ("An offer came from Marrow Ridge Consulting Group.", "Marrow Ridge Consulting Group"),
        ("He left Tessaly Research after a year.", "Tessaly Research"),
    ],
)
def test_companies_by_their_trade_head(text: str, firm: str) -> None:
    spans = [s for s in _LEXICON.detect(text) if s.label == "ORGANIZATION"]
    a = text.index(firm)
    assert all(any(s.start <= i < s.end for s in spans) for i in range(a, a + len(firm)) if text[i] != " ")


@pytest.mark.parametrize(
    "text",
    [
        "Review of Systems: negative except as noted.",
        "REVIEW OF SYSTEMS: Negative.",
        "She attends a Support Group every week.",
        "Solutions to the problem were discussed with Clinical Research staff.",
        "Social Services was consulted for placement.",
        "Respiratory Therapy and Home Health Services will follow.",
        "COURSE: Admission Labs: FEV1 1.17, FVC 2.19.",
        "A Hand Innovations DVR plate of regular size was fashioned.",
        "iCAD SecondLook Software Version 7.2 was utilized.",
    ],
)
def test_company_heads_leave_clinical_text(text: str) -> None:
    assert not orgs(text)


# ---------------------------------------------------------------- towns and people in slots


def lexicon_found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in _LEXICON.detect(text)}


def test_a_firms_town() -> None:
    text = "She spent a year at Quillon Systems in Vranov nad Topľou, then left."
    assert ("Vranov nad Topľou", "CITY") in lexicon_found(text)
    assert not any(lab == "CITY" for _, lab in lexicon_found("He works at Quillon Systems in Internal Medicine billing."))
    assert not any(lab == "CITY" for _, lab in lexicon_found("She joined Quillon Systems in March."))


def test_the_connectors_of_a_town_found_in_parts() -> None:
    text = "She lives in Villafranca del Cid now."
    spans = [s for s in _LEXICON.detect(text) if s.label == "CITY"]
    a = text.index("Villafranca del Cid")
    assert all(any(s.start <= i < s.end for s in spans) for i in range(a, a + len("Villafranca del Cid")) if text[i] != " ")
    assert not any(lab == "CITY" and "de" in v for v, lab in lexicon_found("Seen in Boston de la Clinic today."))


def test_home_town_cues() -> None:
    assert ("Kvitsøyvik", "CITY") in lexicon_found("Her home town Kvitsøyvik flooded again.")
    assert ("Orrelstad", "CITY") in lexicon_found("The firm is based in Orrelstad.")
    assert ("UIHC", "HOSPITAL") in lexicon_found("The titers were not known when she arrived at UIHC.")


@pytest.mark.parametrize(
    "text, name",
    [
        ("What name is on the account? User: Dorota Wielgosz", "Dorota Wielgosz"),
        ("account holder check. user: marek janowski", "marek janowski"),
    ],
)
def test_a_person_after_user_is_no_login(text: str, name: str) -> None:
    assert name in values(text, "PATIENT")


def test_logins_after_user_stay_logins() -> None:
    assert values("User: jsmith42 logged in", "USERNAME") == {"jsmith42"}
    assert values("login: jdoe ok", "USERNAME") == {"jdoe"}
    assert not values("User: nursing staff", "PATIENT")


# ---------------------------------------------------------------- payment cards


@pytest.mark.parametrize(
    "text, card",
    [
        ("My card number is 4929395296999067", "4929395296999067"),
        ("The card number is 371449635398431.", "371449635398431"),
        ("Please charge 4716 4245 2151 1864 today", "4716 4245 2151 1864"),
        ("card 5167-4742-5594-1416 expires 05/27", "5167-4742-5594-1416"),
        ("Amex: 3782 822463 10005", "3782 822463 10005"),
    ],
)
def test_payment_cards(text: str, card: str) -> None:
    assert card in values(text, "ACCOUNT")


@pytest.mark.parametrize(
    "text",
    [
        "Platelet count is 4929395296999068 per liter.",  # fails the Luhn check
        "Viral load is 1500000000000 copies.",
        "Phone 617-555-1234, fax 617-555-1235.",
        "Lot 4716 4245 2151 1865 was used.",  # groups that fail the Luhn check
    ],
)
def test_no_card_without_its_check(text: str) -> None:
    assert not values(text, "ACCOUNT")


def test_street_crossings() -> None:
    text = "We met at the corner of 210 Ashby Avenue and Telegraph Street yesterday."
    assert "the corner of 210 Ashby Avenue and Telegraph Street" in values(text, "STREET")
    assert "the corner of Main and 5th Street" in values("Meet me at the corner of Main and 5th Street.", "STREET")
    for text in ("He sat in the corner of the room and the hallway.", "The corner of the mouth and lip were numb.",
                 "A lesion at the corner of the eye and the nose bridge."):
        assert not values(text, "STREET"), text


def test_the_other_firms_of_a_list() -> None:
    text = "Her clients were Quillon Systems, Vardento and Merriwick Holt."
    assert {"Vardento", "Merriwick Holt"} <= orgs(text)
    assert orgs("She worked for Quillon Systems, then Zoloft and Prozac were stopped.") == {"Quillon Systems"}
    assert orgs("Quillon Systems, Tylenol and Motrin were listed.") == {"Quillon Systems"}


def test_blocks_told_by_their_lines() -> None:
    text = "Ship it to 54 Koivu 36\nKERAVA\n, UU\n 04200 please"
    assert "54 Koivu 36" in values(text, "STREET") and covered(text, "UU") and covered(text, "04200")
    assert not values("Took 2 tablets 3\nDaily\n, QD\n 10000", "STREET")
    text = "Address: 81 1991 Dikbas Road\nTrancoso\n, SH\n 59797"
    assert covered(text, "SH")
    text = "Send it to 63 Agip u. 96.\n Apt. 808\n Nagyvaty\n Trinidad and Tobago 79370 for the refund"
    assert "79370" in values(text, "ZIP")


def test_lower_case_street_types_before_a_name() -> None:
    assert "94 19 rue La Boétie" in values("He gave his address: 94 19 rue La Boétie, PARIS", "STREET")
    assert not values("Given 2 via PEG tube and 1 via Foley", "STREET")
    assert "63 Tylova 42" in values("Tara lives at 63 Tylova 42, Karlovy Vary", "STREET")
