"""Every application command, serialised as Discord receives it, respects Discord's limits."""

from __future__ import annotations

import re
from typing import Any

from discord import AppCommandType

from bot.discord.app import create_bot
from bot.discord.cogs import setup_cogs
from bot.discord.translator import CatalogueTranslator
from bot.service.text.command_map import GROUPS, TOP_LEVEL
from bot.settings import Settings

NAME = re.compile(r"^[-_\w]{1,32}$")
SUBCOMMAND, GROUP = 1, 2


def check_options(path: str, options: list[dict[str, Any]], problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{path}: {len(options)} options")
    seen_optional = False
    for option in options:
        where = f"{path} {option['name']}"
        check_named(where, option, problems)
        if len(option.get("choices") or []) > 25:
            problems.append(f"{where}: more than 25 choices")
        for choice in option.get("choices") or []:
            if not 1 <= len(choice["name"]) <= 100:
                problems.append(f"{where}: choice name {choice['name']!r}")
        if option["type"] in (SUBCOMMAND, GROUP):
            check_options(where, option.get("options", []), problems)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{where}: required after optional")
        else:
            seen_optional = True


def check_named(where: str, spec: dict[str, Any], problems: list[str]) -> None:
    name = spec["name"]
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: bad name {name!r}")
    if not 1 <= len(spec.get("description", "")) <= 100:
        problems.append(f"{where}: description length {len(spec.get('description', ''))}")


async def test_all_commands_fit_discord_limits() -> None:
    bot = create_bot(Settings(discord_token="unused", database_path=":memory:"))
    await setup_cogs(bot)
    specs = [
        command.to_dict(bot.tree)
        for command in bot.tree.get_commands(type=AppCommandType.chat_input)
    ]
    assert len(specs) == len(TOP_LEVEL) + len(GROUPS)  # issue 17.6: a short picker
    problems: list[str] = []
    for spec in specs:
        check_named(spec["name"], spec, problems)
        check_options(spec["name"], spec.get("options", []), problems)
    assert problems == []
    play = next(s for s in specs if s["name"] == "play")
    games = {o["name"] for o in play["options"]}
    assert "ordo" in games
    await bot.close()


async def test_checker_catches_violations() -> None:
    """The checker itself must be able to fail."""
    problems: list[str] = []
    check_options(
        "x",
        [
            {"name": "Bad Name", "description": "", "type": 3, "required": False},
            {"name": "late", "description": "d", "type": 3, "required": True},
        ],
        problems,
    )
    assert len(problems) == 3


BOOLEAN = 5
"""Discord's option type for a yes/no switch: its client offers only its own yes and no."""


def options_named(options: list[dict[str, Any]], path: str) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for option in options:
        where = f"{path} {option['name']}"
        if option["type"] in (SUBCOMMAND, GROUP):
            found += options_named(option.get("options", []), where)
        else:
            found.append((where, option))
    return found


async def test_every_yes_no_option_is_discords_own_switch() -> None:
    """Issue 40.5: a yes/no option takes only yes or no. The console refuses anything else
    (tests/bot/test_console_newcomer.py); in Discord, each is a boolean option, so its
    client offers nothing but yes and no — never a typed text read as "no"."""
    import games

    bot = create_bot(Settings(discord_token="unused", database_path=":memory:"))
    await setup_cogs(bot)
    options = [
        found
        for command in bot.tree.get_commands()
        for found in options_named(command.to_dict(bot.tree).get("options", []), command.name)
    ]
    yes_no = {"rated", "confirm", "flip"} | {
        option.name
        for name in games.available()
        for option in games.get(name).info.options
        if option.kind == "bool"
    }
    named = [(where, option) for where, option in options if option["name"] in yes_no]
    assert {option["name"] for _, option in named} == yes_no
    assert [where for where, option in named if option["type"] != BOOLEAN] == []
    await bot.close()


async def test_the_context_menus_fit_discord_limits() -> None:
    """Right-click menus (a person's, a message's): a name of at most 32 characters in every
    language (capitals and spaces allowed), no description, no options, at most 15 a type."""
    bot = create_bot(Settings(discord_token="unused", database_path=":memory:"))
    await setup_cogs(bot)
    for kind in (AppCommandType.user, AppCommandType.message):
        menus = [
            await menu.get_translated_payload(bot.tree, CatalogueTranslator())
            for menu in bot.tree.get_commands(type=kind)
        ]
        assert 1 <= len(menus) <= 15
        for menu in menus:
            names = [menu["name"], *menu.get("name_localizations", {}).values()]
            assert all(1 <= len(name) <= 32 and name == name.strip() for name in names), names
            assert "description" not in menu and "options" not in menu
    await bot.close()
