"""What the shared SQL needs of an engine: its spellings (:class:`Dialect`) and its open
transaction (:class:`SqlConnection`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Coroutine, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from storage.rows import Row


@dataclass(frozen=True)
class Dialect:
    """What one engine spells its own way in the shared SQL."""

    lock_rows: str
    """Ends a ``SELECT`` of rows the write transaction goes on to decide on."""
    bytewise: str
    """Follows a text column in ``ORDER BY`` so it sorts by code point, as Python sorts
    ``str`` and the memory store does (PostgreSQL would otherwise follow the locale)."""
    greatest: str
    """The function that returns the larger of two values."""
    arrays: bool
    """True: a list of values travels as one array parameter (``= ANY(?)``), so a statement's
    text stays the same whatever the list's length and the server can keep its plan. False:
    one ``?`` per value (``IN (?, ?, …)``), at most :attr:`batch` values a statement."""
    index_hints: bool
    """Name an index outright where the planner, lacking statistics, would choose worse."""
    batch: int = 500
    """Values one ``IN`` list carries, well under SQLite's bound-parameter limit."""
    settings_text: str = "json_extract(settings, '$.{key}')"
    """A text in a user's ``settings`` under ``key`` (one of the code's own keys, spelled
    into the statement so the index on ``notify`` serves it)."""
    meta_number: str = "CAST(json_extract(meta, '$.' || ?) AS INTEGER)"
    """A number in a match's ``meta`` under a key given as a parameter."""
    serialize_uses: str = ""
    """A statement (parameters: user id, kind) that makes one user's count-and-write of a
    kind of use wait for another's in the same transaction (also one player's analysis saves,
    whose cap counts all their rows); empty where the write transaction already holds the
    whole database (SQLite's ``BEGIN IMMEDIATE``)."""
    json_list: str = "json_group_array"
    """The aggregate that gathers rows into one JSON array."""
    json_row: str = "json_array"
    """The function that makes one JSON array of its arguments."""
    json_reads: bool = False
    """True: what ``SqlStore.read_match`` gathers comes back in one statement, as JSON
    (PostgreSQL: every statement is a trip to the server, and its JSON writes every float
    exactly; the statement uses its arrays). False: one statement each (SQLite: a statement
    costs microseconds, and its JSON would keep only fifteen digits of a float, such as a
    time)."""

    def one_of(self, column: str, values: Sequence[Any], kind: str) -> tuple[str, list[Any]]:
        """``column`` is one of ``values`` (of SQL type ``kind``): the condition and its
        parameters."""
        if self.arrays:
            return f"{column} = ANY(CAST(? AS {kind}[]))", [list(values)]
        return f"{column} IN ({', '.join('?' * len(values))})", list(values)

    def batches(self, values: Sequence[Any]) -> Iterator[Sequence[Any]]:
        """``values`` in as few pieces as one statement can take each; none for none."""
        step = len(values) if self.arrays else self.batch
        for start in range(0, len(values), max(step, 1)):
            yield values[start : start + step]

    def indexed_by(self, index: str) -> str:
        return f" INDEXED BY {index}" if self.index_hints else ""

    def none_of(self, column: str, kind: str) -> str:
        """``column`` is none of the values one parameter carries, however many (its value:
        :meth:`listed`): an array on PostgreSQL, a JSON list SQLite reads with ``json_each``."""
        if self.arrays:
            return f"{column} <> ALL(CAST(? AS {kind}[]))"
        return f"{column} NOT IN (SELECT value FROM json_each(?))"

    def listed(self, values: Collection[Any]) -> Any:
        """The parameter of :meth:`none_of`."""
        return list(values) if self.arrays else json.dumps(list(values))


class SqlConnection(Protocol):
    """One open transaction of an engine, taking the shared SQL with its ``?`` marks."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; the number of rows it inserted, updated or deleted."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *params: Any) -> Sequence[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any:
        """The first column of the first row, None when there is no row."""

    async def insert(self, sql: str, *params: Any) -> int:
        """Run one ``INSERT`` of one row into a table keyed by ``id``; the new row's id."""


T = TypeVar("T")
Work = Callable[[SqlConnection], Coroutine[Any, Any, T]]
"""One transaction: a function of the open connection that only awaits that connection (SQLite
runs it to its end in its own thread without an event loop, :mod:`storage.sqlite`)."""
