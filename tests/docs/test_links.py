"""Every link between the pages lands: the file exists, and so does the heading it names.

Why: the README is a front door of links into docs/, and the pages link to one another's
sections; a renamed heading breaks a link silently on GitHub (it opens the top of the page).
Anchors are GitHub's: the heading in lower case, punctuation dropped, spaces as hyphens.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.markdown import PAGES, ROOT, fenced

LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)


def slug(heading: str) -> str:
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    for _, _, body in fenced(text):
        text = text.replace(body, "")
    return {slug(h) for h in HEADING.findall(text)}


def links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if not re.match(r"[a-z]+:", target)
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_lands(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        lands = goal.is_file() and not (anchor and anchor not in anchors(goal))
        if not lands:
            broken.append(target)
    assert broken == []


def test_the_readme_links_into_docs() -> None:
    assert sum(t.startswith("docs/") for t in links(ROOT / "README.md")) >= 7


def test_slugs_are_githubs() -> None:
    assert slug("FENCE!'s engine") == "fences-engine"
    assert slug("A person's move while the computer thinks") == (
        "a-persons-move-while-the-computer-thinks"
    )
    assert slug("SQLite or PostgreSQL?") == "sqlite-or-postgresql"
