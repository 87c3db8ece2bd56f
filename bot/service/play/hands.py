"""Secrets: each player's private view (a FENCE! hand, unrevealed starting cards) goes to
that player only — by DM whenever it changes, and on request with ``/hand``.

What is private is not hard-coded per game: it is whatever ``view(state, seat)`` shows that
``view(state, None)`` does not (ruling 29's "one door"). So a game gains secret DMs simply
by putting private facts into its seat view, and nothing private can reach the thread by
accident, because thread posts are only ever drawn from the public view.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service.base import Loaded, Refusal, User, guarded
from bot.service.match.notifier import Notifier
from bot.service.match.workers import Workers
from bot.service.replies import DirectMessage, Reply
from bot.service.text.describer import colour_word, told_view
from bot.service.text.image_labels import image_labels
from bot.words import Words, words
from storage.base import ACTIVE, CHALLENGE, FINISHED

if TYPE_CHECKING:
    from bot.service.match.reader import MatchReader

NOT_SECRET = frozenset({"seat"})
"""Keys that differ between seat and public views without being secrets."""


def private_part(rules: Any, state: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` sees that the public does not."""
    return _private(rules.view(state, None), rules.view(state, seat))


def private_of(loaded: Loaded, seat: int) -> dict[str, Any]:
    """:func:`private_part` of a loaded match, its views worked out once."""
    return _private(loaded.view(None), loaded.view(seat))


def _private(public: Mapping[str, Any], mine: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: value
        for key, value in mine.items()
        if key not in NOT_SECRET and (key not in public or public[key] != value)
    }


ALWAYS_SHOWN = ("hand",)
"""Private facts worth saying even when empty ("Hand: none" is news); they come first. Other
empty facts (starting cards once revealed, no notes) are left out of the text."""


def _words(value: Any, say: Words) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_words(v, say) for v in value) or say("hand.none")
    if isinstance(value, dict):
        return ", ".join(f"{_fact(k, say)} {_words(v, say)}" for k, v in value.items())
    return str(value)


FACTS = {
    "hand": "hand.fact.hand",
    "starting_cards": "hand.fact.starting_cards",
    "trade_offer": "hand.fact.trade_offer",
    "from": "hand.fact.from",
    "to": "hand.fact.to",
    "give": "hand.fact.give",
    "ask": "hand.fact.ask",
}
"""The names of private facts in a view (a FENCE! seat's), as the catalogue says them."""


def _fact(key: str, say: Words) -> str:
    """A private fact's name ("Starting cards"); a fact a game adds later reads as its key."""
    return say(FACTS[key]) if key in FACTS else key.replace("_", " ")


def _is_prose(value: Any) -> bool:
    """A list of sentences (notes about one's own trades) reads best as lines of its own."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, str) and " " in v.strip() for v in value)
    )


def _between(value: dict[str, Any], seat_names: Sequence[str]) -> dict[str, Any]:
    """Seat numbers in a private fact (who offered whom a trade) as the seats' names."""

    def name(seat: Any) -> Any:
        return seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(seat_names) else seat

    return {k: name(v) if k in ("from", "to") else v for k, v in value.items()}


def secret_text(
    private: dict[str, Any], seat_names: Sequence[str] = (), say: Words | None = None
) -> str:
    """``Hand: R3 B5`` then any other secret on its own line — plain words for a DM, in
    ``say``'s language (``private`` already told: :func:`told_view`)."""
    say = say or words()
    keys = [k for k in ALWAYS_SHOWN if k in private] + [k for k in private if k not in ALWAYS_SHOWN]
    lines = []
    for key in keys:
        value = private[key]
        if not value and key not in ALWAYS_SHOWN:
            continue
        if _is_prose(value):
            lines.extend(value)
            continue
        if isinstance(value, dict):
            value = _between(value, seat_names)
        fact = _fact(key, say)
        lines.append(say("hand.line", fact=fact[:1].upper() + fact[1:], value=_words(value, say)))
        if key == "hand" and not value and private.get("starting_cards") == []:
            # The starting cards were revealed (played face up): an empty hand is no loss.
            lines[-1] += " " + say("hand.start_revealed")
    return "\n".join(lines)


def news(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether a change of someone's private view deserves a DM: their hand changed, or a
    secret appeared or changed (new cards, a trade offer, a note). A secret merely leaving
    the private view — starting cards revealed, a note cleared — is not worth a message."""
    if any(before.get(k) != after.get(k) for k in ALWAYS_SHOWN):
        return True
    return any(value and before.get(key) != value for key, value in after.items())


def hand_renderer(game: str) -> Callable[..., bytes] | None:
    """The game's private-hand picture, if its renderer draws one (``render_hand``)."""
    try:
        module = importlib.import_module(f"render.{game}")
    except ImportError:
        return None
    return getattr(module, "render_hand", None)


@dataclass(eq=False, repr=False)
class Hands:
    """Secret DMs and ``/hand``: the reader, the notifier (links, DM languages), the workers."""

    reader: MatchReader
    notifier: Notifier
    workers: Workers

    async def _secret_message(
        self,
        loaded: Loaded,
        seat: int,
        private: dict[str, Any],
        *,
        intro: str,
        locale: str = "en",
    ) -> tuple[str, bytes | None]:
        """``intro`` is a ``hand.*`` key; DMs speak the language the player set with
        ``/me notify`` (:meth:`Notifier.locale`), ``/hand`` the caller's own."""
        say = words(locale)
        rules, record = loaded.rules, loaded.record
        where = self.notifier.linked(
            record, say("hand.where", game=rules.info.title, match=record.id)
        )
        seat_name = (
            colour_word(rules, rules.info.seat_names[seat], locale)
            if seat < len(rules.info.seat_names)
            else ""
        )
        colour = " " + say("hand.you_play", seat=seat_name) if seat_name else ""
        seat_names = [colour_word(rules, name, locale) for name in rules.info.seat_names]
        private = told_view(say, private)
        text = f"{say(intro)} — {where}.{colour}\n{secret_text(private, seat_names, say)}"
        draw = hand_renderer(record.game)
        image = None
        if draw is not None:
            view = told_view(say, rules.view(loaded.state, seat))
            image = await self.workers.run(
                functools.partial(draw, view, labels=image_labels(say.language))
            )
        return text, image

    async def secret_dms(
        self, after: Loaded, before_state: Any | None
    ) -> tuple[DirectMessage, ...]:
        """A DM to each player whose private view changed (everyone at the start)."""
        if after.record.status != ACTIVE:
            return ()
        rules = after.rules
        gone = set(after.record.meta.get("dropped", []))
        acted = set(rules.to_move(before_state)) if before_state is not None else set()
        dms = []
        for seat, user_id in enumerate(after.record.seats):
            if seat in gone:
                continue  # a player who left has no hand to follow
            private = private_of(after, seat)
            if not private:
                continue
            if before_state is None:
                intro = "hand.secret_cards"
            else:
                earlier = private_part(rules, before_state, seat)
                if not news(earlier, private):
                    continue
                hand_changed = any(earlier.get(k) != private.get(k) for k in ALWAYS_SHOWN)
                if not hand_changed and seat in acted:
                    continue  # news of one's own doing (the offer just made) is no news
                intro = "hand.changed" if hand_changed else "hand.news"
            text, image = await self._secret_message(
                after, seat, private, intro=intro, locale=await self.notifier.locale(user_id)
            )
            dms.append(DirectMessage(user_id, text, image, topic=f"hand:{after.id}"))
        return tuple(dms)

    @guarded
    async def hand(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The caller's secrets, privately — the same as the DMs, at any time."""
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where, statuses=(ACTIVE,))
        if record.status == CHALLENGE:
            raise Refusal("hand.not_started", match=record.id)
        loaded = self.reader.load(record)
        seat = self.reader.seat_of(record, actor)
        private = private_of(loaded, seat)
        if not private:
            if record.status == FINISHED:
                raise Refusal("hand.over", match=record.id)
            raise Refusal("hand.no_secrets", game=loaded.rules.info.title)
        text, image = await self._secret_message(
            loaded, seat, private, intro="hand.yours", locale=actor.locale
        )
        return Reply(text=text, image=image, match_id=record.id)
