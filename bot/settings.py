"""Settings from the environment and ``.env`` (see ``.env.example`` for every one)."""

from __future__ import annotations

import logging

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Read once at start-up and passed down explicitly: no module-level globals."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="The bot token from the Developer Portal.")
    database_path: str = Field(default="./data/bot.sqlite3")
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands instantly to this one server."
    )
    log_level: str = Field(default="INFO")
    default_time: str = Field(
        default="3d+1d max 7d",
        description="Time control of new matches unless /play or /settings says otherwise.",
    )
    reminder_hours: str = Field(
        default="24,2", description="Hours left on a clock at which its player is reminded."
    )
    vacation_days: float = Field(default=30.0, ge=0, description="Vacation allowance a year.")
    tick_seconds: float = Field(
        default=60.0, gt=0, description="How often due reminders and timeouts are looked for."
    )

    @property
    def reminders(self) -> tuple[float, ...]:
        """Reminder thresholds in seconds, largest first."""
        hours = [float(h) for h in self.reminder_hours.replace(" ", "").split(",") if h]
        return tuple(sorted((h * 3600 for h in hours), reverse=True))

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    def configure_logging(self) -> None:
        logging.basicConfig(
            level=getattr(logging, self.log_level.upper(), logging.INFO),
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
