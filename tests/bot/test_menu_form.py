"""The challenge form of a person's menu (issue 43 item 5) fits Discord's limits whole in
every language — a title of at most 45 characters, labels of 45, hints of 100 — for every
game, so only a very long name is cut from the title; and it reads typed values as
``/play`` does."""

from __future__ import annotations

import types
from typing import Any

import pytest

import games
from bot.discord.cogs.menus import (
    HINT_LIMIT,
    LABEL_LIMIT,
    TITLE_LIMIT,
    ChallengeForm,
    _game_options,
    _yes_or_no,
    board_match,
)
from bot.words import catalogue, words

LANGUAGES = sorted(catalogue().languages)
LONGEST_NAME = "A" * 32
"""Discord's longest display name."""


@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_games_form_fits_whole(language: str) -> None:
    say = words(language)
    person: Any = types.SimpleNamespace(id=1, display_name="Bob")
    for name in games.available():
        info = games.get(name).info
        form = ChallengeForm(info, person, say)
        assert len(say("menus.form_title", game=info.title, player="Bob")) <= TITLE_LIMIT
        fields: list[Any] = list(form.children)
        assert 3 <= len(fields) <= 5
        for field in fields:
            assert 0 < len(field.text) <= LABEL_LIMIT, field.text
            hint = field.component.placeholder or ""
            assert 0 < len(hint) < HINT_LIMIT, hint  # shorter than the cut: whole
    long: Any = types.SimpleNamespace(id=1, display_name=LONGEST_NAME)
    assert len(ChallengeForm(games.get("fuer").info, long, say).title) == TITLE_LIMIT


def test_typed_values_are_read_in_the_readers_language() -> None:
    german, polish = words("de"), words("pl")
    assert _yes_or_no("ja", german) is True and _yes_or_no("nie", polish) is False
    assert _yes_or_no("", german) is None and _yes_or_no("yes", polish) is True
    with pytest.raises(ValueError, match="vielleicht"):
        _yes_or_no("vielleicht", german)
    assert _game_options("boats quick_map:ja", german) == {"boats": "true", "quick_map": "true"}


def test_a_board_posts_match_is_found_however_deep_its_buttons_sit() -> None:
    classic = {"components": [{"type": 1, "components": [{"custom_id": "bb:hand:7::"}]}]}
    card = {
        "components": [
            {"type": 17, "components": [{"type": 9, "accessory": {"custom_id": "bb:step:12:3:x"}}]}
        ]
    }
    assert board_match(classic) == 7 and board_match(card) == 12
    assert board_match({"components": [{"custom_id": "bbm:game:5"}]}) is None
