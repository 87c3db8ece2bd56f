"""``python -m bot`` starts or explains itself in a line or two, never with a traceback."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, explain
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def run_bot(
    tmp_path: Path, *args: str, code: str | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEFAULT_TIME")}
    clean["PYTHONPATH"] = str(ROOT)
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "bot", *args]
    return subprocess.run(
        command, cwd=tmp_path, env={**clean, **env}, capture_output=True, text=True, timeout=60
    )


def test_missing_token_explains_and_exits_2(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "python -m bot.console" in result.stderr
    assert "Traceback" not in result.stderr
    # Issue 40.5: advice, not a log record ("2026-… ERROR bot: No DISCORD_TOKEN…").
    assert result.stderr.startswith("No DISCORD_TOKEN is set, so I can't connect to Discord.")
    assert "ERROR" not in result.stderr


def test_missing_token_shows_the_commands_as_they_are_now(tmp_path: Path) -> None:
    """The console example in the message still said /accept, a name Discord dropped; and
    the example it shows must run as printed."""
    said = run_bot(tmp_path).stderr
    assert "/accept" not in said.replace("/match accept", "")
    example = said.split("use the console:\n", 1)[1].strip()
    assert example.startswith("printf ") and "'bob: /match accept'" in example
    played = subprocess.run(
        example.replace("\\\n", " "),
        shell=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "alice (White) played a3-a4" in played.stdout.splitlines(), played.stderr


def test_help_says_each_default_once(tmp_path: Path) -> None:
    """``--help`` printed "(default: one per core; …). (default: None)": a setting whose
    default is "unset" says in its description what unset means, and no more."""
    lines = run_bot(tmp_path, "--help").stdout.splitlines()
    assert not any("(default: None)" in line for line in lines)
    settings = [line for line in lines if re.match(r"  [A-Z_]+ ", line)]
    assert len(settings) >= 14
    for line in settings:
        assert line.count("default") <= 1, line
    workers = next(line for line in settings if line.startswith("  WORKERS "))
    assert workers.endswith(
        "(default: one per core; 0 runs them in a thread of the bot's process)."
    )


def test_help_lists_every_setting(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "--help")
    assert result.returncode == 0
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEFAULT_TIME", "REMINDER_HOURS", "TICK_SECONDS"):
        assert name in result.stdout


def test_unreadable_setting_is_one_clear_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", DEFAULT_TIME="three days", REMINDER_HOURS="a,b")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("Setting ")]
    assert any(line.startswith("Setting DEFAULT_TIME: I can't read 'three days'") for line in lines)
    assert any(line.startswith("Setting REMINDER_HOURS: give positive hours") for line in lines)


def test_no_network_is_one_line(tmp_path: Path) -> None:
    """Discord's address is pointed at a closed port on loopback: the login cannot connect."""
    port = free_port()  # nothing listens there
    code = (
        "import discord.http, bot.__main__ as m\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'\n"
        "m.main([])\n"
    )
    result = run_bot(tmp_path, code=code, DISCORD_TOKEN="secret-token-value")
    assert result.returncode == 2
    assert "Could not reach Discord" in result.stderr
    assert "Traceback" not in result.stderr
    assert "secret-token-value" not in result.stderr + result.stdout


def test_token_is_a_secret() -> None:
    settings = Settings(discord_token="abc.def", database_url="memory")
    assert "abc.def" not in repr(settings) and settings.token == "abc.def"


def test_database_path_still_accepted_as_a_name() -> None:
    assert Settings(database_path="x.db").database_url == "x.db"


def test_voice_warnings_are_quietened(caplog: pytest.LogCaptureFixture) -> None:
    Settings(database_url="memory").configure_logging()
    with caplog.at_level(logging.WARNING):
        logging.getLogger("discord.client").warning(
            "PyNaCl is not installed, voice will NOT be supported"
        )
        logging.getLogger("discord.client").warning("something else")
    assert [r.getMessage() for r in caplog.records] == ["something else"]


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"shard_ids": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"shard_count": 2, "shard_ids": "2"}, "from 0 to 1"),
        ({"shard_count": 2, "shard_ids": "0,0"}, "distinct"),
        ({"shard_count": 2, "shard_ids": "x"}, "shard numbers like 0,1"),
        ({"ai_seconds": "hard=3"}, "levels are easy, normal, strong"),
        ({"ai_seconds": "normal=0"}, "between 0 and 600"),
        ({"workers": -1}, "WORKERS"),
        ({"ai_workers": 0}, "AI_WORKERS"),
    ],
)
def test_process_settings_are_checked(values: dict[str, object], said: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Settings(**values)  # type: ignore[arg-type]
    assert said in explain(caught.value)


def test_shards_and_computer_seconds_are_read() -> None:
    server = "postgresql://boardbot@db/boardbot"
    settings = Settings(
        database_url=server, shard_count=4, shard_ids="1, 3", ai_seconds="easy=0.1,strong=20"
    )
    assert settings.shards == [1, 3]
    assert Settings(database_url=server, shard_count=2).shards == [0, 1]
    assert Settings().shards is None
    assert settings.computer_seconds == {"easy": 0.1, "strong": 20.0}


def test_a_sharded_bot_runs_only_its_shards() -> None:
    from discord.ext import commands

    from bot.discord.app import create_bot

    plain = create_bot(Settings(database_url="memory"))
    assert not isinstance(plain, commands.AutoShardedBot)
    sharded = create_bot(Settings(database_url="memory", shard_count=2, shard_ids="1"))
    assert isinstance(sharded, commands.AutoShardedBot)
    assert sharded.shard_count == 2 and sharded.shard_ids == [1]


def test_the_example_environment_file_is_a_valid_configuration() -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    settings = Settings(_env_file=example)  # type: ignore[call-arg]
    assert settings.shards is None and settings.worker_processes >= 1
    # a setting whose default is right is documented as a comment (``# DATA_DIR=/data``)
    names = {
        line.removeprefix("# ").split("=", 1)[0]
        for line in example.read_text().splitlines()
        if re.match(r"(# )?[A-Z_]+=", line)
    }
    documented = {name.upper() for name in Settings.model_fields}
    assert documented <= names, documented - names


@pytest.mark.parametrize(
    "url",
    ["postgresql+asyncpg://u:s3cret@h/db", "postgress://u:s3cret@h/db", "mysql://u:s3cret@h/db"],
)
def test_a_database_url_of_another_kind_stops_the_bot_in_one_line(tmp_path: Path, url: str) -> None:
    """It used to start the bot on a SQLite file named like the URL."""
    result = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_URL=url)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "s3cret" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("Setting")]
    assert len(lines) == 1 and lines[0].startswith("Setting DATABASE_URL: ")
    assert list(tmp_path.iterdir()) == []  # no file was made


@pytest.mark.parametrize(
    "shards", [{"shard_count": 2}, {"shard_count": 2, "shard_ids": "1"}, {"shard_count": 1}]
)
@pytest.mark.parametrize("database", ["sqlite:///data/bot.sqlite3", "bot.db", None])
def test_shards_on_a_sqlite_file_are_refused(
    shards: dict[str, object], database: str | None
) -> None:
    """The README says one process per SQLite file; SHARD_COUNT is how several share one."""
    values = {**shards, **({"database_url": database} if database else {})}
    with pytest.raises(ValidationError) as caught:
        Settings(**values)  # type: ignore[arg-type]
    said = explain(caught.value)
    assert said.count("\n") == 0 and "SHARD_COUNT" in said and "PostgreSQL" in said


def test_shards_on_postgres_or_in_memory_are_accepted() -> None:
    assert Settings(database_url="postgres://u@h/db", shard_count=2, shard_ids="1").shards == [1]
    assert Settings(database_url="memory", shard_count=2).shards == [0, 1]


def test_the_database_password_is_a_secret_kept_apart_from_the_url() -> None:
    settings = Settings(database_url="postgresql://boardbot@db/boardbot", database_password="p@/#")
    assert "p@/#" not in repr(settings)
    store = settings.store()
    assert store._password == "p@/#"  # type: ignore[attr-defined]
    assert Settings(database_url="memory", database_password="").store() is not None


def test_a_sqlite_file_outside_the_data_volume_is_refused(tmp_path: Path) -> None:
    """DATA_DIR (the image sets /data) is what outlives the container; a SQLite file
    elsewhere would be lost on rebuild, or not even be writable."""
    volume = tmp_path / "data"
    inside = Settings(database_url=f"sqlite:///{volume}/bot.sqlite3", data_dir=volume)
    assert inside.store().path == volume / "bot.sqlite3"  # type: ignore[attr-defined]
    assert Settings(database_url="memory", data_dir=volume).database_url == "memory"
    assert Settings(database_url="postgres://u@h/db", data_dir=volume).data_dir == volume
    for outside in ("sqlite:///./data/bot.sqlite3", f"{tmp_path}/bot.sqlite3", f"{volume}/../x.db"):
        with pytest.raises(ValidationError) as caught:
            Settings(database_url=outside, data_dir=volume)
        said = explain(caught.value)
        assert said.startswith("Settings: DATABASE_URL") and f"DATA_DIR {volume}" in said
        assert said.count("\n") == 0
