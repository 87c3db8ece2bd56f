"""Conditional moves ("premoves") in two-player games: ``if a6-a5 then c1-b1``.

A player whose opponent is to move writes down what they will answer to the moves they
expect, several alternatives and a few turns deep; the answer is played the moment the
opponent's turn matches, and everything is dropped when it does not.

Why the lines live in the match's ``meta`` (``meta["premoves"][seat]``): the answer must be
played in the *same transaction* as the opponent's move it answers, so a crash between the
two can never leave a match where the condition was met but the answer never came, and a
restart needs nothing but the stored match. Keeping them secret then takes two rules, both
enforced in one place:

* entering or clearing lines is a *private* transition (:meth:`Transitions.commit` with
  ``private=True``): it keeps the match's ``updated_at`` and records the version the board
  last changed at, so a button or menu the opponent opened earlier still works — a "the board
  changed" refusal would otherwise tell them something was entered;
* no reply, post, listing or export ever reads ``meta["premoves"]`` except this module, and
  only for the lines' own author.

Decisions where the issue is silent:

* Lines compare **whole turns** in canonical notation: ``k10`` is not the Fonver turn
  ``k10 l11>k11``; each ``if`` must name a complete turn of the opponent (the entry is refused
  otherwise, with the reason), so "matches" never depends on how a player typed it.
* Lines are entered while the opponent is to move and has not begun a multi-step turn; on
  your own turn you simply move.
* A new ``/premove`` adds to the lines already stored; a line that starts with the same
  opponent turn but answers differently replaces the old answer (the newest intention wins).
  ``/premove clear`` forgets them all.
* A miss (the opponent played something no line expected), an undo, or the end of the match
  drops every line silently — the author is pinged for their turn as usual, and their
  ``/premove`` shows nothing stored. The end of a match, however it comes (a move, a
  resignation, an agreed draw, a timeout), drops them in the one transition that closes a
  match (:meth:`bot.service.match.transition.Transitions.commit`).
* The answer is played with the same clock reading as the move it answers, so it costs no
  thinking time (an increment is still added, as for any move).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service.base import Refusal, User, guarded
from bot.service.match.meta import PREMOVES_KEY, without_premoves
from bot.service.play.turns import turn_position
from bot.service.replies import Reply
from bot.words import words
from games.core import IllegalMove, Rules
from storage.base import ACTIVE, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.reader import MatchReader
    from bot.service.match.transition import Transitions

META_KEY = PREMOVES_KEY

MAX_DEPTH = 4
"""Most ``if … then …`` pairs in one line: "a few plies" deep (eight half-moves)."""

MAX_LINES = 12
"""Most alternatives stored per player and match."""

CLEAR_WORDS = frozenset({"clear", "cancel", "none", "off", "-"})

_KEYWORD = re.compile(r"\b(if|then)\b", re.IGNORECASE)
_ALTERNATIVES = re.compile(r"[;\n]")


@dataclass(frozen=True)
class Branch:
    """If the opponent's turn is ``theirs``, play ``mine``; then continue with ``then``."""

    theirs: str
    mine: str
    then: tuple[Branch, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "if": self.theirs,
            "then": self.mine,
            "next": [b.to_dict() for b in self.then],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Branch:
        return cls(
            str(data["if"]),
            str(data["then"]),
            tuple(cls.from_dict(d) for d in data.get("next", ())),
        )


Tree = tuple[Branch, ...]
Line = list[tuple[str, str]]


def parse(text: str) -> list[Line]:
    """``if a b then c d if e then f; if g then h`` → the (if, then) pairs of each line.

    Alternatives are separated by ``;`` or new lines. Only the shape is read here; whether
    the moves are legal is :func:`check`'s question."""
    lines: list[Line] = []
    for raw in _ALTERNATIVES.split(text):
        if not raw.strip():
            continue
        parts = _KEYWORD.split(raw.strip())
        # re.split with a group: ["", "if", " a6-a5 ", "then", " c1-b1 ", ...]
        if parts[0].strip():
            raise Refusal("premove.malformed", line=raw.strip())
        words = [(parts[i].lower(), parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
        if not words or len(words) % 2:
            raise Refusal("premove.malformed", line=raw.strip())
        pairs: Line = []
        for (k1, theirs), (k2, mine) in zip(words[::2], words[1::2], strict=True):
            if k1 != "if" or k2 != "then" or not theirs or not mine:
                raise Refusal("premove.malformed", line=raw.strip())
            pairs.append((theirs, mine))
        if len(pairs) > MAX_DEPTH:
            raise Refusal("premove.too_deep", line=raw.strip(), n=MAX_DEPTH)
        lines.append(pairs)
    if not lines:
        raise Refusal("premove.malformed", line=text.strip())
    return lines


def whole_turn(rules: Rules[Any, Any], state: Any, seat: int, text: str) -> tuple[str, Any]:
    """``text`` as one complete turn of ``seat`` from ``state``: its canonical notation and
    the state after it. Refuses a turn that is illegal, incomplete or longer than one turn."""
    actions = rules.parse_many(state, text)  # IllegalMove with the engine's reason
    notations: list[str] = []
    current = state
    for n, action in enumerate(actions):
        if seat not in rules.to_move(current) or rules.outcome(current) is not None:
            raise Refusal("premove.past_turn", move=text)
        after = rules.apply(current, action)
        notations.append(rules.format(current, action))
        if rules.turn_ended(current, after) and n < len(actions) - 1:
            raise Refusal("premove.past_turn", move=text)
        current = after
    if not rules.turn_ended(state, current) and rules.outcome(current) is None:
        raise Refusal("premove.unfinished_turn", move=text)
    return rules.step_separator.join(notations), current


def check(rules: Rules[Any, Any], state: Any, seat: int, lines: Sequence[Line]) -> list[Line]:
    """Every line played out from ``state``: each ``if`` a whole legal turn of the opponent,
    each ``then`` a whole legal answer of ``seat``; returned in canonical notation."""
    checked: list[Line] = []
    for line in lines:
        current = state
        pairs: list[tuple[str, str]] = []
        for theirs, mine in line:
            opponent = next(iter(rules.to_move(current)), None)
            if opponent is None or opponent == seat:
                raise Refusal("premove.not_their_turn", move=theirs)
            try:
                their_turn, current = whole_turn(rules, current, opponent, theirs)
            except IllegalMove as exc:
                raise Refusal("premove.illegal_theirs", move=theirs, reason=exc.sentence) from None
            if rules.outcome(current) is not None:
                raise Refusal("premove.game_over", move=theirs)
            try:
                my_turn, current = whole_turn(rules, current, seat, mine)
            except IllegalMove as exc:
                raise Refusal(
                    "premove.illegal_mine", move=mine, after=their_turn, reason=exc.sentence
                ) from None
            pairs.append((their_turn, my_turn))
        checked.append(pairs)
    return checked


def merge(tree: Tree, lines: Sequence[Line]) -> Tree:
    """Lines added to ``tree``; a line whose answer to a known turn differs replaces it."""
    for line in lines:
        tree = _merge_line(tree, line)
    if count(tree) > MAX_LINES:
        raise Refusal("premove.too_many", n=MAX_LINES)
    return tree


def _merge_line(tree: Tree, line: Line) -> Tree:
    if not line:
        return tree
    (theirs, mine), rest = line[0], line[1:]
    for i, branch in enumerate(tree):
        if branch.theirs == theirs:
            then = _merge_line(branch.then, rest) if branch.mine == mine else _merge_line((), rest)
            return (*tree[:i], Branch(theirs, mine, then), *tree[i + 1 :])
    return (*tree, Branch(theirs, mine, _merge_line((), rest)))


def count(tree: Tree) -> int:
    """How many alternative lines the tree holds (its leaves)."""
    return sum(count(b.then) if b.then else 1 for b in tree)


def answer(tree: Tree, theirs: str) -> Branch | None:
    """The branch that answers the opponent's turn ``theirs`` (canonical), if any."""
    return next((b for b in tree if b.theirs == theirs), None)


def describe(tree: Tree) -> list[str]:
    """Each stored line as it could be typed again."""
    out: list[str] = []
    for branch in tree:
        head = f"if {branch.theirs} then {branch.mine}"
        out.extend([f"{head} {tail}" for tail in describe(branch.then)] or [head])
    return out


def stored(meta: Mapping[str, Any], seat: int) -> Tree:
    """The lines ``seat`` stored in a match's meta (``()`` for none)."""
    data = (meta.get(META_KEY) or {}).get(str(seat)) or {}
    return tuple(Branch.from_dict(d) for d in data.get("lines", ()))


def stored_turn(meta: Mapping[str, Any], seat: int) -> int | None:
    """The opponent's turn number the stored lines begin with."""
    data = (meta.get(META_KEY) or {}).get(str(seat)) or {}
    turn = data.get("turn")
    return int(turn) if turn is not None else None


def with_lines(meta: Mapping[str, Any], seat: int, tree: Tree, turn: int) -> dict[str, Any]:
    """``meta`` with ``seat``'s lines replaced (an empty tree removes them)."""
    mine = {k: v for k, v in (meta.get(META_KEY) or {}).items() if k != str(seat)}
    if tree:
        mine[str(seat)] = {"turn": turn, "lines": [b.to_dict() for b in tree]}
    out = {k: v for k, v in meta.items() if k != META_KEY}
    if mine:
        out[META_KEY] = mine
    return out


without_all = without_premoves


def complete(
    rules: Rules[Any, Any], state: Any, seat: int, text: str, limit: int = 25
) -> list[str]:
    """Autocomplete for a line being typed: the text so far with the turn being typed
    completed by each legal move that fits (the opponent's after ``if``, yours after
    ``then``). Earlier alternatives (before the last ``;``) are kept as they are."""
    head, sep, last = text.rpartition(";")
    kept = f"{head}{sep} " if sep else ""
    parts = _KEYWORD.split(last)
    if parts[0].strip():
        return []
    entries = [(parts[i].lower(), parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
    if not entries:
        entries = [("if", "")]
    *done, (slot, partial) = entries
    current = state
    try:
        for keyword, move in done:
            mover = seat if keyword == "then" else next(iter(rules.to_move(current)), seat)
            _, current = whole_turn(rules, current, mover, move)
    except (IllegalMove, Refusal):
        return []
    movers = rules.to_move(current)
    if rules.outcome(current) is not None or (slot == "then") != (seat in movers):
        return []
    typed = " ".join(f"{k} {m}" for k, m in done)
    before = f"{kept}{typed} " if typed else kept
    # A turn of several steps (a Fonver placement and its captures, the pie choice and a
    # stone) is completed one step at a time: the steps typed so far are played first.
    separator = rules.step_separator
    *steps, last_step = partial.split(separator) if partial else [""]
    lead = "".join(step + separator for step in steps)
    try:
        for action in rules.parse_many(current, separator.join(steps)) if steps else ():
            current = rules.apply(current, action)
    except IllegalMove:
        return []
    out = []
    for action in rules.legal_actions(current):
        notation = rules.format(current, action)
        if not notation.startswith(last_step):
            continue
        ends = rules.turn_ended(current, rules.apply(current, action))
        after = (" then " if slot == "if" else "") if ends else separator
        out.append(f"{before}{slot} {lead}{notation}{after}")
        if len(out) >= limit:
            break
    return out


@dataclass(eq=False, repr=False)
class Premoves:
    """``/premove``: the reader and the transitions (entering lines is a private one).
    Playing the answer is part of :meth:`bot.service.play.moves.Moves.move`, in the transaction
    of the move it answers."""

    reader: MatchReader
    transitions: Transitions

    @guarded
    async def premove(
        self,
        actor: User,
        text: str | None = None,
        *,
        match_id: int | None = None,
        where: str | None = None,
    ) -> Reply:
        """Show, add or clear your conditional moves; every answer is for your eyes only."""
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where, statuses=(ACTIVE,))
        if record.status != ACTIVE:
            raise Refusal("move.match_over", match=record.id)
        loaded = self.reader.load(record)
        rules, state = loaded.rules, loaded.state
        if rules.info.max_players != 2 or len(record.seats) != 2:
            raise Refusal("premove.two_players_only", game=rules.info.title)
        seat = self.reader.seat_of(record, actor)
        say = words(actor.locale)
        turn, begun = turn_position(await self.reader.live_actions(record.id))
        current = stored(record.meta, seat) if stored_turn(record.meta, seat) == turn else ()
        body = (text or "").strip()
        if not body:
            if not current:
                return Reply(text=say("premove.none", match=record.id), match_id=record.id)
            return Reply(
                text=say("premove.list", match=record.id, lines="\n".join(describe(current))),
                match_id=record.id,
            )
        if body.lower() in CLEAR_WORDS:
            if not current:
                return Reply(text=say("premove.none", match=record.id), match_id=record.id)
            meta = with_lines(record.meta, seat, (), turn)
            await self.transitions.commit(record, MatchUpdate(meta=meta), private=True)
            return Reply(text=say("premove.cleared", match=record.id), match_id=record.id)
        if seat in rules.to_move(state):
            raise Refusal("premove.your_turn")
        if begun:
            raise Refusal("premove.mid_turn")
        lines = check(rules, state, seat, parse(body))
        tree = merge(current, lines)
        meta = with_lines(record.meta, seat, tree, turn)
        await self.transitions.commit(record, MatchUpdate(meta=meta), private=True)
        return Reply(
            text=say("premove.stored", match=record.id, lines="\n".join(describe(tree))),
            match_id=record.id,
        )

    async def premove_suggestions(
        self,
        actor: User,
        current: str,
        *,
        match_id: int | None = None,
        where: str | None = None,
    ) -> list[str]:
        """Autocomplete for ``/premove``: only for a participant, from the stored position."""
        try:
            record = await self.reader.find(actor, match_id, where, statuses=(ACTIVE,))
        except Refusal:
            return []
        loaded = self.reader.load(record)
        if record.status != ACTIVE or loaded.rules.info.max_players != 2:
            return []
        seat = self.reader.seat_of(record, actor)
        return [
            c
            for c in complete(loaded.rules, loaded.state, seat, current)
            if len(c) <= 100  # Discord's longest choice
        ]
