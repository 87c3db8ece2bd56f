"""The web board's settings: off unless WEB_BASE_URL is set, and never without a secret."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.__main__ import companions
from bot.settings import Settings, explain

SECRET = "s" * 32


def test_off_by_default() -> None:
    settings = Settings(_env_file=None)
    assert not settings.web_enabled and settings.board_links() is None
    assert companions(settings) == ()


def test_on_with_an_address_and_a_secret() -> None:
    settings = Settings(_env_file=None, web_base_url="https://board.example.org", web_secret=SECRET)
    links = settings.board_links()
    assert links is not None and links.url(3, 0, "u").startswith("https://board.example.org/m/3#t=")
    assert len(companions(settings)) == 1
    apart = Settings(
        _env_file=None, web_base_url="https://b.example", web_secret=SECRET, web_in_bot=False
    )
    assert companions(apart) == ()


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"web_base_url": "https://b.example"}, "WEB_BASE_URL needs WEB_SECRET"),
        ({"web_base_url": "https://b.example", "web_secret": "short"}, "at least 32"),
        ({"web_base_url": "board.example.org", "web_secret": SECRET}, "like https://"),
        ({"web_base_url": "https://b.example/?x=1", "web_secret": SECRET}, "like https://"),
    ],
)
def test_refused_settings_say_what_to_fix(values: dict[str, str], says: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Settings(_env_file=None, **values)
    assert says in explain(caught.value)
    assert SECRET not in explain(caught.value)
