"""/tournament: sign-up, start, standings and the list of a server's tournaments.

A group cog of its own rather than a group of the command map: its subcommands share names
with the lobby's (``join``, ``leave``, ``start``), and names only have to be unique within a
group."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from bot.discord.cogs.common import run
from bot.discord.cogs.info import game_choices
from bot.discord.identity import actor_of
from bot.service.match.limits import TOURNAMENT_ROUNDS
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host

TOURNAMENT_HELP = "Which tournament (only needed when several are open here)"


def _guild(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id) if interaction.guild_id else ""


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class TournamentCog(
    commands.GroupCog,
    group_name="tournament",
    group_description="Leagues and Swiss tournaments on this server",
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    async def _run(
        self, interaction: discord.Interaction, use_case: str, tournament: int | None
    ) -> None:
        """The commands about one tournament: the same service call but for its name."""
        actor = actor_of(interaction)
        call = getattr(self.bot.service, use_case)
        await run(
            interaction,
            lambda: call(actor, tournament_id=tournament, guild_id=_guild(interaction)),
        )

    @app_commands.command(name="create", description="Open a tournament for sign-up here")
    @app_commands.describe(
        game="Which game",
        name="What to call it (default: the game and format)",
        format="league: everyone meets everyone once · swiss: paired by score",
        rounds="Swiss: how many rounds (default log2 of the players); FENCE!: seating rounds",
        table="FENCE!: players per table (3–6, default 4)",
        time="Clock of every game, e.g. '3d+1d max 7d' (default: the server's)",
        rated="Whether the games change ratings (default true)",
        quiet_hours="Whether players' quiet hours and weekends may pause clocks in its games",
    )
    @app_commands.choices(game=game_choices())
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        name: str | None = None,
        format: Literal["league", "swiss"] | None = None,
        rounds: app_commands.Range[int, 1, TOURNAMENT_ROUNDS.high] | None = None,
        table: app_commands.Range[int, 3, 6] | None = None,
        time: str | None = None,
        rated: bool | None = None,
        quiet_hours: bool | None = None,
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.tournament_create(
                actor,
                game,
                name=name,
                format=format,
                rounds=rounds,
                table=table,
                time_control=time,
                rated=rated,
                quiet_hours=quiet_hours,
                guild_id=_guild(interaction),
                channel_id=str(interaction.channel_id) if interaction.channel_id else None,
            ),
        )

    @app_commands.command(name="join", description="Sign up for a tournament")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def join(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._run(interaction, "tournament_join", tournament)

    @app_commands.command(name="leave", description="Take back your sign-up")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._run(interaction, "tournament_leave", tournament)

    @app_commands.command(name="start", description="Close sign-up and start round 1 (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._run(interaction, "tournament_start", tournament)

    @app_commands.command(name="cancel", description="Cancel a tournament (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._run(interaction, "tournament_cancel", tournament)

    @app_commands.command(name="standings", description="The standings table of a tournament")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        await self._run(interaction, "tournament_standings", tournament)

    @app_commands.command(name="list", description="This server's tournaments")
    async def list_them(self, interaction: discord.Interaction) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.tournaments(actor, guild_id=_guild(interaction)),
        )
