"""Whole-note case: read a note typed all in lowercase or all in capitals with case-free cues.

Every pass reads capitals as evidence: "Smith" is a name where "smith" is a word, "Grace
Hall" a person where "GRACE HALL" may be a heading. A note whose case was lost (typed in
lowercase, or printed in capitals) has none of that evidence, and recall on it fell by
20 points (lowercase) and 3-4 points (capitals) on the real-prose development set.

So the detector first asks which case the whole note is in (:func:`note_case`). A mixed
note is read as it is. A lowercase or all-caps note is read through a *recased* copy
(:func:`recase`): the same characters, the same length, so every offset holds, with the
capitals a writer would have used put back from case-free evidence only:

* the first word of a sentence or a line;
* a word on the name or place lists that is not a common word (the allowlist, or for a word
  only the city lists hold an ordinary English word that inflects, :mod:`.plainwords`: "dig",
  "lime"), and a name word next to one ("holly cook": "holly" vouches for "cook");
* the word after a title ("dr. vance", "mrs bush") and the words after it that are
  name words;
* a word on no list at all (not a common word, a clinical term, a name or an ordinary English
  word, :mod:`.plainwords`: "retail", "kiln", "snowy" stay lowercase): in a note
  without capitals it may be a name or a town nobody listed ("andersonborough"); the
  passes still need a cue or a head word beside it;
* in an all-caps note, short words on no list stay in capitals: they are acronyms
  ("UPMC", "JKRMC"), and credentials are written the usual way ("MD", "PhD").

Common words stay lowercase, so "white matter", "grace" and "mass" need the same
strong context they need anywhere else: the lookups become case-insensitive only for
the words that cannot be ordinary English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...text import clinical_vocabulary
from .cues import CALENDAR, NAME_STOP, PARTICLES, PLACE_PREFIX, SAINT, TITLES
from .plainwords import inflects, opens_clause, plain_english, verb_after_title
from .wordlists import WORD, Lexicons, norm

MIXED, LOWER, UPPER = "mixed", "lower", "upper"

#: credentials and titles as they are usually written (key -> form of the same length)
_CANONICAL = {
    "md": "MD", "rn": "RN", "np": "NP", "phd": "PhD", "dds": "DDS", "dmd": "DMD", "dpm": "DPM", "lcsw": "LCSW",
    "licsw": "LICSW", "pharmd": "PharmD", "mbbs": "MBBS", "frcs": "FRCS", "facs": "FACS", "facp": "FACP",
    "crna": "CRNA", "lpn": "LPN", "cna": "CNA", "aprn": "APRN", "arnp": "ARNP", "fnp": "FNP", "dnp": "DNP",
    "psyd": "PsyD", "msw": "MSW", "mph": "MPH", "msn": "MSN", "bsn": "BSN", "dpt": "DPT", "rrt": "RRT",
    "pa-c": "PA-C", "otr": "OTR", "mrcp": "MRCP", "frcp": "FRCP",
}
#: credentials that are words too ("do", "pa"): canonical only right after ", "
_AMBIGUOUS_CREDENTIALS = {"do": "DO", "pa": "PA", "ot": "OT", "pt": "PT"}
_SENTENCE_END = ".!?:;•*\"()"
#: Places that are common nouns too: in a note without capitals they stay words ("a trip to turkey").
_COMMON_PLACES = frozenset(
    "china turkey jersey chad guinea man nice reading mobile split bath orange wells hull sale cork "
    "fall falls lake mount grand victoria georgia jordan india".split()
)


def inflected(key: str) -> bool:
    """An unknown word with a verb's ending ("straddling", "emigrated", "rimmed"): a word, not a name."""
    return len(key) > 5 and key.endswith(("ing", "ed"))


#: Endings that make a word from a word ("infants", "cranially", "weaken", "opacify"), each with the
#: endings that may stand in their place in the word it was made from.
_DERIVATIONS = (
    ("ies", ("y",)), ("es", ("", "e")), ("s", ("",)), ("ally", ("al",)), ("ily", ("y",)), ("ly", ("", "e")),
    ("en", ("",)), ("ify", ("ity", "ification", "y", "")),
)


def derived(key: str, known) -> bool:
    """A word no list holds that is an inflection or derivation of one ``known`` holds
    ("infants" of "infant", "cranially" of "cranial", "weaken" of "weak", "opacify" of "opacity"):
    an English word, not a name nobody listed. The stem must keep four letters, so short names
    ("Jones", "Olen") are never read as inflections of a word."""
    for ending, bases in _DERIVATIONS:
        if key.endswith(ending) and len(key) - len(ending) >= 4:
            stem = key[: -len(ending)]
            if any(known(stem + b) for b in bases):
                return True
    return False


@lru_cache(maxsize=8)
def note_case(text: str) -> str:
    """'lower', 'upper' or 'mixed': the case the whole note is written in (see :func:`words_case`).

    Cached for the last few texts. The lexicon detector asks :attr:`.tokens.Tokens.note_case`,
    which reads the same words from the tokens it already has.
    """
    return words_case(WORD.findall(text))


def words_case(words: list[str], caps: list[int] | None = None) -> str:
    """:func:`note_case` of a text from its ``WORD`` tokens, in order.

    Counted over words of two or more letters; a note of fewer than 8 such words is
    'mixed' (too little to tell: a short query reads as it is). ``caps``, the indices of the words
    whose first letter is upper case (``Tokens.caps``), spares a pass over every word in Python:
    the words of one letter are counted at C speed (``WORD`` tokens are never empty).
    """
    if caps is None:
        caps = [i for i, w in enumerate(words) if w[0].isupper()]
    capitalised = [w for w in map(words.__getitem__, caps) if len(w) > 1]
    n = len(words) - list(map(len, words)).count(1)
    caps, upper = len(capitalised), sum(map(str.isupper, capitalised))
    if n < 8:
        return MIXED
    if caps <= 0.03 * n:
        return LOWER
    if upper >= 0.85 * n:
        return UPPER
    return MIXED


def _sentence_start(text: str, start: int) -> bool:
    """The word at ``start`` begins the text, a line or a sentence."""
    k = start - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    if k < 0 or text[k] in "\n\r":
        return True
    if text[k] in _SENTENCE_END:
        # "dr. smith" is no sentence start: a title's period is not a full stop
        w = k - 1
        while w >= 0 and text[w].isalpha():
            w -= 1
        prev = text[w + 1 : k].lower()
        return text[k] != "." or not (prev in TITLES or prev in ("st", "mt", "ft", "vs", "no") or len(prev) == 1)
    return False


def recase(text: str, mode: str, lex: Lexicons) -> str:
    """The note with its likely capitals put back (same length); ``mode`` is :func:`note_case`'s."""
    if mode == MIXED:
        return text
    vocab = clinical_vocabulary()
    ms = list(WORD.finditer(text))
    keys = [norm(m.group()) for m in ms]
    name_like = [lex.is_name_word(k) or lex.is_place_word(k) for k in keys]
    common = [lex.is_allowed(k) or k in vocab or k in NAME_STOP or k in CALENDAR for k in keys]
    for i, k in enumerate(keys):
        if not common[i] and not name_like[i] and derived(k, lambda w: lex.is_allowed(w) or w in vocab):
            common[i] = True  # "infants", "cranially", "weaken": a word made from a common one
    plain = _plain_words(ms, keys, common, lex)
    common = [c or p for c, p in zip(common, plain)]
    out = list(text)
    cap = [False] * len(ms)
    for i, (m, k) in enumerate(zip(ms, keys)):
        cap[i] = _sentence_start(text, m.start()) or (name_like[i] and not common[i]) or (
            not name_like[i] and not common[i] and len(k) > 2 and k.isalpha() and not inflected(k)
        )
        if k in _COMMON_PLACES:
            cap[i] = _sentence_start(text, m.start())
        if mode == UPPER and i > 0 and keys[i - 1] in TITLES and text[ms[i - 1].end() : m.start()] in (". ", "."):
            cap[i - 1] = True  # "DR. SMITH": the title as it is written in mixed case
            cap[i] = cap[i] or (name_like[i] and keys[i] not in NAME_STOP)
    # a surname after a first name that no common word shadows: "sofia duarte", "holly cook" stays;
    # so does an ordinary word that neither inflects nor is inflected ("luis dill"; not "kevin stacy
    # concert", "woody fainted")
    for i in range(1, len(ms)):
        if not cap[i] and (keys[i] in lex.last and keys[i] not in vocab or plain[i] and _uninflected(keys[i])) \
                and keys[i] not in NAME_STOP \
                and keys[i - 1] in lex.first and cap[i - 1] and not common[i - 1] \
                and text[ms[i - 1].end() : ms[i].start()] == " ":
            cap[i] = True
    _titles(text, ms, keys, cap, name_like, common, lex, plain)
    _places_and_saints(text, ms, keys, cap)
    upper_known = _known(ms, keys, cap) | _addresses(text, ms, keys, cap, lex)
    _heads(text, ms, keys, cap, lex, plain)
    # initials: "kieran t schmidt", "m. taylor", "sandra h.", "j.d. dang"
    for i in range(len(ms)):
        if len(keys[i]) != 1 or not keys[i].isalpha():
            continue
        after = text[ms[i].end() : ms[i + 1].start()] if i + 1 < len(ms) else text[ms[i].end() :]
        before = text[ms[i - 1].end() : ms[i].start()] if i > 0 else ""
        if i + 1 < len(ms) and cap[i + 1] and after in (" ", ". ", ".") and (
            keys[i] not in ("a", "i", "e", "y", "o") or after.startswith(".")
        ):
            cap[i] = True
        elif i > 0 and cap[i - 1] and name_like[i - 1] and before == " " and after.startswith("."):
            cap[i] = True
    # the name words before a credential: "holly cook, rn", "jorge g., md"
    for i, (m, k) in enumerate(zip(ms, keys)):
        if (k in _CANONICAL or k in _AMBIGUOUS_CREDENTIALS) and i > 0 \
                and text[ms[i - 1].end() : m.start()].strip(" .") == ",":
            t = i - 1
            while t >= 0 and i - t <= 3 and (lex.is_name_word(keys[t]) or len(keys[t]) == 1) \
                    and keys[t] not in NAME_STOP and keys[t] not in TITLES and "\n" not in text[ms[t].end() : ms[t + 1].start()]:
                cap[t] = True
                t -= 1
    for i, (m, k) in enumerate(zip(ms, keys)):
        w = m.group()
        form = _CANONICAL.get(k)
        if form is None and k in _AMBIGUOUS_CREDENTIALS and text[max(0, m.start() - 2) : m.start()] == ", ":
            form = _AMBIGUOUS_CREDENTIALS[k]
        if form is None and i in upper_known:
            form = w.upper()  # "ucla med ctr" -> "UCLA Med Ctr"
        if form is None and mode == UPPER and len(w) <= 5 and not name_like[i] and not common[i] \
                and k not in TITLES:
            form = w.upper()  # an acronym in a note in capitals
        if form is None:
            form = "-".join(p[:1].upper() + p[1:].lower() for p in w.split("-")) if cap[i] else w.lower()
        if len(form) == len(w):
            out[m.start() : m.end()] = form
    return "".join(out)


def _plain_words(ms: list, keys: list[str], common: list[bool], lex: Lexicons) -> list[bool]:
    """Ordinary English words no list vouches for ("retail", "kiln", "dig", :mod:`.plainwords`): they
    stay lowercase, except after a first name or before an institution head ("luis dill", "arrive
    labs"). A word written with accents is no English word ("lisa sörös"), and head words keep
    their capitals ("ministry of health")."""
    return [not common[i] and ms[i].group().isascii() and k not in lex.head_starts and k not in lex.head_last
            and plain_english(lex, k) for i, k in enumerate(keys)]


def _uninflected(k: str) -> bool:
    """A word with no inflection in the English list that is no inflection itself: "dill", not
    "concert" (concerts) or "fainted"."""
    return not inflects(k) and not inflected(k) and not k.endswith("s")


def _heads(text: str, ms: list, keys: list[str], cap: list[bool], lex: Lexicons, plain: list[bool]) -> None:
    """Capitalise institution head phrases that name one body: after a capitalised word
    ("Mayo clinic") or before "of" and a capitalised word ("children's hospital of Bethmouth").

    Ordinary English words (``plain``) right before the head are capitalised with it: a firm's name
    is often made of words ("arrive labs", "nera economic consulting")."""
    n = len(ms)
    head_lists = (lex.hospital_heads, lex.hospital_heads_first, lex.org_heads, lex.org_heads_first)
    i = 0
    while i < n:
        longest = lex.head_starts.get(keys[i])
        end = None
        if longest:
            for j in range(i + 1, min(n, i + longest) + 1):
                phrase = " ".join(keys[i:j])
                if any(phrase in h for h in head_lists):
                    end = j
        if end is None:
            i += 1
            continue
        first = i
        while first > 0 and i - first < 2 and plain[first - 1] and text[ms[first - 1].end() : ms[first].start()] == " ":
            first -= 1
        before = first > 0 and cap[first - 1] and keys[first - 1] not in NAME_STOP \
            and ms[first].start() - ms[first - 1].end() <= 2
        after = end + 1 < n and keys[end] in ("of", "for") and cap[end + 1]
        if end + 1 < n and keys[end] == "of" and plain[end + 1] and (before or first < i or after):
            cap[end + 1] = after = True  # "nigeria ministry of labour": the body's field, as a writer would
        if before or after or first < i:
            for t in range(first, end):
                cap[t] = True
        i = end


#: Titles that are no clinical abbreviation in lowercase ("mr"/"ms" are also mitral
#: regurgitation and multiple sclerosis: the lowercase title pass reads those).
_SAFE_TITLES = frozenset("dr drs doctor mrs miss mx prof professor mister madam".split())


#: Titles that are words too ("let your doctor know", "miss visits", "NX, MX transitional cell"): a name
#: after them must be a name word or no common word.
_WORD_TITLES = frozenset("doctor miss mx professor mister madam".split())


def _titles(text: str, ms: list, keys: list[str], cap: list[bool], name_like: list[bool], common: list[bool],
            lex: Lexicons, plain: list[bool]) -> None:
    """'doctor medina', 'miss l. evans', 'mx. grant ramesh': a title and the name after it; an ordinary
    word that does not inflect goes on with the name ("mx. jne dong")."""
    n = len(ms)

    def goes_on(u: int) -> bool:  # "dr. dunn over the tube": the sentence, not the name ("dr. john long the")
        return keys[u] not in lex.last and opens_clause(keys[u], keys[u + 1] if u + 1 < n else None)

    for i in range(n - 1):
        if keys[i] not in _SAFE_TITLES or text[ms[i].end() : ms[i + 1].start()] not in (". ", " ", "."):
            continue
        t = i + 1
        initial = len(keys[t]) == 1 and text.startswith(".", ms[t].end())
        if not initial and (keys[t] in NAME_STOP or keys[t] in CALENDAR) or not ms[t].group().replace("-", "").isalpha():
            continue
        if not initial and common[t] and not name_like[t] and keys[t] not in PARTICLES \
                and (keys[i] in _WORD_TITLES or len(keys[t]) > 1):
            continue  # "your doctor know if", "miss visits", "dr. notes indicate": a word ("mrs da rocha": a name)
        if text[ms[i].end() : ms[t].start()] == " " and verb_after_title(keys[i], keys[t], keys[t + 1] if t + 1 < n else None):
            continue  # "the doctor put him on light duty"
        cap[i] = cap[t] = True
        # the rest of the name: initials and name-list words
        u = t + 1
        while u < n and u - t < 3 and text[ms[u - 1].end() : ms[u].start()] in (" ", ". ") and (
            name_like[u] or len(keys[u]) == 1 and len(keys[u - 1]) == 1 or plain[u] and _uninflected(keys[u])
        ) and keys[u] not in NAME_STOP and not goes_on(u):
            cap[u] = True
            u += 1


def _places_and_saints(text: str, ms: list, keys: list[str], cap: list[bool]) -> None:
    """'south ericaview', 'lake ashleigh', "st. margaret's health": a place prefix before a
    capitalised word, and a saint in the possessive with the words of its hospital."""
    n = len(ms)
    for i in range(n - 1):
        gap = text[ms[i].end() : ms[i + 1].start()]
        if keys[i] in PLACE_PREFIX | SAINT and gap in (" ", ". ") and cap[i + 1]:
            cap[i] = True
        if keys[i] in ("st", "saint") and gap in (" ", ". ") and ms[i + 1].group().lower().endswith(("'s", "’s")):
            cap[i] = cap[i + 1] = True
            u = i + 2
            while u < n and text[ms[u - 1].end() : ms[u].start()] == " " and keys[u] in _SAINT_WORDS:
                cap[u] = True
                u += 1


_SAINT_WORDS = frozenset(
    "regional medical center centre hospital health healthcare memorial general infirmary clinic mercy".split()
)


def _known(ms: list, keys: list[str], cap: list[bool]) -> set[int]:
    """Capitalise the well-known hospitals ("mayo", "nyu langone"); return the words that are
    acronyms ("ucla", "upmc") to be written in capitals."""
    from .institutions_cued import KNOWN_HOSPITALS, known_starts

    starts = known_starts()
    acronyms: set[int] = set()
    i = 0
    n = len(ms)
    while i < n:
        longest = starts.get(keys[i])
        end = None
        if longest:
            for j in range(i + 1, min(n, i + longest) + 1):
                if " ".join(keys[i:j]) in KNOWN_HOSPITALS:
                    end = j
        if end is None:
            i += 1
            continue
        for t in range(i, end):
            cap[t] = True
            if len(keys[t]) <= 5 and keys[t] in _ACRONYM_KNOWN:
                acronyms.add(t)
        i = end
    return acronyms


_ACRONYM_KNOWN = frozenset("ucla ucsf ucsd uci upmc musc ohsu uab unc uw nyu mgh bwh bidmc chop cchmc md".split())


_HOUSE_NUMBER = re.compile(r"\d+[a-z]?[ \t]+$", re.I)
_ZIP_AFTER = re.compile(r"[ \t]+\d{5}(?:-\d{4})?\b|[ \t]*(?:\n|$)")


def _addresses(text: str, ms: list, keys: list[str], cap: list[bool], lex: Lexicons) -> set[int]:
    """'2837 miller dam', 'boise, id 83702': the words of a street after its house number, and a
    state code between a town and a ZIP code (returned: to be written in capitals)."""
    codes: set[int] = set()
    n = len(ms)
    for i in range(n):
        k = keys[i]
        if k in lex.street_suffixes:
            for a in range(i - 1, max(-1, i - 4), -1):
                if _HOUSE_NUMBER.search(text, max(0, ms[a].start() - 8), ms[a].start()):
                    for t in range(a, i + 1):
                        cap[t] = True
                    break
                if text[ms[a].end() : ms[a + 1].start()] != " ":
                    break
        if len(k) == 2 and k.upper() in lex.state_codes and i > 0 and text[ms[i - 1].end() : ms[i].start()] in (
            ", ", " "
        ) and _ZIP_AFTER.match(text, ms[i].end()):
            codes.add(i)
            cap[i - 1] = True
    return codes
