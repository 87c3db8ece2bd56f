"""Issue 14.12: rough edges a new player hit, each pinned by a test."""

from __future__ import annotations

from pathlib import Path

from bot.console import Console
from bot.service import Service

from .conftest import ALICE, BOB, CAROL

GUILD = "g1"


async def finished_match_in_thread(service: Service) -> int:
    made = await service.challenge(ALICE, "ordo", BOB, color="first", guild_id=GUILD)
    assert made.match_id is not None
    await service.attach_place(made.match_id, channel_id="c1", thread_id="t1")
    await service.accept(BOB, match_id=made.match_id)
    await service.move(ALICE, "a3-a4", match_id=made.match_id)
    await service.resign(BOB, match_id=made.match_id)
    return made.match_id


async def test_history_of_a_finished_match_in_its_thread(service: Service) -> None:
    await finished_match_in_thread(service)
    history = await service.history(ALICE, where="t1")
    assert history.ok and "1. alice (White): a3-a4" in history.text
    assert "alice (White) wins" in history.text


async def test_leaderboard_without_a_game_lists_every_game_played(service: Service) -> None:
    assert (
        await service.leaderboard(ALICE, None, guild_id=GUILD)
    ).text == "No rated games here yet."
    await finished_match_in_thread(service)
    board = await service.leaderboard(ALICE, "", guild_id=GUILD)
    assert board.ok and "Unknown game" not in board.text
    assert "**Ordo leaderboard**" in board.text and "1. alice" in board.text


async def test_games_leaves_out_players_who_left(service: Service) -> None:
    opened = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    assert opened.match_id is not None
    for user in (BOB, CAROL):
        await service.join(user, match_id=opened.match_id)
    started = await service.start(ALICE, match_id=opened.match_id)
    assert started.ok, started.text
    assert (await service.resign(CAROL, match_id=opened.match_id)).ok
    listing = await service.games(ALICE)
    assert "bob" in listing.text and "carol" not in listing.text
    assert "no open matches" in (await service.games(CAROL)).text


async def test_a_lobby_names_only_the_options_that_differ(service: Service) -> None:
    opened = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    assert opened.post is not None
    assert "quick_map: true" in opened.post.text
    assert "round_limit" not in opened.post.text and "boats" not in opened.post.text


async def test_a_long_panel_prints_in_rows(service: Service, tmp_path: Path) -> None:
    lines: list[str] = []
    console = Console(service, tmp_path, lines.append)
    await console.handle("alice: /play fuer opponent:bob color:first")
    await console.handle("bob: /accept")
    lines.clear()
    await console.handle("alice: /turn")
    assert len(lines) > 5 and max(len(line) for line in lines) < 130


async def test_an_autocomplete_group_sent_as_is_explains_itself(service: Service) -> None:
    """Issue 14.9: a folded choice ("c1- …") has the prefix as its value."""
    made = await service.challenge(ALICE, "ordo", BOB, color="first")
    assert made.match_id is not None
    await service.accept(BOB, match_id=made.match_id)
    groups = await service.labelled_suggestions(ALICE, "", match_id=made.match_id)
    label, value = groups[0]
    assert label.endswith("…") and value == "c1-"
    refused = await service.move(ALICE, value, match_id=made.match_id)
    assert "'c1-' is the start of a move — pick one of: c1-b1, c1-a1" in refused.text
    played = await service.move(ALICE, "c1-b", match_id=made.match_id)  # one completion
    assert played.ok and "Played c1-b1" in played.text


async def test_a_fence_post_carries_a_close_up_of_the_mover(service: Service) -> None:
    """Issue 14.17: the whole city is unreadable at phone width; a close-up of the mover's
    surroundings goes with it. Ordo boards need none."""
    import io

    from PIL import Image

    from render import fence

    opened = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    assert opened.match_id is not None
    for user in (BOB, CAROL):
        await service.join(user, match_id=opened.match_id)
    reply = await service.start(ALICE, match_id=opened.match_id)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    for _ in range(20):  # the pawns go down first; then whoever acts has a pawn to show
        record = await service.store.get_match(opened.match_id)
        assert record is not None
        loaded = service.reader.load(record)
        if loaded.state.stage == "turn":
            break
        mover = users[record.seats[loaded.rules.to_move(loaded.state)[0]]]
        action = loaded.rules.legal_actions(loaded.state)[0]
        reply = await service.move(mover, loaded.rules.format(loaded.state, action),
                                   match_id=opened.match_id)  # fmt: skip
    post = reply.post
    assert post is not None and post.image is not None and post.detail is not None
    whole, close = (Image.open(io.BytesIO(b)) for b in (post.image, post.detail))
    # A window of a few tiles, shown bigger on a phone than the whole map shows them.
    view = loaded.rules.view(loaded.state, None)
    pawn = view["pawns"][loaded.rules.to_move(loaded.state)[0]]
    plan = fence.detail_plan(view, [pawn])
    assert plan is not None and plan.columns <= fence.DETAIL_SPAN[0]
    assert plan.cell / close.width > fence.map_layout(view)[1].cell / whole.width
    ordo = await service.challenge(ALICE, "ordo", BOB)
    accepted = await service.accept(BOB, match_id=ordo.match_id)
    assert accepted.post is not None and accepted.post.detail is None
