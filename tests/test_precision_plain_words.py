"""Ordinary English words read as places or doctors in notes typed in one case (issue 15).

The lexicon's vocabularies are clinical and name/place lists, so words like "retail", "kiln",
"dig" or "lime" (a city on the lists) looked like towns nobody listed once a note lost its case,
and "the doctor put him on light duty" made "put" a doctor. ``detect/lexicon/plainwords.py``
reads the bundled general-English frequencies to keep them words; each case here has the
false positive gone and the real place or name next to it still found, in every case form.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.plainwords import inflects, plain_english, verb_after_title
from phisift.detect.lexicon.wordlists import load_lexicons

from lexicon_helpers import det, found, texts  # noqa: F401 (det is a fixture)


def _forms(text: str) -> list[str]:
    return [text, text.lower(), text.upper()]


@pytest.mark.parametrize(
    "text, word",
    [
        ("Employee states he was at work using machinery to dig through rocks and hand jarring that day.", "dig"),
        ("The bucket dropped down, causing the employee to jam his head into the canopy of the loader.", "jam"),
        ("He completed college and worked in retail part time. He states he injured his back lifting boxes.",
         "retail"),
        ("He was working on replacing the bags in kiln 4 baghouse module 3 when his right foot slipped.", "kiln"),
        ("He slipped while walking to his work location in snowy and icy conditions and fell on his shoulder.",
         "snowy"),
        ("Lime dust in right eye due to wind gust. The employee was working at the plant when it happened.", "lime"),
    ],
)
def test_ordinary_words_are_no_places_in_any_case(det, text, word):
    for t in _forms(text):
        assert not any(word in f.lower().split() for f in texts(det, t)), (t, found(det, t))


@pytest.mark.parametrize(
    "text, word",
    [
        ("He felt something pull in his shoulder. The doctor put him on light duty at that time.", "put"),
        ("He went to the doctor the next day. Doctor said he had a lumbar strain and gave him rest.", "said"),
        ("Dr. notes indicate no acute injuries, only degenerative changes in the lumbar spine today.", "notes"),
        ("Initial dr visit on 12/29/11 revealed a hernia. He sought treatment for it at the local clinic.", "visit"),
    ],
)
def test_a_word_after_doctor_is_no_name_in_any_case(det, text, word):
    for t in _forms(text):
        assert not any(word in f.lower().split() for f in texts(det, t)), (t, found(det, t))


@pytest.mark.parametrize(
    "text, label, phi",
    [
        # real towns that are words or look like them keep their cues
        ("She lives in Springfield with her son and walks to the pharmacy every day of the week.", "CITY",
         "Springfield"),
        ("He was born in Lima and moved to the area with his family when he was nine years old.", "CITY", "Lima"),
        ("He moved here from Buffalo last year and has been working at the plant ever since then.", "CITY",
         "Buffalo"),
        ("Her son lives in Covington and visits on weekends; she walks with a cane at home now.", "CITY",
         "Covington"),
        # names after "doctor" that are common words are still names when no verb follows
        ("The patient was seen by Doctor Young today, who examined her knee and ordered an x-ray.", "DOCTOR",
         "Young"),
        ("Dr. Said saw him on Monday and the doctor put him on light duty after the visit.", "DOCTOR", "Said"),
        ("Discussed with Dr. Grace Kowalski; the doctor said he could return to work next week.", "DOCTOR",
         "Grace Kowalski"),
        # a surname that is a word still takes its title or first name
        ("He was seen by Dr. Tank in the clinic and then went to add oil to the tank of his truck.", "DOCTOR",
         "Tank"),
        ("The guidewire was removed. Case reviewed with Bruce Stone, FRCS and Doctor B. Short. The catheter "
         "was flushed.", "DOCTOR", "B. Short"),
        ("A letter came from the Nigeria Ministry of Labour about his claim for the injury at work.",
         "ORGANIZATION", "Nigeria Ministry of Labour"),
        ("She was brought in by her daughter, Holly Cook, who helps her cook and clean at home every day.",
         "PATIENT", "Holly Cook"),
        # a particle or an uninflected word after a title is part of the name
        ("Discharge medications will depend on the stress test. Thank you for referring Mrs Da Rocha today.",
         "PATIENT", "Da Rocha"),
        ("He has been taking levothroid daily. Mx. Jne Dong tolerated the procedure well and went home.",
         "PATIENT", "Jne Dong"),
        # firms named with words keep their head ("Labs", "Consulting")
        ("The car makers that dominate the economy of the city: Merrill Lynch, Arrive Labs and Buildzoom.",
         "ORGANIZATION", "Arrive Labs"),
    ],
)
def test_real_places_and_names_next_to_them_are_still_found(det, text, label, phi):
    for t in _forms(text):
        want = (label, t[text.index(phi) : text.index(phi) + len(phi)])
        assert want in found(det, t), (t, found(det, t))


def test_a_name_written_with_accents_is_no_english_word(det):
    """"soros" is a frequent English token, "sörös" in a lowercase note is the rest of a name."""
    text = "zoolander is a 2001 american action-comedy film directed by lisa sörös and starring savolainen"
    assert ("PATIENT", "lisa sörös") in found(det, text), found(det, text)


def test_lime_dust_is_no_town_but_a_town_called_lime_after_a_cue_is(det):
    text = "Lime dust got in his right eye at the quarry. He was born in Lime and lives there still."
    for t in _forms(text):
        spans = sorted((s.start, t[s.start : s.end]) for s in det.detect(t))
        assert [s for s in spans if s[0] == 0] == [], (t, spans)
        assert any(s[1].lower() == "lime" and s[0] > 40 for s in spans), (t, spans)


def test_plain_english_words_are_common_uninflected_towns_are_not():
    lex = load_lexicons(None)
    for k in ("retail", "kiln", "snowy", "corridor", "respite", "dig", "lime", "jam", "retreat"):
        assert plain_english(lex, k), k
    # towns, states, countries, names: never judged plain, whatever their frequency
    for k in ("springfield", "covington", "boston", "california", "brazil", "grace", "will", "mark", "smith", "moore", "tank", "short",
              "parsons", "marseille",
              "kowalczyk", "andersonborough"):
        assert not plain_english(lex, k), k


def test_inflections_tell_words_from_towns():
    assert inflects("dig") and inflects("jam") and inflects("lime") and inflects("retreat")
    assert not inflects("springfield") and not inflects("covington") and not inflects("mon")
    assert not inflects("wa")  # "was" is no inflection of a two-letter word
    # forms another word owns: "moored" is "moor"'s, "changed" is "change"'s
    assert not inflects("moore", forms=2) and not inflects("chang")
    assert inflects("tank", forms=2) and not inflects("marseille", lambda f: f == "marseilles")
    assert inflects("labour") and inflects("precaution")


def test_a_verb_after_doctor_needs_a_pronoun_after_it():
    assert verb_after_title("doctor", "put", "him") and verb_after_title("dr", "said", "he")
    assert not verb_after_title("doctor", "young", "examined")  # a name, then its verb
    assert not verb_after_title("mrs", "put", "him")  # only the words "doctor" / "dr"
    assert not verb_after_title("doctor", "kowalski", "she")  # no frequent English word


@pytest.mark.parametrize(
    "text, word",
    [
        ("SHE WILL SEND THE REPORT. ** DR. NOTES INDICATE NO ACUTE INJURIES ONLY DEGENERATIVE CHANGES.", "NOTES"),
        ("HE WAS REFERRED TO FAMILY DR THAT PLACED HIM OFF WORK FOR PHYSICAL THERAPY FOR TWO WEEKS.", "THAT"),
        ("HE FINISHED HIS SHIFT AND WENT TO THE DR. ON 09/09/2010 AND WAS PLACED ON LIGHT DUTY.", "ON"),
    ],
)
def test_the_title_rule_stops_at_stop_words_written_in_capitals(text, word):
    from phisift.detect.rules.detector import RuleDetector

    spans = RuleDetector().detect(text)
    assert not any(word in text[s.start : s.end].split() for s in spans), [text[s.start : s.end] for s in spans]
    named = "HE WAS SEEN BY DR. NOTESTEIN ON 09/09/2010 AND PLACED ON LIGHT DUTY."
    assert any(named[s.start : s.end] == "NOTESTEIN" and s.label == "DOCTOR" for s in RuleDetector().detect(named))


def test_an_uninflected_word_after_a_first_name_is_the_surname_but_a_verb_is_not(det):
    """"luis dill": a word with no inflection after a first name keeps its capital in the recased
    copy; "woody fainted", "a kevin stacy concert": a verb or a noun that inflects does not."""
    for t in ("unfortunately, as a regular commenter luis dill points out, most of them are horrible.",):
        assert ("PATIENT", t[t.index("luis") : t.index("luis") + 9]) in found(det, t), found(det, t)
        assert ("PATIENT", "LUIS DILL") in found(det, t.upper()), found(det, t.upper())
    t = "my son woody fainted at practice today and hit his head, should we see a doctor about it?"
    assert ("PATIENT", "woody") in found(det, t), found(det, t)
    t = "have you been to a kevin stacy concert before? we went last year with the kids and loved it."
    assert ("PATIENT", "kevin stacy") in found(det, t), found(det, t)


@pytest.mark.parametrize(
    "text, phi",
    [
        ("HE IS BEING PLANNED FOR TRANSFER TO TRIUMPH HOSPITAL FOR REHAB, WHICH I AGREE WITH.", "TRIUMPH HOSPITAL"),
        ("EMPLOYEE WENT TO GOOD SAMARITAN HOSPITAL WITH A STRAINED SHOULDER AND WAS SENT HOME.",
         "GOOD SAMARITAN HOSPITAL"),
        ("HE WAS TRANSFERRED TO KNOX COUNTY HOSPITAL WHERE HE RECEIVED A TETANUS VACCINATION.",
         "KNOX COUNTY HOSPITAL"),
    ],
)
def test_hospitals_named_with_words_are_still_found_in_capitals(det, text, phi):
    assert ("HOSPITAL", phi) in found(det, text), found(det, text)


def test_a_title_written_out_takes_no_period(det):
    for t in _forms("On 4/6/10 the employee went to see the doctor. Small fracture at the tip of finger was found."):
        assert not any("small" in f.lower() for f in texts(det, t)), found(det, t)
    t = "She was seen by Doctor Hayes today; Dr. Small saw her last week about the same fracture."
    assert ("DOCTOR", "Small") in found(det, t) and ("DOCTOR", "Hayes") in found(det, t), found(det, t)


@pytest.mark.parametrize("name", ["Alison", "Natalia", "Zayyan"])
def test_a_question_auxiliary_is_no_first_name(det, name):
    """"Can" is a given name too, but "Can Alison go back to school" asks about Alison."""
    for t in _forms(f"Can {name} go back to school tomorrow if the fever is gone by tonight?"):
        got = found(det, t)
        assert not any(f.lower().startswith("can ") for _, f in got), got
        assert any(f.lower() == name.lower() for _, f in got), got


def test_an_auxiliary_before_a_surname_is_still_a_name(det):
    t = "Will Smith went home today after the procedure and was doing well."
    assert ("PATIENT", "Will Smith") in found(det, t), found(det, t)


def test_a_name_after_a_title_ends_where_the_sentence_goes_on(det):
    """"dr. dunn over the tube": "over" is a given name on the lists, but a frequent word before "the"
    goes on with the sentence; a surname there stays ("dr. john long the day before")."""
    for t in _forms("A dry sterile dressing was placed by Dr. Dunn over the nephrostomy tube site today."):
        got = found(det, t)
        assert not any("over" in f.lower().split() for _, f in got), got
        assert any(f.lower() == "dunn" for _, f in got), got
    t = "the patient was seen by dr. john long the day before and dr. tom little agreed with the plan."
    assert ("DOCTOR", "john long") in found(det, t), found(det, t)
