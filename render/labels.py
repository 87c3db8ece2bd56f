"""The words drawn into images, by key, with their English.

Every sentence a player reads comes from the words catalogue (``bot/words``), images
included; but the renderers sit below the bot and may not import it. So the catalogue keeps
these texts under ``image.*`` (``image.fence.cops`` is ``fence.cops`` here) and the service
looks them up in the reader's language and passes them in as ``labels``: a mapping from
these keys to templates. What a caller does not pass is drawn in English from ``ENGLISH``,
which mirrors the catalogue's English (tests/words checks the two agree).

Templates are ``str.format`` texts; a count is a plural table (``….one`` / ``….other``, and
``….few`` / ``….many`` in languages that have them) whose entry is picked by ``n`` with the
CLDR rule of the labels' language, as in the catalogue. The labels carry their language under
:data:`LANGUAGE` (Babel's CLDR data picks the category: the renderers may read that data as
they use Pillow, but not the bot's catalogue).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule

Labels = Mapping[str, str]

LANGUAGE = "language"
"""The entry of a labels mapping that names its language (``pl``), for its plural rule."""

ENGLISH: dict[str, str] = {
    # Seat colours wherever an image names a seat ("alice (White)").
    "colour.white": "White",
    "colour.black": "Black",
    "colour.orange": "Orange",
    "colour.dark": "Dark",
    "colour.light": "Light",
    "colour.green": "Green",
    "colour.purple": "Purple",
    "colour.yellow": "Yellow",
    "colour.pink": "Pink",
    "colour.teal": "Teal",
    "colour.red": "Red",
    "colour.blue": "Blue",
    # Every game's title bar.
    "to_move": "{players} to move",
    "and": "{first} and {last}",
    "game_over": "Game over",
    # FENCE! map: the legend under it and the seats' facts in the title bar.
    "fence.round": "Round {round}/{limit}",
    "fence.setup": "Setup",
    "fence.round_short": "round {round}",
    "fence.setup_short": "setup",
    "fence.stash": "Stash {red} red, {blue} blue",
    "fence.stash_mixed.one": "Stash {n} mixed",
    "fence.stash_mixed.other": "Stash {n} mixed",
    "fence.discard.one": "Discard {n}",
    "fence.discard.other": "Discard {n}",
    "fence.cops": "Cops",
    "fence.hot_goods": "Hot Goods",
    "fence.off_limits": "off limits",
    "fence.one_way": "Red arrows: one-way roads, driven only the way they point.",
    "fence.rings": "Rings: the neighbourhoods you can choose now.",
    "fence.spots": "Outlined spots: where this tile can go now.",
    "fence.off_picture.one": "{n} more choice outside this picture: {names}",
    "fence.off_picture.other": "{n} more choices outside this picture: {names}",
    "fence.moving_from": "Moving from {place}, outside this picture.",
    "fence.outside": "Outside this picture: {pieces}.",
    "fence.piece_at": "{piece} at {place}",
    "fence.post": "TP: the Trading Post",
    "fence.trade_pending": "Trade offer pending: {giver} to {taker}",
    "fence.cards.one": "{n} card",
    "fence.cards.other": "{n} cards",
    "fence.tiles.one": "{n} tile",
    "fence.tiles.other": "{n} tiles",
    "fence.boats.one": "{n} boat",
    "fence.boats.other": "{n} boats",
    "fence.in_jail": "IN JAIL",
    "fence.first_player": "First Player",
    "fence.unreliable": "unreliable",
    "fence.left": "left the game",
    # Fonver.
    "fonver.wins": "{player} wins",
    "fonver.pie": "{player} decides: keep White, or swap to take Black",
    "fonver.capture.one": "{player} must capture: {n} crosscut open",
    "fonver.capture.other": "{player} must capture: {n} crosscuts open",
    "fonver.black_goal": "Black joins top–bottom",
    "fonver.white_goal": "White joins left–right",
    "last_turn": "Last turn: {moves}",
    # Turn counters, numbered as /match history numbers turns (Ordo, Fuer).
    "turn": "turn {number}",
    "turns_played.one": "{n} turn played",
    "turns_played.other": "{n} turns played",
    # Ordo.
    "ordo.split": "SPLIT!",
    # FENCE! hand (a private picture, by DM).
    "fence.hand.title.one": "Your hand ({colour}): {n} card",
    "fence.hand.title.other": "Your hand ({colour}): {n} cards",
    "fence.hand.cards": "Hand",
    "fence.hand.starting": "Starting cards (secret)",
    "fence.hand.none": "no cards",
    "fence.hand.jailed": "Your pawn ({colour}) is in Jail",
    "fence.hand.off_map": "Your pawn: {colour}, not on the map yet",
    "fence.hand.pawn_at": "Your pawn: {colour}, in {hood} at {spot}",
    "fence.hand.pawn": "Your pawn: {colour}",
    "fence.hand.start_cards": "Secret starting cards: {cards}",
    "fence.hand.start_at": "Secret start {cards}: {tile} at {spot}",
    "fence.hand.start_off_map": "Secret start {cards}: tile {red},{blue} is not on the map (yet)",
    "fence.hand.boats": "Your boats in play: {cards}",
    "fence.hand.offer_to_you": "Trade offer: {giver} offers you {give} for {ask}",
    "fence.hand.offer_by_you": "Trade offer: you offer {taker} {give} for {ask}",
    "fence.hand.red": "RED",
    "fence.hand.blue": "BLUE",
    "fence.hand.card": "CARD",
    "fence.hand.red_boat": "RED BOAT",
    "fence.hand.blue_boat": "BLUE BOAT",
    "fence.hand.joker": "Joker",
    # Fuer.
    "fuer.move": "move",
    "fuer.four_in_row": "{player} made exactly four in a row.",
    "fuer.five_in_row": "{player} completed a row of exactly five.",
    "fuer.no_legal_turn": "{player} wins: the opponent has no legal turn.",
    "fuer.in_supply.one": "{n} in supply",
    "fuer.in_supply.other": "{n} in supply",
    "fuer.key": (
        "Green dashed spaces take a tile now: +N puts N new pieces, move moves one of yours."
    ),
    # Fendo.
    "fendo.stock.one": "stock {n}",
    "fendo.stock.other": "stock {n}",
    "fendo.open_area.one": "open area {n}",
    "fendo.open_area.other": "open area {n}",
    "fendo.no_open_area": "no open area",
    "fendo.closed": "closed {first} – {second}",
    # Rating chart.
    "chart.provisional": "hollow = provisional",
    "chart.games": "games played",
    "chart.empty": "No rated games yet",
    "chart.empty_hint": "Finish a rated match and your rating shows up here.",
    # Standings.
    "standings.empty": "No players yet",
    # Match review.
    "review.moves": "move",
    "review.rounds": "round",
    "review.chance": "winning chance",
    "review.cards": "cards (0 in Jail)",
}


def say(labels: Labels | None, key: str, /, **params: Any) -> str:
    """The label ``key`` filled with ``params``, from ``labels`` or else in English; with an
    ``n`` and no plain entry, the entry of the plural table for ``n``'s CLDR category in the
    labels' language (in English's, when the labels lack the table)."""
    labels = labels or {}
    template = labels.get(key)
    if key not in ENGLISH and "n" in params:
        language = labels.get(LANGUAGE, "en")
        template = labels.get(f"{key}.{_category(language, params['n'])}") or labels.get(
            f"{key}.other"
        )
        key = f"{key}.{_category('en', params['n'])}"
    template = template or ENGLISH[key]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: English, not a crash
        return ENGLISH[key].format(**params)


def _category(language: str, n: object) -> str:
    """CLDR's plural category of ``n`` in ``language``; ``other`` for what is not a number
    (a count a view does not know, drawn as ``?``)."""
    if isinstance(n, bool) or not isinstance(n, int | float):
        return "other"
    return str(_rule(language)(n))


@cache
def _rule(language: str) -> PluralRule:
    """The language's CLDR rule; English's for a code CLDR does not know (the pseudo-locale
    ``qps``), as :mod:`bot.words` does: an image is drawn, never refused over a label."""
    try:
        return Locale.parse(language).plural_form
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en").plural_form


def colour(labels: Labels | None, name: str) -> str:
    """A seat's colour word ("White") in the labels' language; a colour the labels do not
    know is shown as it is."""
    key = f"colour.{name.lower()}"
    return say(labels, key) if key in ENGLISH else name


def joined(labels: Labels | None, names: list[str]) -> str:
    """ "a, b and c" in the labels' language."""
    if len(names) <= 1:
        return "".join(names)
    return say(labels, "and", first=", ".join(names[:-1]), last=names[-1])


__all__ = ["ENGLISH", "LANGUAGE", "Labels", "colour", "joined", "say"]
