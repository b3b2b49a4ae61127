"""Login names: "Entered by: kritho69 (K. Thompson)", "read by cgarvey 12/23/2018", "Mackenzie Francois (mackenzie.francois)".

A word after "entered by" or "read by" is a login only when it looks made for a
computer (digits, dots, underscores) or sits where a log line puts one (before a
bracketed full name, a date or the end of the line); a capitalised name there is
the clinician's. A bracketed word after a full name is a login when it is built
from that name or made for a computer, not a relation or a drug ("Mary (daughter)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import vocab
from .base import CueWords, Languages, Scan, TextPass
from .names import clean_name, name_value
from ...text import clinical_vocabulary


#: What a login does right after it is named: "logged in", "signed on".
_LOGGED_IN_AFTER = re.compile(r"[ \t]+(?i:logged|signed)[ \t]+(?i:in|on)\b")
#: A login made of a role and a surname: "RN.knox", "MD.patel", "PT_garcia".
_ROLE_LOGIN = re.compile(r"[A-Z]{2,3}[._][a-z][a-z0-9]{1,30}")
#: After a login name in a log line: a date or time, a bar, or the end of the line.
_AFTER_LOGIN = re.compile(r"[ \t]*(?:on[ \t]+|at[ \t]+)?(?:[0-9]|\||\r?\n|$)|[ \t]{2,}|\t|[ \t]+(?i:ref)\.?[ \t]*#"
                          # a credential after the login: "Documented by: kpatel RN", "by jlee2, LPN"
                          r"|[ \t]*,?[ \t]*(?-i:RN|LPN|MD|DO|NP|PA|PA-C|RT|CNA|PharmD|RPh|CMA|MA)(?![\w-])")
#: What follows a key=value login ("created_by=kpatel, updated_by=..."): a separator, the next key, or the line's end.
_AFTER_KEYED_LOGIN = re.compile(r"[ \t]*(?:[,;&|]|[A-Za-z_]+=|\r?\n|$)")
_PAREN_LOWER = re.compile(r"\((?P<u>[a-z][a-z0-9._-]{1,40}[a-z0-9])\)")
_NAME_BEFORE_PAREN = re.compile(
    r"(?<![\w.])(?:[A-Z][a-z'’-]+|[A-Z]\.)(?:[ \t]+(?:[A-Z][a-z'’-]+|[A-Z]\.?)){1,3}[ \t]*$"
)


#: "Portal user: steven.green83", "username jdoe2", "login: @luis_s", "screen name cleroy13", "user_id: jsmith".
_ACCOUNT_CUE = re.compile(
    r"(?i:(?:patient[ \t]+)?portal[ \t]+(?:user(?:[ \t]*name)?|login|account|id|handle)|user[ \t_-]?(?:name|id)?|login"
    r"(?:[ \t_-]?(?:name|id))?|handle|screen[ \t]*name|account[ \t]+name|signed[ \t]+in[ \t]+as|sign[ \t]*-?in"
    r"|online[ \t]+as|known[ \t]+online[ \t]+as)"
    r"(?P<mark>[ \t]*(?::|=|-(?![\w])|\bis\b|\bwas\b))?[ \t]*"
    r"(?P<u>@?[^\W_](?:[^\W_]|[._-](?=[^\W_])){2,40})(?![\w@-])"
)
#: "She messaged the office as cleroy13 on the portal": a login named by where it was used.
_AS_ON_PORTAL = re.compile(
    r"(?i:as)[ \t]+(?P<u>@?[^\W_](?:[^\W_]|[._'’-](?=[^\W_])){2,40})[ \t]+"
    r"(?i:on|via|in|through|using)[ \t]+(?:(?i:the|her|his|their|our)[ \t]+)?(?:(?i:patient|online|web|mobile)[ \t]+)?"
    r"(?i:portal|app|mychart|website|chat|forum|messenger|platform)(?![\w])"
)
#: "steven.green83": two names joined by a dot or an underscore and digits after them; "@luis_s": a handle.
#: ".green83", "_mum93"; after an underscore a forum handle's one letter or none will do: "jess_m88", "amara_93".
_DOTTED_LOGIN = re.compile(r"(?:\.(?<=[A-Za-z]{2}\.)[A-Za-z]{2,}[0-9]{1,4}|_(?<=[A-Za-z]{2}_)(?:[A-Za-z]{2,}[0-9]{1,4}|[A-Za-z][0-9]{2,4}|[0-9]{2}))"
                           r"(?![\w@-]|\.[A-Za-z0-9])")
_LOGIN_HEAD = re.compile(r"(?<![\w.@/+-])(?:[A-Za-z]{2,}-)?[A-Za-z]+$")
#: Two names joined by a dot before an underscore tail: "jane.doe" of "jane.doe_77".
_DOTTED_HEAD = re.compile(r"(?<![\w.@/+-])[A-Za-z]{3,}\.[A-Za-z]{3,}$")
_HANDLE = re.compile(r"@(?<![\w.@/+-]@)(?P<h>[A-Za-z][A-Za-z0-9_.]{2,30}[A-Za-z0-9]|[a-z]-[a-z]{3,30}|[A-Z]-[A-Z]{3,30})"
                     r"(?![\w@-]|\.[A-Za-z0-9])")
#: "@" before an everyday word is "at": "lives @home", "@night", "@ bedtime".
_NOT_HANDLES = frozenset({"home", "night", "rest", "bedtime", "baseline", "times", "work", "school", "noon", "hour"})


@dataclass(frozen=True)
class UsernamePatterns:
    """What the login recognizers compile once per language set."""

    #: "entered by", "read by", "logged in as" and the login (``u``), maybe a bracketed name (``n``)
    user_cue: re.Pattern


def compile_patterns(languages: Languages) -> UsernamePatterns:
    """The log-line login cue regex (the same for every language set)."""
    # "Entered by: kritho69 (K. Thompson)", "Message read by cgarvey 12/23/2018", "logged in as jdoe";
    # an audit trail's "Accessed by: kpatel", "Viewed by kpatel 10:32", "Last login by jsmith on 03/04/2021"
    user_cue = re.compile(
        r"(?i:(?:entered|read|created|modified|edited|updated|issued|printed|scanned|registered|enrolled|administered"
        r"|given|completed|collected|performed|accessed|viewed|login|logon"
        # a note's signature lines and a help-desk's or privacy office's log: "Electronically signed by: kpatel",
        # "Cosigned by RN jlee", "Transcribed by: mt_jlee", "Verified by ward_p", "Thread closed by amoreno"
        r"|(?:e(?:lectronically)?[ \t-]*)?signed|co-?signed|dictated|transcribed|verified|approved|submitted|reviewed"
        r"|closed|reset|unlocked|indexed|uploaded|flagged|authored|amended|routed|released|witnessed|acknowledged"
        r"|documented|charted|confirmed|assigned|escalated)(?:[ \t]+|(?P<kv>_))by(?:[ \t]+(?P<role>(?-i:RN|LPN|MD|NP|PA|RT|CNA|MA|RPh|PharmD|Tech))\b)?"
        r"|logged[ \t]+in[ \t]+as)[ \t]*(?:(?P<eq>=)|:)?[ \t]*"
        r"(?P<u>[A-Za-z0-9](?:[A-Za-z0-9]|[._-](?=[A-Za-z0-9]))*)"
        r"(?:[ \t]*\((?P<n>[^()\n]{2,60})\))?"
    )
    return UsernamePatterns(user_cue=user_cue)


#: The signature and log verbs whose "by" more often takes a word than "entered by" does ("signed by mother").
_NEW_VERB = re.compile(
    r"(?i:(?:e(?:lectronically)?[ \t-]*)?signed|co-?signed|dictated|transcribed|verified|approved|submitted|reviewed"
    r"|closed|reset|unlocked|indexed|uploaded|flagged|authored|amended|routed|released|witnessed|acknowledged"
    r"|documented|charted|confirmed|assigned|escalated)")


#: A login of an initial, a hyphen and a surname: "g-hill", "D-TURNER".
_INITIAL_HYPHEN = re.compile(r"[a-z]-[a-z]{3,}|[A-Z]-[A-Z]{3,}")


def _word_not_login(u: str) -> bool:
    """A lower-case word or hyphened words without digits, dots or underscores that the clinical vocabulary
    knows ("mother", "x-ray"), or shorter than four letters: no login after a signature verb."""
    if any(c.isdigit() or c in "._" for c in u) or not u.islower():
        return False
    if "-" in u:
        return not _INITIAL_HYPHEN.fullmatch(u) or u in clinical_vocabulary()
    return u in clinical_vocabulary() or len(u) < 4


def _login_after_cue(scan: Scan, s: int) -> int:
    """A login name after "entered by", "read by", "logged in as"; a capitalised name there is a clinician."""
    text = scan.text
    m = scan.p.usernames.user_cue.match(text, s)
    if not m:
        return 0
    us, ue = m.span("u")
    u = m.group("u")
    paren = m.group("n")
    if _NEW_VERB.match(text, s) and _word_not_login(u):
        return 0  # "signed by mother", "verified by phone", "reviewed by x-ray": the newer verbs take no word
    if u[:1].isupper() and not u.isupper() and not _ROLE_LOGIN.fullmatch(u):
        if u in vocab.NAME_STOPWORDS or u.lower() in vocab.SERVICE_WORDS or u.lower() in vocab.NOT_USERNAMES:
            return 0  # "read by Dr. Lee" is the title's; "read by Radiology" is no one
        return name_value(scan, us, "DOCTOR", 0.7)  # "Entered by: Kiel Halski"
    # "modified_by=akumar, ts=...": an audit log's key=value pair, written by a program, ends the value at a separator
    keyed = (m.group("kv") or m.group("eq")) and _AFTER_KEYED_LOGIN.match(text, ue) is not None
    then_date = keyed or _AFTER_LOGIN.match(text, ue) is not None
    caps_login = (u.isupper() and u.isalpha() and len(u) >= 4 and then_date
                  and u.lower() not in clinical_vocabulary() and u.lower() not in vocab.NOT_USERNAMES
                  and u.lower() not in vocab.SERVICE_WORDS)  # "THREAD CLOSED BY AJACOB", "Submitted by KROY"
    if not caps_login and not _username_ok(u, paren is not None, then_date):
        return 0
    scan.emit(us, ue, "USERNAME", 0.85)
    if paren:
        ps = m.start("n")
        off, name = clean_name(paren)
        if name and paren.split()[0].lower() not in vocab.SERVICE_WORDS:
            scan.emit(ps + off, ps + off + len(name), "DOCTOR", 0.8)  # "kritho69 (K. Thompson)"
    return m.end()


def _username_ok(u: str, named: bool, then_date: bool) -> bool:
    """Whether ``u`` after "entered by" / "read by" is a login name rather than a word.

    Digits, dots or underscores mark one ("kritho69", "amanda.sims"); a bare
    lower-case word counts only where a log line puts a name, before a bracketed
    full name, a date or the end of the line ("read by cgarvey 12/23/2018"), and
    never when it is a word such as "mistake" or "radiology"; an upper-case one
    only before a bracketed full name ("MBROWNWASIEWICZ (Michael Brown-Wasiewicz)").
    """
    letters = sum(c.isalpha() for c in u)
    if letters < 2 or len(u) < 3:
        return False
    low = u.lower()
    if low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NOT_INITIALS:
        return False
    if any(c.isdigit() for c in u):
        return u.islower() or u.isupper() or named
    if _INITIAL_HYPHEN.fullmatch(u) and low not in clinical_vocabulary():
        return named or then_date  # "Thread closed by G-SILVEIRA", "signed by g-hill 10:32"
    if "." in u or "_" in u:
        return u.islower() or u.isupper() or _ROLE_LOGIN.fullmatch(u) is not None
    if u.islower():
        return named or then_date
    return u.isupper() and named


def _made_for_computer(u: str) -> bool:
    """A digit, a dot, an underscore, a leading "@" or an initial and a hyphen ("m-barron"): a login, not a word."""
    return u.startswith("@") or any(c.isdigit() or c in "._" for c in u) or (
        _INITIAL_HYPHEN.fullmatch(u) is not None and u.lower() not in clinical_vocabulary())


def _login_after_account_cue(scan: Scan, s: int) -> int:
    """"Portal user: steven.green83", "username jdoe2": with a colon any login-like word, without one a made-up one."""
    m = _ACCOUNT_CUE.match(scan.text, s)
    if not m:
        return 0
    u = m.group("u")
    low = u.lstrip("@").lower()
    if low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NOT_INITIALS or len(low) < 3:
        return 0
    mark = (m.group("mark") or "").strip()
    cue = scan.text[s : m.start("u")].lower()
    person_slot = mark == ":" and u.isalpha() and re.match(r"(?:user|account[ \t]+name)[ \t]*:", cue)
    surname = _SURNAME_AFTER.match(scan.text, m.end("u")) if person_slot else None
    if surname and len(surname.group("w")) > 2 and surname.group("w").lower() not in _NOT_LOGIN_WORDS:
        scan.emit(m.start("u"), surname.end("w"), "PATIENT", 0.7)  # "user: heather pustivšek": a login has no space
        return surname.end("w")
    logged_in = _LOGGED_IN_AFTER.match(scan.text, m.end("u")) is not None  # "portal account BRIENC logged in from"
    if not logged_in and (u.islower() or u.isupper()) and u.isalpha() and len(u) >= 5 and mark == "" \
            and low not in clinical_vocabulary() and _LINE_END.match(scan.text, m.end("u")) \
            and cue.rstrip() in ("user", "login") and re.search(r"(?:\bby|[-:])[ \t]+$", scan.text[max(0, s - 8) : s]):
        logged_in = True  # an audit line's "suspected by user swood", "Escalated - login dpowell": the line ends there
    if mark in ("is", "was") and u.islower() and u.isalpha() and len(u) >= 4 and not logged_in \
            and low not in _NOT_LOGIN_WORDS and low not in _LOGIN_STATES and low not in clinical_vocabulary():
        logged_in = True  # "my username is guerrad": a stated login that is no word
    if not _made_for_computer(u) and not (logged_in and (u.islower() or u.isupper())):
        if mark not in (":", "=") or not (u.islower() or u.isupper() or _run_together(u)) \
                or u.lower() in _NOT_LOGIN_WORDS:
            return 0  # "User: John Smith" is a person; "user who ...", "handle was mobile" are words
    scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.85 if m.group("mark") else 0.75)
    return m.end()


def _run_together(u: str) -> bool:
    """"Kevinsmith": a title-cased login of a first name and a surname run together (no name, no word alone)."""
    from .addresses import person_names

    low = u.lower()
    if not u.istitle() or len(u) < 7 or u in person_names():
        return False
    names = {n.lower() for n in person_names()}
    return any(low[:i] in names and low[i:] in names for i in range(3, len(low) - 2))


#: What may follow a login that closes an audit line: a bracketed remark or the line's end.
_LINE_END = re.compile(r"[ \t]*(?:\([^()\n]{0,60}\)[ \t]*)?(?:\r?\n|$)")
#: A second word of letters closing the line after "user: heather": the value is a person's name.
_SURNAME_AFTER = re.compile(r"[ \t]+(?P<w>[^\W\d_][\w'’-]*)(?=[ \t]*[.?!]?[ \t]*(?:\n|$))")
#: Words that follow "user:" or "login" in notes but are not logins.
#: What a login "is" besides a name: "my username is expired", "the login was invalid".
_LOGIN_STATES = frozenset("invalid valid blank incorrect forgotten expired inactive active suspended deactivated reset "
                          "changed updated unavailable gone lost stuck broken working right fine same".split())
_NOT_LOGIN_WORDS = frozenset({
    "none", "unknown", "name", "id", "password", "required", "pending", "patient", "guest", "n/a", "na", "not",
    "the", "who", "was", "has", "is", "and", "with", "of", "for", "in", "on", "at", "to", "drug", "drugs",
})


def _login_as_on_portal(scan: Scan, s: int) -> int:
    """"messaged the office as cleroy13 on the portal": the name used on a portal or an app."""
    m = _AS_ON_PORTAL.match(scan.text, s)
    if not m:
        return 0
    u = m.group("u")
    if u.lstrip("@").lower() in vocab.NOT_USERNAMES or u.lower() in ("well", "usual", "before", "needed"):
        return 0
    scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.8)
    return m.end()


def find_shaped_logins(scan: Scan) -> None:
    """Logins by their make-up alone: "steven.green83", "jess_m88" (names, a dot or underscore, digits) and "@luis_s"."""
    text = scan.text
    if scan.has_digit and ("." in text or "_" in text):
        for m in _DOTTED_LOGIN.finditer(text):
            head = _LOGIN_HEAD.search(text, max(0, m.start() - 40), m.start())
            if head and ("-" not in head.group() or _hyphened_name(head.group(), m.group()[1:])):
                scan.emit(head.start(), m.end(), "USERNAME", 0.75)  # "steven.green83", "Sarah-Jane.Vu16"
            elif m.group().startswith("_"):
                head = _DOTTED_HEAD.search(text, max(0, m.start() - 40), m.start())
                if head and (head.group().islower() or head.group().isupper()):
                    # "jane.doe_77": two names in one case joined by a dot, then the underscore and digits (a name
                    # the lexicon finds in it gives way: the whole is the login)
                    scan.emit(head.start(), m.end(), "USERNAME", 0.95)
    if "@" in text:
        for m in _HANDLE.finditer(text):
            h = m.group("h")
            if h.lower() in _NOT_HANDLES or not (_made_for_computer(h) or len(h) >= 5 or "-" in h):
                continue
            scan.emit(m.start(), m.end(), "USERNAME", 0.8)


def _hyphened_name(head: str, tail: str) -> bool:
    """"Sarah-Jane" before ".Vu16": a double given name (both parts capitalised or both lowercase), and a
    tail that is no code in capitals ("Guillain-Barre.GB12", "Follow-up.Ab12" are words glued to codes)."""
    a, b = head.split("-", 1)
    same = (a.istitle() and b.istitle()) or (a.islower() and b.islower())
    letters = "".join(c for c in tail if c.isalpha())
    return same and not letters.isupper() and not head.lower().startswith(("follow", "non", "post", "pre", "x"))


def find_bracketed_logins(scan: Scan) -> None:
    """"Mackenzie Francois (mackenzie.francois)": a login name in brackets after a person's name.

    Brackets after names also hold relations and generic drug names ("Mary
    (daughter)", "Tylenol (acetaminophen)"), so the bracketed word must look
    made for a computer: a digit, a dot or an underscore in it, or a piece of
    the name before it ("Kenneth O. Johnson (johnsonk)").
    """
    text = scan.text
    for m in _PAREN_LOWER.finditer(text):
        u = m.group("u")
        before = _NAME_BEFORE_PAREN.search(text, max(0, m.start() - 60), m.start())
        if not before:
            continue
        names = [w.lower() for w in re.findall(r"[A-Za-z'’-]{2,}", before.group())]
        if len(names) < 2 or u in names:
            continue
        made = any(c.isdigit() or c in "._" for c in u)
        if made or any(len(w) >= 3 and w[:4] in u for w in names):
            scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.75)


#: "... on 2023-06-03 by lwright.", "enrolled on 06.03.2025 by downst", "updated: 03/04/2021 10:22 by jdoe": who did
#: it, after when it was done (and the clock time).
_BY_AFTER_DATE = re.compile(r"(?:[ \t]+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[AaPp][Mm])?)?[ \t]+by[ \t]+(?P<u>[A-Za-z][A-Za-z0-9._-]{2,30}?)(?=[.,;]?[ \t]*(?:\n|$)|[.,;][ \t])")


def find_logins_after_dates(scan: Scan) -> None:
    """A login closing a sentence after "<date> by": a record's "enrolled ... on 01/08/18 by ppeltier."

    Only where a date ends right before "by", and only a one-word value that no clinical word or service
    spells ("by mouth", "by car", "by radiology") and that is not a capitalised name ("by Smith").
    """
    text = scan.text
    ends = {e for _, e, lab, _, _ in scan.out if lab == "DATE"}
    for end in ends:
        m = _BY_AFTER_DATE.match(text, end)
        if not m:
            continue
        u = m.group("u")
        low = u.lower()
        if u.istitle() and u.isalpha() or low in clinical_vocabulary() or low in vocab.SERVICE_WORDS \
                or low in vocab.NOT_USERNAMES or low in vocab.NON_NAME_VALUES:
            continue
        scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.75)


LOGIN_WORDS = CueWords(
    "usercue",
    lambda lang: ["entered", "read", "created", "modified", "edited", "updated", "logged", "issued", "printed", "scanned",
                  "registered", "enrolled", "administered", "given", "completed", "collected", "performed",
                  "accessed", "viewed", "login", "logon", "signed", "e-signed", "esigned", "electronically", "cosigned",
                  "co-signed", "dictated", "transcribed", "verified", "approved", "submitted", "reviewed", "closed",
                  "reset", "unlocked", "indexed", "uploaded", "flagged", "authored", "amended", "routed", "released",
                  "witnessed", "acknowledged", "documented", "charted", "confirmed", "assigned", "escalated"]
    if lang.english else [],
    _login_after_cue,
)
ACCOUNT_WORDS = CueWords(
    "accountcue",
    lambda lang: ["portal", "patient", "user", "username", "userid", "login", "handle", "screen", "account", "signed",
                  "sign", "online", "known"] if lang.english else [],
    _login_after_account_cue,
)
AS_ON_PORTAL_WORDS = CueWords("asportal", lambda lang: ["as"] if lang.english else [], _login_as_on_portal)
SHAPED_LOGINS = TextPass(("USERNAME",), lambda scan: "@" in scan.text or "." in scan.text or "_" in scan.text,
                         find_shaped_logins)
BRACKETED_LOGINS = TextPass(("USERNAME",), lambda scan: "(" in scan.text, find_bracketed_logins)
LOGINS_AFTER_DATES = TextPass(("USERNAME",), lambda scan: scan.has_digit and " by " in scan.text, find_logins_after_dates)
