"""People and firms in general prose, named by what they do in the sentence, with no title or cue word.

Letters, messages, bios and news name people and companies by their role in a clause:

* a person as the subject of a verb only people take, opening a sentence: "Kowalczyk said ...",
  "Klimek shouted at Katie", "Roksana spent a year at ...", "Ewan married ..."; a given name and
  a surname, or a surname only the surname lists hold, may also open a sentence before "is",
  "was", "has", "will" ("Rasmussen is a software engineer", "Tomasz Jílek will be talking");
* a person as the object of such a verb: "I told Marguerite", "shouted at Katie", "had given
  Chise his address", "ask Henrikson to call";
* a person who made a work: "directed by Nicole Kay and starring Mikolčić", "a song by Tami Want";
* two people joined by "and" before a plural verb: "Sousa and Ball were precision engineers";
* a writer's name under a closing ("Thanks,\nMary"), introduced ("This is Orville from accounting") or
  paired with the writer ("Weronika and I went"), a given name in the possessive before an everyday
  word ("Mary's flight was delayed");
* a firm as the subject of a verb of business after a sentence opener ("During the 1990s, Deloitte
  invested heavily"), or named by its officers: "the CEO of Brightwave", "Telvana's CEO".

The word must read as a name (``names_prose._name_word``: on the name lists or on no list, never
a common or clinical word, a place, a month or a title), so "Lasix was given", "Foley was
removed", "called Cardiology" and "Monday's labs" stay untouched, and so do the trade words that are
surnames too before a weak verb ("Miner was hit"). A note typed in one case is read only through its
recased copy, and there only listed names count.
"""

from __future__ import annotations

import re

from ..rules.pharmacies import CHAINS
from .casing import MIXED
from .cues import NAME_STOP, TITLES
from .labels import DOCTOR, ORGANIZATION, PATIENT
from .names_prose import _name_word
from .state import PassState
from .tokens import Tokens

#: Verbs that only a person takes as subject, opening a sentence: "Kowalczyk said", "Aki shouted at".
_PERSON_VERBS = frozenset(
    "said says told tells asked asks replied replies shouted shouts yelled whispered answered explained "
    "laughed smiled married marries thanked believes wants knows hates apologized apologised insisted "
    "argued suggested recalled promised decided graduated spent".split()
)
#: Verbs a listed name may also open a sentence with; words of no list do not, since clinical shorthand
#: drops its subject's article before them ("Scripts left in the chart", "Perseverative thought").
_LISTED_VERBS = frozenset(
    "wrote writes cried spends met meets thinks thought believed wanted loves loved likes liked hated knew "
    "called emailed texted phoned studied grew lives lived works worked moved joined visited arrived "
    "returned left drove walked went came bought sold sent received gave gives hugged kissed agreed "
    "admitted remembered".split()
)
#: What is done to a person as such, after "was": "Rasmussen was married twice".
_PERSON_PASSIVES = frozenset("married named hired promoted elected appointed awarded raised engaged divorced".split())
#: Weak verbs: only a listed name that is no common word opens a sentence before them.
_WEAK_VERBS = frozenset("is was has had will would can could should did does".split())
#: Verbs whose object is a person: "I told Marguerite", "ask Henrikson to call", "had given Chise his address".
_OBJECT_VERBS = frozenset(
    "told tell tells asked ask asks thanked thank thanks met meet meets married marry marries called "
    "emailed email texted phoned invited invite invites hugged kissed loves love miss missed contacted "
    "introduced introduce call".split()
)
#: Verbs whose object is a person only when something is given to them ("had given Chise his address"; not
#: "was given Nubain for discomfort"), or one on the lists ("Contact Heikkinen for details").
_GIVE = frozenset("given give gives gave".split())
_GIVEN_AFTER = frozenset("his her their its my your our a an the".split())
_LISTED_OBJECT_VERBS = frozenset("contact".split())
#: The object verbs that keep their sense in a note typed in one case, where a drug or a test may read as
#: a listed name ("was given asa", "contact ana clinic"): only those of speech and company.
_CASELESS_OBJECT_VERBS = frozenset("told tell tells asked ask asks thanked thank met meet married marry invited "
                                   "hugged kissed introduced".split())
#: Prepositions after a verb of speech that make the next word its person: "shouted at Katie".
_AT_PERSON = frozenset({("shouted", "at"), ("yelled", "at"), ("smiled", "at"), ("waved", "at"), ("talk", "to"),
                        ("talked", "to"), ("speak", "to"), ("spoke", "to"), ("wrote", "to"), ("write", "to"),
                        ("listen", "to"), ("listened", "to"), ("married", "to"), ("engaged", "to"),
                        ("according", "to")})
#: What makes a person a work's maker: "directed by X", "starring X", "a novel by X".
_MAKER_CUES = frozenset(
    "directed written produced founded created composed painted authored narrated starring featuring "
    "co-starring illustrated edited photographed sung designed invented".split()
)
_BY_NOUNS = frozenset("novel book film movie song album poem play painting story essay article".split())
#: Plural verbs after "X and Y": "Sousa and Ball were precision engineers".
_PLURAL_VERBS = frozenset("were are have had met married founded started live lived work worked went".split())
#: Verbs of business a firm takes as subject: "Deloitte invested heavily", "Quorvex announced".
_FIRM_VERBS = frozenset(
    "invested announced acquired launched raised merged partnered bought sold employs employed headquartered "
    "expanded unveiled shipped manufactures manufactured develops developed".split()
)
#: What is done to a firm: "Quorvex was founded in 1998", "is headquartered in Oslo".
_FIRM_PASSIVES = frozenset("founded acquired incorporated headquartered listed bought merged".split())
#: Officers and parts of a firm: "the CEO of Brightwave", "Telvana's CEO".
_FIRM_PARTS = frozenset(
    "ceo cfo cto coo founder co-founder cofounder chairman chairwoman president shareholders shares stock "
    "employees headquarters hq board subsidiary spokesperson spokesman spokeswoman".split()
)


#: Pharmacy and store chains, which speak as subjects too ("Walgreens says the prescription is ready").
_CHAINS = frozenset(c.lower() for c in CHAINS)


def _candidates(doc: Tokens) -> list[int]:
    """The tokens that may open a name: the capitalised ones; in a short text typed all in lowercase, which
    the detector reads as it is ("i told mary about the meeting"), the listed names that are no word of
    the notes ("mary", "okafor"; not "will", "bill", "grace")."""
    if any(doc.cap) or not doc.text.islower():
        return doc.caps
    return [t for t in range(doc.n) if _lower_name(doc, t)]


def _lower_name(doc: Tokens, t: int) -> bool:
    """Token t of a text in lowercase is a listed name that is no word of the notes (see ``_candidates``)."""
    from .casing import clinical_vocabulary

    k, lex = doc.keys[t], doc.lex
    return len(k) > 2 and _listed(doc, t) and k not in clinical_vocabulary() and k not in NAME_STOP \
        and k not in TITLES and (not lex.is_place_word(k) or k in lex.first_common)


def _name_run(doc: Tokens, state: PassState, t: int, limit: int = 3) -> int:
    """End of a run of up to ``limit`` free name words from t, of one case, on one line ("Nicole Kay")."""
    j = t
    while j < doc.n and j - t < limit and not state.taken[j] and (j == t or doc.simple_gap(j)) \
            and doc.cap[j] == doc.cap[t] and _word(doc, state, j):
        j += 1
        if j < doc.n and doc.keys[j] in ("van", "de", "von", "der", "den", "da", "di", "le", "la") \
                and j + 1 < doc.n and doc.simple_gap(j) and doc.simple_gap(j + 1) and doc.cap[j + 1]:
            j += 1  # "Charles van Beers"
    while j > t + 1 and not doc.cap[j - 1] and doc.cap[t]:
        j -= 1
    return j


def _word(doc: Tokens, state: PassState, t: int) -> bool:
    """Token t reads as a name; in a recased copy of a caseless note (whose capitals the detector put
    back on every unknown word) only a listed name that is no common word does."""
    if not doc.cap[t]:
        return not state.recased and doc.text.islower() and _lower_name(doc, t)
    return _name_word(doc, t) and (not state.recased or _listed(doc, t))


#: Trades and roles that reports name their people by, surnames too ("Miner", "Contractor", "Mason").
_TRADES = frozenset(
    "miner miners contractor operator foreman shipper driver worker laborer labourer mechanic welder helper "
    "supervisor inspector officer trooper teacher carpenter mason porter butler cook baker turner hunter "
    "fisher farmer barber painter plumber dealer guard sawyer smith tanner weaver fuller glazier roofer "
    "electrician technician trucker hauler loader bolter driller blaster pumper oiler dispatcher".split()
)


def _lone_ok(doc: Tokens, t: int) -> bool:
    """Token t may stand as a person's name alone: no word of the notes' vocabulary unless a listed name, and
    no trade noun that is a surname too ("Miner received", "Contractor thought", "Foreman told", "called
    Operator"): reports name workers by their trade."""
    from .casing import clinical_vocabulary

    k = doc.keys[t]
    lex = doc.lex
    if k in _TRADES or doc.cap[t] and k in _lower_words(doc):
        return False  # "when ram activated. Ram was not locked out": the text writes it as a word
    return lex.is_name_word(k) or k not in clinical_vocabulary()


def _lower_words(doc: Tokens) -> frozenset[str]:
    """The words the text writes in lowercase."""
    return doc.lower_words


def _listed(doc: Tokens, t: int) -> bool:
    """Token t is a name on the lists that is no common word of the notes (a town may share it: "Warren")."""
    k = doc.keys[t]
    return doc.lex.is_name_word(k) and not doc.lex.is_allowed(k)


def _weak_subject(doc: Tokens, t: int, j: int) -> bool:
    """The run t..j may open a sentence before "is", "was", "will": a given name and a surname ("Allen Jílek
    will be talking"), or a surname only the surname lists hold and no trade names ("Rasmussen is"; not
    "Miner was hit", "Contractor was", "Mason was": the worker, not a person's name)."""
    lex = doc.lex
    if j - t >= 2:
        return doc.keys[t] in lex.first and _listed(doc, t)
    k = doc.keys[t]
    return k in lex.last and k not in lex.first and not lex.is_allowed(k) and not k.endswith(("er", "or", "man"))


#: Nouns that say the subject of "X is a ..." is a person.
_PERSON_NOUNS = frozenset("person man woman guy girl boy lady gentleman friend kid fellow".split())


def _a_person_after(doc: Tokens, i: int) -> bool:
    """Tokens from i read "a (very)? (adjective)? person": "is a very sympathetic person"."""
    if i >= doc.n or doc.keys[i] not in ("a", "an"):
        return False
    return any(i + n < doc.n and doc.keys[i + n] in _PERSON_NOUNS and not any(doc.cap[i + 1 : i + n + 1])
               for n in (1, 2, 3))


def _subjects(doc: Tokens, state: PassState) -> None:
    lex = doc.lex
    for t in _candidates(doc):
        if state.taken[t] or not doc.sentence_initial(t) or doc.words[t].endswith(("'s", "’s")):
            continue
        k = doc.keys[t]
        if t + 1 < doc.n and doc.keys[t + 1] == "is" and doc.simple_gap(t + 1) and k in lex.first \
                and k not in NAME_STOP and k not in TITLES and k not in lex.terms and _a_person_after(doc, t + 2):
            state.emit(t, t + 1, PATIENT, 0.9)  # "Mark is a very sympathetic person": a person, whatever the word
            continue
        if not _word(doc, state, t):
            continue
        j = _name_run(doc, state, t)
        if j >= doc.n or not doc.simple_gap(j) or doc.cap[j] or j - t == 1 and not _lone_ok(doc, t) \
                or any(doc.keys[u] in _TRADES for u in range(t, j)) \
                or doc.text[doc.starts[t] : doc.ends[j - 1]].lower() in _CHAINS:
            continue  # a trade noun or a chain ("Walgreens says"), no person
        verb = doc.keys[j]
        if verb in ("is", "was") and j + 1 < doc.n and doc.keys[j + 1].endswith("ed") \
                and doc.keys[j + 1] not in _PERSON_PASSIVES:
            continue  # "Rust was removed": done to a thing
        if verb == "is" and j + 2 < doc.n and doc.keys[j + 1] == "from" and not state.recased \
                and (doc.cap[j + 2] or not any(doc.cap)):
            verb = "said"  # "Jaylee is from Amazon Web Services": a person comes from a firm or a town
        if verb == "is" and _a_person_after(doc, j + 1):
            verb = "said"  # "Kelvin Okafor is a very sympathetic person"
        if verb in _PERSON_VERBS or verb in _LISTED_VERBS and _listed(doc, t) \
                or verb in _WEAK_VERBS and not state.recased and _weak_subject(doc, t, j):
            # sure enough to keep the verb out of a tagger's longer guess ("Klimek shouted")
            state.emit(t, j, PATIENT, 0.9)


def _closes(doc: Tokens, j: int) -> bool:
    """The name that ends before token j closes its phrase: punctuation, the text's end or a lowercase word."""
    if j >= doc.n:
        return True
    g = doc.gap(j)
    return bool(g.strip()) or not doc.cap[j]


def _objects(doc: Tokens, state: PassState) -> None:
    for t in _candidates(doc):
        if t > 1 and not state.taken[t] and doc.keys[t - 1] == "name" and doc.keys[t - 2] in ("your", "ur") \
                and doc.gap(t).strip() == "?" and "\n" not in doc.gap(t) and _word(doc, state, t):
            j = _name_run(doc, state, t)  # "What's your name? jillian capon": the answer
            if _closes(doc, j):
                state.emit(t, j, PATIENT, 0.8)
            continue
        if t == 0 or state.taken[t] or not doc.simple_gap(t) or doc.sentence_initial(t):
            continue
        prev = doc.keys[t - 1]
        pair = (doc.keys[t - 2], prev) if t > 1 and doc.simple_gap(t - 1) else None
        maker = prev in _MAKER_CUES or prev == "by" and t > 1 and (doc.keys[t - 2] in _MAKER_CUES
                                                                   or doc.keys[t - 2] in _BY_NOUNS)
        if prev == "the" and not state.recased:
            j = _name_run(doc, state, t)
            if j < doc.n and doc.keys[j] in _BY_NOUNS and doc.simple_gap(j) and _word(doc, state, t):
                state.emit(t, j, PATIENT, 0.7)  # "Unlike the Takuda novel": a work named by its maker
            continue
        verbs = _CASELESS_OBJECT_VERBS if state.recased else _OBJECT_VERBS
        given = prev in _GIVE and not state.recased
        greeted = prev in ("hi", "hello", "hey", "dear") and doc.sentence_initial(t - 1) and not state.recased
        if not (prev in verbs or pair in _AT_PERSON or maker or given or greeted
                or prev in _LISTED_OBJECT_VERBS and _listed(doc, t)) \
                or not _word(doc, state, t):
            continue
        j = _name_run(doc, state, t)
        if j - t == 1 and not _lone_ok(doc, t):
            continue  # "EE called Operator employee"
        if given and not (j < doc.n and doc.simple_gap(j) and doc.keys[j] in _GIVEN_AFTER):
            continue  # "was given Nubain for discomfort": a drug given
        if j > t and _closes(doc, j) and not doc.eponym_after(j):
            state.emit(t, j, PATIENT, 0.7)


def _pairs(doc: Tokens, state: PassState) -> None:
    """'Sousa and Ball were precision engineers': two capitalised words, one a listed name, before a plural verb."""
    if state.recased:
        return  # "ifat and elisa were negative": tests read as names in a caseless note
    ands = set(doc.positions(("and",)))
    for t in _candidates(doc):
        a = t + 1
        if a not in ands:
            continue  # the test below that fails most, first
        if state.taken[t] or a + 2 > doc.n or doc.keys[a] != "and" or not doc.simple_gap(a) \
                or not doc.simple_gap(a + 1) or not doc.cap[a + 1]:
            continue
        if state.taken[a + 1] and not doc.lex.is_name_word(doc.keys[a + 1]):
            continue  # "Perić and Rodriguez were": the partner may be taken already as the town of that name
        b = a + 1
        if b + 1 >= doc.n or doc.keys[b + 1] not in _PLURAL_VERBS or not doc.simple_gap(b + 1):
            continue
        if t > 0 and doc.simple_gap(t) and doc.cap[t - 1]:
            continue  # "Tom Sousa and Ball were": the pass for full names has it
        words = (t, b)
        keys = [doc.keys[u] for u in words]
        if any(k in NAME_STOP or k in TITLES or len(k) < 2 or k in doc.lex.terms for k in keys) \
                or any(doc.lex.is_place_word(k) and not doc.lex.is_name_word(k) for k in keys):
            continue
        if not any(_listed(doc, u) for u in words) \
                or not all(doc.lex.is_name_word(k) or _word(doc, state, u) for u, k in zip(words, keys)):
            continue
        for u in words:
            if not state.taken[u]:
                state.emit(u, u + 1, PATIENT, 0.7)


def _firms(doc: Tokens, state: PassState) -> None:
    """'During the 1990s, Deloitte invested', 'the CEO of Brightwave', "Telvana's CEO"."""
    lex = doc.lex
    if state.recased:
        return  # a firm's name is no listed word: in a caseless note nothing tells it from prose
    for t in doc.caps:
        if state.taken[t]:
            continue
        k = doc.keys[t]
        if k in NAME_STOP or k in TITLES or lex.is_allowed(k) or k in lex.terms or lex.is_place_word(k) \
                or not k.replace("-", "").isalnum() or len(k) < 2 or doc.is_upper(t) and not doc.text.isupper():
            continue
        j = t + 1
        while j < doc.n and j - t < 3 and doc.simple_gap(j) and doc.is_title_case(j) and not state.taken[j] \
                and doc.keys[j] not in NAME_STOP and not doc.words[j - 1].endswith(("'s", "’s")):
            j += 1
        last = doc.words[j - 1]
        if last.endswith(("'s", "’s")) and j < doc.n and doc.simple_gap(j) and doc.keys[j] in _FIRM_PARTS:
            state.emit(t, j, ORGANIZATION, 0.7)  # "Telvana's CEO"
            continue
        if t > 1 and doc.keys[t - 1] == "of" and doc.keys[t - 2] in _FIRM_PARTS and doc.simple_gap(t) \
                and _closes(doc, j):
            state.emit(t, j, ORGANIZATION, 0.7)  # "the CEO of Brightwave"
            continue
        if j + 1 < doc.n and doc.simple_gap(j) and doc.keys[j] == "customer" and doc.keys[j + 1] in (
                "service", "support", "care") and not lex.is_name_word(k):
            state.emit(t, j, ORGANIZATION, 0.7)  # "Contact Redfin customer service"
            continue
        opened = (doc.sentence_initial(t) or doc.gap(t).rstrip().endswith(",")) and not lex.is_name_word(k)
        if opened and j < doc.n and doc.simple_gap(j) and (doc.keys[j] in _FIRM_VERBS or (
                doc.keys[j] in ("was", "is") and j + 1 < doc.n and doc.keys[j + 1] in _FIRM_PASSIVES)):
            state.emit(t, j, ORGANIZATION, 0.7)  # "During the 1990s, Deloitte invested"


#: Lines that close a letter or message, before the writer's name on the next line ("Thanks,", "Best regards,").
#: A line that ends in "," or "!" (blanks after): what every closing above a signature is.
_CLOSED_LINE = re.compile(r"[,!]\s*\n")
_CLOSING_WORDS = frozenset(
    "thanks thank you many much very best kind warm warmest regards wishes sincerely yours truly cheers love "
    "all cordially respectfully take care see soon talk later again xoxo hugs".split()
)
#: Nouns after a given name's possessive that make it an eponym's, whatever the lists say.
_NOT_AFTER_POSSESSIVE = frozenset("disease syndrome sign test law rule score scale maneuver manoeuvre".split())
#: Everyday things a person has that notes use as clinical words too ("flight of ideas", "home meds"):
#: after a given name's possessive they still make it a person ("Mary's flight was delayed").
_EVERYDAY = frozenset(
    "flight trip car house home team party wedding birthday book books office room job work school class "
    "family friends friend idea plan letter message email call name voice dog cat bag phone mom dad".split()
)


def _sign_offs(doc: Tokens, state: PassState) -> None:
    """'Thanks,\nMary', 'Best regards,\nJouko': a name alone on the line under a closing."""
    if not _CLOSED_LINE.search(doc.text):
        return  # no line ends in "," or "!": no closing stands above a name
    firsts = set(doc.line_firsts)  # token 0 and the tokens whose gap holds a line break
    for t in [t for t in _candidates(doc) if t in firsts]:
        if state.taken[t] or t == 0 or "\n" not in doc.gap(t) or not _word(doc, state, t):
            continue
        j = _name_run(doc, state, t)
        end = doc.text.find("\n", doc.ends[j - 1])
        if doc.text[doc.ends[j - 1] : len(doc.text) if end < 0 else end].strip(" .!\t"):
            continue  # the line goes on: prose, not a signature
        line_start = doc.text.rfind("\n", 0, doc.text.rfind("\n", 0, doc.starts[t])) + 1
        above = doc.text[line_start : doc.text.rfind("\n", 0, doc.starts[t])].strip()
        words = [w.strip(",.!").lower() for w in above.split()]
        if above.endswith((",", "!")) and words and all(w in _CLOSING_WORDS for w in words):
            state.emit(t, j, DOCTOR, 0.8)


def _given_possessives(doc: Tokens, state: PassState) -> None:
    """"Mary's flight was delayed": a listed given name, no common word, in the possessive before a word
    that the notes do not use ("Wilson's disease", "Ewing's sarcoma", "Dawson's fingers" stay; the eponyms
    that are common words of the notes, "Addison's", "Barrett's", are no candidates)."""
    from .casing import clinical_vocabulary

    if "'s" not in doc.text and "’s" not in doc.text:
        return  # no possessive
    lex = doc.lex
    vocabulary = clinical_vocabulary()
    for t in _candidates(doc):
        w = doc.words[t]
        if state.taken[t] or not w.endswith(("'s", "’s")) or t + 1 >= doc.n or not doc.simple_gap(t + 1):
            continue
        k, nxt = doc.keys[t], doc.keys[t + 1]
        if k not in lex.first or lex.is_allowed(k) or k in lex.terms or k in NAME_STOP or k in TITLES \
                or lex.is_place_word(k) and k not in lex.first_common or doc.is_upper(t) or not _word(doc, state, t):
            continue
        if doc.cap[t + 1] or nxt in lex.terms or nxt in _NOT_AFTER_POSSESSIVE \
                or nxt in vocabulary and nxt not in _EVERYDAY \
                or doc.eponym_after(t + 1):
            continue
        state.emit(t, t + 1, PATIENT, 0.7)


_DETERMINERS = frozenset("the a an this that these those his her my your our their its".split())


def _introduced(doc: Tokens, state: PassState) -> None:
    """'This is Orville from accounting', 'Weronika and I went': a given name the writer introduces or pairs
    with themself."""
    keys = doc.keys
    if not any(keys[u - 1] == "this" for u in doc.positions(("is",)) if u > 0) \
            and not any(keys[u + 1] == "i" for u in doc.positions(("and",)) if u + 1 < doc.n):
        return  # neither "this is" nor "and I": nothing to read
    and_i_at = {u for u in doc.positions(("and",)) if u + 1 < doc.n and keys[u + 1] == "i"}
    for t in _candidates(doc):
        if not (t > 1 and keys[t - 2] == "this" and keys[t - 1] == "is") and and_i_at.isdisjoint(range(t + 1, t + 7)):
            continue  # neither reading can hold: "this is" right before, "and I" right after a run of up to 6 tokens
        if state.taken[t] or not _word(doc, state, t):
            continue
        j = _name_run(doc, state, t)
        this_is = t > 1 and doc.keys[t - 2] == "this" and doc.keys[t - 1] == "is" and doc.simple_gap(t) and (
            j >= doc.n or doc.keys[j] in ("from", "here", "speaking", "calling") or doc.gap(j).strip()[:1] in (",", ".", "!"))
        and_i = j + 1 < doc.n and doc.keys[j] == "and" and doc.keys[j + 1] == "i" and doc.words[j + 1] in ("I", "i") \
            and doc.simple_gap(j) and doc.simple_gap(j + 1) and (doc.sentence_initial(t) or _listed(doc, t) and not (
                t > 0 and doc.keys[t - 1] in _DETERMINERS))  # not "did not tolerate the Femara and I changed"
        if this_is or and_i:
            state.emit(t, j, PATIENT, 0.7)


def pass_general_names(doc: Tokens, state: PassState) -> None:
    """People and firms by their role in a clause of general prose (see the module docstring)."""
    if not state.recased and doc.note_case != MIXED:
        return  # a note in one case is read through its recased copy, where capitals say less
    _firms(doc, state)
    _subjects(doc, state)
    _objects(doc, state)
    _pairs(doc, state)
    _sign_offs(doc, state)
    _given_possessives(doc, state)
    _introduced(doc, state)
