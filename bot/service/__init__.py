"""The transport-free use cases: everything a player can do, without knowing about Discord.

Both front ends (``bot.discord`` and ``bot.console``) and the tests call :class:`Service`;
nothing in this package imports discord.
"""

from __future__ import annotations

from bot.service.base import Loaded, Refusal, Step, User
from bot.service.facade import Service
from bot.service.match.reader import replay
from bot.service.records.listings import rules_text

__all__ = ["Loaded", "Refusal", "Service", "Step", "User", "replay", "rules_text"]
