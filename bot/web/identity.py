"""Who is this request: the one place the web board reads what a request presents.

A page proves who opened it with a **credential in the ``Authorization`` header**
(``Bearer <token>``), never in the address. The credential is one of two kinds: a signed
link's token (:mod:`bot.service.match.links`), which the page took from its address's fragment,
or — inside Discord, where the board runs as an Activity — a session the server signed once
Discord confirmed who the user is and where their Activity runs
(:mod:`bot.service.pages.activity`). The service decides what either grants
(:meth:`bot.service.pages.web.BoardPages.access`); the page is the same for both.

Why a header and not a cookie: the board also runs inside Discord's Activity iframe, a
third-party frame where browsers block or partition cookies, and where a ``SameSite=Strict``
cookie is never sent at all. A header the page sets works in every frame, never travels on
a request the page did not make (so no cross-site request can carry it: forms cannot set
headers, and a cross-origin ``fetch`` that does needs a CORS permission this server never
grants), and is not written by access logs or proxies that log request lines.

Also here: the client's address for per-address limits, read through trusted proxies only.
Discord's Activity proxy hides its players' addresses (every player of a large community
would come from a few of its addresses), so a request with a valid session is counted under
its Discord user instead: a person Discord confirmed, not an address anyone can rotate.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from aiohttp import web

from bot.service import Refusal
from bot.service.match.links import BoardLinks
from bot.service.pages.activity import ActivitySessions, Session

SCHEME = "bearer"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Caller:
    """What a request presented and where it came from: ``credential`` goes to the service,
    ``holder`` and ``address`` are what its limits are counted under."""

    credential: str | None
    holder: str | None
    address: str


def credential_of(request: web.Request) -> str | None:
    """The request's credential: ``Authorization: Bearer <credential>``; None without."""
    scheme, _, value = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != SCHEME or not value.strip():
        return None
    return value.strip()


def holder_of(links: BoardLinks | None, credential: str | None, match_id: int) -> str | None:
    """The link a credential is, for its limits: its match, seat and user, so a fresh link
    for the same seat shares the old one's allowance. None for no valid link (the service
    refuses it; the address's limits still count it)."""
    if links is None or credential is None:
        return None
    try:
        grant = links.read(credential, match_id)
    except Refusal:
        return None
    return f"{grant.match_id}:{grant.seat}:{grant.user_id}"


def trusted_networks(text: str) -> tuple[Network, ...]:
    """``127.0.0.1,::1,10.0.0.0/8`` → networks; ValueError names what is not one."""
    found = []
    for part in (p.strip() for p in text.split(",")):
        if part:
            found.append(ipaddress.ip_network(part, strict=False))
    return tuple(found)


def _trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def address_of(request: web.Request, trusted: tuple[Network, ...]) -> str:
    """The client's address: the peer's, or — when the peer is a trusted proxy — the last
    address in ``X-Forwarded-For`` that is not one (a client can put anything in front of
    that list, nothing after its own proxy's entry). Every ``X-Forwarded-For`` line counts,
    read in order as one list (RFC 9110 §5.3): a proxy may append a line of its own
    (HAProxy's ``option forwardfor``) rather than extend the client's, and reading only the
    first line would let the client name its own address."""
    peer = request.remote or ""
    if not _trusted(peer, trusted):
        return peer
    lines = request.headers.getall("X-Forwarded-For", [])
    hops = [h.strip() for line in lines for h in line.split(",")]
    for hop in reversed([h for h in hops if h]):
        if not _trusted(hop, trusted):
            return hop
    return peer


def session_of(sessions: ActivitySessions | None, credential: str | None) -> Session | None:
    """The valid session a credential is, if it is one."""
    if sessions is None or credential is None or not sessions.claims(credential):
        return None
    try:
        return sessions.read(credential)
    except Refusal:
        return None


def caller(
    request: web.Request,
    links: BoardLinks | None,
    match_id: int | None,
    trusted: tuple[Network, ...],
    sessions: ActivitySessions | None = None,
) -> Caller:
    """Who a request is, for the service and the limits. A session's limits are its Discord
    user's, per match like a link's, with the user standing for the address."""
    presented = credential_of(request)
    session = session_of(sessions, presented)
    if session is not None:
        user = session.user_id
        return Caller(presented, f"activity:{user}:{match_id}", f"discord:{user}")
    holder = holder_of(links, presented, match_id) if match_id is not None else None
    return Caller(presented, holder, address_of(request, trusted))
