"""The published ladder (``ai/ladder.toml``) as ``/play``, ``/rules`` and ``level:auto`` read
it: a pure function of the file."""

from __future__ import annotations

from pathlib import Path

import ai
import games
from ai import ladder

SAMPLE = """
[games.ordo]
scale = 0.2
random = 1000
easy = 1400
normal = 1700
strong = 1900
rd = { random = 0, easy = 90, normal = 90, strong = 95 }
"""


def test_ratings_and_nearest_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "ladder.toml"
    path.write_text(SAMPLE)
    assert ladder.ratings("ordo", path) == {"easy": 1400, "normal": 1700, "strong": 1900}
    assert ladder.rating("ordo", "normal", path) == 1700
    assert ladder.nearest("ordo", 1500, path) == "easy"  # a newcomer
    assert ladder.nearest("ordo", 1600, path) == "normal"
    assert ladder.nearest("ordo", 1550, path) == "easy"  # a tie goes to the weaker level
    assert ladder.nearest("ordo", 2600, path) == "strong"


def test_a_game_without_a_ladder_has_no_figures(tmp_path: Path) -> None:
    path = tmp_path / "ladder.toml"
    path.write_text(SAMPLE)
    assert ladder.ratings("fuer", path) == {}
    assert ladder.rating("fuer", "easy", path) is None
    assert ladder.nearest("fuer", 1500, path) is None
    assert ladder.ratings("ordo", tmp_path / "missing.toml") == {}


def test_the_published_ladder_rates_every_level_of_every_game() -> None:
    for game in games.available():
        assert set(ladder.ratings(game)) == set(ai.LEVELS), game
