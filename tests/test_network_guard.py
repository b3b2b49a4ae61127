import socket

import pytest

from conftest import NetworkBlocked


def test_outside_connections_fail_loudly():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with pytest.raises(NetworkBlocked):
            s.connect(("93.184.216.34", 80))
    finally:
        s.close()
