"""Pieces every use-case module shares: who acts, how refusals travel, how errors become
sentences. Kept apart from :mod:`bot.service.facade` so the use-case mixins (lobbies, guided turns,
clocks…) can import them without importing the service itself."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec

from bot.service.replies import Reply
from games.core import IllegalMove, Rules
from storage.base import MatchRecord, StaleVersion

log = logging.getLogger("bot.service")

P = ParamSpec("P")

DROP = "--"
"""Log notation of a player leaving a game that goes on without them (never a legal move)."""


class Refusal(ValueError):
    """A command that cannot be done as asked; the message is shown to the caller."""


@dataclass(frozen=True)
class User:
    """Somebody issuing commands: a Discord user id (or a console name) and a display name."""

    id: str
    name: str


@dataclass(frozen=True)
class Step:
    """One applied step of a turn, with what the log and the thread need to know of it."""

    notation: str
    highlight: dict[str, Any]
    description: str
    ends_turn: bool
    public: str = ""
    """What the public log may show (hides card values a trade passes face down)."""
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Loaded:
    """A match record with its rules and live state."""

    record: MatchRecord
    rules: Rules[Any, Any]
    state: Any

    @property
    def id(self) -> int:
        return self.record.id


def guarded(
    method: Callable[P, Awaitable[Reply]],
) -> Callable[P, Awaitable[Reply]]:
    """The one place where failures become sentences for people."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> Reply:
        match_id = kwargs.get("match_id")
        try:
            return await method(*args, **kwargs)
        except (IllegalMove, Refusal) as exc:
            return Reply.refuse(str(exc), match_id=match_id if isinstance(match_id, int) else None)
        except StaleVersion:
            return Reply.refuse(
                "The board changed while you were acting — look again with /board and retry."
            )
        except Exception:
            log.exception("internal error in %s (match %s)", method.__name__, match_id)
            return Reply.refuse(
                "Sorry — something went wrong on my side and nothing was changed"
                + (f" (match #{match_id})." if match_id else ".")
            )

    return wrapper


def plural_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 90:
        return "just now"
    minutes = seconds // 60
    if minutes < 90:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 36:
        return f"{hours} h ago"
    return f"{hours // 24} days ago"
