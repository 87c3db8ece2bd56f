"""What a tournament posts: its sign-up notice and its standings (as text and as a table
image drawn in the worker pool).

Why apart from the use cases: the same two posts follow a sign-up, a round, the final and a
player's own look at the table; they only read (the entrants' names) and draw.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import games
from bot.service.matchmaking.tournaments.rounds import (
    FORMAT_WORDS,
    TIE_BREAK,
    rounds_of,
    rows_of,
    system_of,
)
from bot.service.play.boards import terms_text
from bot.service.replies import Button, Post, Reply
from bot.service.text.image_labels import image_labels
from bot.service.text.languages import server_language
from bot.service.text.markdown import escape
from bot.words import words
from competition.standings import format_points, standings_cells
from render import standings as table_image
from storage.base import Store, TournamentRecord

if TYPE_CHECKING:
    from bot.service.match.workers import Workers


@dataclass(eq=False, repr=False)
class TournamentPosts:
    """The store (entrants' names) and the workers (the standings image)."""

    store: Store
    workers: Workers

    async def signup_post(self, record: TournamentRecord, headline: str) -> Post:
        say = words(await server_language(self.store, record.guild_id or None))  # shared
        data = record.data
        names = await self.store.user_names(data["players"])
        rules = games.get(record.game)
        lines = [
            headline,
            say(
                "tournament.signup",
                name=escape(record.name),
                id=record.id,
                game=rules.info.title,
                format=say(FORMAT_WORDS[system_of(data)]),
            ),
            terms_text({**data["terms"]}, say.language).strip(),
            say(
                "tournament.entrants",
                n=len(data["players"]),
                players=", ".join(escape(names.get(p, p)) for p in data["players"]),
            ),
        ]
        return Post(
            text="\n".join(lines),
            buttons=(
                Button(say("button.join"), "tournament_join", "success", str(record.id)),
                Button(say("button.leave"), "tournament_leave", "secondary", str(record.id)),
            ),
            title=say("tournament.title", name=escape(record.name), id=record.id),
        )

    async def standings_reply(
        self,
        record: TournamentRecord,
        *,
        headline: str = "",
        final: bool = False,
        viewer: str | None = None,
        locale: str | None = None,
    ) -> Reply:
        """The standings: posted in the server's language, or shown to one ``viewer`` in
        their ``locale``."""
        rows = rows_of(record.data)
        names = await self.store.user_names(record.data["players"])
        system = system_of(record.data)
        say = words(locale or await server_language(self.store, record.guild_id or None))
        played = sum(1 for r in rounds_of(record.data) if r.get("scored"))
        planned = record.data.get("planned", "?")
        if final:
            stage = say("tournament.final_standings")
        elif played:
            stage = say("tournament.after_round", round=played, rounds=planned)
        else:
            stage = say("tournament.no_results", rounds=planned)
        title = f"{record.name} — {stage}"  # the image's, as typed
        shown = f"{escape(record.name)} — {stage}"  # the text's, in markdown
        table = "\n".join(
            say(
                "tournament.standings_row",
                n=1 if 0 < row.points <= 1 else 2,  # "1 pt", "½ pt", "2½ pts"
                rank=row.rank,
                player=escape(names.get(row.player, row.player)),
                points=format_points(row.points),
                tiebreak=say(TIE_BREAK[system][1]),
                score=format_points(row.tiebreak),
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
            )
            for row in rows
        )
        header = (
            say("tournament.col.rank"),
            say("tournament.col.player"),
            say("tournament.col.points"),
            say(TIE_BREAK[system][1]),
            say("tournament.col.record"),
        )
        _, cells = standings_cells(rows, names, system)  # the header is said in words
        highlight = next((i for i, r in enumerate(rows) if r.player == viewer), None)
        image = await self.workers.run(
            functools.partial(
                table_image.standings_image,
                title,
                header,
                cells,
                highlight=highlight,
                footnote=say("tournament.tiebreak_note", tiebreak=say(TIE_BREAK[system][0])),
                labels=image_labels(say.language),
            )
        )
        text = "\n".join(x for x in (headline, f"**{shown}**", table) if x)
        return Reply(
            text=text,
            ephemeral=viewer is not None,
            image=image if viewer is not None else None,
            image_name="standings.png",
            post=None if viewer is not None else Post(text=text, image=image, title=shown),
            place=None if viewer is not None else record.channel_id,
        )
