"""Playing built from the match core: the hands, the presenter, the guide, the endings, the
moves, the panels and the premoves (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.match.wiring import Core
from bot.service.play.boards import Boards
from bot.service.play.endings import Endings, Judge
from bot.service.play.guide import Guide
from bot.service.play.hands import Hands
from bot.service.play.moves import Moves
from bot.service.play.panel import Panel
from bot.service.play.premoves import Premoves
from bot.service.play.status import LiveCards


@dataclasses.dataclass(frozen=True)
class Play:
    """The use cases of playing a match, and the presenter every later one draws with."""

    hands: Hands
    boards: Boards
    guide: Guide
    endings: Endings
    moves: Moves
    panels: Panel
    premoves: Premoves
    live: LiveCards


def build(core: Core, *, judge: Judge | None, cache_size: int = 256) -> Play:
    """``judge``: who judges a position for a computer answering a draw offer (the reviews,
    built first: play never imports the computer); ``cache_size``: autocomplete's cache."""
    hands = Hands(core.reader, core.notifier, core.workers)
    boards = Boards(core.reader, core.clocks, core.notifier, core.workers, hands, core.web)
    guide = Guide(boards, core.notifier)
    endings = Endings(core, boards, judge=judge)
    moves = Moves(core, boards, endings, guide, cache_size)
    return Play(
        hands=hands,
        boards=boards,
        guide=guide,
        endings=endings,
        moves=moves,
        panels=Panel(core.reader, guide, moves),
        premoves=Premoves(core.reader, core.transitions),
        live=LiveCards(core.reader, core.clocks),
    )
