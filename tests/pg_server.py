"""A throwaway PostgreSQL cluster for the SQL source's tests.

``make test`` installs Debian's postgresql (its server binaries live in
/usr/lib/postgresql/N/bin); this starts a cluster of its own in a temporary folder,
listening on a Unix socket only (no TCP port at all), and stops and removes it at the
end. PostgreSQL refuses to run as root, so as root the cluster belongs to the
``postgres`` system user (created by the Debian package) and runs through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path


def server_bindir() -> Path | None:
    """The folder holding initdb and pg_ctl, newest version first; None when PostgreSQL is missing."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: [int(x) if x.isdigit() else x
                                                                               for x in p.split("/")], reverse=True)
    if found:
        return Path(found[0]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).resolve().parent if on_path else None


@dataclass
class Cluster:
    root: Path
    bindir: Path
    user: str | None  # the system user the server runs as (None: this user)

    @property
    def socket_dir(self) -> Path:
        return self.root / "socket"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://phisift@/{database}?host={self.socket_dir}"

    def run(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=self.root)

    def start(self) -> None:
        data = self.root / "data"
        done = self.run("initdb", "-D", str(data), "-U", "phisift", "--auth=trust", "-E", "UTF8", "--no-locale")
        if done.returncode:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()[-500:]}")
        options = f"-c listen_addresses='' -k {self.socket_dir} -c fsync=off"
        done = self.run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.root / "server.log"), "-w", "start")
        if done.returncode:
            log = (self.root / "server.log").read_text(errors="replace")[-800:] if (self.root / "server.log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()[-300:]} {log}")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.root / "data"), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> Cluster:
    """A running cluster; raises LookupError (a reason to skip) when the binaries are missing."""
    bindir = server_bindir()
    if bindir is None or not (bindir / "initdb").exists():
        raise LookupError("PostgreSQL server binaries (initdb, pg_ctl) are not installed; `make test` installs them")
    user = None
    root = Path(tempfile.mkdtemp(prefix="phisift-pg-"))
    if os.geteuid() == 0:
        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(root)
            raise LookupError("running as root and there is no 'postgres' user to run the server as") from None
        user = "postgres"
        os.chown(root, entry.pw_uid, entry.pw_gid)
        os.chmod(root, 0o755)
    cluster = Cluster(root, bindir, user)
    (root / "socket").mkdir()
    if user:
        os.chown(root / "socket", entry.pw_uid, entry.pw_gid)
    try:
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    return cluster
