"""What a match looks like to the people following it: the board post, its buttons, the
"to move" and result lines, and the private news that goes with a new turn.

Why one presenter: a move, an undo, a lobby starting, a tournament board and a timeout all
end the same way — the board drawn in the worker pool, the clocks under it, a ping for
whoever must act, DMs for changed secrets — and that must look the same whichever use case
asked. The presenter reads (names, the log's highlights) but never writes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import render
from bot.service.base import Loaded, plural_names
from bot.service.match.clock.clocks import ClockKeeper
from bot.service.match.clock.timecontrol import TimeControl
from bot.service.match.links import BoardLinks, with_links
from bot.service.match.notifier import Notifier
from bot.service.match.reader import MatchContext, MatchReader, last_turn
from bot.service.match.venues import DIRECT, SERVER
from bot.service.match.workers import Workers
from bot.service.play.hands import Hands, private_of
from bot.service.replies import Button, DirectMessage, Post, Reply
from bot.service.text.command_map import option_word, said_value
from bot.service.text.describer import (
    colour_word,
    label_of,
    said,
    seats_of,
    told_label,
    told_view,
)
from bot.service.text.image_labels import image_labels
from bot.service.text.markdown import plain
from bot.words import words
from games.core import Outcome, Rules
from games.text import shorten
from storage.base import FINISHED

ALT_LIMIT = 400


def sentences(lines: Iterable[str]) -> str:
    """A post's lines as one paragraph for a screen reader: a line that ends without a full
    stop ("alice played a3-a4") gets one, so it is not read into the next."""
    return " ".join(
        line if line.rstrip().endswith((".", "!", "?", "…", ":")) else line.rstrip() + "."
        for line in lines
        if line.strip()
    )


"""Discord allows 1,024 characters of image description; a screen reader wants far fewer."""


def guided(rules: Rules[Any, Any]) -> bool:
    """Games that describe their actions as choice paths get the guided panel."""
    return rules.presentation.guided()


def seat_word(rules: Rules[Any, Any], state: Any, seat: int, locale: object = "en") -> str:
    """The colour of ``seat`` in this position (Fonver's pie swap changes it)."""
    return colour_word(rules, rules.presentation.seat_name(state, seat), locale)


def seat_label(
    rules: Rules[Any, Any], state: Any, seat: int, name: str, locale: object = "en"
) -> str:
    """ "alice (White)": the seat's name in this position (Fonver's pie swap changes it)."""
    return label_of(name, seat_word(rules, state, seat, locale))


def to_move_text(loaded: Loaded, names: Sequence[str], locale: str = "en") -> str:
    seats = loaded.rules.to_move(loaded.state)
    labels = [seat_label(loaded.rules, loaded.state, s, names[s], locale) for s in seats]
    return words(locale)("board.to_move", players=plural_names(labels, locale)) if labels else ""


def result_text(
    rules: Rules[Any, Any],
    state: Any,
    outcome: Outcome,
    names: Sequence[str],
    locale: str = "en",
) -> str:
    """The result line; ``locale`` is the server's language in the match thread (shared)."""
    say = words(locale)
    seats = seats_of(rules, state, names, locale)
    reason = f" {said(say, seats.told(outcome.reason))}" if outcome.reason else ""
    if outcome.is_draw:
        return say("result.drawn", reason=reason)
    winners = [seat_label(rules, state, s, names[s], locale) for s in outcome.winners]
    scores = ""
    if outcome.scores is not None:
        scores = " " + say(
            "result.scores",
            scores=", ".join(f"{names[i]} {score}" for i, score in enumerate(outcome.scores)),
        )
    return (
        say("result.won", n=len(winners), players=plural_names(winners, locale), reason=reason)
        + scores
    )


def perspective(loaded: Loaded, flip: bool = False) -> int:
    """One orientation per match: the first player's view, always — a board that turned
    round to face whoever is to move made a shared thread hard to follow (issue 14.15).
    ``/board flip:true`` shows the other side's view."""
    return 1 if flip and len(loaded.record.seats) > 1 else 0


def controls(
    loaded: Loaded, mid_turn: bool, locale: str = "en"
) -> tuple[tuple[Button, ...], tuple[str, ...]]:
    """Buttons for tiny decisions (the pie rule's keep/swap), a select menu for the
    steps of a turn that continues (captures); typed /move always works as well."""
    if not loaded.rules.to_move(loaded.state):
        return (), ()
    rules, state = loaded.rules, loaded.state
    actions = rules.legal_actions(state)
    if not actions or len(actions) > 25:
        return (), ()  # too many for a menu: /move with autocomplete is the way
    notations = [rules.format(state, a) for a in actions]
    if len(notations) <= 5:
        say = words(locale)
        return tuple(
            Button(told_label(say, rules, state, a), "step", "primary", n)
            for a, n in zip(actions, notations, strict=True)
        ), ()
    if mid_turn and len(notations) <= 25:
        return (), tuple(notations)
    return (), ()


def close_up(loaded: Loaded) -> list[int]:
    """Where a close-up helps: the pawn of the seat that must act in a game whose board is
    a whole city (views with ``pawns`` by seat); nothing for the others."""
    seats = loaded.rules.to_move(loaded.state)
    pawns = loaded.view(None).get("pawns")
    if not seats or not isinstance(pawns, list) or seats[0] >= len(pawns):
        return []
    pawn = pawns[seats[0]]
    return [pawn] if isinstance(pawn, int) and pawn >= 0 else []


def final_outcome(loaded: Loaded) -> Outcome | None:
    if loaded.record.result is not None:
        return Outcome.from_dict(loaded.record.result)
    if loaded.record.status == FINISHED:
        return loaded.rules.outcome(loaded.state)
    return None


def match_title(
    rules: Rules[Any, Any], match_id: int, names: Sequence[str], locale: str = "en"
) -> str:
    say = words(locale)
    versus = f" {say('match.versus')} "
    return say("match.title", game=rules.info.title, match=match_id, players=versus.join(names))


def options_text(rules: Rules[Any, Any], options: dict[str, Any], locale: str = "en") -> str:
    """Only the options that differ from the game's defaults: a FENCE! lobby listing all
    19 of them buried the two that mattered (issue 14.12)."""
    defaults = rules.options(None)
    changed = {k: v for k, v in options.items() if defaults.get(k) != v}
    if not changed:
        return ""
    say = words(locale)
    parts = ", ".join(
        f"{say(option_word(k).key)}: {said_value(say, v)}" for k, v in changed.items()
    )
    return "\n" + say("match.options", options=parts)


def terms_text(
    meta: dict[str, Any], locale: str = "en", *, computer: bool = False, venue: str = SERVER
) -> str:
    """The time control and whether the game is rated; with a ``computer`` seat it also says
    why, since such a game is rated only when its creator asked
    (:func:`bot.service.computer.opponents.rated_game`); a rated game outside a server says on which
    ladder (:data:`bot.service.match.venues.FRIENDS_LADDER`)."""
    control = TimeControl.from_dict(meta.get("time") or {})
    say = words(locale)
    if computer:
        rated = say("computer.rated_asked" if meta.get("rated") else "computer.unrated_rule")
    elif not meta.get("rated", True):
        rated = say("match.unrated")
    else:
        rated = say("match.rated_friends" if venue == DIRECT else "match.rated")
    return "\n" + say("match.terms", time=control.describe(locale), rated=rated)


def finished_buttons(locale: str = "en") -> tuple[Button, ...]:
    return (Button(words(locale)("button.rematch"), "rematch", "primary"),)


@dataclass(eq=False, repr=False)
class Boards:
    """The reader (names, the log), the clocks (time left), the notifier (who is pinged,
    who gets DMs), the workers (drawing), the hands (secret DMs) and the web board's link
    signer (None: no web board, so no "Open your board" button and no links in DMs)."""

    reader: MatchReader
    clocks: ClockKeeper
    notifier: Notifier
    workers: Workers
    hands: Hands
    links: BoardLinks | None = None

    async def image(
        self,
        seen: Loaded | MatchContext,
        *,
        perspective: int | None,
        status: str | None = None,
        extra_highlight: Sequence[dict[str, Any]] = (),
        focus: Sequence[int] = (),
        locale: str = "en",
    ) -> bytes:
        """The board of ``seen`` drawn in the worker pool, its last turn highlighted; a
        context a command read is drawn from what it holds, a loaded match reads its names
        and the end of its log."""
        if isinstance(seen, MatchContext):
            loaded, names, log = seen.loaded, seen.names(locale, raw=True), seen.log
        else:
            loaded = seen
            names = await self.reader.player_names(loaded.record, locale, raw=True)
            log = await self.reader.recent_log(loaded.id)
        highlights = [a.detail.get("highlight", {}) for a in last_turn(log)]
        view = told_view(words(locale), loaded.rules.view(loaded.state, None))
        return await self.workers.run(
            functools.partial(
                render.render,
                loaded.record.game,
                view,
                perspective=perspective,
                highlight=[*highlights, *extra_highlight],
                players=names,
                status=plain(status) if status else status,  # a caption is not markdown
                focus=list(focus) or None,
                labels=image_labels(locale),  # the server's language, or a reader's own
            )
        )

    async def board_post(
        self,
        seen: Loaded | MatchContext,
        lines: Sequence[str],
        *,
        ping: bool,
        mid_turn: bool = False,
        flip: bool = False,
    ) -> Post:
        """The board post of ``seen`` in its thread's language (the thread is shared:
        :mod:`bot.service.text.languages`): a context a command read is told from what it
        holds; a loaded match is read here, once."""
        context = seen if isinstance(seen, MatchContext) else await self.reader.context_of(seen)
        loaded, language = context.loaded, context.language
        say = words(language)
        names = context.names()
        rules = loaded.rules
        outcome = final_outcome(loaded)
        status = result_text(rules, loaded.state, outcome, names, language) if outcome else None
        text_lines = list(lines)
        standing = status or to_move_text(loaded, names, language)
        text_lines.append(standing)
        image = await self.image(
            context, perspective=perspective(loaded, flip), status=status, locale=language
        )
        detail = None
        if (focus := close_up(loaded)) and not status:
            detail = await self.image(context, perspective=None, focus=focus, locale=language)
        mentions: tuple[str, ...] = ()
        ping_text = ""
        seats = rules.to_move(loaded.state) if not outcome else []
        clock_lines: list[str] = []
        if seats and not status:
            clock_lines = await self.clocks.lines(loaded.record, seats, names, language)
            text_lines.extend(clock_lines)
        if ping and seats:
            mentions = await self.notifier.pingable(
                [loaded.record.seats[s] for s in seats], loaded.record.venue, loaded.record
            )
            pinged = [s for s in seats if loaded.record.seats[s] in mentions]
            who = plural_names([names[s] for s in pinged], language)
            ping_text = (
                say("board.your_turn", players=who, game=rules.info.title, match=loaded.id)
                if pinged
                else ""
            )
        elif ping and outcome:
            mentions = tuple(dict.fromkeys(loaded.record.seats))
            ping_text = say("board.over", match=loaded.id)
        buttons, choices = self._buttons(loaded, outcome, seats, mid_turn, language)
        title = match_title(rules, loaded.id, names, language)
        text = "\n".join(line for line in text_lines if line)
        return Post(
            detail=detail,
            text=text,
            alt=shorten(
                say("board.alt", game=rules.info.title, match=loaded.id)
                + " "
                + plain(sentences(line for line in text.splitlines() if not line.startswith("⏳"))),
                ALT_LIMIT,
            ),
            image=image,
            ping=ping_text,
            mentions=mentions,
            buttons=buttons,
            choices=choices,
            title=title,
            parts=tuple(
                part
                for part in ("\n".join(x for x in lines if x), standing, "\n".join(clock_lines))
                if part
            ),
        )

    def _buttons(
        self,
        loaded: Loaded,
        outcome: Outcome | None,
        seats: Sequence[int],
        mid_turn: bool,
        language: str,
    ) -> tuple[tuple[Button, ...], tuple[str, ...]]:
        """The post's buttons and step menu: a rematch after the end, else the steps
        (:func:`controls`), the guided panel, the private cards and the web board."""
        say = words(language)
        secret = not outcome and any(private_of(loaded, s) for s in range(len(loaded.record.seats)))
        # Step buttons spell out legal moves, which would show the mover's cards to everyone:
        # games with secrets offer only the private panel and /move.
        buttons, choices = (
            (finished_buttons(language), ())
            if outcome
            else ((), ())
            if secret
            else controls(loaded, mid_turn, language)
        )
        if seats and guided(loaded.rules):
            buttons = (Button(say("button.choose_move"), "panel", "primary"), *buttons)
        if secret:
            buttons = (*buttons, Button(say("button.my_cards"), "hand", "secondary"))
        if self.links is not None:
            # Each presser gets their own link, privately: a thread post is read by many.
            buttons = (*buttons, Button(say("web.play_on_board"), "web_link", "secondary"))
        return buttons, choices

    async def turn_reply(
        self, after: Loaded, lines: Sequence[str], text: str, before: Any | None
    ) -> Reply:
        """The answer to anything that starts a new turn outside a move (a start, an undo, a
        player leaving): the board with a ping in the thread, and the private news."""
        post = await self.board_post(after, lines, ping=True)
        return Reply(
            text=text, post=post, match_id=after.id, dms=await self.dms_after(after, before)
        )

    async def dms_after(
        self, after: Loaded, before: Any | None, *, ended: bool = True
    ) -> tuple[DirectMessage, ...]:
        """What a change tells players privately: changed secrets (all of them at the
        start, ``before`` None) and "your turn" DMs for those who asked for them."""
        dms = await self.hands.secret_dms(after, before) + await self.notifier.turn_dms(
            after, ended
        )
        return await with_links(self.links, self.reader.store, after.record, dms)
