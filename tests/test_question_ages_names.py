"""Ages and given names in short clinical questions, written with no cue word (issue 15).

Patients and clinicians type "my 93 yo mother", "45M with chest pain", "my mom Linda is 78",
"my grandson Noah, 6, has", "kevin's blood pressure", "buck fainted at practice", "can Chase
go back to school". Each form has negatives that share its shape: doses, durations, device
sizes, temperatures, eponyms, drugs, months and the modal verbs that are also names.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import detect_rules


@pytest.fixture(scope="module")
def lex() -> LexiconDetector:
    return LexiconDetector()


def ages(text: str) -> list[str]:
    return [text[s.start : s.end] for s in detect_rules(text) if s.label == "AGE"]


def people(lex: LexiconDetector, text: str) -> list[str]:
    return [text[s.start : s.end] for s in lex.detect(text) if s.label in ("PATIENT", "DOCTOR")]


# ------------------------------------------------------------------------------------- ages


@pytest.mark.parametrize("text, value", [
    ("45M with chest pain radiating to left arm, what workup?", "45"),
    ("45 F, type 2 diabetes, A1c 9.1 - add insulin?", "45"),
    ("98 f, type 2 diabetes, a1c 9.1", "98"),
    ("pt 67m w/ CHF, can he take NSAIDs?", "67"),
    ("I have a 45M here with chest pain.", "45"),
    ("Question: 72F presents with palpitations", "72"),
    ("my mom Linda is 78 and has dementia", "78"),
    ("our son Ethan is 3 and not talking yet", "3"),
    ("my daughter, Emma, is 12 and has headaches", "12"),
    ("my grandson Noah, 6, has an ear infection", "6"),
    ("is it safe for my grandma (84) to fly?", "84"),
    ("my son Ethan (3) has croup", "3"),
    ("my 93 yo mother keeps falling", "93"),
    ("im 45 and my knee hurts", "45"),
    ("Liam is 3 and still not talking", "3"),
    ("Kevin turned 50 last week, colonoscopy?", "50"),
])
def test_ages_without_cue_words(text, value):
    assert ages(text) == [value]


@pytest.mark.parametrize("text", [
    "Placed a 14 F Foley catheter.",
    "an 8F sheath was placed",
    "Size 12 F catheter",
    "Inserted 18 F, then flushed.",
    "temp 101 F.",
    "Fever is 102 F.",
    "She walked 45m.",
    "using a 1 m and a 2 mm kerrison rongeur",
    "I take 45 mg of atenolol daily",
    "I went for a 45-minute walk and felt dizzy",
    "is 45 too young for a colonoscopy?",
    "my husband sugar is 99",
    "my son, 6 ft, is tall",
    "I have 3 sons, 6, 8 and 10",
    "Used a 4.5M needle",
    "my son is 6 feet tall",
    "Pain is 3 out of 10.",
    "Stage is 3.",
    "Grace is 3 days late",
    "Murmur is 2/6.",
])
def test_not_ages(text):
    assert ages(text) == []


# ------------------------------------------------------------------------------------ names


@pytest.mark.parametrize("text, name", [
    ("my dad louis needs a refill of the inhaler", "louis"),
    ("my father sandy needs a refill", "sandy"),
    ("my grandmother will needs a refill", "will"),
    ("my toddler miles needs a refill", "miles"),
    ("my baby jasmine has a fever", "jasmine"),
    ("my mom Linda is 78 and has dementia", "Linda"),
    ("my mum rosalind okafor is 91 and fell", "rosalind okafor"),  # a listed surname between name and verb
    ("my partner ruby jones needs a referral", "ruby jones"),
    ("my dad louis also needs a refill", "louis"),  # a word the lists allow is no surname: the name ends
    ("Amber's blood pressure was 150/95 this morning", "Amber"),
    ("Fehim's blood pressure was 150/95", "Fehim"),
    ("kevin's blood pressure was high again", "kevin"),
    ("Is Kevin's fever dangerous?", "Kevin"),
    ("question about Grant's insulin dose", "Grant"),
    ("Amber has had a cough for 3 weeks now", "Amber"),
    ("buck fainted at practice today, should we see a cardiologist?", "buck"),
    ("Iris keeps getting ear infections, when should we see ENT?", "Iris"),
    ("natalia has had a cough for 3 weeks", "natalia"),
    ("does Dawn need the second dose of the shingles vaccine?", "Dawn"),
    ("can hope go back to school tomorrow if the fever is gone?", "hope"),
    ("how much water should Frank drink after the kidney stone", "Frank"),
    ("what dose of tylenol for Asuncion, she is 59", "Asuncion"),
    ("Should Ava still take her vitamins?", "Ava"),
    ("is it safe for emma to go swimming with tubes in her ears", "emma"),
    ("Mark and I want to know if the rash is contagious", "Mark"),
    ("kevin and i were wondering about the vaccine", "kevin"),
    ("hi this is kevin, calling about my refill", "kevin"),
    ("last night Joy threw up twice, should we come in?", "Joy"),
    ("i think aurelio has an ear infection again", "aurelio"),
    ("so Grace started the antibiotic yesterday and now has hives", "Grace"),
    ("Amber has been coughing at night for 2 weeks", "Amber"),
    ("Daisy is teething and won't eat, is that normal?", "Daisy"),
    ("Sara was bitten by a dog this afternoon", "Sara"),
    ("Zora here - the new meds are making me dizzy", "Zora"),
    ("we took Maya to urgent care and they said croup", "Maya"),
    ("can i give frank motrin and tylenol together?", "frank"),
    ("Re Olavi: her inhaler ran out, can you send a refill?", "Olavi"),
    ("I think Grace has an ear infection again", "Grace"),
    ("Yesterday Chase fell off the trampoline", "Chase"),
])
def test_given_names_without_cue_words(lex, text, name):
    assert people(lex, text) == [name]


@pytest.mark.parametrize("text", [
    "my husband will need a refill",
    "my son will also come",
    "my daughter may take it",
    "my baby Tylenol dose",
    "Per mom, she does not spit up.",
    "Does Parkinson's disease cause tremor?",
    "Is Bell's palsy contagious?",
    "Hunter's canal was explored.",
    "Baker's cyst was drained.",
    "The patient's blood pressure was high.",
    "Mother's blood pressure was high.",
    "Today's labs are normal.",
    "Wilson's disease labs pending.",
    "Will need follow-up in 2 weeks.",
    "May take with food.",
    "Hope this helps.",
    "Summer has been hot.",
    "Iris is normal.",
    "Can Tylenol be taken with it?",
    "Does Foley need to be removed?",
    "Should Coumadin be held?",
    "Grace period is over.",
    "Will take medication as prescribed.",
    "Is there a grace period for my insurance?",
    "My appointment is in May, should I fast?",
    "When she goes to Texas, Mom has an appointment already.",
    "Baby was started on Mylicon drops.",
    "Cord was seen to be pulsating freely.",
    "CORD WAS SEEN TO BE PULSATING FREELY.",
    "Miner was hit on the head while installing a bolt.",
    "Yesterday rock fell from the roof.",
    "We took Tylenol to the lab.",
    "Give Lasix 40 mg IV now.",
    "god gave rock and roll to you",
    "Today Cord was seen pulsating freely.",
    "Yesterday Rock fell from the roof.",
    "so ana was positive at 1:640",
    "Pain here - worse at night.",
    "Is it safe for Foley to stay in?",
    "Should Coumadin still be held?",
    "hi this is normal",
    "my husband and I want to know",
    "It is for this reason, he has consented to surgery.",
    "in any case, he has been cleared for the procedure",
    "VIA ENDOTRACHEAL ROD, HE WAS PLACED SUPINE.",
    "Miner was operating a loader and fell.",
    "Rock fell from between the shields.",
    "THE PROCEDURE WENT WELL. ANA WAS POSITIVE AT 1:640. SHE WILL FOLLOW UP.",
    "the procedure went well. ana was positive at 1:640. she will follow up.",
])
def test_not_names(lex, text):
    assert people(lex, text) == []


@pytest.mark.parametrize("text, word", [
    ("Doctor, Liam still has a fever after 3 days", "Doctor"),  # the reader addressed, not 'LAST, FIRST'
    ("is liam contagious?", "contagious"),  # an unknown adjective is no surname
])
def test_words_beside_a_name_are_no_part_of_it(lex, text, word):
    assert word not in " ".join(people(lex, text))


# ------------------------------------------------------- ages set off after a name, "he's N"


@pytest.mark.parametrize("text, value", [
    ("My father, Bartholomew Nkemelu, 84, was discharged yesterday.", "84"),
    ("John Smith, 45, presented with chest pain.", "45"),
    ("Mrs Okafor, 62, who lives alone, fell twice.", "62"),
    ("Mei Lin Zhou, 31, and her husband asked about IVF.", "31"),
    ("my son (he's 7) has a rash on his arms", "7"),
    ("she's 15 and has not had her period yet", "15"),
])
def test_ages_after_a_name_or_a_pronoun(text, value):
    assert ages(text) == [value]


@pytest.mark.parametrize("text", [
    "Hemoglobin A1c, 7, 8, and 9 were the last three values.",
    "Sodium Chloride, 12, was infused over an hour.",
    "John Smith, 45 mg, was the dose he took.",  # a dose, not an age
    "John Smith, 45, 46 and 47 were the room numbers.",  # a list of numbers
    "she's 5 days late for her period",
    "he's 8/10 pain today",
    "John Smith, 145, was the score.",  # no age
])
def test_not_ages_after_a_name_or_a_pronoun(text):
    assert ages(text) == []
