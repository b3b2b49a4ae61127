"""Test-wide setup: no network, offline model hubs, deterministic hypothesis profile.

The suite must prove phisift never reaches for the network, so any connection to
a non-loopback address fails loudly instead of quietly downloading something.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import tempfile

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
# The default key file (phisift.store.DEFAULT_KEY_FILE, read at import) of this test session, not the user's:
# runs that need a key without --key-file (the frequency confidence list) create it here.
os.environ.setdefault("PHISIFT_KEY_FILE", os.path.join(tempfile.mkdtemp(prefix="phisift-test-key-"), "secret.key"))

settings.register_profile("phisift", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("phisift")


class NetworkBlocked(RuntimeError):
    pass


def _is_local(address) -> bool:
    if isinstance(address, (str, bytes)) and not isinstance(address, tuple):
        return True  # AF_UNIX path
    host = address[0] if isinstance(address, tuple) else address
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _guarded_connect(self, address):
    if not _is_local(address):
        raise NetworkBlocked(f"network access blocked in tests: {address!r}")
    return _real_connect(self, address)


def _guarded_connect_ex(self, address):
    if not _is_local(address):
        raise NetworkBlocked(f"network access blocked in tests: {address!r}")
    return _real_connect_ex(self, address)


@pytest.fixture(autouse=True, scope="session")
def _block_network():
    socket.socket.connect = _guarded_connect
    socket.socket.connect_ex = _guarded_connect_ex
    yield
    socket.socket.connect = _real_connect
    socket.socket.connect_ex = _real_connect_ex
