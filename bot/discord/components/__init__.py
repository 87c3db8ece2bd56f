"""Persistent buttons and menus whose ``custom_id`` carries the match.

They are ``DynamicItem``s registered once in ``setup_hook``, so a button posted weeks ago, or
before a restart, still works: everything needed is in its id. Who may press it is decided by
the service like any typed command (only the invited player accepts, only the player to move
plays a step), and step buttons carry the match version so a press on an old board is refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, Self, cast

import discord
from bot.discord.identity import payload
from bot.service.replies import NEXT_GAME
from bot.words import words


class Presser(Protocol):
    """What a persistent button or menu asks of the bot: handle the press. A protocol, so the
    components never import the app that registers them."""

    async def press(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: str,
        value: str,
        version: int | None,
    ) -> None: ...


def picked(select: discord.ui.Select[Any], interaction: discord.Interaction) -> str:
    """The option chosen in ``select`` ("" for none): discord.py fills the item's values for
    a registered view; a dynamic item rebuilt from its id may only have the payload's."""
    values = select.values or payload(interaction).get("values", [])
    return str(values[0]) if values else ""


class FromId:
    """How a persistent item is made again from the id Discord hands back: discord.py calls
    ``from_custom_id`` with the template's match, and each item says in :meth:`rebuilt` which
    fields of it it needs. A mixin (before ``DynamicItem`` in the bases), because discord.py
    requires a template of every ``DynamicItem`` subclass."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        return cls.rebuilt(match, item, str(interaction.locale))

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        raise NotImplementedError


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def button_style(
    style: str | discord.ButtonStyle, default: discord.ButtonStyle
) -> discord.ButtonStyle:
    """A button's style from the service's name for it (``primary`` …), or as Discord gave it
    back on a rebuilt item; an unknown name is ``default``."""
    return STYLES.get(style, default) if isinstance(style, str) else style


class MatchButton(
    FromId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bb:(?!pick:)(?P<action>[a-z_]+):(?P<match>\d+):(?P<version>\d*):(?P<value>.*)",
):
    """``bb:<action>:<match>:<version>:<value>`` — e.g. ``bb:accept:12::`` or
    ``bb:step:12:31:keep``. Not ``bb:pick:…``: that shape belongs to :class:`PanelSelect`,
    and discord.py hands a custom id to every dynamic item whose template matches it."""

    def __init__(
        self,
        match_id: int,
        action: str,
        *,
        version: int | None = None,
        value: str = "",
        label: str = "",
        style: str | discord.ButtonStyle = "secondary",
    ) -> None:
        self.match_id = match_id
        self.action = action
        self.version = version
        self.value = value
        custom_id = f"bb:{action}:{match_id}:{'' if version is None else version}:{value}"
        super().__init__(
            discord.ui.Button(
                label=(label or action)[:80],
                style=button_style(style, discord.ButtonStyle.secondary),
                custom_id=custom_id[:100],
            )
        )

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        button = cast("discord.ui.Button[Any]", item)  # the template matched a button
        version = found["version"]
        return cls(
            int(found["match"]),
            found["action"],
            version=int(version) if version else None,
            value=found["value"],
            label=button.label or "",
            style=button.style,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("Presser", interaction.client)
        await bot.press(interaction, self.match_id, self.action, self.value, self.version)


class NextGameButton(
    FromId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bb:next_game",
):
    """``bb:next_game`` — ``/me games``' "Next game": about no one match, so its id carries
    nothing but what it does; the service picks the match for whoever presses it, so the
    button works for anyone, after any restart, on a listing of any age."""

    def __init__(self, *, label: str = "", style: str | discord.ButtonStyle = "primary") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or NEXT_GAME)[:80],
                style=button_style(style, discord.ButtonStyle.primary),
                custom_id="bb:next_game",
            )
        )

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        button = cast("discord.ui.Button[Any]", item)  # the template matched a button
        return cls(label=button.label or "", style=button.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("Presser", interaction.client)
        await bot.press(interaction, 0, NEXT_GAME, "", None)


class StepSelect(
    FromId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"bb:choose:(?P<match>\d+):(?P<version>\d+)",
):
    """A menu of the legal next steps of a multi-step turn (e.g. Fonver captures)."""

    def __init__(self, match_id: int, version: int, choices: Sequence[str] = ()) -> None:
        self.match_id = match_id
        self.version = version
        options = [discord.SelectOption(label=c[:100], value=c[:100]) for c in choices[:25]]
        super().__init__(
            discord.ui.Select(
                custom_id=f"bb:choose:{match_id}:{version}",
                placeholder=words()("panel.next_step"),  # under a shared board post
                options=options or [discord.SelectOption(label="—", value="-")],
            )
        )

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        select = cls(int(found["match"]), int(found["version"]))
        select.item = cast("discord.ui.Select[Any]", item)  # the template matched a menu
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("Presser", interaction.client)
        value = picked(self.item, interaction)
        await bot.press(interaction, self.match_id, "step", value, self.version)


class PanelSelect(
    FromId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"bb:pick:(?P<match>\d+):(?P<version>\d+):(?P<path>[\d.]*):(?P<page>\d+)",
):
    """One menu of a guided-turn panel: up to 25 of the next choices (``page`` says which
    25). The chosen option's value is its index, appended to the path in the id."""

    def __init__(
        self,
        match_id: int,
        version: int,
        path: str,
        page: int,
        labels: Sequence[tuple[int, str]] = (),
        locale: str = "en",
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.path = path
        say = words(locale)
        options = [discord.SelectOption(label=label[:100], value=str(i)) for i, label in labels]
        first = labels[0][1][:30] if labels else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"bb:pick:{match_id}:{version}:{path}:{page}",
                placeholder=say("panel.menu_more", first=first) if page else say("panel.menu"),
                options=options or [discord.SelectOption(label="—", value="-")],
            )
        )

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        select = cls(int(found["match"]), int(found["version"]), found["path"], int(found["page"]))
        select.item = cast("discord.ui.Select[Any]", item)  # the template matched a menu
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("Presser", interaction.client)
        chosen = picked(self.item, interaction)
        path = f"{self.path}.{chosen}" if self.path else chosen
        await bot.press(interaction, self.match_id, "panel", path, self.version)
