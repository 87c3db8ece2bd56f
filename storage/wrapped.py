"""Stores that stand in front of another store: every call handed on, some looked at on the way.

:class:`Forwarding` hands every :class:`storage.base.Store` call to the store it wraps; a
wrapper overrides only what it adds. Two exist: the service's per-request cache
(:mod:`storage.cached`) and :class:`CountingStore`, which counts the calls that reach a store
— the round trips a command costs — for the benchmarks and the tests that hold the service to
a budget of them.
"""

from __future__ import annotations

import abc
import asyncio
import inspect
from collections import Counter
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from storage.base import Store

STORE_CALLS: tuple[str, ...] = tuple(
    name
    for name, member in inspect.getmembers(Store, inspect.iscoroutinefunction)
    if not name.startswith("_") and name not in ("open", "close")
)
"""Every call of the :class:`Store` interface that asks the database something (opening and
closing aside): what a wrapper hands on and what a count counts."""

_Call = Callable[..., Coroutine[Any, Any, Any]]


def _handed_on(name: str) -> _Call:
    async def call(self: Forwarding, *args: Any, **kwargs: Any) -> Any:
        return await getattr(self.inner, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = getattr(Store, name).__doc__
    return call


class Forwarding(Store):
    """Every call handed to ``inner`` as it is."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    async def open(self) -> None:
        await self.inner.open()

    async def close(self) -> None:
        await self.inner.close()


HOOKS: tuple[str, ...] = tuple(sorted(n for n in Store.__abstractmethods__ if n.startswith("_")))
"""The roles' hooks: a public call ``name`` that checks its arguments (:mod:`storage.roles`)
hands them, checked, to ``_name``, which each engine implements."""
HANDED_ON: tuple[str, ...] = tuple(
    f"_{name}" if f"_{name}" in HOOKS else name for name in STORE_CALLS
)
"""What :class:`Forwarding` hands on: the hook where a call has one, so the wrapper checks the
arguments (once, in the role) and the inner store stores what was checked; a wrapper that
looks at such a call on its way overrides the hook, with the short signature of checked
arguments. Every other call is handed on whole."""


def _complete(cls: type[Any], call: Callable[[str], _Call], names: Sequence[str]) -> None:
    """Give ``cls`` a method ``call(name)`` for each name, and let it know it is no longer
    abstract."""
    for name in names:
        setattr(cls, name, call(name))
    abc.update_abstractmethods(cls)


_complete(Forwarding, _handed_on, HANDED_ON)


def _counted(name: str) -> _Call:
    """A call counted under its public name, whether it came as the call or, from a wrapper
    above, as the call's hook (:data:`HANDED_ON`)."""
    counted = name.removeprefix("_")

    async def call(self: CountingStore, *args: Any, **kwargs: Any) -> Any:
        self.calls[counted] += 1
        self.by_task[id(asyncio.current_task())] += 1
        return await getattr(self.inner, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


class CountingStore(Forwarding):
    """``inner`` with a count of the calls that reached it, by name: each is a round trip to
    the database (one transaction; on PostgreSQL, trips to the server)."""

    def __init__(self, inner: Store) -> None:
        super().__init__(inner)
        self.calls: Counter[str] = Counter()
        self.by_task: Counter[int] = Counter()
        """Calls by the ``id`` of the task that made them: a benchmark with many commands in
        flight counts one command's calls as its task's count before and after it."""

    def total(self) -> int:
        return sum(self.calls.values())

    def made_by_this_task(self) -> int:
        return self.by_task[id(asyncio.current_task())]


_complete(CountingStore, _counted, (*STORE_CALLS, *HOOKS))
