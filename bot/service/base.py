"""Pieces every use-case module shares: who acts, how refusals travel, how errors become
sentences. Kept apart from the use-case classes (lobbies, guided turns, clocks…) so every one
of them can import these without importing another."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, ParamSpec

from bot.service.replies import Reply
from bot.words import Phrase, words
from games.core import IllegalMove, Rules
from storage.base import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
    FINISHED,
    MatchClosed,
    MatchRecord,
    Rating,
    RatingsChanged,
    StaleVersion,
    Store,
    StoreBusy,
)
from storage.cached import request
from storage.integrity import clean_text

if TYPE_CHECKING:
    from games.sentences import Sentence

log = logging.getLogger("bot.service")

P = ParamSpec("P")

DROP = "--"
"""Log notation of a player leaving a game that goes on without them (never a legal move)."""


class Refusal(ValueError):
    """A command that cannot be done as asked; the message is shown to the caller.

    Raised with a catalogue key and its parameters (``Refusal("match.none", match=3)``), so the
    one place that answers (:func:`guarded`) can phrase it in the caller's language however
    deep in a helper it was raised; ``str()`` is the English sentence (logs, tests). Text that
    is not a catalogue key (a rules engine's sentence passed on) is shown as it is.
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(words()(key, **params) if words().has(key) else key)

    def say(self, locale: object) -> str:
        """The refusal in ``locale``'s language."""
        say = words(locale)
        return say(self.key, **self.params) if say.has(self.key) else str(self)


MATCH_STATUS: Final = {
    CHALLENGE: "match.status.challenge",
    ACTIVE: "match.status.active",
    FINISHED: "match.status.finished",
    DECLINED: "match.status.declined",
    CANCELLED: "match.status.cancelled",
}
"""Each stored status's sentence part, keys written out whole so the catalogue's check sees
every one asked for."""

MATCH_STATE: Final = {
    CHALLENGE: "match.state.challenge",
    ACTIVE: "match.state.active",
    FINISHED: "match.state.finished",
    DECLINED: "match.state.declined",
    CANCELLED: "match.state.cancelled",
}
"""Each stored status in a word or two (the match picker)."""


def match_status(status: str) -> Phrase:
    """Where a match stands, said after "Match #3" ("has finished", German "ist beendet"):
    the record's status is a stored word, never one for players."""
    return Phrase(MATCH_STATUS[status])


@dataclass(frozen=True)
class User:
    """Somebody issuing commands: a Discord user id (or a console name) and a display name,
    with the facts about them that only the front end can know and the service decides on.

    ``manages_server``: may change the settings of the server they act from, ``guild_id``
    (Discord: Manage Server); see :func:`manages`.
    ``guild_id`` and ``can_view``: where they are and which channels or threads they can
    see, so the service alone decides whether a spectator may look at a match.
    ``guild_locale``: Discord's preferred locale of that server (community servers set it;
    the default of the others is English), the language of shared posts unless the server
    chose one (:mod:`bot.service.text.languages`).
    ``bot_here``: the bot is a member of the server the command came from, so it may post
    there on its own. False in a DM, a group DM and a server where only a player installed
    the app: there it may only answer the command (:mod:`bot.service.match.venues`).
    """

    id: str
    name: str
    locale: str = "en"
    manages_server: bool = False
    guild_id: str | None = None
    guild_locale: str | None = None
    can_view: Callable[[str], bool] | None = field(default=None, compare=False, repr=False)
    bot_here: bool = True


def manages(actor: User, guild_id: str | None) -> bool:
    """Whether ``actor`` manages the server ``guild_id``: *Manage Server* counts only for the
    server the actor is acting from (``User.guild_id``), never for one named by an argument —
    else a manager of one server could change another's settings or cancel its tournaments
    through the service API."""
    return actor.manages_server and (actor.guild_id or "") == (guild_id or "")


@dataclass(frozen=True)
class Step:
    """One applied step of a turn, with what the log and the thread need to know of it."""

    notation: str
    highlight: dict[str, Any]
    description: Sentence | None
    """The engine's public sentence about the step (None: a notice tells it)."""
    ends_turn: bool
    public: str = ""
    """What the public log may show (hides card values a trade passes face down)."""
    notices: tuple[Sentence, ...] = ()
    confirm: str | None = None
    """Why the player should confirm this step first (``Presentation.confirm_before``), if
    at all."""


@dataclass(frozen=True)
class Loaded:
    """A match record with its rules and live state."""

    record: MatchRecord
    rules: Rules[Any, Any]
    state: Any
    _views: dict[int | None, Mapping[str, Any]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def id(self) -> int:
        return self.record.id

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """``rules.view(state, seat)``, worked out once: a board post asks what is private
        (every seat's view against the public one) several times. Read it, never change it
        (hand a renderer its own, fresh from the rules)."""
        if seat not in self._views:
            self._views[seat] = self.rules.view(self.state, seat)
        return self._views[seat]


COMMITTED: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "committed", default=None
)
"""The matches a command has committed changes to so far (set by :func:`guarded`).

After the first commit a failure can no longer be answered with "nothing was changed"; this
is how the one place that turns failures into sentences knows."""

BUSY_RETRIES = (0.2, 0.6)
"""Pauses before retrying a command that found the database busy (then: "busy, try again")."""
RATING_RETRIES = 5
"""A finishing commit whose rating rows moved is simply computed and committed again."""


def note_commit(match_id: int) -> None:
    """Called by the transition right after a commit succeeded."""
    committed = COMMITTED.get()
    if committed is not None:
        committed.append(match_id)


ID_LIMIT = 2**53
"""Discord's integer options stop here; every store's id column (64-bit) holds it."""
_TYPED_ID = re.compile(r"#?\s*(\d{1,16})")


def parse_id(value: object) -> int | None:
    """A match or tournament id as a player may give it (``12``, ``"12"``, ``"#12"``), or
    None when it cannot be one. Checked here, before any store sees it: the engines read a
    bad id differently (SQLite finds nothing, PostgreSQL raises on text or an overflow), and
    the player should get the same "there is no such match" from all of them."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value < ID_LIMIT else None
    if isinstance(value, str) and (typed := _TYPED_ID.fullmatch(value.strip())):
        number = int(typed.group(1))
        return number if 0 < number < ID_LIMIT else None
    return None


def shown_id(value: object) -> str:
    """A refused id, safe to repeat in a sentence: cleaned and short."""
    return clean_text(str(value))[:24]


def cleaned(value: Any) -> Any:
    """Every text in a command's arguments as every store keeps it (:func:`clean_text`), so
    what a player typed, what is stored and what is read back are the same text whichever
    engine runs; ``User`` names included."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, User):
        name = clean_text(value.name)
        return value if name == value.name else dataclasses.replace(value, name=name)
    if type(value) is dict:
        return {cleaned(k): cleaned(v) for k, v in value.items()}
    if type(value) in (list, tuple):
        return type(value)(cleaned(v) for v in value)
    return value


def _locale(args: tuple[Any, ...]) -> str:
    actor = next((a for a in args if isinstance(a, User)), None)
    return actor.locale if actor else "en"


def guarded(
    method: Callable[P, Awaitable[Reply]],
) -> Callable[P, Awaitable[Reply]]:
    """The one place where failures become sentences for people.

    Before anything was committed, a failure is a refusal ("nothing was changed" is true);
    once a change is committed, the answer says the change stands and how to see it. A busy
    database and a rating row that moved are retried here, because nothing was written.
    """

    async def answer(*args: P.args, **kwargs: P.kwargs) -> Reply:
        args = cleaned(args)
        kwargs = cleaned(kwargs)
        match_id = kwargs.get("match_id")
        known = match_id if isinstance(match_id, int) else None
        say = words(_locale(args))
        outer = COMMITTED.get() is None
        token = COMMITTED.set([]) if outer else None
        committed = COMMITTED.get()
        assert committed is not None
        try:
            pauses = list(BUSY_RETRIES)
            ratings_left = RATING_RETRIES
            while True:
                try:
                    return await method(*args, **kwargs)
                except StoreBusy:
                    if committed or not pauses:
                        raise
                    await asyncio.sleep(pauses.pop(0))
                except RatingsChanged:
                    if committed or ratings_left == 0:
                        raise
                    ratings_left -= 1
        except Refusal as exc:
            return Reply.refuse(exc.say(say.language), match_id=known)
        except IllegalMove as exc:
            return Reply.refuse(say.sentence(exc.sentence), match_id=known)
        except MatchClosed as exc:
            return Reply.refuse(
                say("errors.closed", match=exc.match_id, status=match_status(exc.status)),
                match_id=exc.match_id,
            )
        except StaleVersion:
            return Reply.refuse(say("errors.stale"))
        except StoreBusy:
            log.warning("store busy in %s (match %s)", method.__name__, match_id)
            return Reply.refuse(say("errors.busy"), match_id=known)
        except Exception:
            if committed:
                log.exception(
                    "after committing, %s failed (match %s)", method.__name__, committed[-1]
                )
                return Reply.refuse(
                    say("errors.recorded_not_posted", match=committed[-1]), match_id=committed[-1]
                )
            log.exception("internal error in %s (match %s)", method.__name__, match_id)
            return Reply.refuse(
                say("errors.internal_match", match=match_id) if match_id else say("errors.internal")
            )
        finally:
            if token is not None:
                COMMITTED.reset(token)

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> Reply:
        # One command reads each thing once (storage.cached); a retry reads afresh.
        with request():
            return await answer(*args, **kwargs)

    return wrapper


def plural_names(names: Sequence[str], locale: object = "en") -> str:
    if len(names) <= 1:
        return "".join(names)
    return words(locale)("common.and", first=", ".join(names[:-1]), last=names[-1])


def ago(seconds: float, locale: object = "en") -> str:
    say = words(locale)
    seconds = max(0, int(seconds))
    if seconds < 90:
        return say("ago.now")
    minutes = seconds // 60
    if minutes < 90:
        return say("ago.minutes", n=minutes)
    hours = minutes // 60
    if hours < 36:
        return say("ago.hours", n=hours)
    return say("ago.days", n=hours // 24)


async def rating_or_new(store: Store, guild_id: str, game: str, user_id: str) -> Rating:
    """The stored rating, or a newcomer's (1500, fully uncertain) for someone never rated."""
    found = await store.rating(guild_id, game, user_id)
    return found or Rating(user_id=user_id, game=game, guild_id=guild_id)
