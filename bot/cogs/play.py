"""/play <game>: one subcommand per game, built from each game's option schema.

The schema is data (``GameInfo.options``), so a game's options appear in Discord with their
own choices and ranges without any per-game code here.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.app import actor_of, user_of
from bot.cogs.common import run
from games.core import Option, Rules

if TYPE_CHECKING:
    from bot.app import BoardBot

COLOR_HELP = "Your seat: first, second, random (default) or a colour"


def _annotation(option: Option) -> Any:
    if option.kind == "bool":
        return bool
    if option.kind == "int":
        if option.choices:
            return int
        return app_commands.Range[int, option.minimum, option.maximum]
    return str


def _choices(option: Option) -> list[app_commands.Choice[Any]]:
    if option.kind == "bool" or not option.choices:
        return []
    return [app_commands.Choice(name=str(c), value=c) for c in option.choices][:25]


def play_command(rules: Rules[Any, Any], cog: PlayCog) -> app_commands.Command[Any, Any, None]:
    info = rules.info
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        inspect.Parameter("opponent", inspect.Parameter.KEYWORD_ONLY, annotation=discord.User),
        inspect.Parameter(
            "color", inspect.Parameter.KEYWORD_ONLY, annotation=str | None, default=None
        ),
    ]
    describe = {"opponent": "Who you challenge", "color": COLOR_HELP}
    choices: dict[str, list[app_commands.Choice[Any]]] = {
        "color": [
            app_commands.Choice(name=c, value=c.lower())
            for c in ("first", "second", "random", *info.seat_names[:2])
        ]
    }
    for option in info.options:
        params.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(option) | None,
                default=None,
            )
        )
        default = (
            str(option.default).lower() if isinstance(option.default, bool) else option.default
        )
        describe[option.name] = f"{option.description} (default {default})"[:100]
        if option_choices := _choices(option):
            choices[option.name] = option_choices

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await cog.play(interaction, info.name, values)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = f"play_{info.name}"
    callback = app_commands.describe(**describe)(callback)
    callback = app_commands.choices(**choices)(callback)
    return app_commands.Command(
        name=info.name,
        description=f"Challenge someone to {info.title}"[:100],
        callback=callback,
    )


class PlayCog(commands.Cog):
    """Owns the /play group. It is built per bot (not at class level) so two bots in one
    process — a restart in the tests — never share command objects."""

    def __init__(self, bot: BoardBot) -> None:
        self.bot = bot
        self.group = app_commands.Group(
            name="play", description="Challenge someone to a game", guild_only=True
        )
        for name in games.available():
            rules = games.get(name)
            if rules.info.min_players == rules.info.max_players == 2:
                self.group.add_command(play_command(rules, self))

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    async def play(
        self, interaction: discord.Interaction, game: str, values: dict[str, Any]
    ) -> None:
        actor = actor_of(interaction)
        opponent: discord.abc.User = values.pop("opponent")
        color = values.pop("color", None)
        options = {k: v for k, v in values.items() if v is not None}
        if opponent.bot:
            await interaction.response.send_message(
                "Bots can't play — challenge a person.", ephemeral=True
            )
            return
        await run(
            interaction,
            lambda: self.bot.service.challenge(
                actor,
                game,
                user_of(opponent),
                color=color,
                options=options,
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                channel_id=str(interaction.channel_id) if interaction.channel_id else None,
            ),
        )
