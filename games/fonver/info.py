"""What the bot shows about Fonver before a match exists: names, options, a rules summary."""

from __future__ import annotations

from games.core import GameInfo, Option
from games.fonver.notation import SIZES

INFO = GameInfo(
    name="fonver",
    title="Fonver",
    min_players=2,
    max_players=2,
    # Seats are named for the colour they start with. Under the pie rule the "White" seat may
    # swap and take Black; views and the title bar always show who plays which colour now.
    seat_names=("Black", "White"),
    summary=(
        "Players take turns placing one stone of their colour on an empty point. Black links "
        "the top and bottom edges, White the left and right edges. A 2×2 square holding two "
        "black stones on one diagonal and two white stones on the other is a crosscut: the "
        "player who just moved must capture by moving any stone from a chain touching one of "
        "their crosscut stones onto an enemy crosscut stone, and keeps capturing until no "
        "crosscut is left. Whoever has a chain joining their two edges at the end of their "
        "turn wins; there are no draws. With the pie rule the first player places a black "
        "stone and the second player chooses to keep White or swap and take Black."
    ),
    options=(
        Option(
            name="size",
            kind="int",
            default=19,
            description="Points per side of the board.",
            choices=SIZES,
        ),
        Option(
            name="pie",
            kind="bool",
            default=True,
            description="Pie rule: after the first black stone the second player picks a colour.",
        ),
    ),
    notation_help=(
        "Place with a point like k10; capture with from>to like l11>k11 (a whole turn can be "
        "typed at once: k10 l11>k11). After the first stone, the second player types keep or swap."
    ),
)
