"""Issue "The house, finished", item 2: every change to a match or tournament row — deadlines
included — goes through the transition layer (:mod:`bot.service.match.transition`).

A scan of every module under ``bot/``: a call of a store's writing methods anywhere but the
transition module fails the test, whatever the object is called there. Only the
transitions themselves (``….transitions.commit(…)``, ``….tournament_transitions.commit(…)``)
may be called by those names elsewhere.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
TRANSITION_MODULES = {BOT / "service" / "transition.py"}
WRITES = frozenset(
    {
        "commit", "set_due", "update_tournament", "create_match", "create_tournament",
        "request_review", "finish_review",
    }
)  # fmt: skip
"""The store's methods that change a match or tournament row."""


def receiver_name(node: ast.expr) -> str:
    """The last name of the object a method is called on: ``self.transitions`` → transitions."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def writes_outside_transitions(source: str, filename: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITES
            and not receiver_name(node.func.value).endswith("transitions")
        ):
            found.append(f"{filename}:{node.lineno}: .{node.func.attr}(…)")
    return found


def in_function(body: str) -> str:
    return "async def f():\n" + textwrap.indent(body, "    ")


def test_no_store_write_outside_the_transition_layer() -> None:
    offenders = []
    for path in sorted(BOT.rglob("*.py")):
        if path in TRANSITION_MODULES:
            continue
        offenders += writes_outside_transitions(path.read_text(encoding="utf-8"), str(path))
    assert offenders == [], "\n".join(offenders)


def test_the_scan_bites() -> None:
    """Not vacuous: the transition module itself writes, and the usual spellings are caught."""
    transition = next(iter(TRANSITION_MODULES))
    assert writes_outside_transitions(transition.read_text(encoding="utf-8"), "transition")
    for call in (
        "await self.store.commit(1, 2, update, now=0)",
        "await store.set_due(1, None)",
        "s = self.reader.store\nawait s.update_tournament(1, 2, now=0)",
        "await self.store.create_match(game='ordo')",
        "await x.create_tournament(guild_id='')",
    ):
        assert writes_outside_transitions(in_function(call), "f"), call
    for allowed in (
        "await self.transitions.commit(record, update)",
        "await self.tournament_transitions.commit(record, data={})",
        "await transitions.create_match(game='ordo')",
    ):
        assert not writes_outside_transitions(in_function(allowed), "f"), allowed
