"""Choosing a store from the configured database setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import MemoryStore, SqliteStore, open_store


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
