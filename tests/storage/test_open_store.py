"""Choosing a store from the configured database setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import MemoryStore, SqliteStore, open_store, read_database_setting


@pytest.mark.parametrize("setting", [":memory:", "memory", "MEMORY", "memory://", " memory "])
def test_memory_settings_give_a_memory_store(setting: str) -> None:
    assert isinstance(open_store(setting), MemoryStore)


@pytest.mark.parametrize(
    ("setting", "path"),
    [
        ("data/bot.db", Path("data/bot.db")),
        ("/srv/bot.db", Path("/srv/bot.db")),
        ("sqlite:///data/bot.db", Path("data/bot.db")),
        ("sqlite:////srv/bot.db", Path("/srv/bot.db")),
    ],
)
def test_other_settings_give_a_sqlite_store_on_that_path(setting: str, path: Path) -> None:
    store = open_store(setting)
    assert isinstance(store, SqliteStore)
    assert store.path == path


@pytest.mark.parametrize("setting", ["", "   ", "sqlite:///"])
def test_empty_setting_is_refused(setting: str) -> None:
    with pytest.raises(ValueError, match="empty"):
        open_store(setting)


async def test_open_store_result_works_as_context_manager(tmp_path: Path) -> None:
    async with open_store(str(tmp_path / "x" / "bot.db")) as store:
        await store.ensure_user("u", "U", now=1.0)
        assert await store.user_name("u") == "U"
    assert (tmp_path / "x" / "bot.db").exists()


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ("postgresql+asyncpg://u:secret@h/db", "write postgresql://"),
        ("postgres+asyncpg://u:secret@h/db", "write postgresql://"),
        ("sqlite+aiosqlite:///data/bot.db", "write sqlite:///"),
        ("postgress://u:secret@h/db", "did you mean postgresql://"),
        ("postgresq://u:secret@h/db", "did you mean postgresql://"),
        ("mysql://u:secret@h/db", "SQLite or PostgreSQL"),
        ("file:///srv/bot.db", "SQLite or PostgreSQL"),
        ("redis://h:6379/0", "SQLite or PostgreSQL"),
    ],
)
def test_a_url_of_another_kind_is_refused_in_one_line(setting: str, said: str) -> None:
    """Such a setting used to become a SQLite file named like the URL (``postgresql+asyncpg:/
    u:p@h/db``), so the bot started on an empty database that a container rebuild then lost."""
    with pytest.raises(ValueError) as refused:
        open_store(setting)
    message = str(refused.value)
    assert said in message
    assert "\n" not in message
    assert "secret" not in message  # the refusal names the scheme, never the password
    assert repr(setting.split("://")[0] + "://") in message


@pytest.mark.parametrize(
    ("setting", "kind"),
    [
        ("sqlite:///data/bot.db", "sqlite"),
        ("SQLITE:////srv/bot.db", "sqlite"),
        ("bot.db", "sqlite"),
        ("./data/bot.sqlite3", "sqlite"),
        ("C:\\bot\\bot.db", "sqlite"),
        ("memory", "memory"),
        ("postgresql://u@h/db", "postgres"),
        ("postgres://u@h/db", "postgres"),
    ],
)
def test_the_setting_is_read_without_opening_anything(setting: str, kind: str) -> None:
    assert read_database_setting(setting).kind == kind


def test_a_database_description_never_shows_the_password() -> None:
    described = read_database_setting("postgresql://boardbot:s3cret@db:5432/boardbot").describe()
    assert "s3cret" not in described
    assert described == "PostgreSQL boardbot at db:5432"
    assert read_database_setting("sqlite:///data/x.db").describe() == "SQLite data/x.db"
