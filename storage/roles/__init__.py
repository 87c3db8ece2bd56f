"""The store's roles: each a small interface for one kind of caller, composed into
:class:`storage.base.Store`.

Why roles: one interface of fifty methods was typed out again in every engine, and a
newcomer could not see which methods belong together. A role is one module here, one module
of each engine (``storage/memory/<role>.py``, ``storage/sql/<role>.py``) and one folder of
contract tests (``tests/storage/<role>/``), run against every store. A public method that
checks its arguments does so here, once, and hands what it checked to a hook (a method whose
name starts with ``_``) each engine implements. docs/checklists/adding-a-store.md says how a
role is added.
"""

from __future__ import annotations

from storage.roles.analyses import Analyses
from storage.roles.deadlines import Deadlines
from storage.roles.live import LiveStatus
from storage.roles.liveness import Leadership, Liveness
from storage.roles.matches import Matches, MatchNews
from storage.roles.notices import Notices
from storage.roles.people import Personal, Players, Settings
from storage.roles.ratings import Ratings
from storage.roles.reviews import Reviews
from storage.roles.tournaments import Tournaments
from storage.roles.uses import CountedUses

ROLES = (
    Matches, MatchNews, Players, Settings, Ratings, Tournaments, Reviews, Notices, Deadlines,
    Liveness, Leadership, CountedUses, Analyses, Personal, LiveStatus,
)  # fmt: skip
"""Every role, in the order :class:`storage.base.Store` composes them."""

__all__ = [
    "ROLES",
    "Analyses",
    "CountedUses",
    "Deadlines",
    "Leadership",
    "LiveStatus",
    "Liveness",
    "MatchNews",
    "Matches",
    "Notices",
    "Personal",
    "Players",
    "Ratings",
    "Reviews",
    "Settings",
    "Tournaments",
]
