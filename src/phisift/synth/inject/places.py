"""Addresses and institutions in the forms real notes and letters write them.

Addresses: unit parts ("Apt. 450", "Flat 2", "Suite 300"), streets without a
house number, streets named like people ("Barbara Flat"), two-letter state
codes that are English words with the ZIP after them, US territories, long
country names, non-US postcodes and multi-line international addresses.
Institutions: acronyms and short names with no head word, "St. X's ...",
"Children's Hospital of X", laboratories, courts, ministries and companies.
"""

from __future__ import annotations

from .people import WORD_FIRST, ascii_fold, first_last
from .phrase import Ctx, Phrase, lit, phi

#: US state codes that read as words or abbreviations in prose.
WORD_STATES = {
    "IN": "Indianapolis", "ME": "Bangor", "MD": "Baltimore", "OR": "Eugene", "OK": "Tulsa", "HI": "Hilo",
    "OH": "Dayton", "PA": "Erie", "AL": "Mobile", "DE": "Dover", "LA": "Shreveport", "MA": "Lowell",
    "CO": "Pueblo", "ID": "Boise", "MO": "Joplin", "AS": "Pago Pago", "GA": "Macon", "NE": "Omaha",
}
#: Freely associated states and territories with their ZIPs' first digits.
TERRITORIES = (("FM", "Kolonia", "9694"), ("MH", "Majuro", "9696"), ("PW", "Koror", "9694"),
               ("GU", "Hagatna", "9691"), ("MP", "Saipan", "9695"), ("VI", "Charlotte Amalie", "0080"))
LONG_COUNTRIES = (
    "Saint Vincent and the Grenadines", "Bosnia and Herzegovina", "Democratic Republic of the Congo",
    "Trinidad and Tobago", "Papua New Guinea", "United Arab Emirates", "Sao Tome and Principe",
    "Antigua and Barbuda", "Central African Republic", "Saint Kitts and Nevis", "Dominican Republic",
    "Republic of Moldova", "United Kingdom of Great Britain and Northern Ireland", "Equatorial Guinea",
    "Turks and Caicos Islands", "Federated States of Micronesia", "Lao People's Democratic Republic",
)
SHORT_COUNTRIES = ("Mexico", "Poland", "Ireland", "Vietnam", "Brazil", "Germany", "India", "Nigeria",
                   "Guatemala", "Haiti", "Finland", "Turkey", "Somalia", "Ukraine", "Peru", "Laos")
#: Country of each locale, for international addresses.
LOCALE_COUNTRY = {
    "en_GB": "United Kingdom", "en_IE": "Ireland", "en_IN": "India", "en_AU": "Australia", "en_CA": "Canada",
    "de_DE": "Germany", "fr_FR": "France", "es_ES": "Spain", "es_MX": "Mexico", "pt_BR": "Brazil",
    "pl_PL": "Poland", "nl_NL": "Netherlands", "fi_FI": "Finland", "sv_SE": "Sweden", "da_DK": "Denmark",
    "cs_CZ": "Czech Republic", "tr_TR": "Turkey", "vi_VN": "Vietnam",
}
#: Locales whose postcode comes before the city ("75001 Paris").
POSTCODE_FIRST = {"de_DE", "fr_FR", "es_ES", "pl_PL", "nl_NL", "fi_FI", "sv_SE", "da_DK", "cs_CZ", "pt_BR"}
UNIT_PARTS = ("Apt. {n}", "Apt {n}", "Suite {n}", "Unit {n}", "#{n}", "Flat {n}", "Ste {n}", "Apartment {n}",
              "Rm {n}", "Lot {n}", "Trlr {n}", "Bldg {c}, Apt {n}")
STREET_KINDS = ("Flat", "Curve", "Lane", "Way", "Court", "Crossing", "Hollow", "Ridge", "Park", "Point",
                "Drive", "Road", "Street", "Place", "Terrace", "Row", "Gardens", "Close", "Mews", "Pike")

FAMOUS_HOSPITALS = (
    "OHSU", "UCSF", "MUSC", "UPMC", "NYU Langone", "Cedars-Sinai", "Johns Hopkins", "UCLA Med Ctr",
    "Mass General", "Mayo", "Sloan Kettering", "Brigham", "Beth Israel Deaconess", "Kaiser Permanente",
    "Ochsner", "Geisinger", "Intermountain", "Vanderbilt", "Hopkins", "Sinai", "Baylor Scott & White",
    "Penn Medicine", "Northwestern Memorial", "Henry Ford", "Stanford Health Care", "Duke",
)
SAINTS = ("Agnes", "Brigid", "Luke", "Jude", "Vincent", "Mary", "Joseph", "Elizabeth", "Francis", "Anthony",
          "Catherine", "Clare", "Patrick", "Rita", "Bernard", "Dominic", "Thomas", "Margaret")
SAINT_TAILS = ("", " Hospital", " Medical Center", " Regional", " Health", " Infirmary", " Mercy Hospital")
LAB_TAILS = ("Reference Laboratory", "Pathology Lab", "Diagnostics", "BioLabs", "Clinical Labs",
             "Genomics", "Imaging", "Toxicology Services")
COURT_FORMS = ("Superior Court of {place} County", "{place} District Court", "Family Court of {place}",
               "{place} County Circuit Court", "Court of Appeal of {place}", "{place} Magistrates' Court")
MINISTRIES = ("Ministry of Health of {country}", "{country} Ministry of Labour",
              "Department of Social Services of {place}", "{place} Department of Health",
              "Ministry of Interior of {country}")


def _city(ctx: Ctx, locale: str) -> str:
    return ascii_fold(ctx.faker(locale).city()) if ctx.chance(0.5) else ctx.faker(locale).city()


def _zip(ctx: Ctx, first: str = "") -> str:
    digits = first + "".join(str(ctx.rng.randrange(10)) for _ in range(5 - len(first)))
    return digits + (f"-{ctx.rng.randrange(10000):04d}" if ctx.chance(0.2) else "")


def _unit(ctx: Ctx) -> str:
    return ctx.pick(UNIT_PARTS).format(n=ctx.rng.randrange(1, 2400), c=ctx.pick("ABCDEFG"))


def us_address(ctx: Ctx) -> Phrase:
    """"2837 Miller Dam Apt. 450, Boise, ID 83701" with a state code that reads as a word."""
    fk = ctx.faker("en_US")
    street = f"{fk.building_number()} {fk.street_name()}"
    form = "us_plain"
    if ctx.chance(0.6):
        street, form = f"{street} {_unit(ctx)}", "apt_part"
    if ctx.chance(0.7):
        state, city = ctx.pick(sorted(WORD_STATES.items()))
        zip_code, form = _zip(ctx), f"{form}+word_state"
    else:
        state, city = fk.state_abbr(), fk.city()
        zip_code = fk.zipcode()
    sep = ctx.pick((", ", ", ", "\n", "  "))
    return (phi(street, "STREET", "address", form), lit(sep), phi(city, "CITY", "address", form), lit(", "),
            phi(state, "STATE", "address", form), lit(ctx.pick((" ", "  "))), phi(zip_code, "ZIP", "address", form))


def territory_address(ctx: Ctx) -> Phrase:
    code, town, prefix = ctx.pick(TERRITORIES)
    fk = ctx.faker("en_US")
    return (lit("PO Box " if ctx.chance(0.5) else ""),) + (
        (phi(f"{fk.building_number()} {fk.street_name()}", "STREET", "address", "territory"), lit(", "))
        if ctx.chance(0.5) else ()
    ) + (phi(town, "CITY", "address", "territory"), lit(", "), phi(code, "STATE", "address", "territory"),
         lit(" "), phi(_zip(ctx, prefix), "ZIP", "address", "territory"))


def street_only(ctx: Ctx) -> Phrase:
    """A street without a house number ("Alex Curve"), often named like a person."""
    if ctx.chance(0.6):
        first = ctx.pick(WORD_FIRST) if ctx.chance(0.3) else ascii_fold(first_last(ctx)[0])
        return (phi(f"{first} {ctx.pick(STREET_KINDS)}", "STREET", "address", "person_named_street"),)
    return (phi(ctx.faker(ctx.pick(("en_US", "en_GB", "en_AU"))).street_name(), "STREET", "address", "no_number"),)


def intl_address(ctx: Ctx) -> Phrase:
    """A multi-line international address with its own postcode shape and country line."""
    loc = ctx.pick(sorted(LOCALE_COUNTRY))
    fk = ctx.faker(loc)
    street = f"{fk.street_name()} {fk.building_number()}" if loc in POSTCODE_FIRST else fk.street_address()
    street = street.replace("\n", ", ")
    lines: list = []
    if loc in ("en_GB", "en_IE") and ctx.chance(0.6):
        lines += [phi(f"Flat {ctx.rng.randrange(1, 40)}", "STREET", "address", "flat_line"), lit("\n")]
    city, post = _city(ctx, loc), fk.postcode()
    lines += [phi(street, "STREET", "address", "intl_multiline"), lit("\n")]
    if loc in POSTCODE_FIRST:
        lines += [phi(post, "ZIP", "address", "nonus_postcode"), lit(" "),
                  phi(city, "CITY", "address", "intl_multiline")]
    else:
        lines += [phi(city, "CITY", "address", "intl_multiline"), lit("\n" if ctx.chance(0.5) else " "),
                  phi(post, "ZIP", "address", "nonus_postcode")]
    country = LOCALE_COUNTRY[loc]
    if ctx.chance(0.7):
        shown = country.upper() if ctx.chance(0.3) else country
        lines += [lit("\n"), phi(shown, "COUNTRY", "address", "intl_multiline")]
    return tuple(lines)


def country(ctx: Ctx) -> Phrase:
    if ctx.chance(0.7):
        return (phi(ctx.pick(LONG_COUNTRIES), "COUNTRY", "address", "long_country"),)
    return (phi(ctx.pick(SHORT_COUNTRIES), "COUNTRY", "address", "country"),)


def city(ctx: Ctx) -> Phrase:
    loc = ctx.locale()
    return (phi(_city(ctx, loc), "CITY", "address", "city"),)


def address(ctx: Ctx) -> Phrase:
    roll = ctx.rng.random()
    if roll < 0.45:
        return us_address(ctx)
    if roll < 0.55:
        return territory_address(ctx)
    return intl_address(ctx)


def _surname(ctx: Ctx) -> str:
    return ascii_fold(first_last(ctx)[1])


def hospital(ctx: Ctx) -> Phrase:
    """A hospital: famous short names and acronyms, St. X's, Children's Hospital of X, made-up acronyms."""
    roll = ctx.rng.random()
    if roll < 0.3:
        return (phi(ctx.pick(FAMOUS_HOSPITALS), "HOSPITAL", "institution", "acronym_or_short"),)
    if roll < 0.5:
        st = ctx.pick(("St.", "St", "Saint", "ST."))
        tail = ctx.pick(SAINT_TAILS)
        return (phi(f"{st} {ctx.pick(SAINTS)}'s{tail}", "HOSPITAL", "institution", "saint_x"),)
    place = _city(ctx, ctx.pick(("en_US", "en_GB", "en_CA", "en_AU")))
    if roll < 0.65:
        return (phi(f"Children's Hospital of {place}", "HOSPITAL", "institution", "childrens_of_x"),)
    if roll < 0.8:
        letters = "".join(ctx.pick("ABCDEFGHJKLMNPRSTVW") for _ in range(ctx.rng.randrange(2, 4)))
        return (phi(letters + ctx.pick(("MC", "H", "RMC", "MH", "CH")), "HOSPITAL", "institution", "made_acronym"),)
    if roll < 0.9:
        return (phi(f"{_surname(ctx)}-{_surname(ctx)}", "HOSPITAL", "institution", "no_head_word"),)
    return (phi(f"{place} {ctx.pick(('General', 'Memorial', 'Community', 'Regional Medical Center'))}",
                "HOSPITAL", "institution", "place_general"),)


def organization(ctx: Ctx) -> Phrase:
    """A non-hospital organisation: laboratory, court, ministry or company."""
    kind = ctx.pick(("lab", "court", "ministry", "company", "company"))
    loc = ctx.locale()
    place = _city(ctx, loc)
    if kind == "lab":
        text = f"{_surname(ctx)} {ctx.pick(LAB_TAILS)}"
    elif kind == "court":
        text = ctx.pick(COURT_FORMS).format(place=place)
    elif kind == "ministry":
        text = ctx.pick(MINISTRIES).format(place=place, country=ctx.pick(LONG_COUNTRIES + SHORT_COUNTRIES))
    else:
        text = ctx.faker(loc).company().replace("\n", " ")
    return (phi(text, "ORGANIZATION", "institution", kind),)
