"""What a newcomer tripped over in the console (issue 40.5): a value never quietly changed,
an unknown option named, a choice never offered said so, a pie choice answered as a move."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.service import Service
from storage import MemoryStore

from .conftest import FakeClock, scratch_boards


def console(clock: FakeClock, locale: str = "en") -> tuple[Console, list[str]]:
    out: list[str] = []
    return Console(
        Service(MemoryStore(), clock=clock), scratch_boards(), out.append, locale=locale
    ), out


@pytest.mark.parametrize(
    ("locale", "line", "refusal"),
    [
        ("en", "alice: /play ordo opponent:bob rated:maybe", "Option rated cannot be 'maybe'"),
        ("en", "alice: /play ordo opponent:bob rated:1", "Option rated cannot be '1'"),
        ("en", "alice: /me notify confirm:maybe", "Option confirm cannot be 'maybe'"),
        ("en", "alice: /board flip:perhaps", "Option flip cannot be 'perhaps'"),
        (
            "en",
            "alice: /tournament create ordo rated:sometimes",
            "Option rated cannot be 'sometimes'",
        ),
        (
            "de",
            "alice: /spielen ordo gegner:bob gewertet:vielleicht",
            "Die Option gewertet kann nicht 'vielleicht' sein: gib ja oder nein ein.",
        ),
        (
            "pl",
            "alice: /graj ordo przeciwnik:bob rankingowa:może",
            "Opcja rankingowa nie może mieć wartości 'może': wpisz tak albo nie.",
        ),
    ],
)
async def test_a_yes_no_option_refuses_anything_but_yes_or_no(
    clock: FakeClock, locale: str, line: str, refusal: str
) -> None:
    """These all became "no" before, against the promise that a value is never quietly
    changed; now the refusal names the two values in the reader's language."""
    con, out = console(clock, locale)
    await con.handle(line)
    assert len(out) == 1 and out[0].split("] ", 1)[1].startswith(refusal), out
    assert not any("#1" in text for text in out)  # nothing was made


async def test_yes_and_no_are_read_in_the_readers_language_and_in_english(
    clock: FakeClock,
) -> None:
    con, out = console(clock, "de")
    await con.handle("alice: /spielen ordo gegner:bob gewertet:nein")
    assert any(line.endswith("; unrated.") for line in out), out
    out.clear()
    await con.handle("carol: /spielen ordo gegner:dave rated:yes")
    assert any(line.endswith("; rated.") for line in out), out


async def test_resign_with_a_confirm_that_is_not_yes_or_no_resigns_nothing(
    clock: FakeClock,
) -> None:
    con, out = console(clock)
    await con.handle("alice: /play ordo opponent:bob color:first")
    await con.handle("bob: /match accept")
    out.clear()
    await con.handle("alice: /match resign confirm:maybe")
    assert out == ["[only alice] Option confirm cannot be 'maybe': type true or false."]
    out.clear()
    await con.handle("alice: /match resign confirm:yes")
    assert any("resign" in line for line in out), out


async def test_an_unknown_option_is_named_with_a_guess(clock: FakeClock) -> None:
    """``colour:first`` went to Ordo as a game option ("this game's options are none");
    ``/move mov:e3-e4`` played an empty move. Now both name the option and the right one."""
    con, out = console(clock)
    await con.handle("alice: /play ordo opponent:bob colour:first")
    assert out[-1].startswith("[only alice] /play has no option colour — did you mean color?")
    await con.handle("alice: /play ordo opponent:bob color:first")
    await con.handle("bob: /match accept")
    await con.handle("alice: /move mov:a3-a4")
    assert out[-1] == (
        "[only alice] /move has no option mov — did you mean move? It takes move and match."
    )
    await con.handle("alice: /me games foo:1")
    assert out[-1] == "[only alice] /me games takes no options, so foo: means nothing here."


async def test_a_games_own_options_are_taken_and_a_wrong_one_is_named(clock: FakeClock) -> None:
    con, out = console(clock)
    await con.handle("alice: /play fendo opponent:bob sise:7")
    assert out[-1].startswith("[only alice] /play has no option sise — did you mean size?")
    await con.handle("alice: /play fendo opponent:bob size:7")
    assert "Challenge sent to bob" in out[-7], out  # the card follows: its title first


PIE_ANSWER = (
    "[only bob] Nothing is waiting for your answer; in match #1 your move is a choice: "
    "type /move move:keep or /move move:swap."
)


@pytest.mark.parametrize(
    ("game", "lines", "answer"),
    [
        pytest.param(
            "ordo",
            ["alice: /move"],
            "[only alice] Which move? Type c3-c5, capture with c3xc6, or move a line with "
            "a2:d2-a3 (its two ends, then where the first end goes).",
            id="an empty move says how to type one, without a doubled type",
        ),
        pytest.param(
            "fonver",
            ["alice: /move move:c3", "bob: /turn path:9"],
            "[only bob] Choice 9 was never offered: this step's choices run from 0 to 1; "
            "/turn shows them.",
            # It said "no longer on offer — open the controls again", as if the board had moved.
            id="a turn path never offered says so",
        ),
        pytest.param(
            "fonver",
            ["alice: /move move:c3", "bob: /match accept"],
            PIE_ANSWER,
            id="accept at the pie choice says to type keep or swap",
        ),
        pytest.param(
            "fonver",
            ["alice: /move move:c3", "bob: /match accept", "bob: /match decline"],
            PIE_ANSWER,
            id="decline at the pie choice says so too",
        ),
    ],
)
async def test_a_started_match_answers_a_newcomers_slip(
    clock: FakeClock, game: str, lines: list[str], answer: str
) -> None:
    """A two-player match alice moves first in, accepted by bob; then the slip."""
    con, out = console(clock)
    await con.handle(f"alice: /play {game} opponent:bob color:first")
    await con.handle("bob: /match accept")
    for line in lines:
        await con.handle(line)
    assert out[-1] == answer
