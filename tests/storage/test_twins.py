"""The memory store answers every sequence of calls exactly as the SQLite and PostgreSQL
stores do.

Hypothesis writes random scripts of creates (in either venue, or an unknown one), commits
(some stale, some with undo, some with badly numbered plies), renames, settings saves, rating
saves (some for unknown or already rated matches, some with invalid ratings) and kept notices
(some replacing one of the same topic, some dropped); both stores run each script and must
agree on every answer, every error type and the final contents.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from storage import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    FINISHED,
    UNCHANGED,
    VENUE_DIRECT,
    VENUE_SERVER,
    ActionRecord,
    MatchUpdate,
    MemoryStore,
    Rating,
    Store,
)
from storage.postgres import PostgresStore
from tests.pgserver import emptied
from tests.stores import on_sqlite_and_memory

USERS = st.sampled_from(["ann", "bob", "cy", "dee"])
STATUSES = st.sampled_from([CHALLENGE, ACTIVE, FINISHED, CANCELLED])
SMALL_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner,
                                                                 max_size=3),
    max_leaves=6,
)  # fmt: skip

MOSTLY_ZERO = st.sampled_from([0, 0, 0, 0, -1, 1])  # errors are tested, but success matters more

VENUES = st.sampled_from([VENUE_SERVER, VENUE_SERVER, VENUE_DIRECT, "nowhere"])
create_op = st.tuples(st.just("create"), st.lists(USERS, max_size=3), STATUSES, USERS, VENUES)
notice_op = st.tuples(
    st.just("notice"), USERS, st.sampled_from(["", "", "board:1", "hand:1"]), st.text(max_size=4)
)
drop_op = st.tuples(st.just("drop"), USERS, st.integers(0, 6))
rename_op = st.tuples(st.just("rename"), USERS, st.text(max_size=5))
commit_op = st.tuples(
    st.just("commit"),
    st.integers(0, 3),  # which match (modulo how many exist)
    MOSTLY_ZERO,  # version offset: 0 is current, others are stale
    st.none() | STATUSES,
    st.none() | st.dictionaries(st.text(max_size=2), SMALL_JSON, max_size=2),  # state / meta
    st.none() | st.lists(USERS, max_size=3),
    st.integers(0, 3),  # how many actions to append
    MOSTLY_ZERO,  # ply offset for the first appended action: 0 is correct
    st.none() | st.integers(1, 4),  # undo_from_ply
    st.none() | st.sampled_from(["t1", "t2"]),
    st.sampled_from([UNCHANGED, None, 1.0, 3.0, 3.0]),  # due_at
)
due_op = st.tuples(st.just("due"), st.integers(0, 3), st.none() | st.sampled_from([0.5, 2.0, 3.0]))
KEYS = st.sampled_from(["", "ann", "bob", "g1"])
settings_op = st.tuples(
    st.just("settings"),
    st.sampled_from(["user", "guild"]),
    KEYS,
    st.just({}) | st.dictionaries(st.text(max_size=2), SMALL_JSON, max_size=3) | SMALL_JSON,
)
GUILDS = st.sampled_from(["", "g1"])
GAMES = st.sampled_from(["ordo", "fendo"])
FAULTS = st.sampled_from([None] * 20 + ["nan", "rd", "games", "game", "guild"])
rating_entry = st.tuples(
    USERS,
    st.sampled_from([1400.0, 1500.0, 1612.5]) | st.floats(-1e4, 1e4),
    st.sampled_from([30.0, 350.0]),
    st.integers(0, 5),
    FAULTS,  # mostly a valid rating; otherwise the one thing wrong with it
)
rate_op = st.tuples(
    st.just("rate"),
    st.sampled_from([0, 1, 2, 3, 0, 1, -1]),  # which match (modulo how many); -1: unknown
    GUILDS,
    GAMES,
    st.lists(rating_entry, max_size=3, unique_by=lambda entry: entry[0]),
)
OTHER_OPS = create_op | commit_op | settings_op | rate_op | due_op | notice_op | drop_op
SCRIPTS = st.builds(  # often a match or two first, so commits and ratings have something to hit
    lambda first, rest: [*first, *rest],
    st.lists(create_op, max_size=2),
    st.lists(OTHER_OPS | rename_op, min_size=1, max_size=12),
)
# Display names may hold anything a Discord payload can carry, NULs and lone surrogates
# included: every store cleans them alike (``storage.integrity.clean_text``), though
# PostgreSQL's text could hold neither.
PG_SCRIPTS = st.builds(
    lambda first, rest: [*first, *rest],
    st.lists(create_op, max_size=2),
    st.lists(
        OTHER_OPS | st.tuples(st.just("rename"), USERS, st.text(st.characters(), max_size=5)),
        min_size=1,
        max_size=12,
    ),
)


def _rating_for(guild: str, game: str, entry: tuple[Any, ...]) -> Rating:
    user, value, rd, games, fault = entry
    if fault == "game":
        game = "ordo" if game == "fendo" else "fendo"
    elif fault == "guild":
        guild = "g9"
    return Rating(
        user, game, guild, float("nan") if fault == "nan" else value,
        0.0 if fault == "rd" else rd, 0.06, -1 if fault == "games" else games,
    )  # fmt: skip


async def _run(store: Store, script: list[tuple[Any, ...]]) -> list[Any]:
    answers: list[Any] = []
    ids: list[int] = []
    for step, op in enumerate(script):
        now = float(step // 3)  # coarse clock: ties in updated_at must order the same way
        try:
            if op[0] == "create":
                _, seats, status, creator, venue = op
                made = await store.create_match(
                    game="ordo", options={}, seed=step, status=status, seats=seats,
                    created_by=creator, state={"step": step}, now=now, venue=venue,
                )  # fmt: skip
                ids.append(made.id)
                answers.append(made)
            elif op[0] == "rename":
                await store.ensure_user(op[1], op[2], now)
                answers.append(await store.user_name(op[1]))
            elif op[0] == "settings":
                _, kind, key, blob = op
                if kind == "user":
                    await store.save_user_settings(key, blob, now)
                    answers.append(await store.user_settings(key))
                else:
                    await store.save_guild_settings(key, blob, now)
                    answers.append(await store.guild_settings(key))
            elif op[0] == "rate":
                _, pick, guild, game, entries = op
                match_id = ids[pick % len(ids)] if ids and pick >= 0 else 1000
                given_ratings = [_rating_for(guild, game, e) for e in entries]
                answers.append(await store.save_ratings(guild, game, match_id, given_ratings, now))
            elif op[0] == "notice":
                _, user, topic, text = op
                answers.append(await store.add_notice(user, text, now, topic=topic, match_id=1))
            elif op[0] == "drop":
                await store.drop_notices(op[1], op[2])
                answers.append(await store.notices(op[1]))
            elif op[0] == "due":
                _, pick, due_at = op
                await store.set_due(ids[pick % len(ids)] if ids else 1000, due_at)
                answers.append(await store.due_matches(2.5))
            elif ids:
                _, pick, vdelta, status, blob, seats, count, pdelta, undo, thread, due_at = op
                match_id = ids[pick % len(ids)]
                current = await store.get_match(match_id)
                log = await store.actions(match_id, include_undone=True)
                first = len(log) + 1 + pdelta
                append = [
                    ActionRecord(ply=first + i, seat=i % 2, notation=f"m{step}.{i}",
                                 created_at=now, detail={"i": i})
                    for i in range(count)
                ]  # fmt: skip
                update = MatchUpdate(status=status, state=blob, meta=blob, seats=seats,
                                     thread_id=thread, due_at=due_at)  # fmt: skip
                answers.append(
                    await store.commit(match_id, current.version + vdelta, update, now=now,
                                       append=append, undo_from_ply=undo)
                )  # fmt: skip
        except Exception as exc:
            answers.append(type(exc).__name__)
    answers.append(await store.list_matches())
    answers.append(await store.due_matches(3.0, limit=2))
    for user in ["ann", "bob", "cy", "dee"]:
        answers.append(await store.list_matches(user_id=user, statuses=[ACTIVE, CHALLENGE]))
        answers.append(await store.user_name(user))
        answers.append(await store.notices(user))
    for match_id in ids:
        answers.append(await store.actions(match_id, include_undone=True))
        answers.append(await store.actions(match_id))
    for thread in ["t1", "t2"]:
        answers.append(await store.find_by_thread(thread))
    answers.append(await store.users_with_settings())
    answers.append(await store.users_with_notices())
    for key in ["", "ann", "bob", "g1"]:
        answers.append((await store.user_settings(key), await store.guild_settings(key)))
    for guild in ["", "g1", "g9"]:
        for game in ["ordo", "fendo"]:
            answers.append(await store.ratings(guild, game))
        for user in ["ann", "bob", "cy", "dee"]:
            answers.append(await store.user_ratings(guild, user))
            answers.append(await store.rating(guild, "ordo", user))
            answers.append(await store.rating_history(guild, "ordo", user))
    return answers


@given(SCRIPTS)
@example([("rename", "ann", "\ud800"), ("rename", "bob", "x\x00")])
def test_memory_and_sqlite_stores_agree_on_every_script(script: list[tuple[Any, ...]]) -> None:
    from_sqlite, from_memory = asyncio.run(on_sqlite_and_memory(_run, script))
    assert from_memory == from_sqlite


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=PG_SCRIPTS)
@example(script=[("rename", "ann", "\ud800")])  # issue 23.4: PostgreSQL raised DataError
@example(script=[("rename", "ann", "a\x00b\udfff")])
@example(script=[("settings", "user", "", {"\x00": None})])  # PostgreSQL's index on notify
@example(script=[("settings", "guild", "g1", {"k": ["a\x00"]})])
def test_memory_and_postgres_stores_agree_on_every_script(
    pg_shared_database: str, script: list[tuple[Any, ...]]
) -> None:
    async def both() -> tuple[list[Any], list[Any]]:
        async with PostgresStore(await emptied(pg_shared_database), min_size=0) as pg_store:
            from_postgres = await _run(pg_store, script)
        async with MemoryStore() as memory_store:
            from_memory = await _run(memory_store, script)
        return from_postgres, from_memory

    from_postgres, from_memory = asyncio.run(both())
    assert from_memory == from_postgres
