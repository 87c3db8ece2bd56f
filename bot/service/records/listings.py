"""What a player looks up: their games, a match's history, a game's rules, and the matches a front
end offers in its pickers.

Why apart: listings only read — many matches at once, through the clock keeper's
:class:`~bot.service.match.clock.clocks.Directory` so fifty matches cost three queries — and none of
them changes anything, so they need neither the transitions nor the presenter's images.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import games
from bot.service.base import MATCH_STATE, Refusal, User, ago, guarded, match_status, plural_names
from bot.service.computer import levels
from bot.service.match.reader import rules_named
from bot.service.match.wiring import OnCore
from bot.service.matchmaking.lobby import lobby_of
from bot.service.matchmaking.seeks import seek_of
from bot.service.play.boards import match_title, result_text, seat_label
from bot.service.replies import NEXT_GAME, Button, Post, Reply
from bot.service.text.command_map import choice_word, option_word
from bot.service.text.describer import colour_word, seats_of, turn_text
from bot.words import words
from games.core import Outcome, Rules
from storage.base import (
    ACTIVE,
    CHALLENGE,
    CLOSED_STATUSES,
    FINISHED,
    OPEN_STATUSES,
    ActionRecord,
    MatchRecord,
)

if TYPE_CHECKING:
    from bot.service.match.wiring import Core


class Listings(OnCore):
    """The reader, the clock keeper (names and clocks of a whole listing at once) and the
    notifier (links); the store to list matches."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)

    @guarded
    async def games(self, actor: User) -> Reply:
        """My open matches, whose turn and since when."""
        say = words(actor.locale)
        await self.reader.touch(actor)
        records = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES)
            if actor.id in m.seats and m.seats.index(actor.id) not in m.meta.get("dropped", [])
        ]
        if not records:
            return Reply(text=say("games.none"))
        now = self.clock()
        lines = []
        directory = await self.clocks.directory(records)
        for record in records:
            loaded = self.reader.load(record)
            names = directory.player_names(record, actor.locale)
            gone = set(record.meta.get("dropped", []))  # players who left a FENCE! game
            opponents = plural_names(
                [
                    n
                    for seat, (uid, n) in enumerate(zip(record.seats, names, strict=True))
                    if uid != actor.id and seat not in gone
                ],
                actor.locale,
            )
            title = loaded.rules.info.title
            since = ago(now - record.updated_at, actor.locale)
            if (lobby := lobby_of(record)) is not None:
                state = say(
                    "games.lobby_mine" if record.created_by == actor.id else "games.lobby",
                    seated=len(record.seats),
                    seats=lobby.get("seats"),
                )
            elif record.status == CHALLENGE:
                state = (
                    say("games.waiting_for", players=opponents)
                    if record.created_by == actor.id
                    else say("games.challenge_for_you")
                )
            else:
                seats = loaded.rules.to_move(loaded.state)
                movers = [record.seats[s] for s in seats]
                state = (
                    say("games.your_turn")
                    if actor.id in movers
                    else say(
                        "games.their_turn",
                        players=plural_names([names[s] for s in seats], actor.locale),
                    )
                ) + await self.clocks.games_clock(record, seats, actor.id, directory, say.language)
            line = say(
                "games.line",
                match=record.id,
                game=title,
                opponents=opponents,
                state=state,
                since=since,
            )
            if seek_of(record) is not None:
                line = say("games.open_seek", match=record.id, game=title, since=since)
            lines.append(self.notifier.linked(record, line))
        text = "\n".join(lines)
        card = Post(
            text=text,
            title=say("games.heading"),
            buttons=(Button(say("button.next_game"), NEXT_GAME, "primary"),),
        )
        return Reply(text=text, card=card)

    async def find_active(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> MatchRecord:
        """The caller's active match a command is about; :class:`Refusal` says why not."""
        record = await self.reader.find(actor, match_id, where)
        if record.status in CLOSED_STATUSES:
            raise Refusal("errors.closed", match=record.id, status=match_status(record.status))
        return record

    async def open_matches(self, actor: User) -> list[MatchRecord]:
        """The caller's open matches (for the adapters' match pickers)."""
        return [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES)
            if actor.id in m.seats
        ]

    async def match_choices(self, actor: User) -> list[tuple[int, str]]:
        """The caller's open matches as a front end's picker lists them, in the caller's language:
        ``(match id, label)``. Labels are at most 100 characters (Discord's limit for a choice);
        long names are what gets cut."""
        say = words(actor.locale)
        choices = []
        for record in await self.open_matches(actor):
            names = await self.reader.player_names(record, say.language, raw=True)
            label = say(
                "match.picker",
                match=record.id,
                game=games.get(record.game).info.title,
                players=f" {say('match.versus')} ".join(names),
                state=say(MATCH_STATE[record.status]),
            )[:100]
            choices.append((record.id, label))
        return choices

    @guarded
    async def history(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The numbered list of turns, in notation."""
        record = await self.reader.find(
            actor, match_id, where, statuses=(ACTIVE,), participant=False, recent=(FINISHED,)
        )
        rules = games.get(record.game)
        state = rules.load(record.state)
        names = await self.reader.player_names(record, actor.locale)
        live = await self.reader.live_actions(record.id)
        if not live:
            return Reply(
                text=words(actor.locale)("history.empty", match=record.id), match_id=record.id
            )
        turns: dict[int, list[ActionRecord]] = {}
        for action in live:
            turns.setdefault(int(action.detail.get("turn", action.ply)), []).append(action)
        say = words(actor.locale)
        lines = [match_title(rules, record.id, names, actor.locale)]
        over = record.status == FINISHED
        seats = seats_of(rules, state, names, actor.locale)
        for number, (_, acts) in enumerate(sorted(turns.items()), start=1):
            seat = acts[0].seat
            who = seat_label(rules, state, seat, names[seat], actor.locale)
            told = turn_text(say, rules, acts, who, reveal=over, seats=seats)
            lines.append(say("history.line", number=number, turn=told))
        if record.result:
            outcome = Outcome.from_dict(record.result)
            lines.append(result_text(rules, state, outcome, names, actor.locale))
        return Reply(text="\n".join(lines), match_id=record.id)

    @guarded
    async def rules(self, game: str, locale: str = "en") -> Reply:
        return Reply(text=rules_text(rules_named(game), locale))


def rules_text(rules: Rules[Any, Any], locale: object = "en") -> str:
    """The rules summary, how to type moves and the options, in ``locale``'s language (the
    games' own texts are catalogue keys: :func:`games.info_sentences`)."""
    say = words(locale)
    info = rules.info
    section = f"rules.{info.name}"
    players = (
        say("rules.players", n=info.min_players)
        if info.min_players == info.max_players
        else say("rules.players_range", low=info.min_players, high=info.max_players)
    )
    lines = [
        say(
            "rules.heading",
            game=info.title,
            players=players,
            seats=", ".join(colour_word(rules, name, locale) for name in info.seat_names),
        ),
        say(f"{section}.summary"),
    ]
    if info.notation_help:
        lines.append(say("rules.notation", help=say(f"{section}.notation_help")))
    if info.options:
        lines.append(say("rules.options"))
        for opt in info.options:
            allowed = opt.allowed_sentence()
            lines.append(
                say(
                    "rules.option",
                    name=option_word(opt.name),
                    description=say(f"{section}.option.{opt.name}"),
                    allowed=allowed,
                    default=choice_word(opt.default),
                )
            )
    if (ladder := levels.levels_line(info.name, locale)) is not None:
        lines.append(ladder)
    return "\n".join(lines)
