"""Everything Ordo says to a player, in English, by key (see :mod:`games.sentences`).

The bot's catalogue reads this table as its English for ``rules.ordo.*``; ``de.toml``
translates the same keys. Colours are sentences of their own (``white``, ``black``) so a
refusal naming one is said whole in the reader's language.
"""

from __future__ import annotations

from games.sentences import PREFIX, Sentences

SAY = Sentences(
    f"{PREFIX}.ordo",
    {
        "white": "White",
        "black": "Black",
        "players": "Ordo is played by exactly 2 players, not {players}.",
        # reading what was typed
        "not_a_square": "{square} is not a square on the Ordo board: files run a to j and "
        "ranks 1 to 8.",
        "same_ends": "{move} names {square} as both ends: an ordo line needs two different end "
        "squares; to move one piece type {single}.",
        "off_board": "{move} would push part of the line off the board.",
        "unreadable": "Could not read {text} as a move: {how}.",
        "how_to": "type c3-c5, c3xc6, or an ordo line such as a2:d2-a3",
        "not_squares": "{action} does not name squares of the Ordo board.",
        "alone": "{square} alone is not a move: {hint}.",
        "capture_mark": "{move} is marked as a capture, but {why}; did you mean {fixed}?",
        "never_capture": "ordo moves never capture",
        "no_enemy": "{square} holds no enemy piece",
        # why a well-formed move is illegal
        "not_legal": "{move} is not legal: {reason}; {advice}.",
        "not_legal_movable": "{move} is not legal: {problem}; pieces that can move include "
        "{pieces}.",
        "enemy_piece": "{square} holds a {colour} piece, not one of yours",
        "no_piece": "there is no {colour} piece on {square}",
        "line_subject": "the line {first}:{last}",
        "can_play": "{subject} can play {moves}",
        "no_move": "{subject} has no legal move; legal moves include {moves}",
        "split_unjoined": "your group is split, and this move does not join it back into one group",
        "would_split": "it would split your group in two",
        "must_leave": "a piece has to leave its square",
        "not_straight": "{origin} and {target} are not on one straight line",
        "single_direction": "single pieces move only forward, sideways or diagonally forward "
        "(backward only to reconnect a split group)",
        "blocked": "the way is blocked at {square}",
        "blocked_no_capture": "the way is blocked at {square}, and ordo moves never capture",
        "own_piece": "{square} holds one of your own pieces",
        "not_a_line": "{first} and {last} are not on one rank or file, so they do not form an "
        "ordo line",
        "gap_in_line": "{square} is not one of your pieces, so {first} and {last} do not bound "
        "a line of yours",
        "line_must_move": "the line has to move at least one square",
        "rank_line_forward": "a line along a rank moves only straight forward",
        "rank_line_forward_split": "a line along a rank moves only straight forward (or "
        "backward, to reconnect)",
        "file_line_sideways": "a line along a file moves only sideways, left or right",
        # the end
        "over": "The game is over: {winner} wins. {reason}",
        "end_home_row": "{colour} reached the opponent's home row.",
        "end_cannot_reconnect": "{colour}'s group is split for good.",
        "end_no_moves": "{colour} has no legal move.",
        "end_no_pieces": "{colour} has no pieces left.",
        "split_notice": "{colour}'s group has been split: {colour} must join it up again this "
        "move, and may move backward to do so.",
        # positions
        "position_rows": "An Ordo position needs {ranks} rows of {files} squares, not {count}.",
        "position_row": "Row {index} ({row}, rank {rank}) must be {files} characters of W, B "
        "or '.'.",
        "position_side": "The side to move must be W or B, not {side}.",
        "position_empty": "An Ordo position needs 8 rows and a side to move; got nothing.",
        "saved_state": "This is not a saved Ordo state ({error}).",
    },
)

COLOURS = (SAY("white"), SAY("black"))
"""The colours as words to put into sentences, by colour index."""
