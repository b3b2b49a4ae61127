"""Hand-written probe sentences of session 29 (issue 15: PHI in text we did not write), and their figures.

    python bench/probes_s29.py            # the default pipeline
    python bench/probes_s29.py -v         # every probe, found or not

Our own sentences in clinical context, one family a letter: (a) saint hospitals without the possessive,
(b) companies after employment cues, (c) occupations with ordinals and qualifiers, (d) names in family-given
order, (e) the name forms of the names round and of issue 15 in mixed case, capitals and lower case,
(f) record forms in prose ("F, 67,", "user_id: jsmith"), (g) labels (a name the stacker grew read as a
street, "Employer name:", "approved by Medicare", "Zipcode"). A positive is found when every character of
its PHI (spaces and ".," aside) is covered by a span of its label (a person's name: PATIENT or DOCTOR); a
negative is clean when no span touches its words. The first batch was written before the fixes
(tests/test_probes_s29.py holds most of it), the second after them, as a check that the rules carry over.
``case copies`` reads every positive outside family (e), which holds its own copies, upper- and lower-cased
(issue 15.3). No PHI: every name, firm and place here is invented or public.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import phisift

#: First batch, written before the fixes.
FIRST_POS = [
 # a. saint hospitals without a possessive
 ("a", "She was seen at St. Jude.", "St. Jude", "HOSPITAL"),
 ("a", "She was seen at St. Jude last spring for a fever.", "St. Jude", "HOSPITAL"),
 ("a", "Admitted to St. Luke in Boise for observation.", "St. Luke", "HOSPITAL"),
 ("a", "Transferred from St Vincent yesterday with sepsis.", "St Vincent", "HOSPITAL"),
 ("a", "Discharged from St. Mary Medical Center on Tuesday.", "St. Mary Medical Center", "HOSPITAL"),
 ("a", "Follow up at St. Joseph next week with cardiology.", "St. Joseph", "HOSPITAL"),
 ("a", "He had his CABG at Saint Francis in 2019.", "Saint Francis", "HOSPITAL"),
 ("a", "Records were requested from St. Elizabeth.", "St. Elizabeth", "HOSPITAL"),
 ("a", "She delivered at St. Agnes without complications.", "St. Agnes", "HOSPITAL"),
 ("a", "Biopsy was done at St Jude last month.", "St Jude", "HOSPITAL"),
 ("a", "He was admitted to Saint Luke for pneumonia.", "Saint Luke", "HOSPITAL"),
 ("a", "She is followed at St. Clare by oncology.", "St. Clare", "HOSPITAL"),
 ("a", "Brought by EMS to St. Anthony after the fall.", "St. Anthony", "HOSPITAL"),
 ("a", "Prior MRI at St. Francis Hospital showed no mass.", "St. Francis Hospital", "HOSPITAL"),
 ("a", "Seen in the St. Vincent emergency department.", "St. Vincent", "HOSPITAL"),
 ("a", "Outside films from St. Mary Regional were reviewed.", "St. Mary Regional", "HOSPITAL"),
 ("a", "Transferred to St. Joseph Mercy for a higher level of care.", "St. Joseph Mercy", "HOSPITAL"),
 ("a", "She was hospitalized at St Luke Health System in 2020.", "St Luke Health System", "HOSPITAL"),
 ("a", "SHE WAS SEEN AT ST. JUDE LAST SPRING.", "ST. JUDE", "HOSPITAL"),
 ("a", "she was transferred from st. vincent yesterday.", "st. vincent", "HOSPITAL"),
 # b. companies after employment cues
 ("b", "He works at Blue Bottle Coffee as a barista.", "Blue Bottle Coffee", "ORGANIZATION"),
 ("b", "She is employed by Acme Logistics.", "Acme Logistics", "ORGANIZATION"),
 ("b", "He is a cashier at Kroger.", "Kroger", "ORGANIZATION"),
 ("b", "Works as a cashier at Kroger three days a week.", "Kroger", "ORGANIZATION"),
 ("b", "Patient works for Union Pacific Railroad.", "Union Pacific Railroad", "ORGANIZATION"),
 ("b", "He has been employed by Boeing for 20 years.", "Boeing", "ORGANIZATION"),
 ("b", "He drives for Swift Transportation.", "Swift Transportation", "ORGANIZATION"),
 ("b", "Currently works at Home Depot in the garden center.", "Home Depot", "ORGANIZATION"),
 ("b", "She is a stocker at Costco.", "Costco", "ORGANIZATION"),
 ("b", "She works as a server at Olive Garden.", "Olive Garden", "ORGANIZATION"),
 ("b", "He is a branch manager at Wells Fargo.", "Wells Fargo", "ORGANIZATION"),
 ("b", "Works the night shift at Tyson Foods.", "Tyson Foods", "ORGANIZATION"),
 ("b", "Retired from Ford Motor Company in 2015.", "Ford Motor Company", "ORGANIZATION"),
 ("b", "She works at Pinecrest Dental as a receptionist.", "Pinecrest Dental", "ORGANIZATION"),
 ("b", "He is employed at Harbor Freight Tools.", "Harbor Freight Tools", "ORGANIZATION"),
 ("b", "He works for Dunmore Roofing.", "Dunmore Roofing", "ORGANIZATION"),
 ("b", "She is a teller at Chase.", "Chase", "ORGANIZATION"),
 ("b", "HE WORKS AT BLUE BOTTLE COFFEE AS A BARISTA.", "BLUE BOTTLE COFFEE", "ORGANIZATION"),
 ("b", "he is employed by acme logistics.", "acme logistics", "ORGANIZATION"),
 # c. professions with ordinals / qualifiers
 ("c", "She is a 4th grade teacher.", "teacher", "PROFESSION"),
 ("c", "She is a 4th grade teacher.", "4th grade teacher", "PROFESSION"),
 ("c", "He works as a night-shift forklift operator.", "forklift operator", "PROFESSION"),
 ("c", "He is a semi-retired electrician.", "electrician", "PROFESSION"),
 ("c", "She is a third-grade teacher at a public school.", "teacher", "PROFESSION"),
 ("c", "Works as a part-time bookkeeper.", "bookkeeper", "PROFESSION"),
 ("c", "He is a retired long-haul trucker.", "trucker", "PROFESSION"),
 ("c", "He is a self-employed plumber.", "plumber", "PROFESSION"),
 ("c", "She is a 2nd grade teacher and has been out of work.", "teacher", "PROFESSION"),
 ("c", "He is a former Navy welder.", "welder", "PROFESSION"),
 ("c", "She is a high school chemistry teacher.", "teacher", "PROFESSION"),
 ("c", "He is a night shift security guard.", "security guard", "PROFESSION"),
 ("c", "She works as a full-time hairdresser.", "hairdresser", "PROFESSION"),
 ("c", "HE IS A SEMI-RETIRED ELECTRICIAN.", "ELECTRICIAN", "PROFESSION"),
 ("c", "she is a 4th grade teacher.", "teacher", "PROFESSION"),
 # d. family-name-first names
 ("d", "Sato Haruto is a 45-year-old man with chest pain.", "Sato Haruto", "PERSON"),
 ("d", "Nguyen Van An presents with abdominal pain.", "Nguyen Van An", "PERSON"),
 ("d", "Kim Min-jun reports two days of cough.", "Kim Min-jun", "PERSON"),
 ("d", "Park Ji-woo denies fever.", "Park Ji-woo", "PERSON"),
 ("d", "Tanaka Yui reports nausea since Monday.", "Tanaka Yui", "PERSON"),
 ("d", "Zhang Wei denies chest pain.", "Zhang Wei", "PERSON"),
 ("d", "Wang Fang was seen in clinic today.", "Wang Fang", "PERSON"),
 ("d", "Tran Thi Mai presents for follow-up.", "Tran Thi Mai", "PERSON"),
 ("d", "Suzuki Kenji complains of back pain.", "Suzuki Kenji", "PERSON"),
 ("d", "Pham Minh Duc was admitted overnight.", "Pham Minh Duc", "PERSON"),
 ("d", "Lee Seo-yeon is here with her mother.", "Lee Seo-yeon", "PERSON"),
 ("d", "Patient Choi Ji-ho reports dizziness.", "Choi Ji-ho", "PERSON"),
 # f. record-like forms in prose
 ("f", "F, 67, presents with a productive cough.", "67", "AGE"),
 ("f", "M, 45, with crushing chest pain.", "45", "AGE"),
 ("f", "Patient is F, 67, seen for dizziness.", "67", "AGE"),
 ("f", "Reviewed the chart of M, 82, admitted with a fall.", "82", "AGE"),
 ("f", "The account user_id: jsmith was used to log in.", "jsmith", "USERNAME"),
 ("f", "Portal user_id: kpatel reset her password.", "kpatel", "USERNAME"),
 ("f", "She logged in as username: mlopez yesterday.", "mlopez", "USERNAME"),
 ("f", "Message sent from login: akumar at 10:32.", "akumar", "USERNAME"),
 ("f", "The note was signed by userid jdoe42.", "jdoe42", "USERNAME"),
]
# e. name families, each in the written case, ALL CAPS and lower case
_E = [
 ("My daughter Honor has a fever since last night.", "Honor"),
 ("Zhang Wei denies chest pain.", "Zhang Wei"),
 ("Tanaka Yui reports nausea.", "Tanaka Yui"),
 ("Called Iris back at 3 pm about her labs.", "Iris"),
 ("Discussed with James H. in clinic.", "James H."),
 ("Seen by A. Toivanen in the clinic.", "A. Toivanen"),
 ("Consult by Z.M. Necatigil this morning.", "Z.M. Necatigil"),
 ("Mr Smith was seen today for follow-up.", "Smith"),
 ("SMITH, JOHN was admitted overnight.", "SMITH, JOHN"),
 ("Spoke with Mr Okafor about the results.", "Okafor"),
 ("My son Hunter has a rash.", "Hunter"),
 ("Left a message for Rose to call back.", "Rose"),
]
for _text, _name in _E:
    FIRST_POS += [("e", _text, _name, "PERSON"), ("e", _text.upper(), _name.upper(), "PERSON"),
                  ("e", _text.lower(), _name.lower(), "PERSON")]
FIRST_NEG = [
 ("a", "Continue St. John's wort 300 mg daily.", "St. John's wort"),
 ("a", "ST segment elevation in leads II, III and aVF.", "ST segment"),
 ("a", "There is 1 mm st segment depression in V5.", "st segment"),
 ("a", "ST depression resolved after nitroglycerin.", "ST"),
 ("a", "She has a St. Jude mechanical mitral valve on warfarin.", "St. Jude"),
 ("a", "History of St. Vitus dance as a child.", "St. Vitus"),
 ("a", "Nonspecific ST-T changes are seen.", "ST-T"),
 ("a", "St. Jude valve clicks are crisp.", "St. Jude"),
 ("a", "SJM (St. Jude Medical) pacemaker interrogated.", "St. Jude"),
 ("a", "Saint John's wort was stopped.", "Saint John's wort"),
 ("a", "IMPRESSION: ST elevation myocardial infarction.", "ST elevation"),
 ("b", "He works at home as a freelance writer.", "home"),
 ("b", "She works at night and sleeps during the day.", "night"),
 ("b", "He is employed by the state.", "state"),
 ("b", "She is a cashier at a grocery store.", "grocery store"),
 ("b", "He works for himself.", "himself"),
 ("b", "He works at a local warehouse.", "local warehouse"),
 ("b", "Employed by Parkinson disease for years, he says jokingly.", "Parkinson"),
 ("b", "She works at Target Heart Rate goals with PT.", "Target Heart Rate"),
 ("b", "He works at Full Capacity now.", "Full Capacity"),
 ("b", "She works at Rest most of the day.", "Rest"),
 ("c", "Reading is at a 4th grade level.", "4th grade"),
 ("c", "Grade 2 systolic murmur.", "Grade 2"),
 ("c", "Second-degree burn to the forearm.", "Second-degree burn"),
 ("c", "He works night shift.", "night shift"),
 ("c", "He is semi-retired.", "semi-retired"),
 ("c", "Forklift injury to the left foot.", "Forklift injury"),
 ("d", "Na 138, K 4.1, Li level 0.8.", "Na 138"),
 ("d", "Lab: Na 138 K 4.1 Cl 101.", "Na"),
 ("d", "Kim is a common surname.", "common"),
 ("e", "There is a grace period of 30 days.", "grace period"),
 ("e", "We hope she improves.", "hope"),
 ("e", "WE HOPE SHE IMPROVES.", "HOPE"),
 ("e", "THERE IS A GRACE PERIOD OF 30 DAYS.", "GRACE"),
 ("e", "The iris is normal bilaterally.", "iris"),
 ("e", "THE IRIS IS NORMAL BILATERALLY.", "IRIS"),
 ("e", "Mr 2 of 3 on exam.", "Mr 2"),
 ("e", "Honor the patient's wishes.", "Honor"),
 ("e", "HONOR THE PATIENT'S WISHES.", "HONOR"),
 ("e", "Rose bengal staining negative.", "Rose"),
 ("e", "ROSE BENGAL STAINING NEGATIVE.", "ROSE"),
 ("e", "Hunter syndrome was excluded.", "Hunter"),
 ("e", "HUNTER SYNDROME WAS EXCLUDED.", "HUNTER"),
 ("e", "Plan: PT, OT, Speech.", "Speech"),
 ("e", "Will call back tomorrow.", "Will"),
 ("f", "T 98.6 F, 67 bpm pulse.", "67"),
 ("f", "Grade F, 3 lesions.", "3"),
 ("f", "Temperature 101 F, 2 doses of Tylenol given.", "2"),
 ("f", "user_id: unknown", "unknown"),
 ("g", "Zipcode: 02139", "Zipcode"),
 ("g", "Approved by Medicare.", "Medicare"),
 ("g", "Zipcode", "Zipcode"),
 ("g", "Prior authorization approved by Medicare on 3/2.", "Medicare"),
]
# g: label checks (positives whose label must be right)
FIRST_POS += [
 ("g", "Nguyễn Thị Hoa presents with cough.", "Nguyễn Thị Hoa", "PERSON"),
 ("g", "Patient Nguyễn Thị Hoa was seen today.", "Nguyễn Thị Hoa", "PERSON"),
 ("g", "Employer name: Walmart", "Walmart", "ORGANIZATION"),
 ("g", "Employer: Walmart", "Walmart", "ORGANIZATION"),
 ("g", "Zipcode: 02139", "02139", "ZIP"),
]

#: Second batch, written after the fixes.
SECOND_POS = [
 ("a", "Her MRI was done at St. Francis last year.", "St. Francis", "HOSPITAL"),
 ("a", "He was transferred to St. Mary for cardiac catheterization.", "St. Mary", "HOSPITAL"),
 ("a", "She presented to St. Catherine with chest pain.", "St. Catherine", "HOSPITAL"),
 ("a", "Discharged from Saint Vincent on 3/4.", "Saint Vincent", "HOSPITAL"),
 ("a", "Previously hospitalized at St. Rita for pneumonia.", "St. Rita", "HOSPITAL"),
 ("a", "Outside records from St. Bernard were reviewed.", "St. Bernard", "HOSPITAL"),
 ("a", "She went to the St. Luke ER overnight.", "St. Luke", "HOSPITAL"),
 ("a", "EMS took him to St Joseph.", "St Joseph", "HOSPITAL"),
 ("b", "She works at Whole Foods in the bakery.", "Whole Foods", "ORGANIZATION"),
 ("b", "He works at Blue Apron in the warehouse.", "Blue Apron", "ORGANIZATION"),
 ("b", "She is employed by Green Mountain Energy.", "Green Mountain Energy", "ORGANIZATION"),
 ("b", "He works for Big Sky Roofing.", "Big Sky Roofing", "ORGANIZATION"),
 ("b", "He drives for Old Dominion Freight.", "Old Dominion Freight", "ORGANIZATION"),
 ("c", "He is a 3rd shift machinist.", "machinist", "PROFESSION"),
 ("c", "She works as a 1st grade teacher.", "teacher", "PROFESSION"),
 ("c", "He is a part-time pizza delivery driver.", "driver", "PROFESSION"),
 ("d", "Nguyen Thi Lan reports worsening cough.", "Nguyen Thi Lan", "PERSON"),
 ("d", "Tran Van Hung was admitted for chest pain.", "Tran Van Hung", "PERSON"),
 ("d", "Choi Seo-jun denies fevers.", "Choi Seo-jun", "PERSON"),
 ("d", "Jung Ha-eun presents with a rash.", "Jung Ha-eun", "PERSON"),
 ("d", "Liu Yang was seen in follow-up.", "Liu Yang", "PERSON"),
 ("d", "Yamamoto Sakura reports fatigue.", "Yamamoto Sakura", "PERSON"),
 ("e", "MY WIFE MARGARET HAS BEEN FORGETFUL.", "MARGARET", "PERSON"),
 ("e", "my husband dennis has chest pain.", "dennis", "PERSON"),
 ("e", "our son milo keeps coughing at night.", "milo", "PERSON"),
 ("e", "SIGNED BY J.K. ABERNATHY, MD", "J.K. ABERNATHY", "PERSON"),
 ("e", "reviewed by t. okonkwo on the ward.", "t. okonkwo", "PERSON"),
 ("e", "LIU YANG WAS SEEN IN FOLLOW-UP.", "LIU YANG", "PERSON"),
 ("e", "nguyen thi lan reports worsening cough.", "nguyen thi lan", "PERSON"),
 ("f", "M, 71, admitted with sepsis.", "71", "AGE"),
 ("f", "Seen today: F, 29, with pelvic pain.", "29", "AGE"),
 ("f", "Reset requested for user_id: rgarcia.", "rgarcia", "USERNAME"),
]
SECOND_NEG = [
 ("a", "St. Jude ICD interrogation was normal.", "St. Jude"),
 ("a", "Admitted with St. Louis encephalitis.", "St. Louis"),
 ("a", "Seen at the clinic for St. John's wort toxicity.", "St. John"),
 ("a", "He has a St. Jude bileaflet valve.", "St. Jude"),
 ("b", "He works at home on weekdays.", "home"),
 ("b", "She works at Target Weight goals with nutrition.", "Target"),
 ("b", "He works at Physical Therapy three times a week.", "Physical"),
 ("c", "Her reading is at a 2nd grade level.", "2nd grade"),
 ("c", "3rd degree heart block noted.", "3rd degree"),
 ("d", "Na 140, K 3.9; Li 0.6.", "Li"),
 ("d", "Le Fort fracture was excluded.", "Le Fort"),
 ("e", "MY SON OFTEN HAS NOSEBLEEDS.", "OFTEN"),
 ("e", "my daughter never has fevers.", "never"),
 ("e", "GIVEN 1 TAB P.O. B.I.D. X 5 DAYS.", "DAYS"),
 ("e", "a. fib with rvr.", "fib"),
 ("f", "Temp 100.4 F, 3, then 4 doses of acetaminophen.", "3"),
 ("f", "Size M, 10, in stock.", "10"),
]


PERSON = frozenset({"PATIENT", "DOCTOR"})


def _covered(text: str, sub: str, spans: list, label: str | None) -> bool:
    i = text.find(sub)
    return all(any(a <= k < b and (label is None or (l in PERSON if label == "PERSON" else l == label))
                   for a, b, l in spans) for k in range(i, i + len(sub)) if not text[k].isspace() and text[k] not in ".,")


def _spans(text: str) -> list:
    return [(s.start, s.end, s.label) for s in phisift.detect(text)]


def score(pos: list, neg: list, verbose: bool) -> dict:
    """Per family: [positives found, positives, negatives clean, negatives]."""
    stat: dict = defaultdict(lambda: [0, 0, 0, 0])
    for fam, text, sub, label in pos:
        spans = _spans(text)
        ok = _covered(text, sub, spans, label)
        stat[fam][0] += ok
        stat[fam][1] += 1
        if verbose or not ok:
            print("found" if ok else "MISS ", fam, repr(text), [(text[a:b], l) for a, b, l in spans])
    for fam, text, sub in neg:
        i = text.find(sub)
        bad = [(text[a:b], l) for a, b, l in _spans(text) if a < i + len(sub) and b > i]
        stat[fam][2] += not bad
        stat[fam][3] += 1
        if verbose or bad:
            print("clean" if not bad else "FP   ", fam, repr(text), bad)
    return stat


def case_copies(pos: list) -> None:
    """Every positive outside family (e), as written, in capitals and in lower case: PHI covered, any label."""
    rest = [p for p in pos if p[0] != "e"]
    for name, fn in (("as written", str), ("upper", str.upper), ("lower", str.lower)):
        hit = sum(_covered(fn(t), fn(s), _spans(fn(t)), None) for _, t, s, _ in rest)
        print(f"case copies, {name}: {hit}/{len(rest)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print every probe")
    args = parser.parse_args(argv)
    for name, pos, neg in (("first batch", FIRST_POS, FIRST_NEG), ("second batch", SECOND_POS, SECOND_NEG)):
        stat = score(pos, neg, args.verbose)
        for fam in sorted(stat):
            p, n, q, m = stat[fam]
            print(f"{name}, family {fam}: positives found {p}/{n}, negatives clean {q}/{m}")
        tot = [sum(v[k] for v in stat.values()) for k in range(4)]
        print(f"{name}: positives found {tot[0]}/{tot[1]}, negatives clean {tot[2]}/{tot[3]}")
    case_copies(FIRST_POS + SECOND_POS)


if __name__ == "__main__":
    main()
