"""Correspondence commands: waiting, notify, vacation, rating, leaderboard, settings, export
(filed under their groups by :func:`bot.discord.cogs.group_commands`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from bot.discord.cogs.common import MATCH_HELP, bot_of, match_autocomplete, run, where
from bot.discord.cogs.info import game_choices
from bot.discord.identity import actor_of, user_of
from bot.service.match.limits import (
    COMPUTER_GAMES,
    HINTS_PER_HOUR,
    OPEN_SEEKS,
    REVIEWS_PER_DAY,
    TOURNAMENT_ROUNDS,
    TOURNAMENTS,
)
from bot.service.text.languages import AUTO, shipped
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host


def _guild(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id) if interaction.guild_id else ""


class CorrespondenceCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="waiting", description="Matches waiting for your move, most urgent first"
    )
    async def waiting(self, interaction: discord.Interaction) -> None:
        actor = actor_of(interaction)
        await run(interaction, lambda: self.bot.service.waiting(actor))

    @app_commands.command(
        name="export", description="A match as a text record (and an animation once it is over)"
    )
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def export(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Anyone who can see a match may export it (spectators too); the service refuses a
        match from another server or a hidden channel before it renders anything."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.bot.service.export(
            actor_of(interaction), match_id=match, where=where(interaction)
        )
        await bot_of(interaction).delivery.deliver(interaction, reply)

    @app_commands.command(name="note", description="Your private note on a match (only you see it)")
    @app_commands.describe(
        text="What to keep (up to 2000 characters) · clear · empty: show it", match=MATCH_HELP
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def note(
        self, interaction: discord.Interaction, text: str | None = None, match: int | None = None
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.match_note(
                actor, text, match_id=match, where=where(interaction)
            ),
        )

    @app_commands.command(name="notify", description="How you hear it's your turn; confirm moves")
    @app_commands.describe(
        mode="thread: ping in the match thread · dm: a DM instead · digest: one DM a day · off",
        confirm="Ask for a Confirm press before each move (against misclicks on phones)",
        language="Language of your DMs and reminders (auto: your Discord's)",
    )
    @app_commands.choices(
        language=[app_commands.Choice(name=code, value=code) for code in (AUTO, *shipped())]
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        mode: Literal["thread", "dm", "digest", "off"] | None = None,
        confirm: bool | None = None,
        language: str | None = None,
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.notify(actor, mode=mode, confirm=confirm, language=language),
        )

    @app_commands.command(
        name="challenges", description="Who may challenge you; block or unblock a person"
    )
    @app_commands.describe(
        allow="everyone · played: only people you have played · nobody",
        block="Someone who may no longer challenge you or sit at your games",
        unblock="Someone you blocked and let back in",
    )
    async def challenges(
        self,
        interaction: discord.Interaction,
        allow: Literal["everyone", "played", "nobody"] | None = None,
        block: discord.User | None = None,
        unblock: discord.User | None = None,
    ) -> None:
        actor = actor_of(interaction)
        people = {"block": block, "unblock": unblock}
        chosen = {key: user_of(user) for key, user in people.items() if user is not None}
        await run(
            interaction,
            lambda: self.bot.service.challenge_settings(actor, allow=allow, **chosen),
        )

    @app_commands.command(name="quiet", description="Quiet hours and weekends: your clock stops")
    @app_commands.describe(
        zone="Your time zone, e.g. Europe/Berlin or America/New_York",
        hours="Daily quiet hours, e.g. 22:00-07:00 (at most 12 h a day; none to clear)",
        weekend="Pause all of Saturday and Sunday too",
    )
    async def quiet(
        self,
        interaction: discord.Interaction,
        zone: str | None = None,
        hours: str | None = None,
        weekend: bool | None = None,
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.quiet(actor, zone=zone, hours=hours, weekend=weekend),
        )

    @app_commands.command(name="vacation", description="Pause all your clocks for some days")
    @app_commands.describe(days="How many days (0 ends your vacation now)")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[float, 0, 366]
    ) -> None:
        actor = actor_of(interaction)
        await run(interaction, lambda: self.bot.service.vacation(actor, days))

    @app_commands.command(
        name="seeks", description="Open challenges on this server anyone may accept"
    )
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def seeks(self, interaction: discord.Interaction) -> None:
        actor = actor_of(interaction)
        await run(interaction, lambda: self.bot.service.seeks(actor, guild_id=_guild(interaction)))

    @app_commands.command(name="leaderboard", description="The best-rated players of a game here")
    @app_commands.describe(game="Which game (leave out for the top players of every game)")
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.leaderboard(actor, game, guild_id=_guild(interaction)),
            ephemeral=False,
        )

    @app_commands.command(name="settings", description="Server settings for new matches")
    @app_commands.describe(
        time="Default time control, e.g. '3d+1d max 7d', '2d per move' or 'none'",
        channel="Channel where new matches open (default: where /play is used)",
        mode="A thread per match, or play in the channel itself",
        games="Enabled games, e.g. 'ordo fonver' ('all' for every game)",
        computer_games="Open games against the computer one player may have at a time",
        hints_per_hour="Hints one player may ask for in an hour",
        open_seeks="Open challenges one player may have on this server at a time",
        tournaments="Tournaments one player may organise here at a time",
        tournament_rounds="Most rounds a tournament here may play",
        reviews_per_day="Match reviews one player may ask for in a day",
        spectators="Who may open a match's web board: people who see its thread, or anyone "
        "with the address",
        language="Language of shared posts: threads, challenges, lobbies (auto: the server's "
        "Discord language)",
        quiet_hours="Whether players' quiet hours and weekends may pause clocks in new matches",
    )
    @app_commands.choices(
        language=[app_commands.Choice(name=code, value=code) for code in (AUTO, *shipped())]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        time: str | None = None,
        channel: discord.TextChannel | None = None,
        mode: Literal["thread", "channel"] | None = None,
        games: str | None = None,
        computer_games: app_commands.Range[int, COMPUTER_GAMES.low, COMPUTER_GAMES.high]
        | None = None,
        hints_per_hour: app_commands.Range[int, HINTS_PER_HOUR.low, HINTS_PER_HOUR.high]
        | None = None,
        open_seeks: app_commands.Range[int, OPEN_SEEKS.low, OPEN_SEEKS.high] | None = None,
        tournaments: app_commands.Range[int, TOURNAMENTS.low, TOURNAMENTS.high] | None = None,
        tournament_rounds: app_commands.Range[int, TOURNAMENT_ROUNDS.low, TOURNAMENT_ROUNDS.high]
        | None = None,
        reviews_per_day: app_commands.Range[int, REVIEWS_PER_DAY.low, REVIEWS_PER_DAY.high]
        | None = None,
        spectators: Literal["thread", "public"] | None = None,
        language: str | None = None,
        quiet_hours: bool | None = None,
    ) -> None:
        """Anyone may read the settings; only the service decides who may change them (Manage
        Server). Discord applies default permissions to a whole group only, and ``/server``
        also holds the leaderboard everyone may see, so the check is the service's alone.
        The limits' ranges come from their one table (:mod:`bot.service.match.limits`); the service
        checks them again, since the console and other callers pass values too."""
        changes = {
            "time": time,
            "channel": str(channel.id) if channel else None,
            "mode": mode,
            "games": games,
            "computer_games": computer_games,
            "hints_per_hour": hints_per_hour,
            "open_seeks": open_seeks,
            "tournaments": tournaments,
            "tournament_rounds": tournament_rounds,
            "reviews_per_day": reviews_per_day,
            "quiet_hours": quiet_hours,
            "spectators": spectators,
            "language": language,
        }
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.server_settings(actor, _guild(interaction), changes),
        )
