"""The board as a Discord Activity: who Discord says is playing, from where, and which of their
matches the Activity opens on.

Inside Discord nobody holds a signed link: the Activity's page asks Discord to authorize it,
the web server trades the code Discord gave it for the user (OAuth2, with the app's client
secret) and asks Discord which Activity instance that user is in and where it runs (a thread,
a channel, a DM). That confirmed :class:`Player` is all the board trusts — never what the
page says about itself. The server then signs a short-lived **session** (the same
``<body>.<signature>`` shape as a link, another purpose in the key, so neither passes for the
other) that the page sends exactly as it would send a link's token.

What a session grants is decided with the service's one rule for who may look
(:meth:`bot.service.match.reader.MatchReader.may_see`): the Activity's channel is a place its user
can see, so a player opens their matches and anyone in a match's thread may watch it — public
views only, like every spectator.

Which match the Activity opens on: the one a "Play on the board" press asked for in the same
channel moments ago (kept in the presser's settings, so any web process reads it), else the
match whose thread the Activity runs in, else the player's match there whose turn it is, else
their newest match there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import games
from bot.service.base import Refusal, User, guarded, parse_id, plural_names
from bot.service.match.links import Signer, peek
from bot.service.replies import Reply
from bot.service.text.command_map import command_names
from bot.service.text.computer_names import shown_name
from bot.words import words
from storage.base import ACTIVE, VENUE_DIRECT, MatchRecord, Store

SESSION_MINUTES = 60.0
"""How long a session lasts: the page renews it (asking Discord again) well before then, so a
stolen one is worth an hour at most."""
AIM_MINUTES = 15.0
"""How long a "Play on the board" press steers which match the Activity opens on."""
AIM_KEY = "activity_aim"
PURPOSE = b"boardbot activity session\x00"
MARK = "activity"
"""The first item of a session's payload: what tells a session from a link before checking."""
LISTED = 25
"""Matches listed at most (a select menu on a phone)."""


@dataclass(frozen=True)
class Player:
    """A Discord user as Discord confirmed them, in the Activity instance they are in."""

    user_id: str
    name: str
    channel_id: str
    guild_id: str | None


@dataclass(frozen=True)
class Confirmed:
    """What Discord confirmed for an Activity's page: the player, and the OAuth2 access
    token the page hands back to Discord's client (the SDK's ``authenticate``) — the server
    keeps it nowhere."""

    player: Player
    access_token: str = field(repr=False)


class Confirmer(Protocol):
    """What asks Discord who opened the Activity (:class:`bot.discord.activity.DiscordActivity`
    where the bot runs): the app's id, and the code-and-instance check."""

    client_id: str

    async def confirm(self, code: str, instance_id: str) -> Confirmed: ...


@dataclass(frozen=True)
class Session:
    """What a valid session says: whose it is, where their Activity runs, until when."""

    user_id: str
    channel_id: str
    guild_id: str | None
    expires: float

    def viewer(self, locale: str = "en") -> User:
        """The session's user as the service's visibility rule reads anyone: in their
        Activity's server, able to see the Activity's channel (Discord put them there)."""
        here = self.channel_id
        return User(
            self.user_id, "", locale=locale, guild_id=self.guild_id, can_view=lambda c: c == here
        )


class ActivitySessions:
    """Signs and reads sessions with ``WEB_SECRET`` (any web process can check them)."""

    def __init__(
        self, secret: str, clock: Callable[[], float], *, minutes: float = SESSION_MINUTES
    ) -> None:
        self._signer = Signer(PURPOSE, secret)
        self.clock = clock
        self.seconds = minutes * 60.0

    def issue(self, player: Player) -> str:
        expires = int(self.clock() + self.seconds)
        return self._signer.sign(
            [MARK, player.user_id, player.channel_id, player.guild_id, expires]
        )

    @staticmethod
    def claims(token: str) -> bool:
        """Whether ``token`` claims to be a session (unchecked: :meth:`read` checks)."""
        data = peek(token)
        return isinstance(data, list) and bool(data) and data[0] == MARK

    def read(self, token: str | None) -> Session:
        """The session ``token`` is; a :class:`Refusal` when there is none, it was not signed
        here or was changed, or it has ended."""
        data = self._signer.open((token or "").strip())
        if not (
            isinstance(data, list)
            and len(data) == 5
            and data[0] == MARK
            and isinstance(data[1], str)
            and isinstance(data[2], str)
            and (data[3] is None or isinstance(data[3], str))
            and type(data[4]) is int
        ):
            raise Refusal("web.activity.not_confirmed")
        session = Session(data[1], data[2], data[3], float(data[4]))
        if session.expires < self.clock():
            raise Refusal("web.activity.expired")
        return session

    @property
    def lifetime(self) -> float:
        return self.seconds


def played_here(record: MatchRecord, session: Session) -> bool:
    """Whether ``record`` belongs where the Activity runs: its thread or channel; in a
    server, anywhere in the same server; in a DM or group DM, any match played outside a
    server (those live in DMs, wherever each was started)."""
    if session.channel_id in (record.thread_id, record.channel_id):
        return True
    if session.guild_id is None:
        return record.venue == VENUE_DIRECT
    return record.guild_id == session.guild_id


class ActivityPages:
    """Built with the store, the session signer (None: no Activity), the board pages' gate
    (:meth:`bot.service.pages.web.BoardPages.access`) and the clock."""

    def __init__(
        self,
        store: Store,
        sessions: ActivitySessions | None,
        access: Callable[[str | None, object], Any],
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.sessions = sessions
        self._access = access
        self.clock = clock

    @property
    def enabled(self) -> bool:
        return self.sessions is not None

    def _sessions(self) -> ActivitySessions:
        if self.sessions is None:
            raise Refusal("web.activity.off")
        return self.sessions

    async def welcome(self, player: Player) -> str:
        """A session for a player Discord just confirmed (their name kept for the pages)."""
        sessions = self._sessions()
        await self.store.ensure_user(player.user_id, player.name, self.clock())
        return sessions.issue(player)

    @guarded
    async def sign_in(
        self, viewer: User, confirmer: Confirmer, *, code: str, instance_id: str
    ) -> Reply:
        """The Activity's page brought Discord's code: once ``confirmer`` has Discord's word
        for the player and their instance, their session (``extra["session"]``, good for
        ``extra["expires_in"]`` seconds) and the access token the page hands back to Discord's
        client (``extra["access_token"]``)."""
        sessions = self._sessions()
        confirmed = await confirmer.confirm(code, instance_id)
        return Reply(
            extra={
                "session": await self.welcome(confirmed.player),
                "expires_in": int(sessions.lifetime),
                "access_token": confirmed.access_token,
            }
        )

    @guarded
    async def aim(self, actor: User, *, match_id: int, where: str | None) -> Reply:
        """ "Play on the board" was pressed under ``match_id``'s board in channel ``where``:
        the Activity about to open there opens on that match."""
        if where is None:
            return Reply()
        prefs = await self.store.user_settings(actor.id)
        prefs[AIM_KEY] = {"match": match_id, "channel": where, "at": self.clock()}
        await self.store.save_user_settings(actor.id, prefs, self.clock())
        return Reply(match_id=match_id)

    @guarded
    async def here(self, viewer: User, token: str | None, *, wanted: object = None) -> Reply:
        """The match the Activity opens on (``extra["open"]``; ``wanted`` if the page asks
        for one it may open) and the player's matches where it runs (``extra["matches"]``:
        each ``{"match", "label", "turn"}``, theirs to move first)."""
        session = self._sessions().read(token)
        say = words(viewer.locale)
        mine = [
            r
            for r in await self.store.list_matches(user_id=session.user_id, statuses=(ACTIVE,))
            if played_here(r, session)
        ]
        turns = {r.id: self._to_move(r, session.user_id) for r in mine}
        mine.sort(key=lambda r: not turns[r.id])  # stable: newest first within each
        opened = await self._opening(token, session, wanted, mine)
        if opened is None:
            raise Refusal("web.activity.no_match", play=command_names(say.language).full("play"))
        listed = mine[:LISTED]
        if opened.id not in {r.id for r in listed}:
            listed = [opened, *listed[: LISTED - 1]]
        names = await self.store.user_names(sorted({u for r in listed for u in r.seats}))
        matches = []
        for record in listed:
            players = plural_names([shown_name(u, names, say) for u in record.seats], say.language)
            key = "web.activity.entry_turn" if turns.get(record.id) else "web.activity.entry"
            title = games.get(record.game).info.title
            matches.append(
                {
                    "match": record.id,
                    "label": say(key, game=title, match=record.id, players=players),
                    "turn": bool(turns.get(record.id)),
                }
            )
        return Reply(match_id=opened.id, extra={"open": opened.id, "matches": matches})

    async def _opening(
        self, token: str | None, session: Session, wanted: object, mine: list[MatchRecord]
    ) -> MatchRecord | None:
        """The first match the session may open of: the one asked for, the one a press
        aimed at, the Activity's thread's, the player's there (their turn first)."""
        aim = (await self.store.user_settings(session.user_id)).get(AIM_KEY) or {}
        fresh = (
            isinstance(aim, dict)
            and aim.get("channel") == session.channel_id
            and self.clock() - float(aim.get("at", 0)) <= AIM_MINUTES * 60
        )
        thread = await self.store.find_by_thread(session.channel_id)
        choices: list[object] = [
            parse_id(wanted) if wanted is not None else None,
            aim.get("match") if fresh else None,
            thread.id if thread is not None else None,
            *(r.id for r in mine),
        ]
        for choice in choices:
            if choice is None:
                continue
            try:
                access = await self._access(token, choice)
            except Refusal:
                continue
            return access.record  # type: ignore[no-any-return]
        return None

    @staticmethod
    def _to_move(record: MatchRecord, user_id: str) -> bool:
        rules = games.get(record.game)
        seats = rules.to_move(rules.load(record.state))
        return any(record.seats[s] == user_id for s in seats if 0 <= s < len(record.seats))
