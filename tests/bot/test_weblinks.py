"""Signed web board links: bound to match, seat, user and expiry; anything else is refused."""

from __future__ import annotations

import pytest

from bot.service.base import Refusal
from bot.service.match.links import LINK_DAYS, BoardLinks, Grant

SECRET = "0123456789abcdef0123456789abcdef"


class Clock:
    now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def refused(links: BoardLinks, token: str, match: int) -> str:
    with pytest.raises(Refusal) as caught:
        links.read(token, match)
    return caught.value.key


def test_a_link_carries_its_match_seat_user_and_expiry() -> None:
    clock = Clock()
    links = BoardLinks("https://board.example.org/", SECRET, clock)
    url = links.url(12, 1, "4242")
    assert url.startswith("https://board.example.org/m/12#t=")
    token = url.split("#t=")[1]
    assert links.read(token, 12) == Grant(12, 1, "4242", clock.now + LINK_DAYS * 86400)
    watching = links.read(links.token(12, None, "77"), 12)
    assert watching.seat is None and watching.user_id == "77"


def test_any_change_breaks_the_link() -> None:
    clock = Clock()
    links = BoardLinks("https://b.example", SECRET, clock)
    token = links.token(12, 0, "4242")
    body, signature = token.split(".")
    other_seat = links.token(12, 1, "4242").split(".")[0]
    assert refused(links, f"{other_seat}.{signature}", 12) == "web.bad_link"
    assert refused(links, f"{body}.{signature[:-1]}x", 12) == "web.bad_link"
    assert refused(links, f"{body}x.{signature}", 12) == "web.bad_link"
    assert refused(links, token, 13) == "web.bad_link"
    assert refused(links, "not-a-token", 12) == "web.bad_link"
    assert refused(links, body, 12) == "web.bad_link"
    elsewhere = BoardLinks("https://b.example", SECRET[::-1], clock)
    assert refused(elsewhere, token, 12) == "web.bad_link"


def test_a_link_expires() -> None:
    clock = Clock()
    links = BoardLinks("https://b.example", SECRET, clock)
    token = links.token(12, 0, "4242")
    clock.now += LINK_DAYS * 86400 - 1
    assert links.read(token, 12).seat == 0
    clock.now += 2
    assert refused(links, token, 12) == "web.expired_link"
