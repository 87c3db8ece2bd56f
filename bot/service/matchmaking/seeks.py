"""Open challenges ("seeks"): ``/play <game>`` with nobody named, for anyone to accept.

A seek is a two-player challenge with one seat taken: a match in status ``challenge`` whose
only seat is the challenger's, with ``meta["seek"]`` holding who may take the other (a rating
range). It is stored, listed and withdrawn like any challenge, so a restart keeps every seek
and ``/match decline`` withdraws one; accepting it fills the seat and starts the match in one
versioned transition, so two people pressing Accept at once can never both get the game.

Decisions where the issue is silent:

* Who may accept: anyone in the seek's server who can see it, except the challenger, whose
  rating in that game on that server lies in the range (someone never rated there counts as
  a newcomer's 1500). A computer never accepts a seek: play it directly with
  ``opponent:`` the bot.
* Seeks do not expire: correspondence players look in now and then, and the challenger
  withdraws with the button or ``/match decline``.
* The challenger's colour wish (``color``) and the terms (time control, rated) are fixed when
  the seek is posted, and shown with it, so whoever accepts knows what they accept.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import games
from bot.service.base import Refusal, User, guarded, rating_or_new
from bot.service.match.meta import SEEK_KEY, seek_of
from bot.service.match.reader import rules_named
from bot.service.match.venues import where_played
from bot.service.match.wiring import OnCore
from bot.service.matchmaking.openings import challenger_seat
from bot.service.play.boards import options_text, terms_text
from bot.service.replies import Button, Post, Reply
from bot.service.text.markdown import escape
from bot.words import words
from competition import ratings as glicko
from storage.base import CHALLENGE, MatchRecord, Rating

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.matchmaking.consent import Consent
    from bot.service.matchmaking.openings import Openings


class Terms(TypedDict, total=False):
    """What a two-player challenge is offered on, as ``/play`` takes it (each one absent or
    None for the default): the challenger's colour wish, the game's options, the channel it
    was asked in, the time control, whether it is rated, and (for a seek only) the range of
    ratings that may take the empty seat. One declaration, so ``/play``, a challenge and a
    seek hand the same terms on without listing them again."""

    color: str | None
    options: dict[str, Any] | None
    channel_id: str | None
    time_control: str | None
    rated: bool | None
    min_rating: int | None
    max_rating: int | None


def _range_text(seek: dict[str, Any], locale: str = "en") -> str:
    """``for ratings 1400–1800`` (empty for a seek open to everyone)."""
    low, high = seek.get("min"), seek.get("max")
    say = words(locale)
    if low is not None and high is not None:
        return say("seek.range_both", low=low, high=high)
    if low is not None:
        return say("seek.range_min", low=low)
    return say("seek.range_max", high=high) if high is not None else ""


def _with_range(text: str, seek: dict[str, Any], locale: str = "en") -> str:
    span = _range_text(seek, locale)
    return f"{text} · {span}" if span else text


class Seeks(OnCore):
    """Open challenges: the reader, the transitions (a seek is a new match), the limits (how
    many a player may keep open), the clocks (their terms), the openings (taking one starts
    the match), the seed source and the link maker; the store to list them."""

    def __init__(self, core: Core, openings: Openings, consent: Consent) -> None:
        self.consent = consent
        """Who takes a seat beside whom (:meth:`Consent.may_join`)."""
        super().__init__(core)
        self.openings = openings
        self.link = core.link

    async def open_seek(
        self,
        actor: User,
        game: str,
        *,
        guild_id: str | None = None,
        venue: str | None = None,
        **terms: Unpack[Terms],
    ) -> Reply:
        venue, guild_id = where_played(actor, guild_id, venue)
        color, options = terms.get("color"), terms.get("options")
        min_rating, max_rating = terms.get("min_rating"), terms.get("max_rating")
        rules = rules_named(game)
        info = rules.info
        if min_rating is not None and max_rating is not None and min_rating > max_rating:
            raise Refusal("seek.bad_range", low=min_rating, high=max_rating)
        checked = rules.options(options)
        await self.limits.seek(actor, guild_id)
        when, rated = terms.get("time_control"), terms.get("rated")
        extra = await self.clocks.new_match_meta(guild_id, when, rated)
        seed = self._seed_source()
        challenger_seat(rules, color, seed)  # refuses an unknown colour now
        await self.reader.touch(actor)
        record = await self.transitions.create_match(
            game=info.name,
            options=checked,
            seed=seed,
            status=CHALLENGE,
            seats=[actor.id],
            created_by=actor.id,
            state=rules.dump(rules.new(2, checked, seed)),
            now=self.clock(),
            guild_id=guild_id,
            channel_id=terms.get("channel_id"),
            meta={
                "color": (color or "random").lower(),
                **extra,
                SEEK_KEY: {"min": min_rating, "max": max_rating},
            },
            venue=venue,
            starter_locale=actor.locale,
        )
        # the seek is read by everyone: the server's language
        language = await self.reader.match_language(record)
        shared = words(language)
        mine = await self._rating_of(record, actor.id)
        text = (
            _with_range(
                shared(
                    "seek.post",
                    player=escape(actor.name),
                    rating=glicko.display(mine),
                    game=info.title,
                    match=record.id,
                    color=record.meta["color"],
                ),
                record.meta[SEEK_KEY],
                language,
            )
            + options_text(rules, checked, language)
            + terms_text(extra, language, venue=record.venue)
        )
        post = Post(
            text=text,
            buttons=(
                Button(shared("button.accept"), "accept", "success"),
                Button(shared("button.withdraw"), "decline", "danger"),
            ),
            title=shared("seek.title", game=info.title, match=record.id),
        )
        return Reply(
            text=words(actor.locale)("seek.opened", match=record.id),
            ephemeral=True,
            post=post,
            match_id=record.id,
            created=True,
        )

    async def _rating_of(self, record: MatchRecord, user_id: str) -> Rating:
        return await rating_or_new(self.store, record.guild_id or "", record.game, user_id)

    async def accept_seek(self, actor: User, record: MatchRecord) -> Reply:
        """Take the empty seat: checked against the range, then one versioned transition."""
        seek = seek_of(record) or {}
        if actor.id == record.created_by:
            raise Refusal("seek.own")
        if not self.reader.may_see(actor, record):
            raise Refusal("match.not_visible")
        rating = (await self._rating_of(record, actor.id)).rating
        low, high = seek.get("min"), seek.get("max")
        if (low is not None and rating < low) or (high is not None and rating > high):
            raise Refusal("seek.out_of_range", rating=round(rating), range=_range_text(seek))
        await self.consent.may_join(actor, [record.created_by])
        await self.reader.touch(actor)
        seat = challenger_seat(games.get(record.game), record.meta.get("color"), record.seed)
        seats = [record.created_by, actor.id] if seat == 0 else [actor.id, record.created_by]
        challenger = escape(await self.store.user_name(record.created_by) or record.created_by)
        player = escape(actor.name)
        shared = words(await self.reader.match_language(record))
        reply = await self.openings.begin(
            actor,
            record,
            shared("seek.accepted_line", player=player, challenger=challenger),
            seats=seats,
            meta={k: v for k, v in record.meta.items() if k != SEEK_KEY},
        )
        if reply.post is not None and record.created_by not in reply.post.mentions:
            # The challenger hears the seek was taken even when the newcomer moves first.
            ping = shared("seek.taken_ping", challenger=challenger, player=player)
            post = replace(
                reply.post,
                ping=f"{reply.post.ping}\n{ping}".strip(),
                mentions=(*reply.post.mentions, record.created_by),
            )
            reply = replace(reply, post=post)
        return reply

    @guarded
    async def seeks(self, actor: User, *, guild_id: str | None = None) -> Reply:
        """``/seeks``: the open challenges of this server, newest first, with links."""
        say = words(actor.locale)
        found = [
            m
            for m in await self.store.list_matches(statuses=(CHALLENGE,))
            if seek_of(m) is not None and (m.guild_id or None) == (guild_id or None)
        ]
        apart = await self.consent.kept_apart(actor, [m.created_by for m in found])
        found = [m for m in found if m.created_by not in apart]
        if not found:
            return Reply(text=say("seek.none"))
        names = await self.store.user_names([m.created_by for m in found])
        lines = [say("seek.list_head", n=len(found))]
        for record in found[:20]:
            rules = games.get(record.game)
            rating = await self._rating_of(record, record.created_by)
            seek = seek_of(record) or {}
            line = _with_range(
                say(
                    "seek.list_line",
                    match=record.id,
                    game=rules.info.title,
                    player=escape(names.get(record.created_by, record.created_by)),
                    rating=glicko.display(rating),
                    terms=terms_text(record.meta, say.language).strip(),
                ),
                seek,
                say.language,
            )
            if self.link is not None and (url := self.link(record)):
                line += f" {url}"
            lines.append(line)
        return Reply(text="\n".join(lines))
