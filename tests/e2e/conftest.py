"""End-to-end test setup: the fake Discord fixtures, the database every bot test runs on (each
once on SQLite and once on a real PostgreSQL, so a difference between the engines shows where a
player would meet it), and the ``e2e`` marker on every test here.

With ``--import-mode=importlib`` the repository root is only importable when pytest is started
as ``python -m pytest``; the fallback below makes a bare ``pytest`` work too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

try:
    import tests.fakediscord  # noqa: F401
except ModuleNotFoundError:  # pragma: no cover - depends on how pytest was launched
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fakediscord.fixtures import fake_discord, server
from tests.pgserver import emptied, pg_server, pg_shared_database

__all__ = ["fake_discord", "pg_server", "pg_shared_database", "server"]

_HERE = Path(__file__).resolve().parent


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The bot's ``DATABASE_URL``: a new SQLite file, or the shared PostgreSQL database emptied
    (a restart within a test opens the same one again)."""
    if request.param == "sqlite":
        return str(tmp_path / "bot.sqlite3")
    return await emptied(request.getfixturevalue("pg_shared_database"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)
