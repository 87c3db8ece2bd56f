"""The liveness role over SQL (:mod:`storage.roles.liveness`); :func:`outages_since` is also
read inside a match's one read (:mod:`.matches`). Leadership is the PostgreSQL store's own
(:mod:`storage.postgres`): SQLite has one process to elect."""

from __future__ import annotations

from storage.roles import Liveness
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine


class SqlLiveness(SqlEngine, Liveness):
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """See :meth:`Store.mark_alive`; the heartbeat row is locked while the gap is read, so
        two processes starting together record one outage, not two overlapping ones."""
        greatest = self.dialect.greatest
        lock_rows = self.dialect.lock_rows

        async def work(conn: SqlConnection) -> tuple[float, float] | None:
            seen_at = await conn.fetchval(f"SELECT seen_at FROM heartbeat WHERE id = 1{lock_rows}")
            last = None if seen_at is None else float(seen_at)
            outage = (last, now) if starting and last is not None and now > last else None
            if outage is not None:
                await conn.execute(
                    "INSERT INTO outages (started, ended) VALUES (?, ?) ON CONFLICT (started)"
                    f" DO UPDATE SET ended = {greatest}(outages.ended, excluded.ended)",
                    *outage,
                )
            await conn.execute(
                "INSERT INTO heartbeat (id, seen_at) VALUES (1, ?) ON CONFLICT (id)"
                f" DO UPDATE SET seen_at = {greatest}(heartbeat.seen_at, excluded.seen_at)",
                now,
            )
            return outage

        return await self._write(work)

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        async def work(conn: SqlConnection) -> list[tuple[float, float]]:
            return await outages_since(conn, since)

        return await self._read(work)

    async def last_alive(self) -> float | None:
        seen = await self._fetchval("SELECT seen_at FROM heartbeat WHERE id = 1")
        return None if seen is None else float(seen)


async def outages_since(conn: SqlConnection, since: float) -> list[tuple[float, float]]:
    found = await conn.fetch(
        "SELECT started, ended FROM outages WHERE ended > ? ORDER BY started", since
    )
    return [(float(row["started"]), float(row["ended"])) for row in found]
