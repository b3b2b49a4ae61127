"""Courts, prosecutors, ministries, police, prisons and governments of court judgments
(lexicon/legal_bodies.py), and the clinical phrases that must stay untouched."""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found, texts  # noqa: F401  (det is a fixture)


@pytest.mark.parametrize(
    "text, value",
    [
        ("On 12 October 1999 the Court of Cassation upheld the judgment.", "Court of Cassation"),
        ("He applied to the Constitutional Court, which declared it inadmissible.", "Constitutional Court"),
        ("The Supreme Court dismissed a cassation appeal.", "Supreme Court"),
        ("The Supreme Administrative Court quashed the decision.", "Supreme Administrative Court"),
        ("The Supreme Court of Ukraine rejected his appeal.", "Supreme Court of Ukraine"),
        ("By a judgment of 3 March 1999 the Diyarbakır State Security Court convicted him.",
         "Diyarbakır State Security Court"),
        ("the Istanbul 2nd Assize Court acquitted the officers", "Istanbul 2nd Assize Court"),
        ("The Kraków District Court and the Regional Court of Kraków dismissed the claims.", "Regional Court of Kraków"),
        ("His complaint to the Kocaeli Chief Public Prosecutor's Office was dismissed.",
         "Kocaeli Chief Public Prosecutor"),
        ("The Prosecutor General's Office refused to act.", "Prosecutor General"),
        ("police officers from the Diyarbakır Security Directorate arrested him",
         "Diyarbakır Security Directorate"),
        ("He was held at the Diyarbakır Police Headquarters.", "Diyarbakır Police Headquarters"),
        ("He is serving his sentence in Kandıra F-type Prison.", "Kandıra F-type Prison"),
        ("The Ministry of Justice replied on 4 April 2006.", "Ministry of Justice"),
        ("The Ministry of the Interior refused.", "Ministry of the Interior"),
        ("The Turkish Government did not designate an Agent.", "Turkish Government"),
        ("the Government of Ukraine submitted observations", "Government of Ukraine"),
        ("The İzmir Public Prosecutor decided not to prosecute.", "İzmir Public Prosecutor"),
        ("This is an appeal from the Employment Appeal Tribunal.", "Employment Appeal Tribunal"),
        ("the General Directorate of Security reported", "General Directorate of Security"),
        ("a report of the Istanbul Forensic Medicine Institute", "Istanbul Forensic Medicine Institute"),
        ("he was taken to the Tunceli Gendarmerie Regiment", "Tunceli Gendarmerie Regiment"),
        ("Mr D. Walton, of the Foreign and Commonwealth Office", "Foreign and Commonwealth Office"),
        ("The Bratislava I District Court dismissed the action.", "Bratislava I District Court"),
        ("The Prague 4 District Court dismissed the action.", "Prague 4 District Court"),
        ("The District Court in Bratislava dismissed the action.", "District Court in Bratislava"),
        ("the Court of First Instance in Tirana", "Court of First Instance in Tirana"),
        ("The Ninth Circuit affirmed.", "Ninth Circuit"),
        ("The United States District Court for the Southern District of New York granted it.",
         "United States District Court for the Southern District of New York"),
    ],
)
def test_bodies(det, text: str, value: str) -> None:  # noqa: F811
    hits = texts(det, text)
    assert any(value in h for h in hits), hits
    assert ("ORGANIZATION", next(h for h in hits if value in h)) in found(det, text)


def test_justice_is_no_name_in_a_ministry(det) -> None:  # noqa: F811
    text = "His complaints to the Ministry of Justice and to the Public Prosecutor were dismissed."
    labels = found(det, text)
    assert ("ORGANIZATION", "Ministry of Justice") in labels
    assert not any(label in ("PATIENT", "DOCTOR") for label, _ in labels), labels


@pytest.mark.parametrize(
    "text",
    [
        "We ate lunch at the food court before the appointment.",
        "The district nurse will visit twice weekly.",
        "The patient lives in a nursing home; the Respondent Government was not involved.",
        "Supreme effort was made to keep the airway open.",
        "She was in prison for two years and now lives with her sister.",
        "The public prosecutor called about the case; the police were notified.",
        "HISTORY: He was seen by the court-appointed psychologist.",
        "Government insurance covers the medication.",
        "He lives at 12 Town Court and was in court in Boston.",
        "She read about the Digital Government programme and the Local Government elections.",
    ],
)
def test_clinical_untouched(det, text: str) -> None:  # noqa: F811
    assert not any(label == "ORGANIZATION" for label, _ in found(det, text)), found(det, text)


@pytest.mark.parametrize(
    "text, values",
    [
        ("He was an executive of the People's Democracy Party (HADEP). HADEP was dissolved in 2003.",
         {"People's Democracy Party", "HADEP"}),
        ("He was a member of the PKK. The PKK is an illegal organisation.", {"PKK"}),
        ("He was suspected of membership of an illegal organisation, the PKK. The PKK denied it.", {"PKK"}),
        ("He wrote for the daily newspaper Özgür Gündem, published in Istanbul.", {"Özgür Gündem"}),
    ],
)
def test_named_groups(det, text: str, values: set[str]) -> None:  # noqa: F811
    orgs = {v for label, v in found(det, text) if label == "ORGANIZATION"}
    assert values <= orgs, orgs
    if "HADEP" in values or "PKK" in values:
        acronym = "HADEP" if "HADEP" in values else "PKK"
        assert sum(1 for s in det.detect(text) if text[s.start : s.end] == acronym) == 2


@pytest.mark.parametrize(
    "text",
    [
        "History of Chronic Obstructive Pulmonary Disease (COPD) and Obstructive Sleep Apnea (OSA).",
        "He is a member of the ICU team and reads the newspaper every day.",
        "She joined a support group, the AA meetings; a patient organisation, the ICU follow-up group.",
        "Newspaper Today: nothing new. He took his daily Coumadin.",
    ],
)
def test_named_groups_clinical_untouched(det, text: str) -> None:  # noqa: F811
    assert not any(label == "ORGANIZATION" for label, _ in found(det, text)), found(det, text)


def test_the_judgments_own_court_and_registrar(det) -> None:  # noqa: F811
    text = "FOR THESE REASONS, THE COURT UNANIMOUSLY\n\n1. Declares it admissible.\n\nSantiago Quesada, Registrar\n"
    assert {v for _, v in found(det, text)} == {"Santiago Quesada"}
