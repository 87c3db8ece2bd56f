"""Everything Fonver says to a player, in English, by key (see :mod:`games.sentences`).

The bot's catalogue reads this table as its English for ``rules.fonver.*``; ``de.toml``
translates the same keys. Colours are sentences of their own (``black``, ``white``).
"""

from __future__ import annotations

from games.sentences import PREFIX, Sentences

SAY = Sentences(
    f"{PREFIX}.fonver",
    {
        # what happened, for the thread and the history
        "label_keep": "Keep White",
        "label_swap": "Swap: take Black",
        "joined_black": "Black joined the top and bottom edges.",
        "joined_white": "White joined the left and right edges.",
        "crosscuts_open": {
            "one": "A crosscut is open ({blocks}): {colour} must capture before the turn passes.",
            "other": "{n} crosscuts are open ({blocks}): {colour} must capture before the turn "
            "passes.",
        },
        "crosscuts_still": {
            "one": "{n} crosscut is still open ({blocks}): {colour} must capture before the "
            "turn passes.",
            "other": "{n} crosscuts are still open ({blocks}): {colour} must capture before the "
            "turn passes.",
        },
        "placed": "{player} placed {point}",
        "captured": "{player} captured {target} with the stone from {source}",
        "swapped": "{player} swapped and now plays Black; the first player continues as White",
        "kept": "{player} kept White and places next",
        "black": "Black",
        "white": "White",
        "players": "Fonver is played by exactly 2 players.",
        # reading what was typed
        "empty": "Type a move, for example k10 or l11>k11.",
        "rank_from_one": "{text} is not a move: ranks are numbered from 1, as in k10 or l11>k11.",
        "unreadable": "I can't read {text} as a move: {how}.",
        "how_to": "type a point to place a stone (k10), a capture as from>to (l11>k11), or "
        "keep / swap for the pie decision",
        "turn_ended": "Your turn ends after {done}, so {step} cannot follow.",
        "after_steps": "After {done}: {reason}",
        # why a step is illegal, and what would be legal
        "off_board": "{point} is off the board: files run a–{last} and ranks 1–{size}.",
        "over": "The game is over: {colour} has already won.",
        "pie_first": "First the pie decision: type keep (stay White) or swap (take Black and "
        "its stone).",
        "must_capture": "{colour} must capture while a crosscut is open, for example {example}.",
        "no_crosscut": "There is no crosscut to capture from; place a stone on an empty point, "
        "for example {example}.",
        "no_pie": "There is no pie decision to make now; {colour} places a stone, for example "
        "{example}.",
        "occupied": "{point} is occupied; empty points nearby are {points}.",
        "own_stone": "{target} is your own stone; you can capture {targets}.",
        "not_in_crosscut": "{target} is not part of a crosscut; you can capture {targets}.",
        "no_stone": "{source} holds no {colour} stone; capture with one of yours, for example "
        "{example}.",
        "not_in_chain": "{source} is not in a chain of your crosscut stones; to capture "
        "{target} try {example}.",
        "not_a_move": "{action} is not a Fonver move.",
        # positions
        "position_board": "A Fonver position starts with N board lines of N characters B, W "
        "or '.', N one of {sizes}.",
        "position_line": "Board line {row} must hold exactly {size} characters, each B, W or '.'.",
        "position_rest": "After the board a position needs the side to move (B or W) and the "
        "phase (place, capture or pie), optionally followed by flags.",
        "position_side": "The side to move must be B or W, not {side}.",
        "position_phase": "The phase must be place, capture or pie, not {phase}.",
        "position_flag": "Unknown position flag {flag}: the flags are {pie_rule} and {swapped}.",
        "position_points": "A {size}×{size} board needs {points} points.",
        "position_no_crosscut": "The phase is capture, but no crosscut is open.",
        "position_must_capture": "A crosscut is open, so the phase must be capture.",
        "position_pie": "The pie phase follows the single first black stone, with W to decide.",
        "position_pie_flag": "The pie-rule flag belongs only to the empty opening board with B "
        "to place.",
    },
)

COLOURS = {1: SAY("black"), 2: SAY("white")}
"""The colours as words to put into sentences, by colour (``BLACK``, ``WHITE``)."""
