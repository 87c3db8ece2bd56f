"""The discord.py application: ``create_bot(settings)`` builds it without touching the network.

The service (and with it the store, which the adapter never touches) is opened in
``setup_hook`` (the first moment the bot has an event loop and is about to connect), the cogs
are loaded there, the persistent buttons are registered and the
slash commands synced — to one server instantly when ``DEV_GUILD_ID`` is set. Only
non-privileged intents are asked for: slash commands need no message content or member list.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord
from bot.discord.activity import DiscordActivity, KeepsEntryPoint
from bot.discord.cogs import setup_cogs
from bot.discord.cogs.menus import GamePicker, answer_form
from bot.discord.components import MatchButton, NextGameButton, PanelSelect, StepSelect
from bot.discord.components.cards import retired
from bot.discord.delivery import Delivery, in_flight, jump_link
from bot.discord.identity import actor_of, may_edit_here, payload
from bot.discord.translator import CatalogueTranslator
from bot.service import Service
from bot.service.match.workers import Workers
from bot.service.replies import NEXT_GAME, Reply, parse_path
from bot.service.text.command_map import GROUP_OF, command_names
from bot.settings import Settings
from bot.words import words
from discord import app_commands
from discord.ext import commands, tasks

log = logging.getLogger(__name__)

Stop = Callable[[], Awaitable[None]]
Companion = Callable[["BoardBot"], Awaitable[Stop]]
"""Something that runs beside the bot once its service exists (the web board), started in
``setup_hook`` and stopped on close; given by whoever builds the bot (``bot.__main__``)."""

COMPONENTS = (MatchButton, NextGameButton, StepSelect, PanelSelect, GamePicker)
"""Every button and menu the bot posts: their ids carry the match, so they outlive restarts."""


PARALLEL_DELIVERIES = 8
"""Scheduled messages (reminders, timeouts, computer moves) in flight at once."""
CLOSING_SECONDS = 8.0
"""How long a closing bot waits for answers still being sent (under the 10 s a container
is given between being asked to stop and being killed)."""

PLAIN_ACTIONS = frozenset(
    {
        "accept", "decline", "resign", "join", "leave", "start", "hand", "rematch",
        "add_computer", "web_link",
    }
)  # fmt: skip
"""Button actions that call the service use case of the same name for the button's match."""
TOURNAMENT_ACTIONS = frozenset({"tournament_join", "tournament_leave"})
"""Buttons under a tournament's sign-up post: the tournament's id travels as the value."""
ANSWERS = frozenset({"accept", "decline", "step", "start"})
"""Buttons that answer a one-off question: they disappear once answered."""


class BoardTree(KeepsEntryPoint["BoardBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Last resort: a short apology, never a traceback in Discord.

        A command Discord still lists but this version no longer has (global command lists
        update slowly) is not our failure: it gets a pointer to the current commands.
        """
        bot: BoardBot = interaction.client  # type: ignore[assignment]
        say = words(interaction.locale)
        if isinstance(error, app_commands.CommandNotFound):
            log.info("removed command %r used", error.name)
            moved = error.name in GROUP_OF
            await bot.delivery.followup(
                interaction,
                say(
                    "errors.moved_command",
                    old=error.name,
                    new=command_names(say.language).full(error.name),  # as their client shows it
                )
                if moved
                else say("errors.removed_command"),
            )
            return
        log.exception(
            "command %s failed", interaction.command and interaction.command.name, exc_info=error
        )
        await bot.delivery.followup(interaction, say("errors.internal"))


class BoardBot(commands.Bot):
    """The bot; holds the service and the delivery helper, no game state of its own."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        sync_commands: bool = True,
        companions: tuple[Companion, ...] = (),
        **client: Any,
    ) -> None:
        super().__init__(
            **client,
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=BoardTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            # Installable to servers and to players alike, and usable wherever Discord lets a
            # command be used; the commands about a server narrow this (cogs.IN_SERVERS).
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True
            ),
        )
        self.settings = settings
        self._opened = False
        self._clock = clock
        self._sync_commands = sync_commands
        self.delivery = Delivery(self)
        self.workers = Workers(settings.worker_processes, settings.search_processes)
        self.service: Service
        self._leading: bool | None = None
        """Whether this process ran the last scheduler tick (None before the first)."""
        self._background: set[asyncio.Task[None]] = set()
        """Work started after a reply (a tournament's first round) and the computer's players;
        kept so they are not collected, and cancelled on close."""
        self._companions = companions
        self._stops: list[Stop] = []
        self.board_activity = (
            DiscordActivity(self, settings.discord_client_id.strip(), settings.client_secret)
            if settings.activity_enabled
            else None
        )
        """Confirms who opened the board as an Activity (None: no Activity configured)."""

    async def setup_hook(self) -> None:
        self.service = Service.on_database(
            self.settings.database_url,
            password=self.settings.database_password.get_secret_value(),
            clock=self._clock,
            link=jump_link,
            default_time=self.settings.default_time,
            reminders=self.settings.reminders,
            vacation_days=self.settings.vacation_days,
            workers=self.workers,
            computer_seconds=self.settings.computer_seconds,
            review_seconds=self.settings.review_seconds,
            web=self.settings.board_links(self._clock),
            activity=self.settings.activity_sessions(self._clock),
        )
        await self.service.open()
        self._opened = True
        self._keep(self._warm_workers())
        await self.service.on_startup()
        self._keep(self.service.serve_computer_turns(self._publish_computer_turn))
        self._keep(self.service.serve_reviews(self._publish_computer_turn))
        await setup_cogs(self)
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*COMPONENTS)
        if self._sync_commands:
            await self.sync_commands()
        self.scheduler.change_interval(seconds=self.settings.tick_seconds)
        self.scheduler.start()
        for companion in self._companions:
            self._stops.append(await companion(self))
        # Everything built so far lives as long as the process: moved out of the collector's
        # reach, a full collection walks only what commands create (the event loop's longest
        # pause from one fell from about 45 to 13 ms when measured for issue 34).
        gc.freeze()

    async def publish_reply(self, reply: Reply) -> None:
        """Deliver what a change made outside Discord posts (a move on the web board): the
        thread post, pings and DMs. (The web board queues the computer's answer itself.)"""
        await self.delivery.publish(reply)

    @tasks.loop(seconds=60)
    async def scheduler(self) -> None:
        """Reminders, timeouts and digests that fell due. Nothing is kept in memory between
        ticks: every deadline is recomputed from the store, so restarts lose nothing. Due
        computer turns are only queued here, never searched: the computer's players
        (started in ``setup_hook``) play them, so a long search never delays the heartbeat.

        With several bot processes on one PostgreSQL database only the process holding the
        ``scheduler`` lock ticks, so nothing is sent twice; when it dies its lock goes with its
        connection and the next process to look takes over. The others only keep the
        heartbeat, so a restart of any of them is not mistaken for the bot being away."""
        leading = await self.service.lead_ticks()
        if leading != self._leading:
            log.info("scheduler: %s", "this process leads" if leading else "another process leads")
            self._leading = leading
        if not leading:
            return
        await self._publish_all(await self.service.tick())

    async def _publish_all(self, replies: list[Reply]) -> None:
        """Deliver a tick's messages several at a time (discord.py waits out each route's rate
        limit by itself), each match's own messages in order."""
        by_match: dict[int | None, list[Reply]] = {}
        for reply in replies:
            by_match.setdefault(reply.match_id, []).append(reply)
        gate = asyncio.Semaphore(PARALLEL_DELIVERIES)

        async def deliver(group: list[Reply]) -> None:
            async with gate:
                for reply in group:
                    try:
                        await self.delivery.publish(reply)
                    except Exception:
                        log.exception(
                            "delivering a scheduled message failed (match %s)", reply.match_id
                        )

        await asyncio.gather(*(deliver(group) for group in by_match.values()))

    @scheduler.before_loop
    async def _before_scheduler(self) -> None:
        await self.wait_until_ready()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    def computer_turns_soon(self, match_id: int) -> None:
        """After a person's move in a match with a computer seat, the computer's answer (if
        it is to move) joins the queue of computer turns, behind at most one turn of each
        other person's (:mod:`bot.service.computer.queue`); the person's own reply has
        already gone out."""
        self._keep(self.service.queue_computer_turn_of(match_id))

    def tournament_soon(self, tournament_id: int) -> None:
        """A tournament just started: make its first round's games now, not at the next
        tick (the scheduler would, too, if this process stopped first)."""
        self._keep(self._advance_tournament(tournament_id))

    async def _warm_workers(self) -> None:
        """Start and warm the worker processes while the bot connects, not before: a restart
        is back on Discord seconds sooner (the pools took 1–9 s, most of a start), and a
        board asked for in the meantime waits in the pool's queue as it would have waited
        here. A pool that fails to start is started again by its first job."""
        try:
            await self.workers.start()
        except Exception:
            log.warning(
                "the worker processes did not start; the first job starts them", exc_info=True
            )

    def _keep(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _advance_tournament(self, tournament_id: int) -> None:
        try:
            replies = await self.service.advance(tournament_id)
        except Exception:
            log.exception("tournament %s: starting its round failed", tournament_id)
            return
        await self._publish_all(replies)

    async def _publish_computer_turn(self, replies: list[Reply]) -> None:
        """Post one computer turn (the service's computer players call this), or a finished
        match review (the service's reviewer)."""
        await self.wait_until_ready()
        for reply in replies:
            try:
                await self.delivery.publish(reply)
            except Exception:
                log.exception("posting the computer's move failed (match %s)", reply.match_id)

    async def close(self) -> None:
        # What committed changes still have to say goes out first (a restart is invisible);
        # a Discord that answers nothing cannot hold the process up for long.
        if not await self.delivery.in_flight.settled(CLOSING_SECONDS):
            log.warning("closing with answers still being sent after %.0f s", CLOSING_SECONDS)
        for stop in self._stops:
            try:
                await stop()
            except Exception:
                log.exception("stopping a companion of the bot failed")
        self._stops.clear()
        self.scheduler.cancel()
        for task in list(self._background):
            task.cancel()
        self.workers.close()
        await super().close()
        if self._opened:
            await self.service.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu no registered item claims (an id from an older version) gets a
        polite private answer instead of Discord's "This interaction failed". A challenge
        form from a person's menu is answered here from its id, whichever process opened it
        (:func:`bot.discord.cogs.menus.answer_form`)."""
        if interaction.type is discord.InteractionType.modal_submit:
            await answer_form(interaction)
            return
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(payload(interaction).get("custom_id", ""))
        if any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in COMPONENTS):
            return
        log.info("stale component %r pressed", custom_id)
        await self.delivery.followup(interaction, words(interaction.locale)("errors.stale_button"))

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))

    @in_flight
    async def press(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: str,
        value: str,
        version: int | None,
    ) -> None:
        """A persistent button or menu was used; the service decides if this person may.

        Presses on a private guided panel update that panel in place; everything else
        answers with a new private message. A closing bot waits for it (``close``)."""
        if action == "web_link" and await self._launched(interaction, match_id):
            return
        message = interaction.message
        # A panel opened from a private board card (the "Next game" answer) comes as a new
        # message: a card cannot be edited into the panel's plain buttons.
        in_panel = (
            action == "panel"
            and message is not None
            and message.flags.ephemeral
            and not message.flags.components_v2
        )
        if in_panel:
            await interaction.response.defer()
        elif action == "resign":
            # A deferred *update*: the confirmation message can then lose its button below.
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        actor = actor_of(interaction)
        service = self.service
        reply: Reply
        if action == NEXT_GAME:
            reply = await service.next_game(actor)
        elif action in PLAIN_ACTIONS:
            reply = await getattr(service, action)(actor, match_id=match_id)
        elif action in TOURNAMENT_ACTIONS and value.isdigit():
            reply = await getattr(service, action)(actor, tournament_id=int(value))
        elif action == "step":
            reply = await service.step(actor, value, match_id=match_id, version=version)
        elif action == "panel":
            try:
                path, confirmed = parse_path(value)
            except ValueError:
                path, confirmed = (), False
            reply = await service.panel(
                actor, match_id=match_id, version=version, path=path, confirmed=confirmed
            )
        else:
            reply = Reply.refuse(words(interaction.locale)("errors.dead_button"))
        if (
            reply.ok
            and action in ANSWERS
            and reply.panel is None
            and message is not None
            and may_edit_here(interaction)
        ):
            await self._retire_buttons(message.edit, message.id, retired(message))
        await self.delivery.deliver(interaction, reply, edit=in_panel)
        if reply.ok and action == "resign":
            # The confirmation is spent: its button goes, so it cannot be pressed again.
            await self._retire_buttons(interaction.edit_original_response, interaction.id)

    async def _launched(self, interaction: discord.Interaction, match_id: int) -> bool:
        """ "Play on the board": where the app has an Activity, the press opens it on this
        match (the launch must be the interaction's first answer, so nothing defers before
        it); where it has none — or Discord will not launch one here — the presser gets
        their signed web link instead, as without an Activity."""
        if self.board_activity is None or not self.application_flags.embedded:
            return False
        channel = str(interaction.channel_id) if interaction.channel_id else None
        await self.service.activity.aim(actor_of(interaction), match_id=match_id, where=channel)
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.info("launching the Activity failed (%s): answering with a link", error.status)
            return False
        return True

    @staticmethod
    async def _retire_buttons(
        edit: Callable[..., Awaitable[Any]],
        what: int,
        card: discord.ui.LayoutView | None = None,
    ) -> None:
        """Answered questions lose their buttons so nobody presses them twice (a card keeps
        the rest of itself, ``card``); a message that cannot be edited any more (deleted, too
        old) keeps them, and the service refuses."""
        try:
            await edit(view=card)
        except discord.HTTPException as exc:
            log.debug("could not remove the buttons of %s: %s", what, exc)


class ShardedBoardBot(BoardBot, commands.AutoShardedBot):
    """The same bot on the shards ``SHARD_IDS`` of ``SHARD_COUNT``: several processes split
    the servers between them and share one PostgreSQL database; the scheduler lock makes
    one of them the scheduler (see :meth:`BoardBot.scheduler`)."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        super().__init__(
            settings, shard_count=settings.shard_count, shard_ids=settings.shards, **kwargs
        )


def create_bot(settings: Settings, **kwargs: Any) -> BoardBot:
    """Build the bot; no network activity happens until ``start``."""
    if settings.shard_count is not None:
        return ShardedBoardBot(settings, **kwargs)
    return BoardBot(settings, **kwargs)
