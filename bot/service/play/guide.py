"""Guided turns: the player to act picks their move step by step from buttons and menus.

Each legal action has a *choice path* (``Presentation.choice_path``: "Move yourself" → "R3 B5" →
"Cabbagetown"). A panel shows the distinct next choices among the actions that match what
was chosen so far; when one action is left complete it is played through the same
:meth:`bot.service.play.moves.Moves.move` as typed input, so both ways obey the same checks.
The choices so far travel as a list of indexes, which is stable for one match version —
that is why a panel survives a restart and why a panel from an older version is refused.

Before a step its game wants confirmed (``Presentation.confirm_before``: FENCE!'s walk into the
Cops) or for players who asked for confirmation of every move, the last level is a single
"Confirm" choice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service import replies
from bot.service.base import Loaded, Refusal, User
from bot.service.match.transition import public_version
from bot.service.play.boards import perspective
from bot.service.replies import Reply
from bot.service.text.describer import NO_SEATS, Seats, seats_of, told_label, told_path
from bot.words import Words, words
from games.core import Rules

if TYPE_CHECKING:
    from bot.service.match.notifier import Notifier
    from bot.service.play.boards import Boards

CONFIRM = words()("panel.confirm")
"""The confirming option in English (a panel shows it in its player's language)."""
MAX_PREVIEW_SPOTS = 80
_GOING = ("pawn", "cops", "tunnel", "post")
"""Highlight kinds whose ``to`` is a neighbourhood being chosen (and ``from``, if any, where
the piece being moved stands)."""


def _place(facts: dict[str, Any]) -> tuple[str, Any] | None:
    """Where an action puts something, from its highlight: ("tile", (x, y)) for a tile's
    spot, ("hood", id) for a neighbourhood a piece goes to; None for anything else."""
    if facts.get("kind") == "tile" and facts.get("pos"):
        return ("tile", tuple(facts["pos"]))
    if facts.get("kind") in _GOING and isinstance(facts.get("to"), int):
        return ("hood", facts["to"])
    return None


def _moved(facts: dict[str, Any]) -> tuple[Any, ...]:
    """What an action moves or places, from its highlight: its kind, where it stood, whose
    it is, which tile. A level of the panel offers places only when every option moves
    the same thing ("Push Orange | Push Pink" are two pawns, each with one place to go)."""
    return (facts.get("kind"), facts.get("from"), facts.get("seat"), facts.get("tile"))


def _candidates(
    rules: Rules[Any, Any], state: Any, say: Words | None = None, seats: Seats = NO_SEATS
) -> list[tuple[tuple[str, ...], Any]]:
    """Every legal step with its path, in ``say``'s language (English without one), its
    players named by ``seats``."""
    say = say or words()
    return [(told_path(say, rules, state, a, seats), a) for a in rules.legal_actions(state)]


def walk(
    paths: Sequence[tuple[tuple[str, ...], Any]], chosen: Sequence[int]
) -> tuple[list[tuple[tuple[str, ...], Any]], list[str], list[str]]:
    """Follow the chosen indexes: the actions still possible, the labels chosen so far and
    the options at the next level (distinct next labels, in the engine's order)."""
    remaining = list(paths)
    crumbs: list[str] = []
    for depth, index in enumerate(chosen):
        options = list(dict.fromkeys(p[depth] for p, _ in remaining if len(p) > depth))
        if not 0 <= index < len(options):
            # A press carries a fresh version (a stale one starts again at the top), so an
            # index out of range was typed: say what this step offers, not "no longer".
            step = ".".join(map(str, chosen[:depth]))
            first, last = (f"{step}.{i}" if step else str(i) for i in (0, len(options) - 1))
            choice = ".".join(map(str, chosen[: depth + 1]))
            raise Refusal("panel.not_offered", choice=choice, first=first, last=last)
        crumbs.append(options[index])
        remaining = [(p, a) for p, a in remaining if len(p) > depth and p[depth] == options[index]]
    depth = len(chosen)
    options = list(dict.fromkeys(p[depth] for p, _ in remaining if len(p) > depth))
    return remaining, crumbs, options


def walk_through(
    paths: Sequence[tuple[tuple[str, ...], Any]], chosen: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Extend ``chosen`` through levels that offer a single option which does not yet
    complete a move (a draft turn where "Place a tile" is all one can do, "Draw" before the
    colour), so nobody clicks a choice that is not one. Returns the full path and where
    "Back" leads: the deepest earlier level that had a real choice (None: there is none)."""
    path = tuple(chosen)
    while True:
        remaining, crumbs, options = walk(paths, path)
        depth = len(crumbs)
        completes = any(len(p) == depth + 1 for p, _ in remaining)
        if len(options) != 1 or completes:
            break
        path = (*path, 0)
    back = None
    for depth in range(len(path) - 1, -1, -1):
        if len(walk(paths, path[:depth])[2]) > 1:
            back = path[:depth]
            break
    return path, back


@dataclass(frozen=True)
class Chosen:
    """A panel's walk ended on one complete action that needs no confirmation: play it."""

    action: Any


@dataclass(eq=False, repr=False)
class Guide:
    """What a guided panel shows at a level: the presenter (previews) and the notifier (who
    asked to confirm every move). It plays nothing itself, so a move can ask it for a
    Confirm panel and the panel can hand a finished walk to the move."""

    boards: Boards
    notifier: Notifier

    async def show(
        self,
        actor: User,
        loaded: Loaded,
        path: Sequence[int],
        *,
        confirmed: bool = False,
        note: str = "",
    ) -> Reply | Chosen:
        """The panel at ``path`` (or its Confirm level), or the action the walk chose."""
        say = words(actor.locale)
        rules, state = loaded.rules, loaded.state
        seats = await self.seats(loaded, say)
        candidates = await asyncio.to_thread(_candidates, rules, state, say, seats)
        remaining, crumbs, options = walk(candidates, path)
        done = [a for p, a in remaining if len(p) == len(crumbs)]
        if done and not options:
            action = done[0]
            if not confirmed and await self._wants_confirmation(actor, rules, state, action):
                prompt = note + self._confirm_prompt(rules, state, action, say, seats)
                back = tuple(path)[:-1] if path else None
                return self._panel_reply(
                    loaded, tuple(path), [say("panel.confirm")], prompt, confirm=True, back=back
                )
            return Chosen(action)
        if not options:
            raise Refusal("panel.nothing_left")
        full, back = walk_through(candidates, path)
        if full != tuple(path):
            remaining, crumbs, options = walk(candidates, full)
        prompt = note + (
            say("panel.choose_after", path=" → ".join(crumbs)) if crumbs else say("panel.choose")
        )
        image = await self._preview(loaded, remaining, len(crumbs), options, actor.locale)
        return self._panel_reply(loaded, full, options, prompt, image=image, back=back)

    async def seats(self, loaded: Loaded, say: Words) -> Seats:
        """The match's players as the panel names them ("Push bob (Orange)")."""
        names = await self.boards.reader.player_names(loaded.record, say.language)
        return seats_of(loaded.rules, loaded.state, names, say.language)

    async def confirmation_panel(self, actor: User, loaded: Loaded, notation: str) -> Reply | None:
        """The guided panel opened at its last level for ``notation``: its Confirm button
        plays the move, Back walks the choices. None when no legal action has it (or the
        player wants no confirmation of it)."""
        rules, state = loaded.rules, loaded.state
        say = words(actor.locale)
        seats = await self.seats(loaded, say)
        candidates = await asyncio.to_thread(_candidates, rules, state, say, seats)
        wanted = notation.strip()
        for choices, action in candidates:
            if rules.format(state, action) != wanted:
                continue
            path: list[int] = []
            for label in choices:
                path.append(walk(candidates, path)[2].index(label))
            shown = await self.show(actor, loaded, path)
            return shown if isinstance(shown, Reply) else None
        return None

    @staticmethod
    def _confirm_prompt(
        rules: Rules[Any, Any], state: Any, action: Any, say: Words, seats: Seats
    ) -> str:
        reason = rules.presentation.confirm_before(state, action)
        prompt = say("panel.play", move=told_label(say, rules, state, action, seats))
        return f"{prompt} {say(f'panel.{reason}')}" if reason else prompt

    async def _wants_confirmation(
        self, actor: User, rules: Rules[Any, Any], state: Any, action: Any
    ) -> bool:
        if rules.presentation.confirm_before(state, action):
            return True
        return await self.notifier.confirms_moves(actor)

    @staticmethod
    def _panel_reply(
        loaded: Loaded,
        path: tuple[int, ...],
        options: Sequence[str],
        prompt: str,
        *,
        image: bytes | None = None,
        confirm: bool = False,
        back: tuple[int, ...] | None = None,
    ) -> Reply:
        panel = replies.Panel(
            match_id=loaded.id,
            version=public_version(loaded.record),
            path=path,
            options=tuple(options),
            prompt=prompt,
            confirm=confirm,
            back=back,
        )
        return Reply(text=prompt, image=image, panel=panel, match_id=loaded.id)

    async def _preview(
        self,
        loaded: Loaded,
        remaining: Sequence[tuple[tuple[str, ...], Any]],
        depth: int,
        options: Sequence[str],
        locale: str = "en",
    ) -> bytes | None:
        """When the next choice is *where* (a spot for a tile, a neighbourhood for a pawn),
        draw the candidates on the board so the player can match labels to places: only
        when every option moves the same piece and each is one place of its own, and a
        neighbourhood only as the move's last choice (options that merely number as many as
        the places, such as "Push Green | Cops by road" or cards that each lead to one
        place, are not places)."""
        rules, state = loaded.rules, loaded.state
        facts: dict[str, list[dict[str, Any]]] = {}
        for path, action in remaining:
            if len(path) > depth:
                facts.setdefault(path[depth], []).append(
                    rules.presentation.highlight(state, action)
                )
        places = [{_place(f) for f in facts.get(option, ())} for option in options]
        moved = {_moved(f) for found in facts.values() for f in found}
        if len(moved) != 1 or not all(len(p) == 1 for p in places):
            return None
        found = [next(iter(p)) for p in places]
        targets = [t for t in found if t is not None]
        if len(targets) != len(found) or len(set(targets)) != len(targets):
            return None
        if not 1 < len(targets) <= MAX_PREVIEW_SPOTS or len({k for k, _ in targets}) != 1:
            return None
        last = all(len(p) == depth + 1 for p, _ in remaining if len(p) > depth)
        if targets[0][0] == "hood" and not last:
            return None  # cards that each lead to one place: the places are the next step
        focus: list[int] = []
        if targets[0][0] == "tile":
            mark: dict[str, Any] = {"kind": "spots", "spots": [list(t[1]) for t in targets]}
        else:
            hoods = [t[1] for t in targets]
            mark = {"kind": "choices", "hoods": hoods}
            # Choosing where to go: a close-up readable on a phone of the piece being moved
            # (a pushed pawn, the Cops, one's own pawn) and every place it may go, as far as
            # one picture can hold them (the whole city stays in the thread).
            piece = next(iter(moved))[1]
            focus = [piece, *hoods] if isinstance(piece, int) else hoods
        return await self.boards.image(
            loaded,
            perspective=perspective(loaded),
            extra_highlight=[mark],
            focus=focus,
            locale=locale,
        )
