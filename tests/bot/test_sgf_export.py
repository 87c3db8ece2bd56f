"""Issue 18.5 through the service: ``/match export`` of a Fonver match adds an SGF file that
a Go program (here sgfmill, as Go tools read it) replays to Fonver's own final board."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sgfmill import boards, sgf

from bot.service import Service
from games.core import Outcome
from games.fonver.board import BLACK, WHITE
from games.fonver.sgf import sgf_result

from .conftest import ALICE, BOB, FakeClock

DAY = 86400.0


async def fonver(service: Service, steps: list[tuple[str, str]]) -> int:
    """An accepted 9×9 Fonver match (pie rule on), alice first, with ``steps`` played."""
    made = await service.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    assert made.ok and made.match_id is not None, made.text
    assert (await service.accept(BOB, match_id=made.match_id)).ok
    users = {"alice": ALICE, "bob": BOB}
    for who, step in steps:
        played = await service.move(users[who], step, match_id=made.match_id)
        assert played.ok, played.text
    return made.match_id


def sgf_file(files: tuple[tuple[str, bytes], ...], match_id: int) -> sgf.Sgf_game:
    found = dict(files)
    assert f"match{match_id}.sgf" in found, list(found)
    return sgf.Sgf_game.from_bytes(found[f"match{match_id}.sgf"])


def go_tool_board(game: sgf.Sgf_game) -> dict[tuple[int, int], str]:
    """The final board as a Go program shows it: setup nodes placed as written, moves
    played with Go's captures."""
    board = boards.Board(game.get_size())
    for node in game.get_main_sequence():
        black, white, empty = node.get_setup_stones()
        for point in empty:
            if board.get(*point) is not None:
                board.apply_setup((), (), [point])
        board.apply_setup(black, white, ())
        colour, point = node.get_move()
        if colour is not None and point is not None:
            board.play(point[0], point[1], colour)
    return {point: colour for colour, point in board.list_occupied_points()}


async def fonver_board(service: Service, match_id: int) -> dict[tuple[int, int], str]:
    record = await service.store.get_match(match_id)
    assert record is not None
    state = service.reader.load(record).state
    return {
        divmod(index, state.size): {BLACK: "b", WHITE: "w"}[cell]
        for index, cell in enumerate(state.board)
        if cell in (BLACK, WHITE)
    }


async def test_a_taken_pie_is_recorded_and_the_sgf_replays_to_the_same_stones(
    service: Service, clock: FakeClock
) -> None:
    steps = [("alice", "d4"), ("bob", "swap"), ("alice", "e4"), ("bob", "e5"),
             ("alice", "d5"), ("alice", "e4>e5")]  # fmt: skip
    match_id = await fonver(service, steps)
    started = clock.now
    clock.advance(2 * DAY)
    assert (await service.resign(BOB, match_id=match_id)).ok
    exported = await service.export(ALICE, match_id=match_id)
    assert [name for name, _ in exported.files] == [
        f"match{match_id}-fonver.txt", f"match{match_id}-fonver.gif", f"match{match_id}.sgf"
    ]  # fmt: skip
    game = sgf_file(exported.files, match_id)
    root = game.get_root()
    # bob took the first stone with the pie rule: he finished as Black.
    assert (root.get("PB"), root.get("PW")) == ("bob", "alice")
    assert root.get("RE") == "W+R", "bob (Black) resigned: White won by resignation"
    days = [datetime.fromtimestamp(t, UTC).date().isoformat() for t in (started, clock.now)]
    assert root.get("DT") == ",".join(days)
    comments = [n.get("C") for n in game.get_main_sequence() if n.has_property("C")]
    assert any("bob swaps" in c for c in comments), comments
    assert go_tool_board(game) == await fonver_board(service, match_id)


async def test_a_kept_pie_and_a_running_match(service: Service) -> None:
    match_id = await fonver(service, [("alice", "e5"), ("bob", "keep"), ("bob", "c3")])
    exported = await service.export(BOB, match_id=match_id)
    game = sgf_file(exported.files, match_id)
    root = game.get_root()
    assert (root.get("PB"), root.get("PW")) == ("alice", "bob")
    assert not root.has_property("RE"), "no result while the match runs"
    comments = [n.get("C") for n in game.get_main_sequence() if n.has_property("C")]
    assert any("bob keeps White" in c for c in comments), comments
    assert go_tool_board(game) == await fonver_board(service, match_id)
    assert not any(name.endswith(".gif") for name, _ in exported.files)


async def test_other_games_get_no_sgf(service: Service) -> None:
    made = await service.challenge(ALICE, "ordo", BOB, color="white")
    await service.accept(BOB, match_id=made.match_id)
    exported = await service.export(ALICE, match_id=made.match_id)
    assert not any(name.endswith(".sgf") for name, _ in exported.files)


@pytest.mark.parametrize(
    ("outcome", "black_seat", "written"),
    [
        (Outcome((0,), "connection"), 0, "B+"),
        (Outcome((0,), "connection"), 1, "W+"),
        (Outcome((1,), "resignation"), 0, "W+R"),
        (Outcome((1,), "timeout"), 1, "B+T"),
        (Outcome((), "agreement"), 0, "0"),
        (None, 0, None),
    ],
)
def test_sgf_result_names_the_winning_colour(
    outcome: Outcome | None, black_seat: int, written: str | None
) -> None:
    assert sgf_result(outcome, black_seat) == written
