"""Persons of judgments whose names no list holds (issue 15): by surname shape and by apposition.

Judgments of the European Court of Human Rights name applicants, relatives and witnesses from the
Caucasus, Russia, Ukraine and the Balkans without a title: "Said-Magomed Imakayev", "Zurab Adeishvili",
"Ashot Harutyunyan", "Rustam Magomedovich Umarov". The name lists hold few of these words, so two
pieces of evidence are used:

* a surname of a shape these languages give surnames (-ov/-ova, -ev/-eva, -enko, -shvili, -dze, -yan,
  -oğlu, -escu, -ović, -ski/-ska, -ovich/-ovna ...; an Arabic or Hebrew article and a hyphen, "Al-Harbi",
  "El-Sayed", "Ben-David", in clinical notes too) that no list holds as a word, after a capitalised
  given name (a listed first name or a word no list holds); a patronymic may stand between;
* apposition to a relation or a role: "The applicant's brother, Said-Magomed Imakayev, was ..." (the
  capitalised run between the commas after "brother", "neighbour", "lawyer", "witness" ...).

Both are ``PATIENT``. Later mentions of the surname alone are the repeat pass's. Clinical words with
such endings (a drug, a place: "Kharkov Oblast") are listed words or fail the given-name test.
"""

from __future__ import annotations

from .cues import NAME_STOP, NOT_NAMES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

_SURNAME_ENDINGS = (
    "ov", "ova", "ev", "eva", "yev", "yeva", "enko", "chuk", "yuk", "shvili", "dze", "adze", "idze", "yan",
    "yants", "oglu", "oğlu", "escu", "eanu", "ović", "ević", "ovic", "evic", "ski", "ska", "sky", "skaya",
    "skiy", "skyi", "ayev", "iyev", "aeva", "ieva", "yeva", "ovs", "ovas", "ienė", "aitė", "ytė",
)
#: Articles and kin words that open a hyphenated Arabic or Hebrew family name ("Al-Harbi", "El-Sayed", "Abu-Bakr").
_ARTICLES = ("al-", "el-", "abu-", "ibn-", "bin-", "bint-", "ben-", "ould-")
_PATRONYMIC_ENDINGS = ("ovich", "evich", "ovna", "evna", "yevich", "yevna", "ich")
#: Roles and relations whose name may follow in apposition ("the applicant's brother, X,").
_APPOSITION = RELATIONS | frozenset(
    "lawyer representative witness investigator prosecutor officer applicant colleague employer director "
    "judge neighbour neighbor friend acquaintance".split()
)


class _SurnameKeys:
    """Keys of the surname shapes: a container the key index asks about each distinct key once."""

    def __contains__(self, k: object) -> bool:
        # the ending test first, inline: the key index asks this of every distinct key of a note
        return isinstance(k, str) and len(k) > 4 and (k.endswith(_SURNAME_ENDINGS) or "-" in k and _shaped(k))


def _shaped(k: str) -> bool:
    """A surname of one of the shapes: an ending ("Umarov") or an article before a hyphen ("Al-Harbi")."""
    if len(k) <= 4:
        return False
    if k.endswith(_SURNAME_ENDINGS):
        return True
    return k.startswith(_ARTICLES) and k.count("-") == 1 and len(k) - k.index("-") > 3 and k.replace("-", "").isalpha()


_SURNAME_KEYS = _SurnameKeys()


def _surname(doc: Tokens, t: int) -> bool:
    k = doc.keys[t]
    return doc.cap[t] and not doc.is_upper(t) and _shaped(k) \
        and not doc.lex.is_allowed(k) and not doc.lex.is_place_word(k) and k not in NAME_STOP


def _given(doc: Tokens, t: int) -> bool:
    k = doc.keys[t]
    if not doc.cap[t] or doc.is_upper(t) or k in NAME_STOP or k in TITLES or k in NOT_NAMES:
        return False
    return k in doc.lex.first or not doc.lex.is_allowed(k) and not doc.lex.is_place_word(k)


def pass_surname_shapes(doc: Tokens, state: PassState) -> None:
    """"Zurab Adeishvili", "Rustam Magomedovich Umarov": a given name, a patronymic, a surname of its shape."""
    for t in doc.positions(_SURNAME_KEYS):
        if t == 0 or state.taken[t] or not _surname(doc, t) or not doc.simple_gap(t):
            continue
        a = t - 1
        if a >= 1 and doc.keys[a].endswith(_PATRONYMIC_ENDINGS) and doc.cap[a] and not state.taken[a] \
                and doc.simple_gap(a) and not doc.lex.is_allowed(doc.keys[a]):
            a -= 1
        if state.taken[a] or not _given(doc, a):
            continue
        if a == t - 1 and doc.sentence_initial(a) and doc.lex.is_allowed(doc.keys[a], terms=False):
            continue
        state.emit(a, t + 1, PATIENT, 0.8)  # a seed of the repeat pass: "Imakayev stated" later
    _appositions(doc, state)


def _appositions(doc: Tokens, state: PassState) -> None:
    """"The applicant's brother, Said-Magomed Imakayev, was": the run between the commas after a relation."""
    for i in doc.positions(_APPOSITION):
        if i >= doc.n - 2 or doc.keys[i] not in _APPOSITION or doc.cap[i] or doc.gap(i + 1).strip() != ",":
            continue
        a = i + 1
        b = a
        while b < doc.n and b - a < 4 and doc.cap[b] and (b == a or doc.simple_gap(b)) and not state.taken[b] \
                and doc.keys[b] not in NAME_STOP and doc.keys[b] not in TITLES and not doc.is_upper(b):
            b += 1
        if b - a < 2 or b >= doc.n or doc.gap(b).strip()[:1] not in (",", "("):
            continue
        lex = doc.lex
        if not any(lex.is_name_word(doc.keys[t]) or not lex.is_allowed(doc.keys[t]) for t in range(a, b)) \
                or any(lex.is_place_word(doc.keys[t]) or doc.keys[t] in NOT_NAMES for t in range(a, b)):
            continue
        state.emit(a, b, PATIENT, 0.8)


def pass_place_pairs(doc: Tokens, state: PassState) -> None:
    """"the hospitals of Tunceli and Ankara": a place the lists hold joined by "and" to a place found is a place
    too, whatever word stood before it ("of", which the places pass does not take as a cue)."""
    from .labels import CITY, COUNTRY, STATE

    places = {CITY, STATE, COUNTRY}
    label_at: dict[int, str] = {}
    for f in state.found:
        if f.label in places:
            for t in range(f.first, f.end):
                label_at[t] = f.label
    if not label_at:
        return
    lex = doc.lex
    for t in doc.positions({"and"}):
        if t == 0 or t + 1 >= doc.n or doc.cap[t] or not doc.simple_gap(t) or not doc.simple_gap(t + 1):
            continue
        for other, here in ((t + 1, t - 1), (t - 1, t + 1)):
            if other in label_at and not state.taken[here] and doc.is_title_case(here) \
                    and lex.is_place_word(doc.keys[here]) and doc.keys[here] not in lex.first:
                state.emit(here, here + 1, label_at[other] if label_at[other] != COUNTRY else CITY, 0.7)
