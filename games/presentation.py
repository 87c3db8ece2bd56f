"""How a game is told to people: the second protocol every game offers beside its rules.

A rules object (:class:`games.core.Rules`) decides what may happen; its ``presentation``
decides how what happened is shown and said: the marks a renderer puts on the last move,
the sentence the thread reads, the labels of autocomplete entries and buttons, the path of
choices on the guided panel, what the public log may show of a secret action, and which
actions the player should confirm first.

They are two objects, not one, so that the rules protocol stays what an engine must get
right (the stable surface of docs/architecture.md, which the computer opponents, the
benchmarks and outside checks call) and a new game can be played, searched and tested
before a word of its presentation is written: every hook here has a default built only on
the rules surface (notation for labels and marks, "alice played c3-c5." for the sentence).
Each game that says more keeps its presentation beside its rules, in
``games/<game>/presentation.py``; the bot reaches it as ``rules.presentation``.

Everything here is pure and public unless its docstring says otherwise (:meth:`label` may
name the acting player's own secret cards, and is shown only to them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from games.sentences import SHARED, Sentence
from games.text import LABEL_LIMIT, SEGMENT_LIMIT, shorten

State = TypeVar("State")
Action = TypeVar("Action")


class _Seats(Protocol):
    @property
    def seat_names(self) -> Sequence[str]: ...


class Rulebook(Protocol):
    """What the default presentation asks of the rules it tells about: the seats' names, the
    notation and the outcome. A protocol, so this module needs nothing of :mod:`games.core`,
    whose rules hand presentations out (each game's rules object conforms)."""

    @property
    def info(self) -> _Seats: ...

    def format(self, state: Any, action: Any, /) -> str: ...

    def outcome(self, state: Any, /) -> Any: ...


class Presentation(Generic[State, Action]):
    """The default presentation of a game, built on its rules' notation.

    Subclass it per game and override what the game says differently; the rules object
    hands out one instance (``rules.presentation``), made with the rules it tells about.
    """

    confirm_reasons: tuple[str, ...] = ()
    """Every reason :meth:`confirm_before` may give (the catalogue words each one)."""

    def __init__(self, rules: Rulebook) -> None:
        self.rules = rules

    # -- the last move, for the renderer and the thread ---------------------------------------
    def highlight(self, before: State, action: Action) -> dict[str, Any]:
        """Public, JSON-safe facts about ``action`` that a renderer uses to mark the last move
        (squares moved from/to, captures, placed fences…). Must never contain secrets."""
        return {"notation": self.rules.format(before, action)}

    def describe(self, before: State, action: Action, seat_name: str) -> Sentence | None:
        """The public sentence about ``action`` ("alice played c3-c5."), as a catalogue key
        with parameters (``player`` is ``seat_name``), or None when a notice says it. The bot
        says it in each reader's language wherever the move is told: the mover's reply, the
        thread, the history, the web page."""
        return SHARED("played", player=seat_name, move=self.rules.format(before, action))

    def notices(self, before: State, after: State) -> list[Sentence]:
        """Public sentences about things the rules did by themselves during the last action
        (an automatic pass, an early end), for the bot to announce. Default: none."""
        return []

    def public_notation(self, state: State, action: Action) -> str:
        """What the public log, history and exports may show of ``action`` while the game is
        running. Games whose actions carry secret values (a card given face down) hide them
        here; the default is the canonical notation."""
        return self.rules.format(state, action)

    def sgf(
        self, state: State, steps: Sequence[str], names: Sequence[str], result: Any,
        date: str | None,
    ) -> str | None:  # fmt: skip
        """The match as an SGF record that Go programs open, or None (the default: a game not
        played with Go's board and stones has none). ``state`` is the final position the
        ``steps`` (notation, in order) lead to, ``names`` the players in seat order, ``result``
        the :class:`games.core.Outcome` or None, ``date`` SGF's ``DT``. A hook, so an export
        asks the game rather than naming it."""
        return None

    def seat_name(self, state: State, seat: int) -> str:
        """What a seat is called in this position ("White", "Purple"); empty if nothing.

        A position, not only the game, decides it: after Fonver's pie swap the second seat
        plays Black, and every sentence naming the seats must follow the swap."""
        names = self.rules.info.seat_names
        return names[seat] if 0 <= seat < len(names) else ""

    # -- the actions on offer, for autocomplete, buttons and the guided panel ------------------
    def label(self, state: State, action: Action) -> str:
        """A readable one-line description of a legal action, for autocomplete entries and
        buttons (at most :data:`~games.core.LABEL_LIMIT` characters, Discord's limit for both).

        It is written for the player about to act and may name their own secret cards, so it
        is shown only to them. Default: the canonical notation.
        """
        return shorten(self.rules.format(state, action), LABEL_LIMIT)

    def choice_path(self, state: State, action: Action) -> tuple[str, ...]:
        """The action as a path of short choices for a step-by-step button/select panel
        (each segment at most :data:`~games.core.SEGMENT_LIMIT` characters).

        Over all legal actions of a state the paths are distinct and none is a strict prefix
        of another, so the panel always knows whether a click completes an action or opens
        the next level. Splitting the notation on spaces would break that in some games (a
        one-card move would prefix a two-card one), so the safe default is a single level:
        the label, cut to a button's length.
        """
        return (shorten(self.label(state, action), SEGMENT_LIMIT),)

    def guided(self) -> bool:
        """Whether this game offers its actions as a path of several choices (it overrides
        :meth:`choice_path`): the bot then shows a guided panel instead of a flat menu."""
        return type(self).choice_path is not Presentation.choice_path

    def said_label(self, state: State, action: Action) -> str | Sentence:
        """:meth:`label` as a sentence to say in the reader's language (games whose labels
        are words); by default the label itself (notation needs no translating)."""
        return self.label(state, action)

    def said_path(self, state: State, action: Action) -> tuple[str | Sentence, ...]:
        """:meth:`choice_path` as sentences (and names), as :meth:`said_label`."""
        return self.choice_path(state, action)

    def confirm_before(self, state: State, action: Action) -> str | None:
        """Why the player should confirm ``action`` before it is played (a short reason
        word), or None to play it at once — the default, and every action of most games.

        The bot asks once, in the player's language: the catalogue words each reason twice,
        ``move.<reason>`` (a typed move refused until it is typed again ending in ``!``; it
        gets ``{move}``) and ``panel.<reason>`` (the warning on the guided panel's Confirm
        level). This is how a game's own caution (FENCE!'s "walking onto the Cops sends you
        to Jail", ruling 20) reaches the bot without the bot knowing the game."""
        return None
