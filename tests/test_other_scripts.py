"""Names and towns written in another script inside a note in Latin letters ("Patient 张伟 was seen").

Positive cases fail on main before the pass (no list or capital marks such words); the negatives keep
Greek letters of clinical words, letters alone, mojibake and whole notes written in another script out.
"""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found  # noqa: F401 (det is a fixture)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Patient 张伟 was seen today for a cough.", ("PATIENT", "张伟")),
        ("张伟 denies tobacco use and drinks rarely.", ("PATIENT", "张伟")),
        ("Patient Иван Петров reports chest pain since Monday.", ("PATIENT", "Иван Петров")),
        ("Александр Смирнов presented with fever and chills.", ("PATIENT", "Александр Смирнов")),
        ("Seen with her husband 王芳 who translated for her.", ("PATIENT", "王芳")),
        ("Patient 김민준 was admitted overnight for observation.", ("PATIENT", "김민준")),
        ("Patient محمد أحمد reports pain in the left knee.", ("PATIENT", "محمد أحمد")),
        ("Referred by Dr. 李明 for a second opinion on the scan.", ("DOCTOR", "李明")),
        ("She was born in Харків and moved to the US in 2010.", ("CITY", "Харків")),
        ("Mother 佐藤 花子 was present at the visit and agreed with the plan.", ("PATIENT", "佐藤 花子")),
        ("She gave her address as 12 Οδός Πατησίων 45, ΑΘΗΝΑ and her phone.", ("CITY", "ΑΘΗΝΑ")),
        ("Send the letter to:\nMaria Lopez\nулица Ленина 5\nНовосибирск\n", ("CITY", "Новосибирск")),
        ("Send the letter to:\nMaria Lopez\nулица Ленина 5\nНовосибирск\n", ("STREET", "улица Ленина")),
    ],
)
def test_words_in_another_script_are_found(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Started on a β-blocker and 5 μg of drug; TNF-α was high, γδ T cells and α1-antitrypsin normal.",
        "Κ light chains elevated, αβ ratio 2, Δ 5 points.",
        "The tribute ג€“ sadly, it was not a success.",  # mojibake of an en dash
        "Пациент жалуется на боль в груди. Диагноз: стенокардия. Назначено лечение.",  # a note in Russian
        "患者は胸痛を訴えた。診断は狭心症。",  # a note in Japanese
    ],
)
def test_no_names_from_greek_letters_mojibake_or_notes_in_another_script(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"PATIENT", "DOCTOR", "CITY"}, found(det, text)
