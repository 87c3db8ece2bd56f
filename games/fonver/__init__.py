"""Fonver: a drawless connection game with diagonal captures (Saïd Galdseid, 2023).

``RULES`` is the registry's entry point; the rest of the package is pure and importable on
its own (``board`` for geometry, ``play`` for turns, ``notation`` for text).
"""

from __future__ import annotations

from games.fonver.actions import KEEP, SWAP, Action, Capture, PieChoice, Place, Point
from games.fonver.rules import FonverRules
from games.fonver.state import FonverState

RULES = FonverRules()

__all__ = [
    "KEEP",
    "RULES",
    "SWAP",
    "Action",
    "Capture",
    "FonverRules",
    "FonverState",
    "PieChoice",
    "Place",
    "Point",
]
