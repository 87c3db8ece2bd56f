"""Which commands stand alone in Discord's command picker and which sit in a group.

Twenty-four top-level commands crowded the picker on a phone (issue 17.6). The five a player
uses every turn stay top level, with ``/rules`` — a newcomer's first question, about a game
rather than a match, so no group fits it; the rest are grouped by what they are about: one
match, a lobby, the player themself, the server. Data, not code: the Discord adapter builds its
groups from this table, the console accepts both forms through it, and a player who types an
old name is told the new one.
"""

from __future__ import annotations

from collections.abc import Mapping

TOP_LEVEL: tuple[str, ...] = (
    "play", "move", "premove", "board", "turn", "hand", "rules", "seeks", "tournament",
)  # fmt: skip

GROUPS: Mapping[str, tuple[str, ...]] = {
    "match": (
        "accept",
        "decline",
        "draw",
        "undo",
        "resign",
        "rematch",
        "history",
        "export",
        "hint",
        "review",
    ),
    "lobby": ("join", "leave", "start"),
    "me": ("games", "waiting", "notify", "vacation", "rating", "stats"),
    "server": ("settings", "leaderboard"),
}

PLAYER_COMMANDS: Mapping[str, str] = {
    "rating": "Glicko-2 ratings on this server",
    "stats": "Games, wins, draws, losses and rating per game on this server",
}
"""Commands about one player on this server, each taking an optional ``user`` (default: the
caller) and ``game``, and answered by the service method of the same name
(``service.rating(actor, user=…, game=…, guild_id=…)``). Discord and the console build them
from this table, so a new one is a row here and its use case."""

GROUP_DESCRIPTIONS: Mapping[str, str] = {
    "match": "Answer, end or look back at a match",
    "lobby": "Join, leave or start a game lobby",
    "me": "Your matches, notifications, vacation, rating and record",
    "server": "This server's settings and leaderboard",
}
"""English descriptions; Discord shows them translated through the words catalogue."""

GROUP_OF: Mapping[str, str] = {
    command: group for group, commands in GROUPS.items() for command in commands
}
"""The group of every grouped command (``accept`` → ``match``)."""


def full_name(command: str) -> str:
    """``accept`` → ``match accept``; a top-level command is its own full name."""
    group = GROUP_OF.get(command)
    return f"{group} {command}" if group else command
