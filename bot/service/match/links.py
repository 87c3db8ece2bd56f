"""Signed, expiring links to a match's web board: who may look, and who may move.

Why signed links and no log-in: the bot already knows who a Discord user is when they press
a button, so it can hand them a link that says so — "seat 1 of match 12, until Friday" —
signed with ``WEB_SECRET`` (HMAC-SHA256). Any web process that shares the secret can check
it without asking Discord or keeping sessions, which is what lets several web processes
serve one database. A link is bound to its match, its seat (or to looking only), the user it
was made for and its expiry; changing any byte of it breaks the signature.

A spectator's link ("looking only") is made only for someone the service found could see
the match's thread; on servers that allow public spectating the plain page needs no link.

A link is a password, so its token rides in the address's *fragment* (``/m/12#t=…``): a
browser never sends a fragment to any server, so no request line, proxy, access log or
Referer ever holds it. The page takes it from there and sends it in a header
(:mod:`bot.web.identity`). :func:`redact` is the last guard for what other libraries log
(discord.py logs the DMs it sends, links included, at DEBUG).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote

import games
from bot.service.base import Refusal
from bot.service.replies import DirectMessage, Link
from bot.service.text.languages import reader_language
from bot.words import words
from storage.base import ACTIVE, MatchRecord, Store

LINK_DAYS = 14.0
"""How long a link stays good: a correspondence turn can wait days; a stolen link should not
work for ever. Pressing "Open your board" again makes a fresh one."""
PURPOSE = b"boardbot web board link\x00"
"""Mixed into every signature, so a signature made for something else never passes here."""
TOKEN_LIMIT = 600
"""Longer than any token made here (a Discord id and a time in the body)."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}")
_ANY_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,}(?:\.|%2[Ee])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
REDACTED = "[link]"


@dataclass(frozen=True)
class Grant:
    """What a valid link allows: looking at ``match_id``, and moving for ``seat`` if it is
    one (None: looking only). ``user_id`` is whom it was made for."""

    match_id: int
    seat: int | None
    user_id: str
    expires: float


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """HMAC-SHA256 over a small JSON list, for tokens shaped ``<body>.<signature>``: the
    board's links, and the sessions of the board inside Discord (:mod:`bot.service.pages.activity`).
    Each use mixes its own ``purpose`` into the key, so a token signed for one never passes
    for the other, whatever it holds."""

    def __init__(self, purpose: bytes, secret: str) -> None:
        if not secret:
            raise ValueError("a web link secret is needed to sign links")
        self._key = hashlib.sha256(purpose + secret.encode("utf-8")).digest()

    def _signature(self, body: str) -> str:
        return _encode(hmac.new(self._key, body.encode("ascii"), hashlib.sha256).digest())

    def sign(self, payload: list[Any]) -> str:
        body = _encode(json.dumps(payload, separators=(",", ":")).encode())
        return f"{body}.{self._signature(body)}"

    def open(self, token: str) -> list[Any] | None:
        """The list a token carries if it was signed here and is unchanged, else None."""
        if len(token) > TOKEN_LIMIT or not token.isascii() or not _TOKEN.fullmatch(token):
            return None
        body, _, signature = token.partition(".")
        if not hmac.compare_digest(self._signature(body), signature):
            return None
        data = peek(token)
        return data if isinstance(data, list) else None


def peek(token: str) -> Any:
    """What a token's body says, unchecked (None if it says nothing readable): enough to tell
    which kind of token it claims to be, never to trust it."""
    if len(token) > TOKEN_LIMIT:  # nothing of ours is longer (and no deep nesting fits)
        return None
    body = token.strip().partition(".")[0]
    try:
        return json.loads(_decode(body))
    except (ValueError, binascii.Error, RecursionError):
        return None


class BoardLinks:
    """Makes and reads the links; holds the base address, the secret and the clock."""

    def __init__(
        self,
        base_url: str,
        secret: str,
        clock: Callable[[], float],
        *,
        days: float = LINK_DAYS,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._signer = Signer(PURPOSE, secret)
        self.clock = clock
        self.seconds = days * 86400.0

    def token(self, match_id: int, seat: int | None, user_id: str) -> str:
        expires = int(self.clock() + self.seconds)
        return self._signer.sign([match_id, seat, user_id, expires])

    def url(self, match_id: int, seat: int | None, user_id: str) -> str:
        """The link a player opens: the token in the fragment, which stays in the browser."""
        return f"{self.base_url}/m/{match_id}#t={quote(self.token(match_id, seat, user_id))}"

    def page_url(self, match_id: int) -> str:
        """The match's page without a link: open to anyone only where spectating is public."""
        return f"{self.base_url}/m/{match_id}"

    def read(self, token: str, match_id: int) -> Grant:
        """The grant a token carries for ``match_id``; a :class:`Refusal` when it was not
        signed here, was changed, is for another match, or has expired."""
        data = self._signer.open(token.strip())
        if not (
            isinstance(data, list)
            and len(data) == 4
            and type(data[0]) is int
            and (data[1] is None or type(data[1]) is int)
            and isinstance(data[2], str)
            and type(data[3]) is int
        ):
            raise Refusal("web.bad_link")
        grant = Grant(match_id=data[0], seat=data[1], user_id=data[2], expires=float(data[3]))
        if grant.match_id != match_id:
            raise Refusal("web.bad_link")
        if grant.expires < self.clock():
            raise Refusal("web.expired_link")
        return grant


def own_seat(record: MatchRecord, user_id: str) -> int:
    """A player's seat; one who holds several (a match against oneself) gets the one to
    move, so their link can play."""
    seats = [s for s, uid in enumerate(record.seats) if uid == user_id]
    if len(seats) > 1 and record.status == ACTIVE:
        rules = games.get(record.game)
        moving = set(rules.to_move(rules.load(record.state)))
        seats = [s for s in seats if s in moving] or seats
    return seats[0]


async def with_links(
    links: BoardLinks | None, store: Store, record: MatchRecord, dms: Sequence[DirectMessage]
) -> tuple[DirectMessage, ...]:
    """DMs to the match's players carry their own board link (a DM is theirs alone); the
    board presenter (:mod:`bot.service.play.boards`) adds them wherever it builds a turn's DMs."""
    if links is None or record.status != ACTIVE:
        return tuple(dms)
    linked = []
    for dm in dms:
        if dm.user_id in record.seats and not dm.links:
            locale = await reader_language(store, dm.user_id)
            url = links.url(record.id, own_seat(record, dm.user_id), dm.user_id)
            dm = replace(dm, links=(Link(words(locale)("web.open_yours"), url),))
        linked.append(dm)
    return tuple(linked)


def token_of(url: str) -> str:
    """The token inside a link made by :meth:`BoardLinks.url` (operators' tools, tests)."""
    return url.partition("#t=")[2]


def redact(text: str) -> str:
    """``text`` with anything shaped like a link's token replaced."""
    return _ANY_TOKEN.sub(REDACTED, text)


class RedactLinks(logging.Filter):
    """A log handler's filter that blots out tokens from every line it writes, whatever
    logger wrote it; a link is a password, and a log file is read by more people. The
    ``secrets`` given (the bot's token, the app's client secret…) are blotted out too, should
    any library ever print one."""

    def __init__(self, secrets: Sequence[str] = ()) -> None:
        super().__init__()
        self._secrets = tuple(s for s in secrets if len(s) >= 8)

    def _clean(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return redact(text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = self._clean(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True
