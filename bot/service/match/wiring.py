"""The match core built once: the collaborators every use case may be given, in one object.

Why one object: a use case used to take nine to twelve constructor arguments, most of them the
same five (the store, the clock, the reader, the transitions, the clocks). They travel as one
:class:`Core`; a use case's constructor names only what is its own (the presenter, the
endings, another use case it hands work to).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from bot.service.match.clock.clocks import ClockKeeper
from bot.service.match.limits import Limits
from bot.service.match.links import BoardLinks
from bot.service.match.notifier import Notifier
from bot.service.match.places import LinkFn, Places
from bot.service.match.reader import MatchReader
from bot.service.match.transition import TournamentTransitions, Transitions
from bot.service.match.workers import Workers
from storage.base import Store


@dataclasses.dataclass(frozen=True)
class Core:
    """What every use case stands on."""

    store: Store
    clock: Callable[[], float]
    seeds: Callable[[], int]
    """Where a new match's seed comes from."""
    link: LinkFn | None
    """How a front end links to a match's place (Discord: a jump link), if it can."""
    web: BoardLinks | None
    """The web board's link signer (None: no web board)."""
    workers: Workers
    """Where rendering and the computer's search run: a process pool, or inline."""
    reminders: tuple[float, ...]
    """Seconds left on a clock at which its player is reminded, longest first."""
    default_time: str
    """Time control of new matches when neither /play nor the server names one."""
    transitions: Transitions
    tournament_transitions: TournamentTransitions
    clocks: ClockKeeper
    limits: Limits
    """Per-user limits of each server, checked where the work they bound is created."""
    notifier: Notifier
    reader: MatchReader
    places: Places


def build(
    store: Store,
    *,
    clock: Callable[[], float],
    seeds: Callable[[], int],
    link: LinkFn | None,
    web: BoardLinks | None,
    workers: Workers,
    limits: Limits | None,
    default_time: str,
    reminders: Sequence[float],
) -> Core:
    """The match core on ``store`` (``limits`` None: the defaults, counted in ``store``)."""
    reminders = tuple(sorted(reminders, reverse=True))
    transitions = Transitions(store, clock, reminders)
    clocks = ClockKeeper(store, clock, default_time)
    return Core(
        store=store,
        clock=clock,
        seeds=seeds,
        link=link,
        web=web,
        workers=workers,
        reminders=reminders,
        default_time=default_time,
        transitions=transitions,
        tournament_transitions=TournamentTransitions(store, clock),
        clocks=clocks,
        limits=limits or Limits(store, clock),
        notifier=Notifier(store, clocks, link),
        reader=MatchReader(store, clock, transitions, link),
        places=Places(store, link, web),
    )


class OnCore:
    """A use case standing on the match core: the parts of :class:`Core` use cases read,
    bound once under the names they all read them by, so no constructor lists them again."""

    def __init__(self, core: Core) -> None:
        self.store, self.clock, self.reader = core.store, core.clock, core.reader
        self.transitions, self.clocks, self.limits = core.transitions, core.clocks, core.limits
        self.notifier, self.workers = core.notifier, core.workers
        self._seed_source = core.seeds
        """Where a new match's seed comes from."""
