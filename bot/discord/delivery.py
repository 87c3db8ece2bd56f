"""Turning service replies into Discord messages, and getting them to the right place.

A match in a server lives in its own thread. Threads auto-archive after a week at most while
correspondence games last longer, so posting unarchives the thread when Discord says it is
archived, and falls back to the parent channel (with a link) when the thread is gone or
closed to the bot. Storage is always committed *before* anything is posted, so a failed post
loses nothing and ``/board`` repairs it.

A direct match (a DM, a group DM, a server without the bot; the service decides, see
:mod:`bot.service.match.venues`) has no place of its own: its post is a public follow-up of the
interaction that caused it, in the channel where it was made — the only message Discord lets
the bot send there — and everything else arrives as the service's DMs. A DM that cannot be
delivered goes back to the service, which keeps it for the player's next command.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

import discord
from bot.discord.components import MatchButton, PanelSelect
from bot.discord.components.cards import card_kwargs
from bot.discord.live import LiveEdits
from bot.service.match.venues import DIRECT
from bot.service.replies import DirectMessage, Link, MatchPlace, Panel, Post, Reply
from bot.words import language_of, words

if TYPE_CHECKING:
    from bot.service import Service

log = logging.getLogger(__name__)

THREAD_ARCHIVED = 50083
MISSING_PERMISSIONS = 50013
PANEL_SELECTS = 4


class Located(Protocol):
    """Anything that says where a match lives (the service hands its match records)."""

    @property
    def guild_id(self) -> str | None: ...
    @property
    def channel_id(self) -> str | None: ...
    @property
    def thread_id(self) -> str | None: ...


def jump_link(record: Located) -> str | None:
    """Where a match lives, as a Discord link (``/games`` lists these)."""
    place = record.thread_id or record.channel_id
    if record.guild_id and place:
        return f"https://discord.com/channels/{record.guild_id}/{place}"
    return None


def message_kwargs(
    post: Post, match_id: int | None, version: int | None, *, lead: str = ""
) -> dict[str, Any]:
    """Arguments for ``send``: the post as one card (:mod:`bot.discord.components.cards`),
    built fresh for every attempt, since a File is consumed."""
    return card_kwargs(post, match_id, version, lead=lead)


def panel_view(panel: Panel, locale: str = "en") -> discord.ui.View:
    """A guided-turn panel as components: a few choices are buttons, more are menus of 25
    (four at most — the fifth row holds Back); the choice's index travels in the id."""
    view = discord.ui.View(timeout=None)
    options = list(enumerate(panel.options))
    few = len(options) <= 5 and all(len(label) <= 80 for _, label in options)
    if panel.confirm or few:
        for i, label in options:
            view.add_item(
                MatchButton(
                    panel.match_id,
                    "panel",
                    version=panel.version,
                    value=panel.value(i),
                    label=label,
                    style="success" if panel.confirm else "primary",
                )
            )
    else:
        for page in range(min(PANEL_SELECTS, (len(options) + 24) // 25)):
            chunk = options[page * 25 : (page + 1) * 25]
            view.add_item(
                PanelSelect(panel.match_id, panel.version, panel.value(), page, chunk, locale)
            )
    if panel.back is not None:
        view.add_item(
            MatchButton(
                panel.match_id,
                "panel",
                version=panel.version,
                value=".".join(str(i) for i in panel.back),
                label=words(locale)("panel.back"),
                style="secondary",
            )
        )
    return view


def with_links(view: discord.ui.View | None, links: tuple[Link, ...]) -> discord.ui.View | None:
    """``view`` (or a new one) with a link button per link: the web board's signed links,
    only ever on messages meant for one person (ephemeral answers, DMs)."""
    if not links:
        return view
    view = view or discord.ui.View(timeout=None)
    for link in links[:5]:
        view.add_item(
            discord.ui.Button(style=discord.ButtonStyle.link, url=link.url, label=link.label[:80])
        )
    return view


class InFlight:
    """Answers being worked on and sent: a command or a press from its start, a post of the
    clock's or the computer's until it is out. The bot closes only once there are none (or
    a few seconds have passed), so a restart never drops what a committed change had still
    to say (the mover's board, the next player's ping, a hand by DM)."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if not self._count:
                self._idle.set()

    async def settled(self, timeout: float) -> bool:
        """Whether everything in flight was sent within ``timeout`` seconds."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


class Poster(Protocol):
    """The bot as delivery sees it: where to post, whom to DM, and the service to tell what
    was posted where. A protocol, so delivery never imports the app that owns it."""

    service: Service
    delivery: Delivery

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def computer_turns_soon(self, match_id: int) -> None: ...

    def tournament_soon(self, tournament_id: int) -> None: ...


B = TypeVar("B", bound=Poster)
P = ParamSpec("P")


def in_flight(
    method: Callable[Concatenate[B, P], Awaitable[None]],
) -> Callable[Concatenate[B, P], Awaitable[None]]:
    """A bot method (a button press) counted in flight while it runs (:class:`InFlight`)."""

    @functools.wraps(method)
    async def counted(bot: B, *args: P.args, **kwargs: P.kwargs) -> None:
        with bot.delivery.in_flight.working():
            await method(bot, *args, **kwargs)

    return counted


class Delivery:
    """Sends replies for one bot; the only place that knows where matches are posted."""

    def __init__(self, bot: Poster) -> None:
        self.bot = bot
        self.in_flight = InFlight()
        self.live = LiveEdits(bot, self._channel)
        self._told_dms_closed: set[tuple[int, str]] = set()
        """(match, user) pairs already told in the thread that their DMs are closed."""

    async def _channel(self, channel_id: str | int) -> Any:
        cid = int(channel_id)
        channel = self.bot.get_channel(cid)
        if channel is None:
            channel = await self.bot.fetch_channel(cid)
        return channel

    async def open_place(
        self, interaction: discord.Interaction, where: MatchPlace
    ) -> tuple[str, str | None, str]:
        """A new public thread for a match, or the channel itself when threads can't be made
        here; returns (channel id, thread id, hint for the caller)."""
        place = await self._place(interaction.channel, where)
        if place is None:
            return str(interaction.channel_id), None, ""
        channel_id, thread_id, failed = place
        return (
            channel_id,
            thread_id,
            words(interaction.locale)("delivery.no_threads") if failed else "",
        )

    async def _place(self, channel: Any, where: MatchPlace) -> tuple[str, str | None, bool] | None:
        """(channel id, thread id, whether making a thread failed) for a new match started
        from ``channel``: the server's match channel if it set one, a thread unless the server
        plays in channels (both travel in the match's place). None when ``channel`` can hold
        neither."""
        if where.server_channel:
            try:
                channel = await self._channel(where.server_channel)
            except discord.HTTPException as exc:
                log.warning("the configured match channel is unusable: %s", exc)
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent
        if not where.threads and channel is not None:
            return str(channel.id), None, False
        if isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=where.thread_title[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.HTTPException as exc:
                log.warning("cannot create a thread in %s: %s", channel.id, exc)
                return str(channel.id), None, True
            return str(channel.id), str(thread.id), False
        return None

    async def open_thread_for(self, where: MatchPlace) -> MatchPlace:
        """A place for a match nobody's command started (a tournament round), from the
        channel it was created for; the place as stored afterwards."""
        if where.thread_id is not None or where.channel_id is None:
            return where
        try:
            channel = await self._channel(where.channel_id)
        except discord.HTTPException as exc:
            log.warning("match %s: its channel is unusable: %s", where.match_id, exc)
            return where
        place = await self._place(channel, where)
        if place is None:
            return where
        channel_id, thread_id, _ = place
        attached = await self.bot.service.attach_place(
            where.match_id, channel_id=channel_id, thread_id=thread_id
        )
        return attached or where

    async def post_to_place(self, place: str, post: Post) -> discord.Message | None:
        """A post that belongs to no match (tournament news) in its channel."""
        try:
            channel = await self._channel(place)
            return await channel.send(**message_kwargs(post, 0, None))
        except discord.HTTPException as exc:
            log.warning("posting to %s failed: %s", place, exc)
            return None

    async def post(self, where: MatchPlace, post: Post) -> discord.Message | None:
        """Post to the match's thread (unarchiving it) or, failing that, its channel; then
        the match's status card follows it and the ping before it goes (:mod:`.live`)."""
        place = where.thread_id or where.channel_id
        if place is None:
            return None
        message = await self._post(place, where, post)
        if message is not None:
            await self.live.after(where, post, message)
        return message

    async def _post(self, place: str, where: MatchPlace, post: Post) -> discord.Message | None:
        try:
            channel = await self._channel(place)
            return await self._send_unarchiving(channel, post, where)
        except discord.HTTPException as exc:
            log.warning("match %s: posting to %s failed: %s", where.match_id, place, exc)
        if where.thread_id and where.channel_id:
            try:
                channel = await self._channel(where.channel_id)
                note = words()("delivery.thread_failed", thread=where.thread_id)
                return await channel.send(
                    **message_kwargs(post, where.match_id, where.version, lead=note)
                )
            except discord.HTTPException as exc:
                log.warning("match %s: fallback post failed: %s", where.match_id, exc)
        return None

    async def _send_unarchiving(
        self, channel: Any, post: Post, where: MatchPlace
    ) -> discord.Message:
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
        try:
            return await channel.send(**message_kwargs(post, where.match_id, where.version))
        except discord.HTTPException as exc:
            if isinstance(channel, discord.Thread) and exc.code == THREAD_ARCHIVED:
                await channel.edit(archived=False)
                return await channel.send(**message_kwargs(post, where.match_id, where.version))
            raise

    async def deliver(
        self, interaction: discord.Interaction, reply: Reply, *, edit: bool = False
    ) -> None:
        """Answer a deferred interaction: the public post goes to the match (a direct match's
        is a public follow-up of this interaction, after the caller's text), the caller gets
        the (usually ephemeral) text and then what was kept for them, and DMs go out last."""
        note = ""
        where = reply.match_place
        direct = where is not None and where.venue == DIRECT
        if reply.created and where is not None and not direct and where.thread_id is None:
            channel_id, thread_id, note = await self.open_place(interaction, where)
            where = await self.bot.service.attach_place(
                where.match_id, channel_id=channel_id, thread_id=thread_id
            )
        text = reply.text
        say = words(interaction.locale)
        if reply.post is not None and where is None and reply.place is not None:
            message = await self.post_to_place(reply.place, reply.post)
            if message is None:
                text = (text + "\n" if text else "") + say("delivery.post_failed")
        if reply.post is not None and where is not None and not direct:
            message = await self.post(where, reply.post)
            if message is None:
                text = (text + "\n" if text else "") + say("delivery.post_failed")
            elif reply.created:
                text = f"{text} {message.jump_url}".strip()
        if note:
            text = f"{text}\n{note}".strip()
        if edit:
            await self.edit_original(interaction, text or say("common.done"), reply)
        elif reply.card is not None:
            await self.private_card(interaction, reply.card, where)
        else:
            await self.followup(
                interaction,
                text or say("common.done"),
                ephemeral=reply.ephemeral,
                image=reply.image,
                image_name=reply.image_name,
                view=with_links(
                    panel_view(reply.panel, language_of(interaction.locale))
                    if reply.panel
                    else None,
                    reply.links,
                ),
                files=reply.files,
            )
        if reply.post is not None and where is not None and direct:
            await self.answer_publicly(interaction, reply.post, where)
        await self.tell_notices(interaction, reply)
        await self.direct_all(reply, where)
        if reply.ok and where is not None and where.computer_in_play:
            self.bot.computer_turns_soon(where.match_id)
        if reply.ok and isinstance(started := reply.extra.get("tournament"), int):
            self.bot.tournament_soon(started)

    async def publish(self, reply: Reply) -> None:
        """Deliver what no interaction asked for (reminders, timeouts, digests). A direct
        match has no channel to post in: the service hands its news as DMs alone."""
        with self.in_flight.working():
            await self._publish(reply)

    async def _publish(self, reply: Reply) -> None:
        where = reply.match_place
        if where is not None and where.venue == DIRECT:
            if reply.post is not None:
                log.warning("match %s: a direct match's post with nobody to answer", where.match_id)
        else:
            if reply.created and where is not None:
                where = await self.open_thread_for(where)
            if reply.post is not None and where is not None:
                await self.post(where, reply.post)
            elif reply.post is not None and reply.place is not None:
                await self.post_to_place(reply.place, reply.post)
        await self.direct_all(reply, where)

    async def direct_all(self, reply: Reply, where: MatchPlace | None) -> None:
        """The reply's DMs; after a direct match's news, each player's status card in their
        DM with the bot follows it (:mod:`.live`): their first board DM is that card."""
        fresh: set[str] = set()
        direct = where is not None and where.venue == DIRECT
        for dm in reply.dms:
            message = await self.direct(dm, where)
            board = dm.post is not None and dm.post.image is not None
            if (
                direct
                and where is not None
                and message is not None
                and board
                and await self.live.dm_posted(where, dm.user_id, message)
            ):
                fresh.add(dm.user_id)
        if direct and where is not None and (reply.post or reply.dms):
            await self.live.players_after(where, fresh)

    async def answer_publicly(
        self, interaction: discord.Interaction, post: Post, where: MatchPlace
    ) -> None:
        """A direct match's post as a public follow-up of the interaction that caused it: the
        one message Discord lets an app send where it is not a member. Where Discord shows it
        to the caller alone (a server that turned off *Use External Apps*) or refuses it,
        the caller still sees the board, privately, and is told the others hear by DM."""
        kwargs = message_kwargs(post, where.match_id, where.version)
        try:
            message = await interaction.followup.send(wait=True, **kwargs)
        except discord.HTTPException as exc:
            log.info("match %s: no public answer here: %s", where.match_id, exc)
            message = None
        if message is not None and not message.flags.ephemeral:
            return
        say = words(interaction.locale)
        if message is None:
            kwargs = message_kwargs(
                post, where.match_id, where.version, lead=say("delivery.answer_failed")
            )
            try:
                await interaction.followup.send(ephemeral=True, **kwargs)
            except discord.HTTPException as exc:
                log.warning("match %s: could not show the board: %s", where.match_id, exc)
            return
        await self.followup(interaction, say("delivery.answer_failed"))

    async def private_card(
        self, interaction: discord.Interaction, card: Post, where: MatchPlace | None
    ) -> None:
        """An answer for the caller alone as a card (``/me games``, the "Next game" board):
        its buttons carry its match's id and version when it is about one; it pings nobody."""
        kwargs = card_kwargs(
            card,
            None if where is None else where.match_id,
            None if where is None else where.version,
            mentions=False,
        )
        try:
            if interaction.response.is_done():
                await interaction.followup.send(ephemeral=True, **kwargs)
            else:
                await interaction.response.send_message(ephemeral=True, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s with a card: %s", interaction.id, exc)

    async def tell_notices(self, interaction: discord.Interaction, reply: Reply) -> None:
        """What the service kept for the caller while their DMs failed, privately, once."""
        for notice in reply.notices:
            await self.followup(interaction, notice)

    async def followup(
        self,
        interaction: discord.Interaction,
        text: str,
        *,
        ephemeral: bool = True,
        image: bytes | None = None,
        image_name: str = "board.png",
        view: discord.ui.View | None = None,
        files: tuple[tuple[str, bytes], ...] = (),
    ) -> None:
        kwargs: dict[str, Any] = {"content": text[:2000], "ephemeral": ephemeral}
        attached = [discord.File(io.BytesIO(data), filename=name) for name, data in files]
        if image:
            attached.insert(0, discord.File(io.BytesIO(image), filename=image_name))
        if attached:
            kwargs["files"] = attached
        if view is not None:
            kwargs["view"] = view
        try:
            if interaction.response.is_done():
                await interaction.followup.send(**kwargs)
            else:
                await interaction.response.send_message(**kwargs)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s: %s", interaction.id, exc)

    async def edit_original(
        self, interaction: discord.Interaction, text: str, reply: Reply
    ) -> None:
        """Answer a press on a guided panel by turning that same panel into the next step
        (or into the result), so a turn does not leave a trail of private messages."""
        kwargs: dict[str, Any] = {
            "content": text[:2000],
            "view": panel_view(reply.panel, language_of(interaction.locale))
            if reply.panel
            else None,
            "attachments": (
                [discord.File(io.BytesIO(reply.image), filename="board.png")] if reply.image else []
            ),
        }
        try:
            await interaction.edit_original_response(**kwargs)
        except discord.HTTPException as exc:
            log.warning("could not update panel %s: %s", interaction.id, exc)
            await self.followup(interaction, text, image=reply.image)

    async def direct(self, dm: DirectMessage, record: MatchPlace | None) -> discord.Message | None:
        """DM a user: a text (and a hand's image), or a direct match's whole post with its
        buttons; the message sent. On failure (None) the service keeps it for the player's
        next command, and a server's match says so in its place, without the secret."""
        user_id = dm.user_id
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            kwargs: dict[str, Any]
            if dm.post is not None and record is not None:
                # A direct match's board for one player: its line leads the card, nobody
                # else is there to ping.
                kwargs = card_kwargs(
                    dm.post,
                    record.match_id,
                    record.version,
                    lead=dm.text,
                    links=dm.links,
                    mentions=False,
                )
            else:
                kwargs = {"content": dm.text[:2000]}
                if dm.image:
                    kwargs["file"] = discord.File(io.BytesIO(dm.image), filename="hand.png")
                if (view := with_links(None, dm.links)) is not None:
                    kwargs["view"] = view
            return await user.send(**kwargs)
        except (discord.HTTPException, ValueError) as exc:
            log.info("DM to %s failed: %s", user_id, exc)
            await self.bot.service.undelivered(dm, None if record is None else record.match_id)
            if (
                record is not None
                and record.venue != DIRECT
                and (record.match_id, user_id) not in self._told_dms_closed
            ):
                # Once per match (and bot run), with a ping so the player learns of it; every
                # later hand change would otherwise repeat the sentence in the thread.
                self._told_dms_closed.add((record.match_id, user_id))
                text = words()("delivery.dm_closed", user=user_id)
                await self.post(record, Post(text=text, mentions=(user_id,)))
            return None
