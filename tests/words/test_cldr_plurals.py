"""Issue 33 item 3: plurals by CLDR's rules (Babel's data), not a home-made one/other, so a
language with one/few/many says every count right — in replies, images and the web board."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.text.image_labels import image_labels
from bot.web.html import page_words
from bot.words import Catalogue, Words, catalogue, plural_categories, plural_category, words
from render.labels import LANGUAGE, say
from tests.browser import browser, chromium_path

__all__ = ["browser", "chromium_path"]

ROOT = Path(__file__).resolve().parents[2]

POLISH_GAMES = {
    "x.games.one": "{n} gra",
    "x.games.few": "{n} gry",
    "x.games.many": "{n} gier",
    "x.games.other": "{n} gry",
}
"""Polish "game": 1 gra, 2–4 gry, 5–21 gier, 22–24 gry…, fractions gry."""

POLISH = {
    1: "1 gra",
    2: "2 gry",
    4: "4 gry",
    5: "5 gier",
    12: "12 gier",
    22: "22 gry",
    25: "25 gier",
    112: "112 gier",
    0: "0 gier",
    1.5: "1.5 gry",
}


def test_cldr_categories_of_polish_numbers() -> None:
    got = {n: plural_category(n, "pl") for n in (1, 2, 5, 12, 22, 25, 112, 1.5)}
    assert got == {
        1: "one",
        2: "few",
        5: "many",
        12: "many",
        22: "few",
        25: "many",
        112: "many",
        1.5: "other",
    }
    assert plural_categories("pl") == {"one", "few", "many", "other"}
    assert plural_categories("de") == plural_categories("en") == {"one", "other"}
    assert plural_category(1, "en") == "one" and plural_category(0, "en") == "other"
    assert plural_category("2", "pl") == "few" and plural_category(None, "pl") == "other"
    assert plural_category(1, "xx-unknown") == "one"  # an unknown language counts as English


@pytest.mark.parametrize(("n", "said"), sorted(POLISH.items()))
def test_a_polish_table_says_each_count_with_its_own_form(n: float, said: str) -> None:
    table = Catalogue(
        {"en": {"x.games.one": "{n} game", "x.games.other": "{n} games"}, "pl": POLISH_GAMES}
    )
    assert table.text("x.games", "pl", n=n) == said


def test_a_language_without_the_table_counts_in_english_by_englishs_rule() -> None:
    table = Catalogue(
        {
            "en": {"x.games.one": "{n} game", "x.games.other": "{n} games"},
            "pl": {"x.other_key": "inne"},
            "de": {"x.games.one": "{n} Partie", "x.games.other": "{n} Partien"},
        }
    )
    assert table.text("x.games", "pl", n=1) == "1 game"
    assert table.text("x.games", "pl", n=5) == "5 games"
    assert table.text("x.games", "de", n=1) == "1 Partie"  # one/other tables keep working
    assert table.text("x.games", "de", n=22) == "22 Partien"
    assert words("de")("ago.days", n=1) == "vor 1 Tag" and words()("ago.days", n=2) == "2 days ago"


def test_the_images_count_by_the_labels_language() -> None:
    polish = {LANGUAGE: "pl", **{k.removeprefix("x."): v for k, v in POLISH_GAMES.items()}}
    assert [say(polish, "games", n=n) for n in (1, 2, 5, 22)] == [
        "1 gra",
        "2 gry",
        "5 gier",
        "22 gry",
    ]
    assert say({LANGUAGE: "pl"}, "fence.cards", n=5) == "5 cards"  # untranslated: English
    assert say(None, "fence.cards", n=1) == "1 card"
    assert say(polish, "games", n="?") == "? gry"  # a count the view does not know
    assert image_labels("de")[LANGUAGE] == "de" and image_labels("xx")[LANGUAGE] == "en"


def polish_words() -> Words:
    english = catalogue().english
    forms = {"one": "{n} karta", "few": "{n} karty", "many": "{n} kart", "other": "{n} karty"}
    mine = {f"web.cards_held.{form}": text for form, text in forms.items()}
    return Words("pl", mine, english)


def test_the_web_board_gets_the_whole_polish_table() -> None:
    sent = page_words(polish_words())
    assert sent["cards_held.few"] == "{n} karty" and sent["cards_held.many"] == "{n} kart"
    assert sent["your_turn"] == catalogue().english["web.your_turn"]  # English behind gaps
    english = page_words(words("en"))
    assert "cards_held.few" not in english and english["cards_held.one"] == "{n} card"


async def test_the_web_boards_script_picks_the_category_by_the_pages_language(browser) -> None:
    page = await browser.new_page()
    await page.set_content('<!doctype html><html lang="pl"><head></head><body></body></html>')
    script = (ROOT / "bot" / "web" / "static" / "svg.js").read_text()
    await page.add_script_tag(type="module", content=script + "\nwindow.say = say;")
    await page.wait_for_function("window.say !== undefined")
    sent = page_words(polish_words())
    said = await page.evaluate(
        "(words) => [1, 2, 5, 22, 25].map((n) => window.say(words, 'cards_held', { n }))", sent
    )
    assert said == ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"]
