"""Cue classes of words (``cu=street``, ``cu=kin``, ...): what a word announces, in English and Spanish.

A CRF trained on a few hundred notes knows the cue words it saw (``w=avenida``);
one it did not see, or saw twice ("Pso.", "Ofiplaza", "cuñada", "setiembre"), has
no weight, and an entity boundary next to it is a guess (MEDDOCAN dev: "Hospital
Miguel Servet | Pso. Isabel La Católica" tagged as one hospital). A class feature
shared by every word of a kind carries what the frequent ones taught to the rare
ones. The classes, from tables phisift already keeps where it has them:

* ``street``: words that open a street address (``rules.vocab.STREET_PREFIXES_ES`` and
  the usual abbreviations; "C" before "/" as in "C/ Mayor");
* ``place``: heads of hospitals and institutions ("Hospital", "Complejo", "Clínica",
  "Fundación", "Universidad");
* ``dept``: the services and departments that stand before them in letterheads
  ("Servicio", "Unidad", "Departamento");
* ``title``: titles before a name ("Dr", "Dra", "Prof");
* ``kin``: relatives (``rules.vocab.RELATIVES`` and their Spanish names);
* ``month``, ``weekday``: from ``phisift.calendar``;
* ``numw``: numbers written in words (ages "trece años", "two months");
* ``ageu``: units of an age ("años", "meses", "days").

Features are the piece's class and its neighbours' (``-1cu=street``, ``1cu=kin``),
case-insensitive.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from .pieces import Piece

_STREET_ABBREVIATIONS = (
    "av", "avd", "avda", "pso", "pº", "pz", "pza", "plz", "ctra", "cra", "urb", "trav", "trva", "gta", "rda",
    "bulevard", "boulevard", "carrera", "calzada", "colonia", "paraje", "polígono", "poligono", "pol",
    "street", "st", "avenue", "ave", "road", "rd", "drive", "dr", "lane", "ln", "blvd", "way", "court", "ct",
)
_PLACE_HEADS = (
    "hospital", "hospitalario", "hospitalaria", "clínica", "clinica", "clínico", "clinico", "complejo", "complexo",
    "centro", "fundación", "fundacion", "fundació", "instituto", "institut", "universidad", "universitat",
    "universitario", "universitaria", "facultad", "residencia", "sanatorio", "policlínica", "policlinica",
    "ambulatorio", "consultorio", "laboratorio", "laboratorios", "escuela", "colegio", "hospice", "clinic",
    "center", "centre", "university", "college", "institute", "foundation", "medical", "health",
)
_DEPARTMENTS = (
    "servicio", "servei", "unidad", "unitat", "departamento", "departament", "sección", "seccion", "área", "area",
    "planta", "edificio", "department", "dept", "division", "service", "unit", "ward",
)
_TITLES = ("dr", "dra", "doctor", "doctora", "prof", "profa", "profesor", "profesora", "sr", "sra", "srta",
           "mr", "mrs", "ms", "miss", "don", "doña")
_KIN_ES = (
    "madre", "padre", "padres", "mamá", "papá", "hermano", "hermana", "hermanos", "hermanas", "hijo", "hija",
    "hijos", "hijas", "esposo", "esposa", "marido", "pareja", "cónyuge", "conyuge", "novio", "novia",
    "abuelo", "abuela", "abuelos", "tío", "tía", "tio", "tia", "tíos", "primo", "prima", "primos", "sobrino",
    "sobrina", "sobrinos", "nieto", "nieta", "nietos", "suegro", "suegra", "cuñado", "cuñada", "yerno", "nuera",
    "gemelo", "gemela", "mellizo", "melliza", "familia", "familiar", "familiares", "materno", "materna",
    "paterno", "paterna", "progenitor", "progenitora", "progenitores", "hermanastro", "hermanastra",
)
_NUMBER_WORDS = (
    "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
    "trece", "catorce", "quince", "dieciséis", "dieciseis", "diecisiete", "dieciocho", "diecinueve", "veinte",
    "veintiuno", "veintidós", "veintidos", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta",
    "noventa", "cien", "primer", "primero", "primera", "segundo", "tercer", "cuarto", "quinto",
)
_AGE_UNITS = ("año", "años", "anos", "mes", "meses", "día", "días", "dia", "dias", "semana", "semanas",
              "year", "years", "yrs", "yr", "month", "months", "mo", "week", "weeks", "wk", "wks", "day", "days")


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    """Lower-case word -> cue class (the first class listed wins for a word in two)."""
    from ...calendar import MONTHS, OTHER_MONTH_SPELLINGS, weekday_words
    from ..rules.ages import NUMBER_WORDS
    from ..rules.vocab import RELATIVES, STREET_PREFIXES_ES

    table: dict[str, str] = {}
    groups = [
        ("title", _TITLES),
        ("street", STREET_PREFIXES_ES + _STREET_ABBREVIATIONS),
        ("place", _PLACE_HEADS),
        ("dept", _DEPARTMENTS),
        ("kin", tuple(RELATIVES) + _KIN_ES),
        ("month", tuple(m for lang in MONTHS for m in MONTHS[lang])
         + tuple(m for lang in OTHER_MONTH_SPELLINGS for m in OTHER_MONTH_SPELLINGS[lang])),
        ("weekday", weekday_words("en") + weekday_words("es")),
        ("numw", tuple(w for w in NUMBER_WORDS if w != "a") + _NUMBER_WORDS),
        ("ageu", _AGE_UNITS),
    ]
    for cls, words in groups:
        for w in words:
            table.setdefault(w.lower(), cls)
    return table


def cue_class(word: str, next_piece: str = "") -> str | None:
    """The cue class of a piece of text (case-insensitive), or None. "C" is a street word before "/"."""
    lw = word.lower()
    if lw == "c":
        return "street" if next_piece == "/" else None
    return _table().get(lw)


def cue_features(pieces: Sequence[Piece]) -> list[list[str]]:
    """Per piece: ``cu=CLASS`` of the piece, ``-1cu=``/``1cu=`` of its left and right neighbours."""
    n = len(pieces)
    classes = [cue_class(p.text, pieces[i + 1].text if i + 1 < n else "") for i, p in enumerate(pieces)]
    out: list[list[str]] = [[] for _ in range(n)]
    for i, c in enumerate(classes):
        if c is None:
            continue
        out[i].append("cu=" + c)
        if i > 0:
            out[i - 1].append("1cu=" + c)
        if i + 1 < n:
            out[i + 1].append("-1cu=" + c)
    return out


__all__ = ["cue_class", "cue_features"]
