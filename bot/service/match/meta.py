"""Facts read off a match record that more than one concern asks about: is it an open seek, does
a computer sit at it, does it hold anyone's conditional moves.

Why here, below the use cases that write them: the per-person limits count open seeks and
computer games, and the one transition drops every conditional move when a match closes. Were
these facts kept with the seeks, the opponents and the premoves that write them, the match core
would import upward into matchmaking, the computer and play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.replies import is_computer
from storage.base import CHALLENGE, MatchRecord

SEEK_KEY = "seek"
"""``meta[SEEK_KEY]``: who may take an open challenge (rating bounds); written by the seeks."""

PREMOVES_KEY = "premoves"
"""``meta[PREMOVES_KEY]``: each seat's conditional lines; written by the premoves."""


def seek_of(record: MatchRecord) -> dict[str, Any] | None:
    """The seek facts of an open challenge still waiting for anyone, else None."""
    seek = record.meta.get(SEEK_KEY)
    return seek if record.status == CHALLENGE and isinstance(seek, dict) else None


def has_computer(record: MatchRecord) -> bool:
    return any(is_computer(uid) for uid in record.seats)


def without_premoves(meta: Mapping[str, Any]) -> dict[str, Any]:
    """``meta`` with nobody's lines: after an undo, or once the match is over, the positions they
    were written for are gone."""
    return {k: v for k, v in meta.items() if k != PREMOVES_KEY}
