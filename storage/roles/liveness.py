"""The liveness roles: whether the bot was running, and which process runs the scheduler.

Time the bot was away is nobody's: :meth:`Liveness.mark_alive` keeps a heartbeat, a process
that starts after a gap records it as an outage, and clocks pause for everyone during outages
(:meth:`Liveness.outages`). One scheduler runs across processes: :meth:`Leadership.try_lead`
elects it. Two roles, because leadership is an engine's concern only where several processes
share one database (PostgreSQL), while every engine keeps a heartbeat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Liveness(ABC):
    """The heartbeat and the outages it reveals."""

    @abstractmethod
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """Record that the bot is running at ``now``.

        A running process calls it on every scheduler tick. A process that is ``starting``
        first records the gap since the last heartbeat as an outage and returns it (None on a
        first start, or when no time passed). Heartbeats never move backwards.
        """

    @abstractmethod
    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        """Recorded outages ending after ``since``, oldest first."""

    @abstractmethod
    async def last_alive(self) -> float | None:
        """The latest heartbeat (None before the first start), read without writing one: the
        health check (``python -m bot --check``) asks it of a running bot's database."""


class Leadership(ABC):  # noqa: B024 - every method has a default; engines override them
    """Which process may run a job (the scheduler) now."""

    async def try_lead(self, name: str) -> bool:
        """Whether this process may run the job ``name`` (the scheduler) now; never waits.

        Here: always True. A memory store lives in one process, and a SQLite file is meant
        for one bot process (its writers queue on one file lock, and two schedulers on one
        file would double every reminder), so there is nobody to elect. The PostgreSQL store
        overrides this with a server-side lock, because several processes may share it.
        Call it before every tick: a leader can lose its lock (connection lost) and must
        then stop.
        """
        return True

    async def release_lead(self, name: str) -> None:  # noqa: B027 - optional hook
        """Step down from ``name`` so another process may lead (closing the store does too)."""
