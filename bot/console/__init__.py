"""The local front end: the bot's slash commands typed as lines, no Discord needed."""

from __future__ import annotations

from bot.console.cli import main
from bot.console.clock import ConsoleClock, parse_offset
from bot.console.console import Console

__all__ = ["Console", "ConsoleClock", "main", "parse_offset"]
