"""One cog per concern: starting matches, playing moves, match decisions, information."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.app import BoardBot


async def setup_cogs(bot: BoardBot) -> None:
    from bot.discord.cogs.correspondence import CorrespondenceCog
    from bot.discord.cogs.info import InfoCog
    from bot.discord.cogs.matches import MatchCog
    from bot.discord.cogs.moves import MoveCog
    from bot.discord.cogs.play import PlayCog
    from bot.discord.cogs.simple import SimpleCog

    for cog in (
        PlayCog(bot),
        MoveCog(bot),
        MatchCog(bot),
        SimpleCog(bot),
        InfoCog(bot),
        CorrespondenceCog(bot),
    ):
        await bot.add_cog(cog)
