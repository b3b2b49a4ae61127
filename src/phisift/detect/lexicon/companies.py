"""Companies named by the word that says what kind of firm they are: "Innovest Systems", "Wolfram Research".

A legal suffix ("Inc.", "GmbH") is handled by ``institutions_cued.pass_company_suffix``;
most firms in prose carry none, but end in a head word of trade: "Ceiba Solutions",
"Liquid Robotics", "Boston Consulting Group". The heads split in two:

* trade heads that name nothing but a firm ("Robotics", "Analytics", "Technologies",
  "Consulting"): the capitalised run before them is a firm even when its words are
  common ones ("Weather Decision Technologies");
* heads that also name a department or a kind of thing ("Systems", "Group", "Research",
  "International"): the run must hold a word that names one firm (``specific``), so
  "Review of Systems", "Support Group" and "Clinical Research" stay untouched.

Runs of one case are left alone (a heading in capitals, "SOCIAL SERVICES"), and so is a
head alone at a sentence start.
"""

from __future__ import annotations

from .cues import CALENDAR, NAME_STOP, TITLES
from .labels import ORGANIZATION
from .names_listed import _list_next
from .specific import specific
from .state import PassState
from .tokens import Tokens

#: Heads that name a firm whatever the words before them.
TRADE_HEADS = frozenset(
    "technologies analytics robotics consulting consultancy insights ventures holdings "
    "biosciences therapeutics pharmaceuticals logistics enterprises interactive dynamics "
    "communications telecom networks solutions".split()
)
#: Heads that need a word naming one firm before them ("Admission Labs" are results, "Hand Innovations"
#: a device maker's brand on a plate).
WEAK_HEADS = frozenset(
    "systems group international research energy media capital resources partners industries "
    "technology corporation company brands foods motors airlines bank studios publishing realty "
    "properties investments securities financial advisors software labs innovations".split()
)
#: Words inside a firm's run; not "and", which joins two firms in a list far more often
#: ("Transunion and Impaq International") than it sits inside one.
_JOINERS = frozenset({"&", "of"})


def _run_start(doc: Tokens, state: PassState, h: int) -> int:
    """The first token of the capitalised run before the head ``h`` (up to four words, "&"/"of" inside)."""
    a = h
    while a > 0 and h - a < 4 and not state.taken[a - 1] and (doc.simple_gap(a) or doc.gap(a) == " & "):
        k = doc.keys[a - 1]
        if doc.is_title_case(a - 1) or doc.words[a - 1][:1].isdigit():
            if k in NAME_STOP or k in TITLES:
                break
        elif k not in _JOINERS:
            break
        a -= 1
    while a < h and (doc.keys[a] in _JOINERS or not doc.is_title_case(a)):
        a += 1  # the run opens with a name, not with "of"
    return a


def pass_company_heads(doc: Tokens, state: PassState) -> None:
    """'Innovest Systems', 'Weather Decision Technologies', 'Boston Consulting Group' in running text."""
    for h in doc.caps:
        k = doc.keys[h]
        if state.taken[h] or (k not in TRADE_HEADS and k not in WEAK_HEADS) or not doc.is_title_case(h):
            continue
        a = _run_start(doc, state, h)
        if a == h:
            if h > 0 and state.taken[h - 1] and doc.simple_gap(h) and _firm_ends_at(state, h):
                state.emit(h, h + 1, ORGANIZATION, 0.8)  # "Boston Consulting" found already, then "Group"
            continue  # "Solutions to the problem": a head alone
        run = [t for t in range(a, h) if doc.keys[t] not in _JOINERS]
        if k in WEAK_HEADS and not specific(doc, run):
            continue  # "Review of Systems", "Support Group"
        if k in TRADE_HEADS and not specific(doc, run) and len(run) == 1 and doc.sentence_initial(a):
            continue  # "Network Solutions" opening a sentence is as likely a heading as a firm
        if h + 1 < doc.n and (doc.keys[h + 1] in ("version", "v") or doc.words[h + 1][:1].isdigit()):
            continue  # "SecondLook Software Version 7.2": a product, not its maker
        b = h + 1
        while b < doc.n and b - h < 2 and doc.simple_gap(b) and doc.keys[b] in WEAK_HEADS | TRADE_HEADS \
                and doc.is_title_case(b) and not state.taken[b]:
            b += 1  # "Boston Consulting Group", "Amida Technology Solutions"
        state.emit(a, b, ORGANIZATION, 0.8)


def _firm_ends_at(state: PassState, h: int) -> bool:
    """A firm found by an earlier pass ends right before token ``h``."""
    return any(f.end == h and f.label == ORGANIZATION for f in reversed(state.found[-20:]))


def pass_firm_lists(doc: Tokens, state: PassState) -> None:
    """'Ceiba Solutions, Seeclickfix and Hubbard-Thomas': the other members of a list that holds a firm.

    A member is a capitalised run of up to three words that no list knows as a common word
    or a clinical term ("Acme Labs, Zoloft and Prozac" stops at the drug)."""
    lex = doc.lex
    queue = [(f.first, f.end) for f in state.found if f.label == ORGANIZATION]
    while queue:
        i, j = queue.pop()
        for t0, step in ((j, 1), (i - 1, -1)):
            while True:
                t = _list_next(doc, t0, step)
                if t is None or state.taken[t]:
                    break
                a, b = (t, _run_end(doc, state, t)) if step == 1 else (_run_begin(doc, state, t), t + 1)
                keys = [doc.keys[u] for u in range(a, b)]
                if any(k in NAME_STOP or k in CALENDAR or k in TITLES or len(k) < 2 for k in keys) \
                        or any(lex.is_allowed(k) for k in keys) or doc.dose_after(b):
                    break
                state.emit(a, b, ORGANIZATION, 0.7)
                queue.append((a, b))
                t0 = b if step == 1 else a - 1


def _run_end(doc: Tokens, state: PassState, t: int) -> int:
    b = t + 1
    while b < doc.n and b - t < 3 and doc.simple_gap(b) and doc.is_title_case(b) and not state.taken[b]:
        b += 1
    return b


def _run_begin(doc: Tokens, state: PassState, t: int) -> int:
    a = t
    while a > 0 and t - a < 2 and doc.simple_gap(a) and doc.is_title_case(a - 1) and not state.taken[a - 1]:
        a -= 1
    return a
