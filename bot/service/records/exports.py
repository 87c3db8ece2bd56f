"""``/export``: a match as a text record the engine can load back, and as an animation.

Hidden information stays hidden while a match runs (ruling 29 of FENCE!): until the end the
record shows each step's public notation and leaves out the seed and the final position
(the seed decides every shuffle; FENCE!'s position holds every hand), so such a record can
be read but not replayed. Once the match is over everything is revealed and the record
replays exactly (:func:`bot.service.records.transcript.replay`). Games without secrets
export everything at any time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import games
import render
from bot.service.base import DROP, Loaded, User, guarded
from bot.service.match.reader import MatchReader
from bot.service.match.workers import Workers
from bot.service.play.analysis.lines import owner_file
from bot.service.play.analysis.picks import written_lines
from bot.service.play.boards import final_outcome, result_text
from bot.service.play.hands import private_part
from bot.service.records.transcript import ExportedMatch, dump_text, sgf_of
from bot.service.replies import Reply
from bot.service.text.describer import told_view
from bot.service.text.image_labels import image_labels
from bot.service.text.markdown import plain
from bot.words import words
from games.presentation import Presentation
from render.animate import animate
from storage.base import ACTIVE, FINISHED, ActionRecord

log = logging.getLogger(__name__)

MAX_FRAMES = 150
"""Longer games are sampled (keeping the last frame) so the GIF stays small."""


def _hidden(loaded: Loaded) -> bool:
    rules, state = loaded.rules, loaded.state
    return any(private_part(rules, state, s) for s in range(len(loaded.record.seats)))


class Replay(NamedTuple):
    """A match from its start, as plain values, so drawing it can run in a worker process."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: list[tuple[int, str, dict[str, Any]]]
    """(seat, notation, highlight) of every step played."""
    names: list[str]
    labels: dict[str, str] | None = None
    """The image labels in the reader's language (:func:`image_labels`)."""
    locale: str = "en"
    """The reader's language, for the engines' sentences in a view."""


def frames_of(replay: Replay) -> list[bytes]:
    """Board images after every step (sampled), from the public view, for the animation."""
    rules = games.get(replay.game)
    say = words(replay.locale)
    state = rules.new(replay.players, replay.options, replay.seed)
    states: list[tuple[Any, list[dict[str, Any]]]] = [(state, [])]
    for seat, notation, highlight in replay.steps:
        if notation == DROP:
            state = rules.drop_player(state, seat)
        else:
            state = rules.apply(state, rules.parse(state, notation))
        states.append((state, [highlight]))
    step = max(1, -(-len(states) // MAX_FRAMES))
    picked = states[::step]
    if picked[-1] is not states[-1]:
        picked.append(states[-1])
    return [
        render.render(
            replay.game,
            told_view(say, rules.view(s, None)),
            highlight=h,
            players=replay.names,
            labels=replay.labels,
        )
        for s, h in picked
    ]


def match_gif(replay: Replay) -> bytes:
    return animate(frames_of(replay))


def _played_as(
    game: str, players: int, options: dict[str, Any], seed: int, live: Sequence[ActionRecord]
) -> tuple[str, ...]:
    """The seat's name when each step was played (Fonver's pie swap renames both seats), by
    replaying the steps from the start: the record labels every move with the colour it was
    played as, not the colour its player ended with."""
    rules = games.get(game)
    if type(rules.presentation).seat_name is Presentation.seat_name:
        return ()  # the game never renames a seat: the header's names are the names
    state = rules.new(players, options, seed)
    names = []
    try:
        for action in live:
            names.append(rules.presentation.seat_name(state, action.seat))
            if action.notation == DROP:
                state = rules.drop_player(state, action.seat)
            else:
                state = rules.apply(state, rules.parse(state, action.notation))
    except Exception:  # a record that does not replay still exports, under final names
        log.exception("export: the steps of a %s match do not replay", game)
        return ()
    return tuple(names)


@dataclass(eq=False, repr=False)
class Records:
    """``/export``: the reader and the workers (the animation is drawn there)."""

    reader: MatchReader
    workers: Workers

    @guarded
    async def export(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        record = await self.reader.find(
            actor, match_id, where, statuses=(ACTIVE, FINISHED), participant=False
        )
        loaded = self.reader.load(record)
        rules = loaded.rules
        names = await self.reader.player_names(record, actor.locale, raw=True)  # a file
        live = await self.reader.live_actions(record.id)
        over = record.status == FINISHED
        reveal = over or not _hidden(loaded)
        result = None
        if (outcome := final_outcome(loaded)) is not None:
            result = plain(result_text(rules, loaded.state, outcome, names))
        exported = ExportedMatch(
            game=record.game,
            match_id=record.id,
            players=tuple(names),
            seat_names=tuple(
                rules.presentation.seat_name(loaded.state, s) for s in range(len(names))
            ),
            options=dict(record.options),
            seed=record.seed if reveal else None,
            result=result,
            started=record.created_at,
            finished=record.updated_at if over else None,
            moves=tuple(
                (a.seat, a.notation if reveal else a.detail.get("public", a.notation)) for a in live
            ),
            position=rules.position(loaded.state) if reveal else None,
            played_as=_played_as(record.game, len(names), dict(record.options), record.seed, live)
            if reveal
            else (),
        )
        files = [(f"match{record.id}-{record.game}.txt", dump_text(exported).encode())]
        if over:
            steps = [(a.seat, a.notation, a.detail.get("highlight", {})) for a in live]
            gif = await self.workers.run(
                match_gif,
                Replay(
                    record.game,
                    len(record.seats),
                    dict(record.options),
                    record.seed,
                    steps,
                    names,
                    dict(image_labels(actor.locale)),
                    str(actor.locale),
                ),
            )
            files.append((f"match{record.id}-{record.game}.gif", gif))
        if (sgf := sgf_of(exported, outcome)) is not None:  # Fonver, for Go programs
            files.append((f"match{record.id}.sgf", sgf.encode()))
        say = words(actor.locale)
        if actor.id in record.seats:  # the caller's own analysis, never anyone else's
            own = await self.reader.store.analysis(record.id, actor.id)
            written = None
            if own is not None:
                seat = record.seats.index(actor.id)
                written = await asyncio.to_thread(
                    written_lines, say, rules, record, live, seat, own.tree
                )
            files.extend(filter(None, [owner_file(say, record.id, own, written)]))
        text = say("export.done", match=record.id, n=len(live))
        return Reply(
            text=text if reveal else f"{text} {say('export.secrets_hidden')}",
            files=tuple(files),
            match_id=record.id,
        )
