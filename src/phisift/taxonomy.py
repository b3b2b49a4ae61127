"""PHI categories: the i2b2 2014 subtypes, their main categories, HIPAA, and label maps.

Labels from other corpora stay as they are inside a model trained on them (a
MEDDOCAN model predicts MEDDOCAN's 22 types); these maps relate them to the i2b2
categories for evaluation and replacement.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from .errors import InputError

#: i2b2 2014 main category -> subtypes.
I2B2_CATEGORIES: dict[str, tuple[str, ...]] = {
    "NAME": ("PATIENT", "DOCTOR", "USERNAME"),
    "PROFESSION": ("PROFESSION",),
    "LOCATION": ("HOSPITAL", "ORGANIZATION", "STREET", "CITY", "STATE", "ZIP", "COUNTRY", "LOCATION-OTHER"),
    "AGE": ("AGE",),
    "DATE": ("DATE",),
    "CONTACT": ("PHONE", "FAX", "EMAIL", "URL", "IPADDR"),
    "ID": (
        "MEDICALRECORD", "SSN", "ACCOUNT", "LICENSE", "DEVICE", "IDNUM", "BIOID", "HEALTHPLAN", "VEHICLE",
    ),
}

I2B2_LABELS: tuple[str, ...] = tuple(sub for subs in I2B2_CATEGORIES.values() for sub in subs)

#: subtype -> main category
CATEGORY_OF: dict[str, str] = {sub: cat for cat, subs in I2B2_CATEGORIES.items() for sub in subs}

#: MEDDOCAN XML element (category) -> the types MEDDOCAN files put under it. MEDDOCAN
#: reuses the i2b2 element names; family members and sex sit under OTHER. Kept as the
#: i2b2 writer has always used it: ``NUMERO_IDENTIF`` (not the corpus's
#: ``OTRO_NUMERO_IDENTIF``) and no ``NUMERO_BENEF_PLAN_SALUD``, whose tags therefore
#: fall back to the writer's default element.
MEDDOCAN_CATEGORIES: dict[str, tuple[str, ...]] = {
    "NAME": ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"),
    "PROFESSION": ("PROFESION",),
    "LOCATION": ("HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "CALLE", "TERRITORIO", "PAIS"),
    "AGE": ("EDAD_SUJETO_ASISTENCIA",),
    "DATE": ("FECHAS",),
    "CONTACT": ("NUMERO_TELEFONO", "NUMERO_FAX", "CORREO_ELECTRONICO", "URL_WEB", "DIREC_PROT_INTERNET"),
    "ID": (
        "ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO", "ID_TITULACION_PERSONAL_SANITARIO",
        "ID_EMPLEO_PERSONAL_SANITARIO", "IDENTIF_VEHICULOS_NRSERIE_PLACAS", "IDENTIF_DISPOSITIVOS_NRSERIE",
        "IDENTIF_BIOMETRICOS", "NUMERO_IDENTIF",
    ),
    "OTHER": ("SEXO_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA", "OTROS_SUJETO_ASISTENCIA"),
}

#: Element name of every i2b2 2014 and MEDDOCAN type in i2b2-style XML: what a tag is
#: written under when the document stored no category of its own.
XML_ELEMENT_OF: dict[str, str] = {
    **CATEGORY_OF,
    **{sub: cat for cat, subs in MEDDOCAN_CATEGORIES.items() for sub in subs},
}

#: The subtypes that the HIPAA Safe Harbor rule lists (45 CFR 164.514(b)(2)), as the
#: i2b2 2014 evaluation's HIPAA subset counts them. Doctors' names, hospitals, professions
#: and countries are not Safe Harbor identifiers; cities, streets and ZIP codes are
#: (geographic subdivisions smaller than a state). Ages count only above 89, which a
#: span-level subset cannot see, so AGE is included as the i2b2 script does.
HIPAA_LABELS: frozenset[str] = frozenset(
    {
        "PATIENT", "USERNAME", "STREET", "CITY", "ZIP", "LOCATION-OTHER", "AGE", "DATE",
        "PHONE", "FAX", "EMAIL", "URL", "IPADDR", "MEDICALRECORD", "SSN", "ACCOUNT",
        "LICENSE", "DEVICE", "IDNUM", "BIOID", "HEALTHPLAN", "VEHICLE",
    }
)

#: The HIPAA Safe Harbor identifier (45 CFR 164.514(b)(2)(i), items A-R) each label of
#: ``HIPAA_LABELS`` falls under; the other labels are PHI in i2b2 2014 but no Safe Harbor item.
SAFE_HARBOR: dict[str, str] = {
    "PATIENT": "(A) names",
    "USERNAME": "(R) other unique identifiers",
    "STREET": "(B) places smaller than a state",
    "CITY": "(B) places smaller than a state",
    "ZIP": "(B) places smaller than a state",
    "LOCATION-OTHER": "(B) places smaller than a state",
    "AGE": "(C) ages over 89",
    "DATE": "(C) dates (not the year)",
    "PHONE": "(D) telephone numbers",
    "FAX": "(E) fax numbers",
    "EMAIL": "(F) e-mail addresses",
    "SSN": "(G) social security numbers",
    "MEDICALRECORD": "(H) medical record numbers",
    "HEALTHPLAN": "(I) health plan beneficiary numbers",
    "ACCOUNT": "(J) account numbers",
    "LICENSE": "(K) certificate/license numbers",
    "VEHICLE": "(L) vehicle identifiers and serial numbers",
    "DEVICE": "(M) device identifiers and serial numbers",
    "URL": "(N) web URLs",
    "IPADDR": "(O) IP addresses",
    "BIOID": "(P) biometric identifiers",
    "IDNUM": "(R) other unique identifiers",
}


def safe_harbor(label: str) -> str:
    """The Safe Harbor item a label falls under, or "no"."""
    if label in SAFE_HARBOR:
        return SAFE_HARBOR[label]
    return "no"


#: MEDDOCAN (IberLEF 2019) types -> i2b2 2014 subtypes.
MEDDOCAN_TO_I2B2: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PATIENT",
    "NOMBRE_PERSONAL_SANITARIO": "DOCTOR",
    "FAMILIARES_SUJETO_ASISTENCIA": "PATIENT",
    "PROFESION": "PROFESSION",
    "HOSPITAL": "HOSPITAL",
    "CENTRO_SALUD": "HOSPITAL",
    "INSTITUCION": "ORGANIZATION",
    "CALLE": "STREET",
    "TERRITORIO": "CITY",
    "PAIS": "COUNTRY",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "FECHAS": "DATE",
    "NUMERO_TELEFONO": "PHONE",
    "NUMERO_FAX": "FAX",
    "CORREO_ELECTRONICO": "EMAIL",
    "URL_WEB": "URL",
    "DIREC_PROT_INTERNET": "IPADDR",
    "ID_SUJETO_ASISTENCIA": "MEDICALRECORD",
    "ID_ASEGURAMIENTO": "HEALTHPLAN",
    "ID_CONTACTO_ASISTENCIAL": "ACCOUNT",
    "ID_TITULACION_PERSONAL_SANITARIO": "LICENSE",
    "ID_EMPLEO_PERSONAL_SANITARIO": "IDNUM",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "VEHICLE",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "DEVICE",
    "IDENTIF_BIOMETRICOS": "BIOID",
    "NUMERO_BENEF_PLAN_SALUD": "HEALTHPLAN",
    "OTRO_NUMERO_IDENTIF": "IDNUM",
    # Sex and "other" are PHI in MEDDOCAN but have no i2b2 subtype.
    "SEXO_SUJETO_ASISTENCIA": "OTHER",
    "OTROS_SUJETO_ASISTENCIA": "OTHER",
}

#: Presidio research generator labels -> i2b2 2014 subtypes (general PII, not clinical).
PRESIDIO_TO_I2B2: dict[str, str] = {
    "PERSON": "PATIENT",
    "ADDRESS": "STREET",
    "LOCATION": "CITY",
    "GPE": "CITY",
    "ORGANIZATION": "ORGANIZATION",
    "PHONE_NUMBER": "PHONE",
    "DATE_TIME": "DATE",
    "EMAIL_ADDRESS": "EMAIL",
    "US_SSN": "SSN",
    "CREDIT_CARD": "ACCOUNT",
    "IBAN_CODE": "ACCOUNT",
    "DOMAIN_NAME": "URL",
    "URL": "URL",
    "IP_ADDRESS": "IPADDR",
    "US_DRIVER_LICENSE": "LICENSE",
    "TITLE": "OTHER",
    "PREFIX": "OTHER",
    "NRP": "OTHER",
}

#: Named maps usable with ``--label-map``.
BUILTIN_MAPS: dict[str, Mapping[str, str]] = {
    "meddocan": MEDDOCAN_TO_I2B2,
    "presidio": PRESIDIO_TO_I2B2,
    "category": CATEGORY_OF,
}


def category(label: str) -> str:
    """Main i2b2 category of a subtype (an unknown label is its own category)."""
    return CATEGORY_OF.get(label, label)


def is_hipaa(label: str) -> bool:
    return label in HIPAA_LABELS


def load_label_map(spec: str | Path) -> dict[str, str]:
    """A label map by built-in name (meddocan, presidio, category) or from a file.

    Files are JSON objects ``{"FROM": "TO"}`` or two-column TSV/CSV lines; labels
    not in the map stay as they are.
    """
    name = str(spec)
    if name in BUILTIN_MAPS:
        return dict(BUILTIN_MAPS[name])
    path = Path(spec)
    if not path.exists():
        raise InputError(f"no such label map (built-in maps: {', '.join(BUILTIN_MAPS)})", path)
    raw = path.read_text(encoding="utf-8")
    if raw.lstrip().startswith("{"):
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path, line=exc.lineno) from None
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise InputError("label map must map strings to strings", path)
        return dict(data)
    mapping: dict[str, str] = {}
    for number, line in enumerate(raw.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.replace(",", "\t").split("\t") if p.strip()]
        if len(parts) != 2:
            raise InputError("expected two columns: FROM and TO", path, line=number)
        mapping[parts[0]] = parts[1]
    return mapping
