"""/play <game>: one subcommand per game, built from each game's option schema.

The schema is data (``GameInfo.options``), so a game's options appear in Discord with their
own choices and ranges without any per-game code here.
"""

from __future__ import annotations

import inspect
import re
from typing import TYPE_CHECKING, Any

import discord
import games
from bot.discord.cogs.common import run
from bot.discord.identity import actor_of, user_of
from bot.discord.translator import catalogued
from bot.service import User
from bot.service.computer.levels import AUTO, level_names
from bot.service.computer.opponents import computer
from bot.service.text.command_map import choice_word
from bot.words import Phrase, words
from discord import app_commands
from discord.ext import commands
from games.core import GameInfo, Option, Rules

if TYPE_CHECKING:
    from bot.discord.host import Host

MENTION = re.compile(r"<@!?(\d+)>")
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


Described = dict[str, str | app_commands.locale_str]
Choices = dict[str, list[app_commands.Choice[Any]]]


def _keyword(name: str, annotation: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None
    )


def _lobby_options(info: GameInfo) -> tuple[list[inspect.Parameter], Described, Choices]:
    """A game for more than two opens a lobby: how many seats, and whom to invite."""
    seats = app_commands.Range[int, info.min_players, info.max_players] | None
    describe: Described = {
        "seats": f"How many players ({info.min_players}–{info.max_players}; "
        f"default {info.max_players})",
        "invite": "Mention the players you want to invite, e.g. @bob @carol",
    }
    return [_keyword("seats", seats), _keyword("invite", str | None)], describe, {}


def _challenge_options(info: GameInfo) -> tuple[list[inspect.Parameter], Described, Choices]:
    """A two-player game is a challenge: whom, which colour, the computer's level, and the
    ratings an open challenge takes."""
    rating = app_commands.Range[int, 0, 4000] | None
    params = [
        _keyword("opponent", discord.User | None),
        _keyword("color", str | None),
        _keyword("min_rating", rating),
        _keyword("max_rating", rating),
        _keyword("level", str | None),
    ]
    describe: Described = {
        "opponent": "Who you challenge (me, the bot: the computer; nobody: anyone here)",
        "min_rating": "Open challenge only: the lowest rating that may accept",
        "max_rating": "Open challenge only: the highest rating that may accept",
        "color": COLOR_HELP,
        "level": "How hard the computer plays (≈ its rating; auto: the level nearest yours). "
        "Default normal",
    }
    choices: Choices = {
        "level": [
            *(
                app_commands.Choice(name=shown, value=level)
                for level, shown in level_names(info.name).items()
            ),
            app_commands.Choice(name="auto: the level nearest your rating", value=AUTO),
        ],
        "color": [
            app_commands.Choice(name=c, value=c.lower())
            for c in ("first", "second", "random", *info.seat_names[:2])
        ],
    }
    return params, describe, choices


def _game_options(info: GameInfo, describe: Described, choices: Choices) -> list[inspect.Parameter]:
    """The clock, rated, and each of the game's own options (described from the catalogue)."""
    params = [_keyword("time", str | None), _keyword("rated", bool | None)]
    describe["time"] = "Clock, e.g. '3d+1d max 7d', '2d per move' or 'none' (server default)"
    describe["rated"] = (
        "Whether the result changes ratings (default: yes, but no with the computer)"
    )
    for option in info.options:
        params.append(_keyword(option.name, _annotation(option) | None))
        describe[option.name] = catalogued(
            "picker.option",
            description=Phrase(f"rules.{info.name}.option.{option.name}"),
            default=choice_word(option.default),
        )
        if option_choices := _choices(option):
            choices[option.name] = option_choices
    return params


def play_command(rules: Rules[Any, Any], cog: PlayCog) -> app_commands.Command[Any, Any, None]:
    info = rules.info
    lobby = info.max_players > 2
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    own, describe, choices = _lobby_options(info) if lobby else _challenge_options(info)
    params += [*own, *_game_options(info, describe, choices)]

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await cog.play(interaction, info.name, values)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = f"play_{info.name}"
    callback = app_commands.describe(**describe)(callback)
    callback = app_commands.choices(**choices)(callback)
    verb = "Open a lobby for" if lobby else "Challenge someone to"
    return app_commands.Command(
        name=info.name,
        description=f"{verb} {info.title}"[:100],
        callback=callback,
    )


class PlayCog(commands.Cog):
    """Owns the /play group. It is built per bot (not at class level) so two bots in one
    process — a restart in the tests — never share command objects."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.group = app_commands.Group(name="play", description="Challenge someone to a game")
        for name in games.available():
            self.group.add_command(play_command(games.get(name), self))

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    async def play(
        self, interaction: discord.Interaction, game: str, values: dict[str, Any]
    ) -> None:
        actor = actor_of(interaction)
        place: dict[str, Any] = {
            "guild_id": str(interaction.guild_id) if interaction.guild_id else None,
            "channel_id": str(interaction.channel_id) if interaction.channel_id else None,
        }
        terms: dict[str, Any] = {
            "time_control": values.pop("time", None),
            "rated": values.pop("rated", None),
        }
        if "seats" in values:
            seats = values.pop("seats", None)
            invited = await self._mentioned(values.pop("invite", None) or "")
            options = {k: v for k, v in values.items() if v is not None}
            await run(
                interaction,
                lambda: self.bot.service.play(
                    actor, game, seats=seats, invited=invited, options=options, **place, **terms
                ),
            )
            return
        opponent: discord.abc.User | None = values.pop("opponent", None)
        color = values.pop("color", None)
        level = values.pop("level", None) or "normal"
        bounds: dict[str, Any] = {"min_rating": values.pop("min_rating", None)}
        bounds["max_rating"] = values.pop("max_rating", None)
        options = {k: v for k, v in values.items() if v is not None}
        if opponent is None:  # an open challenge for anyone in the channel
            await run(
                interaction,
                lambda: self.bot.service.challenge(
                    actor, game, None, color=color, options=options, **place, **terms, **bounds
                ),
            )
            return
        me = self.bot.user
        if opponent.bot and (me is None or opponent.id != me.id):
            await interaction.response.send_message(
                words(interaction.locale)("challenge.bot"), ephemeral=True
            )
            return
        rival = computer(level) if opponent.bot else user_of(opponent)
        await run(
            interaction,
            lambda: self.bot.service.challenge(
                actor,
                game,
                rival,
                color=color,
                options=options,
                **place,
                **terms,
            ),
        )

    async def _mentioned(self, text: str) -> list[User]:
        """The people named by ``<@id>`` mentions in a text option (bots left out)."""
        people = []
        for user_id in dict.fromkeys(MENTION.findall(text)):
            user = self.bot.get_user(int(user_id))
            if user is None:
                try:
                    user = await self.bot.fetch_user(int(user_id))
                except discord.HTTPException:
                    continue
            if not user.bot:
                people.append(user_of(user))
        return people
