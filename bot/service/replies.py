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

COMPUTER_PREFIX = "ai:"
"""User ids of computer seats (:mod:`bot.service.computer.opponents`). Nobody is there to ping or to
write to, so posts and replies drop them from mentions and DMs here, once for every use case."""


def is_computer(user_id: str) -> bool:
    return user_id.startswith(COMPUTER_PREFIX)


NEXT_GAME = "next_game"
"""The action of ``/me games``' "Next game" button: about no one match (the service picks it
when it is pressed), so a front end carries nothing else with it."""


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
class Link:
    """A button that opens a web address (Discord: a link button; the console prints it).

    Used for the web board: a link made for one person (their seat's signed link) only ever
    travels in a message meant for them alone — an ephemeral reply or a DM — never in a
    thread post, since anyone who can read the thread could press it."""

    label: str
    url: str


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
    alt: str = ""
    """The image described for a screen reader: game, the last move, who is to move."""
    detail: bytes | None = None
    """A close-up beside the whole board (FENCE!: the city around the pawn of whoever must
    act), readable on a phone where the whole city is not."""
    image_name: str = "board.png"
    """The file name ``image`` is attached under (a review's chart is not a board)."""
    files: tuple[tuple[str, bytes], ...] = ()
    """More images after ``image``, as (file name, PNG): a review's swing boards."""
    parts: tuple[str, ...] = ()
    """``text`` in its paragraphs, when it has several a reader looks for apart — a board's
    news (the last move), who is to move (or the result) and the clocks: Discord's card shows
    them as one section's texts beside its first button, the console as the same lines."""

    def __post_init__(self) -> None:
        if any(is_computer(m) for m in self.mentions):
            people = tuple(m for m in self.mentions if not is_computer(m))
            object.__setattr__(self, "mentions", people)
            if not people:
                object.__setattr__(self, "ping", "")


@dataclass(frozen=True)
class DirectMessage:
    """A message for one player alone: ``text`` (and ``image``, a secret hand), or a whole
    ``post`` — a direct match's board with its buttons (:mod:`bot.service.match.venues`) — with
    ``text`` as its line for that player.

    ``topic`` names what the message is news of, if it goes stale (``hand:<match>``: a newer
    hand makes an older one obsolete): kept for a player whose DMs are closed
    (:mod:`bot.service.people.notices`), a newer one replaces an older one of the same topic."""

    user_id: str
    text: str
    image: bytes | None = None
    links: tuple[Link, ...] = ()
    post: Post | None = None
    topic: str = ""

    def summary(self) -> str:
        """The message as plain text, for a player who could not be sent it: its line,
        then the post's title and text (images and buttons cannot wait)."""
        parts = [self.text]
        if self.post is not None:
            parts += [self.post.title, self.post.text]
        return "\n".join(part for part in parts if part)


@dataclass(frozen=True)
class Panel:
    """One level of a guided turn: the caller's next choices as short labels.

    ``path`` is the list of option indexes chosen so far; picking option ``i`` continues with
    ``path + (i,)``. Indexes (not labels) travel in Discord's ``custom_id`` so a panel stays
    compact and, because the legal steps of one match version never change, deterministic
    across restarts. ``version`` makes a panel opened on an older board refuse politely."""

    match_id: int
    version: int
    path: tuple[int, ...]
    options: tuple[str, ...]
    prompt: str = ""
    confirm: bool = False
    """The single option confirms the move chosen by ``path`` (its value ends in ``!``)."""
    back: tuple[int, ...] | None = None
    """Where "◀ Back" leads: the last level that offered a real choice (levels with a
    single option are walked through for the player). None: this is the first level."""

    def value(self, index: int | None = None) -> str:
        """The path (optionally extended by one choice) as text: ``"2.0.13"``."""
        if self.confirm:
            return ".".join(str(i) for i in self.path) + CONFIRMED
        steps = self.path if index is None else (*self.path, index)
        return ".".join(str(i) for i in steps)


CONFIRMED = "!"


def parse_path(text: str) -> tuple[tuple[int, ...], bool]:
    """``"2.0.13!"`` → ((2, 0, 13), confirmed); raises ValueError on anything else."""
    confirmed = text.endswith(CONFIRMED)
    body = text[: -len(CONFIRMED)] if confirmed else text
    steps = tuple(int(part) for part in body.split(".") if part.strip())
    if any(step < 0 for step in steps):
        raise ValueError(text)
    return steps, confirmed


@dataclass(frozen=True)
class MatchPlace:
    """Where a match lives and what its buttons must carry: everything a front end needs to
    post about a match without reading the store.

    ``version`` is the match's *public* version
    (:func:`bot.service.match.transition.public_version`), the one every button and menu
    carries. ``thread_title``, ``server_channel`` and ``threads`` matter for a new match only
    (``Reply.created``): what its thread is called, the channel its server wants matches in
    (None: where the command was typed) and whether the server plays in threads at all."""

    match_id: int
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    version: int
    computer_in_play: bool = False
    """An active match with a computer seat: after a change the computer may have to move."""
    link: str | None = None
    thread_title: str = ""
    server_channel: str | None = None
    threads: bool = True
    venue: str = "server"
    """``server``: posts go to the match's thread or channel; ``direct``: the match has no
    place of its own, so a post is the answer to the command that made it, where it was made
    (:mod:`bot.service.match.venues`)."""


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
    files: tuple[tuple[str, bytes], ...] = ()
    """Attachments for the caller, as (file name, content): exports."""
    panel: Panel | None = None
    """A guided-turn control panel for the caller only (ephemeral in Discord)."""
    ok: bool = True
    """False for refusals and errors (nothing was changed)."""
    extra: dict[str, object] = field(default_factory=dict)
    place: str | None = None
    """Where ``post`` goes when it belongs to no match (tournament news): a channel id."""
    image_name: str = "board.png"
    """The file name ``image`` is attached under (a chart is not a board)."""
    match_place: MatchPlace | None = None
    """Where the match of ``match_id`` lives, for delivering ``post`` and ``dms`` (filled in
    for every answer that carries either, or creates a match)."""
    links: tuple[Link, ...] = ()
    """Link buttons for the caller alone (the web board's signed link)."""
    notices: tuple[str, ...] = ()
    """Messages for the caller alone, after the answer: DMs they could not be sent earlier
    (:mod:`bot.service.people.notices`)."""
    card: Post | None = None
    """The answer for the caller alone as a card, shown in place of ``text``, which says the
    same plainly (``/me games`` and its "Next game" board; a ``ping`` without mentions is
    the line above the card): Discord sends it as a private Components V2 message with its
    buttons, the console prints it as text with what to type for them."""

    def __post_init__(self) -> None:
        if any(is_computer(dm.user_id) for dm in self.dms):
            people = tuple(dm for dm in self.dms if not is_computer(dm.user_id))
            object.__setattr__(self, "dms", people)

    @classmethod
    def refuse(cls, text: str, match_id: int | None = None) -> Reply:
        return cls(text=text, ephemeral=True, ok=False, match_id=match_id)
