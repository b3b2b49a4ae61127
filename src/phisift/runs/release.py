"""What a deid run releases besides the de-identified text (issue 17).

``Release`` gathers the settings that decide it: which patient each document belongs
to (``PatientKey``: a field, a mapping file, a file-name pattern), how the record's
fields and id are written (``FieldPolicy``: pseudonyms, dropped fields, ids that hold
PHI), the patients' known identifiers (``--known-phi``) and given spans
(``--from-spans``) to replace instead of detecting. The run driver asks it for the
(document, patient) items it maps and for the written form of each finished
document; ``settings`` goes into the run key, so a resumed run has the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..detect.known import KnownPHI, doc_known_values
from ..document import Document, Span
from ..errors import InputError, UsageError
from ..formats.fhir import META as FHIR_META, pseudonymise_ids as fhir_ids
from ..pseudonyms import FieldPolicy, PatientKey, holds_phi, phi_strings, pseudonym, shift_date_value
from ..store import Secret
from .state import fingerprint


@dataclass
class Release:
    """Patients, fields, known identifiers and given spans of a deid run (see the module doc)."""

    patients: PatientKey = field(default_factory=PatientKey)
    fields: FieldPolicy = field(default_factory=FieldPolicy)
    known: KnownPHI | None = None
    known_path: Path | None = None
    given: dict[str, list[Span]] | None = None
    given_path: Path | None = None
    key: Callable[[], Secret] | None = None  # the key for pseudonyms, loaded when first needed
    options: dict[str, Any] = field(default_factory=dict)  # as given on the command line, for the run key
    replace: Any = None  # the run's [replace] settings: the date offsets of --shift-date-field (set by the run)
    note_date_field: str | None = None  # the field holding each note's own date (the over-89 rule's reference)
    notify: Callable[[str], None] | None = field(default=None, repr=False, compare=False)  # a run's one-line notes
    _maker: Any = field(default=None, repr=False)

    def settings(self) -> dict[str, Any]:
        """What the output depends on (part of the run key): options, and the files' fingerprints."""
        files = {name: fingerprint(p) for name, p in (("known_phi", self.known_path), ("from_spans", self.given_path))
                 if p is not None}
        return {"release": {**self.options, **files}}

    def items(self, docs: Iterable[Document], start: int = 0) -> Iterator[tuple[Document, str]]:
        """(document, patient) for the run to map; with given spans, each document carries its own."""
        seen: set[str] = set()
        for number, doc in enumerate(docs, start + 1):
            patient = self.patients.of(doc, number)
            seen.add(patient)
            yield (self._with_given(doc, number) if self.given is not None else doc), patient
        if start == 0:  # a whole run (a resumed one did not see the patients of the documents done before)
            self._say_unmatched_known(seen)

    def _say_unmatched_known(self, seen: set[str]) -> None:
        """Known identifiers keyed by a patient no document has are never looked for: a key of another kind
        (an MRN without --patient-field) would leave every name of the file in the notes, with no word."""
        if self.known is None or self.notify is None:
            return
        unmatched = len(set(self.known.values) - seen)
        if unmatched:
            self.notify(f"--known-phi: {unmatched} of {len(self.known.values)} patients of the file match no "
                        "document, so their identifiers were not looked for (the key is the --patient-field value, "
                        "the mapped or matched patient, or the document id)")

    def _with_given(self, doc: Document, number: int) -> Document:
        spans = self.given.get(doc.id)
        if spans is None:
            raise InputError(f"no spans for document {number} of the input", self.given_path)
        if any(s.end > len(doc.text) for s in spans):
            raise InputError(f"a span of document {number} of the input reaches past its text", self.given_path)
        return doc.with_spans(spans)

    def prepare(self, pipeline: Any) -> Any:
        """Give ``pipeline`` what it needs of this release (known identifiers, given spans, the note date
        field); set ``replace`` first (the run's [replace] settings, for date fields). The pipeline."""
        pipeline.known, pipeline.given_spans = self.known, self.given is not None
        pipeline.note_date_field = self.note_date_field
        return pipeline

    def written(self, doc: Document, patient: str, new: Document, spans: list[Span]) -> Document:
        """The document as it is written: fields and id by the policy."""
        known = [v.text for v in doc_known_values(doc, self.known, patient)]
        note_date = doc.meta.get(self.note_date_field) if self.note_date_field else None
        cap = getattr(self.replace, "age_cap", 89)
        out = self.fields.apply(_Lazy(self.key), doc, new, spans, patient, known, self._shift(patient),
                                note_date, cap)
        if self.fields.keep_ids or FHIR_META not in out.meta:
            return out
        return replace(out, meta=fhir_ids(out.meta, self._fhir_new_id(doc, spans, known)))

    def _fhir_new_id(self, doc: Document, spans: list[Span], known: list[str]) -> Callable[[str], str | None]:
        """FHIR ids and references by the id rule: a keyed pseudonym of ``"Type/id"`` when the id holds PHI
        of the document (its spans and known identifiers; the patient key itself is a FHIR reference, so
        it does not count), else kept."""
        phi = phi_strings(doc, spans, known)
        key = _Lazy(self.key)

        def new_id(ref: str) -> str | None:
            ident = ref[len("urn:uuid:"):] if ref.startswith("urn:uuid:") else ref.split("/", 1)[-1]
            return pseudonym(key, ref, "id") if holds_phi(ident, phi) else None

        return new_id

    def _shift(self, patient: str) -> Callable[[Any], Any] | None:
        """Moves a date field by the patient's offset: the one the surrogates of the notes' dates use
        (the same key and [replace] settings), whatever the mode."""
        if not self.fields.shift_dates:
            return None
        maker = self._date_maker()
        days = maker.date_offset(patient)

        def written(value: str) -> str | None:
            out = maker.make("DATE", value, patient)
            return None if out == "[DATE]" else out

        return lambda value: shift_date_value(value, days, written)

    def _date_maker(self) -> Any:
        if self._maker is None:
            from ..errors import UsageError
            from ..pipeline.config import ReplaceSettings
            from ..replace.surrogates import SurrogateMaker

            if self.key is None:
                raise UsageError("--shift-date-field needs a key (--key-file)")
            rep = self.replace or ReplaceSettings()
            self._maker = SurrogateMaker(self.key(), locale=rep.locale, dayfirst=rep.dayfirst,
                                         min_shift_days=rep.date_shift_min_days,
                                         max_shift_days=rep.date_shift_max_days, age_cap=rep.age_cap)
        return self._maker


def make_release(key: Callable[[], Secret] | None, *, patient_field: str | None = None,
                 patient_from_name: str | None = None, patient_map: str | Path | None = None,
                 pseudonymise: Iterable[str] = (), drop: Iterable[str] = (), keep_ids: bool = False,
                 known_phi: str | Path | KnownPHI | None = None,
                 from_spans: str | Path | Mapping[Any, Iterable[Span]] | None = None, shift_dates: Iterable[str] = (),
                 note_date_field: str | None = None) -> Release:
    """The release of ``phisift deid``'s options, for the command line and the DataFrame helpers alike.

    ``key`` gives the secret key when a pseudonym or a date field first needs it (None: no key). Known
    identifiers and given spans are files as on the command line, or already read (a ``KnownPHI``; a
    dict of document id -> spans). ``options`` (the run key) holds every setting as given.
    """
    from ..detect.known import load_known_phi
    from ..formats import read_spans
    from ..pseudonyms import load_patient_map, patient_pattern

    if sum(x is not None for x in (patient_field, patient_from_name, patient_map)) > 1:
        raise UsageError("name the patient one way: --patient-field, --patient-from-name or --patient-map")
    pseudonymise, drop, shift_dates = tuple(pseudonymise), tuple(drop), tuple(shift_dates)
    fields = FieldPolicy(patient_field, pseudonymise, drop, keep_ids, shift_dates)
    options = {"patient_from_name": patient_from_name, "patient_map": str(patient_map) if patient_map else None,
               "pseudonymise": sorted(pseudonymise), "drop": sorted(drop), "keep_ids": keep_ids}
    if shift_dates:  # only when given: the run key of every other run stays as it was
        options["shift_dates"] = sorted(shift_dates)
    if note_date_field:
        options["note_date_field"] = note_date_field
    known_path = Path(known_phi) if isinstance(known_phi, (str, Path)) else None
    given_path = Path(from_spans) if isinstance(from_spans, (str, Path)) else None
    if isinstance(from_spans, Mapping):  # document id (any type, as a DataFrame holds it) -> spans
        from_spans = {str(k): list(v) for k, v in from_spans.items()}
    return Release(
        patients=PatientKey(patient_field, load_patient_map(patient_map) if patient_map else {},
                            patient_pattern(patient_from_name) if patient_from_name else None),
        fields=fields, known=load_known_phi(known_path) if known_path else known_phi, known_path=known_path,
        given=read_spans(given_path) if given_path else from_spans, given_path=given_path,
        key=key if fields.needs_key() else None, options=options, note_date_field=note_date_field)


class FileKey:
    """The key of a key file, read (or created, with a note) when first asked for: a run or a DataFrame that
    needs no pseudonym never touches a key file. Picklable once read (Spark ships it to the executors)."""

    def __init__(self, key_file: str | Path | None = None, notify: Callable[[str], None] | None = None,
                 secret: Secret | None = None):
        self.key_file, self.notify, self.secret = key_file, notify, secret

    def __call__(self) -> Secret:
        if self.secret is None:
            from ..store import DEFAULT_KEY_FILE, load_key

            path = Path(self.key_file).expanduser() if self.key_file else DEFAULT_KEY_FILE
            self.secret = load_key(path, notify=self.notify or _warn)
        return self.secret

    def __getstate__(self) -> dict:
        return {"key_file": None, "notify": None, "secret": self()}


def _warn(message: str) -> None:
    import warnings

    warnings.warn(message, stacklevel=4)


class _Lazy:
    """A Secret loaded on first use, so a run that needs no pseudonym never touches a key file."""

    def __init__(self, load: Callable[[], Secret] | None):
        self.load = load

    def hexdigest(self, *parts: str) -> str:
        if self.load is None:
            from ..errors import UsageError

            raise UsageError("pseudonyms need a key (--key-file)")
        return self.load().hexdigest(*parts)
