"""The matches roles of the memory store (:mod:`storage.roles.matches`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from storage.integrity import CheckedCommit, NewMatch, check_expected_games, from_json
from storage.memory.tables import (
    MemoryTables,
    StoredAction,
    StoredMatch,
    action_of,
    record_of,
)
from storage.records import ActionRecord, MatchRecord
from storage.roles import Matches, MatchNews


class MemoryMatches(MemoryTables, Matches):
    async def _create_match(self, new: NewMatch) -> MatchRecord:
        stored = StoredMatch(
            id=self._next_id, game=new.game, options=new.options, seed=new.seed,
            status=new.status, seats=new.seats, created_by=new.created_by,
            created_at=new.now, updated_at=new.now, version=1, state=new.state,
            guild_id=new.guild_id, channel_id=new.channel_id, thread_id=None, result=None,
            meta=new.meta, due_at=new.due_at, venue=new.venue,
        )  # fmt: skip
        self._next_id += 1
        self._seat_users(stored.seats, new.now)
        self._matches[stored.id] = stored
        self._log[stored.id] = []
        return record_of(stored)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        stored = self._matches.get(match_id)
        return None if stored is None else record_of(stored)

    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Newest activity first; a user's matches are those they sit in *or* created."""
        wanted = None if statuses is None else set(statuses)
        found = [
            m
            for m in self._matches.values()
            if (user_id is None or user_id in m.seats or m.created_by == user_id)
            and (wanted is None or m.status in wanted)
        ]
        found.sort(key=lambda m: (m.updated_at, m.id), reverse=True)
        return [record_of(m) for m in found]

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        found = [m for m in self._matches.values() if m.thread_id == thread_id]
        return record_of(max(found, key=lambda m: m.id)) if found else None

    async def _commit(
        self, match_id: int, expected_version: int, checked: CheckedCommit
    ) -> MatchRecord:
        """Every check first, in the contract's order; then writes that cannot fail, so
        nothing is ever half-written."""
        stored = self._matches.get(match_id)
        if stored is None:
            raise LookupError(f"there is no match {match_id}")
        log = self._log[match_id]
        write_due, due_value = checked.decide(
            match_id, stored.status, stored.version, expected_version, log[-1].ply if log else 0
        )
        ratings, rating_rows = checked.ratings, checked.rating_rows
        rate = ratings is not None and rating_rows is not None and match_id not in self._rated
        if ratings is not None and rating_rows is not None and rate:
            stored_games: dict[str, int] = {}
            for r in rating_rows:
                known = self._ratings.get((ratings.guild_id, ratings.game, r.user_id))
                stored_games[r.user_id] = 0 if known is None else known.games
            check_expected_games(match_id, stored_games, ratings.expected_games)
        update, now = checked.update, checked.now
        updated = replace(
            stored,
            version=stored.version + 1,
            updated_at=now,
            status=update.status or stored.status,
            seats=stored.seats if checked.seats is None else checked.seats,
            state=stored.state if checked.state is None else checked.state,
            result=stored.result if checked.result is None else checked.result,
            meta=stored.meta if checked.meta is None else checked.meta,
            thread_id=stored.thread_id if update.thread_id is None else update.thread_id,
            channel_id=stored.channel_id if update.channel_id is None else update.channel_id,
            due_at=due_value if write_due else stored.due_at,
        )
        self._seat_users(updated.seats, now)
        if (undo := checked.undo_from_ply) is not None:
            log[:] = [replace(a, undone=True) if a.ply >= undo else a for a in log]
        log.extend(StoredAction(*row[:5], undone=bool(row[5])) for row in checked.rows)
        self._matches[match_id] = updated
        if rate and rating_rows is not None:
            self._rate(match_id, rating_rows)
        return record_of(updated)

    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        return [action_of(a) for a in self._log.get(match_id, ()) if include_undone or not a.undone]


class MemoryMatchNews(MemoryTables, MatchNews):
    async def match_versions(
        self, match_ids: Sequence[int], mark: str
    ) -> dict[int, tuple[int, int | None]]:
        found: dict[int, tuple[int, int | None]] = {}
        for match_id in match_ids:
            stored = self._matches.get(match_id)
            if stored is not None:
                value = from_json(stored.meta).get(mark)
                found[match_id] = (stored.version, None if value is None else int(value))
        return found
