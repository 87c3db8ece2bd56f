"""Every console example in the README and docs/ prints what the page shows.

Why: the console is where a newcomer first meets the bot, and a page whose example answers
something else (a renamed option, a reworded reply, a refusal where the page shows a move)
loses them at the first paste. Each ``console`` block is run by bash in an empty folder, as
a reader pastes it, and its output compared line for line (``…`` skips lines; see
``tests/docs/markdown.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.markdown import ROOT, Example, examples, matches, run

EXAMPLES = examples()


def test_the_pages_hold_console_examples() -> None:
    """The README's first game and the players' guide are checked, not skipped for lack of
    a marked block."""
    pages = {e.page.relative_to(ROOT).as_posix() for e in EXAMPLES}
    assert {"README.md", "docs/players.md", "docs/computer.md", "docs/languages.md"} <= pages


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_the_console_prints_what_the_page_shows(example: Example, tmp_path: Path) -> None:
    printed = run(example, tmp_path)
    assert matches(example.shown, printed), "\n".join(
        ["the page shows:", *example.shown, "", "the console printed:", *printed]
    )


@pytest.mark.parametrize(
    ("shown", "printed", "same"),
    [
        (("a", "b"), ["a", "b"], True),
        (("a", "b"), ["a", "x", "b"], False),
        (("a", "…", "b"), ["a", "x", "y", "b"], True),
        (("…", "b"), ["x", "b"], True),
        (("…", "b"), ["b", "x"], False),
        (("a", "…"), ["a"], True),
        (("…", "x", "…"), ["a", "b"], False),
        (("a", "…", "a"), ["a"], False),
    ],
)
def test_a_gap_stands_for_lines_and_nothing_else(
    shown: tuple[str, ...], printed: list[str], same: bool
) -> None:
    assert matches(shown, printed) is same
