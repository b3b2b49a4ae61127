"""Sentence templates that carry injected PHI, and the slot fillers behind them.

A template is plain text with ``{slot}`` fields; each slot names a filler that
returns a ``Phrase``. Templates are grouped by where they go (a header line, a
sentence inside the prose, a sign-off, a query) and, for inline sentences, by
the family they test, so that a corpus covers every family evenly.
"""

from __future__ import annotations

import re
from typing import Callable

from . import ids, numbers, people, places
from .phrase import Ctx, Phrase, Seg, lit, map_phi, phi

Filler = Callable[[Ctx], Phrase]


def _an(ctx: Ctx) -> Phrase:
    job = ids.profession(ctx)
    article = "an " if job[0].text[:1].lower() in "aeiou" else "a "
    return (lit(article),) + job


def _title_patient_lower(ctx: Ctx) -> Phrase:
    first, last = people.first_last(ctx)
    surname = people.ascii_fold(last).lower()
    return (lit(ctx.pick(("mrs ", "mr ", "ms ", "Mrs ", "Mr "))), phi(surname, "PATIENT", "person", "lower_no_period"))


FILLERS: dict[str, Filler] = {
    "patient": people.patient,
    "patient_caps": lambda c: people.name(c, "PATIENT", "last_first_caps"),
    "patient_lower": _title_patient_lower,
    "titled_patient": lambda c: people.titled(c, "PATIENT"),
    "pfirst": people.first_name,
    "doctor": people.doctor,
    "staff": people.staff,
    "address": places.address,
    "us_address": places.us_address,
    "intl": places.intl_address,
    "street": places.street_only,
    "country": places.country,
    "city": places.city,
    "hospital": places.hospital,
    "org": places.organization,
    "age": numbers.age_phrase,
    "age_value": numbers.age_value,
    "date": numbers.date_phrase,
    "date_iso": lambda c: numbers.date_phrase(c, "iso_datetime"),
    "holiday": lambda c: numbers.date_phrase(c, "holiday_year"),
    "date_lower": lambda c: numbers.date_phrase(c, "lower_abbrev"),
    "date_nth": lambda c: numbers.date_phrase(c, "the_nth_of"),
    "sid": ids.shaped_id,
    "cid": ids.cued_id,
    "user": ids.username,
    "plate": ids.plate,
    "mac": ids.mac,
    "iban": ids.iban,
    "coord": ids.coordinates,
    "ident": ids.identifier,
    "phone": ids.phone,
    "fax": lambda c: ids.phone(c, "FAX"),
    "email": ids.email,
    "url": ids.url,
    "ip": ids.ip,
    "job": ids.profession,
    "ajob": _an,
}

INLINE: dict[str, tuple[str, ...]] = {
    "address": (
        "She lives at {address}.", "The patient lives on {street} with her daughter.", "Home address: {us_address}.",
        "He recently moved here from {country}.", "Mailing address on file:\n{intl}",
        "Her son lives off {street} in {city}.",
        "He was born in {city}, {country}, and emigrated in his twenties.", "Send the letter to {address}.",
        "She is staying with her sister at {address} until she recovers.",
    ),
    "institution": (
        "She was transferred from {hospital} for further care.", "Outside records were requested from {hospital}.",
        "He was previously followed at {hospital}.", "The specimen was sent to {org} for review.",
        "A letter was received from the {org} regarding his claim.", "She is employed by {org}.",
        "Imaging from {hospital} was reviewed.", "He had a second opinion at {hospital} last year.",
    ),
    "person": (
        "{patient} was seen today accompanied by her husband, {patient}.", "Called {pfirst} back with the results.",
        "{pfirst} states the pain is better today.", "Discussed with {doctor}, who agrees with the plan.",
        "Seen together with {staff}.", "The patient's daughter, {patient}, is the health care proxy.",
        "Emergency contact is {patient} at {phone}.", "I spoke with {doctor} by phone.",
        "Case reviewed with {staff} and {doctor}.", "{titled_patient} tolerated the procedure well.",
    ),
    "age": (
        "The patient is {age}.", "Her mother is {age} and in good health.",
        "He lives with his father, who is {age}.", "History obtained from the patient, who is {age}.",
        "Her older brother, now {age}, has the same condition.",
    ),
    "date": (
        "She was last seen on {date}.", "Follow-up appointment on {date}.", "Surgery is scheduled for {date}.",
        "Symptoms began around {holiday}.", "Event logged {date_iso}.", "Seen in clinic {date_lower}.",
        "The biopsy was done on {date_nth}.", "Last colonoscopy {date}.",
    ),
    "identifier": (
        "Please quote {sid} on all correspondence.", "Ref #{sid}.", "Specimen {sid} was received intact.",
        "{cid}.", "Patient portal user: {user}.", "She messaged the office as {user} on the portal.",
        "His truck, plate {plate}, was towed after the accident.", "Home monitor {mac} uploaded readings overnight.",
        "Refund to IBAN {iban}.", "The incident occurred at {coord}.", "Insurance card shows {sid}.",
        "Reference {ident} for the claim.",
    ),
    "profession": (
        "She works as {ajob} at {org}.", "He is a retired {job}.", "Occupation: {job}.",
        "Her husband is {ajob}.", "He was working as {ajob} when the symptoms began.",
    ),
    "contact": (
        "Her cell phone is {phone}.", "Fax results to {fax}.", "She can be reached at {email}.",
        "Results are posted at {url}.", "Remote session from {ip}.", "Call {phone} with questions.",
    ),
}
HEADERS: tuple[str, ...] = (
    "PATIENT NAME: {patient_caps}\nDOB: {date}\n{cid}\n", "RE: {patient}\nDATE OF SERVICE: {date}\n",
    "{hospital}\n{address}\n", "Patient: {patient}   Age: {age_value}   {cid}\n", "{patient}, {date}\n",
    "To: {doctor}\nFrom: {staff}\nDate: {date}\n",
)
SIGNOFFS: tuple[str, ...] = (
    "\n\n{doctor}\n{hospital}\nPhone {phone}  Fax {fax}", "\n\nElectronically signed by {staff} on {date_iso}.",
    "\n\ncc: {doctor}, {hospital}", "\n\nDictated by {doctor}; transcribed {date} by {staff}.",
    "\n\nThank you for referring {titled_patient}. Please call {phone} with any questions.",
)
QUERIES: tuple[str, ...] = (
    "Can you tell me when {titled_patient} is scheduled for the MRI?",
    "can you tell me when {patient_lower} has her next appt",
    "Is {doctor} on call at {hospital} tonight?",
    "What's the fax number for {hospital}? Need to send records for {patient}.",
    "did {pfirst} call back about the labs from {date}?",
    "Where do I send the bill for {patient}, {address}?",
    "Who is the PCP for {patient} ({sid})?",
    "How old is {patient}? The chart says {age_value}.",
    "Is {user} the right portal login for {patient}?",
    "Can you email {email} the discharge summary from {date}?",
    "My father {patient} was born {date} - can he still get the shingles vaccine?",
    "i am {age} and work as {ajob}, is it safe to go back to work after {date_lower}?",
    "Is the clinic on {street} open on {holiday}?",
    "Could {doctor} see my son at {hospital} next week? Call me at {phone}.",
    "We moved from {country} to {city} - how do I transfer records from {org}?",
)

_SLOT = re.compile(r"\{(\w+)\}")


def fill(ctx: Ctx, template: str) -> Phrase:
    """The template with each slot filled; single spans sometimes re-cased or misspelt."""
    out: list[Seg] = []
    pos = 0
    for m in _SLOT.finditer(template):
        if m.start() > pos:
            out.append(lit(template[pos : m.start()]))
        out.extend(vary(ctx, FILLERS[m.group(1)](ctx)))
        pos = m.end()
    if pos < len(template):
        out.append(lit(template[pos:]))
    return tuple(out)


def vary(ctx: Ctx, parts: Phrase) -> Phrase:
    """Case transforms of single spans (lower, upper, title) and the odd typo in a place name."""
    roll = ctx.rng.random()
    if roll < 0.06:
        parts = map_phi(parts, str.lower, "lower")
    elif roll < 0.10:
        parts = map_phi(parts, str.upper, "upper")
    elif roll < 0.12:
        parts = map_phi(parts, str.title, "title")
    if ctx.chance(0.04) and any(p.label in ("CITY", "STREET", "HOSPITAL", "ORGANIZATION") for p in parts):
        parts = map_phi(parts, lambda t: people.typo(ctx, t), "typo")
    return parts
