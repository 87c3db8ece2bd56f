"""How a move is told to people: one describer for the mover's reply, the thread post,
``/match history`` and the web page's history and status.

Why one place: a FENCE! step told three ways ("Played yourself B4 high-street." in the reply,
"alice plays B4 and moves to High Street." in the thread, "yourself B4 high-street" in the
history) is a player reading the bot's internal names. The rules engines say what a step did
as a sentence — a catalogue key with parameters (``Presentation.describe``,
``Presentation.notices``), never English — and everything here says those sentences in the
reader's language.

What is told: games whose notation is what players type and read (Ordo's ``a3-a4``, Fuer's
``d5 +e3``) keep it in the history and the mover's reply, the compact form chess sites use;
games that describe their steps in words for a guided panel (FENCE!) are told by their
sentences everywhere, since their notation is the engine's, not the players'.

The sentences of every step are kept with the step in the match log (``detail["said"]``, as
:meth:`games.sentences.Sentence.data`): the history never has to replay a match to tell it,
and a row stored before this existed is told by its public notation, as it was then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from bot.service.base import DROP, Step
from bot.words import Words, words
from games.core import Rules
from games.sentences import Sentence, from_data, is_data
from games.text import LABEL_LIMIT, SEGMENT_LIMIT, shorten
from storage.base import ActionRecord

SAID_KEY = "said"
"""Where a log row keeps the sentences that tell its step (JSON data)."""


def told_in_words(rules: Rules[Any, Any]) -> bool:
    """Games whose steps are told by sentences rather than notation (the guided ones)."""
    return rules.presentation.guided()


def step_sentences(step: Step) -> tuple[Sentence, ...]:
    """What tells a step in a history: its description, or where the engine leaves that to
    a notice (a FENCE! card drawn: the colour is only known once drawn), its notices."""
    told = (step.description,) if step.description is not None else step.notices
    return tuple(s for s in told if isinstance(s, Sentence))


def said_data(step: Step) -> list[dict[str, Any]]:
    """The step's sentences as the log row keeps them."""
    return [sentence.data() for sentence in step_sentences(step)]


def stored(action: ActionRecord) -> list[Sentence] | None:
    """The sentences a log row keeps, or None for a row stored before rows kept them."""
    data = action.detail.get(SAID_KEY)
    if not isinstance(data, list):
        return None
    return [s for s in (from_data(d, games.sentences()) for d in data) if isinstance(s, Sentence)]


def said(say: Words, value: object) -> str:
    """An engine's sentence (or a plain text a service already phrased) for ``say``'s reader."""
    return say.sentence(value) if isinstance(value, Sentence) else str(value)


def colour_word(rules: Rules[Any, Any], called: str, locale: object = "en") -> str:
    """A seat's colour ("White") in ``locale``'s language: the engines name their colours
    as sentences ``rules.<game>.<colour>``, so the catalogue says them."""
    say = words(locale)
    key = f"rules.{rules.info.name}.{called.lower()}"
    return say(key) if called and say.has(key) else called


def label_of(name: str, called: str) -> str:
    """ "bob (Orange)": the one way a seat's player is named wherever the bot speaks of them
    (buttons, the thread, the history, the web page), so that a button's "Push bob (Orange)"
    and the history's "bob (Orange) draws a red card." are plainly the same player."""
    return f"{name} ({called})" if called else name


@dataclass(frozen=True)
class Seats:
    """The players of one match as its sentences name them. An engine knows no names and
    speaks of a seat by its colour (``rules.fence.orange``) or as ``player``; what is told
    says each such colour as that seat's :func:`label_of` instead."""

    labels: Mapping[str, str] = field(default_factory=dict)
    """The catalogue key of each seat's colour → "bob (Orange)"."""

    def told(self, value: Any, mover: str | None = None) -> Any:
        """``value`` (a sentence, or a list of them) with every seat colour in it said as its
        player's label and its ``player`` as ``mover`` where given."""
        if isinstance(value, list | tuple):
            return type(value)(self.told(item, mover) for item in value)
        if not isinstance(value, Sentence):
            return value
        if value.key in self.labels:
            return self.labels[value.key]
        params = {name: self.told(item) for name, item in value.params.items()}
        if mover is not None and "player" in params:
            params["player"] = mover
        return dataclasses.replace(value, params=params)


NO_SEATS = Seats()
"""Where no players are known (a colour stays a colour)."""


def seats_of(
    rules: Rules[Any, Any], state: Any, names: Sequence[str], locale: object = "en"
) -> Seats:
    """Who plays each seat of ``state``, named in ``locale``'s language (Fonver's pie swap
    changes a seat's colour, so the position says it)."""
    labels: dict[str, str] = {}
    for seat, name in enumerate(names):
        called = rules.presentation.seat_name(state, seat)
        if called:
            labels[f"rules.{rules.info.name}.{called.lower()}"] = label_of(
                name, colour_word(rules, called, locale)
            )
    return Seats(labels)


def told_label(
    say: Words, rules: Rules[Any, Any], state: Any, action: Any, seats: Seats = NO_SEATS
) -> str:
    """A legal step's one-line label in ``say``'s language (autocomplete, buttons), its
    players named by ``seats``."""
    label = seats.told(rules.presentation.said_label(state, action))
    return shorten(said(say, label), LABEL_LIMIT)


def told_path(
    say: Words, rules: Rules[Any, Any], state: Any, action: Any, seats: Seats = NO_SEATS
) -> tuple[str, ...]:
    """A legal step's panel path in ``say``'s language, its players named by ``seats``."""
    return tuple(
        shorten(said(say, seats.told(part)), SEGMENT_LIMIT)
        for part in rules.presentation.said_path(state, action)
    )


def told_page_view(
    say: Words, rules: Rules[Any, Any], view: Mapping[str, Any], seats: Seats = NO_SEATS
) -> dict[str, Any]:
    """A view for the web page: its sentences told (:func:`told_view`, players named by
    ``seats``) and its seats' colours (``seat_names``, which the page shows) in the reader's
    language."""
    told = told_view(say, view, seats)
    if isinstance(told.get("seat_names"), list):
        told["seat_names"] = [colour_word(rules, str(n), say.language) for n in told["seat_names"]]
    return told


def told_view(say: Words, value: Any, seats: Seats = NO_SEATS) -> Any:
    """A view (or any part of one) with every engine sentence in it — FENCE!'s Hot Goods
    notes, a trade's notes, the result — said for ``say``'s reader: renderers and the web
    page are handed words, never keys."""
    if is_data(value):
        return said(say, seats.told(from_data(value, games.sentences())))
    if isinstance(value, dict):
        return {key: told_view(say, item, seats) for key, item in value.items()}
    if isinstance(value, list):
        return [told_view(say, item, seats) for item in value]
    return value


def shown_notation(say: Words, action: ActionRecord, *, reveal: bool) -> str:
    """A log row in notation as the public may read it: secrets hidden until the game is
    over, a player leaving said in words."""
    if action.notation == DROP:
        return say("history.leaves", reason=action.detail.get("drop", "resignation"))
    return action.notation if reveal else action.detail.get("public", action.notation)


def turn_text(
    say: Words,
    rules: Rules[Any, Any],
    actions: Sequence[ActionRecord],
    label: str,
    *,
    reveal: bool,
    seats: Seats = NO_SEATS,
) -> str:
    """One turn of the log for a history: ``alice (White): a3-a4`` for a notation game;
    ``alice (Green) plays R1 B6 and moves to Gasworks.`` — each step's sentences, with the
    player named by ``label`` and the others by ``seats`` — for a game told in words."""
    if told_in_words(rules):
        parts: list[str] = []
        for action in actions:
            sentences = stored(action) if action.notation != DROP else None
            if sentences:
                parts += [say.sentence(seats.told(s, label)) for s in sentences]
                if reveal and action.detail.get("public", action.notation) != action.notation:
                    parts.append(f"({action.notation})")  # a secret step, told once it is over
            else:
                parts.append(shown_notation(say, action, reveal=reveal))
        if all(action.notation != DROP and stored(action) for action in actions):
            return " ".join(parts)
        return say("history.turn", player=label, moves=" ".join(parts))
    shown = " ".join(shown_notation(say, a, reveal=reveal) for a in actions)
    return say("history.turn", player=label, moves=shown)


def played_text(
    say: Words,
    rules: Rules[Any, Any],
    steps: Iterable[Step],
    seats: Seats = NO_SEATS,
    mover: str | None = None,
) -> str:
    """The mover's own reply: ``Played a3-a4.`` in notation, or the steps' sentences for a
    game told in words — the same words the thread reads."""
    steps = list(steps)
    if told_in_words(rules):
        sentences = [seats.told(s, mover) for step in steps for s in step_sentences(step)]
        if sentences:
            return " ".join(say.sentence(s) for s in sentences)
    return say("move.played", moves=" ".join(step.notation for step in steps))


def told_move(
    shared: Words,
    mine: Words,
    rules: Rules[Any, Any],
    steps: Sequence[Step],
    *,
    summary: Sequence[str] = (),
    answer: Sequence[Step] = (),
    answered: str = "",
    reason: object = None,
    seats: tuple[Seats, Seats] = (NO_SEATS, NO_SEATS),
    mover: tuple[str | None, str | None] = (None, None),
) -> tuple[list[str], str]:
    """A move told once for everyone who reads it: the match thread's lines in ``shared``'s
    language — each step's sentence and notices, the round's ``summary``, then a stored
    conditional ``answer`` played for the player ``answered`` with its notices — and the
    mover's own reply in ``mine`` (:func:`played_text`). A notice saying the same as the
    result's ``reason`` is dropped: the result line states it. Players are named as
    ``seats`` (the thread's, the mover's) name them, the mover as ``mover`` (the same)."""
    names = seats[0]
    lines: list[str] = []
    for step in steps:
        if step.description is not None:
            lines.append(said(shared, names.told(step.description, mover[0])))
        lines.extend(said(shared, names.told(n)) for n in step.notices if n != reason)
    lines.extend(summary)
    if answer:
        moves = rules.step_separator.join(step.notation for step in answer)
        lines.append(shared("premove.played", player=answered, moves=moves))
        for step in answer:
            lines.extend(said(shared, names.told(n)) for n in step.notices if n != reason)
    return lines, played_text(mine, rules, steps, seats[1], mover[1])
