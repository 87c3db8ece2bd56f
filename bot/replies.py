"""What the service answers: transport-free messages that each adapter renders its own way.

Discord turns a :class:`Reply` into an interaction response (ephemeral or not), a message in
the match thread, mentions, buttons and DMs; the console prints the same pieces as prefixed
lines. Keeping them as plain data is what lets the console and the tests exercise exactly the
code paths Discord uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    """A button under a post. ``action`` is what pressing it does, e.g. ``accept``,
    ``decline`` or ``step`` (play ``value``); adapters encode it with the match id and
    version so a stale or foreign press is refused by the service like any typed command."""

    label: str
    action: str
    style: ButtonStyle = "secondary"
    value: str = ""


@dataclass(frozen=True)
class Post:
    """A public message for everyone following a match (its thread in Discord)."""

    text: str
    image: bytes | None = None
    ping: str = ""
    """Sentence addressed to ``mentions`` (Discord: message content with the mentions)."""
    mentions: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = ()
    choices: tuple[str, ...] = ()
    """Legal next steps offered as a select menu (multi-step turns), in notation."""
    title: str = ""


@dataclass(frozen=True)
class DirectMessage:
    user_id: str
    text: str
    image: bytes | None = None


@dataclass(frozen=True)
class Reply:
    """The answer to one command.

    ``text`` goes to the caller: privately when ``ephemeral`` (refusals, confirmations,
    personal lists), else visibly where the command was typed. ``post`` goes to the match's
    own place. ``match_id`` tells the adapter which match the answer is about; ``created``
    marks a new match that still needs a thread.
    """

    text: str = ""
    ephemeral: bool = True
    image: bytes | None = None
    post: Post | None = None
    dms: tuple[DirectMessage, ...] = ()
    match_id: int | None = None
    created: bool = False
    buttons: tuple[Button, ...] = ()
    ok: bool = True
    """False for refusals and errors (nothing was changed)."""
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def refuse(cls, text: str, match_id: int | None = None) -> Reply:
        return cls(text=text, ephemeral=True, ok=False, match_id=match_id)
