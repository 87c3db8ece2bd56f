"""The live-messages role over SQL (:mod:`storage.roles.live`)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.records import LiveMessages, PlayerStatus
from storage.roles import LiveStatus
from storage.rows import Row
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine


class SqlLiveStatus(SqlEngine, LiveStatus):
    async def live_messages(self, match_id: int) -> LiveMessages | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(
                "SELECT match_id, channel_id, status_id, ping_id FROM live_messages"
                " WHERE match_id = ?",
                match_id,
            )

        row = await self._statement(work)
        if row is None:
            return None
        return LiveMessages(
            int(row["match_id"]), row["channel_id"], row["status_id"], row["ping_id"]
        )

    async def _keep_live_messages(self, live: LiveMessages) -> None:
        async def work(conn: SqlConnection) -> None:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", live.match_id) is None:
                raise LookupError(f"no match {live.match_id}")
            await conn.execute(
                "INSERT INTO live_messages (match_id, channel_id, status_id, ping_id)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, status_id = excluded.status_id,"
                " ping_id = excluded.ping_id",
                live.match_id, live.channel_id, live.status_id, live.ping_id,
            )  # fmt: skip

        await self._write(work)

    async def player_statuses(self, match_id: int) -> list[PlayerStatus]:
        async def work(conn: SqlConnection) -> Sequence[Row]:
            return await conn.fetch(
                "SELECT match_id, user_id, channel_id, status_id, latest_id"
                " FROM live_player_messages WHERE match_id = ? ORDER BY user_id",
                match_id,
            )

        return [
            PlayerStatus(
                int(row["match_id"]),
                row["user_id"],
                row["channel_id"],
                row["status_id"],
                row["latest_id"],
            )
            for row in await self._statement(work)
        ]

    async def _keep_player_status(self, status: PlayerStatus) -> None:
        async def work(conn: SqlConnection) -> None:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", status.match_id) is None:
                raise LookupError(f"no match {status.match_id}")
            await conn.execute(
                "INSERT INTO live_player_messages"
                " (match_id, user_id, channel_id, status_id, latest_id) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (match_id, user_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, status_id = excluded.status_id,"
                " latest_id = excluded.latest_id",
                status.match_id, status.user_id, status.channel_id, status.status_id,
                status.latest_id,
            )  # fmt: skip

        await self._write(work)
