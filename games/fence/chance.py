"""Chance on a FENCE! analysis board: the other ways a step could fall, for the player to
pick from (project decision in ``docs/rules/fence.md``).

An analysis world (:func:`games.fence.determinize.sample_state`) holds nothing its seat
cannot see, so every variant made here from one holds nothing more: the same world with the
generator seeded otherwise (other dice, another shuffle at the Trading Post), or with one
unseen card put on top of a Stash pile in place of the card there. A swap is made only where
the seat could not tell it from the world: two unseen cards of one colour (each hand keeps
the colours everyone knows it holds, each starting pair one red and one blue card), or two
cards of the same pile. So every card a draw could bring, as far as the seat knows, comes
up in some variant, and nothing the real match hides can decide which cards those are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from games.fence.cards import colour_of, sort_key
from games.fence.sentences import SAY
from games.fence.state import FenceState
from games.sentences import Sentence, listing

ROLLS = 96
"""Generators tried on a world: a die's six faces all come up in 96 tries but for a chance
of about one in 10^7; a pair of dice naming one of up to 36 tiles misses one rarely (the
offered outcomes are those the tries found, always the same ones for the same position)."""

PILES = ("red", "blue", "mixed")


def variants(world: FenceState, after: FenceState, seat: int) -> list[Iterator[FenceState]]:
    """By kind: ``world`` with other dice; then with each unseen card on top of each Stash
    pile the step (``after`` it, in ``world``) draws from — a step that draws nothing has no
    other card to fall on, and trying them would only cost time."""
    return [_rolls(world), _cards(world, after, seat)]


def _rolls(world: FenceState) -> Iterator[FenceState]:
    for roll in range(1, ROLLS + 1):
        # Only the generator differs: the road map and the legal steps are the world's.
        yield _like(world, ("map", "legal", "legal_set"), seed=world.seed * 7_919 + roll)


def _cards(world: FenceState, after: FenceState, seat: int) -> Iterator[FenceState]:
    for pile in PILES:
        cards = getattr(world, pile)
        if not cards or len(getattr(after, pile)) == len(cards):
            continue
        top = cards[-1]
        for place, index, card in _unseen(world, seat):
            if place == pile and index == len(cards) - 1:
                continue  # the top card itself
            if place == pile or colour_of(card) == colour_of(top):
                yield _swapped(world, pile, place, index, card)


def _unseen(world: FenceState, seat: int) -> Iterator[tuple[str, int, str]]:
    """Every card ``seat`` cannot see: (where, index, card); where is a pile, ``hand<n>`` or
    ``start<n>`` of another seat."""
    for pile in PILES:
        for index, card in enumerate(getattr(world, pile)):
            yield pile, index, card
    for other in range(world.players):
        if other == seat:
            continue
        for index, card in enumerate(world.hands[other]):
            yield f"hand{other}", index, card
        for index, card in enumerate(world.start[other]):
            yield f"start{other}", index, card


def _swapped(world: FenceState, pile: str, place: str, index: int, card: str) -> FenceState:
    """``world`` with ``card`` (at ``place``/``index``) and the top of ``pile`` exchanged."""
    stack = list(getattr(world, pile))
    top = stack[-1]
    if place == pile:
        stack[index], stack[-1] = top, card
        return _like(world, ("map", "legal", "legal_set"), **{pile: tuple(stack)})
    stack[-1] = card
    changes: dict[str, object] = {pile: tuple(stack)}
    if place in PILES:
        other = list(getattr(world, place))
        other[index] = top
        changes[place] = tuple(other)
    else:
        field = "hands" if place.startswith("hand") else "start"
        seat = int(place.removeprefix("hand").removeprefix("start"))
        rows = [list(row) for row in getattr(world, field)]
        rows[seat][index] = top
        if field == "hands":
            rows[seat].sort(key=sort_key)
        changes[field] = tuple(tuple(row) for row in rows)
    return _like(world, ("map",), **changes)


def _like(world: FenceState, kept: tuple[str, ...], **changes: object) -> FenceState:
    """``world`` changed, keeping the derived data the change leaves true (a card moved
    within a pile changes no hand, so no legal step)."""
    made = dataclasses.replace(world, **changes)  # type: ignore[arg-type]
    made._cache.update({key: world._cache[key] for key in kept if key in world._cache})
    return made


def told(before: FenceState, after: FenceState, seat: int) -> list[Sentence]:
    """What ``seat`` is told of how a step fell: the table's notices (a roll, where the Hot
    Goods turn up, who draws), its own notes, and the cards it gained."""
    gained = list(after.hands[seat])
    for card in before.hands[seat]:
        if card in gained:
            gained.remove(card)
    said = [*after.events, *(note for who, note in after.notes if who == seat)]
    out = [sentence for sentence in said if isinstance(sentence, Sentence)]
    if gained:
        out.append(SAY("analysis_you_get", cards=listing(gained)))
    return out
