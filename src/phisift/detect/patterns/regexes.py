"""The compiled patterns of the rule detector.

Speed comes from scanning each note only a handful of times:

* one combined regex for everything that starts with a digit (or ``(``/``+`` of a
  phone number). It opens with a lookahead on the first character so the regex
  engine rejects most positions at once; the alternatives are ordered from the
  most specific format (SSN, ISO date, IP address, phone) to a catch-all that
  swallows any other number so nothing matches inside it;
* one regex of trigger words (months, cue words such as MRN or "Name:", titles),
  a prefix trie of plain literals run over a lower-cased copy of the note, whose
  hits dispatch to small anchored regexes;
* a few literal-led scans (",", "@", ".com", "://") that run only when the
  literal occurs.

Context ("on 4/3", "in 2015", "Fax: ...") is checked afterwards on a short
look-back window instead of with variable-width lookbehinds, which Python's
``re`` does not have. Patterns are built once per language set and cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from . import vocab

_SP = r"[ \t]"
_WS = r"[ \t]*"


def _char_class(ch: str) -> str:
    lo, up = ch.lower(), ch.upper()
    if lo != up and len(up) == 1:
        return f"[{re.escape(lo)}{re.escape(up)}]"
    if ch == " ":
        return r"[ \t]+"
    return re.escape(ch)


def trie_regex(words: Iterable[str], ignore_case: bool = True) -> str:
    """An alternation of ``words`` factored by common prefixes.

    Python's regex engine tries alternatives one by one; a trie turns "try 200
    words" into "follow the letters", and character classes (``[mM]``) instead of
    the IGNORECASE flag keep the engine's first-character fast check working.
    """
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w.lower() if ignore_case else w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        ends = "" in node
        alts = [
            (_char_class(ch) if ignore_case else re.escape(ch)) + build(node[ch])
            for ch in sorted(k for k in node if k)
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and not ends else "(?:" + "|".join(alts) + ")"
        if ends:
            if len(alts) == 1 and not body.startswith("(?:"):
                body = "(?:" + body + ")"
            body += "?"
        return body

    return build(trie)


def literal_trie(words: Iterable[str]) -> str:
    """A prefix-factored alternation of lower-case literals, for matching lower-cased text.

    Plain literals let the regex engine compare one character per alternative,
    several times faster than ``[mM]`` classes (measured on clinical text).
    """
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [re.escape(ch) + build(node[ch]) for ch in sorted(k for k in node if k)]
        if not alts:
            return ""
        body = "(?:" + "|".join(alts) + ")"
        return body + "?" if "" in node else body

    return build(trie)


#: Lower-cases A-Z and the accented capitals of Latin-1 one character for one, so
#: offsets in the lower-cased copy are offsets in the text (``str.lower`` can change lengths).
LOWER_TABLE = {i: i + 32 for i in range(ord("A"), ord("Z") + 1)}
LOWER_TABLE.update({i: i + 32 for i in range(0xC0, 0xDF) if i != 0xD7})


def _alt(words: Iterable[str]) -> str:
    """Plain alternation, longest first (for case-sensitive lists)."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


def _title_upper(words: Iterable[str]) -> list[str]:
    out: list[str] = []
    for w in words:
        out += [w[:1].upper() + w[1:], w.upper()]
    return out


# --------------------------------------------------------------------------- numeric pass

#: A four-digit year 1800-2199 (i2b2 2014 shifts dates up to the 2190s).
_YEAR4 = r"(?:1[89]|2[01])[0-9]{2}"
_UNIT = r"(?:[ \t]*(?:(?i:x|ext\.?|extension)|#)[ \t]*[0-9]{1,6})"


def _numeric_regex(month_re: str, suffix_re: str, unit_re: str, spanish: bool) -> str:
    """The combined regex for tokens that start with a digit, ``(`` or ``+`` (phones), ``'`` ('91)."""
    alts = {
        "ssn": r"[0-9]{3}-[0-9]{2}-[0-9]{4}(?![0-9]|-[0-9])",
        "iso": rf"(?P<iso_y>{_YEAR4})(?P<iso_s>[-/.])(?P<iso_m>[0-9]{{1,2}})(?P=iso_s)(?P<iso_d>[0-9]{{1,2}})(?![0-9])",
        "ipv4": r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}(?![0-9]|\.[0-9])",
        "phone": (
            r"(?:\+?1[-. ]?)?(?:\([0-9]{3}\)[ \t]?|[0-9]{3}(?P<ph_s>[-. /]))[0-9]{3}[-. ][0-9]{4}"
            rf"{_UNIT}?(?![0-9]|-[0-9])"
        ),
        "intl": r"\+[0-9]{1,3}(?:[-. ]?\(?[0-9]{1,4}\)?)(?:[-. ]?[0-9]{2,4}){1,4}(?![0-9])",
        "dmy": (
            r"(?P<dmy_a>[0-9]{1,2})(?P<dmy_s>[/.-])(?P<dmy_b>[0-9]{1,2})(?P=dmy_s)"
            r"(?P<dmy_y>[0-9]{4}|[0-9]{2})(?![0-9])(?!(?P=dmy_s)[0-9])"
        ),
        "street": (
            r"[0-9]{1,6}(?:-[0-9]{1,4})?[A-Za-z]?[ \t]+"
            r"(?:(?:[NSEW]|N[EW]|S[EW]|North|South|East|West)\.?[ \t]+)?"
            r"(?:(?:[A-Z][A-Za-z'’-]*|[0-9]{1,3}(?:st|nd|rd|th))\.?[ \t]+){1,4}"
            rf"{suffix_re}(?![\w'’-])\.?"
            rf"(?:,?[ \t]*{unit_re}\.?[ \t]*#?[ \t]*[A-Za-z0-9-]{{1,6}}(?![\w-]))?"
        ),
        "dmn": (
            r"(?P<dmn_d>[0-9]{1,2})(?P<dmn_o>st|nd|rd|th|º|°|ª)?"
            r"(?P<dmn_sep>[ \t]+(?:of|de)[ \t]+|[ \t]*-[ \t]*|/|\.[ \t]*|[ \t]+)"
            rf"(?P<dmn_m>{month_re})(?![^\W\d_])\.?"
            r"(?:(?P<dmn_ys>,?[ \t]+(?:of[ \t]+)?|[ \t]+del?[ \t]+|[ \t]*[-/.][ \t]*|,[ \t]*)"
            rf"(?P<dmn_y>{_YEAR4}|'?[0-9]{{2}})(?![0-9]))?"
        ),
        # "09NOV2014", "3Sep07": day, month abbreviation and year run together (EHR stamps)
        "dmc": (
            r"(?P<dmc_d>[0-9]{1,2})(?P<dmc_m>(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC)"
            r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec))(?P<dmc_y>[0-9]{4}|[0-9]{2})(?![0-9A-Za-z])"
        ),
        "age": (
            r"(?P<age_n>[0-9]{1,3})\+?(?=(?i:"
            r"[ \t]*-?[ \t]*(?:years?|yrs?|yr\.|y)[ \t]*-?[ \t]*old(?![a-z])"
            r"|[ \t]*-?[ \t]*(?:months?|mos?|mo\.)[ \t]*-?[ \t]*old(?![a-z])"
            r"|-(?:weeks?|wks?|days?)-old(?![a-z])"
            r"|[ \t]*-?(?:yo|y/o|y\.o\.?|yoa|yr-old)(?![a-z])"
            r"|[ \t]+years?[ \t]+of[ \t]+age(?![a-z])"
            + (r"|[ \t]+a[ñn]os(?![a-z])" if spanish else "")
            + r"))"
        ),
        "yrs": r"(?P<yrs_n>[0-9]{1,3})[ \t]*(?:yrs?|years?|YRS?|YEARS?)\.?(?![\w])",
        "decade": r"[0-9]0[sS](?![\w'’])",
        "short": r"(?P<sh_a>[0-9]{1,2})(?P<sh_s>[/-])(?P<sh_b>[0-9]{4}|[0-9]{1,2})(?![0-9]|[/.:][0-9]|-(?![0-9]{1,2}/)[0-9])",
        "phone7": rf"[0-9]{{3}}-[0-9]{{4}}{_UNIT}?(?![0-9]|-[0-9])",
        "zip": r"[0-9]{5}(?:-[0-9]{4})?(?![0-9]|-[0-9]|[.,][0-9])",
        "year": rf"{_YEAR4}(?![0-9A-Za-z]|[.,:][0-9])",
        "apos": r"['’][0-9]{2}(?![0-9A-Za-z'’])",
        "tok": r"[0-9][0-9A-Za-z]*(?:[-/.:][0-9A-Za-z]+)*",
    }
    if spanish:
        # "91 555 12 34", "600 123 456", "915 55 12 34"; needs a phone cue.
        alts["esph"] = (
            r"[5-9][0-9](?:[0-9][ .][0-9]{3}[ .][0-9]{3}|[ .][0-9]{3}[ .][0-9]{2}[ .][0-9]{2}"
            r"|[0-9][ .][0-9]{2}[ .][0-9]{2}[ .][0-9]{2})(?![0-9])"
        )
    order = ["ssn", "iso", "ipv4", "phone", "intl", "dmy", "esph", "street", "dmn", "dmc", "age", "yrs",
             "decade", "short", "phone7", "zip", "year", "apos", "tok"]
    body = "|".join(f"(?P<{k}>{alts[k]})" for k in order if k in alts)
    return r"(?=[0-9(+'’])(?<![\w.])(?:" + body + ")"


# --------------------------------------------------------------------------- word pass

#: ID cue phrases per label, in the order they are tried (a plate before a licence).
_NO = r"(?:#|no\.?|n[º°o]\.?|num\.?|number|nbr)"


def _id_cues(spanish: bool) -> list[tuple[str, str]]:
    cues = [
        ("VEHICLE", rf"vehicle{_SP}+(?:id|identification){_SP}*{_NO}?|licen[sc]e{_SP}+plate{_SP}*{_NO}?"
                    rf"|plate{_SP}*{_NO}?|(?-i:VIN)|(?:license{_SP}+)?tag{_SP}*{_NO}"),
        ("SSN", rf"(?-i:SSN|Ssn|ssn)|ss{_SP}*#|s\.s\.n\.?|social{_SP}+security{_SP}*{_NO}?|soc\.?{_SP}*sec\.?{_SP}*{_NO}?"),
        ("MEDICALRECORD", rf"mrn|mr{_SP}*{_NO}|medical{_SP}+record{_SP}*{_NO}?|med\.?{_SP}*rec\.?{_SP}*{_NO}"
                          rf"|unit{_SP}*{_NO}|hospital{_SP}+{_NO}|chart{_SP}*{_NO}|record{_SP}*{_NO}"
                          rf"|patient{_SP}+(?:id|{_NO})|pt\.?{_SP}*(?:id|#)|history{_SP}+{_NO}"),
        ("HEALTHPLAN", rf"health{_SP}*plan(?:{_SP}+(?:id|{_NO}))?|member{_SP}*(?:id|{_NO})"
                       rf"|subscriber{_SP}*(?:id|{_NO})|policy{_SP}*(?:id|{_NO})|insurance{_SP}*(?:id|{_NO})"
                       rf"|group{_SP}*{_NO}|medicaid(?:{_SP}*(?:id|{_NO}))?|medicare(?:{_SP}*(?:id|{_NO}))?"
                       rf"|(?-i:HICN|MBI)|beneficiary{_SP}*(?:id|{_NO})|plan{_SP}*(?:id|{_NO})"),
        ("ACCOUNT", rf"acct\.?{_SP}*{_NO}?|account{_SP}*{_NO}?|encounter{_SP}*(?:id|{_NO})?|visit{_SP}*(?:id|{_NO})"
                    rf"|(?-i:CSN|FIN)|billing{_SP}*{_NO}"),
        ("DEVICE", rf"serial{_SP}*{_NO}?|s/n|(?-i:SN)|lot{_SP}*{_NO}?|model{_SP}*{_NO}|device{_SP}+(?:id|{_NO}|serial)"
                   rf"|(?-i:UDI)"),
        ("LICENSE", rf"licen[sc]e{_SP}*{_NO}?|lic\.?{_SP}*{_NO}|(?-i:DEA){_SP}*{_NO}?|state{_SP}+licen[sc]e{_SP}*{_NO}?"
                    rf"|driver'?s?{_SP}+licen[sc]e{_SP}*{_NO}?"),
        ("BIOID", rf"(?:fingerprint|retina|iris|voiceprint|biometric){_SP}*(?:id|{_NO})"),
        ("PHONE", rf"pager{_SP}*{_NO}?|beeper{_SP}*{_NO}?|pgr|ext\.?|extension"),
        ("IDNUM", rf"(?-i:ID|Id){_SP}*{_NO}?|identification{_SP}*{_NO}?|accession{_SP}*{_NO}?|acc\.?(?={_WS}[:#])"
                  rf"|doc{_SP}*{_NO}|escription{_SP}+document(?:{_SP}*{_NO})?"
                  rf"|(?:dictation|transcription|application|confirmation){_SP}*(?:id|{_NO})"
                  rf"|specimen{_SP}*(?:id|{_NO})?|order{_SP}*(?:id|{_NO})|job{_SP}*(?:id|{_NO})"
                  rf"|requisition{_SP}*{_NO}?|req{_SP}*#|case{_SP}*{_NO}|reference{_SP}*{_NO}|ref{_SP}*#"
                  rf"|document{_SP}*(?:id|{_NO})|report{_SP}*(?:id|{_NO})|claim{_SP}*{_NO}|(?-i:NPI)"
                  rf"|employee{_SP}*(?:id|{_NO})|badge{_SP}*{_NO}|path(?:ology)?{_SP}*{_NO}|lab{_SP}*(?:id|{_NO})"
                  rf"|passport{_SP}*{_NO}?"),
    ]
    if spanish:
        es = {
            "MEDICALRECORD": rf"(?-i:NHC)|n\.{_WS}h\.{_WS}c\.?|historia{_SP}+cl[ií]nica"
                             rf"|(?:n[º°o]\.?|n[uú]mero){_SP}*(?:de{_SP}+)?historia(?:{_SP}+cl[ií]nica)?",
            "HEALTHPLAN": rf"(?-i:NASS|CIP|TSI)|tarjeta{_SP}+sanitaria"
                          rf"|(?:n[º°o]\.?|n[uú]mero){_SP}*(?:de{_SP}+)?(?:afiliaci[oó]n|seguridad{_SP}+social)",
            "ACCOUNT": rf"(?:n[º°o]\.?|n[uú]mero){_SP}*(?:de{_SP}+)?episodio|episodio",
            "LICENSE": rf"(?:n[º°o]\.?|n[uú]mero){_SP}*(?:de{_SP}+)?colegiad[oa]|colegiad[oa](?:{_SP}*n[º°o]\.?)?"
                       rf"|n\.?[º°o]\.?{_WS}col\.?",
            "DEVICE": rf"(?:n[º°o]\.?|n[uú]mero){_SP}*(?:de{_SP}+)?serie",
            "VEHICLE": r"matr[ií]cula",
            "IDNUM": r"(?-i:DNI|NIF|NIE)|pasaporte",
        }
        cues = [(label, frag + ("|" + es[label] if label in es else "")) for label, frag in cues]
    return cues


def _id_cue_regex(spanish: bool) -> str:
    groups = "|".join(f"(?P<c_{label}>{frag})" for label, frag in _id_cues(spanish))
    return (
        rf"(?i:{groups})(?![^\W\d_])"
        rf"(?P<mark>{_WS}\([A-Za-z]{{2,6}}\))?(?P<sep>{_WS}(?:[:#=]|-(?![0-9]))?{_WS}(?:#{_WS})?(?:(?i:is|es|of){_SP}+)?)"
        r"(?P<v>[0-9]{2,4}(?: [0-9]{2,10}){1,3}(?![\w/:-]|\.[0-9A-Za-z])"
        r"|[A-Za-z0-9](?:[A-Za-z0-9]|[-/.](?=[A-Za-z0-9]))*)"
    )


def _field_regex(spanish: bool) -> str:
    role = r"(?:physician|provider|doctor|md|surgeon|clinician)"
    patient = (
        rf"patient(?:'s)?(?:{_SP}+(?:full|legal))?{_SP}+name|pt\.?{_SP}+name|name|patient"
        rf"|emergency{_SP}+contact(?:{_SP}+name)?|next{_SP}+of{_SP}+kin|nok|guardian(?:{_SP}+name)?"
    )
    doctor = (
        rf"(?:attending|referring|primary{_SP}+care|admitting|consulting|ordering|treating|performing|"
        rf"interpreting|requesting|rendering){_SP}*{role}?(?:{_SP}+name)?|pcp(?:{_SP}+name)?"
        rf"|ref(?:\.|erring)?{_SP}*phys(?:ician)?\.?|(?:physician|provider|doctor|surgeon|clinician){_SP}*(?:name)?"
        rf"|assistant{_SP}+surgeon|assistants?|assistant\(s\)|anesthesiologist|radiologist|pathologist"
        rf"|resident|fellow|author|cc"
    )
    doctor_by = rf"(?:electronically{_SP}+)?(?:signed|dictated|reviewed|approved|attested|verified){_SP}+by"
    hospital = rf"(?:hospital|facility|institution|clinic){_SP}*(?:name)?|admitted{_SP}+to|transferred{_SP}+(?:to|from)"
    username = rf"user{_SP}*(?:name|id)?|login"
    city = r"city|town"
    country = r"country"
    # most English addresses are found by their shape (number, name, suffix); after an
    # "Address:" label the value is a street even without them ("Address: O'Sheehan Lane, ...")
    street = rf"(?:(?:home|street|mailing|patient|pt|permanent|current|local|residential){_SP}+)?address"
    if spanish:
        patient += (rf"|paciente|nombre(?:{_SP}+(?:del{_SP}+)?paciente)?|apellidos(?:{_SP}+y{_SP}+nombre)?"
                    rf"|nombre{_SP}+y{_SP}+apellidos")
        doctor += (rf"|m[ée]dico(?:{_SP}+(?:responsable|remitente|de{_SP}+cabecera))?|facultativo|doctora?"
                   rf"|responsable(?:{_SP}+cl[ií]nico)?")
        doctor_by += rf"|(?:firmado|realizado|informado|remitido|derivado|atendido|enviado|valorado){_SP}+por"
        hospital += rf"|centro(?:{_SP}+de{_SP}+salud)?"
        username += "|usuario"
        city += rf"|localidad(?:{_WS}/{_WS}provincia)?|provincia|municipio|ciudad|poblaci[oó]n"
        country += r"|pa[ií]s(?:[ \t]+de[ \t]+(?:nacimiento|origen|residencia))?"
        street += r"|domicilio|direcci[oó]n"
    return (
        rf"(?:(?i:(?P<f_PATIENT>{patient})|(?P<f_RE>re)|(?P<f_DOCTOR>{doctor})|(?P<f_HOSPITAL>{hospital})"
        rf"|(?P<f_USERNAME>{username})|(?P<f_CITY>{city})|(?P<f_COUNTRY>{country})|(?P<f_STREET>{street}))"
        rf"{_WS}:|(?i:(?P<f_BY>{doctor_by})){_WS}:?)"
    )


#: Trigger words: the first word of every cue, lower case -> handler names.
def _triggers(spanish: bool, english: bool) -> dict[str, tuple[str, ...]]:
    t: dict[str, list[str]] = {}

    def add(words: Iterable[str], handler: str) -> None:
        for w in words:
            lst = t.setdefault(w.lower(), [])
            if handler not in lst:
                lst.append(handler)

    months = {}
    if english:
        months.update(vocab.MONTHS_EN)
    if spanish:
        months.update(vocab.MONTHS_ES)
    add(months, "month")
    add(vocab.SEASONS_EN if english else (), "season")
    add(vocab.SEASONS_ES if spanish else (), "season")
    holidays = (vocab.HOLIDAYS_EN if english else ()) + (vocab.HOLIDAYS_ES if spanish else ())
    add({h.split()[0].split("'")[0] for h in holidays}, "holiday")
    add(["age", "aged", "ages"] + (["edad"] if spanish else []), "age")
    idw = [
        "vehicle", "license", "licence", "plate", "vin", "ssn", "ss", "s.s.n", "social", "soc", "mrn", "mr",
        "medical", "med", "unit", "hospital", "chart", "record", "patient", "pt", "history", "health",
        "member", "subscriber", "policy", "insurance", "group", "medicaid", "medicare", "hicn", "mbi",
        "beneficiary", "plan", "acct", "account", "encounter", "visit", "csn", "fin", "billing", "serial",
        "s/n", "sn", "lot", "model", "device", "udi", "lic", "dea", "state", "driver", "drivers", "driver's",
        "fingerprint", "retina", "iris", "voiceprint", "biometric", "pager", "beeper", "pgr", "ext",
        "extension", "id", "identification", "accession", "acc", "specimen", "order", "job", "requisition",
        "req", "case", "reference", "ref", "document", "report", "claim", "npi", "employee", "badge", "path",
        "pathology", "lab", "passport", "tag", "doc", "escription", "dictation", "transcription", "application",
        "confirmation",
    ]
    if spanish:
        idw += ["nhc", "n.h.c", "nº", "n°", "no", "número", "numero", "nºcol", "n°col", "n.º", "n.ºcol",
                "historia", "nass", "cip", "tsi", "tarjeta", "episodio", "colegiado", "colegiada", "matrícula",
                "matricula", "dni", "nif", "nie", "pasaporte"]
    add(idw, "idcue")
    fw = [
        "patient", "patient's", "pt", "name", "emergency", "next", "nok", "guardian", "re", "attending",
        "referring", "primary", "admitting", "consulting", "ordering", "treating",
        "performing", "interpreting", "requesting", "rendering", "pcp", "ref", "physician", "provider",
        "doctor", "surgeon", "clinician", "assistant", "anesthesiologist", "radiologist", "pathologist",
        "resident", "fellow", "author", "cc", "electronically", "signed", "dictated", "reviewed", "approved",
        "attested", "verified", "hospital", "facility", "institution", "clinic", "admitted", "transferred",
        "user", "username", "userid", "login", "city", "town", "country", "address", "home", "street",
        "mailing", "permanent", "current", "local", "residential",
    ]
    if spanish:
        fw += ["paciente", "nombre", "apellidos", "médico", "medico", "facultativo", "doctora", "firmado",
               "realizado", "informado", "centro", "usuario", "responsable", "remitido", "derivado", "atendido",
               "enviado", "valorado", "localidad", "provincia", "municipio", "ciudad", "población", "poblacion",
               "país", "pais", "domicilio", "dirección", "direccion"]
    add(fw, "field")
    titles = ["dr", "doctor", "prof", "mr", "mrs", "ms", "miss", "mx"]
    if spanish:
        titles += ["dra", "sr", "sra", "srta", "don", "doña"]
    add(titles, "title")
    add(["po", "p.o", "post"] + (["apartado"] if spanish else []), "pobox")
    if spanish:
        add(list(vocab.STREET_PREFIXES_ES) + ["av", "c/"], "street_es")
    add(["fax", "facsimile", "telefax", "phone", "telephone", "tel", "tfno", "tlf", "telf", "teléfono", "telefono",
         "cell", "mobile", "móvil", "movil", "celular", "pager", "beeper", "call", "contact"], "phonecue")
    add(["zip", "zipcode", "postal"] + (["cp", "c.p", "código", "codigo"] if spanish else []), "zipcue")
    if english:
        add(["entered", "read", "created", "modified", "edited", "updated", "logged"], "usercue")
    return {k: tuple(v) for k, v in t.items()}


# --------------------------------------------------------------------------- look-back contexts

@dataclass(frozen=True)
class Patterns:
    """Everything compiled for one language set."""

    numeric: re.Pattern
    triggers: re.Pattern
    handlers: dict[str, tuple[str, ...]]
    month_numbers: dict[str, int]
    month_led: re.Pattern
    season: re.Pattern
    holiday: re.Pattern
    age_cue: re.Pattern
    id_cue: re.Pattern
    id_labels: tuple[str, ...]
    field: re.Pattern
    title: re.Pattern
    pobox: re.Pattern
    street_es: re.Pattern | None
    zip_cue: re.Pattern
    weekday_before: re.Pattern
    weekday_words: frozenset[str]
    year_cues: frozenset[str]
    short_date_strong: frozenset[str]
    short_date_weak: frozenset[str]
    phone_cue: re.Pattern
    phone_after_cue: re.Pattern
    user_cue: re.Pattern
    spanish: bool


@lru_cache(maxsize=8)
def build_patterns(languages: frozenset[str]) -> Patterns:
    english = "en" in languages
    spanish = "es" in languages
    months: dict[str, int] = {}
    if english:
        months.update(vocab.MONTHS_EN)
    if spanish:
        months.update(vocab.MONTHS_ES)
    month_re = trie_regex(months)
    weekdays = (vocab.WEEKDAYS_EN if english else ()) + (vocab.WEEKDAYS_ES if spanish else ())
    weekday_re = trie_regex(weekdays)

    title_upper_suffixes = {
        "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "drive", "lane", "ln", "court",
        "place", "terrace", "way", "circle", "parkway", "pkwy", "highway", "hwy", "square", "trail", "plaza",
    }
    suffixes = [s[:1].upper() + s[1:] for s in vocab.STREET_SUFFIXES]
    suffixes += [s.upper() for s in vocab.STREET_SUFFIXES if s in title_upper_suffixes]
    suffix_re = _alt(suffixes)
    unit_re = _alt(_title_upper(u for u in vocab.UNIT_WORDS if u != "#") + ["#"])

    numeric = re.compile(_numeric_regex(month_re, suffix_re, unit_re, spanish))

    handlers = _triggers(spanish, english)
    # matched against the text lower-cased with LOWER_TABLE
    trigger_re = re.compile(r"(?<![\w'’])(?:" + literal_trie(handlers) + r")(?![^\W\d_])")

    month_led = re.compile(
        rf"(?P<mon>{month_re})(?![^\W\d_])(?P<dot>\.)?"
        r"(?:(?:[ \t]*[-/][ \t]*|[ \t]+)(?P<md_d>[0-9]{1,2})(?P<md_o>st|nd|rd|th)?(?![0-9]|:[0-9]|\.[0-9])"
        rf"(?:(?P<md_ys>,[ \t]*|[ \t]+|[ \t]*[-/][ \t]*|,?[ \t]+of[ \t]+)(?P<md_y>{_YEAR4}|'[0-9]{{2}}|[0-9]{{2}})(?![0-9]))?"
        rf"|(?:,?[ \t]+(?:of[ \t]+|de[ \t]+|del[ \t]+)?|[ \t]*[-/][ \t]*)(?P<my_y>{_YEAR4}|'[0-9]{{2}})(?![0-9]))"
    )
    seasons = (vocab.SEASONS_EN if english else ()) + (vocab.SEASONS_ES if spanish else ())
    season = re.compile(rf"(?i:{_alt(seasons)})(?:[ \t]+(?:of|de|del))?[ \t]+{_YEAR4}(?![0-9])")
    holidays = (vocab.HOLIDAYS_EN if english else ()) + (vocab.HOLIDAYS_ES if spanish else ())
    # in any case ("the fourth of july" in an all-lower-case note) but for the two that are also phrases
    cased = [h for h in holidays if h in ("Labor Day", "Good Friday")]
    any_case = [h for h in holidays if h not in cased]
    holiday = re.compile(
        "(?:(?i:" + _alt(any_case) + ")" + ("|" + _alt(cased) if cased else "") + r")(?![\w'’])"
    )
    age_cue = re.compile(
        r"(?i:age[ds]?|edad)(?:[ \t]*(?::|=|-)[ \t]*|[ \t]+(?:of[ \t]+|de[ \t]+|is[ \t]+|was[ \t]+)?)"
        r"(?P<n>[0-9]{1,3})(?![0-9]|[./,][0-9])"
    )
    id_cues = _id_cues(spanish)
    id_cue = re.compile(_id_cue_regex(spanish))
    field = re.compile(_field_regex(spanish))
    titles = "Dr|Doctor|Prof|Mr|Mrs|Ms|Miss|Mx|DR" + ("|Dra|Sr|Sra|Srta|Don|Doña|DRA" if spanish else "")
    name_word = r"[A-ZÁÉÍÓÚÑÜÇ](?:[^\W\d_]|['’-])+|[A-Z]\.?"
    title = re.compile(
        rf"(?P<t>{titles})(?:\.[ \t]?|[ \t]|\.?[ \t]*\r?\n[ \t]*)"
        rf"(?P<n>(?:{name_word})(?: (?:(?:van|von|de|del|la|las|los|da|di|le|St\.?) )?(?:{name_word})){{0,3}})"
    )
    pobox = re.compile(
        r"(?i:p\.?[ \t]?o\.?[ \t]*box|post[ \t]+office[ \t]+box|apartado(?:[ \t]+de[ \t]+correos)?)"
        r"[ \t]*#?[ \t]*[0-9]{1,6}(?![0-9])"
    )
    street_es = None
    if spanish:
        prefixes = _alt(_title_upper(vocab.STREET_PREFIXES_ES)) + r"\.?|[Cc]/\.?|Av\.|AV\."
        number = r"(?:n[º°o]\.?[ \t]*|n[uú]mero[ \t]+)?(?:[0-9]{1,4}(?:-[0-9]{1,4})?[A-Za-z]?(?![\w/])|s/n)"
        side = r"(?:izq(?:uierda|da)?|dcha|derecha|der|izda|centro|ctro)\.?"
        floor_item = (
            r"(?:(?:piso|puerta|planta|bloque|portal|esc(?:alera)?\.?|km\.?)[ \t]*)?"
            rf"(?:[0-9]{{1,3}}(?:[.,][0-9]{{3}})?(?![0-9])[º°ªo]?(?:[ \t]*-?[ \t]*(?:[A-Z](?![\w])|{side}))?"
            rf"|[Bb]ajo(?:[ \t]+[A-Z](?![\w]))?|{side})"
        )
        floor = rf"(?:[ \t]*,?[ \t]*{floor_item}){{0,3}}"
        any_word = r"[\wáéíóúñüÁÉÍÓÚÑ'ºª.-]+"
        cap_word = r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü'.-]*"
        lower_words = r"(?:de|del|la|las|los|el|y|d')"
        street_es = re.compile(
            # with a house number, the name may be in any case: "Calle marquez de viana 96"
            rf"(?P<numbered>(?:{prefixes})[ \t]*(?:{any_word}[ \t]+){{0,6}}?{any_word}?,?[ \t]*{number}{floor})"
            # without one, capitalised words after an unambiguous prefix: "Calle Mayor"
            rf"|(?:{prefixes})[ \t]*(?:{lower_words}[ \t]+)*{cap_word}(?:[ \t]+(?:{lower_words}[ \t]+)*{cap_word}){{0,4}}"
        )
    zip_cue = re.compile(
        r"(?i:zip(?:[ \t]*code)?|zipcode|postal[ \t]+code|c\.?[ \t]?p\.?|c[oó]digo[ \t]+postal)[ \t]*[:#]?[ \t]*(?:is[ \t]+)?"
        r"(?P<z>[0-9]{5}(?:-[0-9]{4})?)(?![0-9])"
    )
    weekday_before = re.compile(rf"(?<![\w])(?:{weekday_re})\.?,?[ \t]+(?:the[ \t]+)?$")
    # digit groups in any national layout after a phone word ("call (12) 3650-8833", "Tel. 079 7602 9803")
    phone_after_cue = re.compile(
        r"(?i:(?P<fax>fax|facsimile|telefax)|phone|telephone|tel|tfno|tlf|telf|tel[ée]fono|cell|mobile|m[óo]vil"
        r"|celular|pager|beeper|call|contact)(?![^\W\d_])[^0-9\n]{0,24}?"
        r"(?P<num>(?:\+[0-9]{1,3}[ .-]?)?(?:\([0-9]{1,4}\)[ .-]?)?[0-9]{2,4}(?:[ .-][0-9]{2,5}){1,4})(?![0-9]|[.-][0-9])"
    )
    phone_cue = re.compile(
        r"(?i)(?<![\w])(?:(?P<fax>fax|faxed|facsimile|telefax|(?-i:F|FX|Fx)(?=[ \t]*[:#]))"
        r"|(?P<phone>phone|ph|tel|telephone|tele|cell|mobile|mob|pager|beeper|pgr|contact|call|callback|"
        r"home|work|office|number|tfno|tlfno|tlf|telf|tel[ée]fono|m[óo]vil|celular|"
        r"(?-i:[PpTtHhWwCcMmOoB])(?=[ \t]*[:#])))"
        # "fax number is": the generic word belongs to the cue before it
        r"(?:[ \t]+(?:number|no\.?|nbr)(?![\w]))?"
    )
    # "Entered by: kritho69 (K. Thompson)", "Message read by cgarvey 12/23/2018", "logged in as jdoe"
    user_cue = re.compile(
        r"(?i:(?:entered|read|created|modified|edited|updated)[ \t]+by|logged[ \t]+in[ \t]+as)[ \t]*:?[ \t]*"
        r"(?P<u>[A-Za-z0-9](?:[A-Za-z0-9]|[._-](?=[A-Za-z0-9]))*)"
        r"(?:[ \t]*\((?P<n>[^()\n]{2,60})\))?"
    )
    return Patterns(
        numeric=numeric,
        triggers=trigger_re,
        handlers=handlers,
        month_numbers=months,
        month_led=month_led,
        season=season,
        holiday=holiday,
        age_cue=age_cue,
        id_cue=id_cue,
        id_labels=tuple(label for label, _ in id_cues),
        field=field,
        title=title,
        pobox=pobox,
        street_es=street_es,
        zip_cue=zip_cue,
        weekday_before=weekday_before,
        weekday_words=frozenset(w.lower() for w in weekdays),
        year_cues=vocab.YEAR_CUES | (vocab.YEAR_CUES_ES if spanish else frozenset()),
        short_date_strong=vocab.SHORT_DATE_STRONG | (vocab.SHORT_DATE_STRONG_ES if spanish else frozenset()),
        short_date_weak=vocab.SHORT_DATE_WEAK | (vocab.SHORT_DATE_WEAK_ES if spanish else frozenset()),
        phone_cue=phone_cue,
        phone_after_cue=phone_after_cue,
        user_cue=user_cue,
        spanish=spanish,
    )


# --------------------------------------------------------------------------- language-free scans

STATE_AFTER_COMMA = re.compile(
    r",[ \t]*(?P<st>" + _alt(sorted(vocab.STATE_CODES) + list(vocab.STATE_NAMES)) + r")(?![\w])\.?"
    r"(?:[ \t]+(?P<zip>[0-9]{5}(?:-[0-9]{4})?)(?![0-9]|-[0-9]))?"
)
CITY_BEFORE = re.compile(
    r"(?<![\w'’.-])(?P<city>(?:[A-Z][a-z'’]+\.?|St\.|Ft\.|Mt\.)(?:(?:[ \t]+|-)(?:[A-Z][a-z'’]+|of|de|la|del)){0,3})"
    r"[ \t]*,?[ \t]*$"
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
    + "|".join(t.upper() for t in ("com", "org", "net", "edu", "gov")) + r")(?![A-Za-z0-9-]|\.[A-Za-z0-9])"
)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
DOMAIN_LEFT = re.compile(rf"(?<![\w@.:/-])(?:{_LABEL}\.)*{_LABEL}$")
URL_PATH = re.compile(r"(?:/[^\s<>\"'\[\]{}|\\^`]*)?")
IPV6 = re.compile(
    r"(?<![\w:.])(?=[0-9A-Fa-f:]*:[0-9A-Fa-f]*:)[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}"
    r"(?:(?<=:)[0-9]{1,3}(?:\.[0-9]{1,3}){3})?(?![\w:])"
)
IPV6_FULL_HINT = re.compile(r":[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:")
#: Upper-case letter prefix glued to digits: A1234567, AB1234563 (DEA), VINs.
ALNUM_ID = re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{0,3}-?[0-9][0-9A-Z]{3,}(?:-[0-9A-Z]+)*(?![\w-])")

NOT_DATE_AFTER = re.compile(r"(?i)[ \t]*(?:" + _alt(vocab.NOT_DATE_AFTER) + r"(?![\w])|%|/|\+)")
#: A unit or count word after a number makes it a measurement, not a year or an ID.
UNIT_AFTER = re.compile(
    r"(?i)[ \t]*(?:mg|mcg|µg|ug|ml|cc|g|gm|gr|kg|lb|lbs|l|dl|units?|iu|meq|mmol|mosm|kcal|cal|calories|"
    r"calorie|cells|copies|cfu|k|x|times|patients|pts|people|cases|subjects|beds|hours|hrs|minutes|mins?|"
    r"seconds|secs?|steps|feet|ft|m|meters|mm|cm|km|miles|days|weeks|months|years|/|%|ng|pg|mg/dl|ml/h|"
    r"ml/hr|ml/min|puffs|tabs|tablets|caps|doses|mmhg|bpm|rpm|watts|w|kj|joules|usd|dollars|\$|"
    r"grams?|milligrams?|micrograms?|kilograms?|mls|milliliters?|millilitres?|liters?|litres?|pounds?|ounces?|"
    r"oz|u|h|hr|am|pm|ada|cal|cals|kcals|hz|mhz|rads?|gy|cgy|mgy|sv|msv|meq/l|mosm/kg|iu/l|u/l|units/l)(?![a-z])"
)
AGE_DECADE_BEFORE = re.compile(r"(?i)(?<![\w])in[ \t]+(?:his|her|their|patient's|pt's)[ \t]+(?:(?:early|mid|late)[ \t-]*)?$")
NAME_STOP = re.compile(r"[\n\r\t|;<>\[\]{}]|[ ]{2,}")
NAME_TAIL_CUT = re.compile(
    r"(?i)[ \t,]+(?:on|at|el|a[ \t]+las|dated?|from|for|with|via|per|to|in|de[ \t]+fecha)(?![\w]).*$"
    r"|[ \t]+-[ \t].*$|[ \t]*[0-9(].*$"
)
CREDENTIAL_TAIL = re.compile(
    r"(?:[ \t]*,?[ \t]*(?:" + _alt(vocab.CREDENTIALS) + r")(?![\w]))+[ \t.,]*$"
)
TITLE_HEAD = re.compile(
    r"(?i)(?:dr|dra|doctor|doctora|mr|mrs|ms|miss|mx|sr|sra|srta|prof|don|doña)(?:\.?:?[ \t]+|\.)(?=[A-ZÁÉÍÓÚÑ])"
)
FIELD_LABEL_TAIL = re.compile(
    r"(?i)[ \t,]*(?:(?:date[ \t]+of[ \t]+birth|birth[ \t]*date|d\.?o\.?b\.?|sex|gender|age|mrn|med(?:ical)?[ \t]+rec(?:ord)?"
    r"[ \t]*(?:#|no\.?|number)?|acct|account|dos|date|room|rm|unit|bed|phone|tel|address|ssn|id|attending|pcp|"
    r"provider|physician|referring|location|service|hospital|fecha|edad|sexo|nhc)[ \t]*[#.]?[ \t]*|"
    r"[A-Za-z][\w#.-]*)$"
)
ANY_DIGIT = re.compile(r"[0-9]")
