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
        # the guided panel and autocomplete: labels of whole steps, then a path's levels
        "label_place": "Place {tile} at {spot} turned {turn}°",
        "label_swap": "Swap in {tile} at {spot} turned {turn}°, taking {taken}",
        "label_pawn": "Put your pawn in {hood}",
        "label_cops": "Put the Cops in {hood}",
        "label_tunnel": "Dig a tunnel end in {hood}",
        "label_post": "Put the Trading Post in {hood}",
        "label_yourself": "Move yourself with {cards} to {hood}",
        "label_yourself_jail": "Move yourself with {cards} to {hood} — onto the Cops: Jail",
        "label_push": "Push {colour} to {hood}",
        "label_cops_road": "Cops by road to {hood}",
        "label_tip_off": "Tip off the Cops with {cards} to {hood}",
        "label_hunch_red": "Roll the red die on a hunch for the Cops",
        "label_hunch_blue": "Roll the blue die on a hunch for the Cops",
        "label_draw_red": "Draw a red card",
        "label_draw_blue": "Draw a blue card",
        "label_boat_red": "Move others and play your red boat",
        "label_boat_blue": "Move others and play your blue boat",
        "label_offer": "Offer {colour} your {give} for their {ask}",
        "label_refuse": "Refuse the trade from {colour}",
        "label_accept": "Accept the trade from {colour}: give {give}, get {get}",
        "label_post_trade": "Trading Post: give {give} to {colour}, take their card {pick}",
        "label_no_trade": "Leave the Trading Post without trading",
        "path_place": "Place a tile",
        "path_swap": "Swap a tile in",
        "path_at": "at {spot}",
        "path_turned": "turned {turn}°",
        "path_pawn": "Pawn to {hood}",
        "path_red_group": "Tiles with red {red}",
        "path_no_coordinates": "Tiles without coordinates",
        "path_yourself": "Move yourself",
        "path_jail": "{hood} (the Cops: Jail)",
        "path_others": "Move others",
        "path_push": "Push {colour}",
        "path_cops_road": "Cops by road",
        "path_tip_off": "Tip off with {cards}",
        "path_hunch_red": "Hunch with the red die",
        "path_hunch_blue": "Hunch with the blue die",
        "path_boat_red": "Play your red boat",
        "path_boat_blue": "Play your blue boat",
        "path_draw": "Draw a card",
        "red": "red",
        "blue": "blue",
        "path_offer": "Offer a trade",
        "path_to": "to {colour}",
        "path_give": "give {card}",
        "path_for": "for {card}",
        "path_trade": "Trade",
        "path_with": "with {colour}",
        "path_take": "take card {pick}",
        "path_no_trade": "Don't trade",
        # what the rules did by themselves: the thread's notices
        "draws_card": "{colour} draws a card.",
        "draws_red": "{colour} draws a red card.",
        "draws_blue": "{colour} draws a blue card.",
        "offer_lapses": "{colour} has left: the trade offer lapses.",
        "leaves": "{colour} leaves the game: their pawn leaves the map.",
        "leaves_cards": "{colour} leaves the game: their pawn leaves the map, and their cards "
        "{cards} go face up to the discard pile.",
        "regains_credibility": "{colour} spends the turn re-establishing credibility.",
        "cannot_act": "{colour} can neither move nor move others, and passes.",
        "other_part_skipped": "The other part of Move Others is impossible for {colour} and "
        "skipped.",
        "turn_ends_stuck": "{colour} can move neither a pawn nor the Cops: the turn ends.",
        "stash_empty": "The Stash is empty: no more Hot Goods come up.",
        "goods_unreachable": "Hot Goods turn up in {tile}, but no pawn can reach them.",
        "goods_tie": "Hot Goods turn up in {tile}: a tie, so nobody gets them.",
        "goods_cops": "Hot Goods turn up in {tile}, but the Cops are closer.",
        "goods_won": "Hot Goods turn up in {tile}: {colour} gets them.",
        "goods_won_boat": "Hot Goods turn up in {tile}: {colour} gets them by boat.",
        "goods_wasted": "Nobody claims the goods: {colour} discards a card from the Stash.",
        "nobody_wins": "Everyone is in Jail, so nobody wins.",
        "last_player": "{colour} wins: everyone else has left the game.",
        "jail_win": "{colour} wins: everyone else is in Jail with no way out.",
        "hoarded": {
            "one": "{players} hoarded the most cards among the free players and wins.",
            "other": "{players} hoarded the most cards among the free players and win.",
        },
        "ended_with": {
            "one": "{players} ended with the most cards among the free players and wins.",
            "other": "{players} ended with the most cards among the free players and win.",
        },
        "caught": "{colour} is caught by the Cops and goes to Jail.",
        "boat_sinks_red": "The red boat of {colour} goes to the discard pile.",
        "boat_sinks_blue": "The blue boat of {colour} goes to the discard pile.",
        "out_of_jail": "{colour} gets out of Jail.",
        "evidence": {
            "one": "{colour} turns State's Evidence and draws {n} card.",
            "other": "{colour} turns State's Evidence and draws {n} cards.",
        },
        "hunch_roll_red": "{colour} rolls the red die on a hunch: {value}.",
        "hunch_roll_blue": "{colour} rolls the blue die on a hunch: {value}.",
        # the analysis board: how a step chance decides fell, as the player picked it
        "analysis_you_get": "You get {cards}.",
        "unreliable": "{colour} is an Unreliable Witness and loses their next turn.",
        "dice_rounds": {
            "one": "The dice set the game to {n} round.",
            "other": "The dice set the game to {n} rounds.",
        },
        "tiles_all_placed": "A player's tiles are all placed: the tiles still in hand are "
        "discarded.",
        "rewarded_red": {
            "one": "{colour}'s tile joins the city by road on {n} side: {colour} draws a red card.",
            "other": "{colour}'s tile joins the city by road on {n} sides: {colour} draws a red "
            "card.",
        },
        "rewarded_blue": {
            "one": "{colour}'s tile joins the city by road on {n} side: {colour} draws a blue "
            "card.",
            "other": "{colour}'s tile joins the city by road on {n} sides: {colour} draws a blue "
            "card.",
        },
        "cannot_place": "{colour} cannot place or swap a tile and passes.",
        "discarded_tiles": {
            "one": "Discarded, as it could not be placed: {n} tile.",
            "other": "Discarded, as they could not be placed: {n} tiles.",
        },
        "off_limits": "Off limits (no road from Old Town and back): {hoods}.",
        "no_tunnel": "No second tile can take the tunnel's other end, so there is no tunnel.",
        "pair_redrawn": "Starting cards {first} {second} name no usable tile: a new pair is drawn.",
        "starts_in_jail": "{colour} starts the game in Jail: the Cops arrived first.",
        "no_ritzy": "The Stash ran out before a Ritzy Tile was found.",
        "ritzy": "{first} {second} make {tile} the Ritzy Tile.",
        # told to one seat only: the cards of its own trades
        "offers_you": "{colour} offers you {give} for your {ask}.",
        "accepts_you": "{colour} accepts: you give {give} and get {ask}.",
        "you_give": "You give {give} to {colour} and get {get}.",
        "you_give_take": "You give {give} to {colour} and take {taken}.",
        "gives_you": "{colour} gives you {give} and takes your {taken}.",
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
        "hint_draft": "place or swap a tile, e.g. {example}",
        "hint_tunnel": "choose a tunnel end, e.g. {example}",
        "hint_pawn": "place your pawn, e.g. {example}",
        "hint_cops": "choose the Cops' neighbourhood, e.g. {example}",
        "hint_turn": "move yourself or move others, e.g. yourself R3 B5 or cops to downtown",
        "hint_second": "do the other part of Move Others",
        "hint_draw": "choose the colour of your card: draw red or draw blue",
        "hint_post": "choose the Trading Post's neighbourhood, e.g. {example}",
        "hint_offer": "answer the trade offer: accept trade or refuse trade",
        "hint_trading": "trade at the Trading Post, e.g. post orange R3 2, or post skip",
        "hint_wait": "wait",
        # the real reason behind a refusal
        "not_a_card": "{card} is not a card: red and blue cards run from 1 to 6 (R1–R6, B1–B6).",
        "not_held": "You don't hold {cards} — your hand is {hand}.",
        "no_cards": "no cards",
        "two_of_a_colour": "Play one card, or one red and one blue card together (one of each "
        "colour).",
        "yourself_nowhere": "{cards} lead to no tile you can stop on from here: it must be in "
        "the city and have a free neighbourhood (ruling 20).",
        "yourself_lands": "{cards} take you to {hoods} from here, not to {hood}.",
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
