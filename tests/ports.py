"""Free local ports for servers the tests start, safe when tests run in parallel.

Binding port 0 and closing the socket again hands the number to the server under test a
moment later; two pytest-xdist workers doing that at once can be handed the same number by
the kernel's ephemeral range, and the second server fails to start. So each worker draws from
a range of its own, below the ephemeral range (which begins at 32768 on Linux), and checks
that nothing else holds the port it picks.
"""

from __future__ import annotations

import itertools
import os
import random
import socket

FIRST = 20_000
PER_WORKER = 1_500
"""Ports 20000–31999 give eight workers 1,500 ports each."""


def _worker() -> int:
    """``gw3`` → 3; 0 outside pytest-xdist."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(name.removeprefix("gw") or 0) % 8


_next = itertools.count(random.randrange(PER_WORKER))


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on, from this worker's own range."""
    base = FIRST + PER_WORKER * _worker()
    for _ in range(PER_WORKER):
        port = base + next(_next) % PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {base}–{base + PER_WORKER - 1}")
