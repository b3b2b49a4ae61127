"""Institution surrogates built whole, from the kind of place alone.

"Hospital de Santo António" must not become "Blair Hospital de Santo António", nor
"North Shore Medical Center" "Campbell North Shore Medical Center": every word that
could name the place goes, even a generic one (North, Shore, Church), because
together they are the name. What stays is the kind of institution, as the detector's
own head lexicons know it: a trailing head ("Medical Center", "Orthopedics",
"Health System") or a leading one ("Hospital", "University", "Centro de Salud") with
its connector ("de", "of"). The new name is a surname before a trailing head, a city
after a leading one:

    North Shore Medical Center            -> Poole Medical Center
    Hospital de Santo António             -> Hospital de Irvine
    University of Michigan Health System  -> University of Fresno Health System
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .generic import WORD

_CONNECTORS = frozenset({"of", "de", "del", "at", "for", "in"})
_MAX_HEAD_WORDS = 4


def _phrases(*names: str) -> frozenset[str]:
    folder = resources.files("phisift").joinpath("data/lexicons")
    out = set()
    for name in names:
        for line in folder.joinpath(name).read_text(encoding="utf-8").splitlines():
            words = WORD.findall(line.lower())
            if words:
                out.add(" ".join(words))
    return frozenset(out)


@lru_cache(maxsize=1)
def heads() -> tuple[frozenset[str], frozenset[str]]:
    """(leading heads, trailing heads), lower case, words joined by one space."""
    first = _phrases("hospital_heads_first.txt", "organization_heads_first.txt")
    last = _phrases("hospital_heads.txt", "organization_heads.txt", "organization_heads_strong.txt")
    return first, last


def split(original: str) -> tuple[str, str, str]:
    """(leading head, connector, trailing head) of an institution name, each as written or ''."""
    words = WORD.findall(original)
    lower = [w.lower() for w in words]
    first, last = heads()
    lead = next((k for k in range(min(_MAX_HEAD_WORDS, len(words) - 1), 0, -1)
                 if " ".join(lower[:k]) in first), 0)
    trail = next((k for k in range(min(_MAX_HEAD_WORDS, len(words) - lead), 0, -1)
                  if " ".join(lower[-k:]) in last and len(words) - k > lead), 0)
    connector = words[lead] if lead and lead < len(words) - trail and lower[lead] in _CONNECTORS else ""
    return " ".join(words[:lead]), connector, " ".join(words[len(words) - trail :]) if trail else ""


def build(original: str, name: str, place: str) -> str | None:
    """The whole new name, or None when the original shows no kind of institution."""
    lead, connector, trail = split(original)
    if lead:
        parts = [lead, connector, place, trail]
    elif trail:
        parts = [name, trail]
    else:
        return None
    out = " ".join(p for p in parts if p)
    return out.upper() if original.isupper() else out
