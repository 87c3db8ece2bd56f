"""Words drawn into images come from the catalogue and agree across games (issue 31 item
15: "last: e3-e4" on Ordo and Fendo, "Last turn: e3" on Fonver); seen through the text the
renderers draw (``tests/seen_text.py``), not OCR."""

from __future__ import annotations

import pytest

import games
import render
from bot.service.text.image_labels import image_labels
from tests.seen_text import seen_text

OPENINGS = {"ordo": "a3-a4", "fendo": "c3", "fonver": "e5"}


@pytest.mark.parametrize("game", sorted(OPENINGS))
@pytest.mark.parametrize(("locale", "caption"), [("en", "Last turn: "), ("de", "Letzter Zug: ")])
def test_every_game_captions_its_last_turn_alike(game: str, locale: str, caption: str) -> None:
    rules = games.get(game)
    state = rules.new(2, None, 0)
    action = rules.parse(state, OPENINGS[game])
    highlight = [rules.presentation.highlight(state, action)]
    after = rules.apply(state, action)
    with seen_text() as drawn:
        render.render(
            game, rules.view(after, None), highlight=highlight, labels=image_labels(locale)
        )
    texts = [d.text for d in drawn]
    assert any(t.startswith(caption) and OPENINGS[game] in t for t in texts), texts
    assert not any(t.lower().startswith("last:") for t in texts), texts
