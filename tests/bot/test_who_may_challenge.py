"""Who may challenge me (issue 43, item 6): ``/me challenges allow:`` everyone, people I
have played or nobody, and blocking a person. The refused challenger reads one sentence
whatever the reason, in their language, and nothing is stored; a block also keeps the
blocked person out of my seeks and lobbies."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import Service, User
from tests.bot.conftest import ALICE, BOB, CAROL

NOT_TAKING = "alice is not taking challenges now."


async def refused_and_nothing_stored(service: Service, reply_text: str, ok: bool) -> None:
    assert not ok and reply_text == NOT_TAKING, reply_text
    assert [m for m in await service.store.list_matches() if "bob" in m.seats] == []


async def test_everyone_may_challenge_until_alice_says_nobody(service: Service) -> None:
    told = await service.challenge_settings(ALICE)
    assert told.ok and told.text == "Challenges: anyone may challenge you. You block nobody."
    told = await service.challenge_settings(ALICE, allow="nobody")
    assert told.text.startswith("Challenges: nobody may challenge you.")
    refused = await service.challenge(BOB, "ordo", ALICE)
    await refused_and_nothing_stored(service, refused.text, refused.ok)
    back = await service.challenge_settings(ALICE, allow="everyone")
    assert back.ok and "allow" not in str(await service.store.user_settings("alice"))
    assert (await service.challenge(BOB, "ordo", ALICE)).ok


async def test_played_lets_in_only_people_alice_has_played(service: Service) -> None:
    assert (await service.challenge_settings(ALICE, allow="played")).ok
    refused = await service.challenge(BOB, "ordo", ALICE)
    await refused_and_nothing_stored(service, refused.text, refused.ok)
    made = await service.challenge(ALICE, "ordo", BOB)  # her own challenge is hers to send
    assert made.ok and (await service.accept(BOB, match_id=made.match_id)).ok
    assert (await service.challenge(BOB, "fendo", ALICE)).ok


async def test_a_block_refuses_with_the_same_sentence_in_the_challengers_language(
    service: Service,
) -> None:
    told = await service.challenge_settings(ALICE, block=BOB)
    assert told.ok and told.text.endswith("Blocked: bob."), told.text
    refused = await service.challenge(BOB, "ordo", ALICE)
    await refused_and_nothing_stored(service, refused.text, refused.ok)
    german = await service.challenge(dataclasses.replace(BOB, locale="de"), "ordo", ALICE)
    assert german.text == "alice nimmt gerade keine Herausforderungen an."
    assert (await service.challenge(CAROL, "ordo", ALICE)).ok  # only bob is blocked
    assert (await service.challenge_settings(ALICE, unblock=BOB)).text.endswith("nobody.")
    assert (await service.challenge(BOB, "ordo", ALICE)).ok


async def test_a_block_covers_seeks_and_lobbies(service: Service) -> None:
    assert (await service.challenge_settings(ALICE, block=BOB)).ok
    seek = await service.challenge(ALICE, "ordo", None)  # an open challenge
    assert seek.ok, seek.text
    taken = await service.accept(BOB, match_id=seek.match_id)
    assert not taken.ok and taken.text == NOT_TAKING
    assert "alice" not in (await service.seeks(BOB)).text  # not offered to him either
    lobby = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    joined = await service.join(BOB, match_id=lobby.match_id)
    assert not joined.ok and joined.text == NOT_TAKING
    record = await service.store.get_match(lobby.match_id)  # type: ignore[arg-type]
    assert record is not None and "bob" not in record.seats
    invited = await service.play(BOB, "fence", seats=3, invited=[ALICE, CAROL])
    assert not invited.ok and invited.text == NOT_TAKING  # her block covers his invitations
    assert (await service.join(CAROL, match_id=lobby.match_id)).ok


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"allow": "sometimes"}, "allow must be everyone, played or nobody, not 'sometimes'."),
        ({"block": ALICE}, "You can't block yourself."),
    ],
)
async def test_bad_input_is_one_sentence_and_nothing_is_stored(
    service: Service, kwargs: dict[str, object], said: str
) -> None:
    told = await service.challenge_settings(ALICE, **kwargs)  # type: ignore[arg-type]
    assert not told.ok and told.text == said
    assert await service.store.user_settings("alice") == {}
    assert await service.store.blocked_by("alice") == []


async def test_a_challenge_to_oneself_or_the_computer_behaves_as_before(
    service: Service,
) -> None:
    assert (await service.challenge_settings(ALICE, allow="nobody")).ok
    own = await service.challenge(ALICE, "ordo", ALICE)
    assert not own.ok and own.text == "You can't challenge yourself — pick another player."
    computer = await service.challenge(ALICE, "ordo", User("computer:easy", "Computer"))
    assert computer.ok, computer.text
