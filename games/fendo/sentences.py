"""Everything Fendo says to a player, in English, by key (see :mod:`games.sentences`).

The bot's catalogue reads this table as its English for ``rules.fendo.*``; ``de.toml``
translates the same keys. A problem with a move is a whole clause starting with a capital
(it always opens the refusal); a board edge has one sentence per side, so no language has
to glue a direction word into a phrase.
"""

from __future__ import annotations

from games.sentences import PREFIX, Sentences

SAY = Sentences(
    f"{PREFIX}.fendo",
    {
        "white": "White",
        "orange": "Orange",
        "players": "Fendo is played by exactly 2 players.",
        "over": "The game is over; no more moves can be made.",
        # what happened, for the thread and the history
        "added": "{player} added a piece on {move}",
        "fenced_beside": "{player} fenced {fence} beside {square} ({move})",
        "moved": "{player} moved {piece} to {square} and fenced {fence} ({move})",
        # how the game went and ended
        "passes": "{colour} has no legal action and passes.",
        "ends_early": "{colour} has more than half the board closed; the game ends.",
        "ends_stuck": "Neither player can act, so the game ends; the open area counts for nobody.",
        "ending": "{why}: {result}.",
        "all_closed": "Every area is closed",
        "neither_acts": "Neither player can act (the open area counts for nobody)",
        "closed_half": "{colour} has closed more than half the board",
        "draw_at": "a draw at {first}–{second}",
        "wins_by": "{colour} wins {first}–{second}",
        # reading what was typed
        "need_side": "{text} needs the side of the fence you build after moving: add n, e, s "
        "or w (for example {example}).",
        "unreadable": "Could not read {text} as a Fendo move: {how}.",
        "how_to": "type c3 to add a piece, d1-d4n to move and fence, or d1e to fence without "
        "moving",
        "no_square": "There is no square {square} on the {size}×{size} board (a1 to {last}).",
        # why a move is illegal, and what would be legal
        "refused": "{problem}.",
        "refused_hint": "{problem}; {hint}.",
        "not_an_action": "That is not a Fendo action",
        "not_square_side": "That is not a square and side on this board",
        "no_piece": "There is no {colour} piece on {square}",
        "closed_piece": "The piece on {square} is in a closed area and cannot be selected",
        "occupied": "Square {square} is occupied",
        "no_route": "No route from {piece} to {square} with at most one turn",
        "edge_n": "The north side of {square} is the board edge",
        "edge_e": "The east side of {square} is the board edge",
        "edge_s": "The south side of {square} is the board edge",
        "edge_w": "The west side of {square} is the board edge",
        "fenced": "There is already a fence on {fence}",
        "encloses_empty": "That fence would enclose an empty area",
        "two_open": "That fence would cut off two open areas",
        "add_off_board": "That square is not on this board",
        "no_stock": "You have no pieces left in stock to add",
        "no_open_piece": "You have no piece in the open area, so you cannot add",
        "add_too_far": "Square {square} is not one move away from any of your pieces in the "
        "open area",
        "hint_piece": "legal moves for {piece} include {moves}",
        "hint_select": "pieces you can select: {pieces}",
        "hint_add": "you could add on {squares}",
        "hint_any": "legal moves include {moves}",
        # positions
        "not_a_position": "That is not a Fendo position: {error}",
        "position_json": "A Fendo position must be a JSON object: {error}.",
        "position_object": "A Fendo position must be a JSON object.",
        "position_key": "Unknown key {key} in the Fendo position.",
        "position_size": "The board size must be 7, 9 or 11.",
        "position_pieces": '"pieces" must map squares to "W" or "O".',
        "position_piece": 'The piece on {square} must be "W" or "O", not {letter}.',
        "position_two_pieces": "Square {square} holds two pieces.",
        "position_fences": '"fences" must be a list like ["d4/d5"].',
        "position_fence_twice": "The fence {fence} is listed twice.",
        "position_stock": '"stock" must look like {{"W": 6, "O": 6}}.',
        "position_to_move": '"to_move" must be "W" or "O".',
        "position_passes": '"passes" must be 0, 1 or 2.',
        "position_options": '"options" may only hold "early_end".',
        "position_early_end": '"early_end" must be true or false.',
        "position_ruling6": "That position breaks ruling 6: {error}.",
        "area_empty": "the area around {square} is empty",
        "area_two_open": "there are two open areas",
        "fence_not_between": "The fence {fence} does not lie between two adjacent squares.",
        "fence_on_edge": "The fence {fence} would lie on the board edge.",
        "fence_unreadable": 'Could not read the fence {fence}: write it like "d4/d5" or "d4n".',
    },
)

COLOURS = (SAY("white"), SAY("orange"))
"""The colours as words to put into sentences, by seat."""
