"""Issue 33 item 5: translators work without reading code — ``python -m bot.words check <lang>``
lists missing and extra keys, placeholders that differ from English, plural categories the
language needs and text over Discord's limits; every shipped language passes it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.words import Catalogue, catalogue
from bot.words.check import check

ROOT = Path(__file__).resolve().parents[2]

ENGLISH = {
    "match.no_such": "There is no match #{match}.",
    "match.gone": "That match is gone.",
    "lobby.players.one": "{n} player",
    "lobby.players.other": "{n} players",
    "ago.days.one": "{n} day ago",
    "ago.days.other": "{n} days ago",
    "button.accept": "Accept",
    "discord.command_name.accept": "accept",
    "discord.command_description.Accept a challenge": "Accept a challenge",
}


def polish_draft() -> Catalogue:
    return Catalogue(
        {
            "en": ENGLISH,
            "pl": {
                "match.no_such": "Nie ma partii #{mecz}.",  # a placeholder translated by mistake
                "match.typo": "Literówka.",  # not an English key
                "lobby.players.one": "{n} gracz",
                "lobby.players.other": "{n} gracza",  # few and many forgotten
                "lobby.players.two": "{n} graczy",  # Polish has no "two"
                "ago.days.one": "{n} dzień temu",
                "ago.days.few": "{n} dni temu",
                "ago.days.many": "{n} dni temu",
                "ago.days.other": "{n} dnia temu",
                "button.accept": "Akceptuję " * 10,
                "discord.command_name.accept": "Przyjmij wyzwanie",
                "discord.command_description.Accept a challenge": "Przyjmij " * 12,
            },
        }
    )


def test_the_checker_finds_each_kind_of_problem() -> None:
    report = check(polish_draft(), "pl")
    found = {(f.kind, f.key) for f in report.findings}
    assert found == {
        ("missing", "match.gone"),
        ("extra", "match.typo"),
        ("extra", "lobby.players.two"),
        ("placeholders", "match.no_such"),
        ("plurals", "lobby.players"),
        ("limits", "button.accept"),
        ("limits", "discord.command_name.accept"),
        ("limits", "discord.command_description.Accept a challenge"),
    }
    assert not report.ok
    text = report.text()
    assert "plural categories (CLDR): one, few, many, other" in text
    assert "lobby.players: add few, many" in text
    assert "lacks {match}; has unknown {mecz}" in text
    assert "a Discord name is 1–32 lower-case letters" in text


def test_a_complete_translation_passes_and_a_missing_table_is_one_finding() -> None:
    german = {key: text.replace("player", "Spieler") for key, text in ENGLISH.items()} | {
        "discord.command_name.accept": "annehmen"
    }
    assert check(Catalogue({"en": ENGLISH, "de": german}), "de").ok
    del german["lobby.players.one"], german["lobby.players.other"]
    report = check(Catalogue({"en": ENGLISH, "de": german}), "de")
    assert [(f.kind, f.key) for f in report.findings] == [("missing", "lobby.players")]


@pytest.mark.parametrize("language", sorted(set(catalogue().languages) - {"en"}))
def test_every_shipped_language_is_complete_by_the_checker(language: str) -> None:
    """Key coverage: every English key (and every Discord string) translated, every plural
    table with the categories CLDR gives the language, nothing over Discord's limits."""
    report = check(catalogue(), language)
    assert report.ok, report.text()


def run_checker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.words", "check", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_the_checker_command_passes_the_shipped_languages_and_fails_a_draft(
    tmp_path: Path,
) -> None:
    done = run_checker("de")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "de.toml" in done.stdout and "complete: nothing to fix" in done.stdout

    (tmp_path / "de.toml").write_text(
        '[errors]\ninternal = "Fehler bei {player}."\n\n[ago.days]\none = "vor {n} Tag"\n',
        encoding="utf-8",
    )
    draft = run_checker("de", "--dir", str(tmp_path))
    assert draft.returncode == 1
    assert "errors.internal: has unknown {player}" in draft.stdout
    assert "ago.days: add other" in draft.stdout
    assert "match.no_such" in draft.stdout  # everything else is missing

    missing = run_checker("xx")
    assert missing.returncode == 2 and "copy en.toml" in missing.stderr
