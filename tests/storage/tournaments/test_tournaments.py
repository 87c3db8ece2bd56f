"""Tournaments in the store (issue 18.3): one versioned row per league or Swiss event, its
entrants and rounds in a JSON ``data`` object the service owns.

The contract tests run on the memory, SQLite and PostgreSQL stores (the ``store`` fixture);
the tests after them look at what only a file, a server or a migration can show.
"""

from __future__ import annotations

import asyncio
import math
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import (
    ACTIVE,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_CLOSED,
    TOURNAMENT_FINISHED,
    TOURNAMENT_RUNNING,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    SqliteStore,
    StaleVersion,
    Store,
    TournamentClosed,
    TournamentRecord,
)
from storage.migrations import LATEST_VERSION
from storage.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from storage.pg_migrations import MIGRATIONS as PG_MIGRATIONS
from storage.postgres import PostgresStore
from tests.pgserver import fresh_database, migrated_through
from tests.storage.conftest import TOURNAMENT_DEFAULTS, MakeTournament
from tests.stores import on_sqlite_and_memory


def _migration_number(migrations: tuple[tuple[str, ...], ...]) -> int:
    """The number of the migration that creates the tournaments table; found by content, so
    these tests survive the renumbering when the rating history's migration goes in first."""
    return next(
        number
        for number, statements in enumerate(migrations, 1)
        if any("CREATE TABLE tournaments" in s for s in statements)
    )


# -- create, get, list ----------------------------------------------------------------------


async def test_create_stores_every_field_at_version_1(store: Store) -> None:
    made = await store.create_tournament(
        guild_id="g1", channel_id=None, game="fendo", name="League", created_by="bob",
        data={"format": "league"}, now=50.5, due_at=900.0,
    )  # fmt: skip
    assert made == TournamentRecord(
        id=made.id, guild_id="g1", channel_id=None, game="fendo", name="League",
        status=TOURNAMENT_SIGNUP, created_by="bob", created_at=50.5, updated_at=50.5,
        version=1, data={"format": "league"}, due_at=900.0,
    )  # fmt: skip
    assert await store.get_tournament(made.id) == made


async def test_unknown_tournament_is_none(store: Store, make_tournament: MakeTournament) -> None:
    made = await make_tournament()
    assert await store.get_tournament(made.id + 1) is None
    assert await store.get_tournament(-1) is None


async def test_ids_are_distinct_and_names_may_repeat(make_tournament: MakeTournament) -> None:
    first = await make_tournament()
    second = await make_tournament()
    assert first.name == second.name
    assert second.id > first.id


async def test_list_is_newest_first_and_filters_by_guild_and_status(
    store: Store, make_tournament: MakeTournament
) -> None:
    a = await make_tournament(guild_id="g1")
    b = await make_tournament(guild_id="g2", status=TOURNAMENT_RUNNING)
    c = await make_tournament(guild_id="g1", status=TOURNAMENT_RUNNING)
    d = await make_tournament(guild_id="g1", status=TOURNAMENT_FINISHED)
    # Activity on an old tournament does not move it up: the order is by creation.
    a = await store.update_tournament(a.id, 1, now=999.0, data={"touched": True})

    assert await store.list_tournaments() == [d, c, b, a]
    assert await store.list_tournaments(guild_id="g1") == [d, c, a]
    assert await store.list_tournaments(guild_id="g9") == []
    running = await store.list_tournaments(statuses=[TOURNAMENT_RUNNING])
    assert running == [c, b]
    open_in_g1 = await store.list_tournaments(
        guild_id="g1", statuses=(TOURNAMENT_SIGNUP, TOURNAMENT_RUNNING)
    )
    assert open_in_g1 == [c, a]
    assert await store.list_tournaments(statuses=[]) == []
    assert await store.list_tournaments(statuses=iter([TOURNAMENT_FINISHED])) == [d]


# -- update -------------------------------------------------------------------------------


async def test_update_bumps_version_and_replaces_only_what_it_names(
    store: Store, make_tournament: MakeTournament
) -> None:
    made = await make_tournament(due_at=500.0)
    started = await store.update_tournament(made.id, 1, now=200.0, status=TOURNAMENT_RUNNING)
    assert (started.version, started.status, started.updated_at) == (2, TOURNAMENT_RUNNING, 200.0)
    assert (started.created_at, started.data, started.due_at) == (100.0, made.data, 500.0)

    paired = await store.update_tournament(made.id, 2, now=300.0, data={"rounds": [[1, 2]]})
    assert paired.data == {"rounds": [[1, 2]]}  # replaced whole, not merged
    assert (paired.version, paired.status, paired.due_at) == (3, TOURNAMENT_RUNNING, 500.0)

    moved = await store.update_tournament(made.id, 3, now=301.0, due_at=800.0)
    assert (moved.version, moved.due_at, moved.data) == (4, 800.0, paired.data)
    cleared = await store.update_tournament(made.id, 4, now=302.0, due_at=None)
    assert cleared.due_at is None
    touched = await store.update_tournament(made.id, 5, now=303.0)
    assert (touched.version, touched.updated_at, touched.due_at) == (6, 303.0, None)
    assert await store.get_tournament(made.id) == touched


async def test_update_of_an_unknown_tournament_is_a_lookup_error(
    store: Store, make_tournament: MakeTournament
) -> None:
    made = await make_tournament()
    with pytest.raises(LookupError):
        await store.update_tournament(made.id + 1, 1, now=200.0, status=TOURNAMENT_RUNNING)
    assert await store.list_tournaments() == [made]


@pytest.mark.parametrize("offset", [-1, 1, 5])
async def test_a_stale_version_is_refused_and_writes_nothing(
    store: Store, make_tournament: MakeTournament, offset: int
) -> None:
    made = await make_tournament(due_at=500.0)
    current = await store.update_tournament(made.id, 1, now=200.0, data={"v": 2})
    with pytest.raises(StaleVersion) as caught:
        await store.update_tournament(
            made.id, current.version + offset, now=300.0,
            status=TOURNAMENT_FINISHED, data={"v": 3}, due_at=None,
        )  # fmt: skip
    assert type(caught.value) is StaleVersion
    assert await store.get_tournament(made.id) == current


@pytest.mark.parametrize("closed", TOURNAMENT_CLOSED)
@pytest.mark.parametrize(
    "change",
    [
        {"status": TOURNAMENT_RUNNING},
        {"status": TOURNAMENT_SIGNUP},
        {"status": TOURNAMENT_FINISHED},
        {"status": TOURNAMENT_CANCELLED},
        {"data": {"standings": "rewritten"}},
        {"data": {}},
        {"due_at": 10.0},
        {"due_at": None},
        {},
    ],
    ids=repr,
)
async def test_a_closed_tournament_refuses_every_change(
    store: Store, make_tournament: MakeTournament, closed: str, change: dict[str, Any]
) -> None:
    made = await make_tournament(status=TOURNAMENT_RUNNING, due_at=500.0)
    final = await store.update_tournament(
        made.id, 1, now=200.0, status=closed, data={"standings": ["alice"]}
    )
    for version in (final.version, final.version - 1, final.version + 1):
        with pytest.raises(TournamentClosed) as caught:
            await store.update_tournament(made.id, version, now=300.0, **change)
        assert (caught.value.tournament_id, caught.value.status) == (made.id, closed)
    assert await store.get_tournament(made.id) == final
    assert isinstance(caught.value, StaleVersion)  # callers catching "look again" see it too


@pytest.mark.parametrize("closed", TOURNAMENT_CLOSED)
async def test_closing_clears_the_deadline_whatever_was_asked(
    store: Store, make_tournament: MakeTournament, closed: str
) -> None:
    made = await make_tournament(due_at=500.0)
    kept = await store.update_tournament(made.id, 1, now=200.0, status=closed)
    assert kept.due_at is None
    other = await make_tournament(due_at=500.0)
    asked = await store.update_tournament(other.id, 1, now=200.0, status=closed, due_at=700.0)
    assert asked.due_at is None
    assert await store.due_tournaments(1e12) == []


@pytest.mark.parametrize("closed", TOURNAMENT_CLOSED)
async def test_a_tournament_created_closed_has_no_deadline(
    make_tournament: MakeTournament, closed: str
) -> None:
    made = await make_tournament(status=closed, due_at=500.0)
    assert (made.status, made.due_at) == (closed, None)


# -- deadlines ----------------------------------------------------------------------------


# -- data ---------------------------------------------------------------------------------

_NESTED: dict[str, Any] = {
    "format": "swiss",
    "entrants": {
        "zoë": {"name": "Zoë 🦊", "seed": 3, "withdrawn": False},
        "Ånders": {"name": "Ånders Østergård", "seed": 1, "withdrawn": None},
        "李": {"name": "李小龙", "seed": 2, "bye": True},
    },
    "rounds": [
        [{"white": "zoë", "black": "李", "match": 17, "score": [1.5, 0.5]}],
        [{"bye": "Ånders", "points": 1.0}],
        [],
    ],
    "tiebreaks": ["buchholz", "sonneborn-berger"],
    "big": 2**62,
    "tiny": 1e-300,
    'quote " and \\ and \n': "ünïcødé\u0000nul",
}


async def test_data_round_trips_nested_json_with_unicode_and_key_order(
    store: Store, make_tournament: MakeTournament
) -> None:
    """Key order is kept on every engine: entrants keyed by id stay in signup order."""
    made = await make_tournament(name="Ωmega ♞ Cup — 春", data=_NESTED)
    for got in (made, await store.get_tournament(made.id), (await store.list_tournaments())[0]):
        assert got is not None
        assert got.data == _NESTED
        assert got.name == "Ωmega ♞ Cup — 春"
        assert list(got.data["entrants"]) == ["zoë", "Ånders", "李"]
        assert list(got.data) == list(_NESTED)
    reordered = {"rounds": [], "entrants": {"b": 1, "a": 2}}
    updated = await store.update_tournament(made.id, 1, now=200.0, data=reordered)
    stored = await store.get_tournament(made.id)
    assert stored is not None
    assert list(updated.data) == list(stored.data) == ["rounds", "entrants"]
    assert list(stored.data["entrants"]) == ["b", "a"]


async def test_returned_data_is_a_copy(store: Store, make_tournament: MakeTournament) -> None:
    given_data = {"entrants": ["alice"]}
    made = await make_tournament(data=given_data)
    given_data["entrants"].append("mallory")
    made.data["entrants"].append("eve")
    assert (await store.get_tournament(made.id)).data == {"entrants": ["alice"]}  # type: ignore[union-attr]


class Unstorable:
    """A value JSON cannot hold, with the same repr in every process: the test ids are
    reprs, and pytest-xdist's workers must collect the same ids."""

    def __repr__(self) -> str:
        return "Unstorable()"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"status": "paused"}, ValueError),
        ({"data": ["not", "an", "object"]}, TypeError),
        ({"data": {"score": math.nan}}, ValueError),
        ({"data": {"when": Unstorable()}}, ValueError),
        ({"due_at": math.inf}, ValueError),
        ({"due_at": "soon"}, TypeError),
        ({"now": math.nan}, ValueError),
        ({"name": "nul\x00name"}, ValueError),
        ({"name": None}, TypeError),
        ({"guild_id": None}, TypeError),
        ({"guild_id": 42}, TypeError),
        ({"channel_id": 7}, TypeError),
        ({"game": None}, TypeError),
        ({"created_by": None}, TypeError),
        ({"created_by": "a\x00"}, ValueError),
    ],
    ids=repr,
)
async def test_create_refuses_what_it_could_not_store_faithfully(
    store: Store, make_tournament: MakeTournament, kwargs: dict[str, Any], error: type
) -> None:
    with pytest.raises(error):
        await make_tournament(**kwargs)
    assert await store.list_tournaments() == []


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"status": "paused"}, ValueError),
        ({"data": ["not", "an", "object"]}, TypeError),
        ({"data": {"score": math.inf}}, ValueError),
        ({"due_at": math.nan}, ValueError),
        ({"now": math.inf}, ValueError),
    ],
    ids=repr,
)
async def test_update_refuses_bad_arguments_and_writes_nothing(
    store: Store, make_tournament: MakeTournament, kwargs: dict[str, Any], error: type
) -> None:
    made = await make_tournament(due_at=500.0)
    change: dict[str, Any] = {"now": 200.0, **kwargs}
    with pytest.raises(error):
        await store.update_tournament(made.id, 1, **change)
    assert await store.get_tournament(made.id) == made


async def test_tournaments_and_matches_keep_their_own_ids(
    store: Store, make_tournament: MakeTournament
) -> None:
    match = await store.create_match(
        game="ordo", options={}, seed=1, status=ACTIVE, seats=["a", "b"], created_by="a",
        state={}, now=1.0, due_at=5.0,
    )  # fmt: skip
    made = await make_tournament(due_at=5.0)
    assert (match.id, made.id) == (1, 1)
    assert [m.id for m in await store.due_matches(10.0)] == [match.id]
    assert [t.id for t in await store.due_tournaments(10.0)] == [made.id]


# -- concurrency --------------------------------------------------------------------------


async def test_two_concurrent_updates_of_one_version_exactly_one_wins(
    store: Store, make_tournament: MakeTournament
) -> None:
    made = await make_tournament()
    results = await asyncio.gather(
        store.update_tournament(made.id, 1, now=200.0, data={"paired_by": "first"}),
        store.update_tournament(made.id, 1, now=200.0, data={"paired_by": "second"}),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, TournamentRecord)]
    losses = [r for r in results if not isinstance(r, TournamentRecord)]
    assert len(wins) == 1 and len(losses) == 1
    assert type(losses[0]) is StaleVersion
    stored = await store.get_tournament(made.id)
    assert stored == wins[0] and stored.version == 2  # type: ignore[union-attr]


async def test_a_close_racing_an_update_leaves_one_consistent_result(
    store: Store, make_tournament: MakeTournament
) -> None:
    made = await make_tournament(status=TOURNAMENT_RUNNING, due_at=500.0)
    results = await asyncio.gather(
        store.update_tournament(made.id, 1, now=200.0, status=TOURNAMENT_CANCELLED),
        store.update_tournament(made.id, 1, now=200.0, due_at=900.0, data={"round": 2}),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, TournamentRecord)]
    assert len(wins) == 1
    stored = await store.get_tournament(made.id)
    assert stored == wins[0]
    assert stored is not None and (stored.status == TOURNAMENT_CANCELLED) == (stored.due_at is None)


async def _race(stores: list[Store], tournament_id: int, rounds: int) -> list[str]:
    """Every store tries to write each version at once; the winners, one per version."""
    winners: list[str] = []
    for version in range(1, rounds + 1):
        results = await asyncio.gather(
            *[
                s.update_tournament(
                    tournament_id, version, now=float(version), data={"by": i, "v": version}
                )
                for i, s in enumerate(stores)
            ],
            return_exceptions=True,
        )
        wins = [r for r in results if isinstance(r, TournamentRecord)]
        assert len(wins) == 1, results
        assert all(type(r) is StaleVersion for r in results if r is not wins[0]), results
        winners.append(str(wins[0].data["by"]))
    return winners


async def test_two_postgres_processes_racing_each_version_have_one_winner(pg_url: str) -> None:
    async with PostgresStore(pg_url) as a, PostgresStore(pg_url) as b:
        made = await a.create_tournament(**TOURNAMENT_DEFAULTS)
        await _race([a, b, a, b], made.id, rounds=8)
        stored = await b.get_tournament(made.id)
        assert stored is not None and stored.version == 9 and stored.data["v"] == 8


async def test_two_sqlite_processes_racing_each_version_have_one_winner(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as a, SqliteStore(path) as b:
        made = await a.create_tournament(**TOURNAMENT_DEFAULTS)
        await _race([a, b], made.id, rounds=8)
        stored = await b.get_tournament(made.id)
        assert stored is not None and stored.version == 9 and stored.data["v"] == 8


# -- twins --------------------------------------------------------------------------------

_STATUSES = st.sampled_from(
    [TOURNAMENT_SIGNUP, TOURNAMENT_RUNNING, TOURNAMENT_FINISHED, TOURNAMENT_CANCELLED]
)
_SMALL_DATA = st.dictionaries(
    st.text(max_size=3), st.none() | st.integers(-3, 3) | st.text(max_size=3), max_size=3
)
_SCRIPT = st.lists(
    st.one_of(
        st.tuples(st.just("create"), st.sampled_from(["g1", "g2"]), _STATUSES,
                  st.none() | st.sampled_from([1.0, 2.0])),
        st.tuples(st.just("update"), st.integers(0, 3), st.sampled_from([0, 0, 0, -1, 1]),
                  st.none() | _STATUSES, st.none() | _SMALL_DATA,
                  st.sampled_from([UNCHANGED, None, 1.5, 3.0])),
    ),
    max_size=10,
)  # fmt: skip


async def _script(store: Store, script: list[tuple[Any, ...]]) -> list[Any]:
    answers: list[Any] = []
    ids: list[int] = []
    for step, op in enumerate(script):
        try:
            if op[0] == "create":
                _, guild, status, due = op
                made = await store.create_tournament(
                    **{**TOURNAMENT_DEFAULTS, "guild_id": guild, "now": float(step)},
                    status=status, due_at=due,
                )  # fmt: skip
                ids.append(made.id)
                answers.append(made)
            elif ids:
                _, pick, offset, status, data, due = op
                current = await store.get_tournament(ids[pick % len(ids)])
                assert current is not None
                answers.append(
                    await store.update_tournament(
                        current.id, current.version + offset, now=float(step),
                        status=status, data=data, due_at=due,
                    )
                )  # fmt: skip
        except Exception as exc:
            answers.append(type(exc).__name__)
    answers.append(await store.list_tournaments())
    answers.append(await store.list_tournaments(guild_id="g1", statuses=[TOURNAMENT_RUNNING]))
    answers.append(await store.due_tournaments(2.0, limit=2))
    return answers


@given(_SCRIPT)
def test_memory_and_sqlite_agree_on_every_tournament_script(
    script: list[tuple[Any, ...]],
) -> None:
    from_sqlite, from_memory = asyncio.run(on_sqlite_and_memory(_script, script))
    assert from_memory == from_sqlite


# -- the SQLite file ----------------------------------------------------------------------


async def test_reopening_a_sqlite_file_keeps_every_tournament(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as first:
        kept = await first.create_tournament(
            **{**TOURNAMENT_DEFAULTS, "data": _NESTED}, due_at=40.0
        )
        kept = await first.update_tournament(kept.id, 1, now=120.0, status=TOURNAMENT_RUNNING)
        closed = await first.create_tournament(**TOURNAMENT_DEFAULTS)
        closed = await first.update_tournament(closed.id, 1, now=130.0, status="finished")
    async with SqliteStore(path) as second:
        assert await second.list_tournaments() == [closed, kept]
        assert await second.due_tournaments(50.0) == [kept]
        with pytest.raises(TournamentClosed):
            await second.update_tournament(closed.id, 2, now=140.0, data={})
        again = await second.update_tournament(kept.id, 2, now=150.0, data={"round": 1})
        assert again.version == 3
        newer = await second.create_tournament(**TOURNAMENT_DEFAULTS)
        assert newer.id > closed.id
    async with SqliteStore(path) as third:
        assert await third.get_tournament(kept.id) == again


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data) VALUES ('g', 'ordo', 'n', 'signup', 'a', 0, 0, 1, '{oops')",
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data) VALUES ('g', 'ordo', 'n', 'signup', 'a', 0, 0, 1, '[1]')",
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data) VALUES ('g', 'ordo', 'n', 'paused', 'a', 0, 0, 1, '{}')",
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data, due_at)"
        " VALUES ('g', 'ordo', 'n', 'finished', 'a', 0, 0, 1, '{}', 5)",
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data) VALUES ('g', 'ordo', 'n', 'signup', 'a', 0, 0, 0, '{}')",
    ],
)
async def test_sqlite_schema_refuses_hand_edits_the_bot_could_not_load(
    tmp_path: Path, sql: str
) -> None:
    async with SqliteStore(tmp_path / "bot.db") as store:
        with pytest.raises(sqlite3.IntegrityError):
            await store.on_connection(lambda conn: conn.execute(sql))


async def test_sqlite_database_at_the_previous_version_is_migrated(tmp_path: Path) -> None:
    """A file as the bot before tournaments left it, with a match in it, opens with its data
    and takes tournaments at once."""
    number = _migration_number(SQLITE_MIGRATIONS)
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        for earlier in range(1, number):
            for statement in SQLITE_MIGRATIONS[earlier - 1]:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version VALUES (?, 0)", (earlier,))
        conn.execute(
            "INSERT INTO matches (id, game, options, seed, status, created_by, created_at,"
            " updated_at, version, meta, due_at) VALUES (3, 'ordo', '{}', 1, 'active', 'a',"
            " 1, 2, 4, '{}', 77)"
        )
        conn.execute("INSERT INTO snapshots VALUES (3, 4, '{\"n\":4}')")
        tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master")}
        assert "tournaments" not in tables
    async with SqliteStore(path) as store:
        match = await store.get_match(3)
        assert match is not None and (match.version, match.state, match.due_at) == (4, {"n": 4}, 77)
        made = await store.create_tournament(**TOURNAMENT_DEFAULTS, due_at=10.0)
        assert made.id == 1 and await store.due_tournaments(10.0) == [made]
    with sqlite3.connect(path) as conn:
        versions = [v for (v,) in conn.execute("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == list(range(1, LATEST_VERSION + 1))


# -- PostgreSQL -----------------------------------------------------------------------------


async def test_postgres_schema_refuses_hand_edits_the_bot_could_not_load(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    columns = (
        "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
        " updated_at, version, data, due_at) VALUES ('g', 'ordo', 'n', $1, 'a', 0, 0, 1, $2, $3)"
    )
    try:
        for status, data, due in [
            ("signup", "[1]", None),
            ("paused", "{}", None),
            ("cancelled", "{}", 5.0),
        ]:
            with pytest.raises(asyncpg.exceptions.CheckViolationError):
                await conn.execute(columns, status, data, due)
        with pytest.raises(asyncpg.exceptions.InvalidTextRepresentationError):
            await conn.execute(columns, "signup", "{oops", None)
    finally:
        await conn.close()


async def test_postgres_database_at_the_previous_version_is_migrated(pg_server: Any) -> None:
    number = _migration_number(PG_MIGRATIONS)
    url = fresh_database(pg_server)
    conn = await asyncpg.connect(url)
    try:
        await migrated_through(conn, number - 1)
        await conn.execute(
            "INSERT INTO matches (id, game, options, seed, status, created_by, created_at,"
            " updated_at, version, meta, due_at) VALUES (3, 'ordo', '{}', 1, 'active', 'a',"
            " 1, 2, 4, '{}', 77)"
        )
        await conn.execute("INSERT INTO snapshots VALUES (3, 4, '{\"n\":4}')")
    finally:
        await conn.close()
    async with PostgresStore(url) as store:
        match = await store.get_match(3)
        assert match is not None and (match.version, match.state, match.due_at) == (4, {"n": 4}, 77)
        made = await store.create_tournament(**TOURNAMENT_DEFAULTS, due_at=10.0)
        assert made.id == 1 and await store.due_tournaments(10.0) == [made]
        pool = store._pool
        assert pool is not None
        versions = await pool.fetch("SELECT version FROM schema_version ORDER BY version")
    assert [r["version"] for r in versions] == list(range(1, LATEST_VERSION + 1))
