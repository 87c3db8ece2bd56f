"""Everything Fuer says to a player, in English, by key (see :mod:`games.sentences`).

The bot's catalogue reads this table as its English for ``rules.fuer.*``; ``de.toml``
translates the same keys. A broken restriction is a whole clause starting with a capital (it
always opens the refusal); counts of pieces are plural tables chosen by ``n``.
"""

from __future__ import annotations

from games.sentences import PREFIX, Sentences

SAY = Sentences(
    f"{PREFIX}.fuer",
    {
        "dark": "Dark",
        "light": "Light",
        "players": "Fuer is a game for exactly 2 players.",
        # reading what was typed
        "how_to": "write the tile then its pieces, like c3 +d2 +f4 or c3 e3>e5",
        "not_a_space": "{space} is not a space on the board: spaces run from a1 to i5.",
        "empty": "The move is empty: {how}.",
        "tile_space": "I could not read {text} as the tile's space: {how}.",
        "unreadable": "I could not read {text}: {how}.",
        "one_move": "A turn moves at most one piece.",
        "listed_twice": "{space} is listed twice.",
        "move_or_place": "A turn either moves one piece or puts new pieces: {how}.",
        "ambiguous": "{space} needs its pieces too ({choices} choices), for example {turns}.",
        # why a turn is illegal, and what would be legal
        "refused": "{reason}.",
        "refused_tile": "{reason}; legal turns with {space} include {turns}.",
        "refused_any": "{reason}; legal turns include {turns}.",
        "tile_taken": "There is already a tile on {space}",
        "tile_alone": "A tile must touch at least one placed tile",
        "not_on_new_tile": "Pieces may not go on the tile placed this turn",
        "no_tile": "There is no tile on {space}, and pieces go only on tiles",
        "piece_taken": "There is already a piece on {space}",
        "overline": "That would make a line of {length}",
        "move_but_none": "The tile on {space} touches only one placed tile, so a piece of yours "
        "must move, and you have none on the board",
        "move_not_place": "The tile on {space} touches only one placed tile, so you move one of "
        "your pieces (like {space} e3>e5) instead of putting new ones",
        "no_own_piece": "There is no piece of yours on {space} to move",
        "one_step": "Pieces move only one step in this match, and {target} is not next to {origin}",
        "supply_none": "You have no pieces left in supply, this tile needs {need}",
        "supply_short": {
            "one": "You have only {n} piece left in supply, this tile needs {need}",
            "other": "You have only {n} pieces left in supply, this tile needs {need}",
        },
        "needs_pieces": {
            "one": "The tile on {space} touches {touched} placed tiles, so it needs exactly "
            "{n} new piece from your supply, not {given}",
            "other": "The tile on {space} touches {touched} placed tiles, so it needs exactly "
            "{n} new pieces from your supply, not {given}",
        },
        "a_move": "a move",
        # what happened, for the thread and the history
        "played_move": "{player} played {turn} (tile on {tile}, piece moved from {origin} to "
        "{target}).",
        "played_new": {
            "one": "{player} played {turn} (tile on {tile}, new piece on {spaces}).",
            "other": "{player} played {turn} (tile on {tile}, new pieces on {spaces}).",
        },
        "adjacent_new": "New pieces may not be adjacent to each other ({first} and {second})",
        # the end
        "over": "The game is over: {reason}",
        "over_plain": "The game is over.",
        "end_four_in_row": "{name} made exactly four in a row of their colour ({line}).",
        "end_five_in_row": "{name} completed a row of exactly five pieces ({line}).",
        "end_no_legal_turn": "{name} has no legal turn and loses.",
        # positions
        "not_a_position": "That is not a Fuer position: {error}",
        "position_space": "{name} in {what} is not a space on the board (a1 to i5).",
        "position_colour": "{what} must be F or S, not {value}.",
        "position_piece_colour": "The piece on {space} must be F or S, not {value}.",
        "position_object": "A position is a JSON object with tiles, pieces, supply, to_move.",
        "position_lacks": "The position lacks {keys}.",
        "position_tiles": "tiles must be a list of spaces.",
        "position_pieces": 'pieces must map spaces to "F" or "S".',
        "position_off_tile": "The piece on {space} is not on a tile.",
        "position_supply": 'supply must look like {{"F": 20, "S": 20}}.',
        "position_supply_count": "supply {colour} must be a whole number from 0.",
        "position_too_many": "{colour} would have more than {limit} pieces in all.",
        "position_overline": "The board already has a line of {length} pieces, which ruling 9 "
        "forbids.",
        "position_json": "The position is not valid JSON ({error}).",
    },
)

SEATS = (SAY("dark"), SAY("light"))
"""The seats' colours as words to put into sentences, by seat."""
