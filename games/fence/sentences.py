"""Everything FENCE! says to a player when refusing a move, in English, by key (see
:mod:`games.sentences`).

The bot's catalogue reads this table as its English for ``rules.fence.*``; ``de.toml``
translates the same keys. Move words (``yourself``, ``cops to``, colours of pawns) are
notation and stay as typed; neighbourhood names are the map's.
"""

from __future__ import annotations

from games.sentences import PREFIX, Sentences

SAY = Sentences(
    f"{PREFIX}.fence",
    {
        "players": "FENCE! is played by 2 to 6 players.",
        "over": "The game is over.",
        "not_legal_now": "That move is not legal now.",
        # pawn colours, as words in sentences
        "green": "Green",
        "orange": "Orange",
        "purple": "Purple",
        "yellow": "Yellow",
        "pink": "Pink",
        "teal": "Teal",
        # what a player did, for the thread and the history (trades never name cards)
        "places": "{player} places {tile} at {spot}.",
        "places_near": "{player} places {tile} at {spot}, next to {hoods}.",
        "swaps": "{player} swaps in {tile} at {spot}.",
        "swaps_near": "{player} swaps in {tile} at {spot}, next to {hoods}.",
        "puts_pawn": "{player} puts their pawn in {hood}.",
        "puts_cops": "{player} puts the Cops in {hood}.",
        "digs_tunnel": "{player} digs a tunnel end in {hood}.",
        "moves_self": "{player} plays {cards} and moves to {hood}.",
        "moves_self_cops": "{player} plays {cards} and moves to {hood} — right onto the Cops.",
        "pushes": "{player} moves {colour} to {hood}.",
        "cops_road": "{player} moves the Cops by road to {hood}.",
        "tips_off": "{player} plays {cards} to tip off the Cops: {hood}.",
        "hunch_red": "{player} turns State's Evidence on a hunch with the red die.",
        "hunch_blue": "{player} turns State's Evidence on a hunch with the blue die.",
        "puts_post": "{player} puts the Trading Post in {hood}.",
        "boat_red": "{player} has a red boat and moves others.",
        "boat_blue": "{player} has a blue boat and moves others.",
        "offers": "{player} offers {colour} a trade.",
        "accepts": "{player} accepts the trade.",
        "refuses": "{player} refuses the trade.",
        "post_trade": "{player} trades a card with {colour} at the Trading Post.",
        "no_trade": "{player} does not trade at the Trading Post.",
        "not_a_position": "That is not a FENCE! position: {error}.",
        # reading what was typed
        "empty": "Type a move, for example yourself R3 B5.",
        "type_a_move": "Type a move, for example yourself R3 B5 or cops to downtown.",
        "turn_over": "Your turn is over before {step}.",
        "needs_cards": "{verb} needs one or two cards, like {verb} R3 B5.",
        "unreadable": "I cannot read {text}: moves start with place, swap, pawn, cops, tunnel, "
        "yourself, move, tip, hunch, draw, boat, offer, accept, refuse or post.",
        "not_a_colour": "{word} is not a pawn colour: use {colours}.",
        "offer_form": "An offer reads offer <colour> <your card> for <their card>.",
        "post_form": "At the Trading Post say post <colour> <your card> <number of their "
        "card>, or post skip.",
        "say_where": "Say where: {verb} <tile> at x,y r0 (x east, y north of Old Town).",
        "spot_form": "A map spot is x,y counted from Old Town, like 1,-2.",
        "rotation_form": "A rotation is r0, r90, r180 or r270 (clockwise).",
        "ambiguous": "{text} fits several moves, such as {moves}.",
        "panel_start": "{text} is the start of a move: go on with {choices} (type the whole "
        "line, or use /turn).",
        "not_legal_here": "{text} is not legal here: {hint}.",
        "not_legal_here_examples": "{text} is not legal here: {hint}. Legal now: {examples}.",
        # what the stage asks for
        "hint_draft": "place or swap a tile, e.g. place lily-rivers at 1,0 r90",
        "hint_tunnel": "choose a tunnel end, e.g. tunnel venice",
        "hint_pawn": "place your pawn, e.g. pawn cabbagetown",
        "hint_cops": "choose the Cops' neighbourhood, e.g. cops at downtown",
        "hint_turn": "move yourself or move others, e.g. yourself R3 B5 or cops to downtown",
        "hint_second": "do the other part of Move Others",
        "hint_draw": "choose the colour of your card: draw red or draw blue",
        "hint_post": "choose the Trading Post's neighbourhood, e.g. post at downtown",
        "hint_offer": "answer the trade offer: accept trade or refuse trade",
        "hint_trading": "trade at the Trading Post, e.g. post orange R3 2, or post skip",
        "hint_wait": "wait",
        # the real reason behind a refusal
        "not_a_card": "{card} is not a card: red and blue cards run from 1 to 6 (R1–R6, "
        "B1–B6).",
        "not_held": "You don't hold {cards} — your hand is {hand}.",
        "no_cards": "no cards",
        "two_of_a_colour": "Play one card, or one red and one blue card together (one of each "
        "colour).",
        "cops_step": "The Cops move one road step: from here they can go to {hoods}.",
        "no_hood": "No neighbourhood on this map is called {name}.",
        "no_hood_close": "No neighbourhood on this map is called {name}. Did you mean {close}?",
        "tile_not_in_hand": "{tile} is not in your hand: you can {verb} {tiles}.",
        "spot_not_open": "{spot} is not a spot you can {verb} that tile at now: try {spots}.",
        "rotation_not_fit": "{tile} does not fit at {spot} turned {rot}: it fits turned {fits}.",
    },
)

COLOURS = (SAY("green"), SAY("orange"), SAY("purple"), SAY("yellow"), SAY("pink"), SAY("teal"))
"""The pawn colours as words to put into sentences, by seat (``info.SEAT_NAMES``' order)."""
