"""Ordinary English words that the name and place lists do not vouch for: no PHI without a cue.

The allowlist (``clinical_allow.txt``) and the clinical vocabulary hold the words clinical
notes use; prose nobody tuned on uses others: "worked in retail", "bags in kiln 4", "to dig
through rocks", "in snowy conditions". In a note typed in one case nothing tells such a
word from a town nobody listed, so the recased copy (:mod:`.casing`) capitalised it and a
place cue ("in", "work in") made it a CITY. General English frequencies
(:mod:`.english`, from wordfreq) say which words are ordinary.

Frequency alone does not separate words from names: "boston" (4.7) and "john" (5.4) are as
frequent as "corridor" (3.9). So:

* a word on a first-name or surname list is never judged here (the allowlist and the
  context rules decide, as before: "Grace", "Will", "Brown", "Short" stay names where a
  title, an initial or a cue says so);
* a word on no list is plain English from Zipf 3.0 on (once per million words) when it has
  four letters or inflects: a name or town that common is on the lists;
* a word only the city lists hold ("dig", "lime", "jam", "retreat", "mission") is plain
  English when it is also common *and* the list has an inflection of it ("digs", "limes",
  "retreated") that no other word or proper noun owns: common nouns and verbs inflect, towns
  do not ("springfield", "covington", "beaumont" have none; "Marseilles" is a town's name),
  so real towns keep their capitals and their cues. States and countries are never plain
  words here.
"""

from __future__ import annotations

from typing import Callable

from .english import english_words, zipf
from .wordlists import Lexicons

#: Zipf floor of a plain English word (about once per million words).
PLAIN_ZIPF = 3.0
_VOWELS = frozenset("aeiou")


def _inflections(k: str) -> set[str]:
    """The regular inflections of ``k`` as English spells them: "tank" -> tanks, tanked, tanking;
    "box" -> boxes; "bake" -> bakes, baked, baking; "copy" -> copies, copied; "dig" -> digging.

    Forms another word owns are left out: a word in "e" whose stem is a word ("moore": "moored" is
    "moor"'s), a word that is another less its "e" ("chang": "changed" is "change"'s)."""
    words = english_words()
    forms = {k + "s"}
    if k.endswith("e"):
        if k[:-1] not in words:
            forms |= {k + "d", k[:-1] + "ing"}
    elif k + "e" not in words:
        forms |= {k + "ed", k + "ing"}
        if k.endswith(("s", "x", "z", "ch", "sh", "o")):
            forms.add(k + "es")
        if len(k) == 3 and k[-1] not in _VOWELS and k[-1] not in "wxy" and k[-2] in _VOWELS:
            forms |= {k + k[-1] + "ed", k + k[-1] + "ing"}  # "jammed", "digging"
    if k.endswith("y") and k[-2] not in _VOWELS:
        forms |= {k[:-1] + "ies", k[:-1] + "ied"}
    return forms


#: "Inflections" of towns that are proper nouns themselves: an English exonym ("Marseilles"), a
#: team ("the Phillies"), a region ("the Midlands").
_PROPER_FORMS = frozenset({"marseilles", "phillies", "midlands", "lyons", "flanders", "athens"})


def inflects(k: str, proper: Callable[[str], bool] = lambda form: False, forms: int = 1) -> bool:
    """``k`` has ``forms`` inflected forms in the English list ("lime" -> "limes", "retreat" ->
    "retreated") that are not proper nouns themselves (``proper``: "marseille" -> "Marseilles" is
    the town's English name).

    A word of three letters needs two ("dig": "digs", "digging"; "jam": "jams", "jammed"): one
    ending alone turns short names into other words ("mon" -> "mons", "hun" -> "huns").
    """
    if len(k) < 3:
        return False
    if len(k) == 3:
        forms = max(forms, 2)
    words = english_words()
    return sum(f in words and not proper(f) for f in _inflections(k)) >= forms


#: Answers by word lists (id -> (lists, {key: answer})); the entry keeps its lists alive, so no other
#: lists can take their id and read their answers (as ``usernames._SHAPES`` does).
_CACHE: dict[int, tuple[Lexicons, dict[str, bool]]] = {}
_CACHE_MAX = 1 << 16


def plain_english(lex: Lexicons, k: str) -> bool:
    """Whether key ``k`` is an ordinary English word no name list vouches for (see the module doc).

    ``k`` is a lookup key (:func:`.wordlists.norm`). False for any first name, surname, state or
    country; for a word only the city lists hold, True only when it is common and inflects ("dig");
    for a word on no list, when it is common and has four letters or inflects ("rss", "nba" are
    acronyms or misspelt names more often than words in a note).
    """
    entry = _CACHE.get(id(lex))
    if entry is None or entry[0] is not lex:
        entry = _CACHE[id(lex)] = (lex, {})
    answers = entry[1]
    hit = answers.get(k)
    if hit is None:
        if len(answers) > _CACHE_MAX:
            answers.clear()
        hit = answers[k] = _plain_english(lex, k)
    return hit


def _plain_english(lex: Lexicons, k: str) -> bool:
    if k in lex.first or k in lex.states or k in lex.countries:
        return False
    if zipf(k) < PLAIN_ZIPF or not k.isascii() or not k.replace("'", "").isalpha():
        return False
    if k in lex.last:
        return False  # "B. Short", "Anne Knight": a surname keeps its capital after an initial or a name
    if k in lex.cities:
        return inflects(k, lambda f: f in _PROPER_FORMS or f in lex.cities or lex.is_name_word(f))
    return len(k) > 3 or inflects(k)

#: Words that open what follows a verb ("put him", "said he", "gave her the", "told them that").
_CLAUSE_OPENERS = frozenset("he she him her it they them we us me you i his their its the a an".split())
#: Zipf floor of a word taken as a clause's verb after "doctor": said (6.0), put (5.7), told (5.4), gave (5.3).
VERB_ZIPF = 5.0


def opens_clause(k: str, next_k: str | None) -> bool:
    """A very frequent word followed by a pronoun or a determiner goes on with the sentence ("dr. dunn
    over the tube", "dr. x put him on"): in a note typed in one case it ends a name, whatever list
    holds it ("over" is a given name, "put" a surname)."""
    return next_k in _CLAUSE_OPENERS and zipf(k) >= VERB_ZIPF


def verb_after_title(title: str, k: str, next_k: str | None) -> bool:
    """'the doctor put him on light duty', 'doctor said he had a strain': after the word "doctor" (or
    "dr" with no period) a very frequent word followed by a pronoun or a determiner is the clause's
    verb, not the doctor's name, whatever lists hold it ("put", "said" are surnames too). "Dr. Said"
    with its period, and "Doctor Young examined her", stay names."""
    return title in ("doctor", "dr") and opens_clause(k, next_k)
