"""One real PostgreSQL server for the test session, from the ``pgserver`` pip package.

``pgserver`` ships PostgreSQL binaries in a wheel and copes with being run as root (it runs
the server as an unprivileged user), so ``pip install -e ".[dev]"`` is the whole set-up. A
server that cannot start fails the tests that need it with a sentence saying why: they are
never skipped.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

_counter = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """The running server; cleaned up (stopped, files removed) at the end of the session."""
    try:
        import pgserver
    except ImportError as exc:  # pragma: no cover - a broken install
        pytest.fail(f"PostgreSQL tests need the pgserver package: pip install -e '.[dev]' ({exc})")
    folder = tempfile.mkdtemp(prefix="boardbot-pg-")
    try:
        server = pgserver.get_server(folder, cleanup_mode="delete")
    except Exception as exc:
        pytest.fail(f"could not start the test PostgreSQL server in {folder}: {exc}")
    yield server
    server.cleanup()


def fresh_database(server: Any) -> str:
    """A new empty database on the session server; its URL."""
    name = f"t{next(_counter)}"
    server.psql(f"CREATE DATABASE {name};")
    return str(server.get_uri(name))
