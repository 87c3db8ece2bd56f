"""The local front end: the bot's slash commands typed as lines, no Discord needed."""

from __future__ import annotations

from bot.console.cli import Console, ConsoleClock, main, parse_offset

__all__ = ["Console", "ConsoleClock", "main", "parse_offset"]
