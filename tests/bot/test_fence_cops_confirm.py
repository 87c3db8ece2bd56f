"""Issue 14.3 (ruling 20): a typed move onto the Cops asks for confirmation like the panel
does; a trailing ! plays it at once."""

from __future__ import annotations

import random

from bot.service import Service, User

from .conftest import ALICE, BOB, CAROL

USERS = {u.id: u for u in (ALICE, BOB, CAROL)}


async def test_ruling_20_a_typed_move_onto_the_cops_is_confirmed_first(
    service: Service,
) -> None:
    rng = random.Random(2)
    for _ in range(8):
        if await _try_one_game(service, rng):
            return
    raise AssertionError("no move onto the Cops came up")


async def _try_one_game(service: Service, rng: random.Random) -> bool:
    opened = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    match_id = opened.match_id
    assert match_id is not None
    for user in (BOB, CAROL):
        await service.join(user, match_id=match_id)
    assert (await service.start(ALICE, match_id=match_id)).ok
    for _ in range(300):
        record = await service.store.get_match(match_id)
        assert record is not None
        if record.status != "active":
            return False
        loaded = service.reader.load(record)
        rules, state = loaded.rules, loaded.state
        mover: User = USERS[record.seats[rules.to_move(state)[0]]]
        actions = rules.legal_actions(state)
        risky = [a for a in actions if rules.presentation.highlight(state, a).get("onto_cops")]
        if risky:
            typed = rules.format(state, risky[0])
            asked = await service.move(mover, typed, match_id=match_id)
            assert asked.panel is not None and asked.panel.confirm, asked.text
            assert "Cops" in asked.text
            unchanged = await service.store.get_match(match_id)
            assert unchanged is not None and unchanged.version == record.version
            played = await service.move(mover, typed + "!", match_id=match_id)
            assert played.ok and played.panel is None, played.text
            return True
        safe = [a for a in actions if a not in risky]
        reply = await service.move(mover, rules.format(state, rng.choice(safe)), match_id=match_id)
        assert reply.ok, reply.text
    return False
