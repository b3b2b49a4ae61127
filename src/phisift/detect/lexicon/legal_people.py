"""Judges and parties as court judgments name them (issue 15).

Common-law judgments name judges by a title before the surname or a post-nominal after it,
with no "Dr." or "Mr." a clinical name pass knows: "Lord Denning", "Lady Justice Arden",
"Lord Justice Elias", "Mr Justice Burton", "HHJ Richardson", "His Honour Judge Smith",
"Sir Terence Etherton", "Jackson J", "Arden LJ", "Lewison and Arden LJJ", and "Lord Denning MR" (where "MR" alone would be mitral
regurgitation);
and they cite cases by their parties: "Hadley v Baxendale", "Smith v. Jones", "Selmouni v.
France", "Akdivar and Others v. Turkey". The name after such a title or before such a post-nominal is a person (``PATIENT``,
the label the other passes give a person who is no clinician); only the name is tagged, not
the title. Initials after a plain title are a person too when there are two or more ("Mr Z.K.",
how judgments anonymise a witness) or when a hyphen joins them ("Mr J.-P. Costa").

What stays untouched: a title before a role or a word ("Lord Chancellor", "Lord Jesus", "the
Lord is"), a post-nominal letter after a common word ("Vitamin J", "Type J"), a versus
between words, numbers or capitals ("pre v. post", "IV v. III"), the Crown and the state
parties ("R v Brown" keeps "Brown" only; "Smith v. the United Kingdom" keeps "Smith").
"""

from __future__ import annotations

from .cues import NAME_STOP, TITLES
from .labels import PATIENT
from .specific import city_prefix
from .state import PassState
from .tokens import Tokens

#: Titles of judges and peers (keys, as token sequences), longest first where they share a start.
_TITLES = (
    ("lord", "justice"), ("lady", "justice"), ("mr", "justice"), ("mrs", "justice"), ("ms", "justice"),
    ("his", "honour", "judge"), ("her", "honour", "judge"), ("his", "honor", "judge"), ("her", "honor", "judge"),
    ("chief", "justice"), ("hhj",), ("lord",), ("lady",), ("baroness",), ("sir",), ("dame",), ("judge",),
)
_TITLE_FIRST = frozenset(t[0] for t in _TITLES)
#: Post-nominals of judges and silks: "Jackson J", "Arden LJ", "Denning MR", "Lewison and Arden LJJ".
_POST = frozenset({"J", "LJ", "JJ", "LJJ", "CJ", "SCJ", "JSC", "JA", "QC", "KC"})
#: Post-nominals that end a name after a title but are too ambiguous alone ("Lord Denning MR", "Sir Andrew Morritt V-C").
_POST_AFTER_TITLE = _POST | {"MR", "VC", "V-C", "PC", "P"}
#: Post-nominals that are also letters of a shape or grade ("J stylet", "J wire").
_POST_LETTERS = frozenset({"J", "JA", "CJ"})
#: Post-nominals that stand for several judges: the names listed before them all count.
_POST_PLURAL = frozenset({"JJ", "LJJ"})
#: Words after a title that make it no person's title ("Lord Chancellor", "Lord Chief Justice").
_NOT_NAME = frozenset(
    "chancellor chief justice justices president advocate lieutenant mayor high of the judge judges "
    "bishop god jesus christ almighty provost speaker steward protector privy lords commons keeper "
    "ordinary spiritual temporal".split()
)
#: Parties of a cited case that are no private person: the Crown, states, officials.
_NOT_PARTY = frozenset(
    "r rex regina the state people government secretary attorney commissioner commissioners council crown "
    "united states republic kingdom federation ministry minister director directors chief ex parte in re see "
    "cf and board city county borough department authority council police procurator prosecutor "
    "inc ltd plc llc corp co company bank trust".split()
)


def _name_run(doc: Tokens, state: PassState, i: int, limit: int = 3) -> int:
    """End of the run of capitalised name words (initials too) from token i on one line, or i."""
    lex = doc.lex
    j = i
    while j < doc.n and j - i < limit and not state.taken[j] and doc.cap[j] and (j == i or doc.initial_gap(j)):
        k = doc.keys[j]
        if k in _NOT_NAME or k in NAME_STOP or doc.words[j] in _POST_AFTER_TITLE and j > i \
                or (doc.is_upper(j) and len(k) > 3 and not lex.is_name_word(k)):
            break
        j += 1
    return j


def _person_word(doc: Tokens, t: int) -> bool:
    """Token t may be a surname: a name word, or no common word."""
    k = doc.keys[t]
    lex = doc.lex
    return doc.cap[t] and len(k) > 1 and k not in NAME_STOP and (lex.is_name_word(k) or not lex.is_allowed(k))


def _after_title(doc: Tokens, state: PassState, i: int) -> tuple[int, int, int] | None:
    """The name after a judge's title starting at token i: (title end, first, end) tokens, or None."""
    keys = doc.keys
    for title in _TITLES:
        n = len(title)
        if tuple(keys[i : i + n]) != title or not all(doc.cap[t] for t in range(i, i + n)):
            continue
        if not all(doc.simple_gap(t) or doc.gap(t) == ". " for t in range(i + 1, i + n + 1) if t < doc.n):
            continue
        a = i + n
        if a >= doc.n or not doc.simple_gap(a) and doc.gap(a) != ". ":
            return None
        b = _name_run(doc, state, a)
        while b > a and doc.is_initial(b - 1):
            b -= 1  # "Sir Terence Etherton C.": a trailing capital is a post-nominal, not an initial
        if b == a or not any(_person_word(doc, t) for t in range(a, b)) or city_prefix(doc, i, b):
            return None  # ... and "Lady Frere" is a town
        return i, a, b
    return None


#: Titles before initials alone ("Mr Z.K.") or hyphenated initials ("Mr J.-P. Costa").
_PLAIN_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr"})
_INITIAL_GAPS = frozenset({".", ".-", ". ", ".–"})


def _initials_after_title(doc: Tokens, state: PassState, i: int) -> tuple[int, int] | None:
    """"Mr Z.K." (two initials or more, no surname: the judgment's anonymised person) or "Mr J.-P.
    Costa" (initials joined by a hyphen, which the title pass does not read): (first, end) tokens."""
    a = i + 1
    if a >= doc.n or doc.gap(a) not in (" ", ". ") or not doc.is_initial(a):
        return None
    b = a + 1
    hyphen = False
    while b < doc.n and doc.is_initial(b) and doc.gap(b) in _INITIAL_GAPS - {". "}:
        hyphen = hyphen or "-" in doc.gap(b) or "–" in doc.gap(b)
        b += 1
    if not doc.text.startswith(".", doc.ends[b - 1]):
        return None
    if b < doc.n and doc.gap(b) == ". " and doc.cap[b] and _person_word(doc, b):
        if not hyphen:
            return None  # "Mr K. Koçak": the title pass's
        return a, _name_run(doc, state, b)
    return (a, b) if b - a >= 2 else None


def _before_post(doc: Tokens, state: PassState, p: int) -> list[tuple[int, int]]:
    """The surnames before the post-nominal at token p ("Jackson J", "Lewison and Arden LJJ")."""
    out = []
    t = p - 1
    if t < 0 or not doc.simple_gap(p) or state.taken[t] or not _person_word(doc, t) or doc.keys[t] in TITLES:
        return out
    if p + 1 < doc.n and doc.gap(p + 1) in (".", ". ") and _person_word(doc, p + 1):
        return out  # "Mr J. Wołąsiewicz", "Smith J. Brown": an initial before a surname
    if doc.words[p] == "J" and (doc.text.startswith((".,", ".;"), doc.ends[p]) or (
            doc.keys[t] in doc.lex.first and doc.keys[t] not in doc.lex.last)):
        return out  # "Anna J., M.D.": a given name and an initial, no judge
    if doc.words[p] in _POST_LETTERS and not doc.lex.is_name_word(doc.keys[t]) and p + 1 < doc.n \
            and doc.simple_gap(p + 1):
        return out  # "Preformed J stylet": a shape letter; an unknown surname needs punctuation after "J"
    if doc.sentence_initial(t) and doc.lex.is_allowed(doc.keys[t]):
        return out
    a = t
    lex = doc.lex
    while a - 1 >= 0 and t - a < 2 and doc.initial_gap(a) and not state.taken[a - 1] and doc.cap[a - 1] and (
        doc.is_initial(a - 1) or (lex.is_name_word(doc.keys[a - 1]) and doc.simple_gap(a))
    ) and doc.keys[a - 1] not in NAME_STOP:
        a -= 1  # "Ms Jane Doe QC", "J. Smith J": the given name or initial before the surname
    out.append((a, t + 1))
    if doc.words[p] in _POST_PLURAL:
        # "Lewison, Arden and Moore-Bick LJJ": the list before the plural, joined by commas or "and"
        while t >= 2:
            if doc.keys[t - 1] in ("and", "&") and doc.simple_gap(t) and doc.simple_gap(t - 1):
                s = t - 2
            elif doc.gap(t).strip() == "," and "\n" not in doc.gap(t):
                s = t - 1
            else:
                break
            if state.taken[s] or not _person_word(doc, s) or doc.words[s] in _POST_AFTER_TITLE:
                break  # "Zamora CJ, Baker and Collins JJ": another judge's post-nominal ends the list
            out.append((s, s + 1))
            t = s
    return out


def _party(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """Tokens a..b-1 name a private party: capitalised words, no state, Crown or official."""
    if b <= a or b - a > 3:
        return False
    lex = doc.lex
    for t in range(a, b):
        k = doc.keys[t]
        if state.taken[t] or not doc.cap[t] or doc.is_upper(t) or k in _NOT_PARTY or lex.is_place_word(k):
            return False
    return any(_person_word(doc, t) for t in range(a, b))


def _case_parties(doc: Tokens, state: PassState, v: int) -> list[tuple[int, int]]:
    """The parties around the "v" / "v." of a cited case at token v."""
    gap_after = doc.gap(v + 1) if v + 1 < doc.n else ""
    if doc.words[v] not in ("v", "vs") or gap_after not in (" ", ". ") or v == 0 or doc.gap(v) != " ":
        return []
    out = []
    # left party: up to three capitalised words ending at v-1, not opening with a common word
    a = v - 1
    while a - 1 >= 0 and v - a < 3 and doc.cap[a - 1] and doc.simple_gap(a) and not doc.sentence_initial(a):
        a -= 1
    while a < v - 1 and (doc.lex.is_allowed(doc.keys[a]) and not doc.lex.is_name_word(doc.keys[a])):
        a += 1  # "See Hadley v Baxendale", "In Smith v Jones"
    if _party(doc, state, a, v):
        out.append((a, v))
    elif a == v - 1 and doc.keys[a] == "others" and a >= 2 and doc.keys[a - 1] == "and" \
            and _party(doc, state, a - 2, a - 1) and doc.simple_gap(a) and doc.simple_gap(a - 1):
        out.append((a - 2, a - 1))  # "Akdivar and Others v. Turkey": the first applicant of the case
    b = v + 1
    while b < doc.n and b - v <= 3 and doc.cap[b] and (b == v + 1 or doc.simple_gap(b)):
        b += 1
    if _party(doc, state, v + 1, b):
        out.append((v + 1, b))
    return out


def pass_legal_people(doc: Tokens, state: PassState) -> None:
    """Judges by title, and the parties of cited cases: before the title and name passes, which would read
    "Lord" or "Justice" as a name."""
    keys = doc.keys
    for i in [i for i in doc.caps if keys[i] in _PLAIN_TITLES]:
        hit = _initials_after_title(doc, state, i)
        if hit and state.free(i, hit[1]) and doc.is_title_case(i):
            state.emit(hit[0], hit[1], PATIENT, 0.85)
    for i in [i for i in doc.caps if keys[i] in _TITLE_FIRST]:
        if not state.taken[i]:
            hit = _after_title(doc, state, i)
            if hit and state.free(hit[0], hit[2]):
                for t in range(hit[0], hit[1]):
                    state.taken[t] = 1  # the title itself: no later pass reads "Justice" as a name
                state.emit(hit[1], hit[2], PATIENT, 0.85)
    text = doc.text
    if " v " not in text and " v. " not in text and " vs" not in text:
        return
    for v in [v for v in doc.positions(("v", "vs")) if doc.words[v] in ("v", "vs")]:  # the words "v", "vs" have those keys
        if 0 < v < doc.n - 1:
            for a, b in _case_parties(doc, state, v):
                if state.free(a, b):
                    state.emit(a, b, PATIENT, 0.8)


def pass_judge_postnominals(doc: Tokens, state: PassState) -> None:
    """"Jackson J", "Arden LJ", "Lewison and Arden LJJ": after the clinical name passes, so that "Anna J., MD"
    and "Garry J." (a given name and an initial) are theirs first."""
    words = doc.words
    for i in [i for i in doc.caps if words[i] in _POST]:
        if state.taken[i]:
            continue
        if i + 1 >= doc.n or not doc.cap[i + 1] or not doc.simple_gap(i + 1):
            for a, b in _before_post(doc, state, i):
                if state.free(a, b):
                    state.emit(a, b, PATIENT, 0.85)
