"""From a person's menu and a board post's menu (right-click → Apps).

"Challenge to a game…" asks the service first whether the person takes a challenge from the
caller (oneself, a bot, someone who refuses: one sentence, nothing stored), then offers a
menu of the games, then a form of the usual options; the form ends in the service's ``play``,
the call ``/play`` makes. "Games with this player" lists the two people's matches. "Open on
the board" answers a board post with the caller's own web link, as ``/board`` does.

The game menu is a persistent item whose id carries the person, and the form's id carries the
game and the person (the bot answers it from that id in ``on_interaction``), so both outlive
a restart. The menus are installable and
usable wherever the slash commands are (the tree's defaults, :class:`bot.discord.app.BoardBot`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self, cast

import discord
import games
from bot.discord.cogs.common import bot_of, run, where
from bot.discord.components import FromId, picked
from bot.discord.identity import actor_of, payload, user_of
from bot.service import User
from bot.service.computer.opponents import computer
from bot.service.replies import Reply
from bot.service.text.command_map import CHOICE_OPTIONS, command_names
from bot.words import Words, words
from discord import app_commands
from discord.ext import commands
from games.core import GameInfo

if TYPE_CHECKING:
    from bot.discord.host import Host

FORM_SECONDS = 15 * 60.0
"""How long an open form is waited for (Discord keeps an interaction's token as long)."""
TITLE_LIMIT, LABEL_LIMIT, HINT_LIMIT = 45, 45, 100
"""Discord's limits on a form's title, a field's label and its placeholder."""
BOARD_ID = re.compile(r"bb:[a-z_]+:(\d+)(?::|$)")
"""A button or menu of the bot's that names its match (:mod:`bot.discord.components`)."""
YES, NO = frozenset({"true", "yes", "on"}), frozenset({"false", "no", "off"})


def board_match(message: dict[str, Any]) -> int | None:
    """The match a board post is about: the first of its buttons or menus that names one,
    however deep in the post's layout it sits."""
    stack: list[Any] = [message.get("components") or []]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, dict):
            if found := BOARD_ID.match(str(node.get("custom_id", ""))):
                return int(found[1])
            stack.extend(node[key] for key in ("components", "accessory") if key in node)
    return None


def _place(interaction: discord.Interaction) -> dict[str, str | None]:
    return {
        "guild_id": str(interaction.guild_id) if interaction.guild_id else None,
        "channel_id": where(interaction),
    }


class GamePicker(
    FromId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"bbm:game:(?P<person>\d+)",
):
    """``bbm:game:<person>`` — the five games, under the question which one to play with
    that person; picking one opens the form of its options."""

    def __init__(self, person: int, locale: str = "en") -> None:
        self.person = person
        options = [
            discord.SelectOption(label=games.get(name).info.title, value=name)
            for name in games.available()
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"bbm:game:{person}",
                placeholder=words(locale)("menus.pick_placeholder"),
                options=options,
            )
        )

    @classmethod
    def rebuilt(cls, found: re.Match[str], item: Any, locale: str) -> Self:
        return cls(int(found["person"]), locale)

    async def callback(self, interaction: discord.Interaction) -> None:
        game = picked(self.item, interaction)
        if game not in games.available():
            await interaction.response.send_message(
                words(interaction.locale)("errors.dead_button"), ephemeral=True
            )
            return
        person = await _person(bot_of(interaction), self.person)
        if person is None:
            await interaction.response.send_message(
                words(interaction.locale)("errors.dead_button"), ephemeral=True
            )
            return
        form = ChallengeForm(games.get(game).info, person, words(interaction.locale))
        await interaction.response.send_modal(form)


async def _person(bot: Host, user_id: int) -> discord.User | None:
    found = bot.get_user(user_id)
    if found is not None:
        return found
    try:
        return await bot.fetch_user(user_id)
    except discord.HTTPException:
        return None


FORM_ID = re.compile(r"bbm:form:(?P<game>[a-z]+):(?P<person>\d+)")
"""A challenge form's id: the game and the person, so whichever process receives the form
(one started since it was opened, too) can answer it."""
TIME, SEAT, RATED, OWN = "time", "seat", "rated", "own"
"""The ids of the form's fields."""


def _field(key: str, label: str, hint: str, *, long: bool = False) -> discord.ui.Label[Any]:
    """One typed field of the form, under its label (Discord's label component: a text
    input's own label is deprecated since discord.py 2.6)."""
    return discord.ui.Label(
        text=label[:LABEL_LIMIT],
        component=discord.ui.TextInput(
            custom_id=key,
            placeholder=hint[:HINT_LIMIT],
            required=False,
            max_length=200,
            style=discord.TextStyle.paragraph if long else discord.TextStyle.short,
        ),
    )


class ChallengeForm(discord.ui.Modal):
    """The usual options of ``/play <game>`` as a form: the clock, the seat (or, for a
    lobby, how many seats), rated, and the game's own options typed ``name:value``. Its id
    says the game and the person; the bot answers it from that id and the fields' values
    (:func:`answer_form`), not from this object, so a restart between opening and sending
    it loses nothing."""

    def __init__(self, info: GameInfo, person: discord.User, say: Words) -> None:
        title = say("menus.form_title", game=info.title, player=person.display_name)
        super().__init__(
            title=title[:TITLE_LIMIT],
            timeout=FORM_SECONDS,
            custom_id=f"bbm:form:{info.name}:{person.id}",
        )
        names = command_names(say.language)
        lobby = info.max_players > 2
        self.add_item(_field(TIME, say("menus.time"), say("menus.time_hint")))
        self.add_item(
            _field(
                SEAT,
                say("menus.seats"),
                say("menus.seats_hint", low=info.min_players, high=info.max_players),
            )
            if lobby
            else _field(SEAT, say("menus.color"), say("menus.color_hint"))
        )
        yes, no = names.choice(True), names.choice(False)
        self.add_item(_field(RATED, say("menus.rated"), say("menus.rated_hint", yes=yes, no=no)))
        if info.options:
            first = info.options[0]
            example = f"{names.option(first.name)}:{names.choice(first.default)}"
            hint = say("menus.options_hint", example=example)
            self.add_item(_field(OWN, say("menus.options"), hint, long=True))

    async def on_submit(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Answered by :func:`answer_form` (the bot's ``on_interaction``), for every form
        alike, whether this process opened it or not."""


def _form_values(data: dict[str, Any]) -> dict[str, str]:
    """Each field's value by its id, however Discord nests them (rows, or labels)."""
    values: dict[str, str] = {}
    stack: list[Any] = [data.get("components") or []]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            if "value" in node and "custom_id" in node:
                values[str(node["custom_id"])] = str(node["value"] or "")
            stack.extend(node[key] for key in ("components", "component") if key in node)
    return values


async def answer_form(interaction: discord.Interaction) -> bool:
    """A challenge form sent (a modal submit): made into the challenge. False for any
    other form."""
    data = payload(interaction)
    found = FORM_ID.fullmatch(str(data.get("custom_id", "")))
    if found is None or found["game"] not in games.available():
        return False
    person = await _person(bot_of(interaction), int(found["person"]))
    if person is None:
        await interaction.response.send_message(
            words(interaction.locale)("errors.dead_button"), ephemeral=True
        )
        return True
    await submit(interaction, games.get(found["game"]).info, person, _form_values(data))
    return True


def _yes_or_no(typed: str, say: Words) -> bool | None:
    """Rated, as typed in the reader's language or in English; empty: the default."""
    names = command_names(say.language)
    word = names.english_choice(typed.strip()).lower()
    if not word:
        return None
    if word in YES or word in NO:
        return word in YES
    raise ValueError(
        say(
            "console.yes_or_no",
            option=names.option("rated"),
            value=repr(typed.strip()[:20]),
            yes=names.choice(True),
            no=names.choice(False),
        )
    )


def _game_options(typed: str, say: Words) -> dict[str, str]:
    """``size:9 boats:yes`` as the game's English options; a name alone means yes. Names
    and choices are read as the reader's client shows them, or in English (the service
    checks every value, and names an unknown option)."""
    names = command_names(say.language)
    chosen: dict[str, str] = {}
    for token in typed.replace(",", " ").split():
        name, _, value = token.partition(":")
        option = names.english_option(name.strip())
        value = value.strip() or "true"
        chosen[option] = names.english_choice(value) if option in CHOICE_OPTIONS else value
    return chosen


async def submit(
    interaction: discord.Interaction,
    info: GameInfo,
    person: discord.User,
    values: dict[str, str],
) -> None:
    """The form, read as ``/play <game>`` reads its options, into the same service call."""
    bot = bot_of(interaction)
    say = words(interaction.locale)
    seat = values.get(SEAT, "").strip()
    lobby = info.max_players > 2
    try:
        rated = _yes_or_no(values.get(RATED, ""), say)
        if lobby and seat and not seat.isdigit():
            raise ValueError(say("console.bad_seats", text=repr(seat[:20])))
    except ValueError as refused:
        await interaction.response.send_message(str(refused), ephemeral=True)
        return
    me = bot.user
    versus_me = me is not None and person.id == me.id
    rival: User = computer("normal") if versus_me else user_of(person)
    options = _game_options(values.get(OWN, ""), say)
    actor = actor_of(interaction)
    terms: dict[str, Any] = {
        "time_control": values.get(TIME, "").strip() or None,
        "rated": rated,
        "options": options,
        **_place(interaction),
    }
    if lobby:
        terms["seats"] = int(seat) if seat else None
        terms["invited"] = [] if versus_me else [rival]
    else:
        terms["opponent"] = rival
        terms["color"] = names_color(seat, say)
    await run(interaction, lambda: bot.service.play(actor, info.name, **terms))


def names_color(typed: str, say: Words) -> str | None:
    """The seat as typed (``erster`` → ``first``); empty: random, the default."""
    return command_names(say.language).english_choice(typed).lower() if typed else None


async def _refused_bot(interaction: discord.Interaction, person: discord.User) -> bool:
    """Whether ``person`` is a bot other than this one, told so at once: no other bot plays."""
    me = bot_of(interaction).user
    if person.bot and (me is None or person.id != me.id):
        await interaction.response.send_message(
            words(interaction.locale)("challenge.bot"), ephemeral=True
        )
        return True
    return False


async def challenge_person(interaction: discord.Interaction, person: discord.User) -> None:
    """Right-click → "Challenge to a game…": refused at once where the challenge would be
    refused anyway; otherwise the question which game, for the caller only."""
    if await _refused_bot(interaction, person):
        return
    bot = bot_of(interaction)
    me = bot.user
    versus_me = me is not None and person.id == me.id
    rival = computer("normal") if versus_me else user_of(person)
    await interaction.response.defer(ephemeral=True, thinking=True)
    asked = await bot.service.may_challenge(actor_of(interaction), rival)
    if not asked.ok:
        await bot.delivery.followup(interaction, asked.text)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(GamePicker(person.id, str(interaction.locale)))
    await interaction.followup.send(asked.text, view=view, ephemeral=True)


async def games_with(interaction: discord.Interaction, person: discord.User) -> None:
    """Right-click → "Games with this player": the two people's matches, privately."""
    if await _refused_bot(interaction, person):
        return
    bot = bot_of(interaction)
    me = bot.user
    other = computer("normal") if me is not None and person.id == me.id else user_of(person)
    actor = actor_of(interaction)
    await run(interaction, lambda: bot.service.games_with(actor, other))


async def open_board(interaction: discord.Interaction, message: discord.Message) -> None:
    """Right-click a board post → "Open on the board": the caller's own web link for that
    match (a seat's for a player, a looking one for anyone who may see it), privately."""
    bot = bot_of(interaction)
    me = bot.user
    if me is None or message.author.id != me.id:
        await interaction.response.send_message(
            words(interaction.locale)("menus.not_a_board"), ephemeral=True
        )
        return
    resolved = cast(dict[str, Any], payload(interaction).get("resolved") or {})
    raw = (resolved.get("messages") or {}).get(str(message.id)) or {}
    match_id = board_match(raw)
    actor = actor_of(interaction)
    channel = str(message.channel.id)

    async def link() -> Reply:
        if match_id is None:  # a post without buttons: the match whose thread this is
            return await bot.service.web_link(actor, where=channel)
        return await bot.service.web_link(actor, match_id=match_id)

    await run(interaction, link)


class MenuCog(commands.Cog):
    """Built per bot, as every cog: two bots in one process share no command objects."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # English names; Discord shows each member theirs (``discord.menu_name``).
        self.menus = [
            app_commands.ContextMenu(name="Challenge to a game…", callback=challenge_person),
            app_commands.ContextMenu(name="Games with this player", callback=games_with),
            app_commands.ContextMenu(name="Open on the board", callback=open_board),
        ]

    async def cog_load(self) -> None:
        for menu in self.menus:
            self.bot.tree.add_command(menu)

    async def cog_unload(self) -> None:
        for menu in self.menus:
            self.bot.tree.remove_command(menu.name, type=menu.type)
