"""Make sure a user's own Spark session can run phisift on its executors.

A session that phisift starts points its Python workers at this interpreter. A
session the user built (a notebook, ``spark-submit``) runs them with whatever
``PYSPARK_PYTHON`` said when it was created, ``python3`` on the PATH by default,
which may not have phisift: the first task then dies deep in Spark with
``ModuleNotFoundError: No module named 'phisift'``. So before the first job,
one tiny task asks an executor what it can import:

* everything: nothing to do;
* all phisift needs except phisift itself (a checkout on the driver's path, not
  installed on the workers): the package is zipped and shipped with
  ``SparkContext.addPyFile``, and asked again;
* a dependency missing too: one line saying which Python the executors run and
  what to set, instead of a Java stack trace.

Checked once per SparkContext.
"""

from __future__ import annotations

import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from ..errors import UsageError

#: What a phisift task imports on an executor, phisift last (shipping it helps only if the rest is there).
NEEDED = ("faker", "dateutil", "pycrfsuite", "snowballstemmer", "defusedxml", "pandas", "pyarrow", "phisift")
_CHECKED: set[int] = set()


def ensure_phisift_on_executors(sc: Any) -> None:
    """Ship phisift to the executors of ``sc`` if they lack it; a one-line error if they lack more."""
    if id(sc) in _CHECKED:
        return
    found = probe(sc)
    if found[1] == "phisift":
        sc.addPyFile(str(package_zip()))
        found = probe(sc)
    if found[1] is not None:
        executable, module = found
        raise UsageError(
            f"Spark executors run {executable}, which cannot import {module}: set PYSPARK_PYTHON={sys.executable} "
            "before the SparkSession is created (or install phisift for that Python)")
    _CHECKED.add(id(sc))


def probe(sc: Any) -> tuple[str, str | None]:
    """``(executor's Python, first module of NEEDED it cannot import or None)``, from one task."""

    def check(_: Any, needed: tuple[str, ...] = NEEDED) -> tuple[str, str | None]:
        import importlib
        import sys as executor_sys

        for name in needed:
            try:
                importlib.import_module(name)
            except ImportError:
                return executor_sys.executable, name
        return executor_sys.executable, None

    return sc.parallelize([0], 1).map(check).collect()[0]


def package_zip() -> Path:
    """The phisift package (code, lexicons, bundled models) as a zip importable from ``sys.path``."""
    import phisift

    root = Path(phisift.__file__).resolve().parent
    target = Path(tempfile.mkdtemp(prefix="phisift-ship-")) / "phisift.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                zf.write(path, Path("phisift") / path.relative_to(root))
    return target
