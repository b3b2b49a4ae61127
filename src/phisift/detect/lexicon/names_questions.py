"""People in short questions about their care, named by a bare given name with no cue word.

Patients and parents write about someone by first name alone, often in lowercase:
"Amber has had a cough for 3 weeks", "buck fainted at practice today", "does Dawn need
the second dose?", "how much water should Frank drink?", "what dose for Asuncion, she is 59".
A given name is taken there only by the grammar around it:

* the subject of a finite verb of illness or care at a sentence start ("Iris keeps getting
  ear infections"); a name that is also a word ("Will", "Hope", "Summer") only before a verb
  that a modal, a season or a feeling cannot take ("fainted", "keeps", "needs"), so
  "Will need follow-up", "May take with food" and "Hope this helps" stay untouched; before
  a weaker verb ("was", "had", "fell") only a name that several locales list, in a text whose
  case can be read, so "Miner was operating a loader", "Rock fell from the roof" and "ANA WAS
  POSITIVE" stay untouched;
* the subject between an auxiliary and a bare verb ("can Chase go back to school",
  "should Frank drink"): a question word, a name, a verb;
* the subject of "for X to <verb>" ("is it safe for emma to go swimming");
* a clause's subject after an opener ("last night Joy threw up", "I think Bill has an ear infection"),
  before "is" and a state of illness ("Daisy is teething"; no word the notes use: "Baby is vomiting"),
  or alone before punctuation as the writer ("Zora here - ..."); "was" and what is done to a patient
  ("Sara was bitten") is a weaker verb ("Cord was seen", "Miner was hit");
* the object of taking or giving ("we took Honor to urgent care", "can I give Luz motrin"), and the
  subject line of a message ("Re Olavi: her inhaler ran out");
* a name paired with the writer ("Mark and I want to know"), or two names opening a clause together
  ("Grace and Hope both have chickenpox");
* a subject of what only a patient is said to have or be, opening a clause or after "and" / "but":
  an illness had ("Miles has a rash"), an age ("Grace is 4 and ..."), a state ("Joy is no better",
  "Miles is vomiting"); no word for a patient ("Baby has a rash");
* the object of registering ("register Rose with a new GP"); a message opening with an unlisted
  writer's name that is no English word ("Przemyslaw here - ...");
* a name set apart by a comma before "she/he is|has|was" ("for Mark, she is 24").

The word must be on the given-name lists, and no title, relative, month, clinical term or
head word; in a mixed-case text a lowercase word is taken only when it is a common listed
name and no English word ("natalia has had a cough").
"""

from __future__ import annotations

import re

from .casing import clinical_vocabulary
from .english import english_words
from .cues import CALENDAR, NAME_STOP, NOT_NAMES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

#: Finite verbs of illness and care that only a person (or animal) takes as subject.
_STRONG_VERBS = frozenset(
    "fainted vomited vomits keeps kept woke coughed coughs threw complains complained cries cried swallowed "
    "ate drank needs wants refuses refused took takes sleeps slept wets collapsed can't cannot won't doesn't "
    "didn't hasn't started".split()
)
#: Weaker verbs a name may also open a sentence with, when the name is no English word ("Natalia has had").
_VERBS = _STRONG_VERBS | frozenset(
    "has had was is got gets stopped seems feels felt developed broke hit tested goes went passed "
    "hurt hurts weighs fell still also just".split()
)
#: Words that open a clause before its subject: "last night Joy threw up", "I think Bill has".
_OPENERS = frozenset(tuple(o.split()) for o in (
    "yesterday", "today", "tonight", "this morning", "this afternoon", "this evening", "last night", "last week",
    "so", "and", "but", "now", "then", "also", "apparently", "because", "since", "when", "if", "i think",
    "i think that", "i believe", "i feel like", "i guess", "i'm afraid", "ok so", "well",
))
#: After "X is": a state of illness or care ("Daisy is teething", "April is running a fever").
_ILL_AFTER_IS = frozenset(
    "vomiting running teething allergic pregnant coughing wheezing complaining congested feverish sick "
    "throwing crying bleeding limping itching scratching sneezing spitting refusing".split()
)
#: After "X was": what is done to a patient ("Faith was bitten by a dog", "was seen last week").
_DONE_TO = frozenset(
    "bitten stung seen diagnosed prescribed admitted discharged told given hit scratched vaccinated "
    "treated tested referred hospitalized hospitalised started".split()
)
#: After "X has" or "X has got": an illness only a person has ("Miles has a rash", "Honor has had a fever").
_ILLNESS_HAD = frozenset(
    "rash fever temp temperature cough cold sore headache earache ear tummy stomach chest sinus high "
    "diarrhea diarrhoea vomiting croup chickenpox hives nosebleed nosebleeds lump swollen bad conjunctivitis eczema "
    "asthma flu covid tonsillitis measles impetigo thrush reflux colic constipation pneumonia bronchiolitis "
    "bronchitis infection uti allergy headaches migraine migraines earache toothache spots blisters wheeze "
    "runny blocked sickness bug virus".split()
)
#: Verbs of hurting oneself before "his" or "her": "Alfie hurt his wrist", "Lily fell and bumped her head".
_HURT = frozenset("hurt broke bumped banged cut burned burnt sprained twisted scraped grazed injured".split())
#: After "is X": what is asked only of a patient ("Is Ava ok to swim", "is Grace contagious").
_ASKED_STATE = frozenset("ok okay safe allowed able fit alright due contagious infectious better".split())
#: Words that open a subordinate clause mid-sentence before its subject ("wondering if Freddie needs").
_SUBORDINATORS = frozenset("if that whether because since when".split())
#: Months that are given names too, read as names only where only a patient fits (never "May": a modal).
_MONTH_NAMES = frozenset({"april", "june"})
#: After "X was": what only befalls a patient ("was bitten", "was stung", "was vaccinated").
_BITTEN = frozenset("bitten stung vaccinated immunised immunized circumcised breastfed".split())
#: After "X is no" / "X is still" / "X is not": how a patient is doing ("Joy is no better").
_STATE_AFTER_NO = frozenset("better worse improving eating sleeping drinking well sick right".split())
#: The gap between "is" and the next word holding an age: " 4 ", " 3.", " 12, ".
_AGE_GAP = re.compile(r"[ \t]+(?P<n>[0-9]{1,3})(?P<end>[ \t]*[.,!?;][ \t]*)?[ \t]*")
#: Words for a patient that given-name lists may hold: "Baby has a rash", "Patient is no better".
_NOT_SUBJECTS = frozenset("baby babe child kid infant toddler newborn boy girl patient pt client resident dog cat "
                          "puppy kitten wound skin cord stump site line tube drain port graft incision".split())
#: Verbs whose object a patient is, before where they go: "we took Honor to urgent care".
_TAKE = frozenset("take took taking bring brought bringing drive drove driving carry carried".split())
_TAKE_TAIL = frozenset("to in into back home over".split())
#: Verbs of signing a patient up, before where: "register Rose with a new GP", "enrol Miles at the clinic".
_REGISTER = frozenset("register registered registering enrol enroll enrolled enrolling".split())
#: What two people named together do: "Grace and Hope both have chickenpox", "summer and chip are sick".
_PAIR_VERBS = _STRONG_VERBS | frozenset("both have are were had keep still need got".split())
#: After "give X": what makes X a thing given, not a person ("gave rock and roll to you", "give time to heal").
_NOT_GIVEN_AFTER = frozenset("a an the time up birth consent and or to for away back out in of it them".split())
#: Auxiliaries that open a question whose subject comes next: "can Chase go", "does hope need".
_AUX = frozenset("can could does did should would will may must might shall".split())
#: Adverbs that may stand between such a subject and its verb: "should Ava still take".
_ADVERBS = frozenset("still also ever really just even already".split())
#: Bare verbs after the subject of such a question.
BASE_VERBS = frozenset(
    "go get take have eat drink see start stop use return come be do try receive continue swim play travel fly "
    "attend sleep wear keep need stay skip resume shower bathe exercise walk run drive work lift wait fast "
    "switch share mix repeat call bring visit join restart apply sit stand breastfeed feed".split()
)
#: After "X, she ...": what makes the aside a sentence about X.
_APPOSITION_VERBS = frozenset("is was has had weighs needs takes".split())
#: Words that ask about someone before such an aside: "what dose for Mark, she is 24".
_ABOUT = frozenset("for about regarding with re".split())


def _given(doc: Tokens, t: int, strong: bool) -> bool:
    """Token t is a listed given name the case allows here (see the module docstring)."""
    if not _listed_given(doc, t):
        return False
    k = doc.keys[t]
    lex = doc.lex
    if doc.cap[t]:
        if doc.is_upper(t) and not doc.text.isupper():
            return False  # an acronym in a mixed-case text
        return strong or not lex.is_allowed(k)
    if doc.text.islower():
        return strong or not lex.is_allowed(k)
    return k in lex.first_common and not lex.is_allowed(k)


def _listed_given(doc: Tokens, t: int) -> bool:
    """Token t is a listed given name that no stop list, title, term or possessive rules out: what every
    form of this pass needs, whatever the case (so the pass tests it first, before reading the grammar)."""
    k = doc.keys[t]
    lex = doc.lex
    return not (len(k) < 3 or k not in lex.first or k in NAME_STOP or k in TITLES or k in CALENDAR
                or k in NOT_NAMES or k in RELATIONS or k in lex.terms or k in lex.head_last
                or doc.words[t].endswith(("'s", "’s")))


def _clause_start(doc: Tokens, t: int) -> bool:
    """Token t opens a clause: a sentence start, or after an opener that does ('last night', 'I think',
    'so', 'yesterday,')."""
    if doc.sentence_initial(t):
        return True
    if t == 0 or "\n" in doc.gap(t) or doc.gap(t).strip() not in ("", ","):
        return False
    for n in (3, 2, 1):
        a = t - n
        if a >= 0 and tuple(doc.keys[a:t]) in _OPENERS and doc.sentence_initial(a) \
                and all(doc.simple_gap(u) for u in range(a + 1, t)):
            return True
    return False


#: Openers of time that a person's doing follows: "Yesterday Miles fell", "Last night Honor vomited".
_TIME_OPENERS = frozenset(tuple(o.split()) for o in (
    "yesterday", "today", "tonight", "this morning", "this afternoon", "this evening", "last night", "last week",
))
#: Verbs only a person (or an animal) takes after such an opener; a word the notes use may be the name.
_OPENER_VERBS = _STRONG_VERBS | frozenset("says said told asked".split())
#: After "fell": a pronoun that makes the one who fell a person ("fell off his bike", "and her ankle is").
_PERSONAL_AFTER = frozenset("his her their he she they him them".split())


def _pronoun_after(doc: Tokens, i: int) -> bool:
    """A personal pronoun among the six words from token i, within its sentence."""
    for u in range(i, min(i + 6, doc.n)):
        if u > i and doc.gap(u).strip() not in ("", ","):
            return False
        if doc.keys[u] in _PERSONAL_AFTER:
            return True
    return False


def _after_time_opener(doc: Tokens, t: int) -> bool:
    """Token t follows an opener of time that opens its sentence ('Yesterday Miles', 'Last night, Honor')."""
    if t == 0 or "\n" in doc.gap(t) or doc.gap(t).strip() not in ("", ","):
        return False
    for n in (2, 1):
        a = t - n
        if a >= 0 and tuple(doc.keys[a:t]) in _TIME_OPENERS and doc.sentence_initial(a) \
                and all(doc.simple_gap(u) for u in range(a + 1, t)):
            return True
    return False


def _said_of_a_patient(doc: Tokens, t: int) -> bool:
    """What follows token t is said only of a patient: an illness had ("Miles has a rash", "has got a
    fever"), an age ("Honor is 4 and", "just turned 6"), how they are doing ("Joy is no better", "is still
    sick")."""
    v = t + 2 if t + 2 < doc.n and doc.keys[t + 1] == "just" and doc.simple_gap(t + 1) else t + 1
    if v < doc.n and doc.keys[v] in ("is", "turned", "turns") and doc.simple_gap(v):
        # "Honor is 4 and has a fever", "Mark is 3." - not "June is 4 weeks away", "Stage is 4/5"
        age = _AGE_GAP.fullmatch(doc.text, doc.ends[v], doc.starts[v + 1] if v + 1 < doc.n else len(doc.text))
        if age is not None and 1 <= int(age.group("n")) <= 120:
            return bool(age.group("end")) or v + 1 < doc.n and doc.keys[v + 1] in ("and", "now", "today", "next")
    u = t + 1
    ahead = []  # the next words, set off by single blanks
    while u < doc.n and len(ahead) < 6 and doc.simple_gap(u):
        ahead.append(u)
        u += 1
    keys = [doc.keys[u] for u in ahead]
    while keys[:1] and keys[0] in _ADVERBS:  # "Ruby still has conjunctivitis", "just turned"
        keys = keys[1:]
    if keys[:2] == ["fell", "and"]:
        keys = keys[2:]  # "Lily fell and bumped her head"
    if len(keys) >= 2 and keys[0] in _HURT and keys[1] in ("his", "her", "their"):
        return True  # "Alfie hurt his wrist"
    if len(keys) < 2:
        return False
    verb, rest = keys[0], keys[1:]
    if verb in ("has", "had") and rest[0] in ("got", "had"):
        rest = rest[1:]
    if verb in ("has", "had", "got") and rest:
        obj = rest[1] if rest[0] in ("a", "an") and len(rest) > 1 else rest[0]
        return obj in _ILLNESS_HAD
    if verb == "is" and rest[0] in _ILL_AFTER_IS:
        return True  # "Miles is vomiting"
    if verb == "was" and rest[0] in _BITTEN:
        return True  # "Art was bitten by a dog" (not "Miner was hit")
    if verb in ("is", "isn't") and rest[0] in ("no", "not", "still") and len(rest) > 1:
        return rest[1] in _STATE_AFTER_NO or rest[1] in _ILL_AFTER_IS
    return False


def _subject(doc: Tokens, t: int, recased: bool) -> bool:
    """'Amber has had a cough', 'buck fainted', 'last night Joy threw up', 'Daisy is teething':
    a name opening a clause before a finite verb."""
    if t + 1 >= doc.n or not doc.simple_gap(t + 1) or doc.cap[t + 1]:
        return False
    if _said_of_a_patient(doc, t) and (_clause_start(doc, t) or t > 0 and doc.simple_gap(t)
                                       and doc.keys[t - 1] in ("and", "but", "so")):
        # "Miles has a rash", "we saw dr Lloyd and Joy is no better": only a patient is said so
        return doc.keys[t] not in _NOT_SUBJECTS and _given(doc, t, strong=True)
    if t > 0 and doc.simple_gap(t) and doc.keys[t - 1] in _SUBORDINATORS and doc.keys[t + 1] in _STRONG_VERBS \
            and doc.keys[t] not in _NOT_SUBJECTS:
        return _given(doc, t, strong=True)  # "just wondering if Freddie needs", "normal that Grace sleeps"
    if _after_time_opener(doc, t) and doc.cap[t] and doc.keys[t] not in _NOT_SUBJECTS \
            and not (recased or doc.text.isupper()) and (doc.keys[t + 1] in _OPENER_VERBS or doc.keys[t + 1] == "fell"
                                                         and _pronoun_after(doc, t + 2)):
        # "Yesterday Miles fell off his bike": a name that is a word too; not "Yesterday Rock fell from the roof"
        return _given(doc, t, strong=True)
    if not _clause_start(doc, t):
        return False
    nxt = doc.keys[t + 1]
    if nxt in _STRONG_VERBS:
        return _given(doc, t, strong=True)
    after = doc.keys[t + 2] if t + 2 < doc.n and doc.simple_gap(t + 2) else ""
    if nxt == "has" and (after == "had" or after == "been" and t + 3 < doc.n and doc.keys[t + 3].endswith("ing")):
        return _given(doc, t, strong=True)  # "Amber has had a cough", "has been coughing", not "Summer has been"
    if nxt == "is" and after in _ILL_AFTER_IS:
        # "Daisy is teething", but not a word the notes use ("Baby is vomiting", "Cord is ...")
        return doc.keys[t] not in clinical_vocabulary() and _given(doc, t, strong=True)
    if nxt == "here" and doc.sentence_initial(t) and doc.gap(t + 2).strip()[:1] in ("-", ",", ".", ":", "–"):
        return _given(doc, t, strong=True)  # "Zora here - the new meds make me dizzy"
    # a weaker verb takes "Rock", "Miner", "Stone" as subjects too: only names common in the lists, and
    # only where the case is read or an opener says a clause starts ("ANA WAS POSITIVE" in a note typed in
    # capitals or in lowercase is a test; "i think aurelio has" names someone)
    caseless = (recased or doc.text.isupper() or doc.text.islower()) and (doc.sentence_initial(t) or nxt in ("is", "was"))
    if not (nxt in _VERBS or nxt == "was" and after in _DONE_TO) or caseless or doc.keys[t] not in doc.lex.first_common:
        return False
    if _given(doc, t, strong=False):
        return True
    # a name that is also a word ("Grace", "Chase"), capitalised in a mixed-case text where no sentence starts:
    # after an opener ("I think Grace has", "Yesterday Chase fell"); never a word the notes use ("Cord")
    return not doc.sentence_initial(t) and doc.cap[t] and not (recased or doc.text.isupper()) \
        and doc.keys[t] not in clinical_vocabulary() and _given(doc, t, strong=True)


def _bare_verb_at(doc: Tokens, j: int) -> bool:
    """A bare verb at token j, perhaps after one adverb ("take", "still take"); in capitals only after a word in
    capitals too ("FOR ROSE TO CALL BACK" in a note typed in capitals)."""
    if j < doc.n and doc.keys[j] in _ADVERBS and doc.simple_gap(j):
        j += 1
    return j < doc.n and doc.simple_gap(j) and doc.keys[j] in BASE_VERBS and (
        not doc.cap[j] or doc.is_upper(j) and doc.is_upper(j - 1) and doc.text.isupper())


def _asked(doc: Tokens, t: int) -> bool:
    """'can Chase go back to school', 'should Ava still take', 'is it safe for emma to go swimming':
    an auxiliary (or 'for') before the name, a bare verb (or 'to' and one) after it."""
    if t == 0 or t + 1 >= doc.n or not doc.simple_gap(t) or not doc.simple_gap(t + 1):
        return False
    before = doc.keys[t - 1]
    if before in _AUX:
        verb = _bare_verb_at(doc, t + 1)
    elif before == "for":
        verb = doc.keys[t + 1] == "to" and _bare_verb_at(doc, t + 2)
    elif before in ("is", "was") and (doc.sentence_initial(t - 1) or t > 1 and doc.keys[t - 2] in _SUBORDINATORS):
        verb = doc.keys[t + 1] in _ASKED_STATE  # "Is Ava ok to swim", "is Grace contagious"
    else:
        return False
    return verb and _given(doc, t, strong=True)


def _object(doc: Tokens, t: int) -> bool:
    """'we took Honor to urgent care', 'can I give Luz motrin', 'Re Olavi: her inhaler ran out'."""
    if t == 0 or t + 1 >= doc.n or not doc.simple_gap(t):
        return False
    before, nxt = doc.keys[t - 1], doc.keys[t + 1]
    if before in _TAKE:
        ok = nxt in _TAKE_TAIL and doc.simple_gap(t + 1)
    elif before in ("give", "gave", "giving"):
        ok = doc.simple_gap(t + 1) and not doc.cap[t + 1] and doc.words[t + 1].isalpha() \
            and nxt not in _NOT_GIVEN_AFTER
    elif before in _REGISTER:
        ok = nxt in ("with", "at") and doc.simple_gap(t + 1)  # "do I need to register Rose with a new GP"
    elif before == "re":
        ok = doc.sentence_initial(t - 1) and doc.gap(t + 1).strip().startswith(":")
    else:
        return False
    return ok and _given(doc, t, strong=True)


def _with_me(doc: Tokens, t: int) -> bool:
    """'Mark and I want to know', 'kevin and i were wondering': a name paired with the writer."""
    if t + 2 >= doc.n or doc.keys[t + 1] != "and" or doc.keys[t + 2] != "i" or not doc.simple_gap(t + 1) \
            or not doc.simple_gap(t + 2):
        return False
    return (doc.sentence_initial(t) or doc.keys[t - 1] in ("with", "for", "and", "both")) and _given(doc, t, strong=True)


def _apposition(doc: Tokens, t: int) -> bool:
    """'what dose of tylenol for Mark, she is 24': a name, a comma, a pronoun and its verb."""
    if t + 2 >= doc.n or doc.gap(t + 1).strip() != "," or "\n" in doc.gap(t + 1):
        return False
    if t == 0 or doc.keys[t - 1] not in _ABOUT or not doc.simple_gap(t):
        return False  # "for this reason, he has", "via endotracheal ROD, HE WAS": no person asked about
    caseless = doc.text.isupper() or doc.text.islower()
    return doc.keys[t + 1] in ("she", "he") and doc.keys[t + 2] in _APPOSITION_VERBS and doc.simple_gap(t + 2) \
        and _given(doc, t, strong=not caseless)


def _pair(doc: Tokens, t: int) -> bool:
    """'Grace and Hope both have chickenpox', 'summer and chip are sick': two given names opening a clause,
    joined by 'and', before what both do; token t is either of them."""
    for a in (t, t - 2):
        b = a + 2
        if a < 0 or b + 1 >= doc.n or doc.keys[a + 1] != "and" or doc.keys[b + 1] not in _PAIR_VERBS:
            continue
        if not all(doc.simple_gap(u) for u in (a + 1, b, b + 1)) or not _clause_start(doc, a):
            continue
        if doc.cap[a] != doc.cap[b] or not (_listed_given(doc, a) and _listed_given(doc, b)):
            continue  # "Tylenol and Motrin": one case for both names
        return _given(doc, a, strong=True) and _given(doc, b, strong=True)
    return False


def _writer_here(doc: Tokens) -> bool:
    """'Przemyslaw here - the new meds make me dizzy': a message opening with the writer's name, one no list
    holds (listed names are read by ``_subject``), and no English or clinical word ("Update here - ...")."""
    if doc.n < 3 or doc.keys[1] != "here" or doc.starts[0] > 0 or not doc.simple_gap(1):
        return False
    k = doc.keys[0]
    if k in doc.lex.first or not doc.words[0].isalpha() or len(k) < 3 or doc.is_upper(0) or doc.lex.is_allowed(k):
        return False
    if not (doc.cap[0] or doc.text.islower()) or k in english_words() or k in clinical_vocabulary():
        return False
    return doc.gap(2).strip()[:1] in ("-", ",", ":", "–")


def pass_question_names(doc: Tokens, state: PassState) -> None:
    """Given names by the grammar of a question about someone's care (see the module docstring)."""
    if _writer_here(doc) and not state.taken[0]:
        state.emit(0, 1, PATIENT, 0.75)
    for t in doc.positions(doc.lex.first):  # every form needs a listed given name (``_listed_given``)
        if t >= doc.n - 1:
            break
        if state.taken[t]:
            continue
        if doc.keys[t] in _MONTH_NAMES and doc.cap[t] and not doc.is_upper(t) and (
                _said_of_a_patient(doc, t) and _clause_start(doc, t) or t > 0 and doc.simple_gap(t)
                and doc.simple_gap(t + 1) and (doc.keys[t - 1] in _TAKE and doc.keys[t + 1] in _TAKE_TAIL
                                               or doc.keys[t - 1] in _REGISTER and doc.keys[t + 1] in ("with", "at"))):
            state.emit(t, t + 1, PATIENT, 0.7)  # "June has a rash", "we took June to urgent care", "register June with"
            continue
        if not _listed_given(doc, t):
            continue
        if _subject(doc, t, state.recased) or _asked(doc, t) or _apposition(doc, t) or _with_me(doc, t) \
                or _object(doc, t) or _pair(doc, t):
            state.emit(t, t + 1, PATIENT, 0.75)
