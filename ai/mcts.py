"""Monte Carlo tree search for any game that can describe itself as a :class:`Domain`.

Random playouts are too few in these games (hundreds per move against hundreds or thousands
of legal actions), so plain UCT spreads them too thin to learn anything. Two things make
the search useful here, both supplied by the game rather than the search:

* **Progressive widening over an ordered action list.** ``Domain.actions`` returns the
  candidates best-first (its prior). A node considers only its first
  ``1 + widen * visits ** alpha`` of them, so early visits go to the moves the game
  knowledge likes and weaker ones enter as the node earns visits.
* **A judged leaf instead of a blind playout.** ``Domain.evaluate`` returns how likely the
  player to act is to win from a position: an evaluation function, a short informed
  playout, or both. The search never plays to the end on its own.

The search is deterministic for a given ``rng`` under an iteration cap: it iterates over
lists in the order the domain gives them and never consults the clock except to stop.
A multi-step turn (same player acting twice) needs nothing special: each node records who
acts, and values are always from the point of view of the player who acted into a node.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from ai.budget import Clock

S = TypeVar("S")
A = TypeVar("A")


class Domain(Protocol[S, A]):
    """What a game tells the search. Players are small ints (seats or colours)."""

    def actions(self, state: S) -> Sequence[A]:
        """The candidates to search, best first; empty means the player to act has lost
        (no legal move), which is how Fuer's ruling 12 and any stalemate-loss game fit."""
        ...

    def apply(self, state: S, action: A) -> S: ...

    def player(self, state: S) -> int:
        """Who acts in ``state`` (undefined once the game is over)."""
        ...

    def winner(self, state: S) -> int | None:
        """The winner if the game is over, else ``None``."""
        ...

    def evaluate(self, state: S, rng: random.Random) -> float:
        """Chance in [0, 1] that the player to act in ``state`` wins."""
        ...


@dataclass(frozen=True)
class Settings:
    """Knobs of the tree policy; the defaults suit a decent ordering and a sharp evaluation."""

    exploration: float = 0.5
    widen: float = 2.0
    alpha: float = 0.5


@dataclass(eq=False)
class Node(Generic[S, A]):
    state: S
    mover: int
    """The player who acted to reach this node (whose point of view ``wins`` takes)."""
    visits: int = 0
    wins: float = 0.0
    actions: Sequence[A] | None = None
    children: list[Node[S, A]] = field(default_factory=list)
    terminal: float | None = None
    """For a finished game: the value for ``mover`` (1 win, 0 loss)."""


def _outcome_for(domain: Domain[S, A], state: S, mover: int) -> float | None:
    """The value of a finished position for ``mover``, or ``None`` while play goes on."""
    won = domain.winner(state)
    if won is None:
        return None
    return 1.0 if won == mover else 0.0


def search(
    domain: Domain[S, A],
    root_state: S,
    clock: Clock,
    rng: random.Random,
    settings: Settings = Settings(),
) -> list[tuple[A, int, float]]:
    """Run until ``clock`` is done; the root's ``(action, visits, mean value)`` rows, best
    first (most visits, then best mean, then the domain's order)."""
    root_player = domain.player(root_state)
    root: Node[S, A] = Node(root_state, mover=-1)
    root.actions = domain.actions(root_state)
    if len(root.actions) <= 1:  # nothing to choose between
        return [(a, 0, 0.0) for a in root.actions]
    while True:
        _iterate(domain, root, root_player, rng, settings)
        clock.tick()
        if clock.done():
            break
    rows = []
    for index, child in enumerate(root.children):
        mean = child.wins / child.visits if child.visits else 0.0
        rows.append((index, child.visits, mean))
    rows.sort(key=lambda row: (-row[1], -row[2], row[0]))
    return [(root.actions[i], visits, mean) for i, visits, mean in rows]


def best_action(
    domain: Domain[S, A],
    state: S,
    clock: Clock,
    rng: random.Random,
    settings: Settings = Settings(),
) -> A:
    """The most visited root action (the first candidate if the search saw none)."""
    rows = search(domain, state, clock, rng, settings)
    if rows:
        return rows[0][0]
    return domain.actions(state)[0]


def _iterate(
    domain: Domain[S, A],
    root: Node[S, A],
    root_player: int,
    rng: random.Random,
    settings: Settings,
) -> None:
    path = [root]
    node = root
    player = root_player
    while True:
        if node.terminal is not None:
            value = node.terminal
            break
        actions = node.actions
        if actions is None:
            actions = node.actions = domain.actions(node.state)
        if not actions:  # the player to act has no move and loses
            node.terminal = 1.0
            value = 1.0
            break
        allowed = min(len(actions), 1 + int(settings.widen * node.visits**settings.alpha))
        if len(node.children) < allowed:
            child_state = domain.apply(node.state, actions[len(node.children)])
            child: Node[S, A] = Node(child_state, mover=player)
            node.children.append(child)
            path.append(child)
            terminal = _outcome_for(domain, child_state, player)
            if terminal is not None:
                child.terminal = terminal
                value = terminal
            else:
                next_player = domain.player(child_state)
                chance = domain.evaluate(child_state, rng)
                value = 1.0 - chance if next_player != player else chance
            break
        node = _select(node, settings.exploration)
        path.append(node)
        player = domain.player(node.state) if node.terminal is None else player
    _backpropagate(path, value)


def _select(node: Node[S, A], exploration: float) -> Node[S, A]:
    log_n = math.log(node.visits + 1)
    best = node.children[0]
    best_score = -math.inf
    for child in node.children:
        if child.terminal == 1.0:  # a won move: nothing else is worth a visit
            return child
        score = child.wins / child.visits + exploration * math.sqrt(log_n / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


def _backpropagate(path: list[Node[S, A]], value: float) -> None:
    """``value`` is for the mover of the last node; flip it wherever the mover changes."""
    leaf_mover = path[-1].mover
    for node in path:
        node.visits += 1
        node.wins += value if node.mover == leaf_mover else 1.0 - value
