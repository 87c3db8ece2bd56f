"""The shared vocabulary of every rules engine.

Everything a game exposes to the rest of the bot goes through the names defined here, so the
service layer, the renderers, the benchmarks and outside checks can treat all five games the
same way. Nothing in ``games/`` imports discord, PIL, asyncio or sqlite: a rules engine is a
set of pure functions over immutable state, which is what makes replay, undo and concurrent
readers safe.
"""

from __future__ import annotations

import difflib
import functools
import random
import tomllib
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from games.sentences import (
    SHARED,
    Sentence,
    Sentences,
    alternatives,
    from_data,
    is_data,
    joined,
    option_name,
    option_value,
)
from games.text import QUOTE_LIMIT, shorten

if TYPE_CHECKING:
    from games.presentation import Presentation

State = TypeVar("State")
Action = TypeVar("Action")


# --------------------------------------------------------------------------------------------
# Errors: one hierarchy, turned into a friendly sentence in exactly one place (the service).
# --------------------------------------------------------------------------------------------


class IllegalMove(ValueError):
    """The only exception whose message players ever see.

    It carries a :class:`~games.sentences.Sentence`: a catalogue key and its parameters, so
    the service can say it in the player's language (``key``, ``params``), and its English
    wording, which is ``str(exc)`` for logs and tests. The sentence says what is wrong and,
    where it helps, what would be legal instead.
    """

    def __init__(self, sentence: Sentence) -> None:
        super().__init__(sentence.english())
        self.sentence = sentence

    @property
    def key(self) -> str:
        return self.sentence.key

    @property
    def params(self) -> Mapping[str, Any]:
        return self.sentence.params

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.sentence,)


class InvalidNotation(IllegalMove):
    """The text could not be read as a move at all (a syntax problem)."""


class RuleViolation(IllegalMove):
    """The move is well formed but the rules forbid it here."""


class AmbiguousMove(IllegalMove):
    """The text fits more than one legal move."""


class NotYourTurn(IllegalMove):
    """Somebody other than the seat to act tried to act."""


class GameOver(IllegalMove):
    """The match has already ended."""


class InvalidOption(IllegalMove):
    """A match option is unknown or has a value outside its allowed set."""


class InvalidState(ValueError):
    """Stored state that :meth:`Rules.load` cannot trust: wrong types, missing or short parts,
    absurd sizes. Not a player's mistake (so no :class:`IllegalMove`): the bot rebuilds the
    snapshot from the action log when it meets one."""


# --------------------------------------------------------------------------------------------
# Outcome
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How a match ended.

    ``winners`` holds seat numbers; an empty tuple is a draw (or, in multiplayer games, nobody
    winning). ``termination`` is a short machine-readable word (``"home_row"``, ``"score"``,
    ``"resignation"``, ``"agreement"``, ``"timeout"``, …) and ``reason`` a sentence for people.
    """

    winners: tuple[int, ...]
    termination: str
    reason: str | Sentence = ""
    """An engine's reason is a sentence (a catalogue key), said in each reader's language; a
    reason the bot phrased itself (a resignation) is already text in the server's language."""
    scores: tuple[int, ...] | None = None

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        said = {"said": self.reason.data()} if isinstance(self.reason, Sentence) else {}
        return {
            "winners": list(self.winners),
            "termination": self.termination,
            "reason": str(self.reason),
            "scores": None if self.scores is None else list(self.scores),
            **said,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        scores = data.get("scores")
        reason: str | Sentence = str(data.get("reason", ""))
        if is_data(data.get("said")):
            from games import sentences  # the engines' English, for the sentence's fallback

            said = from_data(data["said"], sentences())
            reason = said if isinstance(said, Sentence) else reason
        return cls(
            winners=tuple(data["winners"]),
            termination=str(data["termination"]),
            reason=reason,
            scores=None if scores is None else tuple(scores),
        )


# --------------------------------------------------------------------------------------------
# Options: a schema is data, so the console, Discord subcommands and validation share it.
# --------------------------------------------------------------------------------------------

OptionKind = Literal["choice", "int", "bool"]


@dataclass(frozen=True)
class Option:
    """One match option a player may set when creating a match.

    ``choice`` options take one of ``choices`` (strings); ``int`` options take one of
    ``choices`` if given, else any integer in ``[minimum, maximum]``; ``bool`` options take
    true/false (and the usual yes/no/on/off spellings when typed).
    """

    name: str
    kind: OptionKind
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """The allowed values as players should read them in an error message (English)."""
        return str(self.allowed_sentence())

    def allowed_sentence(self) -> Sentence | str:
        """The allowed values, to be said in the reader's language."""
        if self.kind == "bool":
            return alternatives([option_value(True), option_value(False)])
        if self.choices:
            return alternatives([option_value(c) for c in self.choices])
        return SHARED("allowed_range", low=self.minimum, high=self.maximum)

    def coerce(self, value: Any) -> Any:
        """Turn typed or JSON input into the option's value, or refuse it with a sentence."""
        bad = InvalidOption(
            SHARED(
                "option_value",
                name=option_name(self.name),
                value=repr(value),
                allowed=self.allowed_sentence(),
            )
        )
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"true", "yes", "on", "1"}:
                return True
            if text in {"false", "no", "off", "0"}:
                return False
            raise bad
        if self.kind == "int":
            if isinstance(value, bool):
                raise bad
            try:
                number = int(str(value).strip())
            except ValueError:
                raise bad from None
            if self.choices and number not in self.choices:
                raise bad
            if self.minimum is not None and number < self.minimum:
                raise bad
            if self.maximum is not None and number > self.maximum:
                raise bad
            return number
        text = str(value).strip().lower()
        for choice in self.choices:
            if text == str(choice).lower():
                return choice
        raise bad


def validate_options(schema: Sequence[Option], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every given option against the schema."""
    by_name = {opt.name: opt for opt in schema}
    result = {opt.name: opt.default for opt in schema}
    for name, value in (options or {}).items():
        opt = by_name.get(name)
        if opt is None:
            known = joined([option_name(option) for option in sorted(by_name)])
            close = difflib.get_close_matches(str(name), list(by_name), n=2)
            shown = repr(shorten(str(name), QUOTE_LIMIT))
            if not by_name:
                raise InvalidOption(SHARED("unknown_option_none", name=shown))
            raise InvalidOption(
                SHARED(
                    "unknown_option_close",
                    name=shown,
                    known=known,
                    close=alternatives([option_name(c) for c in close]),
                )
                if close
                else SHARED("unknown_option", name=shown, known=known)
            )
        result[name] = opt.coerce(value)
    return result


# --------------------------------------------------------------------------------------------
# Game information
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameInfo:
    """What the bot needs to know about a game before any match exists."""

    name: str
    title: str
    min_players: int
    max_players: int
    seat_names: tuple[str, ...]
    """Names of the seats in turn order (``("White", "Black")``); the colour option of /play
    accepts these (case-insensitive) as well as first/second/random."""
    summary: str
    """A short rules summary in our own words (shown by /rules)."""
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    notation_help: str = ""
    """One or two lines telling players how to type a move."""

    @classmethod
    def read(
        cls, package: str, seat_names: tuple[str, ...], options: tuple[Option, ...] = ()
    ) -> GameInfo:
        """The facts in the game's ``info.toml`` (names, players, summary, notation help: data
        a writer edits without reading code), with the seats and options its engine declares."""
        text = resources.files(package).joinpath("info.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
        aliases = tuple(data.pop("aliases", ()))
        return cls(seat_names=seat_names, options=options, aliases=aliases, **data)


# --------------------------------------------------------------------------------------------
# The rules interface
# --------------------------------------------------------------------------------------------


class Rules(ABC, Generic[State, Action]):
    """The stable surface every game offers (see docs/architecture.md): what may happen.

    Subclasses implement the abstract methods: the engine's calls, and ``presentation``, the
    object that tells people what happened (:mod:`games.presentation`, a protocol of its
    own). The rule facts and helpers at the bottom have defaults built only on that surface.
    """

    info: GameInfo
    sentences: ClassVar[Sentences]
    """The game's English refusal sentences by key (see :mod:`games.sentences`): the bot's
    catalogue reads them as its English for ``rules.<game>.*`` and translates the same keys."""
    step_separator: str = " "
    """What joins the steps of one turn typed on one line, as :meth:`parse_many` reads them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``load`` is guarded the same way (see :func:`_checked_load`)."""
        super().__init_subclass__(**kwargs)
        if "load" in cls.__dict__ and not getattr(cls.__dict__["load"], "checked", False):
            cls.load = _checked_load(cls.__dict__["load"])  # type: ignore[method-assign]

    # -- life cycle --------------------------------------------------------------------------
    @abstractmethod
    def new(self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        """A fresh match. Options are validated with :func:`validate_options`."""

    @abstractmethod
    def to_move(self, state: State) -> list[int]:
        """Seats that must act now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action (for multi-step turns: next step) for the seat to act,
        deterministically ordered."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """A new state; never mutates ``state``; raises :class:`IllegalMove`."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the rules end the game, else ``None``."""

    # -- notation ----------------------------------------------------------------------------
    @abstractmethod
    def parse(self, state: State, text: str) -> Action:
        """Player input → a *legal* action, or :class:`IllegalMove` explaining why not."""

    @abstractmethod
    def format(self, state: State, action: Action) -> str:
        """Canonical notation of ``action`` in ``state``; :meth:`parse` accepts it back."""

    # -- views and serialisation -------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may see (``None``: the public). JSON-safe; hidden data removed.

        Renderers only ever receive views. Each game declares its view's shape as a
        ``TypedDict`` (``games/<game>/view.py``) and narrows this return type to it: a plain
        dict at run time (the web page's JSON, ``view["to_move"]`` everywhere), a checked
        shape for the type checker, and a test holds every view to its declared keys.
        """

    @abstractmethod
    def dump(self, state: State) -> dict[str, Any]:
        """Lossless JSON-safe serialisation (may contain secrets: storage only)."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`dump`."""

    @abstractmethod
    def position(self, state: State) -> str:
        """The game's position notation (see ``docs/rules/<game>.md``)."""

    @abstractmethod
    def from_position(self, text: str) -> State:
        """Inverse of :meth:`position`; raises :class:`InvalidNotation` on bad input."""

    # -- how the game is told to people: a protocol of its own -------------------------------
    @property
    @abstractmethod
    def presentation(self) -> Presentation[State, Action]:
        """How this game's positions and actions are shown and said (marks on the last move,
        sentences, labels, the guided panel's choices, what to confirm first): the second
        protocol, :class:`games.presentation.Presentation`. Kept off the rules so an engine
        is complete without a word of it; each game hands out one, made with itself."""

    # -- rule facts with sensible defaults ----------------------------------------------------
    def turn_ended(self, before: State, after: State) -> bool:
        """Whether ``after`` starts a new turn (someone else to act, or the game is over).

        Multi-step turns keep the same seat to act; the bot pings once per turn, not per step.
        """
        return self.to_move(after) != self.to_move(before) or self.outcome(after) is not None

    def parse_many(self, state: State, text: str) -> list[Action]:
        """Input that may hold several steps of one turn (a Fonver placement followed by its
        captures, ``k10 l11>k11``) → the actions in order, each legal in the state left by
        the previous one. Games whose turns are single actions keep this default."""
        return [self.parse(state, text)]

    def drop_player(self, state: State, seat: int) -> State | None:
        """``state`` without ``seat`` (resignation or timeout) when the game can go on with
        the others, or ``None`` when it cannot: the match then ends and the bot declares the
        remaining seats the winners. Default: ``None`` (every two-player game)."""
        return None

    # -- analysis boards (defaults suit games without hidden information) --------------------
    def analysis_worlds(self, state: State, seat: int) -> tuple[State, ...]:
        """States ``seat``'s analysis board starts from: each holding nothing that seat cannot
        see (nor the generator's future), told apart by nothing in its view. A step is
        offered there only where that seat's view after it is the same in every one, so no
        line tried on the board can show a card the seat does not know. Without hidden
        information, the state itself."""
        return (state,)

    def analysis_seen(self, state: State, seat: int) -> Any:
        """What ``seat`` would see of ``state`` that hidden cards could change, compared
        between the worlds of an analysis board; its view, unless a game has a cheaper
        fingerprint of the same."""
        return self.view(state, seat)

    def analysis_known(self, before: State, after: State, seat: int) -> bool:
        """Whether a step from ``before`` to ``after`` on an analysis board is decided
        without chance (no die rolled, nothing shuffled). Always, in games without it."""
        return True

    def analysis_variants(self, world: State, after: State, seat: int) -> Sequence[Iterable[State]]:
        """States ``seat`` cannot tell from ``world`` (one of :meth:`analysis_worlds`) in
        which the step that led from ``world`` to ``after`` could fall otherwise (other dice,
        another unseen card on top), by kind, so the analysis board can offer its player
        every outcome to pick from. None in games without chance or hidden cards."""
        return ()

    def analysis_told(self, before: State, after: State, seat: int) -> list[Any]:
        """What ``seat`` is told of how a step chance decided fell (engine sentences): the
        analysis board's words for each outcome it offers."""
        return []

    def legal_notations(self, state: State) -> list[str]:
        """Canonical notations of every legal action (drives autocomplete)."""
        return [self.format(state, a) for a in self.legal_actions(state)]

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return validate_options(self.info.options, options)

    def random_playout(self, state: State, rng: random.Random, max_plies: int = 10_000) -> State:
        """Play random legal actions to the end (tests and benchmarks)."""
        for _ in range(max_plies):
            if self.outcome(state) is not None or not self.to_move(state):
                return state
            actions = self.legal_actions(state)
            if not actions:
                return state
            state = self.apply(state, rng.choice(actions))
        return state


# --------------------------------------------------------------------------------------------
# Loading stored state safely
# --------------------------------------------------------------------------------------------

STATE_LIMITS = {"nodes": 100_000, "depth": 16, "text": 20_000, "size": 25}
"""Bounds on stored state before a game reads it: far above any real match (a full FENCE!
city is ~3,000 JSON nodes), far below what could exhaust memory or time."""


def _checked_load(load: Callable[[Any, Mapping[str, Any]], Any]) -> Callable[..., Any]:
    """Wrap a game's ``load``: bounded shape first, then any slip of the game's own reader
    (a missing key, a wrong type, a short list) becomes :class:`InvalidState`. A game that
    validates a field itself keeps its own :class:`InvalidNotation` message."""

    @functools.wraps(load)
    def checked(self: Rules[Any, Any], data: Mapping[str, Any]) -> Any:
        _check_shape(self.info, data)
        try:
            state = load(self, data)
            # A state is only trusted once the rules can read it: what to_move, outcome and
            # legal_actions need must be there (FENCE! keeps the moves cached in the state,
            # so the check costs the next command nothing).
            if self.outcome(state) is None and self.to_move(state):
                self.legal_actions(state)
            return state
        except (InvalidState, IllegalMove):
            raise  # the game's own reader already said clearly what is wrong
        except (TypeError, KeyError, IndexError, AttributeError, ValueError, OverflowError) as exc:
            raise InvalidState(
                f"stored {self.info.title} state is unreadable: {type(exc).__name__}: "
                f"{shorten(str(exc), 120)}"
            ) from None

    checked.checked = True  # type: ignore[attr-defined]
    return checked


def _check_shape(info: GameInfo, data: Any) -> None:
    if not isinstance(data, Mapping):
        raise InvalidState(f"stored {info.title} state is not an object")
    players = data.get("players")
    if players is not None and (
        not isinstance(players, int) or not info.min_players <= players <= info.max_players
    ):
        raise InvalidState(f"stored {info.title} state has {players!r} players")
    size = data.get("size")
    if size is not None and (not isinstance(size, int) or not 1 <= size <= STATE_LIMITS["size"]):
        raise InvalidState(f"stored {info.title} state has board size {size!r}")
    nodes = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > STATE_LIMITS["nodes"] or depth > STATE_LIMITS["depth"]:
            raise InvalidState(f"stored {info.title} state is too large or too deep")
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list | tuple):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and len(value) > STATE_LIMITS["text"]:
            raise InvalidState(f"stored {info.title} state holds an overlong text")
        elif isinstance(value, int) and abs(value) > 2**53:
            raise InvalidState(f"stored {info.title} state holds an absurd number")


def conforms(value: Any, hint: Any) -> bool:
    """Whether loaded data has the shape of a type hint (ints, strings, bools, None, tuples
    and lists of them, unions, literals): enough to trust a snapshot's fields before use."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if origin is Literal:
        return value in args
    if origin in (tuple, list):
        if not isinstance(value, tuple | list):
            return False
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        if origin is tuple and args:
            return len(value) == len(args) and all(
                conforms(v, a) for v, a in zip(value, args, strict=True)
            )
        return all(conforms(v, args[0]) for v in value) if args else True
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint in (str, bool, type(None)):
        return isinstance(value, hint)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True
