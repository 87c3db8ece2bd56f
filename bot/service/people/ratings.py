"""Ratings as players ask for them: ``/me rating`` (with its chart), ``/me stats`` and
``/server leaderboard``.

Decisions where the issue is silent: ratings are per server and per game; a match played in
DMs or the console is rated on the friends' ladder. Draws by agreement are rated; cancelled
challenges never are.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TypedDict, Unpack

import games
from bot.service.base import User, guarded
from bot.service.match.reader import rules_named
from bot.service.match.venues import ladder_of
from bot.service.match.wiring import OnCore
from bot.service.replies import Reply
from bot.service.text.image_labels import image_labels
from bot.service.text.markdown import escape
from bot.words import words
from competition import ratings as glicko
from render.chart import rating_chart
from storage.base import FINISHED, Rating


def _on_ladder(actor: User, server: str, friends: str) -> str:
    """The sentence for the ladder an answer about ratings reads: the server's, or outside a
    server with the bot the friends' ladder (:data:`bot.service.match.venues.FRIENDS_LADDER`)."""
    return server if actor.bot_here else friends


class Whose(TypedDict, total=False):
    """What ``/me rating`` and ``/me stats`` are asked about: whose (``user``, default the
    caller), which game (default all) and, from a server, its ladder (``guild_id``)."""

    user: User | None
    game: str | None
    guild_id: str | None


class Ratings(OnCore):
    """The match core: the store (ratings, their history, finished matches), the reader
    (names, who may be named) and the workers (the chart is drawn in the people's pool)."""

    async def _whose(self, actor: User, asked: Whose) -> tuple[User, str, str | None]:
        """(whose, which ladder, which game) an answer is about; the person named is noted."""
        who = asked.get("user") or actor
        await self.reader.touch(actor, who)
        return who, ladder_of(actor, asked.get("guild_id")), asked.get("game")

    @guarded
    async def stats(self, actor: User, **asked: Unpack[Whose]) -> Reply:
        """Games, wins, draws and losses per game on this server, with the current rating.

        Every finished match counts, rated or not (a record of play, not of rating): a win is
        a seat among the winners, a draw a match nobody won, anything else a loss — in FENCE!
        too, where one player wins and the others lose. Resignations and timeouts are results
        like any other; withdrawn challenges and cancelled lobbies never began."""
        who, guild, game = await self._whose(actor, asked)
        only = rules_named(game).info.name if game else None
        tally: dict[str, list[int]] = {}
        for record in await self.store.list_matches(user_id=who.id, statuses=(FINISHED,)):
            if (record.guild_id or "") != guild or (only and record.game != only):
                continue
            if record.result is None or who.id not in record.seats:
                continue
            winners = record.result.get("winners") or []
            won = record.seats.index(who.id) in winners
            tally.setdefault(record.game, [0, 0, 0])[0 if won else 2 if winners else 1] += 1
        say = words(actor.locale)
        if not tally:
            none = _on_ladder(actor, "stats.none", "stats.none_friends")
            return Reply(text=say(none, player=who.name))
        ratings = {r.game: r for r in await self.store.user_ratings(guild, who.id)}
        lines: list[str] = []
        for name in games.available():  # in the order players see the games
            if name in tally:
                wins, draws, losses = tally[name]
                rating = ratings.get(name)
                lines.append(
                    say(
                        "stats.line",
                        game=games.get(name).info.title,
                        games=say("rating.games", n=wins + draws + losses),
                        won=wins,
                        drawn=draws,
                        lost=losses,
                        rating=glicko.display(rating) if rating else say("stats.unrated"),
                    )
                )
        head = _on_ladder(actor, "stats.heading", "stats.heading_friends")
        heading = say(head, player=who.name)
        return Reply(text=heading + "\n" + "\n".join(lines))

    @guarded
    async def rating(self, actor: User, **asked: Unpack[Whose]) -> Reply:
        who, guild, game = await self._whose(actor, asked)
        if game:
            rules = rules_named(game)
            found = await self.store.rating(guild, rules.info.name, who.id)
            rows = [found] if found else []
        else:
            rows = await self.store.user_ratings(guild, who.id)
        say = words(actor.locale)
        if not rows:
            none = _on_ladder(actor, "rating.none", "rating.none_friends")
            return Reply(text=say(none, player=escape(who.name)))
        lines = [
            say(
                "rating.line",
                game=games.get(r.game).info.title,
                rating=glicko.display(r),
                games=say("rating.games", n=r.games),
            )
            for r in rows
        ]
        chart = await self._rating_chart(
            guild,
            who.id,
            [r.game for r in rows],
            say("rating.chart_title", player=who.name),
            say.language,
        )
        head = _on_ladder(actor, "rating.heading", "rating.heading_friends")
        heading = say(head, player=escape(who.name))
        text = heading + "\n" + "\n".join(lines)
        return Reply(text=text, image=chart, image_name="rating.png")

    async def _rating_chart(
        self,
        guild: str,
        user_id: str,
        game_names: Sequence[str],
        title: str,
        locale: str = "en",
    ) -> bytes | None:
        """The player's rating over time in each of ``game_names``, drawn in the worker pool;
        None when there is no history (ratings older than the history have one point each).

        A point is hollow while the rating after it was provisional — by the same count of
        games as the ``?`` in the text, so the chart and the text never disagree.
        """
        series: dict[str, list[tuple[float, float, float]]] = {}
        provisional: dict[str, list[bool]] = {}
        for game in game_names:
            points = await self.store.rating_history(guild, game, user_id)
            if points:
                series[game] = [(p.at, p.rating, p.rd) for p in points]
                provisional[game] = [p.games < glicko.PROVISIONAL_GAMES for p in points]
        if not series:
            return None
        return await self.workers.run(
            functools.partial(
                rating_chart,
                series,
                title=title,
                provisional=provisional,
                now=self.clock(),
                labels=image_labels(locale),
            )
        )

    @guarded
    async def leaderboard(
        self,
        actor: User,
        game: str | None = None,
        *,
        guild_id: str | None = None,
        limit: int = 15,
    ) -> Reply:
        """One game's ladder; without a game, the top three of every game played here."""
        # posted for everyone where it was asked: the server's language
        say = words(await self.reader.language(guild_id))
        guild = guild_id or ""
        if not (game or "").strip():
            lines = []
            for name in games.available():
                rows = await self.store.ratings(guild, name)
                if rows:
                    lines += await self._ladder(name, rows[:3], say.language)
            if not lines:
                return Reply(text=say("leaderboard.none"), ephemeral=False)
            lines.append(say("leaderboard.provisional"))
            return Reply(text="\n".join(lines), ephemeral=False)
        rules = rules_named(str(game))
        rows = await self.store.ratings(guild, rules.info.name)
        if not rows:
            return Reply(text=say("leaderboard.none_in", game=rules.info.title), ephemeral=False)
        lines = await self._ladder(rules.info.name, rows[:limit], say.language)
        lines.append(say("leaderboard.provisional"))
        return Reply(text="\n".join(lines), ephemeral=False)

    async def _ladder(self, game: str, rows: Sequence[Rating], locale: str = "en") -> list[str]:
        names = await self.store.user_names([r.user_id for r in rows])
        say = words(locale)
        lines = [say("leaderboard.heading", game=games.get(game).info.title)]
        for place, r in enumerate(rows, start=1):
            who = escape(names.get(r.user_id, r.user_id))
            lines.append(
                say(
                    "leaderboard.line",
                    place=place,
                    player=who,
                    rating=glicko.display(r),
                    games=say("rating.games", n=r.games),
                )
            )
        return lines
