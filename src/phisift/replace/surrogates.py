"""Realistic surrogates that keep the shape of what they replace.

Every choice is seeded by an HMAC of the user's secret key, the patient and the
normalised original, so the same name in the same patient's notes becomes the
same surrogate in every note and every run, without any shared state between
processes (which is what lets a parallel or Spark run give byte-identical output).
Names are replaced word by word, so "John Smith", "SMITH, JOHN" and "Mr. Smith"
all agree on the surname.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass
from functools import lru_cache

from faker import Faker

from ..store import Secret
from .dates import shift_date_text

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


@lru_cache(maxsize=4)
def _faker(locale: str) -> Faker:
    return Faker(locale)


@lru_cache(maxsize=4)
def _first_name_genders(locale: str) -> tuple[frozenset[str], frozenset[str]]:
    """Known male and female first names (lower case), from Faker's person provider."""
    person = _faker(locale).provider("faker.providers.person")
    male = {n.lower() for n in getattr(person, "first_names_male", ())}
    female = {n.lower() for n in getattr(person, "first_names_female", ())}
    return frozenset(male), frozenset(female)


@lru_cache(maxsize=1)
def _real_cities() -> tuple[str, ...]:
    """Real city names (GeoNames via the shipped lexicon): surrogates that read like places.

    Faker's invented towns ("Johnsonmouth") look fake to a reader and to a tagger
    trained on the output; real names do not, and a real city that happens to be
    someone's home town reveals nothing, because the choice is random.
    """
    from importlib import resources

    text = resources.files("phisift").joinpath("data/lexicons/cities_major.txt").read_text(encoding="utf-8")
    return tuple(c for c in text.splitlines() if c.isascii() and c[:1].isupper())


def match_case(template: str, word: str) -> str:
    """Write ``word`` in the case pattern of ``template`` (UPPER, lower, Title)."""
    letters = [c for c in template if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    if letters and all(c.islower() for c in letters):
        return word.lower()
    return word[:1].upper() + word[1:] if letters and letters[0].isupper() else word


def reshape(original: str, rng: random.Random) -> str:
    """Same length and character classes: digits for digits, letters for letters.

    Separators, spaces and punctuation stay, so an MRN, phone, ZIP or account number
    keeps its pattern. The result never equals the original.
    """
    for _ in range(10):
        out = []
        for c in original:
            if c.isdigit():
                out.append(rng.choice(string.digits))
            elif c.isalpha() and c.isascii():
                pool = string.ascii_uppercase if c.isupper() else string.ascii_lowercase
                out.append(rng.choice(pool))
            else:
                out.append(c)
        result = "".join(out)
        if result != original or not any(ch.isalnum() for ch in original):
            return result
    return result


@dataclass
class SurrogateMaker:
    """Makes surrogates for one secret key; ``make`` is the only entry point."""

    secret: Secret
    locale: str = "en_US"
    dayfirst: bool = False
    min_shift_days: int = 1
    max_shift_days: int = 365
    age_cap: int = 89

    def rng(self, *parts: str) -> random.Random:
        return random.Random(self.secret.seed(*parts))

    def date_offset(self, patient: str) -> int:
        """A non-zero day shift in +-[min, max], fixed for the patient by the key."""
        r = self.rng("date-offset", patient)
        days = r.randint(self.min_shift_days, self.max_shift_days)
        return days if r.random() < 0.5 else -days

    def make(self, label: str, original: str, patient: str, avoid: frozenset[str] = frozenset()) -> str:
        """The surrogate of one span; ``avoid``: lower-cased words a name surrogate must not be
        (the note's own PHI words)."""
        if label in _NAME_LABELS:
            return self._name(label, original, patient, avoid)
        handler = _HANDLERS.get(label, SurrogateMaker._shape)
        return handler(self, label, original, patient)

    # --- per label -------------------------------------------------------------
    def _name(self, label: str, original: str, patient: str, avoid: frozenset[str] = frozenset()) -> str:
        """Word by word, keyed by (patient, word): "John Smith", "SMITH, JOHN" and "Mr. Smith" agree.

        A draw that is the word itself or another PHI word of the note (``avoid``) is
        replaced by the next draw of the same seeded stream, so the choice stays
        deterministic; only in the rare note where the first draw collides does the
        surrogate differ from the patient's usual one.
        """
        fake = _faker(self.locale)
        male, female = _first_name_genders(self.locale)
        words = list(_WORD.finditer(original))
        comma = original.find(",")
        out, cursor = [], 0
        for i, m in enumerate(words):
            word = m.group()
            out.append(original[cursor : m.start()])
            cursor = m.end()
            key = word.lower()
            r = self.rng("name", patient, key)
            fake.seed_instance(r.getrandbits(64))
            if len(word) == 1:  # an initial
                out.append(match_case(word, r.choice(string.ascii_uppercase)))
                continue
            is_last = (comma >= 0 and m.start() < comma) or (comma < 0 and i == len(words) - 1 and len(words) > 1)
            if not is_last and key in male:
                new = fake.first_name_male()
            elif not is_last and key in female:
                new = fake.first_name_female()
            elif not is_last and (key in male or key in female or len(words) > 1):
                new = fake.first_name()
            else:
                new = fake.last_name()
            for _ in range(20):  # never the original name itself, nor another PHI word of the note
                if new.lower() != key and new.lower() not in avoid:
                    break
                new = fake.last_name() if new[:1] and is_last else fake.first_name()
            out.append(match_case(word, new))
        out.append(original[cursor:])
        return "".join(out)

    def _date(self, label: str, original: str, patient: str) -> str:
        shifted = shift_date_text(original, self.date_offset(patient), self.dayfirst)
        if shifted is not None:
            return shifted
        return reshape(original, self.rng("date", patient, original.lower()))

    def _age(self, label: str, original: str, patient: str) -> str:
        digits = re.search(r"\d+", original)
        if digits and int(digits.group()) > self.age_cap:
            return original[: digits.start()] + str(self.age_cap + 1) + original[digits.end() :]
        return original  # ages up to 89 are not Safe Harbor identifiers

    def _hospital(self, label: str, original: str, patient: str) -> str:
        fake = _faker(self.locale)
        fake.seed_instance(self.secret.seed(label, patient, original.lower()))
        head = re.search(
            r"\b(hospital|medical center|health center|clinic|infirmary|health system|healthcare|"
            r"nursing home|rehab\w*|center|institute|university|college|school)\b.*$",
            original,
            re.IGNORECASE,
        )
        base = fake.last_name() if label == "HOSPITAL" else fake.company().split(",")[0]
        if head:
            return match_case(original, f"{base} {head.group()}") if original.isupper() else f"{base} {head.group()}"
        return match_case(original, base + (" Hospital" if label == "HOSPITAL" else ""))

    def _email(self, label: str, original: str, patient: str) -> str:
        fake = _faker(self.locale)
        fake.seed_instance(self.secret.seed(label, patient, original.lower()))
        return fake.user_name() + "@" + fake.free_email_domain()

    def _url(self, label: str, original: str, patient: str) -> str:
        fake = _faker(self.locale)
        fake.seed_instance(self.secret.seed(label, patient, original.lower()))
        url = fake.url()
        if not original.lower().startswith("http"):
            url = re.sub(r"^https?://", "", url).rstrip("/")
        return url

    def _ip(self, label: str, original: str, patient: str) -> str:
        fake = _faker(self.locale)
        fake.seed_instance(self.secret.seed(label, patient, original.lower()))
        return fake.ipv6() if ":" in original else fake.ipv4_private()

    def _city(self, label: str, original: str, patient: str) -> str:
        cities = _real_cities()
        city = self.rng(label, patient, original.lower()).choice(cities)
        return match_case(original, city)

    def _shape(self, label: str, original: str, patient: str) -> str:
        return reshape(original, self.rng("shape", label, patient, original))


def _faker_field(method: str):
    """A handler that draws one Faker field, seeded by the key, patient and original."""

    def handler(self: SurrogateMaker, label: str, original: str, patient: str) -> str:
        fake = _faker(self.locale)
        fake.seed_instance(self.secret.seed(label, patient, original.lower()))
        if label == "STATE" and len(original.strip(". ")) == 2:
            return fake.state_abbr()
        return match_case(original, str(getattr(fake, method)()))

    return handler


_HANDLERS = {
    "PATIENT": SurrogateMaker._name,
    "DOCTOR": SurrogateMaker._name,
    "DATE": SurrogateMaker._date,
    "AGE": SurrogateMaker._age,
    "HOSPITAL": SurrogateMaker._hospital,
    "ORGANIZATION": SurrogateMaker._hospital,
    "EMAIL": SurrogateMaker._email,
    "URL": SurrogateMaker._url,
    "IPADDR": SurrogateMaker._ip,
    "CITY": SurrogateMaker._city,
    "STATE": _faker_field("state"),
    "COUNTRY": _faker_field("country"),
    "STREET": _faker_field("street_address"),
    "LOCATION-OTHER": _faker_field("city"),
    "PROFESSION": _faker_field("job"),
    "USERNAME": _faker_field("user_name"),
}
_NAME_LABELS = frozenset(label for label, handler in _HANDLERS.items() if handler is SurrogateMaker._name)


def note_words(text: str, spans) -> frozenset[str]:
    """The lower-cased words inside a note's PHI spans: what no name surrogate of that note may be."""
    return frozenset(w.lower() for s in spans for w in _WORD.findall(text[s.start : s.end]))
