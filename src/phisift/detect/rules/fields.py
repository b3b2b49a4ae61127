"""Form fields: the value after "Patient Name:", "Attending:", "Signed by", "Hospital:", "Address:", "User:".

The label says what the value is: a patient, a clinician, a hospital, a city or
country, a street, a login name. A label word inside a sentence ("Informe médico:",
"Drug Name:") is not a field; the value is cut at the next field label or the end
of the line, and cleaned (titles, credentials, trailing clauses) before it is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import vocab
from .base import CueWords, Languages, Scan
from .names import CREDENTIAL_TAIL, NAME_STOP, TITLE_HEAD, clean_name
from .regex_parts import SP, WS


_NAME_LABEL_WORDS = frozenset({
    "patient", "patient's", "pt", "pt's", "full", "legal", "first", "last", "given", "family", "print",
    "printed", "your", "patients", "client",
})
#: The subject words a fax or letter puts before the patient's name after "Re:".
_RE_SUBJECT = re.compile(
    r"(?i:(?:referral|referrals|request|requests|records?|consult|consultation|follow-?up|results?|report|"
    r"reports|medical|lab|labs|imaging|transfer|appointment|new|urgent|patient|pt|release|information|"
    r"info|prior|authorization|auth|and|&|of|for|your|our|"
    # a letter's subject ("RE: Evaluation", "RE: Independent Medical Examination"): no name
    r"evaluations?|assessments?|exam|examinations?|summary|letter|status|update|clearance|disability|"
    r"progress|treatment|visit|opinion|review|second|independent|physical|therapy|discharge|admission|"
    r"history|notes?|claim|injury|work|workers'?|compensation|qme|ime|psychological|neuropsychological|"
    r"psychiatric|dental|surgical|supplemental|re-?evaluation)(?![\w'’])[ \t]*)*"
    r"(?:[-–:][ \t]*)?"
)
_SERVICE_HEAD = re.compile(r"[A-Za-z/-]+")
#: A login after "<verb> by", made for a computer: "a.fowler", "mt_jlee", "c-young", "kpatel42".
_LOGIN_AHEAD = re.compile(r"[ \t]*:?[ \t]*(?:[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)+|[a-z]+[0-9]+)(?![\w@])")
#: Public health programmes after "approved by", "Provider:": a payer, no clinician ("approved by Medicare").
_PROGRAMMES = frozenset("medicare medicaid masshealth medi-cal tricare champva medigap".split())
#: Values after "Address:" that are not a street: an IP or MAC address, a placeholder, no fixed abode.
_NOT_STREET_VALUE = re.compile(
    r"(?i)[ \t]*(?:[0-9a-f.:]+[ \t]*$|(?:homeless|none|unknown|n/a|same|see|on[ \t]+file|not|no|"
    r"confirmed|verified|updated|unchanged|as[ \t]+above|above|below|in[ \t]+chart)(?![\w/])|$)"
)
_PLACE_FIELDS = {"f_HOSPITAL": ("HOSPITAL", 0.75), "f_CITY": ("CITY", 0.8), "f_COUNTRY": ("COUNTRY", 0.8)}
_USERNAME_VALUE = re.compile(r"[A-Za-z0-9][\w.@-]*")
_HOSPITAL_TOKEN = re.compile(r"[A-Z0-9ÁÉÍÓÚÑ][\w'’.&/-]*")
_HOSPITAL_CONNECTORS = frozenset(
    {"of", "the", "for", "and", "&", "de", "del", "la", "las", "los", "y", "at", "in", "el", "-"}
)
FIELD_LABEL_TAIL = re.compile(
    r"(?i)[ \t,]*(?:(?:date[ \t]+of[ \t]+birth|birth[ \t]*date|d\.?o\.?b\.?|sex|gender|age|mrn|med(?:ical)?[ \t]+rec(?:ord)?"
    r"[ \t]*(?:#|no\.?|number)?|acct|account|dos|date|room|rm|unit|bed|phone|tel|address|ssn|id|attending|pcp|"
    r"provider|physician|referring|location|service|hospital|fecha|edad|sexo|nhc)[ \t]*[#.]?[ \t]*|"
    r"[A-Za-z][\w#.-]*)$"
)

#: First words of a two-word field label ("ATTENDING PHYSICIAN:", "PRIMARY CARE:") left at a value's end.
_LABEL_FIRST_WORDS = re.compile(
    r"(?i)[ \t,]+(?:attending|referring|admitting|consulting|dictating|ordering|primary|discharging|"
    r"treating|surgeon|assistant|care|transcribed|dictated|signed|reviewed|typed)[ \t]*$"
)


def _field_regex(spanish: bool) -> str:
    """Field labels by kind (patient, clinician, hospital, login, city, country, street) with the colon that
    makes them a label.
    """
    role = r"(?:physician|provider|doctor|md|surgeon|clinician)"
    patient = (
        rf"patient(?:'s)?(?:{SP}+(?:full|legal))?{SP}+name|pt\.?{SP}+name|name|patient"
        rf"|emergency{SP}+contact(?:{SP}+name)?|next{SP}+of{SP}+kin|nok|guardian(?:{SP}+name)?"
    )
    doctor = (
        rf"(?:attending|referring|primary{SP}+care|admitting|consulting|ordering|treating|performing|"
        rf"interpreting|requesting|rendering){SP}*{role}?(?:{SP}+name)?|pcp(?:{SP}+name)?"
        rf"|ref(?:\.|erring)?{SP}*phys(?:ician)?\.?|(?:physician|provider|doctor|surgeon|clinician){SP}*(?:name)?"
        rf"|assistant{SP}+surgeon|assistants?|assistant\(s\)|anesthesiologist|radiologist|pathologist"
        rf"|resident|fellow|author|cc"
    )
    doctor_by = rf"(?:electronically{SP}+)?(?:signed|dictated|reviewed|approved|attested|verified){SP}+by"
    hospital = rf"(?:hospital|facility|institution|clinic){SP}*(?:name)?|admitted{SP}+to|transferred{SP}+(?:to|from)"
    username = rf"user{SP}*(?:name|id)?|login"
    city = r"city|town"
    country = r"country"
    # most English addresses are found by their shape (number, name, suffix); after an
    # "Address:" label the value is a street even without them ("Address: O'Sheehan Lane, ...")
    street = rf"(?:(?:home|street|mailing|patient|pt|permanent|current|local|residential){SP}+)?address"
    if spanish:
        patient += (rf"|paciente|nombre(?:{SP}+(?:del{SP}+)?paciente)?|apellidos(?:{SP}+y{SP}+nombre)?"
                    rf"|nombre{SP}+y{SP}+apellidos")
        doctor += (rf"|m[ée]dico(?:{SP}+(?:responsable|remitente|de{SP}+cabecera))?|facultativo|doctora?"
                   rf"|responsable(?:{SP}+cl[ií]nico)?")
        doctor_by += rf"|(?:firmado|realizado|informado|remitido|derivado|atendido|enviado|valorado){SP}+por"
        hospital += rf"|centro(?:{SP}+de{SP}+salud)?"
        username += "|usuario"
        city += rf"|localidad(?:{WS}/{WS}provincia)?|provincia|municipio|ciudad|poblaci[oó]n"
        country += r"|pa[ií]s(?:[ \t]+de[ \t]+(?:nacimiento|origen|residencia))?"
        street += r"|domicilio|direcci[oó]n"
    return (
        rf"(?:(?i:(?P<f_PATIENT>{patient})|(?P<f_RE>re)|(?P<f_DOCTOR>{doctor})|(?P<f_HOSPITAL>{hospital})"
        rf"|(?P<f_USERNAME>{username})|(?P<f_CITY>{city})|(?P<f_COUNTRY>{country})|(?P<f_STREET>{street}))"
        rf"{WS}:|(?i:(?P<f_BY>{doctor_by})){WS}:?)"
    )


@dataclass(frozen=True)
class FieldPatterns:
    """What the form-field recognizer compiles once per language set."""

    #: a field label, its kind in the group ``f_<KIND>``
    field: re.Pattern


def compile_patterns(languages: Languages) -> FieldPatterns:
    """The field labels of the chosen languages."""
    return FieldPatterns(field=re.compile(_field_regex(languages.spanish)))


def _field_words(lang: Languages) -> list[str]:
    """The first word of every field label: the trigger words of ``_form_field``."""
    words = [
        "patient", "patient's", "pt", "name", "emergency", "next", "nok", "guardian", "re", "attending",
        "referring", "primary", "admitting", "consulting", "ordering", "treating",
        "performing", "interpreting", "requesting", "rendering", "pcp", "ref", "physician", "provider",
        "doctor", "surgeon", "clinician", "assistant", "anesthesiologist", "radiologist", "pathologist",
        "resident", "fellow", "author", "cc", "electronically", "signed", "dictated", "reviewed", "approved",
        "attested", "verified", "hospital", "facility", "institution", "clinic", "admitted", "transferred",
        "user", "username", "userid", "login", "city", "town", "country", "address", "home", "street",
        "mailing", "permanent", "current", "local", "residential",
    ]
    if lang.spanish:
        words += ["paciente", "nombre", "apellidos", "médico", "medico", "facultativo", "doctora", "firmado",
                  "realizado", "informado", "centro", "usuario", "responsable", "remitido", "derivado", "atendido",
                  "enviado", "valorado", "localidad", "provincia", "municipio", "ciudad", "población", "poblacion",
                  "país", "pais", "domicilio", "dirección", "direccion"]
    return words


def _form_field(scan: Scan, s: int) -> int:
    """The value of the form field whose label starts at ``s``, labelled by what the label says it holds."""
    text = scan.text
    m = scan.p.fields.field.match(text, s)
    if not m:
        return 0
    group = m.lastgroup
    cue = m.group(group)
    cue_end = m.end()
    if group != "f_BY" and _inside_sentence(scan, s):
        # "Informe médico:", "Drug Name:" are not the form field they end with
        prev = scan.prev_words(s)[0]
        if not (group == "f_PATIENT" and cue.lower() == "name" and prev and prev[-1].lower() in _NAME_LABEL_WORDS):
            return cue_end
    found = _raw_value(scan, group, cue_end)
    if found is None:
        if group == "f_BY" and _LOGIN_AHEAD.match(scan.text, cue_end):
            return 0  # "Verified by a.fowler": no service but a login (the login rules take it)
        return cue_end  # "reviewed by Cardiology", "approved by Medicare": no name
    v0, raw, head = found
    if group == "f_USERNAME":
        return _login_value(scan, v0, raw) or cue_end
    labelled = _labelled_value(group, cue, raw, head)
    if labelled is None:
        # "Verified by ward_p ref# 53923", "signed by: mlopez   Job #": no name after "<verb> by", the login rules look
        return 0 if group == "f_BY" else cue_end
    value_start, value, label, score = labelled
    start = v0 + value_start
    if label == "STREET" and scan.p.addresses.street_es is not None:
        known = scan.p.addresses.street_es.match(text, start)
        if known and known.group("numbered"):
            value = known.group()  # "C/ Mayor 12, Madrid": the town is not the street
    scan.emit(start, start + len(value), label, score)
    return start + len(value)


def _raw_value(scan: Scan, group: str, cue_end: int) -> tuple[int, str, re.Match | None] | None:
    """Where a field's value starts, its raw text up to the next label or the line end, and the title before it.

    None when the value is a service, not a person ("reviewed by Cardiology").
    """
    text = scan.text
    line_end = text.find("\n", cue_end, cue_end + 120)
    if line_end < 0:
        line_end = min(scan.n, cue_end + 120)
    v0 = cue_end
    while v0 < line_end and text[v0] in " \t,;":  # ", Dr. Lee" where a flattened form lost its break
        v0 += 1
    head = None
    if group == "f_RE":
        # "Re: Referral - Lindsay Benjamin": the name follows the subject words;
        # "Re: Referral for evaluation" has none
        v0 = _RE_SUBJECT.match(text, v0, line_end).end()
    if group in ("f_RE", "f_DOCTOR", "f_BY"):
        service = _SERVICE_HEAD.match(text, v0, line_end)
        if service and (service.group().strip().lower() in vocab.SERVICE_WORDS or service.group().strip().lower() in _PROGRAMMES):
            return None  # "reviewed by Cardiology", "Provider: the team", "approved by Medicare"
    if group in ("f_PATIENT", "f_RE", "f_DOCTOR", "f_BY"):
        head = TITLE_HEAD.match(text, v0, line_end)
        if head:
            v0 = head.end()  # "Dra.  Victoria Fuentelsaz": the title is not part of the name
    stop = NAME_STOP.search(text, v0, line_end)
    vend = stop.start() if stop else line_end
    raw = text[v0:vend]
    colon = raw.find(":")
    if colon >= 0:
        pre = raw[:colon]
        tail = FIELD_LABEL_TAIL.search(pre)
        raw = pre[: tail.start()] if tail else pre
        for _ in range(3):  # "Dr. X. ATTENDING PHYSICIAN:", "Dr. Y. PRIMARY CARE PHYSICIAN:": the next label's words
            more = _LABEL_FIRST_WORDS.search(raw)
            if not more:
                break
            raw = raw[: more.start()]
    return v0, raw, head


#: Two or three words of letters alone to the value's end ("Carl Berecz", "heather pustivšek"): a person's name.
_PERSON_NOT_LOGIN = re.compile(r"[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){1,2}(?=[ \t]*[.?!]?[ \t]*$)")


def _login_value(scan: Scan, v0: int, raw: str) -> int:
    """The login name after "User:" or "Login:"; its end, or 0 when the value is a word ("User: nursing")."""
    u = _USERNAME_VALUE.match(raw)
    low = u.group().lower() if u else ""
    if low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NON_NAME_VALUES:
        return 0  # "User: nursing", "Login: unknown"
    person = _PERSON_NOT_LOGIN.match(raw) if u and u.group().isalpha() else None
    if person and not any(w.lower() in vocab.NON_NAME_VALUES or w.lower() in vocab.SERVICE_WORDS
                          for w in person.group().split()):
        scan.emit(v0, v0 + person.end(), "PATIENT", 0.7)  # "User: Carl Berecz": a login has no space; a person
        return v0 + person.end()
    if u and (len(u.group()) >= 3 or any(c.isdigit() or c in "._" for c in u.group())):
        scan.emit(v0, v0 + u.end(), "USERNAME", 0.8)
        return v0 + u.end()
    return 0


#: The postal code's label after a town on a form line, with no colon of its own ("City: Boston Zip 02139").
_NEXT_POSTAL_LABEL = re.compile(r"(?i)[ \t,]+(?:zip|zipcode|zip[ \t]+code|post[ \t]?code|postal[ \t]+code)\b.*$")


def _labelled_value(group: str, cue: str, raw: str, head: re.Match | None) -> tuple[int, str, str, float] | None:
    """(offset in ``raw``, value, label, score) of a street, place or person field; None when it holds none."""
    if group == "f_STREET":
        if cue.lower().endswith("address"):
            raw = raw.split(",", 1)[0]  # "Address: 12 Elm St, Boston, MA": the town is not the street
            if "@" in raw or "://" in raw or _NOT_STREET_VALUE.match(raw):
                return None
        value_start, value = _clean_address(raw)
        label, score = "STREET", 0.8
    elif group in ("f_HOSPITAL", "f_CITY", "f_COUNTRY"):
        if group == "f_CITY":
            raw = _NEXT_POSTAL_LABEL.sub("", raw)  # "City: Boston Zipcode 02139": the next field's label
        value_start, value = _clean_hospital(raw)
        label, score = _PLACE_FIELDS[group]
        if group != "f_HOSPITAL" and len(value.split()) > 4:
            return None
    else:
        value_start, value = clean_name(raw)
        label = "PATIENT" if group in ("f_PATIENT", "f_RE") else "DOCTOR"
        score = 0.6 if group == "f_RE" else 0.8
        if group == "f_DOCTOR" and cue == "CC":
            # upper-case CC is usually the chief complaint; take it only when it names a clinician
            if not (head or CREDENTIAL_TAIL.search(raw.rstrip(" ."))):
                return None
            score = 0.7
        elif group == "f_DOCTOR" and cue.lower() == "cc":
            score = 0.7
    if not value:
        return None
    return value_start, value, label, score


def _inside_sentence(scan: Scan, pos: int) -> bool:
    """Whether a word stands just before ``pos`` on the same line, one blank away."""
    text = scan.text
    j = pos
    while j > 0 and text[j - 1] == " ":
        j -= 1
    return pos - j <= 1 and j > 0 and text[j - 1].isalpha()


def _clean_address(raw: str) -> tuple[int, str]:
    """A street address after "Domicilio:": up to the end of the sentence."""
    value = re.split(r"\.(?:[ \t]|$)", raw, maxsplit=1)[0].rstrip(" \t.,;:-")
    offset = len(value) - len(value.lstrip(" \t"))
    value = value.strip(" \t")
    if not value or not value[0].isalnum() or len(value) > 80 or value.lower() in vocab.NON_NAME_VALUES:
        return 0, ""
    return offset, value


def _clean_hospital(raw: str) -> tuple[int, str]:
    """A hospital, city or country value: up to a number or a dash clause, capitalised words and connectors only."""
    value = re.sub(r"[ \t]*(?:[0-9(].*|[ \t]+-[ \t].*)$", "", raw).rstrip(" \t.,;:-")
    offset = len(value) - len(value.lstrip(" \t"))
    value = value.strip(" \t")
    if not value or value.lower() in vocab.NON_NAME_VALUES or len(value) > 80:
        return 0, ""
    tokens = value.split()
    if not 1 <= len(tokens) <= 8 or not _HOSPITAL_TOKEN.fullmatch(tokens[0]):
        return 0, ""
    for tok in tokens:
        if tok.lower() not in _HOSPITAL_CONNECTORS and not _HOSPITAL_TOKEN.fullmatch(tok):
            return 0, ""
    return offset, value


FIELD_WORDS = CueWords("field", _field_words, _form_field)
