"""Phone and fax numbers, e-mail and web addresses, IP addresses.

Phones are found three ways: by their US or international layout in the numeric
scan (labelled PHONE or FAX by the nearest cue word on the line), after a phone word
in any national layout ("Tel. 079 7602 9803"), and by a role word next to them
("0431 35 06 90 office"). A pager number after a signature's credentials
("MD  pgr 6-2115") is looked for from the other recognizers' numbers too, since
the number alone reads as a date or a ZIP. E-mail, URL and IPv6 scans are led by
a literal ("@", "://", "www.", a top-level domain, "::") and run only when it occurs.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from . import vocab
from .base import CueWords, Languages, NumericShape, Scan, TextPass, matches_on_lines, started_finditer
from .checks import count_digits, ipv4_ok


_UNIT = r"(?:[ \t]*(?:(?i:x|ext\.?|extension)|#)[ \t]*[0-9]{1,6})"
_PHONE_DIGITS = (
    r"(?P<num>(?:\+|00)?(?:[0-9]{1,4}[ .-]?)?(?:\([0-9]{1,4}\)[ .-]?)?[0-9]{2,5}(?:[ .-][0-9]{2,8}){0,4}"
    r"(?:[ ]?x[0-9]{2,6})?)"
)
_LABELLED_PHONE = re.compile(
    rf"(?<![\w.+-]){_PHONE_DIGITS}[ \t]*(?:-|\(|,)?[ \t]*(?P<role>office|fax|home|cell|mobile|work|landline)\b"
    # a role word that a number follows is that number's cue, not this one's label
    r"(?![ \t]*(?:number|no\.?|#)?[ \t]*:?[ \t]*[+(0-9])",
    re.IGNORECASE,
)
_REACH_AT_PHONE = re.compile(
    rf"(?i:reach(?:ed)?(?:[ \t]+[^\W\d_]+)?|answering|call(?:ed)?(?:[ \t]+[^\W\d_]+)?|contact(?:ed)?(?:[ \t]+[^\W\d_]+)?"
    rf"|text|phone|tel|telephone|cell|mobile)"
    rf"[ \t]*:?[ \t]+(?:(?:at|on)[ \t]+)?{_PHONE_DIGITS}(?![0-9])"
)
#: "Emergency contact is Mrs Neellima Chowdhhury at 0404 890 152": the contact's name, then "at" and the number
#: (a few words further than a phone cue reaches, in the same sentence).
_CONTACT_AT_PHONE = re.compile(
    rf"(?i:\b(?:contact|next[ \t]+of[ \t]+kin|proxy|reach(?:ed)?|call(?:ed)?)\b)"
    # the same sentence: no full stop but a title's ("Mrs. Vu at")
    r"(?:[^0-9\n.;:!?]|(?<=\b(?:Mr|Ms|Dr|St))\.|(?<=\bMrs)\.|(?<=\bProf)\.){0,60}?\b(?i:at)[ \t]+"
    rf"{_PHONE_DIGITS}(?![0-9])"
)
#: "x8042": the regex opens with the letter (not a look-behind) so the engine can skip ahead to it.
_X_EXTENSION = re.compile(r"[xX](?<![\w.][xX])(?P<n>[0-9]{3,5})(?![\w-]|\.[0-9A-Za-z])")
_CREDENTIAL = (
    r"(?:M\.?D\.?|D\.?O\.?|NP|PA-C|FACS|FACP|FACC|Ph\.?D\.?|MSW|LICSW|LCSW|RN|[A-Z]NP-BC|CNM|CRNA"
    r"|PGY-?[0-9]|MPH|DNP|PharmD)"
)
#: "MD, PhD p 0-9972", "MD  #70585", "MD, FACP  pgr 6-2115": a pager number right after a signature's
#: credentials; matched backwards from the number, which the numeric pass finds anyway.
_PAGER_BEFORE = re.compile(
    rf"(?<![\w.]){_CREDENTIAL}(?:[ \t]*,?[ \t]*{_CREDENTIAL})*[ \t]*,?[ \t]*"
    r"(?:p|pgr|pager|beeper|#{1,2})\.?[ \t]*#?[ \t]*$"
)
EMAIL_LOCAL = re.compile(r"[\w.%+'-]+$")
EMAIL_DOMAIN = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-])")
URL_SCHEME = re.compile(r"(?i:https?|ftp|sftp)://[^\s<>\"'\[\]{}|\\^`]+")
URL_WWW = re.compile(r"(?<![\w.@/])[Ww]{3}\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[^\s<>\"'\[\]{}|\\^`]*)?")
_TLDS = ("com", "org", "net", "edu", "gov", "mil", "info", "biz", "io", "us", "uk", "ca", "es", "eu", "health",
         "cat", "gal", "de", "fr", "it", "au", "nz", "ie", "mx", "ar", "cl", "co.uk", "org.uk", "ac.uk", "nhs.uk")
URL_BARE_TLD = re.compile(
    r"\.(?:" + "|".join(re.escape(t) for t in sorted(_TLDS, key=len, reverse=True)) + "|"
    # "VH.ORG/BILLING" in a note typed in capitals
    + "|".join(t.upper() for t in ("com", "org", "net", "edu", "gov")) + "|"
    # "Brown-Taylor.Com", "Www.Chambers-Orr.Info" in a note (or a line) typed in title case
    + "|".join(t.title() for t in ("com", "org", "net")) + r")(?![A-Za-z0-9-]|\.[A-Za-z0-9])"
)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
DOMAIN_LEFT = re.compile(rf"(?<![\w@.:/-])(?:{_LABEL}\.)*{_LABEL}$")
URL_PATH = re.compile(r"(?:/[^\s<>\"'\[\]{}|\\^`]*)?")
IPV6 = re.compile(
    r"(?<![\w:.])(?=[0-9A-Fa-f:]*:[0-9A-Fa-f]*:)[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}"
    r"(?:(?<=:)[0-9]{1,3}(?:\.[0-9]{1,3}){3})?(?![\w:])"
)
IPV6_FULL_HINT = re.compile(r":[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:")


@dataclass(frozen=True)
class ContactPatterns:
    """The cue regexes of phones, compiled once per language set."""

    #: a phone or fax word before a number on the same line: labels what the numeric scan found
    phone_cue: re.Pattern
    #: digit groups in any national layout after a phone word
    phone_after_cue: re.Pattern


def compile_patterns(languages: Languages) -> ContactPatterns:
    """The same for every language set: the cue words of both languages are always looked for."""
    # digit groups in any national layout after a phone word ("call (12) 3650-8833", "Tel. 079 7602 9803")
    phone_after_cue = re.compile(
        r"(?i:(?P<fax>fax|facsimile|telefax)|phone|telephone|tel|tfno|tlf|telf|tel[ée]fono|cell|mobile|m[óo]vil"
        r"|celular|pager|beeper|call|contact|ring|text|txt|whatsapp|landline)(?![^\W\d_])[^0-9\n]{0,24}?"
        # national layouts too: "(0161)4960118", "0115 4960328", "+33 (0)3 25 99 60 05", "000-7673008"
        r"(?P<num>(?:\+[0-9]{1,3}[ .-]?(?:\(0\)[ .-]?)?)?(?:\([0-9]{1,5}\)[ .-]?)?[0-9]{1,5}(?:[ .-]?[0-9]{2,8}){0,4})"
        r"(?![0-9]|[.-][0-9])"
    )
    phone_cue = re.compile(
        r"(?i)(?<![\w])(?:(?P<fax>fax|faxed|facsimile|telefax|(?-i:F|FX|Fx)(?=[ \t]*[:#]))"
        r"|(?P<phone>phone|ph|tel|telephone|tele|cell|mobile|mob|pager|beeper|pgr|contact|call|callback|"
        r"home|work|office|number|tfno|tlfno|tlf|telf|tel[ée]fono|m[óo]vil|celular|line|hotline|helpline|"
        r"(?-i:[PpTtHhWwCcMmOoB])(?=[ \t]*[:#])))"
        # "fax number is": the generic word belongs to the cue before it
        r"(?:[ \t]+(?:number|no\.?|nbr)(?![\w]))?"
    )
    return ContactPatterns(phone_cue=phone_cue, phone_after_cue=phone_after_cue)


def phone_label(scan: Scan, pos: int) -> str | None:
    """FAX or PHONE after the nearest cue on the line before ``pos``; None without a cue."""
    lo = max(scan.line_start(pos), pos - 40)
    label = None
    for m in scan.p.contact.phone_cue.finditer(scan.text, lo, pos):
        label = "FAX" if m.group("fax") else "PHONE"
    return label


def _ipv4(scan: Scan, m: re.Match) -> None:
    """Four octets; ``ipv4_ok`` turns away version strings and octets over 255."""
    if ipv4_ok(m.group()):
        scan.emit(m.start(), m.end(), "IPADDR", 0.9)


def _us_phone(scan: Scan, m: re.Match) -> None:
    """A US layout; labelled by the nearest phone or fax cue, scored lower when blank-separated ("555 123 4567")."""
    s, e = m.start(), m.end()
    cue = phone_label(scan, s)
    if cue:
        score = 1.0
    elif m.group("ph_s") in (" ", "/") and "(" not in m.group():
        score = 0.6
    else:
        score = 0.9
    scan.emit(s, e, cue or "PHONE", score)


def _international_phone(scan: Scan, m: re.Match) -> None:
    """"+34 91 555 12 34": a country code makes 8-15 digits a phone."""
    digits = count_digits(m.group())
    if 8 <= digits <= 15:
        scan.emit(m.start(), m.end(), phone_label(scan, m.start()) or "PHONE", 0.9)


def _spanish_phone(scan: Scan, m: re.Match) -> None:
    """"91 555 12 34": a Spanish layout, a phone only after a phone cue (the groups read as other numbers too)."""
    cue = phone_label(scan, m.start())
    if cue:
        scan.emit(m.start(), m.end(), cue, 0.85)


def _local_phone(scan: Scan, m: re.Match) -> None:
    """"555-1234": a local number, with a phone cue or on its own ("reachable at 530-1254").

    Without a cue it must have a valid exchange (2-9 first) and not sit where
    a range or a code would ("normal 232-1137", "Ranges 555-1234", "Lot # 123-4567").
    """
    s, e = m.start(), m.end()
    cue = phone_label(scan, s)
    if cue:
        scan.emit(s, e, cue, 0.75)
        return
    if scan.text[s] in "01" or scan.unit_after(e):
        return
    words, _, between = scan.prev_words(s)
    if "#" in between or "=" in between or (words and words[-1].lower() in vocab.NOT_PHONE_BEFORE):
        return
    j = s
    while j > 0 and scan.text[j - 1] in " \t":
        j -= 1
    if j > 0 and (scan.text[j - 1].isdigit() or scan.text[j - 1] in "(/:=<>~"):
        return  # "(normal 232-1137)" is caught by the word; "12 555-1234", "(555-1234" by the sign
    scan.emit(s, e, "PHONE", 0.7)


def _number_after_phone_word(scan: Scan, s: int) -> int:
    """A number in any national layout right after a phone word; the usual layouts
    are found (and labelled from the same cues) by the numeric pass."""
    m = scan.p.contact.phone_after_cue.match(scan.text, s)
    if not m:
        return 0
    digits = count_digits(m.group("num"))
    if not 7 <= digits <= 15:
        return 0
    scan.emit(m.start("num"), m.end("num"), "FAX" if m.group("fax") else "PHONE", 0.75)
    return 0  # let the other handlers of the cue word ("pager" is also an ID cue) run too


#: An extension after a phone or fax number: "ext 820", "ext. 5973", "x133", "X99", "extension 12".
EXTENSION_AFTER = re.compile(r"[ \t]*,?[ \t]*(?i:ext(?:n|ension)?\.?|x)[ \t]*#?[ \t]*[0-9]{1,6}(?![0-9A-Za-z])")


def extend_extensions(scan: Scan, spans: list[tuple[int, int, str, float, int]]) -> list[tuple[int, int, str, float, int]]:
    """A phone or fax number takes the extension written after it ("+358 542268634 ext 820")."""
    out = []
    for sp in spans:
        if sp[2] in ("PHONE", "FAX"):
            m = EXTENSION_AFTER.match(scan.text, sp[1])
            if m:
                sp = (sp[0], m.end()) + sp[2:]
        out.append(sp)
    return out


def extension_after(scan: Scan, end: int) -> bool:
    """Whether an extension follows ``end``: a long number before one is a phone ("9177918390 x133")."""
    return EXTENSION_AFTER.match(scan.text, end) is not None


#: What every ``_LABELLED_PHONE`` holds, in ``scan.lower`` (the number ends in a digit): most texts have none.
_ROLE_AFTER_DIGIT = re.compile(r"[0-9][ \t]*[-(,]?[ \t]*(?:office|fax|home|cell|mobile|work|landline)")


#: What ``_REACH_AT_PHONE`` and ``_CONTACT_AT_PHONE`` hold, in ``scan.lower`` of a text ``scan.plain`` says
#: IGNORECASE reads as lower-casing: the cue, then (no digit between) the start of a number. Case-sensitive
#: literals let the engine skip ahead, which the case-insensitive patterns cannot.
_REACH_HINT = re.compile(r"(?:reach|answering|call|contact|text|phone|tel|cell|mobile)[^\W\d_]*(?:[ \t]+[^\W\d_]+)?"
                         r"[ \t]*:?[ \t]+(?:(?:at|on)[ \t]+)?[+(0-9]")
_CONTACT_HINT = re.compile(r"(?:contact|next|proxy|reach|call)[^0-9\n]{0,80}?at[ \t]+[+(0-9]")


def find_labelled_phones(scan: Scan) -> None:
    """Numbers in any national layout named as phones by what follows or precedes them.

    Address blocks and contact lines write "0431 35 06 90 office", "97 111421-Fax",
    "(84) 7564-8830 (home)", and people write "reach me at 329 7730"; the digit
    groups alone would be too ambiguous, the label makes them a phone.
    """
    text = scan.text
    cued = not scan.plain or _ROLE_AFTER_DIGIT.search(scan.lower)
    for m in matches_on_lines(_LABELLED_PHONE, text, scan.lines_holding(_ROLE_AFTER_DIGIT)) if cued else ():
        if 6 <= count_digits(m.group("num").split("x")[0]) <= 15:
            label = "FAX" if (m.group("role") or "").lower().startswith("fax") else "PHONE"
            scan.emit(m.start("num"), m.end("num"), label, 0.8)
    # ``_REACH_AT_PHONE`` starts where ``_REACH_HINT`` does: only there is it tried (its cue words are common)
    reached = (started_finditer(_REACH_AT_PHONE, _REACH_HINT, text, hay=scan.lower) if scan.plain
               else _REACH_AT_PHONE.finditer(text))
    for m in reached:
        if 6 <= count_digits(m.group("num").split("x")[0]) <= 15:
            scan.emit(m.start("num"), m.end("num"), "PHONE", 0.75)
    cued = not scan.plain or _CONTACT_HINT.search(scan.lower)
    for m in matches_on_lines(_CONTACT_AT_PHONE, text, scan.lines_holding(_CONTACT_HINT)) if cued else ():
        if 8 <= count_digits(m.group("num").split("x")[0]) <= 15 and not scan.unit_after(m.end("num")):
            scan.emit(m.start("num"), m.end("num"), "PHONE", 0.75)


def find_extensions(scan: Scan) -> None:
    """"x8042", "pager #x4827": an extension alone.

    "x" glued to a round number is a magnification or a count ("x400", "x1000").
    """
    text = scan.text
    for m in _X_EXTENSION.finditer(text):
        if int(m.group("n")) % 100 == 0:
            continue
        j = m.start()
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0 and (text[j - 1].isdigit() or text[j - 1] in "*=×"):
            continue
        scan.emit(m.start(), m.end(), "PHONE", 0.75)


def signature_pager(scan: Scan, s: int, e: int) -> bool:
    """A 4-5 digit number (or "6-2115") after a signature's credentials and "p", "pgr" or "#"."""
    text = scan.text
    k = s
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    if not (k > 0 and (text[k - 1] == "#" or (k < s and text[k - 1] in "pPrR."))):
        return False  # a cheap look first: "#", or "p", "pgr", "pager", "beeper" and a blank
    if not _PAGER_BEFORE.search(text, max(scan.line_start(s), s - 80), s):
        return False
    scan.emit(s, e, "PHONE", 0.7)
    return True


def find_emails(scan: Scan) -> None:
    """Led by "@": the local part before it, a domain with a top-level label after it."""
    text = scan.text
    i = text.find("@")
    while i != -1:
        local = EMAIL_LOCAL.search(text, max(0, i - 64), i)
        domain = EMAIL_DOMAIN.match(text, i + 1)
        if local and domain:
            start = local.start()
            while start < i and text[start] in ".'-":
                start += 1
            if start < i:
                scan.emit(start, domain.end(), "EMAIL", 1.0)
                i = text.find("@", domain.end())
                continue
        i = text.find("@", i + 1)


#: The namespace of a standard or a code system ("http://hl7.org/fhir/sid/us-ssn", "http://loinc.org"): the system
#: a FHIR or CDA value belongs to, the same in every record, no one's address.
_STANDARDS_URL = re.compile(
    r"(?i:https?://(?:www\.)?(?:terminology\.)?(?:hl7\.org|fhir\.org|snomed\.info|loinc\.org|unitsofmeasure\.org"
    r"|w3\.org|ihe\.net|nucc\.org|www\.nlm\.nih\.gov|nlm\.nih\.gov|www\.cms\.gov|cms\.gov|fdasis\.nlm\.nih\.gov)"
    r"(?=[/\s\"'#]|$))"
)


def find_urls(scan: Scan) -> None:
    """URLs with a scheme, with "www.", and bare domains with a common top-level domain ("mgh.org/billing")."""
    text = scan.text
    taken: list[tuple[int, int]] = []
    if "://" in text:
        for m in URL_SCHEME.finditer(text):
            e = _trim_url(text, m.start(), m.end())
            if not _STANDARDS_URL.match(text, m.start()):
                scan.emit(m.start(), e, "URL", 1.0)
            taken.append((m.start(), e))
    if "www." in text or "WWW." in text or "Www." in text:
        for m in URL_WWW.finditer(text):
            if _inside(taken, m.start()):
                continue
            e = _trim_url(text, m.start(), m.end())
            scan.emit(m.start(), e, "URL", 0.95)
            taken.append((m.start(), e))
    if "." not in text:
        return
    for m in URL_BARE_TLD.finditer(text):
        dot = m.start()
        if _inside(taken, dot):
            continue
        left = DOMAIN_LEFT.search(text, max(0, dot - 80), dot)
        if not left:
            continue
        ds = left.start()
        k = text.rfind(".", ds, dot)
        label = text[k + 1 if k >= 0 else ds : dot]
        if len(label) < 2 or not any(c.isalpha() for c in text[ds:dot]) or (ds > 0 and text[ds - 1] == "@"):
            continue
        path = URL_PATH.match(text, m.end())
        e = _trim_url(text, ds, path.end() if path else m.end())
        scan.emit(ds, e, "URL", 0.7)
        taken.append((ds, e))


def _inside(taken: list[tuple[int, int]], pos: int) -> bool:
    """Whether ``pos`` lies in one of the spans already taken."""
    return any(a <= pos < b for a, b in taken)


def _trim_url(text: str, start: int, end: int) -> int:
    """A URL's end without the sentence punctuation after it."""
    while end > start and text[end - 1] in ".,;:!?'\"":
        end -= 1
    if end > start and text[end - 1] == ")" and "(" not in text[start:end]:
        end -= 1
    return end


def find_ipv6(scan: Scan) -> None:
    """Candidates with enough colons, checked by ``ipaddress``."""
    for m in IPV6.finditer(scan.text):
        cand = m.group()
        if "::" not in cand and cand.count(":") != 7:
            continue
        if sum(c not in ":." for c in cand) < 2:
            continue
        try:
            ipaddress.IPv6Address(cand)
        except ValueError:
            continue
        scan.emit(m.start(), m.end(), "IPADDR", 0.95)


IPV4 = NumericShape("ipv4", lambda lang: r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}(?![0-9]|\.[0-9])", _ipv4)
US_PHONE = NumericShape(
    "phone",
    lambda lang: (
        r"(?:\+?1[-. ]?)?(?:\([0-9]{3}\)[ \t]?|[0-9]{3}(?P<ph_s>[-. /]))[0-9]{3}[-. ][0-9]{4}"
        rf"{_UNIT}?(?![0-9]|-[0-9])"
    ),
    _us_phone,
)
INTERNATIONAL_PHONE = NumericShape(
    "intl",
    lambda lang: r"\+[0-9]{1,3}(?:[-. ]?\(0\))?(?:[-. ]?\(?[0-9]{1,5}\)?)(?:[-. ]?[0-9]{2,4}){1,5}(?![0-9])",
    _international_phone,
)
#: "91 555 12 34", "600 123 456", "915 55 12 34"; needs a phone cue.
SPANISH_PHONE = NumericShape(
    "esph",
    lambda lang: (
        r"[5-9][0-9](?:[0-9][ .][0-9]{3}[ .][0-9]{3}|[ .][0-9]{3}[ .][0-9]{2}[ .][0-9]{2}"
        r"|[0-9][ .][0-9]{2}[ .][0-9]{2}[ .][0-9]{2})(?![0-9])"
    ) if lang.spanish else None,
    _spanish_phone,
)
LOCAL_PHONE = NumericShape("phone7", lambda lang: rf"[0-9]{{3}}-[0-9]{{4}}{_UNIT}?(?![0-9]|-[0-9])", _local_phone)
PHONE_WORDS = CueWords(
    "phonecue",
    lambda lang: ["fax", "facsimile", "telefax", "phone", "telephone", "tel", "tfno", "tlf", "telf", "teléfono",
                  "telefono", "cell", "mobile", "móvil", "movil", "celular", "pager", "beeper", "call", "contact",
                  # how patients ask to be reached: "ring me on 0113 496 0000", "text 07700 900123"
                  "ring", "text", "txt", "whatsapp", "landline"],
    _number_after_phone_word,
)
EXTENSIONS = TextPass(("PHONE",), lambda scan: scan.has_digit, find_extensions)
LABELLED_PHONES = TextPass(("PHONE",), lambda scan: scan.has_digit, find_labelled_phones)
EMAILS = TextPass(("EMAIL",), lambda scan: "@" in scan.text, find_emails)
URLS = TextPass(("URL",), lambda scan: True, find_urls)
IPV6_ADDRESSES = TextPass(
    ("IPADDR",),
    lambda scan: scan.has_digit and ("::" in scan.text or (scan.text.count(":") >= 7 and IPV6_FULL_HINT.search(scan.text))),
    find_ipv6,
)
