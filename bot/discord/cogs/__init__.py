"""One cog per concern: starting matches, playing moves, match decisions, information.

Cogs declare plain commands; :func:`group_commands` then files them under the groups of
:mod:`bot.service.text.command_map`, so which command sits where is one table shared with the
console rather than a decision spread over six cogs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.service.text.command_map import GROUP_DESCRIPTIONS, GROUPS
from discord import app_commands

if TYPE_CHECKING:
    from bot.discord.host import Host

SERVER_ONLY = frozenset({"server"})
"""Groups that only make sense inside a server (its settings, its leaderboard)."""
IN_SERVERS_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)
IN_SERVERS_CONTEXTS = app_commands.AppCommandContext(
    guild=True, dm_channel=False, private_channel=False
)
"""Where the commands about a server are offered (``/server``, ``/tournament``, ``/seeks``):
in servers the bot was added to, only. A player's own install offers them nowhere — in a
DM, a group DM or a server without the bot there is no server whose settings, ladder or
channels they could use (the service says so too, should one arrive from there)."""


async def setup_cogs(bot: Host) -> None:
    from bot.discord.cogs.correspondence import CorrespondenceCog
    from bot.discord.cogs.info import InfoCog
    from bot.discord.cogs.matches import MatchCog
    from bot.discord.cogs.menus import MenuCog
    from bot.discord.cogs.moves import MoveCog
    from bot.discord.cogs.play import PlayCog
    from bot.discord.cogs.simple import SimpleCog
    from bot.discord.cogs.tournaments import TournamentCog

    for cog in (
        PlayCog(bot),
        MoveCog(bot),
        MatchCog(bot),
        SimpleCog(bot),
        InfoCog(bot),
        CorrespondenceCog(bot),
        TournamentCog(bot),
        MenuCog(bot),
    ):
        await bot.add_cog(cog)
    group_commands(bot.tree)


def group_commands(tree: app_commands.CommandTree[Any]) -> None:
    """Move each grouped command from the top level into its group (built per bot, so two
    bots in one process share no command objects)."""
    for name, members in GROUPS.items():
        in_servers = name in SERVER_ONLY
        group = app_commands.Group(
            name=name,
            description=GROUP_DESCRIPTIONS[name],
            guild_only=in_servers,
            allowed_installs=IN_SERVERS_INSTALLS if in_servers else None,
            allowed_contexts=IN_SERVERS_CONTEXTS if in_servers else None,
        )
        for member in members:
            command = tree.remove_command(member)
            if not isinstance(command, app_commands.Command):
                raise LookupError(f"no top-level /{member} to put under /{name}")
            group.add_command(command)
        tree.add_command(group)
