"""The steps of a typed move that need nothing but the match as read: who may move, what the
text plays, whether to ask first, and the log rows a turn leaves.

Why apart from :class:`bot.service.play.moves.Moves`: each is a plain function of a
:class:`~bot.service.match.reader.MatchContext` (no store, no clock), so each is tested alone
and a reader sees in :meth:`Moves.move` only the order they run in. :func:`parse` is the one
that runs in a worker thread (a big move list must not stall the gateway); everything it does
there is in it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bot.service.base import Refusal, Step, User, plural_names
from bot.service.match.reader import MatchContext
from bot.service.match.transition import stale
from bot.service.play.boards import seat_label
from bot.service.text.describer import (
    NO_SEATS,
    SAID_KEY,
    Seats,
    said_data,
    seats_of,
    told_in_words,
    told_label,
    told_path,
)
from bot.words import Words
from games.core import IllegalMove, Rules
from games.text import quoted
from storage.base import ACTIVE, ActionRecord

CONFIRMED = "!"
"""A trailing "!" means "I know, play it": no confirmation for a risky move."""


@dataclasses.dataclass(frozen=True)
class Typed:
    """What a typed text plays from the position read: the state after it and its steps."""

    state: Any
    steps: tuple[Step, ...]
    confirmed: bool = False
    """The text ended with :data:`CONFIRMED`."""


def authorize(context: MatchContext, actor: User, version: int | None) -> int:
    """``actor``'s seat, if they may move now: the match is on, ``version`` (buttons and menus
    carry it) still current, and their seat one to move; else the :class:`Refusal` saying
    why (naming whose turn it is, in ``actor``'s words)."""
    record, rules, state = context.record, context.rules, context.state
    if record.status != ACTIVE:
        raise Refusal("move.match_over", match=record.id)
    if stale(record, version):
        raise Refusal("move.out_of_date")
    seat = context.seat_of(actor.id)
    to_move = rules.to_move(state)
    if seat not in to_move:
        names = context.names(actor.locale)
        others = plural_names(
            [seat_label(rules, state, s, names[s], actor.locale) for s in to_move], actor.locale
        )
        raise Refusal("move.not_your_turn", players=others)
    return seat


def parse(context: MatchContext, seat: int, text: str, say: Words) -> Typed:
    """The steps ``text`` plays for ``seat`` (a worker thread's work: :meth:`Moves.parse`).

    The text may be in the mover's words from the guided panel (:func:`panel_words`), and an
    autocomplete group sent as it is ("c1- …") plays the one move it starts; several are
    listed in the refusal."""
    rules, state = context.rules, context.state
    if not text.strip():
        if not rules.info.notation_help:
            raise Refusal("move.empty_see_rules", game=rules.info.name)
        raise Refusal("move.empty", example=say(f"rules.{rules.info.name}.notation_help"))
    confirmed = text.rstrip().endswith(CONFIRMED)
    if confirmed:
        text = text.rstrip()[: -len(CONFIRMED)]
    name = context.names()[seat]  # the mover's name as the thread reads it
    if told_in_words(rules):
        seats = seats_of(rules, state, context.names(say.language), say.language)
        text = panel_words(say, rules, state, text, seats)
    try:
        after, steps = play(rules, state, text, seat, name)
    except IllegalMove:
        stem = text.strip().rstrip("…").strip()
        completions = [n for n in rules.legal_notations(state) if n.startswith(stem)]
        if not stem or not completions or stem in completions:
            raise
        if len(completions) > 1:
            listed = ", ".join(completions[:8]) + (", …" if len(completions) > 8 else "")
            raise Refusal("move.prefix", stem=quoted(stem), moves=listed) from None
        after, steps = play(rules, state, completions[0], seat, name)
    return Typed(after, tuple(steps), confirmed)


def confirm(typed: Typed, version: int | None) -> Refusal | None:
    """The question to ask before playing ``typed``, if any: a step the game wants confirmed
    (FENCE!'s ruling 20: walking onto the Cops), typed or guided alike, unless the text said
    :data:`CONFIRMED` or came from a button (``version``). The announce step shows it as a
    Confirm panel where one step can be shown, else says it as this refusal."""
    risky = [step for step in typed.steps if step.confirm]
    if not risky or typed.confirmed or version is not None:
        return None
    return Refusal(f"move.{risky[0].confirm}", move=risky[0].notation)


def play(
    rules: Rules[Any, Any], state: Any, text: str, seat: int, name: str
) -> tuple[Any, list[Step]]:
    """Parse and apply ``text``'s actions one by one, each told as a :class:`Step`."""
    steps: list[Step] = []
    current = state
    told = rules.presentation
    for action in rules.parse_many(state, text):
        if seat not in rules.to_move(current):
            raise Refusal("move.turn_ended")
        after = rules.apply(current, action)
        steps.append(
            Step(
                notation=rules.format(current, action),
                highlight=told.highlight(current, action),
                description=told.describe(current, action, name),
                ends_turn=rules.turn_ended(current, after),
                public=told.public_notation(current, action),
                notices=tuple(told.notices(current, after)),
                confirm=told.confirm_before(current, action),
            )
        )
        current = after
    return current, steps


def turn_position(live: Sequence[ActionRecord]) -> tuple[int, bool]:
    """The number of the turn being played (or about to be) after the live log ``live``, and
    whether it has begun (some of its steps are played)."""
    if not live:
        return 1, False
    last = live[-1].detail
    if last.get("ends_turn", True):
        return int(last.get("turn", 0)) + 1, False
    return int(last.get("turn", 0)), True


def log_records(
    steps: Sequence[Step],
    seat: int,
    last_ply: int,
    turn: int,
    now: float,
    clock_before: dict[str, Any] | None,
    *,
    conditional: bool = False,
) -> list[ActionRecord]:
    """Log rows for the steps of one seat, from turn ``turn`` on; the first row keeps the
    clocks the turn began with (an agreed undo puts them back exactly)."""
    rows: list[ActionRecord] = []
    for step in steps:
        rows.append(
            ActionRecord(
                ply=last_ply + len(rows) + 1,
                seat=seat,
                notation=step.notation,
                created_at=now,
                detail={
                    "turn": turn,
                    "ends_turn": step.ends_turn,
                    "highlight": step.highlight,
                    **({"public": step.public} if step.public != step.notation else {}),
                    **({SAID_KEY: told} if (told := said_data(step)) else {}),
                    **({"clock_before": clock_before} if clock_before and not rows else {}),
                    **({"conditional": True} if conditional else {}),
                },
            )
        )
        if step.ends_turn:
            turn += 1
    return rows


def panel_words(
    say: Words, rules: Rules[Any, Any], state: Any, text: str, seats: Seats = NO_SEATS
) -> str:
    """What a player typed from the guided panel in their own language ("Selbst ziehen mit
    R4 nach Glasshouse", "Push bob (Orange) to Gasworks", players named as ``seats`` name
    them): the notation of the one step it names, else the text as it was (the engine
    reads English words and notation itself)."""
    wanted = " ".join(text.lower().split())
    found = []
    for action in rules.legal_actions(state):
        path = told_path(say, rules, state, action, seats)
        spoken = {
            told_label(say, rules, state, action, seats),
            " ".join(path),
            path[-1] if path else "",
        }
        if wanted in {" ".join(s.lower().split()) for s in spoken if s}:
            found.append(action)
    return rules.format(state, found[0]) if len(found) == 1 else text
