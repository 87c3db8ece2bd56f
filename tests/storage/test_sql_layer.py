"""The shared SQL layer's seams: how the engines' spellings of one statement come out.

The transactions themselves are covered by the contract suite on every store; these tests
pin what only the shared layer could get wrong: the numbering of PostgreSQL's marks, and the
lists longer than one SQLite statement may carry.
"""

from __future__ import annotations

from typing import Any

from storage import ACTIVE, Store
from storage.postgres import POSTGRES, numbered
from storage.sqlite import SQLITE

_PAST_ONE_BATCH = SQLITE.batch + 3


def test_marks_are_numbered_in_order() -> None:
    assert numbered("a = ? AND b IN (?, ?) AND c = 'x'") == "a = $1 AND b IN ($2, $3) AND c = 'x'"
    assert numbered("SELECT 1") == "SELECT 1"


def test_a_list_is_one_array_on_postgres_and_batches_of_marks_on_sqlite() -> None:
    values = list(range(_PAST_ONE_BATCH))
    assert [len(chunk) for chunk in POSTGRES.batches(values)] == [_PAST_ONE_BATCH]
    assert [len(chunk) for chunk in SQLITE.batches(values)] == [SQLITE.batch, 3]
    assert list(SQLITE.batches([])) == list(POSTGRES.batches([])) == []
    assert POSTGRES.one_of("user_id", ["a", "b"], "text") == (
        "user_id = ANY(CAST(? AS text[]))",
        [["a", "b"]],
    )
    assert SQLITE.one_of("user_id", ["a", "b"], "text") == ("user_id IN (?, ?)", ["a", "b"])


async def test_names_of_more_users_than_one_statement_carries(store: Store) -> None:
    users = [f"u{i:04}" for i in range(_PAST_ONE_BATCH)]
    for user in users:
        await store.ensure_user(user, user.upper(), 1.0)
    await store.save_user_settings(users[-1], {"notify": "dm"}, 1.0)
    assert await store.user_names([*users, "nobody"]) == {u: u.upper() for u in users}
    assert await store.users_settings(users) == {users[-1]: {"notify": "dm"}}


async def test_seats_of_more_matches_than_one_statement_carries(
    store: Store, make_match: Any
) -> None:
    made = [
        await make_match(status=ACTIVE, seats=[f"p{i}", "bob"], created_by=f"p{i}", now=float(i))
        for i in range(_PAST_ONE_BATCH)
    ]
    listed = await store.list_matches(statuses=[ACTIVE])
    assert [m.id for m in listed] == [m.id for m in reversed(made)]
    assert [m.seats for m in listed] == [m.seats for m in reversed(made)]
    assert [m.id for m in await store.list_matches(user_id="bob")] == [m.id for m in listed]
