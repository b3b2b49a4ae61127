"""Errors that the command line turns into one clear line and exit code 2.

Bad input must never produce a traceback, and the message must never quote PHI:
it names the file and the line (the document only where there is no line: an id can
name the patient), and says what is wrong in general terms (an offset, a field name,
an encoding), never the offending text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class PhisiftError(Exception):
    """Base of every error phisift raises on purpose: its message is written for the user and holds no PHI."""


@dataclass
class InputError(PhisiftError):
    """Bad input or bad usage: the CLI prints ``str(self)`` and exits with code 2."""

    message: str
    path: str | Path | None = None
    line: int | None = None
    document: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = str(self.path)
            if self.line is not None:
                where += f":{self.line}"
            elif self.document is not None:  # the line finds it: an id can name the patient (Smith_John_00482913)
                where += f" (document {self.document})"
            where += ": "
        elif self.document is not None:
            where = f"document {self.document}: "
        return where + self.message


class UsageError(InputError):
    """Arguments that do not fit together (an output inside the input, a missing option)."""
