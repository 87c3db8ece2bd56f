"""``python -m bot --check``: the container's health check, run as Docker runs it (a real
process). It opens the configured store, reports the age of the last heartbeat in one line,
and exits 0 only when the store opens and the heartbeat is recent."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from storage import SqliteStore
from storage.postgres import PostgresStore
from tests.pgserver import password_database, pg_server  # noqa: F401 - the server fixture

from .test_main import run_bot

PASSWORD = "p@ss/w#rd:50%?&=' x"


def check(tmp_path: Path, **env: str) -> tuple[int, list[str]]:
    """Exit code and every line printed (stdout and stderr together, as Docker keeps them)."""
    result = run_bot(tmp_path, "--check", **env)
    assert "Traceback" not in result.stderr
    return result.returncode, (result.stdout + result.stderr).splitlines()


async def sqlite_with_heartbeat(path: Path, age: float | None) -> str:
    async with SqliteStore(path) as store:
        if age is not None:
            await store.mark_alive(time.time() - age, starting=True)
    return f"sqlite:///{path}"


async def test_a_recent_heartbeat_is_healthy(tmp_path: Path) -> None:
    """The age is the heartbeat's as the check process reads it: 20 s plus however long that
    process took to start on a busy machine (a fixed "2… s" failed at 40 s under load)."""
    started = time.time()
    url = await sqlite_with_heartbeat(tmp_path / "bot.sqlite3", age=20)
    code, lines = check(tmp_path, DATABASE_URL=url)
    took = time.time() - started
    assert code == 0
    assert len(lines) == 1 and lines[0].startswith("ok: SQLite ")
    shown = re.search(r"last heartbeat (\d+) s ago$", lines[0])
    assert shown is not None, lines[0]
    assert 20 <= int(shown.group(1)) <= 20 + took + 1


@pytest.mark.parametrize(("tick", "healthy"), [("60", False), ("600", True)])
async def test_a_heartbeat_is_stale_after_three_ticks(
    tmp_path: Path, tick: str, healthy: bool
) -> None:
    """Five minutes without a heartbeat: too long for a bot ticking every minute (three ticks,
    at least two minutes, is the limit), normal for one ticking every ten."""
    url = await sqlite_with_heartbeat(tmp_path / "bot.sqlite3", age=300)
    code, lines = check(tmp_path, DATABASE_URL=url, TICK_SECONDS=tick)
    assert len(lines) == 1 and "last heartbeat 5 min ago" in lines[0]
    assert code == (0 if healthy else 1)
    if not healthy:
        assert "not running" in lines[0] and "3 min" in lines[0]


async def test_no_heartbeat_yet_is_unhealthy(tmp_path: Path) -> None:
    url = await sqlite_with_heartbeat(tmp_path / "bot.sqlite3", age=None)
    code, lines = check(tmp_path, DATABASE_URL=url)
    assert code == 1 and len(lines) == 1 and "no heartbeat yet" in lines[0]


def test_a_missing_sqlite_file_is_reported_not_created(tmp_path: Path) -> None:
    """A check pointed at the wrong path must not make an empty database there."""
    code, lines = check(tmp_path, DATABASE_URL="sqlite:///data/bot.sqlite3")
    assert code == 1 and len(lines) == 1 and "no database at data/bot.sqlite3" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_a_store_that_cannot_open_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "bot.sqlite3").write_bytes(b"this is not a database" * 100)
    code, lines = check(tmp_path, DATABASE_URL="sqlite:///bot.sqlite3")
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("unhealthy: cannot open SQLite bot.sqlite3")


def test_a_setting_it_cannot_read_is_unhealthy_not_exit_2(tmp_path: Path) -> None:
    """Docker reserves exit code 2 of a health check, so every failure is 1."""
    code, lines = check(tmp_path, DATABASE_URL="mysql://u:s3cret@h/db")
    assert code == 1 and lines and lines[0].startswith("Setting DATABASE_URL: ")
    assert not any("s3cret" in line for line in lines)


def test_memory_has_nothing_to_check(tmp_path: Path) -> None:
    code, lines = check(tmp_path, DATABASE_URL="memory")
    assert code == 1 and len(lines) == 1 and "memory" in lines[0]


async def test_postgres_with_the_password_apart_as_compose_runs_it(
    tmp_path: Path,
    pg_server: Any,  # noqa: F811 - the fixture
) -> None:
    url = password_database(pg_server, "checker", PASSWORD)
    async with PostgresStore(url, password=PASSWORD) as store:
        await store.mark_alive(time.time() - 5, starting=True)
    code, lines = check(tmp_path, DATABASE_URL=url, DATABASE_PASSWORD=PASSWORD)
    assert code == 0 and len(lines) == 1
    assert lines[0].startswith("ok: PostgreSQL t") and "last heartbeat" in lines[0]

    code, lines = check(tmp_path, DATABASE_URL=url, DATABASE_PASSWORD="wrong " + PASSWORD)
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("unhealthy: cannot open PostgreSQL") and "password" in lines[0]
    assert PASSWORD not in lines[0]
