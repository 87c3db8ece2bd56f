"""Words that reached a sentence as parameters are said in the reader's language too: a
match's status, a limit's name, an option's name and value (issue "Every word in the player's
language", the leftovers). The pseudo-locale sweep (``test_pseudo_locale``) finds such words in
general; these tests pin each one in German and Polish, as a player reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import Console
from bot.service import Service, User
from bot.words import catalogue

STATUSES = ("challenge", "active", "finished", "declined", "cancelled")


class Table:
    """A console in one language on a memory store; ``said`` is everything it printed."""

    def __init__(self, service: Service, out: Path, locale: str) -> None:
        self.said: list[str] = []
        self.console = Console(
            service, out, self.said.append, admins=frozenset({"alice"}), locale=locale
        )

    async def __call__(self, *lines: str) -> list[str]:
        start = len(self.said)
        for line in lines:
            await self.console.handle(line)
        return [line for line in self.said[start:] if not line.startswith("[image]")]


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (
            "de",
            [
                "[only alice] Partie #1 ist noch eine Herausforderung, die auf Annahme wartet.",
                "[only bob] Partie #1 wurde abgelehnt; es gibt nichts zu beantworten.",
                "[only bob] Partie #2 ist beendet: Das Ergebnis steht fest, es wurde nichts "
                "geändert.",
            ],
        ),
        (
            "pl",
            [
                "[only alice] Partia #1 jest jeszcze wyzwaniem czekającym na przyjęcie.",
                "[only bob] Partia #1 została odrzucona; nie ma na co odpowiadać.",
                "[only bob] Partia #2 jest zakończona: jej wynik jest ostateczny, więc nic nie "
                "zostało zmienione.",
            ],
        ),
        (
            "en",
            [
                "[only alice] Match #1 is still a challenge waiting to be accepted.",
                "[only bob] Match #1 was declined; there is nothing to answer.",
                "[only bob] Match #2 has finished: its result is final, so nothing was changed.",
            ],
        ),
    ],
)
async def test_a_matchs_status_is_said_in_the_readers_language(
    service: Service, tmp_path: Path, locale: str, expected: list[str]
) -> None:
    """Item 1: ``errors.closed``, ``answer.not_open`` and ``panel.match_status`` said the
    stored status ("declined", "finished") in every language."""
    table = Table(service, tmp_path, locale)
    said = await table(
        "alice: /play ordo opponent:bob color:first",
        "alice: /turn match:1",
        "bob: /match decline match:1",
        "bob: /match accept match:1",
        "alice: /play ordo opponent:bob color:first",
        "bob: /match accept match:2",
        "bob: /match resign match:2 confirm:true",
        "bob: /match resign match:2 confirm:true",
    )
    for line in expected:
        assert line in said, said


def test_every_status_has_its_words_in_every_language() -> None:
    for language, entries in catalogue().languages.items():
        for status in STATUSES:
            assert f"match.status.{status}" in entries, (language, status)
            assert f"match.state.{status}" in entries, (language, status)


async def test_the_match_picker_says_the_state_in_the_callers_language(
    service: Service, tmp_path: Path
) -> None:
    """The Discord adapter's match picker (autocomplete) showed ``(challenge)``, ``vs``."""
    await Table(service, tmp_path, "de")("alice: /play ordo opponent:bob color:first")
    german = await service.match_choices(User("alice", "alice", locale="de"))
    assert german == [(1, "#1 Ordo: alice gegen bob (Herausforderung)")]
    polish = await service.match_choices(User("bob", "bob", locale="pl"))
    assert polish == [(1, "#1 Ordo: alice vs bob (wyzwanie)")]
