"""Countries as English-language judgments write them: names, places, courts, bodies (bench/make_court.py).

Written from general knowledge of how judgments of the European Court of Human Rights and
of UK, Irish, US, Indian and Australian courts name people, places and bodies; no judgment
text was read to write it. Names come from Faker (Latin-script locales) or, for countries
whose Faker locale writes another script, from Faker's names transliterated the way English
judgments transliterate them (Cyrillic, Greek, Georgian). Place names are real towns,
provinces and districts; villages and streets are drawn from Faker or made up.
"""

from __future__ import annotations

from dataclasses import dataclass

CYRILLIC = dict(zip(
    "абвгдезийклмнопрстуфцыэіїєґ",
    ["a", "b", "v", "g", "d", "e", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f", "ts",
     "y", "e", "i", "yi", "ye", "g"]))
CYRILLIC.update({"ё": "yo", "ж": "zh", "х": "kh", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ь": "", "ю": "yu",
                 "я": "ya", "'": "", "ʼ": ""})
GREEK = dict(zip("αβγδεζηθικλμνξοπρστυφχψωάέήίόύώςϊΐϋΰ",
                 ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s", "t",
                  "y", "f", "ch", "ps", "o", "a", "e", "i", "i", "o", "y", "o", "s", "i", "i", "y", "y"]))
GEORGIAN = dict(zip("აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
                    ["a", "b", "g", "d", "e", "v", "z", "t", "i", "k", "l", "m", "n", "o", "p", "zh", "r", "s", "t",
                     "u", "p", "k", "gh", "q", "sh", "ch", "ts", "dz", "ts", "ch", "kh", "j", "h"]))


def translit(text: str, table: dict[str, str]) -> str:
    out = []
    for ch in text:
        low = ch.lower()
        rep = table.get(low)
        if rep is None:
            out.append(ch)
        else:
            out.append(rep.capitalize() if ch != low and rep else rep)
    word = "".join(out)
    return word[:1].upper() + word[1:]


@dataclass(frozen=True)
class Profile:
    """One respondent State (or common-law jurisdiction) and how its judgments name things."""

    key: str
    country: str  # as the judgment names the respondent ("Turkey", "the Russian Federation")
    adjective: str  # nationality, neutral in the gold
    locale: str
    script: dict | None
    cities: tuple[str, ...]
    regions: tuple[str, ...]  # provinces, regions, oblasts, counties, states
    courts: tuple[str, ...]  # "{city}" is the town's place; "{n}" an ordinal number
    national: tuple[str, ...]  # courts and bodies the country has one of
    police: tuple[str, ...]
    prisons: tuple[str, ...]
    company: tuple[str, ...]  # suffixes
    style: str = "echr"  # echr | uk | us | in | au | ie


TR = Profile(
    "tr", "Turkey", "Turkish", "tr_TR", None,
    ("Ankara", "Istanbul", "İzmir", "Diyarbakır", "Şırnak", "Van", "Batman", "Hakkari", "Mardin", "Tunceli",
     "Bingöl", "Erzurum", "Malatya", "Adana", "Bursa", "Kocaeli", "Siirt", "Muş", "Elazığ", "Kars", "Ağrı",
     "Gaziantep", "Şanlıurfa", "Kahramanmaraş", "Trabzon", "Samsun", "Konya", "Eskişehir", "Kayseri", "Mersin"),
    ("Diyarbakır province", "Hakkari province", "Şırnak province", "Tunceli province", "Van province"),
    ("{city} State Security Court", "{city} Assize Court", "{city} {n} Assize Court", "{city} Criminal Court of First Instance",
     "{city} Magistrates' Court", "{city} Administrative Court", "{city} Chief Public Prosecutor's Office",
     "{city} Public Prosecutor's Office", "{city} Civil Court of First Instance", "{city} Labour Court",
     "{city} Cadastral Court", "{city} {n} Civil Court of General Jurisdiction"),
    ("Court of Cassation", "Supreme Administrative Court", "Constitutional Court", "Ministry of the Interior",
     "Ministry of Justice", "General Directorate of Security", "Turkish Grand National Assembly",
     "Supreme Council of Judges and Prosecutors", "Social Security Institution"),
    ("{city} Security Directorate", "{city} Central Police Station", "{city} Gendarmerie Command",
     "{city} Provincial Gendarmerie Command", "anti-terror branch of the {city} Security Directorate"),
    ("{city} E-type Prison", "{city} F-type Prison", "{city} Closed Prison", "{city} Prison"),
    ("A.Ş.", "Ltd. Şti.", "Holding A.Ş.", "İnşaat A.Ş."),
)
RU = Profile(
    "ru", "Russia", "Russian", "ru_RU", CYRILLIC,
    ("Moscow", "St Petersburg", "Grozny", "Nazran", "Vladikavkaz", "Yekaterinburg", "Novosibirsk", "Samara", "Tver",
     "Kazan", "Rostov-on-Don", "Krasnodar", "Nizhniy Novgorod", "Perm", "Omsk", "Urus-Martan", "Shali", "Argun",
     "Gudermes", "Achkhoy-Martan", "Vladivostok", "Irkutsk", "Chelyabinsk", "Saratov", "Voronezh", "Kaliningrad"),
    ("Chechen Republic", "Republic of Ingushetia", "Republic of Dagestan", "Moscow Region", "Krasnodar Region",
     "Sverdlovsk Region", "Tver Region", "Leningrad Region", "Rostov Region"),
    ("{city} District Court", "{city} Regional Court", "{city} City Court", "Leninskiy District Court of {city}",
     "Oktyabrskiy District Court of {city}", "{city} Town Court", "{city} Garrison Military Court",
     "{city} District Prosecutor's Office", "{city} Regional Prosecutor's Office", "Justice of the Peace of {city}"),
    ("Supreme Court of Russia", "Prosecutor General's Office", "Federal Security Service", "Ministry of the Interior",
     "Ministry of Finance", "Federal Penitentiary Service", "Investigative Committee", "Constitutional Court"),
    ("{city} District Department of the Interior", "{city} ROVD", "{city} Town Police Department",
     "{city} police station", "Department of the Interior of {city}"),
    ("remand prison IZ-{n}/1 in {city}", "{city} remand centre", "correctional colony IK-{n} in {city}",
     "{city} temporary detention facility"),
    ("OOO", "ZAO", "OAO", "LLC"),
)
UA = Profile(
    "ua", "Ukraine", "Ukrainian", "uk_UA", CYRILLIC,
    ("Kyiv", "Kharkiv", "Odesa", "Lviv", "Dnipropetrovsk", "Donetsk", "Zaporizhzhya", "Simferopol", "Mykolayiv",
     "Poltava", "Chernihiv", "Luhansk", "Sumy", "Vinnytsya", "Zhytomyr", "Kherson", "Ivano-Frankivsk", "Uzhgorod"),
    ("Kharkiv Region", "Donetsk Region", "Lviv Region", "Odesa Region", "Autonomous Republic of Crimea"),
    ("{city} Court of Appeal", "{city} Regional Court of Appeal", "Shevchenkivskyy District Court of {city}",
     "Pecherskyy District Court of {city}", "{city} Commercial Court", "{city} District Administrative Court",
     "{city} Prosecutor's Office", "{city} Town Prosecutor's Office", "Leninskyy District Court of {city}"),
    ("Supreme Court of Ukraine", "Higher Administrative Court", "Higher Specialised Civil and Criminal Court",
     "Prosecutor General's Office", "Security Service of Ukraine", "State Treasury", "Verkhovna Rada"),
    ("{city} Police Department", "{city} District Police Department", "{city} Regional Police Department"),
    ("{city} SIZO", "{city} Pre-Trial Detention Centre", "{city} Correctional Colony no. {n}"),
    ("TOV", "LLC", "PAT", "VAT"),
)
PL = Profile(
    "pl", "Poland", "Polish", "pl_PL", None,
    ("Warszawa", "Kraków", "Łódź", "Wrocław", "Poznań", "Gdańsk", "Szczecin", "Lublin", "Białystok", "Katowice",
     "Rzeszów", "Olsztyn", "Kielce", "Toruń", "Bydgoszcz", "Opole", "Gliwice", "Radom", "Płock", "Zielona Góra"),
    ("Mazowieckie Province", "Małopolska Region", "Silesia", "Pomorskie Province"),
    ("{city} District Court", "{city} Regional Court", "{city} Court of Appeal", "Regional Court of {city}",
     "District Court of {city}", "{city} Regional Administrative Court", "{city} District Prosecutor",
     "{city} Regional Prosecutor's Office", "{city}-Śródmieście District Court", "{city}-Mokotów District Court"),
    ("Supreme Court", "Constitutional Court", "Supreme Administrative Court", "Ministry of Justice",
     "Social Security Board", "Central Board of Prison Service"),
    ("{city} Police Headquarters", "{city} Municipal Police", "{city} Regional Police Headquarters"),
    ("{city} Remand Centre", "{city} Prison", "{city} Detention Centre"),
    ("Sp. z o.o.", "S.A.", "sp.j."),
)
RO = Profile(
    "ro", "Romania", "Romanian", "ro_RO", None,
    ("Bucharest", "Cluj-Napoca", "Iaşi", "Timişoara", "Constanţa", "Craiova", "Braşov", "Galaţi", "Ploieşti",
     "Oradea", "Bacău", "Piteşti", "Arad", "Sibiu", "Târgu Mureş", "Baia Mare", "Buzău", "Suceava", "Focşani"),
    ("Cluj County", "Iaşi County", "Prahova County", "Argeş County", "Bihor County"),
    ("{city} District Court", "{city} County Court", "{city} Court of Appeal", "{city} Court of First Instance",
     "Prosecutor's Office attached to the {city} County Court", "{city} Military Court",
     "{city} {n} District Court", "Bucharest County Court"),
    ("High Court of Cassation and Justice", "Supreme Court of Justice", "National Anticorruption Directorate",
     "Ministry of Public Finance", "National Authority for the Restitution of Property", "Superior Council of Magistracy"),
    ("{city} Police Department", "{city} County Police Inspectorate", "{city} police station no. {n}"),
    ("{city} Prison", "Jilava Prison", "Rahova Prison", "{city} Penitentiary Hospital"),
    ("S.R.L.", "S.A.", "SC {name} SRL"),
)
IT = Profile(
    "it", "Italy", "Italian", "it_IT", None,
    ("Rome", "Milan", "Naples", "Turin", "Palermo", "Genoa", "Bologna", "Florence", "Bari", "Catania", "Venice",
     "Reggio Calabria", "Messina", "Verona", "Padua", "Trieste", "Brescia", "Salerno", "Perugia", "L'Aquila"),
    ("Sicily", "Calabria", "Campania", "Lombardy", "Piedmont", "Apulia"),
    ("{city} District Court", "{city} Court of Appeal", "{city} Magistrate", "{city} Regional Administrative Court",
     "{city} Court of Assizes", "{city} Public Prosecutor's Office", "{city} Court of Audit",
     "{city} Preliminary Investigations Judge", "{city} Youth Court"),
    ("Court of Cassation", "Consiglio di Stato", "Constitutional Court", "Ministry of Justice",
     "Ministry of Economy and Finance", "National Social Security Institute", "Carabinieri"),
    ("{city} Police Headquarters", "{city} carabinieri station", "{city} Questura"),
    ("{city} Prison", "Rebibbia Prison", "Regina Coeli Prison", "{city} prison"),
    ("S.p.A.", "S.r.l.", "S.n.c."),
)
FR = Profile(
    "fr", "France", "French", "fr_FR", None,
    ("Paris", "Marseilles", "Lyons", "Toulouse", "Nice", "Nantes", "Strasbourg", "Montpellier", "Bordeaux", "Lille",
     "Rennes", "Reims", "Grenoble", "Dijon", "Angers", "Nîmes", "Rouen", "Versailles", "Metz", "Besançon"),
    ("Alpes-Maritimes", "Bas-Rhin", "Gironde", "Seine-Saint-Denis", "Hauts-de-Seine"),
    ("{city} tribunal de grande instance", "{city} Court of Appeal", "{city} Criminal Court", "{city} Administrative Court",
     "{city} Administrative Court of Appeal", "{city} Assize Court", "{city} Employment Tribunal",
     "Investigation Division of the {city} Court of Appeal", "{city} public prosecutor"),
    ("Court of Cassation", "Conseil d'État", "Conseil constitutionnel", "Ministry of the Interior",
     "Ministry of Justice", "Préfecture de police", "National Consultative Commission on Human Rights"),
    ("{city} police station", "{city} gendarmerie", "{city} Criminal Investigation Department"),
    ("{city} Prison", "Fleury-Mérogis Prison", "Fresnes Prison", "{city}-Nord Prison"),
    ("S.A.", "SARL", "SAS"),
)
GR = Profile(
    "gr", "Greece", "Greek", "el_GR", GREEK,
    ("Athens", "Thessaloniki", "Patras", "Heraklion", "Larissa", "Volos", "Ioannina", "Piraeus", "Kavala", "Chania",
     "Komotini", "Xanthi", "Kalamata", "Rhodes", "Corfu", "Serres", "Lamia", "Kozani"),
    ("Attica", "Crete", "Thrace", "Macedonia", "Thessaly"),
    ("{city} Court of First Instance", "{city} Court of Appeal", "{city} Criminal Court", "{city} Administrative Court",
     "{city} Administrative Court of Appeal", "{city} Public Prosecutor", "{city} Misdemeanours Court",
     "{city} Indictment Division", "{city} Mixed Jury Court"),
    ("Court of Cassation", "Supreme Administrative Court", "Court of Audit", "Ministry of Public Order",
     "Ministry of Finance", "Ministry of Education and Religious Affairs", "Greek Ombudsman", "Legal Council of State"),
    ("{city} Police Headquarters", "{city} police station", "{city} Aliens Department"),
    ("{city} Prison", "Korydallos Prison", "{city} Holding Centre"),
    ("A.E.", "E.P.E.", "S.A."),
)
GE = Profile(
    "ge", "Georgia", "Georgian", "ka_GE", GEORGIAN,
    ("Tbilisi", "Kutaisi", "Batumi", "Rustavi", "Zugdidi", "Gori", "Poti", "Telavi", "Akhaltsikhe", "Samtredia",
     "Zestafoni", "Marneuli"),
    ("Adjara", "Kakheti", "Imereti", "Samegrelo", "Shida Kartli"),
    ("{city} City Court", "{city} Regional Court", "{city} Court of Appeal", "Tbilisi Court of Appeal",
     "{city} District Court", "{city} Prosecutor's Office", "{city} District Prosecutor's Office"),
    ("Supreme Court of Georgia", "Constitutional Court of Georgia", "Chief Public Prosecutor's Office",
     "Ministry of Internal Affairs", "Ministry of Corrections", "Public Defender's Office"),
    ("{city} police department", "{city} City Police Department", "{city} Regional Police Department"),
    ("Tbilisi Prison no. {n}", "{city} Prison", "Rustavi Prison no. {n}", "Gldani Prison"),
    ("LLC", "JSC", "Ltd"),
)
AZ = Profile(
    "az", "Azerbaijan", "Azerbaijani", "az_AZ", None,
    ("Baku", "Ganja", "Sumgayit", "Mingachevir", "Lankaran", "Shaki", "Nakhchivan", "Shirvan", "Yevlakh", "Quba",
     "Khachmaz", "Shamakhi", "Gusar", "Goychay", "Barda"),
    ("Nakhchivan Autonomous Republic", "Absheron District", "Khatai District"),
    ("{city} City Court", "{city} Court of Appeal", "Yasamal District Court", "Nasimi District Court",
     "Sabail District Court", "{city} District Court", "Baku Court of Appeal", "Baku Court of Serious Crimes",
     "{city} City Prosecutor's Office"),
    ("Supreme Court", "Constitutional Court", "Ministry of National Security", "Ministry of Internal Affairs",
     "Prosecutor General's Office", "Central Electoral Commission", "Milli Majlis"),
    ("{city} City Police Office", "{city} District Police Office", "Police Station no. {n} of the {city} District Police Office"),
    ("Baku Pre-Trial Detention Facility", "{city} Prison", "Penal Colony no. {n}"),
    ("LLC", "OJSC", "MMC"),
)
GB = Profile(
    "gb", "the United Kingdom", "British", "en_GB", None,
    ("London", "Manchester", "Birmingham", "Leeds", "Liverpool", "Bristol", "Cardiff", "Belfast", "Glasgow",
     "Edinburgh", "Sheffield", "Newcastle", "Nottingham", "Leicester", "Swansea", "Exeter", "Norwich", "Oxford"),
    ("Kent", "Essex", "Yorkshire", "Lancashire", "Surrey", "Devon", "Northern Ireland", "Scotland", "Wales"),
    ("{city} Crown Court", "{city} County Court", "{city} Magistrates' Court", "{city} Employment Tribunal",
     "{city} Youth Court", "{city} Family Court", "{city} City Council", "{city} Borough Council", "{city} Coroner's Court"),
    ("Court of Appeal", "High Court", "Supreme Court", "House of Lords", "Home Office", "Crown Prosecution Service",
     "Ministry of Justice", "Parole Board", "Independent Police Complaints Commission", "Legal Aid Agency"),
    ("{city} Police", "{city} police station", "{city} Constabulary", "Metropolitan Police"),
    ("HMP {city}", "{city} Prison", "HMP Belmarsh", "HMP Wandsworth", "HM Prison {city}"),
    ("Ltd", "plc", "LLP", "Limited"),
    "uk",
)
IE = Profile(
    "ie", "Ireland", "Irish", "en_IE", None,
    ("Dublin", "Cork", "Limerick", "Galway", "Waterford", "Drogheda", "Dundalk", "Sligo", "Kilkenny", "Athlone",
     "Tralee", "Ennis", "Letterkenny", "Naas", "Carlow", "Wexford", "Mullingar", "Castlebar"),
    ("County Cork", "County Kerry", "County Donegal", "County Mayo", "County Clare", "County Meath"),
    ("{city} Circuit Court", "{city} District Court", "Circuit Court in {city}", "District Court in {city}"),
    ("High Court", "Court of Appeal", "Supreme Court", "Special Criminal Court", "Director of Public Prosecutions",
     "Minister for Justice and Equality", "Refugee Appeals Tribunal", "Residential Institutions Redress Board"),
    ("{city} Garda Station", "Garda Síochána", "{city} Garda District"),
    ("Mountjoy Prison", "{city} Prison", "Cloverhill Prison", "Wheatfield Prison", "Castlerea Prison"),
    ("Ltd", "Limited", "DAC", "plc"),
    "ie",
)
IN = Profile(
    "in", "India", "Indian", "en_IN", None,
    ("New Delhi", "Mumbai", "Chennai", "Kolkata", "Bangalore", "Hyderabad", "Lucknow", "Patna", "Jaipur", "Bhopal",
     "Chandigarh", "Ahmedabad", "Pune", "Nagpur", "Allahabad", "Cuttack", "Guwahati", "Ernakulam", "Indore", "Ranchi"),
    ("Uttar Pradesh", "Maharashtra", "Tamil Nadu", "Bihar", "Rajasthan", "Punjab", "Kerala", "West Bengal", "Gujarat"),
    ("High Court of {region}", "{city} Bench of the High Court", "Court of the Sessions Judge, {city}",
     "Court of the Additional Sessions Judge, {city}", "Court of the Chief Judicial Magistrate, {city}",
     "{city} District Court", "Family Court, {city}", "Motor Accident Claims Tribunal, {city}"),
    ("Supreme Court of India", "Central Bureau of Investigation", "Enforcement Directorate", "Union of India",
     "Ministry of Home Affairs", "Reserve Bank of India", "Central Administrative Tribunal", "Election Commission of India"),
    ("{city} Police Station", "Police Station {city}", "P.S. {city}", "{city} Kotwali Police Station"),
    ("Tihar Jail", "{city} Central Jail", "District Jail, {city}", "Yerwada Central Jail"),
    ("Pvt. Ltd.", "Ltd.", "& Co.", "Private Limited"),
    "in",
)
AU = Profile(
    "au", "Australia", "Australian", "en_AU", None,
    ("Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Hobart", "Darwin", "Canberra", "Newcastle",
     "Wollongong", "Geelong", "Townsville", "Cairns", "Toowoomba", "Ballarat", "Bendigo", "Launceston", "Parramatta"),
    ("New South Wales", "Victoria", "Queensland", "Western Australia", "South Australia", "Tasmania",
     "Northern Territory"),
    ("Local Court at {city}", "{city} Local Court", "{city} District Court", "{city} Magistrates Court",
     "Supreme Court of {region}", "Court of Appeal of {region}", "District Court of {region}",
     "County Court of Victoria", "Federal Circuit Court at {city}"),
    ("High Court of Australia", "Federal Court of Australia", "Full Court of the Federal Court",
     "Administrative Appeals Tribunal", "Department of Immigration and Border Protection",
     "Commonwealth Director of Public Prosecutions", "Australian Securities and Investments Commission"),
    ("{city} Police Station", "{region} Police", "{city} Police"),
    ("Long Bay Correctional Centre", "{city} Correctional Centre", "Silverwater Correctional Complex",
     "{city} Remand Centre"),
    ("Pty Ltd", "Ltd", "Pty Limited"),
    "au",
)
US = Profile(
    "us", "the United States", "American", "en_US", None,
    ("Chicago", "Houston", "Phoenix", "Philadelphia", "San Antonio", "Dallas", "Detroit", "Columbus", "Memphis",
     "Baltimore", "Milwaukee", "Albuquerque", "Tucson", "Fresno", "Sacramento", "Atlanta", "Omaha", "Tulsa",
     "Cleveland", "New Orleans", "Pittsburgh", "Cincinnati", "St. Louis", "Boise", "Richmond"),
    ("California", "Texas", "Ohio", "Illinois", "Georgia", "Pennsylvania", "Michigan", "Arizona", "Louisiana",
     "Tennessee", "Missouri", "Virginia", "Oregon", "Kentucky"),
    ("{city} Municipal Court", "Superior Court of {region}", "{region} Court of Appeals", "{region} Supreme Court",
     "Circuit Court of {city}", "District Court for the District of {region}", "{city} County Circuit Court",
     "{city} Police Department", "{city} County Sheriff's Office", "{city} County District Attorney's Office"),
    ("Supreme Court", "Court of Appeals for the Ninth Circuit", "Court of Appeals for the Fifth Circuit",
     "Department of Homeland Security", "Board of Immigration Appeals", "Federal Bureau of Investigation",
     "Internal Revenue Service", "Social Security Administration", "Department of Justice"),
    ("{city} Police Department", "{city} County Sheriff's Department", "{region} State Police"),
    ("{city} County Jail", "{region} State Penitentiary", "{city} Correctional Facility", "San Quentin State Prison"),
    ("Inc.", "LLC", "Corp.", "Co."),
    "us",
)
BG = Profile(
    "bg", "Bulgaria", "Bulgarian", "bg_BG", CYRILLIC,
    ("Sofia", "Plovdiv", "Varna", "Burgas", "Ruse", "Stara Zagora", "Pleven", "Sliven", "Dobrich", "Shumen",
     "Pazardzhik", "Haskovo", "Blagoevgrad", "Veliko Tarnovo", "Vratsa", "Gabrovo", "Vidin", "Montana"),
    ("Sofia Region", "Plovdiv Region", "Varna Region"),
    ("{city} District Court", "{city} Regional Court", "{city} Court of Appeal", "{city} Administrative Court",
     "{city} District Prosecutor's Office", "{city} Regional Prosecutor's Office", "Sofia City Court"),
    ("Supreme Court of Cassation", "Supreme Administrative Court", "Constitutional Court", "Chief Prosecutor's Office",
     "Ministry of Internal Affairs", "National Investigation Service", "Supreme Judicial Council"),
    ("{city} Regional Police Directorate", "{city} police station", "{city} District Police Department no. {n}"),
    ("{city} Prison", "Sofia Prison", "{city} Investigation Detention Facility"),
    ("OOD", "EOOD", "AD", "EAD"),
)
MD = Profile(
    "md", "the Republic of Moldova", "Moldovan", "ro_RO", None,
    ("Chişinău", "Bălţi", "Tiraspol", "Cahul", "Ungheni", "Soroca", "Orhei", "Comrat", "Edineţ", "Hînceşti"),
    ("Transdniestria", "Gagauzia", "Buiucani district"),
    ("{city} District Court", "{city} Court of Appeal", "Centru District Court", "Buiucani District Court",
     "Chişinău Court of Appeal", "{city} Prosecutor's Office", "Râşcani District Court"),
    ("Supreme Court of Justice", "Prosecutor General's Office", "Centre for Fighting Economic Crime and Corruption",
     "Ministry of Internal Affairs", "Ministry of Finance", "Superior Council of Magistracy"),
    ("{city} Police Commissariat", "{city} District Police Station", "Centru Police Station"),
    ("Prison no. {n}", "{city} Prison", "Prison no. {n} in {city}"),
    ("S.R.L.", "S.A.", "Î.C.S."),
)
HR = Profile(
    "hr", "Croatia", "Croatian", "hr_HR", None,
    ("Zagreb", "Split", "Rijeka", "Osijek", "Zadar", "Pula", "Slavonski Brod", "Karlovac", "Varaždin", "Šibenik",
     "Sisak", "Vukovar", "Dubrovnik", "Bjelovar", "Koprivnica", "Požega", "Gospić"),
    ("Zagreb County", "Split-Dalmatia County", "Osijek-Baranja County"),
    ("{city} Municipal Court", "{city} County Court", "{city} Municipal Civil Court", "{city} State Attorney's Office",
     "{city} Municipal State Attorney's Office", "{city} Administrative Court", "{city} Commercial Court"),
    ("Supreme Court", "Constitutional Court", "High Commercial Court", "Ministry of Justice", "State Attorney's Office",
     "Croatian Pension Fund", "Croatian Employment Service"),
    ("{city} Police Department", "{city} police station", "{city}-Centre Police Station"),
    ("{city} Prison", "Lepoglava State Prison", "Zagreb Prison Hospital"),
    ("d.o.o.", "d.d.", "j.d.o.o."),
)
HU = Profile(
    "hu", "Hungary", "Hungarian", "hu_HU", None,
    ("Budapest", "Debrecen", "Szeged", "Miskolc", "Pécs", "Győr", "Nyíregyháza", "Kecskemét", "Székesfehérvár",
     "Szombathely", "Szolnok", "Tatabánya", "Kaposvár", "Eger", "Veszprém", "Zalaegerszeg", "Sopron"),
    ("Pest County", "Borsod-Abaúj-Zemplén County", "Hajdú-Bihar County"),
    ("{city} District Court", "{city} Regional Court", "Pest Central District Court", "Budapest Regional Court",
     "{city} Court of Appeal", "{city} Public Prosecutor's Office", "{city} Administrative and Labour Court"),
    ("Supreme Court", "Kúria", "Constitutional Court", "National Police Headquarters", "Ministry of Justice",
     "Office of Immigration and Nationality", "National Tax and Customs Authority"),
    ("{city} Police Department", "{city} Police Headquarters", "{city} District Police Department"),
    ("{city} Prison", "Budapest Remand Prison", "{city} Penitentiary"),
    ("Kft.", "Zrt.", "Bt.", "Nyrt."),
)

PROFILES = (TR, RU, UA, PL, RO, IT, FR, GR, GE, AZ, GB, IE, IN, AU, US, BG, MD, HR, HU)
#: How often each jurisdiction writes a judgment of the set (the Court's docket leans on a few States).
WEIGHTS = (8, 7, 5, 4, 4, 3, 3, 2, 2, 2, 3, 2, 3, 2, 3, 2, 2, 1, 2)

#: Street words per jurisdiction style (a number before or after).
STREETS = {
    "tr": ("{w} Sokak", "{w} Caddesi", "{w} Street", "{w} Mahallesi"),
    "ru": ("ulitsa {w}", "{w} Street", "{w} Prospekt", "{w} Lane"),
    "ua": ("vulytsya {w}", "{w} Street", "{w} Avenue"),
    "pl": ("ul. {w}", "{w} Street", "aleja {w}"),
    "default": ("{w} Street", "{w} Road", "{w} Avenue", "{w} Lane", "Rue {w}", "Via {w}", "{w} Boulevard"),
}
VILLAGE_WORDS = ("village of {v}", "{v} village", "hamlet of {v}", "settlement of {v}", "{v} hamlet")
TR_VILLAGES = ("Kelekçi", "Çağlayan", "Boğazköy", "Yolaçtı", "Ormanlı", "Dereli", "Kuşlu", "Akyol", "Tepebaşı",
               "Yeşilköy", "Kayalık", "Gürpınar", "Karaağaç", "Bozova", "Çamlıca", "Taşlıdere", "Alacakaya")
TR_DISTRICTS = ("Lice", "Kulp", "Hazro", "Silvan", "Cizre", "Silopi", "İdil", "Yüksekova", "Şemdinli", "Kozluk",
                "Ovacık", "Pülümür", "Nusaybin", "Kızıltepe", "Ergani", "Bismil", "Doğubeyazıt", "Patnos")
RU_VILLAGES = ("Starye Atagi", "Novye Atagi", "Alkhan-Kala", "Samashki", "Zakan-Yurt", "Goyty", "Katyr-Yurt",
               "Chiri-Yurt", "Mesker-Yurt", "Duba-Yurt", "Tsotsi-Yurt", "Valerik", "Bamut", "Serzhen-Yurt")
RU_DISTRICTS = ("Urus-Martan District", "Shali District", "Grozny District", "Achkhoy-Martan District",
                "Kurchaloy District", "Vedeno District", "Nozhay-Yurt District", "Sunzhenskiy District")
