"""A player's analysis lines of one match, as a plain JSON tree: what the store keeps, the page
draws and the owner's own export writes out.

Why plain data and pure functions: the tree is saved whole in one store write
(:meth:`storage.base.Store.save_analysis`), so every change is "read, change a copy, write";
keeping the shape here, apart from the use case, lets it be tested without a store and keeps
the stored form the one the page reads. Nothing here knows a game: whether a step is legal is
:mod:`bot.service.pages.analysis`'s question, asked of the rules engine on every change.

The shape::

    {"next": 7,                 # the id the next node gets (ids are never reused)
     "nodes": {"1": {"p": None, "ply": 12, "c": [2, 5]},   # a root: a position of the game
               "2": {"p": 1, "n": "c3-c4", "c": [3]},       # a step after its parent
               ...}}

A root stands for the game's position after ``ply`` steps (at most one root per ply); every
other node is one step (one action, in the engine's notation) after its parent. A node's
first child is its main line: promoting a node moves it first among its siblings. A step
chance decides carries the outcome its player picked: ``"draw red @7"`` (:func:`chance_step`).
"""

from __future__ import annotations

import copy
from typing import Any

from bot.service.base import Refusal
from bot.words import Words
from storage.base import AnalysisRecord

Tree = dict[str, Any]


def empty() -> Tree:
    return {"next": 1, "nodes": {}}


def of(data: dict[str, Any] | None) -> Tree:
    """The stored tree (or an empty one), copied: every change below works on its own copy."""
    return copy.deepcopy(data) if data and "nodes" in data else empty()


def size(tree: Tree) -> int:
    """How many nodes the tree holds (roots included): what the limits count."""
    return len(tree["nodes"])


def node(tree: Tree, node_id: object) -> dict[str, Any]:
    """The node ``node_id`` names; a refusal for one that does not exist."""
    found = tree["nodes"].get(str(node_id)) if isinstance(node_id, int | str) else None
    if found is None:
        raise Refusal("analysis.no_node", node=str(node_id)[:20])
    return found  # type: ignore[no-any-return]


def root_at(tree: Tree, ply: int) -> int | None:
    """The root standing for the game's position after ``ply`` steps, if there is one."""
    for key, data in tree["nodes"].items():
        if data["p"] is None and data["ply"] == ply:
            return int(key)
    return None


def _new(tree: Tree, data: dict[str, Any]) -> int:
    made = int(tree["next"])
    tree["next"] = made + 1
    tree["nodes"][str(made)] = {**data, "c": []}
    return made


def with_root(tree: Tree, ply: int) -> tuple[Tree, int]:
    """A copy of the tree with a root for ``ply`` (the one there is, or a new one)."""
    tree = of(tree)
    found = root_at(tree, ply)
    return (tree, found) if found is not None else (tree, _new(tree, {"p": None, "ply": ply}))


def line(tree: Tree, node_id: object) -> tuple[int, list[str], list[int]]:
    """The root's ply, the steps from the root to the node, and the ids along the way (the
    root first)."""
    ids: list[int] = []
    current = node(tree, node_id)
    key = int(str(node_id))
    steps: list[str] = []
    while current["p"] is not None:
        ids.append(key)
        steps.append(current["n"])
        key = int(current["p"])
        current = node(tree, key)
    ids.append(key)
    return int(current["ply"]), steps[::-1], ids[::-1]


CHANCE_MARK = " @"
"""Between a step's notation and the outcome picked for it (no engine writes ``@``)."""


def chance_step(notation: str, outcome: int) -> str:
    """The step ``notation`` as chance fell in outcome number ``outcome`` (the analysis
    board's numbering of what could happen, :mod:`bot.service.pages.analysis`)."""
    return f"{notation}{CHANCE_MARK}{outcome}"


def step_parts(step: str) -> tuple[str, int | None]:
    """A stored step's notation and its picked outcome (None for a step without chance)."""
    notation, mark, outcome = step.rpartition(CHANCE_MARK)
    if mark and outcome.isdigit():
        return notation, int(outcome)
    return step, None


def with_step(tree: Tree, parent: int, notation: str) -> tuple[Tree, int, bool]:
    """A copy with ``notation`` played after ``parent``: the child there is for that step, or
    a new one (last among its siblings); whether it is new."""
    tree = of(tree)
    for child in node(tree, parent)["c"]:
        if tree["nodes"][str(child)]["n"] == notation:
            return tree, int(child), False
    made = _new(tree, {"p": parent, "n": notation})
    tree["nodes"][str(parent)]["c"].append(made)
    return tree, made, True


def promoted(tree: Tree, node_id: int) -> Tree:
    """A copy where ``node_id`` is its parent's first child (its main line); a root stays."""
    tree = of(tree)
    parent = node(tree, node_id)["p"]
    if parent is not None:
        children = tree["nodes"][str(parent)]["c"]
        children.remove(node_id)
        children.insert(0, node_id)
    return tree


def deleted(tree: Tree, node_id: int) -> tuple[Tree, int | None]:
    """A copy without ``node_id`` and everything after it; the parent (None for a root)."""
    tree = of(tree)
    parent = node(tree, node_id)["p"]
    doomed = [node_id]
    while doomed:
        gone = tree["nodes"].pop(str(doomed.pop()))
        doomed.extend(gone["c"])
    if parent is not None:
        tree["nodes"][str(parent)]["c"].remove(node_id)
    return tree, parent


def depth_first(tree: Tree) -> list[int]:
    """Every node, roots by ply and each followed by its lines in order (main line first):
    the order the page lists them and the order they are replayed in."""
    roots = sorted(
        (int(k) for k, d in tree["nodes"].items() if d["p"] is None),
        key=lambda k: tree["nodes"][str(k)]["ply"],
    )
    out: list[int] = []
    stack = roots[::-1]
    while stack:
        key = stack.pop()
        out.append(key)
        stack.extend(reversed(tree["nodes"][str(key)]["c"]))
    return out


def lines(tree: Tree) -> list[tuple[int, list[str]]]:
    """Every line to a leaf, as (the root's ply, its steps): the tree written out (an export)."""
    out: list[tuple[int, list[str]]] = []
    for key in depth_first(tree):
        data = tree["nodes"][str(key)]
        if not data["c"] and data["p"] is not None:
            root, steps, _ = line(tree, key)
            out.append((root, steps))
    return out


def owner_file(
    say: Words,
    match_id: int,
    found: AnalysisRecord | None,
    written_lines: list[tuple[int, list[str]]] | None = None,
) -> tuple[str, bytes] | None:
    """The file of an owner's own export that holds their note and lines (None without
    either): only ever made for the caller's own analysis, so no one else's export has it.
    ``written_lines``: the lines as the export words them (chance's picks in words,
    :func:`bot.service.play.analysis.picks.written_lines`), else as stored."""
    if found is None:
        return None
    written = [
        f"{say('analysis.export_line', ply=root)} {' '.join(steps)}"
        for root, steps in (lines(found.tree) if written_lines is None else written_lines)
    ]
    if not found.note and not written:
        return None
    parts = [say("analysis.export_title", match=match_id), "", found.note or "-", ""]
    if written:
        parts += [say("analysis.export_lines"), *written, ""]
    return f"match{match_id}-my-analysis.txt", "\n".join(parts).encode()
