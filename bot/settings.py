"""Settings from the environment and ``.env`` (see ``.env.example`` for every one).

Everything is checked when the bot starts, so a typo in ``DEFAULT_TIME`` is one clear line at
start-up rather than a refusal in the middle of someone's ``/play`` weeks later.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

from ai import LEVELS
from bot.service.match.clock.timecontrol import TimeControl
from bot.service.match.links import BoardLinks, RedactLinks
from bot.service.match.workers import default_search_size, default_size
from bot.service.pages.activity import ActivitySessions
from storage import Store, open_store, read_database_setting

DEFAULT_DATABASE = "sqlite:///./data/bot.sqlite3"
QUIET_LOGGERS = {
    # discord.py announces at every start that voice needs PyNaCl/davey; this bot has no voice.
    "discord.client": "voice will NOT be supported",
    "discord.voice_state": "voice will NOT be supported",
}


def _without(text: str, record: logging.LogRecord) -> bool:
    """A log filter: keep the records whose message does not hold ``text``."""
    return text not in record.getMessage()


class Settings(BaseSettings):
    """Read once at start-up and passed down explicitly: no module-level globals."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr = Field(
        default=SecretStr(""), description="The bot token from the Developer Portal (a secret)."
    )
    database_url: str = Field(
        default=DEFAULT_DATABASE,
        validation_alias=AliasChoices("database_url", "database_path"),
        description="sqlite:///path, a plain file path, postgresql://… or memory.",
    )
    database_password: SecretStr = Field(
        default=SecretStr(""),
        description="The PostgreSQL password, kept out of DATABASE_URL so any character works "
        "(a secret).",
    )
    data_dir: Path | None = Field(
        default=None,
        description="The folder that outlives the process (the Docker image sets its volume, "
        "/data): a SQLite file outside it is refused (default: unset, a file anywhere).",
    )
    dev_guild_id: int | None = Field(
        default=None,
        description="Sync slash commands instantly to this one server (default: unset, every "
        "server, which Discord may take a while to show).",
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    default_time: str = Field(
        default="3d+1d max 7d",
        description="Time control of new matches unless /play or /server settings says otherwise.",
    )
    reminder_hours: str = Field(
        default="24,2", description="Hours left on a clock at which its player is reminded."
    )
    vacation_days: float = Field(default=30.0, ge=0, description="Vacation allowance a year.")
    tick_seconds: float = Field(
        default=60.0, gt=0, description="How often due reminders and timeouts are looked for."
    )

    workers: int | None = Field(
        default=None,
        ge=0,
        description="Processes for rendering and the computer's search (default: one per core; "
        "0 runs them in a thread of the bot's process).",
    )
    ai_workers: int | None = Field(
        default=None,
        ge=1,
        description="Processes for the computer's search alone, at a lower CPU priority than "
        "rendering (default: half the cores, at least one); also how many computer turns are "
        "played at once. Ignored when WORKERS=0.",
    )
    ai_seconds: str = Field(
        default="easy=0.3,normal=2,strong=8",
        description="Seconds the computer thinks per move at each level.",
    )
    review_seconds: float = Field(
        default=0.5,
        gt=0,
        le=30,
        description="Seconds the computer judges each position of a /match review (a game of "
        "80 moves takes 40 s of one search process at 0.5).",
    )

    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="Gateway shards in all bot processes together (several processes share "
        "one PostgreSQL database; default: unset, one connection).",
    )
    shard_ids: str | None = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (needs SHARD_COUNT; default all).",
    )

    web_base_url: str = Field(
        default="",
        description="The web board's public address, e.g. https://board.example.org (behind "
        "your TLS proxy); empty: no web board.",
    )
    web_secret: SecretStr = Field(
        default=SecretStr(""),
        description="Signs the web board's links: 32+ random characters, the same in every "
        "process (a secret).",
    )
    web_port: int = Field(default=8080, ge=1, le=65535, description="Port the web board serves.")
    web_host: str = Field(
        default="0.0.0.0",
        description="Address the web board listens on (127.0.0.1: this "
        "machine only, e.g. behind a proxy on the same host).",
    )
    web_in_bot: bool = Field(
        default=True,
        description="Serve the web board from the bot's own process; false when separate "
        "`python -m bot.web` processes serve it.",
    )

    web_link_moves: int = Field(
        default=30,
        ge=1,
        description="Moves a minute one web board link may send (all at once, or spread out); "
        "more are answered 429 with Retry-After.",
    )
    web_address_moves: int = Field(
        default=120, ge=1, description="Moves a minute one address may send to the web board."
    )
    web_link_reads: int = Field(
        default=240,
        ge=1,
        description="Reads a minute one link may make (the board's data, replay positions, "
        "opening a live stream).",
    )
    web_address_reads: int = Field(
        default=1200, ge=1, description="Reads a minute one address may make of the web board."
    )
    web_link_streams: int = Field(
        default=4, ge=1, description="Live pages (open streams) one link may hold at once."
    )
    web_address_streams: int = Field(
        default=40, ge=1, description="Live pages one address may hold open at once."
    )
    web_streams: int = Field(
        default=10_000,
        ge=1,
        description="Live pages one web process holds open at once, from everyone together.",
    )
    discord_client_id: str = Field(
        default="",
        description="The application's id (Developer Portal → OAuth2 → Client ID), for the web "
        "board as a Discord Activity; empty: no Activity (buttons hand out web links).",
    )
    discord_client_secret: SecretStr = Field(
        default=SecretStr(""),
        description="The application's OAuth2 client secret, with which the web board asks "
        "Discord who opened the Activity (a secret).",
    )

    web_trusted_proxies: str = Field(
        default="127.0.0.1,::1",
        description="Addresses (or networks, 10.0.0.0/8) of proxies in front of the web board "
        "whose X-Forwarded-For names the client, for the per-address limits.",
    )

    @property
    def web_enabled(self) -> bool:
        return bool(self.web_base_url.strip())

    def board_links(self, clock: Callable[[], float] = time.time) -> BoardLinks | None:
        """The web board's link signer, or None when the web board is off."""
        if not self.web_enabled:
            return None
        return BoardLinks(self.web_base_url.strip(), self.web_secret.get_secret_value(), clock)

    @property
    def activity_enabled(self) -> bool:
        """The board also runs as a Discord Activity: the web board is on and the app's
        OAuth2 client id and secret are set."""
        return self.web_enabled and bool(self.discord_client_id.strip())

    @property
    def client_secret(self) -> str:
        return self.discord_client_secret.get_secret_value().strip()

    def activity_sessions(self, clock: Callable[[], float] = time.time) -> ActivitySessions | None:
        """The signer of the Activity's sessions, or None when there is no Activity."""
        if not self.activity_enabled:
            return None
        return ActivitySessions(self.web_secret.get_secret_value(), clock)

    @model_validator(mode="after")
    def _activity_is_complete(self) -> Settings:
        """An Activity needs the web board (Discord's proxy serves its pages) and both halves
        of the app's OAuth2 credentials (the server trades Discord's code with them)."""
        client_id = self.discord_client_id.strip()
        if not client_id and not self.client_secret:
            return self
        if not client_id.isdigit():
            raise ValueError(
                "DISCORD_CLIENT_ID is the application's id, digits only (Developer Portal →"
                " OAuth2 → Client ID)"
            )
        if not self.client_secret:
            raise ValueError(
                "DISCORD_CLIENT_ID needs DISCORD_CLIENT_SECRET (Developer Portal → OAuth2 →"
                " Client Secret)"
            )
        if not self.web_enabled:
            raise ValueError(
                "the Discord Activity is the web board inside Discord: set WEB_BASE_URL and"
                " WEB_SECRET too"
            )
        return self

    @model_validator(mode="after")
    def _web_board_is_signed(self) -> Settings:
        """Links are only as safe as their secret; several web processes must share it, so
        the bot never makes one up."""
        if not self.web_enabled:
            return self
        url = urlsplit(self.web_base_url.strip())
        if url.scheme not in ("http", "https") or not url.netloc or url.query or url.fragment:
            raise ValueError(
                f"WEB_BASE_URL is the board's address as players open it, like "
                f"https://board.example.org (not {self.web_base_url!r})"
            )
        if len(self.web_secret.get_secret_value().strip()) < 32:
            raise ValueError(
                "WEB_BASE_URL needs WEB_SECRET: at least 32 random characters, the same in every"
                ' process (e.g. python -c "import secrets; print(secrets.token_urlsafe(32))")'
            )
        return self

    @property
    def shards(self) -> list[int] | None:
        """This process's shard ids, or None for discord.py's single connection."""
        if self.shard_count is None:
            return None
        if not self.shard_ids:
            return list(range(self.shard_count))
        return [int(part) for part in self.shard_ids.replace(" ", "").split(",") if part]

    def store(self) -> Store:
        """The configured store, not yet opened (with its password, if one is set apart)."""
        return open_store(self.database_url, password=self.database_password.get_secret_value())

    @model_validator(mode="after")
    def _sqlite_file_is_kept(self) -> Settings:
        """In a container only the volume outlives a rebuild (and only it is writable by the
        bot's user), so a SQLite path elsewhere is a loss waiting to happen: refuse it now."""
        database = read_database_setting(self.database_url)
        if self.data_dir is None or database.path is None:
            return self
        volume = self.data_dir.resolve()
        where = (Path.cwd() / database.path).resolve()
        if not where.is_relative_to(volume):
            raise ValueError(
                f"DATABASE_URL puts the SQLite file at {where}, outside DATA_DIR {self.data_dir}"
                " (what outlives the container): it would be lost on a rebuild; use"
                f" sqlite:///{volume}/bot.sqlite3, or leave DATABASE_URL out of .env"
            )
        return self

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards in all)")
        if self.shard_ids:
            try:
                ids = self.shards or []
            except ValueError:
                raise ValueError(
                    f"SHARD_IDS lists shard numbers like 0,1 (not {self.shard_ids!r})"
                ) from None
            bad = [i for i in ids if not 0 <= i < (self.shard_count or 0)]
            if bad or not ids or len(set(ids)) != len(ids):
                raise ValueError(
                    f"SHARD_IDS must be distinct numbers from 0 to {(self.shard_count or 1) - 1}"
                    f" (not {self.shard_ids!r})"
                )
        if self.shard_count is not None and read_database_setting(self.database_url).path:
            raise ValueError(
                "SHARD_COUNT and SHARD_IDS are for several bot processes on one PostgreSQL"
                " database, and a SQLite file serves one process: leave them empty, or use"
                " DATABASE_URL=postgresql://…"
            )
        return self

    @property
    def worker_processes(self) -> int:
        return default_size() if self.workers is None else self.workers

    @property
    def search_processes(self) -> int:
        return default_search_size() if self.ai_workers is None else self.ai_workers

    @property
    def computer_seconds(self) -> dict[str, float]:
        pairs = (part.split("=", 1) for part in self.ai_seconds.replace(" ", "").split(",") if part)
        return {level: float(seconds) for level, seconds in pairs}

    @property
    def token(self) -> str:
        return self.discord_token.get_secret_value().strip()

    @property
    def reminders(self) -> tuple[float, ...]:
        """Reminder thresholds in seconds, largest first."""
        hours = [float(h) for h in self.reminder_hours.replace(" ", "").split(",") if h]
        return tuple(sorted((h * 3600 for h in hours), reverse=True))

    @field_validator(
        "dev_guild_id",
        "workers",
        "ai_workers",
        "shard_count",
        "shard_ids",
        "data_dir",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("web_trusted_proxies")
    @classmethod
    def _readable_proxies(cls, value: str) -> str:
        try:
            for part in (p.strip() for p in value.split(",")):
                if part:
                    ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise ValueError(
                f"give addresses or networks separated by commas, like 127.0.0.1,10.0.0.0/8 "
                f"(not {value!r})"
            ) from None
        return value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str) -> str:
        read_database_setting(value)  # its ValueError names the scheme, never a password
        return value

    @field_validator("default_time")
    @classmethod
    def _readable_time(cls, value: str) -> str:
        TimeControl.parse(value)  # its ValueError already says what would be readable
        return value

    @field_validator("reminder_hours")
    @classmethod
    def _readable_hours(cls, value: str) -> str:
        try:
            hours = [float(h) for h in value.replace(" ", "").split(",") if h]
        except ValueError:
            hours = [-1.0]
        if any(h <= 0 for h in hours):
            raise ValueError(f"give positive hours separated by commas, like 24,2 (not {value!r})")
        return value

    @field_validator("ai_seconds")
    @classmethod
    def _readable_levels(cls, value: str) -> str:
        example = "like easy=0.3,normal=2,strong=8"
        for part in (p for p in value.replace(" ", "").split(",") if p):
            level, _, seconds = part.partition("=")
            if level not in LEVELS:
                raise ValueError(f"levels are {', '.join(LEVELS)}, {example} (not {level!r})")
            try:
                if not 0 < float(seconds) <= 600:
                    raise ValueError
            except ValueError:
                raise ValueError(
                    f"give seconds between 0 and 600 per level, {example} (not {part!r})"
                ) from None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError(f"use DEBUG, INFO, WARNING or ERROR (not {value!r})")
        return value.upper()

    def configure_logging(self) -> None:
        logging.basicConfig(
            level=getattr(logging, self.log_level, logging.INFO),
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
        secrets = (self.token, self.client_secret, self.web_secret.get_secret_value().strip())
        for handler in logging.getLogger().handlers:
            handler.addFilter(RedactLinks(secrets))
        for name, text in QUIET_LOGGERS.items():
            logging.getLogger(name).addFilter(functools.partial(_without, text))


def explain(error: ValidationError) -> str:
    """One line per bad setting, named as it is written in ``.env``."""
    lines = []
    for problem in error.errors():
        message = str(problem["msg"]).removeprefix("Value error, ")
        if problem["loc"]:
            lines.append(f"Setting {str(problem['loc'][0]).upper()}: {message}")
        else:  # a rule about several settings together names them itself
            lines.append(f"Settings: {message}")
    return "\n".join(lines)


def settings_or_exit(log: logging.Logger, code: int = 2) -> Settings:
    """The settings from ``.env`` and the environment; a start whose settings a person must
    fix ends here, saying what is wrong, with exit ``code`` (each program's entry point
    reads its settings through this one door)."""
    try:
        return Settings()
    except ValidationError as error:
        logging.basicConfig(format="%(message)s")
        log.error("%s\nFix it in .env or the environment (see .env.example).", explain(error))
        sys.exit(code)
