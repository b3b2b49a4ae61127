"""Plain notes: a folder of ``*.txt`` files, one document each (or one ``.txt`` file).

The id is the file's path relative to the folder without ``.txt``, so nested
folders keep distinct ids and writing recreates them. Text is kept exactly:
no newline translation, and a leading byte-order mark stays in the text because
offsets computed on these notes elsewhere (BRAT, MEDDOCAN) count it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from ..document import Document
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ._common import SeenIds, list_files, output_file, read_note, unencodable

NAME = "text"


def read(path: str | Path) -> Iterator[Document]:
    path = Path(path)
    if path.is_file():
        yield Document(path.stem, read_note(path))
        return
    if not path.is_dir():
        raise InputError("no such file or folder", path)
    for doc_id, file in list_files(path, ".txt"):
        yield Document(doc_id, read_note(file))


def write(docs: Iterable[Document], path: str | Path) -> int:
    """Write ``<id>.txt`` per document; a ``.txt`` path takes exactly one document."""
    path = Path(path)
    if path.suffix.lower() == ".txt":
        return _write_single(docs, path)
    seen = SeenIds()
    count = 0
    for doc in docs:
        seen.add(doc.id)
        write_note(output_file(path, doc.id, ".txt"), doc)
        count += 1
    return count


def write_note(file: Path, doc: Document) -> None:
    try:
        with atomic_write(file) as fh:
            fh.write(doc.text)
    except UnicodeEncodeError:
        raise unencodable(doc.id) from None


def _write_single(docs: Iterable[Document], path: Path) -> int:
    count = 0
    with atomic_write(path) as fh:
        for doc in docs:
            if count:
                raise UsageError("a single .txt output holds one document; give a folder instead", path)
            try:
                fh.write(doc.text)
            except UnicodeEncodeError:
                raise unencodable(doc.id) from None
            count += 1
    return count
