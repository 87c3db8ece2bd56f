"""``/match review``: a finished match judged move by move by the computer, posted in its
thread with a chart of both sides' winning chances and the three largest swings (issue 26.5).

How a review goes:

1. Anyone who may see the match (the rule of ``/board`` and ``/match history``:
   :meth:`bot.service.match.reader.MatchReader.find`) asks, for a *finished* match only — a review
   of a running game would be the computer's advice in the middle of it.
2. A stored review is shown again at once, never worked out twice, and costs nothing; a
   review under way is only said to be under way. Otherwise one of the asker's reviews of the
   day is taken (:meth:`bot.service.match.limits.Limits.review`), the request is stored first
   (:meth:`bot.service.match.transition.Transitions.request_review`) and the asker is told it is
   under way.
3. The reviewer (:meth:`Reviews.serve`, started by the front end like the computer's players)
   judges every position in the search pool, one position a job with the budget of
   ``seconds`` each (``iterations`` instead in tests: deterministic and quick), stores the
   result as plain JSON, and posts it. A restart loses nothing: the reviewer starts with every
   request still pending in the store.

What is kept is the judgement, not the images: showing a review again draws its chart and
boards anew (in the worker pool), in the thread's language of the day.

FENCE! is not judged by a search (the computer cannot see the hands, and nor may the
review): its review shows per round who was closest to winning from public facts alone
(:func:`bot.service.computer.review_moves.round_leaders`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import DROP, Refusal, User, guarded
from bot.service.computer.review_moves import (
    BETTER_STEPS,
    computer_judges,
    judge_position,
    mover_chance,
    round_leaders,
    settled,
    swings,
    turns_of,
)
from bot.service.replies import Post, Reply
from bot.service.text.image_labels import image_labels
from bot.service.text.markdown import plain
from bot.words import words
from render.review import review_chart, small_board
from storage.base import FINISHED, REVIEW_DONE, MatchRecord, ReviewRecord, Store

if TYPE_CHECKING:
    from bot.service.match.limits import Limits
    from bot.service.match.reader import MatchReader
    from bot.service.match.transition import Transitions
    from bot.service.match.workers import Workers

log = logging.getLogger(__name__)

Deliver = Callable[[list[Reply]], Awaitable[None]]
ROUND_LINES = 30
"""Rounds listed in a FENCE! review's text; the chart shows every round."""


@dataclass(eq=False, repr=False)
class Reviews:
    """The store (to read reviews and logs), the reader (who may see a match, names, the
    thread's language), the transitions (the one write path), the limits (reviews a day),
    the workers (judging in the search pool, drawing in the people's pool), and the budget
    per position: ``seconds``, or ``iterations`` for a result independent of the machine."""

    store: Store
    reader: MatchReader
    transitions: Transitions
    limits: Limits
    workers: Workers
    _: KW_ONLY
    seconds: float = 0.5
    iterations: int | None = None
    _queue: list[int] = field(default_factory=list, init=False)
    """Match ids whose review waits to be worked out in this process, oldest first."""
    _working: set[int] = field(default_factory=set, init=False)
    _wake: asyncio.Event | None = field(default=None, init=False)

    # -- the command -----------------------------------------------------------------------
    @guarded
    async def review(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Show the match's review, or start it (see the module docstring)."""
        await self.reader.touch(actor)
        record = await self.reader.find(
            actor, match_id, where, statuses=(), participant=False, recent=(FINISHED,)
        )
        if record.status != FINISHED:
            raise Refusal("review.not_finished", match=record.id)
        say = words(actor.locale)
        known = await self.store.get_review(record.id)
        if known is not None and known.status == REVIEW_DONE:
            post = await self.post(record, known)
            return Reply(text=say("review.shown_again", match=record.id), post=post,
                         match_id=record.id)  # fmt: skip
        if known is not None:
            self._put(record.id)  # in this process's queue again, should it have been lost
            return Reply(text=say("review.running", match=record.id), match_id=record.id)
        live = await self.reader.live_actions(record.id)
        if not any(a.notation != DROP for a in live):
            raise Refusal("review.nothing", match=record.id)
        await self.limits.review(actor, record.guild_id)  # last: a refused ask costs nothing
        _, made = await self.transitions.request_review(record, actor.id)
        self._put(record.id)
        key = "review.started" if made else "review.running"
        return Reply(text=say(key, match=record.id), match_id=record.id)

    # -- the reviewer ----------------------------------------------------------------------
    def _put(self, match_id: int) -> None:
        if match_id not in self._queue and match_id not in self._working:
            self._queue.append(match_id)
        if self._wake is not None:
            self._wake.set()

    async def _resume(self) -> None:
        """Queue every review the store still has pending (after a restart)."""
        for pending in await self.store.pending_reviews():
            self._put(pending.match_id)

    async def serve(self, deliver: Deliver) -> None:
        """Work out queued reviews until cancelled and hand each one's post to ``deliver``;
        started once by a front end that runs in the background (Discord)."""
        self._wake = asyncio.Event()
        await self._resume()
        while True:
            while self._queue:
                replies = await self._work(self._queue.pop(0))
                if replies:
                    try:
                        await deliver(replies)
                    except Exception:
                        log.exception("posting a review failed (match %s)", replies[0].match_id)
            await self._wake.wait()
            self._wake.clear()

    async def play_queued(self) -> list[Reply]:
        """Work out every queued and pending review now and return the posts: the console
        (after ``/match review``) and tests, where nothing runs in the background."""
        await self._resume()
        replies: list[Reply] = []
        while self._queue:
            replies.extend(await self._work(self._queue.pop(0)))
        return replies

    async def _work(self, match_id: int) -> list[Reply]:
        """One review worked out, stored and made a post; nothing when it is done already,
        gone, or failed (it stays pending and is tried again after a restart)."""
        self._working.add(match_id)
        try:
            pending = await self.store.get_review(match_id)
            record = await self.store.get_match(match_id)
            if pending is None or record is None:
                return []
            if pending.status != REVIEW_DONE:
                result = await self._judge(record)
                pending = await self.transitions.finish_review(match_id, result)
                if pending is None:
                    return []
            post = await self.post(record, pending)
            return [Reply(text="", post=post, match_id=match_id)]
        except Exception:
            log.exception("the review of match %s failed", match_id)
            return []
        finally:
            self._working.discard(match_id)

    async def _judge(self, record: MatchRecord) -> dict[str, Any]:
        """The review's JSON: the chances and swings, or FENCE!'s rounds."""
        rules = games.get(record.game)
        live = await self.reader.live_actions(record.id)
        if not computer_judges(rules):
            rounds = await asyncio.to_thread(round_leaders, rules, record, live)
            return {"kind": "rounds", "rounds": rounds}
        turns = await asyncio.to_thread(turns_of, rules, record, live)
        positions = [turns[0].before, *(t.after for t in turns)] if turns else []
        chances: list[float] = []
        best: list[str] = []
        judged = 0
        for index, state in enumerate(positions):
            known = settled(rules, state)
            if known is not None:
                chances.append(known)
                best.append("")
                continue
            chance, step = await self._judge_one(record, rules.view(state, None), index)
            judged += 1
            chances.append(chance)
            best.append(step)
        marked = swings(turns, chances, best)
        found = []
        for index in marked:
            steps = await self._better(record, rules, turns[index].before, best[index], index)
            found.append({"turn": index, "better": steps})
        return {
            "kind": "chances",
            "seconds": self.seconds,
            "judged": judged,
            "turns": [{"n": t.number, "seat": t.seat, "move": t.text} for t in turns],
            "chances": chances,
            "swings": found,
        }

    async def _judge_one(
        self, record: MatchRecord, view: Mapping[str, Any], index: int
    ) -> tuple[float, str]:
        seed = (record.seed * 1_000_003 + index) % 2**31  # the same match, the same review
        seconds = None if self.iterations is not None else self.seconds
        return await self.workers.search(
            judge_position, record.game, view, seconds, self.iterations, seed
        )

    async def chance(self, record: MatchRecord, view: Mapping[str, Any], seat: int) -> float:
        """``seat``'s winning chance in a running match's position, judged in the search
        pool with the review's budget: how a computer answers a draw offer
        (:mod:`bot.service.play.endings`)."""
        chance, _ = await self._judge_one(record, view, record.version)
        return chance if seat == 0 else 1.0 - chance

    async def _better(
        self, record: MatchRecord, rules: Any, state: Any, first: str, index: int
    ) -> list[str]:
        """The computer's better turn from ``state``: its best step, then while the same
        player is still to move in that turn, the best next step from there."""
        seat = rules.to_move(state)[0]
        steps = [first]
        current = rules.apply(state, rules.parse(state, first))
        before = state
        while (
            rules.outcome(current) is None
            and seat in rules.to_move(current)
            and not rules.turn_ended(before, current)
            and len(steps) < BETTER_STEPS
        ):
            _, step = await self._judge_one(record, rules.view(current, None), 10_000 + index)
            if not step:
                break
            steps.append(step)
            before, current = current, rules.apply(current, rules.parse(current, step))
        return steps

    # -- the post --------------------------------------------------------------------------
    async def post(self, record: MatchRecord, review: ReviewRecord) -> Post:
        """The review's thread post, drawn now in the thread's language."""
        language = await self.reader.match_language(record)
        say = words(language)
        names = await self.reader.player_names(record, language)
        raw = await self.reader.player_names(record, language, raw=True)
        result = review.result or {}
        labels = image_labels(language)
        if result.get("kind") == "rounds":
            return await self._rounds_post(record, result, say, names, raw, labels)
        turns = result.get("turns", [])
        chances = [float(c) for c in result.get("chances", [])]
        title = say("review.title", match=record.id, players=" – ".join(names))
        lines = [
            say("review.judged", n=int(result.get("judged", 0)),
                seconds=_seconds(result.get("seconds"))),
        ]  # fmt: skip
        marks: list[tuple[float, float, str, int]] = []
        boards: list[tuple[str, bytes]] = []
        rules = games.get(record.game)
        swings_found = result.get("swings", [])
        if swings_found:
            lines.append(say("review.swings_heading", n=len(swings_found)))
        else:
            lines.append(say("review.no_swings"))
        states = None
        if swings_found:
            live = await self.reader.live_actions(record.id)
            states = await asyncio.to_thread(turns_of, rules, record, live)
        for rank, swing in enumerate(swings_found, start=1):
            index = int(swing["turn"])
            turn = turns[index]
            seat = int(turn["seat"])
            better = " ".join(swing["better"])
            line = say(
                "review.swing", rank=rank, player=names[seat], number=turn["n"], move=turn["move"],
                before=mover_chance(seat, chances[index]),
                after=mover_chance(seat, chances[index + 1]), better=better,
            )  # fmt: skip
            lines.append(line)
            after = chances[index + 1] if seat == 0 else 1.0 - chances[index + 1]
            marks.append((float(turn["n"]), after, str(rank), seat))
            assert states is not None
            view, highlight = await asyncio.to_thread(
                _after_steps, rules, states[index].before, swing["better"]
            )
            caption = say("review.better_caption", number=turn["n"], better=better)
            draw = functools.partial(
                small_board, record.game, view, highlight=highlight, players=raw,
                status=caption, labels=labels,
            )  # fmt: skip
            image = await self.workers.run(draw)
            boards.append((f"swing{rank}.png", image))
        xs = [0.0, *(float(t["n"]) for t in turns)]
        series = {
            raw[0]: list(zip(xs, chances, strict=False)),
            raw[1]: [(x, 1.0 - c) for x, c in zip(xs, chances, strict=False)],
        }
        chart = await self.workers.run(
            functools.partial(review_chart, series, title=plain(title), marks=marks, labels=labels)
        )
        return Post(
            text="\n".join(lines), title=title, image=chart, image_name="review.png",
            files=tuple(boards), alt=plain(title),
        )  # fmt: skip

    async def _rounds_post(
        self,
        record: MatchRecord,
        result: dict[str, Any],
        say: Any,
        names: list[str],
        raw: list[str],
        labels: Any,
    ) -> Post:
        rounds = result.get("rounds", [])
        title = say("review.rounds_heading", match=record.id)
        lines = [say("review.rounds_note")]
        for row in rounds[:ROUND_LINES]:
            closest = row["closest"]
            if not closest:
                lines.append(say("review.rounds_nobody", round=row["round"]))
                continue
            cards = int(row["cards"][closest[0]])
            players = ", ".join(names[s] for s in closest)
            lines.append(say("review.rounds_line", round=row["round"], players=players, n=cards))
        if len(rounds) > ROUND_LINES:
            lines.append(say("review.rounds_more", n=len(rounds) - ROUND_LINES))
        series = {
            raw[seat]: [(float(row["round"]), float(row["cards"][seat])) for row in rounds]
            for seat in range(len(raw))
        }
        heading = say("review.title", match=record.id, players=", ".join(names))
        chart = await self.workers.run(
            functools.partial(
                review_chart, series, title=plain(heading), percent=False, labels=labels
            )
        )
        return Post(
            text="\n".join(lines), title=title, image=chart, image_name="review.png",
            alt=plain(title),
        )  # fmt: skip


def _after_steps(
    rules: Any, state: Any, steps: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The public view after the better turn's ``steps`` and their highlights."""
    highlight = []
    for step in steps:
        action = rules.parse(state, step)
        highlight.append(rules.presentation.highlight(state, action))
        state = rules.apply(state, action)
    return rules.view(state, None), highlight


def _seconds(value: object) -> str:
    """The budget per position as the text shows it ("0.5"); a test's iteration cap: "–"."""
    if not isinstance(value, int | float):
        return "–"
    return f"{value:g}"


__all__ = ["Reviews"]
