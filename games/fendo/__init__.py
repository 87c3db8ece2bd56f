"""Fendo (Dieter Stein, 2014): fence off the larger part of the board.

The module layout follows the rules: ``geometry`` (squares, fences, areas as bitboards),
``state`` (the immutable position and the two actions), ``moves`` (rulings 6–10),
``notation`` (rulings 13 and 14) and ``rules`` (the shared Rules surface).
"""

from __future__ import annotations

from games.fendo.rules import FendoRules

RULES = FendoRules()

__all__ = ["RULES", "FendoRules"]
