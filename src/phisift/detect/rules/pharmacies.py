"""Pharmacies named by their chain and store: "Rite Aid #18754", "Kroger Pharmacy Store 2672", "CVS/pharmacy #1234".

Prescription labels, refill faxes, medication histories and claim responses name the
dispensing pharmacy. The chain alone is shared by thousands of stores and names no one;
its store number (or the word "Pharmacy" after a chain that sells more than medicine)
points at one place near the patient, as a hospital's name does, so the chain and
its number are one ORGANIZATION span. A chain's name in prose without them ("picked up
at CVS", "Walgreens flu clinic") stays untouched.
"""

from __future__ import annotations

import re

from .base import Scan, TextPass
from .regex_parts import literal_trie

CHAINS = (
    "CVS", "CVS/pharmacy", "CVS Pharmacy", "Walgreens", "Rite Aid", "Walmart", "Wal-Mart", "Kroger", "Costco", "Publix",
    "Safeway", "Meijer", "H-E-B", "HEB", "Albertsons", "Hy-Vee", "Duane Reade", "Giant Eagle", "Wegmans", "ShopRite",
    "Winn-Dixie", "Harris Teeter", "Sam's Club", "Target", "Fred Meyer", "Vons", "Jewel-Osco", "King Soopers",
    "Boots", "Lloyds", "Lloydspharmacy", "Superdrug", "Shoppers Drug Mart", "London Drugs", "Jean Coutu", "Pharmaprix",
    "Chemist Warehouse", "Priceline Pharmacy", "Guardian Pharmacy", "Apollo Pharmacy", "Medplus",
)
_NAMES = literal_trie({c.lower() for c in CHAINS})
#: On the lower-cased text, found from what must follow a chain's name (a store number's "#", "store",
#: "location", or "pharmacy"), then looked for right before it: the few hits cost less than a scan for
#: forty names.
_MARKS = ("#", "store", "location", "pharmacy")
_CHAIN_BEFORE = re.compile(
    rf"(?<![\w/-])(?:{_NAMES})(?:[ \t]+(?:pharmacy|drug(?:s|[ \t]+store)?|specialty[ \t]+pharmacy))?[ \t]*$"
)
_NUMBER_AFTER = re.compile(r"(?:#[ \t]?|(?:store|location)[ \t]*#?[ \t]*)[0-9]{2,6}(?![\w.-])")
_PHARMACY_AFTER = re.compile(r"pharmacy(?![\w-])")


def _marks(low: str) -> list[int]:
    out = []
    for mark in _MARKS:
        i = low.find(mark)
        while i >= 0:
            out.append(i)
            i = low.find(mark, i + 1)
    return sorted(out)


def find_pharmacy_stores(scan: Scan) -> None:
    """A chain's name (capitalised) and its store number, or the chain and "Pharmacy"."""
    text, low = scan.text, scan.lower
    done = -1
    for at in _marks(low):
        if at < done:
            continue
        chain = _CHAIN_BEFORE.search(low, max(0, at - 40), at)
        if not chain or not text[chain.start()].isupper():
            continue  # "target 120 mg", "# 2": no store
        tail = _NUMBER_AFTER.match(low, at) or _PHARMACY_AFTER.match(low, at)
        if tail:
            scan.emit(chain.start(), tail.end(), "ORGANIZATION", 0.85)
            done = tail.end()


PHARMACY_STORES = TextPass(("ORGANIZATION",), lambda scan: "#" in scan.text or scan.may_hold("pharmacy", "store",
                                                                                             "location"),
                           find_pharmacy_stores)
