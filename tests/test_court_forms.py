"""Judgment forms of issue 15's fifth round: benches, day lists, respondent States in capitals, numbered and
town-named bodies, public bodies, groups by their acronym, settlements and towns after judgment cues
(rules/court_people.py, rules/court_dates.py, lexicon/court_forms.py and the lists they extend), and the
clinical phrases that must stay untouched."""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found, texts  # noqa: F401  (det is a fixture)
from phisift.detect.rules.detector import detect_rules


def rule_texts(text: str, label: str) -> set[str]:
    return {text[s.start : s.end] for s in detect_rules(text) if s.label == label}


# -- benches (rules/court_people.py) ---------------------------------------------------------------------------

BENCH = ("the Court, sitting as a Chamber composed of:\n\tJean-Paul Costa, President,\n\tA.B. Baka,\n\tRıza Türmen,\n"
         "\tEygenia Tsoyraki, judges,\nand Theocharis Doylamis, Deputy Section Registrar,\nHaving deliberated in private")


def test_bench_list_names_every_judge_and_the_registrar():
    assert rule_texts(BENCH, "PATIENT") == {"Jean-Paul Costa", "A.B. Baka", "Rıza Türmen", "Eygenia Tsoyraki",
                                            "Theocharis Doylamis"}


@pytest.mark.parametrize("text, name", [
    ("The Chamber was composed as follows: Paylos Pischinas, President, Diamantis Theodosioy, judges, and "
     "Nikon Andreanidis, Section Registrar.", "Diamantis Theodosioy"),
    ("Nikon Andreanidis, Deputy Registrar, signed the judgment.", "Nikon Andreanidis"),
    ("JUDGMENT\n\nH. Sundaram, J.\n\n1. Leave granted.", "H. Sundaram"),
    ("A.K. Patnaik, J. delivered the judgment.", "A.K. Patnaik"),
])
def test_bench_names(text, name):
    assert name in rule_texts(text, "PATIENT")


def test_signature_block_over_its_roles():
    text = "Done in English.\n\nSantiago Quesada\tJosep Casadevall\nRegistrar\tPresident\n"
    assert rule_texts(text, "PATIENT") == {"Santiago Quesada", "Josep Casadevall"}


@pytest.mark.parametrize("text, names", [
    ("The witnesses T.Y. and M.M. stated that they had seen him.", {"T.Y.", "M.M."}),
    ("Officer Ş.A. denied this.", {"Ş.A."}),
    ("the separate opinion of Judges Lagarde and Delmas is annexed.", {"Lagarde", "Delmas"}),
    ("Judges Costa, Baka and Türmen dissented.", {"Costa", "Baka", "Türmen"}),
])
def test_initials_and_plural_judges(text, names):
    assert names <= rule_texts(text, "PATIENT")


@pytest.mark.parametrize("text", [
    "Seen by the nurse P.A. and the resident M.D. today.",
    "His son lives in the U.S. and visits.",
    "The patient was given 5 mg I.V. by the nurse.",
    "Two witnesses were present. Judges must be impartial.",
    "Plan discussed with the family.\nRegistrar follow-up President's Day clinic",
])
def test_initials_and_signature_negatives(text):
    assert rule_texts(text, "PATIENT") == set()


@pytest.mark.parametrize("text, firm", [
    ('He was employed by a private company, "Stroy-Invest", until 2004.', "Stroy-Invest"),
    ('The article appeared in the daily "Hürriyet" on that day.', "Hürriyet"),
    ("He later worked for ZAO Neftegaz in Moscow.", "ZAO Neftegaz"),
])
def test_quoted_and_prefixed_firms(text, firm):
    assert firm in rule_texts(text, "ORGANIZATION")


@pytest.mark.parametrize("text", ['Take "as needed" daily.', 'The company "may" pay the bill.',
                                  "The PAO was 12 mmHg."])
def test_quoted_firm_negatives(text):
    assert rule_texts(text, "ORGANIZATION") == set()


@pytest.mark.parametrize("text", [
    "The Chamber was composed of seven judges. Moreover, judges must be impartial.",
    "The board was composed of the President, the judges and the Registrar.",
    "Accordingly, President Lincoln spoke.",
    "Type J, President's choice brand.",
])
def test_bench_negatives(text):
    assert rule_texts(text, "PATIENT") == set()


# -- day lists (rules/court_dates.py) --------------------------------------------------------------------------

@pytest.mark.parametrize("text, days", [
    ("Between 3 and 5 June the applicant was held incommunicado.", {"3"}),
    ("from 1st to 3rd of May he was away", {"1st"}),
])
def test_day_lists(text, days):
    assert days <= rule_texts(text, "DATE")


@pytest.mark.parametrize("text", ["Give 3 to 5 mg twice daily.", "See paragraphs 12 and 14 March above.",
                                  "Took 2 and 3 tablets.", "Articles 3 and 5 May not apply."])
def test_day_list_negatives(text):
    assert not any(t.isdigit() and len(t) <= 2 for t in rule_texts(text, "DATE"))


def test_indian_case_number_with_its_year():
    assert rule_texts("by its judgment in F.A. No. 234 of 1998, allowed the appeal", "IDNUM") == {"234 of 1998"}
    assert rule_texts("CRIMINAL APPEAL NO. 518 OF 1999", "IDNUM") == {"518 OF 1999"}


def test_signature_strips_a_title():
    """Not a new find (the title passes found these before): the role pass must not swallow a role and a
    title into the next name ('Section Registrar. Ms Françoise ...')."""
    text = "Mr Lawrence Early, Section Registrar. Ms Françoise Elens-Passos, Deputy Section Registrar."
    assert rule_texts(text, "PATIENT") == {"Lawrence Early", "Françoise Elens-Passos"}


def test_docket_with_letters_after_no():
    assert rule_texts("registered in Reggio Calabria under no. 7K-502/02.", "IDNUM") == {"7K-502/02"}
    assert rule_texts("Use a no. 7K-5 blade.", "IDNUM") == set()


# -- lexicon forms (lexicon/court_forms.py) --------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("CASE OF Pitsis v. GREECE\n\n(Application no. 11293/05)", ("COUNTRY", "GREECE")),
    ("CASE OF Çorlu v. TURKEY\n\nJUDGMENT", ("COUNTRY", "TURKEY")),
    ("CASE OF SMITH AND OTHERS v. THE UNITED KINGDOM", ("COUNTRY", "UNITED KINGDOM")),
    ("an application (no. 2024/98) against France lodged with the Court", ("COUNTRY", "France")),
    ("He visited him in Prison no. 7 in Ungheni.", ("ORGANIZATION", "Prison no. 7")),
    ("He was admitted to the Siirt Hospital No. 6 on that day.", ("ORGANIZATION", "Siirt Hospital No. 6")),
    ("They were held at the Volos police station.", ("ORGANIZATION", "Volos police station")),
    ("He was moved to the Grozny temporary detention facility.", ("ORGANIZATION", "Grozny temporary detention facility")),
    ("An F.I.R. was registered at P.S. Ranchi on the complaint.", ("ORGANIZATION", "P.S. Ranchi")),
    ("He was taken to Police Station Chandigarh.", ("ORGANIZATION", "Police Station Chandigarh")),
    ("The decision of the Security Service of Ukraine was upheld.", ("ORGANIZATION", "Security Service of Ukraine")),
    ("The house in the Yeşilköy village, Şemdinli district, was searched.", ("CITY", "Yeşilköy")),
    ("The house in the Yeşilköy village, Şemdinli district, was searched.", ("CITY", "Şemdinli")),
    ("Soldiers surrounded Boğazköy village at dawn.", ("CITY", "Boğazköy")),
    ("The incident took place on the Malatya-Erzurum road.", ("CITY", "Malatya-Erzurum")),
    ("represented by Mr R. Janelidze, a lawyer practising in Zestafoni.", ("CITY", "Zestafoni")),
    ("a car with the registration number 01 E 1120 towards Nice.", ("CITY", "Nice")),
    ("She said that Mrs Neligan had died in Castlebar and that", ("CITY", "Castlebar")),
    ("the applicant accused the mayor of Xanthi, Mrs Elpis Zannikoy, of corruption.", ("CITY", "Xanthi")),
    ("The Kharkiv District Police Department opened an inquiry.", ("ORGANIZATION", "Kharkiv District Police Department")),
    ("the Saratov District Department of the Interior replied",
     ("ORGANIZATION", "Saratov District Department of the Interior")),
    ("the Justice of the Peace of Omsk ruled", ("ORGANIZATION", "Justice of the Peace of Omsk")),
    ("The applicant applied to the Mersin Bar for legal aid.", ("ORGANIZATION", "Mersin Bar")),
    ("and brought to the Ennis Garda Station.", ("ORGANIZATION", "Ennis Garda Station")),
    ("The decision was upheld by the Social Security Institution.", ("ORGANIZATION", "Social Security Institution")),
    ("The Central Bureau of Investigation and the National Consultative Commission on Human Rights refused.",
     ("ORGANIZATION", "National Consultative Commission on Human Rights")),
    ("The Central Bureau of Investigation and the Enforcement Directorate refused.",
     ("ORGANIZATION", "Central Bureau of Investigation")),
    ("He is a member of the Movement for Rights (MFR).", ("ORGANIZATION", "Movement for Rights")),
    ("The Citizens' Alliance (CA) won. The CA lost.", ("ORGANIZATION", "CA")),
    ("The applicant company, Bobylev Invest OOO, is a limited liability company.",
     ("ORGANIZATION", "Bobylev Invest OOO")),
    ("Funds held by Aslan İnşaat A.Ş. at a bank.", ("ORGANIZATION", "Aslan İnşaat A.Ş.")),
    ("a contract with SC Nistor SRL was signed", ("ORGANIZATION", "SC Nistor SRL")),
    ("shares of Tverdokhlib Construction TOV were sold", ("ORGANIZATION", "Tverdokhlib Construction TOV")),
    ("The FSB refused to disclose its file.", ("ORGANIZATION", "FSB")),
    ("He is currently detained in Tekirdağ F-type prison.", ("ORGANIZATION", "Tekirdağ F-type prison")),
    ("They live in Grozny, Chechnya.", ("STATE", "Chechnya")),
    ("The conflict in South Ossetia went on.", ("STATE", "South Ossetia")),
    ("She also wrote to the Verkhovna Rada.", ("ORGANIZATION", "Verkhovna Rada")),
    ("Petitioner, a native and citizen of Mexico, petitions for review.", ("COUNTRY", "Mexico")),
    ("The applicant, a national of Uzbekistan, was extradited.", ("COUNTRY", "Uzbekistan")),
    ("The claimant sued in the County Court at Central London.", ("ORGANIZATION", "County Court at Central London")),
    ("the widow of late Shri Mohan Lal Sharma", ("PATIENT", "Mohan Lal Sharma")),
    ("He was taken to the Shali ROVD for questioning.", ("ORGANIZATION", "Shali ROVD")),
])
def test_court_forms(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize("text, bad", [
    ("The patient has Chronic Kidney Disease (CKD) and the CKD is stable.", "CKD"),
    ("Patient receives Social Security disability.", "Social Security"),
    ("Seen by the Social Work Service today.", "Social Work Service"),
    ("He was practising medicine in a rural town.", "medicine"),
    ("She drove toward Main Street after the visit.", "Main Street"),
    ("The patient lives in Assisted Living now.", "Assisted Living"),
    ("the applicant accused the mayor of Xanthi, Mrs Elpis Zannikoy, of corruption.", "of corruption"),
    ("Give a Turkey sandwich v. a salad.", "Turkey"),
    ("He ate a Snickers bar in the Athletic village.", "Athletic"),
    ("He moved to a retirement village last year.", "retirement"),
    ("Use a no. 2 pencil and Room no. 5.", "Room no. 5"),
    ("Bilateral Kidney Disease (BKD) stable.", "Bilateral Kidney Disease"),
    ("He was placed in the Holding Area before surgery.", "Holding Area"),
    ("Crimean-Congo fever is rare; the patient is a citizen of the world.", "world"),
])
def test_court_forms_negatives(det, text, bad):
    assert bad not in texts(det, text)


def test_forms_found_before_this_round_still_found(det):
    """Found by the passes before this round too (so no proof of the change): kept as a guard."""
    assert {"12", "13"} <= rule_texts("On 12, 13 and 14 March 2001 the court heard the witnesses.", "DATE")
    assert ("ORGANIZATION", "Reserve Bank of India") in found(det, "The Reserve Bank of India refused.")


def test_cc_line_lower_case_institution_still_found(det):
    assert ("HOSPITAL", "kvrmc") in found(det, "cc: Dr Virgilio Sethi, kvrmc")


def test_the_stacker_adds_no_age_no_one_reaches():
    from phisift.detect.tagger.stack import _no_age

    assert _no_age("5190") and _no_age("2004") and _no_age("131")
    assert not _no_age("67") and not _no_age("67 years") and not _no_age("105") and not _no_age("90s")


CAPTION = ("UNITED STATES COURT OF APPEALS\nFOR THE NINTH CIRCUIT\n\nDavid Pacheco, Petitioner-Appellant,\nv.\n"
           "Brandon Hogan, Warden, Respondent-Appellee.\n\nBefore: Frank Barnes, Circuit Judge.\n")


def test_caption_roles_are_no_names_and_an_office_no_institution(det):
    got = texts(det, CAPTION)
    assert {"David Pacheco", "Brandon Hogan", "Frank Barnes"} <= got
    assert not got & {"Petitioner-Appellant", "Warden", "Respondent-Appellee", "Circuit Judge"}


def test_a_post_nominal_ends_the_list_of_judges(det):
    got = texts(det, "HIGH COURT OF AUSTRALIA\n\nZamora CJ, Baker and Collins JJ\n\nCurtis Brown APPELLANT")
    assert {"Zamora", "Baker", "Collins"} <= got and "CJ" not in got


def test_the_stacker_adds_nothing_across_a_paragraph_break():
    import re

    from phisift.detect.tagger.stack import _BLANK_LINE

    assert _BLANK_LINE.search("COURT UNANIMOUSLY\n\n1") and _BLANK_LINE.search("A\n  \nB")
    assert not _BLANK_LINE.search("12 Main Street\nApt 4") and re.compile("x")


@pytest.mark.parametrize("text, name", [
    ("Zurab Adeishvili, Elchin Behbudov and Ashot Harutyunyan gave evidence.", "Zurab Adeishvili"),
    ("Zurab Adeishvili, Elchin Behbudov and Ashot Harutyunyan gave evidence.", "Ashot Harutyunyan"),
    ("The applicant's brother, Said-Magomed Imakayev, was detained.", "Said-Magomed Imakayev"),
])
def test_judgment_names_no_list_holds(det, text, name):
    assert ("PATIENT", name) in found(det, text)


@pytest.mark.parametrize("text, bad", [
    ("He took Nexium and Lipitor daily.", "Nexium"),
    ("The Kharkov Oblast and Tomsk Oblast were named.", "Kharkov Oblast"),
    ("Kaposi Sarcoma and Pavlov Reflex were discussed.", "Pavlov Reflex"),
    ("His friend, Mount Sinai Hospital, called.", "Mount Sinai"),
])
def test_judgment_name_negatives(det, text, bad):
    assert not any(bad in t for t in texts(det, text) if t != "Mount Sinai Hospital")


@pytest.mark.parametrize("text, value", [("In 1995-96 he studied in Ankara.", "1995-96"),
                                         ("during the 1999/2000 season", "1999/2000"),
                                         ("From 1990-1995 he worked abroad.", "1990-1995")])
def test_year_spans(text, value):
    assert value in rule_texts(text, "DATE")


@pytest.mark.parametrize("text", ["Give 1900-2000 ml of fluid.", "Dose 2000-2500 mg daily.",
                                  "Room 1999/2000 is closed."])
def test_year_span_negatives(text):
    assert not any("-" in t or "/" in t for t in rule_texts(text, "DATE"))


def test_judge_is_a_title_not_part_of_the_name(det):
    got = found(det, "Frost was convicted after a trial. Judge Mendez sentenced him.")
    assert ("PATIENT", "Mendez") in got and not any("Judge" in t for _, t in got)


def test_the_stacker_grows_no_name_over_an_office_title():
    from phisift.detect.tagger.stack import _OFFICE_TITLES

    assert {"judge", "registrar", "warden"} <= _OFFICE_TITLES


@pytest.mark.parametrize("text, names", [
    ("FIRST SECTION\n\nCASE OF YILMAZ v. TURKEY\n\n(Application no. 12345/98)", {"YILMAZ"}),
    ("CASE OF KHASHIYEV AND AKAYEVA v. RUSSIA", {"KHASHIYEV", "AKAYEVA"}),
    ("CASE OF AKDIVAR AND OTHERS v. TURKEY", {"AKDIVAR"}),
    ("The investigator, Mr S., questioned her. Mrs K. told him.", {"S.", "K."}),
])
def test_title_parties_and_one_initial(text, names):
    assert names <= rule_texts(text, "PATIENT")


def test_title_parties_and_one_initial_negatives():
    assert "OTHERS" not in rule_texts("CASE OF AKDIVAR AND OTHERS v. TURKEY", "PATIENT")
    assert rule_texts("Mr. X is a 45-year-old man. Ms. A. was seen.", "PATIENT") == set()


@pytest.mark.parametrize("text, unit", [
    ("The 46th Brigade of the Internal Troops arrived.", "46th Brigade"),
    ("the Bolu Commando Brigade was deployed", "Bolu Commando Brigade"),
    ("The 17th Infantry Regiment left the area.", "17th Infantry Regiment"),
])
def test_military_units(text, unit):
    assert unit in rule_texts(text, "ORGANIZATION")


def test_military_unit_negatives():
    text = "Seen in the Division of Cardiology and the Pediatric Cardiology Division. The Brigade was calm."
    assert rule_texts(text, "ORGANIZATION") == set()


@pytest.mark.parametrize("text, expected", [
    ("On 28 April 2002 the Bursa State Security Court convicted him.", ("ORGANIZATION", "Bursa State Security Court")),
    ("Officers of the Fresno County Sheriff's Department stopped him.",
     ("ORGANIZATION", "Fresno County Sheriff's Department")),
    ("They were held at the Nizhniy Novgorod police station.", ("ORGANIZATION", "Nizhniy Novgorod police station")),
    ("He was taken to the Iaşi police station no. 3 that night.", ("ORGANIZATION", "Iaşi police station no. 3")),
    ("The Bologna carabinieri station kept the file.", ("ORGANIZATION", "Bologna carabinieri station")),
    ("He was taken to the Urus-Martan ROVD.", ("ORGANIZATION", "Urus-Martan ROVD")),
    ("the Dubrovnik Municipal State Attorney's Office refused",
     ("ORGANIZATION", "Dubrovnik Municipal State Attorney's Office")),
    ("An interview appeared in the weekly Grivas Express.", ("ORGANIZATION", "Grivas Express")),
    ("The funds were held at Sberbank in Moscow.", ("ORGANIZATION", "Sberbank")),
])
def test_more_bodies(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize("text, bad", [("He took the daily Lasix with food.", "Lasix"),
                                       ("He lives on Bank Street near the park.", "Bank Street"),
                                       ("The bursa was aspirated.", "bursa")])
def test_more_bodies_negatives(det, text, bad):
    assert ("ORGANIZATION", bad) not in found(det, text)


def test_plate_after_registration_cue():
    text = "a white car with the registration number 01 E 1120 drove off. The number plate T340CT 70 was false."
    assert {"01 E 1120", "T340CT 70"} <= rule_texts(text, "VEHICLE")
    assert "2SEA683" in rule_texts("License plate number 2SEA683 MA", "VEHICLE")
    assert rule_texts("The NPI registration number 1234567890 was given.", "VEHICLE") == set()


@pytest.mark.parametrize("text, street", [
    ("He lived at Gazi Mahallesi 12 in Van.", "Gazi Mahallesi 12"),
    ("They lived at Lenina prospekt 5 in Tver.", "Lenina prospekt 5"),
    ("a flat at Shevchenka vulytsya 10 in Kyiv", "Shevchenka vulytsya 10"),
])
def test_street_words_after_the_name(text, street):
    assert street in rule_texts(text, "STREET")


@pytest.mark.parametrize("text, expected", [
    ("He searched for him in the hospitals of Tunceli and Ankara.", ("CITY", "Tunceli")),
    ("The house in the village of Slovyansk, Yizhakevichskiy district, was searched.", ("CITY", "Yizhakevichskiy")),
    ("Soldiers surrounded village of Otamanivka and gathered the inhabitants.", ("CITY", "Otamanivka")),
    ("He lived in village Bongaigaon with his parents.", ("CITY", "Bongaigaon")),
])
def test_places_beside_places_and_settlements(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize("text, bad", [("Smith and Jones reviewed the chart.", "Smith"),
                                       ("He came from the village of the dead and Hope.", "Hope")])
def test_places_beside_places_negatives(det, text, bad):
    assert ("CITY", bad) not in found(det, text)


def test_a_name_found_by_shape_or_apposition_seeds_its_later_mentions(det):
    text = "The applicant's brother, Said-Magomed Imakayev, was detained. Imakayev stated that he had been beaten."
    assert texts(det, text) >= {"Said-Magomed Imakayev", "Imakayev"}
    assert "Adeishvili" in texts(det, "Zurab Adeishvili gave evidence. Later Adeishvili retracted it.")
