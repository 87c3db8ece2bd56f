"""The counted-uses role over SQL (:mod:`storage.roles.uses`)."""

from __future__ import annotations

from storage.records import Uses
from storage.roles import CountedUses
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine


class SqlUses(SqlEngine, CountedUses):
    async def _record_use(
        self, user_id: str, kind: str, now: float, window: float, most: int
    ) -> Uses:
        """Forgetting, counting and writing are one transaction, serialised per (user, kind)
        by the dialect where the engine locks less than the file."""
        serialize = self.dialect.serialize_uses

        async def work(conn: SqlConnection) -> Uses:
            if serialize:
                await conn.execute(serialize, user_id, kind)
            await conn.execute(
                "DELETE FROM uses WHERE user_id = ? AND kind = ? AND at <= ?",
                user_id, kind, now - window,
            )  # fmt: skip
            found = await conn.fetch(
                "SELECT at FROM uses WHERE user_id = ? AND kind = ? ORDER BY at, id", user_id, kind
            )
            times = [float(row["at"]) for row in found]
            granted = len(times) < most
            if granted:
                await conn.execute(
                    "INSERT INTO uses (user_id, kind, at) VALUES (?, ?, ?)", user_id, kind, now
                )
                times.append(float(now))
            return Uses(granted, tuple(sorted(times)))

        return await self._write(work)
