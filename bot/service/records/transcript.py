"""A plain-text record of a match that people can read and the engine can load back.

The layout borrows PGN's shape because players of board games already know it: a block of
``[Key "value"]`` tags, the numbered turns, then the final position as one more tag. Each
turn line names its seat the way the header does, so a reader never needs the header to
follow the game, and the loader maps the name back to the seat number.

Whatever a name or a notation contains, it survives the round trip: backslash escapes
protect the few characters that carry structure (quotes in tags, ``:`` after a turn's
player, ``;`` between steps, parentheses around a seat name, line breaks everywhere).
Typical records contain none of them and read as plain text.

Exports carry every step and, when set, the seed and the full position: for games with
hidden information that reveals the hands, so callers export finished matches only.

Fonver is also written as SGF (:func:`sgf_of`), the format every Go program opens, since
Fonver is played with Go's board and stones (issue 18.5).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import games
from bot.service.base import DROP
from games.core import Outcome
from games.presentation import Presentation

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "(.*)"\]$')
_TURN = re.compile(r"^(\d+)\. (.*)$")
_SEAT_TAG = re.compile(r"^Seat(\d+)$")
_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|\+00:00)$")
_STEP_SEPARATOR = " ; "


@dataclass(frozen=True)
class ExportedMatch:
    """Everything needed to show a finished (or running) match and to rebuild it."""

    game: str
    match_id: int
    players: tuple[str, ...]
    seat_names: tuple[str, ...]
    options: dict[str, Any]
    seed: int | None
    result: str | None
    started: float
    finished: float | None
    moves: tuple[tuple[int, str], ...]
    """(seat, notation) for every step, in the order played."""
    position: str | None
    """The final position notation, when included."""
    played_as: tuple[str, ...] = ()
    """The seat's name when each step was played, one per step, where a game renames seats
    on the way (Fonver's pie swap: the first stone is Black's, and its player ends White).
    Empty when every step was played under its seat's final name (``seat_names``)."""

    def __post_init__(self) -> None:
        if self.played_as and len(self.played_as) == len(self.moves):
            final = tuple(self._final_name(seat) for seat, _ in self.moves)
            if self.played_as == final:  # nothing to say beyond the header: one spelling
                object.__setattr__(self, "played_as", ())

    def _final_name(self, seat: int) -> str:
        return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else ""

    def name_then(self, step: int) -> str:
        """The seat's name when step ``step`` (0-based) was played."""
        if self.played_as:
            return self.played_as[step]
        return self._final_name(self.moves[step][0])


# --------------------------------------------------------------------------------------------
# Escaping: one backslash scheme, with the special characters depending on the context.
# --------------------------------------------------------------------------------------------

_CONTROL = {"\n": "n", "\r": "r"}
_UNCONTROL = {v: k for k, v in _CONTROL.items()}


def _escape(text: str, specials: str) -> str:
    out = []
    for ch in text:
        if ch in _CONTROL:
            out.append("\\" + _CONTROL[ch])
        elif ch == "\\" or ch in specials:
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def _scan(text: str) -> Iterator[tuple[int, str, bool]]:
    """(index, character, escaped) with escapes resolved; a lone trailing backslash is
    kept as itself."""
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            yield i, _UNCONTROL.get(nxt, nxt), True
            i += 2
        else:
            yield i, text[i], False
            i += 1


def _unescape(text: str) -> str:
    return "".join(ch for _, ch, _ in _scan(text))


def _unescaped_positions(text: str, char: str) -> list[int]:
    return [i for i, ch, escaped in _scan(text) if ch == char and not escaped]


def _seat_label(player: str, seat_name: str) -> str:
    """``Alice (White)`` — parentheses inside either name are escaped so the split is
    unambiguous."""
    return f"{_escape(player, '()')} ({_escape(seat_name, '()')})"


def _split_seat_label(label: str) -> tuple[str, str]:
    opens = _unescaped_positions(label, "(")
    closes = _unescaped_positions(label, ")")
    if opens and closes and closes[-1] == len(label) - 1 and opens[-1] > 0:
        start = opens[-1]
        player = label[: start - 1] if label[start - 1] == " " else label[:start]
        return _unescape(player), _unescape(label[start + 1 : -1])
    return _unescape(label), ""


# --------------------------------------------------------------------------------------------
# Times: ISO-8601 UTC with just enough decimals to give back the exact float.
# --------------------------------------------------------------------------------------------


def _format_time(seconds: float) -> str:
    if not math.isfinite(seconds):
        raise ValueError(f"{seconds} is not a moment in time")
    exact = Fraction(seconds)
    digits = 0
    while float(Fraction(round(exact * 10**digits), 10**digits)) != seconds:
        digits += 1  # ends: every float is a finite decimal
    scale = 10**digits
    whole, fraction = divmod(round(exact * scale), scale)
    t = _EPOCH + timedelta(seconds=whole)
    stamp = f"{t.year:04d}-{t.month:02d}-{t.day:02d}T{t.hour:02d}:{t.minute:02d}:{t.second:02d}"
    return f"{stamp}.{fraction:0{digits}d}Z" if digits else f"{stamp}Z"


def _parse_time(text: str) -> float:
    match = _ISO.match(text)
    if match is None:
        raise ValueError(f"{text!r} is not an ISO-8601 UTC time like 2024-05-01T12:00:00Z")
    year, month, day, hour, minute, second = (int(g) for g in match.groups()[:6])
    moment = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
    whole = (moment - _EPOCH) // timedelta(seconds=1)
    digits = match.group(7) or ""
    fraction = Fraction(int(digits), 10 ** len(digits)) if digits else Fraction(0)
    return float(whole + fraction)


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def _tag(key: str, value: str) -> str:
    return f'[{key} "{_escape(value, chr(34))}"]'


def _turns(m: ExportedMatch) -> list[tuple[int, str, list[str]]]:
    """Consecutive steps of one seat under one name form one turn: (seat, name then, steps)."""
    turns: list[tuple[int, str, list[str]]] = []
    for index, (seat, notation) in enumerate(m.moves):
        called = m.name_then(index)
        if turns and turns[-1][:2] == (seat, called):
            turns[-1][2].append(notation)
        else:
            turns.append((seat, called, [notation]))
    return turns


def _turn_label(m: ExportedMatch, labels: list[str], seat: int, called: str) -> str:
    """Who played a turn, under the seat's name at the time ("alice (Black)" for the stone
    she placed before the swap made her White).

    The loader maps a label back to its seat: a header label that names one seat only, else
    the player's name when no other seat has it. Where neither can name the seat (one person
    in two identical seats) the turn says ``#N``, which never equals a label (those end with
    ")"); the name at the time is then the header's."""
    label = _seat_label(m.players[seat], called)
    if called == m.seat_names[seat]:
        return label if labels.count(label) == 1 else f"#{seat}"
    if m.players.count(m.players[seat]) == 1 and label not in labels:
        return label
    return f"#{seat}"


def dump_text(m: ExportedMatch) -> str:
    """The text record; :func:`load_text` gives back an equal :class:`ExportedMatch`."""
    if len(m.players) != len(m.seat_names):
        raise ValueError(
            f"Match #{m.match_id} has {len(m.players)} players but {len(m.seat_names)} seat names."
        )
    for seat, _ in m.moves:
        if not 0 <= seat < len(m.players):
            raise ValueError(f"Match #{m.match_id} has a move by seat {seat}, which is not seated.")
    if m.played_as and len(m.played_as) != len(m.moves):
        raise ValueError(
            f"Match #{m.match_id} names the seat of {len(m.played_as)} steps out of {len(m.moves)}."
        )
    labels = [_seat_label(p, s) for p, s in zip(m.players, m.seat_names, strict=True)]
    lines = [_tag("Game", m.game), _tag("Match", str(m.match_id))]
    lines += [_tag(f"Seat{i}", label) for i, label in enumerate(labels)]
    options = json.dumps(m.options, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    lines.append(_tag("Options", options))
    if m.seed is not None:
        lines.append(_tag("Seed", str(m.seed)))
    if m.result is not None:
        lines.append(_tag("Result", m.result))
    lines.append(_tag("Started", _format_time(m.started)))
    if m.finished is not None:
        lines.append(_tag("Finished", _format_time(m.finished)))
    lines.append("")
    for number, (seat, called, steps) in enumerate(_turns(m), start=1):
        who = _turn_label(m, labels, seat, called)
        text = _STEP_SEPARATOR.join(_escape(step, ";") for step in steps)
        lines.append(f"{number}. {_escape(who, ':')}: {text}")
    if m.position is not None:
        lines += ["", _tag("Position", m.position)]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def _split_steps(text: str) -> list[str]:
    """Steps are cut at every unescaped ``;``; one space on each side belongs to the
    separator, so hand-typed ``a;b`` and ``a; b`` read as well."""
    pieces, start = [], 0
    for cut in _unescaped_positions(text, ";"):
        pieces.append(text[start:cut].removesuffix(" "))
        start = cut + 1 + (text[cut + 1 : cut + 2] == " ")
    pieces.append(text[start:])
    return [_unescape(piece) for piece in pieces]


def load_text(text: str) -> ExportedMatch:
    """Read a record written by :func:`dump_text` (blank lines and unknown tags are
    tolerated); ``ValueError("line N: …")`` says where it went wrong."""
    tags, turn_lines = _read_lines(text)

    def need(key: str) -> tuple[int, str]:
        if key not in tags:
            raise ValueError(f"line 1: the {key} tag is missing from the header")
        return tags[key]

    def integer(key: str) -> int:
        line, value = need(key)
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"line {line}: {key} must be a whole number, not {value!r}") from None

    def moment(key: str) -> float:
        line, value = need(key)
        try:
            return _parse_time(value)
        except ValueError as exc:
            raise ValueError(f"line {line}: {exc}") from None

    seats = sorted(int(m.group(1)) for key in tags if (m := _SEAT_TAG.match(key)))
    if seats != list(range(len(seats))) or not seats:
        line = min((tags[k][0] for k in tags if _SEAT_TAG.match(k)), default=1)
        raise ValueError(f"line {line}: seats must be numbered Seat0, Seat1, … without gaps")
    labels = [tags[f"Seat{i}"][1] for i in seats]
    names = [_split_seat_label(label) for label in labels]

    options = _options(tags)
    moves, played_as = _read_turns(turn_lines, labels, names)
    return ExportedMatch(
        game=need("Game")[1],
        match_id=integer("Match"),
        players=tuple(player for player, _ in names),
        seat_names=tuple(seat_name for _, seat_name in names),
        options=options,
        seed=integer("Seed") if "Seed" in tags else None,
        result=tags["Result"][1] if "Result" in tags else None,
        started=moment("Started"),
        finished=moment("Finished") if "Finished" in tags else None,
        moves=tuple(moves),
        position=tags["Position"][1] if "Position" in tags else None,
        played_as=tuple(played_as),
    )


def _read_lines(text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, int, str]]]:
    """A record's tags (key → line number, value) and turn lines (line number, turn, rest)."""
    tags: dict[str, tuple[int, str]] = {}
    turn_lines: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        row = raw.removesuffix("\r")
        if not row.strip():
            continue
        if row.startswith("["):
            match = _TAG.match(row)
            if match is None:
                raise ValueError(f'line {number}: expected a tag like [Name "value"]')
            key, value = match.groups()
            if [i for i, ch, esc in _scan(value) if ch == '"' and not esc]:
                raise ValueError(f"line {number}: a quote inside a tag value must be escaped")
            if key in tags:
                raise ValueError(f"line {number}: the {key} tag appears twice")
            tags[key] = (number, _unescape(value))
            continue
        match = _TURN.match(row)
        if match is None:
            raise ValueError(f"line {number}: expected a tag or a turn like '1. Alice (White): a3'")
        turn_lines.append((number, int(match.group(1)), match.group(2)))
    return tags, turn_lines


def _options(tags: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """The match's options from its Options tag (a JSON object; none: the defaults)."""
    options: dict[str, Any] = {}
    if "Options" in tags:
        line, value = tags["Options"]
        try:
            options = json.loads(value)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {line}: Options is not valid JSON ({exc.msg})") from None
        if not isinstance(options, dict):
            raise ValueError(f"line {line}: Options must be a JSON object")
    return options


def _read_turns(
    turn_lines: list[tuple[int, int, str]],
    labels: list[str],
    names: list[tuple[str, str]],
) -> tuple[list[tuple[int, str]], list[str]]:
    """Each turn line's steps with the seat that played them (found by its label, a ``#n``
    or its player's name before a swap), and the colour each was played as."""
    moves: list[tuple[int, str]] = []
    played_as: list[str] = []
    players = [player for player, _ in names]
    for expected, (line, number, rest) in enumerate(turn_lines, start=1):
        if number != expected:
            raise ValueError(f"line {line}: expected turn {expected}, found {number}")
        colons = _unescaped_positions(rest, ":")
        if not colons:
            raise ValueError(f"line {line}: expected ':' after the player's name")
        who = _unescape(rest[: colons[0]])
        steps = rest[colons[0] + 1 :].removeprefix(" ")
        player, called = _split_seat_label(who)
        if labels.count(who) == 1:
            seat = labels.index(who)
        elif re.fullmatch(r"#\d+", who) and int(who[1:]) < len(labels):
            seat, called = int(who[1:]), names[int(who[1:])][1]
        elif players.count(player) == 1 and _seat_label(player, called) == who:
            seat = players.index(player)  # the seat under another name (before a swap)
        else:
            raise ValueError(f"line {line}: {who!r} is not one of the seats in the header")
        split = _split_steps(steps)
        moves += [(seat, step) for step in split]
        played_as += [called] * len(split)
    return moves, played_as


# --------------------------------------------------------------------------------------------
# Replaying
# --------------------------------------------------------------------------------------------


def replay(m: ExportedMatch) -> Any:
    """Rebuild the final state by playing every step from a fresh match.

    Each step is parsed in the state it was played in, since some notations only make sense
    there. ``ValueError`` names the first step that does not fit, or a final position that
    differs from the recorded one.
    """
    try:
        rules = games.get(m.game)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    state = rules.new(len(m.players), m.options, m.seed or 0)
    for index, (seat, notation) in enumerate(m.moves, start=1):
        who = f"{m.players[seat]} ({m.seat_names[seat]})" if seat < len(m.players) else seat
        if notation == DROP:
            left = rules.drop_player(state, seat)
            if left is None:
                raise ValueError(f"step {index}, {who}: {m.game} cannot go on without a seat")
            state = left
            continue
        if seat not in rules.to_move(state):
            raise ValueError(f"step {index}, {who} {notation!r}: it is not that seat's turn")
        try:
            state = rules.apply(state, rules.parse(state, notation))
        except games.IllegalMove as exc:
            raise ValueError(f"step {index}, {who} {notation!r}: {exc}") from None
    if m.position is not None and rules.position(state) != m.position:
        raise ValueError("the recorded final position differs from the one the moves lead to")
    return state


# --------------------------------------------------------------------------------------------
# SGF, for the games Go programs can show
# --------------------------------------------------------------------------------------------


def _sgf_date(started: float, finished: float | None) -> str:
    """``DT``: the day the match started, and the day it ended when that is another one
    (a correspondence match spans days; SGF allows a list of dates)."""
    first = datetime.fromtimestamp(started, UTC).date().isoformat()
    if finished is None:
        return first
    last = datetime.fromtimestamp(finished, UTC).date().isoformat()
    return first if last == first else f"{first},{last}"


def sgf_of(m: ExportedMatch, outcome: Outcome | None) -> str | None:
    """The match as an SGF file for Go programs, or None for a game without one.

    The game writes it (:meth:`games.presentation.Presentation.sgf`) from the steps and the
    final position they lead to, so the service never asks which game is on a Go board.
    """
    rules = games.get(m.game)
    if type(rules.presentation).sgf is Presentation.sgf:
        return None  # the default hook: no SGF, and no replay (a running FENCE! record has no seed)
    state = rules.new(len(m.players), m.options, m.seed or 0)
    for _seat, notation in m.moves:
        state = rules.apply(state, rules.parse(state, notation))
    steps = [notation for _, notation in m.moves]
    return rules.presentation.sgf(
        state, steps, m.players, outcome, _sgf_date(m.started, m.finished)
    )
