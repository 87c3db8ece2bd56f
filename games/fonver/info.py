"""What the bot shows about Fonver before a match exists: its options here, its names and
rules summary in ``info.toml``."""

from __future__ import annotations

from games.core import GameInfo, Option
from games.fonver.notation import SIZES

INFO = GameInfo.read(
    "games.fonver",
    # Seats are named for the colour they start with. Under the pie rule the "White" seat may
    # swap and take Black; views and the title bar always show who plays which colour now.
    ("Black", "White"),
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
)
