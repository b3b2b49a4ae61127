"""Identifiers by shape, contacts and professions.

Identifiers come in the shapes record systems print, often with no cue word
before them: letter-prefixed and mixed IDs ("W655-377-8207", "BIO-FP-a3f8c2e1d5")
that a phone pattern would split, usernames and handles, licence plates, MAC
addresses, IBANs and coordinates, beside the cued kinds (MRN, SSN, account,
health plan, licence, device serial). Contacts are phones in several national
shapes, faxes, e-mails, URLs and IP addresses.
"""

from __future__ import annotations

import string
from typing import Callable

from .people import ascii_fold, first_last
from .phrase import Ctx, Phrase, lit, phi

PROFESSIONS = (
    "HR Specialist", "postal worker", "forklift operator", "bus driver", "welder", "schoolteacher", "barista",
    "paralegal", "dental hygienist", "line cook", "electrician", "software developer", "long-haul trucker",
    "hairdresser", "roofer", "pharmacy technician", "accountant", "mail carrier", "janitor", "crane operator",
    "veterinary technician", "machinist", "security guard", "real estate agent", "landscaper", "firefighter",
    "police officer", "coal miner", "warehouse associate", "nanny", "flight attendant", "graphic designer",
)


def _digits(ctx: Ctx, n: int) -> str:
    return "".join(str(ctx.rng.randrange(10)) for _ in range(n))


def _letters(ctx: Ctx, n: int, alphabet: str = string.ascii_uppercase) -> str:
    return "".join(ctx.pick(alphabet) for _ in range(n))


def _d(n: int) -> Callable[[Ctx], str]:
    return lambda ctx: _digits(ctx, n)


def _a(n: int, alphabet: str = string.ascii_uppercase) -> Callable[[Ctx], str]:
    return lambda ctx: _letters(ctx, n, alphabet)


def _shape(*parts: str | Callable[[Ctx], str]) -> Callable[[Ctx], str]:
    """An ID maker from fixed text and letter/digit runs: ``_shape(_a(1), _d(3), "-", _d(4))``."""
    return lambda ctx: "".join(p if isinstance(p, str) else p(ctx) for p in parts)


#: (label, form, maker): shapes a phone or date pattern would cut in pieces, with no cue word.
SHAPED = (
    ("IDNUM", "letter_phone_shape", _shape(_a(1), _d(3), "-", _d(3), "-", _d(4))),
    ("MEDICALRECORD", "letter_dashed", _shape(_a(1), _d(3), "-", _d(4), "-", _d(4))),
    ("BIOID", "bio_hex", _shape("BIO-", _a(2), "-", _a(10, "0123456789abcdef"))),
    ("IDNUM", "alnum", _shape(_a(2), _d(8))),
    ("HEALTHPLAN", "plan_dashed", _shape(_a(3), "-", _d(2), "-", _d(5))),
    ("ACCOUNT", "mixed_dashed", _shape(_d(4), "-", _a(4), "-", _d(2))),
    ("DEVICE", "mixed_serial", _shape(_a(1), _d(2), _a(1), _d(5))),
)
#: (label, cue words, maker): identifiers after their usual cue.
CUED = (
    ("MEDICALRECORD", ("MRN: ", "MRN ", "Med Rec #", "medical record number "), _d(8)),
    ("SSN", ("SSN ", "SSN: ", "social security number "), _shape(_d(3), "-", _d(2), "-", _d(4))),
    ("ACCOUNT", ("Acct# ", "account ", "Account No. "), _d(11)),
    ("HEALTHPLAN", ("member ID ", "policy # ", "Medicaid ID "), _shape(_a(3), _d(9))),
    ("LICENSE", ("DEA ", "license no. ", "NPI "), _shape(_a(2), _d(7))),
    ("DEVICE", ("serial no. ", "SN ", "device serial "), _shape(_a(3), _d(6), _a(1))),
    ("VEHICLE", ("VIN ",), _a(17, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789")),
)


def shaped_id(ctx: Ctx) -> Phrase:
    """A letter-prefixed or mixed ID, the kind a phone or date pattern would cut in pieces."""
    label, form, make = ctx.pick(SHAPED)
    text = make(ctx)
    if ctx.chance(0.15):
        text, form = text.lower(), form + "+lower"
    return (phi(text, label, "identifier", form),)


def cued_id(ctx: Ctx) -> Phrase:
    """An identifier after its usual cue: MRN, SSN, account, plan, DEA licence, serial, VIN."""
    label, cues, make = ctx.pick(CUED)
    return (lit(ctx.pick(cues)), phi(make(ctx), label, "identifier", "cued"))


def username(ctx: Ctx) -> Phrase:
    """A username by its make-up: first+last run together, trailing digits, @handle, dotted."""
    first, last = (ascii_fold(x).lower().replace(" ", "").replace("'", "") for x in first_last(ctx))
    kind = ctx.rng.randrange(5)
    if kind == 0:
        text, form = f"{first}{last}", "run_together"
    elif kind == 1:
        text, form = f"{first[0]}{last}{ctx.rng.randrange(1, 99)}", "trailing_digits"
    elif kind == 2:
        text, form = f"@{first}_{last[:ctx.rng.randrange(1, len(last) + 1)]}", "at_handle"
    elif kind == 3:
        text, form = f"{first}.{last}{ctx.rng.randrange(10, 99)}", "dotted"
    else:
        text, form = ctx.faker("en_US").user_name(), "faker_user"
    return (phi(text, "USERNAME", "identifier", f"username:{form}"),)


def plate(ctx: Ctx) -> Phrase:
    loc = ctx.pick(("en_US", "en_GB", "de_DE", "fr_FR", "nl_NL", "pl_PL", "es_ES", "en_CA"))
    return (phi(ctx.faker(loc).license_plate(), "VEHICLE", "identifier", "plate"),)


def mac(ctx: Ctx) -> Phrase:
    text = ctx.faker("en_US").mac_address()
    return (phi(text.upper() if ctx.chance(0.5) else text, "DEVICE", "identifier", "mac"),)


def iban(ctx: Ctx) -> Phrase:
    loc = ctx.pick(("de_DE", "fr_FR", "nl_NL", "pl_PL", "es_ES", "it_IT", "en_GB", "fi_FI"))
    text = ctx.faker(loc).iban()
    if ctx.chance(0.5):
        text = " ".join(text[i : i + 4] for i in range(0, len(text), 4))
    return (phi(text, "ACCOUNT", "identifier", "iban"),)


def coordinates(ctx: Ctx) -> Phrase:
    lat, lon = ctx.rng.uniform(-60, 70), ctx.rng.uniform(-170, 170)
    if ctx.chance(0.5):
        text = f"{lat:.4f}, {lon:.4f}"
    else:
        text = f"{abs(lat):.3f}\u00b0{'N' if lat >= 0 else 'S'} {abs(lon):.3f}\u00b0{'E' if lon >= 0 else 'W'}"
    return (phi(text, "LOCATION-OTHER", "identifier", "coordinates"),)


def identifier(ctx: Ctx) -> Phrase:
    return ctx.pick((shaped_id, shaped_id, cued_id, username, plate, plate, mac, iban, coordinates))(ctx)


def phone(ctx: Ctx, label: str = "PHONE") -> Phrase:
    r = ctx.rng.random()
    if r < 0.5:
        a, b, c = _digits(ctx, 3), _digits(ctx, 3), _digits(ctx, 4)
        a = str(ctx.rng.randrange(2, 10)) + a[1:]
        text = ctx.pick((f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"{a}.{b}.{c}", f"+1 {a} {b} {c}", f"{a}{b}{c}"))
        form = "us"
    else:
        loc = ctx.pick(("en_GB", "de_DE", "fr_FR", "en_IN", "pl_PL", "nl_NL", "en_AU", "pt_BR", "fi_FI"))
        text, form = ctx.faker(loc).phone_number(), "intl"
    if ctx.chance(0.15):
        text += ctx.pick((" ext. ", " x", " ext ")) + _digits(ctx, ctx.rng.randrange(2, 5))
        form += "+ext"
    return (phi(text, label, "contact", form),)


def email(ctx: Ctx) -> Phrase:
    loc = ctx.locale()
    text = ascii_fold(ctx.faker(loc).email()) if loc != "vi_VN" else ctx.faker("en_US").email()
    return (phi(text.upper() if ctx.chance(0.1) else text, "EMAIL", "contact", "email"),)


def url(ctx: Ctx) -> Phrase:
    fk = ctx.faker("en_US")
    text = ctx.pick((fk.url(), f"www.{fk.domain_name()}", f"https://{fk.domain_name()}/portal/{_digits(ctx, 6)}",
                     fk.domain_name()))
    return (phi(text, "URL", "contact", "url"),)


def ip(ctx: Ctx) -> Phrase:
    fk = ctx.faker("en_US")
    return (phi(fk.ipv4() if ctx.chance(0.8) else fk.ipv6(), "IPADDR", "contact", "ip"),)


def contact(ctx: Ctx) -> Phrase:
    return ctx.pick((phone, phone, email, url, ip))(ctx)


def profession(ctx: Ctx) -> Phrase:
    if ctx.chance(0.5):
        text = ctx.pick(PROFESSIONS)
    else:
        job = ctx.faker("en_US").job()
        text = job if "," not in job and "(" not in job else ctx.pick(PROFESSIONS)
        text = text.lower() if ctx.chance(0.6) else text
    return (phi(text, "PROFESSION", "profession", "job"),)
