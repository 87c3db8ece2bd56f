"""Commands of one shape each, built from tables rather than a dozen look-alike methods.

Each row of :data:`SIMPLE_COMMANDS` names a slash command that takes nothing but an optional
match, its description and the service use case it calls with ``(actor, match_id=…,
where=…)``; each entry of :data:`bot.service.text.command_map.PLAYER_COMMANDS` a command about one
player on this server (optional ``user`` and ``game``). Buttons with the same action call
the same use case, so every button has a typed twin (``/lobby join`` for Join, ``/hand``
for My cards…). Which group a command sits in is decided by
:mod:`bot.service.text.command_map`, not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from bot.discord.cogs.common import MATCH_HELP, match_autocomplete, run, where
from bot.discord.cogs.info import game_choices
from bot.discord.identity import actor_of, user_of
from bot.service.text.command_map import PLAYER_COMMANDS
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host


SIMPLE_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("accept", "accept", "Accept a challenge, draw offer or undo request"),
    ("decline", "decline", "Decline a challenge (or withdraw yours), a draw or an undo"),
    ("draw", "draw", "Offer a draw, or accept your opponent's offer"),
    ("undo", "undo", "Ask to take back your last move, or allow your opponent's request"),
    ("join", "join", "Join a game lobby (type it in the lobby's thread)"),
    ("leave", "leave", "Leave a game lobby (its creator closes it)"),
    ("start", "start", "Start the game of a lobby you opened"),
    ("hand", "hand", "Show your secret cards, privately"),
    ("turn", "panel", "Choose your move step by step with buttons"),
    ("rematch", "rematch", "Play a finished match again, colours swapped"),
    ("hint", "hint", "The computer's suggestion for your move (unrated games only)"),
    (
        "review",
        "review",
        "A finished match judged by the computer: winning chances and the largest swings",
    ),
)


def simple_command(
    cog: SimpleCog, name: str, use_case: str, description: str
) -> app_commands.Command[Any, ..., None]:
    async def callback(interaction: discord.Interaction, match: int | None = None) -> None:
        actor = actor_of(interaction)
        call = getattr(cog.bot.service, use_case)
        await run(interaction, lambda: call(actor, match_id=match, where=where(interaction)))

    callback.__name__ = callback.__qualname__ = f"command_{name}"
    # Described before the command is made: a description added afterwards is never handed
    # to the translator, so Discord would show it in English to everyone.
    callback = app_commands.describe(match=MATCH_HELP)(callback)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=description, callback=callback
    )
    return app_commands.autocomplete(match=match_autocomplete)(command)


def player_command(
    cog: SimpleCog, name: str, description: str
) -> app_commands.Command[Any, ..., None]:
    async def callback(
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        actor = actor_of(interaction)
        who = user_of(user) if user is not None else None
        call = getattr(cog.bot.service, name)
        guild = str(interaction.guild_id) if interaction.guild_id else ""
        await run(interaction, lambda: call(actor, user=who, game=game, guild_id=guild))

    callback.__name__ = callback.__qualname__ = f"command_{name}"
    callback = app_commands.describe(user="Whose (default: yours)", game="Only this game")(callback)
    callback = app_commands.choices(game=game_choices())(callback)
    return app_commands.Command(name=name, description=description, callback=callback)


class SimpleCog(commands.Cog):
    """Built per bot so two bots in one process (a restart in the tests) share nothing."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.commands_ = [simple_command(self, *row) for row in SIMPLE_COMMANDS] + [
            player_command(self, name, text) for name, text in PLAYER_COMMANDS.items()
        ]

    async def cog_load(self) -> None:
        for command in self.commands_:
            self.bot.tree.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.commands_:
            self.bot.tree.remove_command(command.name)
