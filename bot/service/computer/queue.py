"""The computer turns waiting to be played: one line per person, served in turn.

Why a queue of its own: a search takes seconds (8 s a step at the strong level), so computer
turns played inside the scheduler's tick held up everyone's reminders, timeouts, tournament
rounds and the heartbeat — one person with 150 games against the computer made the tick
last 20 minutes. The tick now only *puts* a due match here and returns; a few players of
their own (:meth:`bot.service.computer.opponents.OpponentCases.serve_computer_turns`) take the turns
out one at a time each.

Why one line per person: turns are taken round-robin across the people whose games they
are, so someone's 150 games delay somebody else's one game by at most the search already
running, never by the other 149. Within one person's line, first come first served.

A person who has nothing queued and nothing being played when a turn of theirs comes due is
served before those already served in this round (they are *fresh*); everyone else waits at
the back of the rotation. That is the difference between "at most one search" and "one
search plus one more of the busy person's".

Nothing here is stored: the store already says which computer is to move (its match's
``due_at`` is the moment it became so), so after a restart the first tick finds and queues
every such match again. The queue only has to keep one process from playing a match twice
at once; the versioned commit keeps two processes from both playing it.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque

from bot.service.replies import is_computer
from storage.base import MatchRecord


def owner_of(record: MatchRecord) -> str:
    """Whose line a match's computer turns stand in: the person playing the computer. At a
    FENCE! table with several people and computers, the person who opened the table (they
    added the computers); a record opened by no person falls back to its first person."""
    if not is_computer(record.created_by) and record.created_by in record.seats:
        return record.created_by
    people = [uid for uid in record.seats if not is_computer(uid)]
    return people[0] if people else record.created_by


class ComputerTurnQueue:
    """Match ids in per-person lines; :meth:`take` hands out the next by round-robin.

    A match is in the queue from :meth:`put` until :meth:`done`, including while it is being
    played; putting it again meanwhile is remembered and queues it once more after
    :meth:`done` (a person may have moved while the computer was finishing its turn)."""

    def __init__(self) -> None:
        self._lines: dict[str, deque[int]] = {}
        """Per person, their matches waiting, oldest first."""
        self._fresh: deque[str] = deque()
        """People with a waiting match and nothing played since their line was empty."""
        self._rotation: deque[str] = deque()
        """People with a waiting match who were served (or are being served) this round."""
        self._owner: dict[int, str] = {}
        """Every match queued or being played, and whose line it is in."""
        self._playing: set[int] = set()
        self._again: set[int] = set()
        self._busy: Counter[str] = Counter()
        """Per person, how many of their matches are being played right now."""
        self._changed = asyncio.Event()

    def __len__(self) -> int:
        """Matches waiting or being played."""
        return len(self._owner)

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._owner

    def waiting(self) -> int:
        """Matches waiting (not being played)."""
        return len(self._owner) - len(self._playing)

    def queued(self) -> frozenset[int]:
        """Every match waiting or being played."""
        return frozenset(self._owner)

    def put(self, match_id: int, owner: str) -> bool:
        """Queue ``match_id`` in ``owner``'s line; False when it is already queued (or being
        played: then it is queued again once that is done)."""
        if match_id in self._playing:
            self._again.add(match_id)
            return False
        if match_id in self._owner:
            return False
        self._owner[match_id] = owner
        line = self._lines.get(owner)
        if line is None:
            self._lines[owner] = deque([match_id])
            (self._rotation if self._busy[owner] else self._fresh).append(owner)
        else:
            line.append(match_id)
        self._changed.set()
        return True

    def take(self) -> int | None:
        """The next match to play, or None when nothing waits. It stays in the queue (and
        cannot be put again) until :meth:`done`."""
        if self._fresh:
            owner = self._fresh.popleft()
        elif self._rotation:
            owner = self._rotation.popleft()
        else:
            return None
        line = self._lines[owner]
        match_id = line.popleft()
        if line:
            self._rotation.append(owner)
        else:
            del self._lines[owner]
        self._playing.add(match_id)
        self._busy[owner] += 1
        return match_id

    async def get(self) -> int:
        """Wait for the next match to play (:meth:`take`, waiting when nothing waits)."""
        while (match_id := self.take()) is None:
            self._changed.clear()
            await self._changed.wait()
        return match_id

    def done(self, match_id: int, *, again: bool = False) -> None:
        """``match_id`` was played (or given up); with ``again`` (a computer is still to
        move) or when it was put meanwhile, it goes to the back of its person's line."""
        if match_id not in self._playing:
            return
        self._playing.discard(match_id)
        owner = self._owner.pop(match_id)
        if again or match_id in self._again:
            self._again.discard(match_id)
            # still counted as busy here: they were just served, so the back of the rotation
            self.put(match_id, owner)
        self._busy[owner] -= 1
        if self._busy[owner] <= 0:
            del self._busy[owner]
