"""``python -m bot`` starts or explains itself in a line or two, never with a traceback."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, explain

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
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again when the block ends
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
    settings = Settings(shard_count=4, shard_ids="1, 3", ai_seconds="easy=0.1,strong=20")
    assert settings.shards == [1, 3]
    assert Settings(shard_count=2).shards == [0, 1] and Settings().shards is None
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
    names = {line.split("=", 1)[0] for line in example.read_text().splitlines() if "=" in line}
    documented = {name.upper() for name in Settings.model_fields} - {"DATABASE_URL"}
    assert documented <= names | {"DATABASE_URL"}, documented - names
