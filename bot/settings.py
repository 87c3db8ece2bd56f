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

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    def configure_logging(self) -> None:
        logging.basicConfig(
            level=getattr(logging, self.log_level.upper(), logging.INFO),
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
