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


def told_label(say: Words, rules: Rules[Any, Any], state: Any, action: Any) -> str:
    """A legal step's one-line label in ``say``'s language (autocomplete, buttons)."""
    return shorten(said(say, rules.presentation.said_label(state, action)), LABEL_LIMIT)


def told_path(say: Words, rules: Rules[Any, Any], state: Any, action: Any) -> tuple[str, ...]:
    """A legal step's panel path in ``say``'s language."""
    return tuple(
        shorten(said(say, part), SEGMENT_LIMIT)
        for part in rules.presentation.said_path(state, action)
    )


def told_page_view(say: Words, rules: Rules[Any, Any], view: Mapping[str, Any]) -> dict[str, Any]:
    """A view for the web page: its sentences told (:func:`told_view`) and its seats'
    colours (``seat_names``, which the page shows) in the reader's language."""
    told = told_view(say, view)
    if isinstance(told.get("seat_names"), list):
        told["seat_names"] = [colour_word(rules, str(n), say.language) for n in told["seat_names"]]
    return told


def told_view(say: Words, value: Any) -> Any:
    """A view (or any part of one) with every engine sentence in it — FENCE!'s Hot Goods
    notes, a trade's notes, the result — said for ``say``'s reader: renderers and the web
    page are handed words, never keys."""
    if is_data(value):
        return said(say, from_data(value, games.sentences()))
    if isinstance(value, dict):
        return {key: told_view(say, item) for key, item in value.items()}
    if isinstance(value, list):
        return [told_view(say, item) for item in value]
    return value


def as_player(sentence: Sentence, label: str) -> Sentence:
    """The sentence with its ``player`` named as ``label`` ("alice (Green)") where it names
    one: a history line opens with it instead of repeating the name before a colon."""
    if "player" not in sentence.params:
        return sentence
    return dataclasses.replace(sentence, params={**sentence.params, "player": label})


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
) -> str:
    """One turn of the log for a history: ``alice (White): a3-a4`` for a notation game;
    ``alice (Green) plays R1 B6 and moves to Gasworks.`` — each step's sentences, with the
    player named by ``label`` — for a game told in words."""
    if told_in_words(rules):
        parts: list[str] = []
        for action in actions:
            sentences = stored(action) if action.notation != DROP else None
            if sentences:
                parts += [say.sentence(as_player(s, label)) for s in sentences]
                if reveal and action.detail.get("public", action.notation) != action.notation:
                    parts.append(f"({action.notation})")  # a secret step, told once it is over
            else:
                parts.append(shown_notation(say, action, reveal=reveal))
        if all(action.notation != DROP and stored(action) for action in actions):
            return " ".join(parts)
        return say("history.turn", player=label, moves=" ".join(parts))
    shown = " ".join(shown_notation(say, a, reveal=reveal) for a in actions)
    return say("history.turn", player=label, moves=shown)


def played_text(say: Words, rules: Rules[Any, Any], steps: Iterable[Step]) -> str:
    """The mover's own reply: ``Played a3-a4.`` in notation, or the steps' sentences for a
    game told in words — the same words the thread reads."""
    steps = list(steps)
    if told_in_words(rules):
        sentences = [s for step in steps for s in step_sentences(step)]
        if sentences:
            return " ".join(say.sentence(s) for s in sentences)
    return say("move.played", moves=" ".join(step.notation for step in steps))
