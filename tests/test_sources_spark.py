"""The Spark helper in a session the user built, whose executors may not have phisift.

Each case runs in its own process (a SparkContext's worker Python is fixed when it is
created): executors whose Python lacks phisift get the package shipped and de-identify;
executors whose Python lacks phisift's dependencies give one line saying what to set.
Skipped without PySpark or Java, as tests/test_spark.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspark")
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("the Spark tests need Java (make test installs default-jre-headless)", allow_module_level=True)

USER_SCRIPT = """
import os, sys
os.environ["PYSPARK_PYTHON"] = sys.argv[1]      # what the user's environment says, not phisift's choice
from pyspark.sql import SparkSession
spark = (SparkSession.builder.master("local[1]").appName("user").config("spark.ui.enabled", "false")
         .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
spark.sparkContext.setLogLevel("OFF")
from phisift.engine.dataframes import deidentify_dataframe
from phisift.errors import PhisiftError
df = spark.createDataFrame([("n1", "p1", "Seen by Dr. John Smith on 03/04/2021.")], ["id", "mrn", "text"])
try:
    out = deidentify_dataframe(df, "text", id_col="id", patient_col="mrn", mode="tag",
                               config={"detect": {"detectors": ["rules", "lexicon"]}})
    print("RESULT", out.collect()[0]["text_deid"])
except PhisiftError as exc:
    print("ERROR", exc)
spark.stop()
"""


def run_user_session(tmp_path: Path, worker_python: str) -> str:
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    env = {**os.environ, "SPARK_LOCAL_IP": "127.0.0.1"}
    env.pop("PYSPARK_DRIVER_PYTHON", None)
    res = subprocess.run([sys.executable, str(script), worker_python], capture_output=True, text=True,
                         timeout=600, env=env, cwd=tmp_path)
    lines = [line for line in res.stdout.splitlines() if line.startswith(("RESULT", "ERROR"))]
    assert lines, res.stderr[-2000:]
    return lines[-1]


def test_executors_without_phisift_get_it_shipped(tmp_path):
    blocked = tmp_path / "blocked" / "phisift"
    blocked.mkdir(parents=True)
    (blocked / "__init__.py").write_text("raise ImportError('not installed for the workers')\n")
    wrapper = tmp_path / "worker-python"
    wrapper.write_text(f"#!/bin/sh\nPYTHONPATH={blocked.parent}${{PYTHONPATH:+:$PYTHONPATH}} exec {sys.executable} \"$@\"\n")
    wrapper.chmod(0o755)
    assert run_user_session(tmp_path, str(wrapper)) == "RESULT Seen by Dr. [DOCTOR] on [DATE]."


def test_executors_without_dependencies_get_one_line(tmp_path):
    wrapper = tmp_path / "bare-python"  # a Python that cannot import phisift's dependencies
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} -S \"$@\"\n")
    wrapper.chmod(0o755)
    line = run_user_session(tmp_path, str(wrapper))
    assert line.startswith("ERROR Spark executors run ") and f"set PYSPARK_PYTHON={sys.executable}" in line
