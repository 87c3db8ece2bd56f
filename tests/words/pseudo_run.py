"""A whole evening of play in the pseudo-locale, as the console prints it: what a player reads
(every line and file), every text drawn into an image, and the web page's data — for
:mod:`tests.words.test_pseudo_locale` to search for words that escaped the catalogue."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
from bot.console import Console
from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.service.text.command_map import GROUP_OF
from bot.words import catalogue
from bot.words.pseudo import PSEUDO, unmarked
from games.fence.tiles import city
from storage import MemoryStore
from tests.seen_text import Drawn, seen_text

PLAYERS = ("alice", "bob", "carol", "dave")
TOURNAMENT = "Cup"
"""The tournament's name, as its organiser typed it."""
WORD = re.compile(r"[^\W\d_]{2,}")
ASCII_WORD = re.compile(r"(?<![^\W_])[A-Za-z]{2,}(?![^\W_])")
"""A word of plain ASCII letters only (a letter or digit touching it makes it part of a longer
word: ``f5xf4`` is notation, not the word ``xf``)."""
ALLOWED = frozenset({"keep", "swap", PSEUDO, *catalogue().languages})
"""Words that are notation in every language but no square or path: Fonver's pie-rule moves,
typed as ``keep`` and ``swap`` (``rules.fonver.notation_help`` says so in each language),
and language codes (``language:de``, what a manager types; Discord shows them as they are)."""
URL = re.compile(r"https?://\S+")
COMMANDS = re.compile(
    rf"/[\w|]+(?: [\w|]+\|[\w|]+| (?:{'|'.join(GROUP_OF)})\b)?|\b\w+(?:\|\w+)+|\b\w+:\w+"
)
"""Command names (``/match accept|decline``, ``/match resign``) and an option typed with its value
(``confirm:true``): typed as they are, like notation. The pseudo-locale's console takes
English names; ``tests/words/test_choice_words.py`` checks each language says its own."""
NOTATION = re.compile(
    r"^(?:[a-z]{1,2}\d{1,2}(?:[-x:>/][a-z]{0,2}\d{0,2}[nesw]?)*|[RB][1-6XJ]|[a-z]+(?:-[a-z]+)+)$"
)
"""Squares, moves, cards and FENCE! neighbourhoods as notation writes them."""


ZONES = ("Europe/Berlin", "Mars/Base")
"""The time zones the evening names in ``/me quiet`` (one that does not exist)."""


def proper_names() -> set[str]:
    """Names a translation keeps, whole (``High Street``, never ``High`` alone, so that a
    name's words do not hide English elsewhere): players, the tournament, games, the FENCE!
    city's neighbourhoods, the time zones named (IANA names, typed and shown as they are)."""
    names = {*PLAYERS, TOURNAMENT, *ZONES}
    names |= {games.get(name).info.title for name in games.available()}
    names |= {hood.name for tile in city().tiles for hood in tile.hoods}
    return names


def words_read(text: str, names: set[str], word: re.Pattern[str] = WORD) -> list[str]:
    """The words of ``text`` a translation should have changed."""
    return [w for line in readable(text, names) for w in found_in(line, word)]


def found_in(line: str, word: re.Pattern[str]) -> list[str]:
    return [w for w in word.findall(line) if w not in ALLOWED and not NOTATION.match(w)]


def readable(text: str, names: set[str]) -> list[str]:
    """``text``'s lines without what no translation changes: names (a name wrapped over lines
    too), command names, links, notation and the console's own marks (``[only alice]``,
    ``[image] path``); blanks keep each line where it was."""
    rest = re.sub(r"^\[(?:only|notify|dm) [^\]]*\] ", "", URL.sub(" ", text), flags=re.M)
    rest = re.sub(r"\[(?:image|file)\] \S+(?: \([\w.-]+\.(?:png|gif)\))?", "", rest)
    rest = _names_pattern(frozenset(names)).sub(lambda m: re.sub(r".", " ", m[0]), rest)
    rest = COMMANDS.sub(" ", rest)
    return rest.splitlines()


@functools.cache
def _names_pattern(names: frozenset[str]) -> re.Pattern[str]:
    """Any of ``names`` as a whole, wrapped over lines or not (a map draws ``Harbour`` and
    ``Steps`` one under the other)."""
    longest_first = sorted(names, key=len, reverse=True)
    spelled = [re.escape(name).replace(r"\ ", r"\s+") for name in longest_first]
    return re.compile("|".join(rf"(?<![^\W_])(?:{name})(?![^\W_])" for name in spelled))


def _names_blanked(texts: list[str], names: set[str]) -> list[str]:
    """``texts`` drawn one after the other, with the names among them blanked where a name
    is split over several (a map's label draws ``Harbour`` and ``Steps`` as two texts, each
    twice: halo and letters), and each text that is a line of a wrapped name."""
    distinct = [i for i, text in enumerate(texts) if i == 0 or texts[i - 1] != text]
    joined = "\n".join(texts[i] for i in distinct)
    blanked = _names_pattern(frozenset(names)).sub(
        lambda m: re.sub(r"[^\n]", " ", m[0]) if "\n" in m[0] else m[0], joined
    )
    out = list(texts)
    start = 0
    for n, i in enumerate(distinct):
        end = start + len(texts[i])
        following = distinct[n + 1] if n + 1 < len(distinct) else len(texts)
        out[i:following] = [blanked[start:end]] * (following - i)
        start = end + 1
    fragments = _name_lines(frozenset(names))
    return ["" if text.strip() in fragments else text for text in out]


@functools.cache
def _name_lines(names: frozenset[str]) -> frozenset[str]:
    """Every line a map may wrap a name into (``Night`` of ``Night Market``), but a seat's
    colour (``Green`` of ``Gallows Green``): a colour alone is a word to translate."""
    colours = {c for name in games.available() for c in games.get(name).info.seat_names}
    lines = set()
    for name in names:
        words = name.split()
        lines |= {
            " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
        }
    return frozenset(lines - colours)


@dataclass
class Evening:
    """What the players of one run read."""

    lines: list[str] = field(default_factory=list)
    drawn: list[Drawn] = field(default_factory=list)
    pages: list[dict[str, Any]] = field(default_factory=list)

    def escaped(self, names: set[str]) -> list[str]:
        """Each place where a word outside the markers was read (deduplicated). The console's
        lines are read as one text: a catalogue sentence may span lines."""
        return self._found(names, unmarked, WORD)

    def passed_in(self, names: set[str]) -> list[str]:
        """Each place where a plain ASCII word was read, inside the markers or out: the
        pseudo-locale accents every letter of catalogue text, so such a word came into a
        sentence as a parameter (a record's status, an engine's English) and would read as
        English in every language."""
        return self._found(names, lambda text: text, ASCII_WORD)

    def _found(
        self, names: set[str], kept: Callable[[str], str], word: re.Pattern[str]
    ) -> list[str]:
        texts = [("lines", "\n".join(self.lines))]
        # one image's texts as one: a renderer draws a wrapped sentence word by word
        drawn = zip(self.drawn, _names_blanked([d.text for d in self.drawn], names), strict=True)
        texts += [
            ("image", "\n".join(text for _, text in group))
            for _, group in itertools.groupby(drawn, key=lambda pair: pair[0].size)
        ]
        for page in self.pages:
            texts += [("page", text) for text in _page_texts(page)]
        found: dict[str, str] = {}
        for where, text in texts:
            shown = kept(text)
            for line, rest in zip(shown.splitlines(), readable(shown, names), strict=True):
                words = found_in(rest, word)
                if words:
                    found.setdefault(" ".join(words), f"{where}: {line.strip()[:150]}")
        return list(found.values())

    def clipped(self) -> list[str]:
        return sorted({f"{d.text!r} in {d.size}" for d in self.drawn if d.clipped})


def _page_texts(page: dict[str, Any]) -> list[str]:
    texts = [str(page.get("status_text") or ""), str(page.get("prompt") or "")]
    for player in page.get("players", []):
        texts += [str(player.get("side") or ""), str(player.get("clock") or "")]
    for turn in page.get("history", []):
        texts.append(str(turn.get("text") or ""))
    for move in page.get("moves", []):
        texts.append(str(move.get("label") or ""))
        texts += [str(p) for p in move.get("path") or []]
    return [t for t in texts if t]


class Table:
    """A console in the pseudo-locale on a memory store, with the web board on."""

    def __init__(self, out_dir: Path, clock: Callable[[], float], locale: str = PSEUDO) -> None:
        links = BoardLinks("http://board.test", "a-pseudo-secret-that-is-long-enough-012345", clock)
        self.service = Service(
            MemoryStore(), clock=clock, seed_source=lambda: 2024, web=links, review_iterations=8
        )
        self.evening = Evening()
        self.console = Console(
            self.service, out_dir, self.evening.lines.append, admins=frozenset({"alice"}),
            locale=locale,
        )  # fmt: skip
        self.locale = locale
        self.rng = random.Random(7)

    async def say(self, *lines: str) -> None:
        for line in lines:
            await self.console.handle(line)

    async def state(self, match: int) -> tuple[Any, Any, list[str]]:
        record = await self.service.store.get_match(match)
        assert record is not None
        rules = games.get(record.game)
        return rules, rules.load(record.state), list(record.seats)

    async def play(self, match: int, steps: int, *, panel_every: int = 0) -> None:
        """``steps`` random legal steps, typed by whoever must act (every ``panel_every``-th
        through the guided panel instead, where the game has one)."""
        for step in range(steps):
            record = await self.service.store.get_match(match)
            assert record is not None
            if record.status != "active":
                return
            rules, state, seats = await self.state(match)
            movers = rules.to_move(state)
            if not movers:
                return
            who = seats[movers[0]]
            if panel_every and step % panel_every == 0:
                await self.say(f"{who}: /turn match:{match}")
                await self.say(f"{who}: /turn match:{match} path:0")
                continue
            action = self.rng.choice(rules.legal_actions(state))
            await self.say(f'{who}: /move match:{match} move:"{rules.format(state, action)}!"')

    async def menus(self) -> None:
        """What a person's menu answers (Discord's right-click; the console has none): the
        game question or a refusal before it, and the games two people have played."""
        people = {name: User(name, name, locale=self.locale) for name in PLAYERS}
        alice, bob, dave = people["alice"], people["bob"], people["dave"]
        for reply in (
            await self.service.may_challenge(alice, bob),
            await self.service.may_challenge(alice, alice),
            await self.service.games_with(alice, bob),
            await self.service.games_with(alice, dave),
            await self.service.games_with(alice, alice),
        ):
            self.evening.lines.append(reply.text)

    async def live(self, match: int) -> None:
        """The match's live status card as Discord's status message would show it (the
        console has no messages to edit): its title and lines."""
        card = await self.service.live_card(match, "https://discord.test/1/2/3")
        assert card is not None
        self.evening.lines.extend((card.title, card.text))

    async def page(self, match: int, user: str) -> None:
        reply = await self.service.web_link(User(user, user), match_id=match)
        token = reply.links[0].url.split("#t=", 1)[1] if reply.links else None
        from urllib.parse import unquote

        seen = await self.service.pages.page(
            User(user, user, locale=self.locale), unquote(token or ""), match_id=match
        )
        assert seen.ok, seen.text
        self.evening.pages.append(seen.extra["page"])  # type: ignore[arg-type]


async def evening(out_dir: Path, clock: Callable[[], float], locale: str = PSEUDO) -> Evening:
    """Five games, a FENCE! game with hands and guided steps, a tournament round, a review,
    exports and the web page, all in ``locale``."""
    table = Table(out_dir, clock, locale)
    with seen_text() as drawn:
        await table.say(
            f"alice: /server settings language:{locale}",
            # DMs speak the language of a player's client at their latest command (issue 43)
            *(f"{player}: /me notify mode:thread" for player in PLAYERS),
            f"bob: /me notify language:{locale}",
            # who may challenge whom, quiet hours (issue 43): answers and refusals
            "carol: /me challenges allow:played block:dave",
            "dave: /play ordo opponent:carol",
            "carol: /me challenges allow:everyone unblock:dave",
            f"dave: /me quiet zone:{ZONES[1]}",
            f"dave: /me quiet zone:{ZONES[0]} hours:20-9",
            f"dave: /me quiet zone:{ZONES[0]} hours:22-7,6-8",
            "dave: /me quiet hours:9",
            f"dave: /me quiet zone:{ZONES[0]} weekend:true",
            "dave: /me quiet hours:none weekend:false",
            "alice: /help",
            *(f"alice: /rules {game}" for game in games.available()),
        )
        match = 0
        for game in ("ordo", "fendo", "fonver", "fuer"):
            match += 1
            await table.say(f"alice: /play {game} opponent:bob color:first")
            await table.live(match)  # waiting for an answer
            await table.say("bob: /match accept")
            await table.play(match, 6)
            await table.live(match)  # to move, the clocks
            await table.say(
                f"bob: /match draw match:{match}",
                f"alice: /match decline match:{match}",
                f"alice: /match history match:{match}",
                f"alice: /board match:{match}",
                f"alice: /match note match:{match}",
                f'alice: /match note match:{match} text:"*x* — ü 12"',
                f"alice: /match note match:{match}",
                f"alice: /match note match:{match} text:{'x' * 2001}",
                f"bob: /match note match:{match} text:clear",
            )
            await table.page(match, "alice")
            await table.play(match, 30)
            await table.say(
                f"bob: /match resign match:{match}",
                f"bob: /match resign match:{match} confirm:true",
                f"alice: /match history match:{match}",
                f"alice: /match export match:{match}",
            )
            await table.live(match)  # the result
        match += 1
        await table.say("alice: /play ordo opponent:carol", "carol: /match decline")
        await table.live(match)  # closed without a result
        await table.say("alice: /match review match:1")
        await table.menus()
        match += 1
        await table.say(
            "alice: /play fence seats:3 quick_map:true trading_cards:true boats:true",
            "bob: /lobby join",
            "carol: /lobby join",
            "alice: /lobby start",
            f"alice: /hand match:{match}",
        )
        await table.play(match, 60, panel_every=5)
        await table.page(match, "alice")
        await table.say(f"alice: /match history match:{match}", f"bob: /hand match:{match}")
        await table.say(
            f'alice: /tournament create game:ordo format:swiss name:"{TOURNAMENT}"',
            "bob: /tournament join",
            "carol: /tournament join",
            "dave: /tournament join",
            "alice: /tournament start",
            "carol: /tournament standings",
            "alice: /me games",
            "alice: /me next",
            "bob: /me next",
            "alice: /me rating",
            "alice: /me stats",
            "alice: /server leaderboard",
        )
    table.evening.drawn = drawn
    return table.evening
