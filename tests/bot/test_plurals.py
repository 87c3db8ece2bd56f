"""Issue "What a player sees and reads", item 11: counts read as plurals from the
catalogue's tables ("1 player", "2 players"), in English and German."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import Service, User
from bot.words import PLURAL_CATEGORIES, catalogue, fields, words
from render.labels import ENGLISH as IMAGE_LABELS

GUILD = "g1"
ALICE = User("alice", "alice", guild_id=GUILD)


async def test_the_tournament_list_counts_one_player(service: Service) -> None:
    created = await service.tournament_create(
        ALICE, "ordo", name="Autumn League", guild_id=GUILD, channel_id="c1"
    )
    assert created.ok, created.text
    listing = await service.tournaments(ALICE, guild_id=GUILD)
    assert "1 player" in listing.text and "1 players" not in listing.text
    german = await service.tournaments(replace(ALICE, locale="de"), guild_id=GUILD)
    assert "1 Spieler" in german.text and "1 Spielerinnen" not in german.text


# -- every count in the catalogues is a plural table -------------------------------------------

COUNT_FIELDS = frozenset(
    {"n", "count", "days", "hours", "minutes", "seconds", "seated", "least", "most"}
)
"""Parameter names that carry a number of something: a sentence with one of them has words
that agree with the number ("1 player", "2 players"; German "ist"/"sind"), so it must be a
plural table keyed by ``n``."""

NOT_COUNTS = {
    "games.lobby": "a fraction of seats (2/4): no word agrees with either number",
    "games.lobby_mine": "a fraction of seats (2/4): no word agrees with either number",
    "lobby.players": "a fraction of seats (2/4): no word agrees with either number",
    "rules.ordo.position_rows": "the engine echoes a number back (…, not 5): no word agrees",
    "web.fuer_more": "a signed number drawn in a hex (+2), as the image's hint: no word at all",
}
"""The only sentences allowed a count-like parameter outside a table, each with its reason."""


def _is_table_entry(key: str) -> bool:
    return key.rsplit(".", 1)[-1] in PLURAL_CATEGORIES


@pytest.mark.parametrize("language", sorted(catalogue().languages))
def test_every_sentence_with_a_count_is_a_plural_table(language: str) -> None:
    loose = sorted(
        key
        for key, text in catalogue().languages[language].items()
        if fields(text) & COUNT_FIELDS and not _is_table_entry(key) and key not in NOT_COUNTS
    )
    assert loose == [], f"{language}: make these one/other tables keyed by n: {loose}"


def test_every_plural_table_has_both_forms_in_english() -> None:
    """A table is chosen by ``n`` (``one`` for exactly 1, else ``other``): English, the
    fallback of every language, must have both (``result.won`` is keyed by how many won
    without saying the number, so a table need not print its ``n``)."""
    english = catalogue().english
    tables = {key.rsplit(".", 1)[0] for key in english if _is_table_entry(key)}
    for table in sorted(tables):
        assert f"{table}.one" in english and f"{table}.other" in english, table


def test_image_labels_with_a_count_are_tables_too() -> None:
    loose = [
        key
        for key, text in IMAGE_LABELS.items()
        if fields(text) & COUNT_FIELDS and not _is_table_entry(key)
    ]
    assert loose == []


@pytest.mark.parametrize(
    ("key", "params", "one", "two"),
    [
        ("tournament.too_few", {"least": 3}, "1 signed up so far", "2 signed up so far"),
        ("tournament.full", {}, "full (1 player)", "full (2 players)"),
        ("seek.list_head", {}, "Open challenge here (1)", "Open challenges here (2)"),
        ("premove.too_deep", {"line": "x"}, "more than 1 turn ahead", "more than 2 turns ahead"),
        ("premove.too_many", {}, "more than 1 conditional line;", "more than 2 conditional lines"),
        ("limits.rounds", {"rounds": 5}, "at most 1 round, not 5", "at most 2 rounds, not 5"),
        ("limits.league_full", {"rounds": 5, "most": 4}, ": 1 player would", ": 2 players would"),
        ("limits.league_start", {"most": 4}, "play 1 round,", "play 2 rounds,"),
        ("lobby.too_few", {"game": "FENCE!", "low": 2}, "; 1 joined so far", "; 2 joined so far"),
        (
            "tournament.list_line",
            {"id": 1, "name": "A", "game": "Ordo", "status": "running"},
            "running, 1 player",
            "running, 2 players",
        ),
        ("lobby.waiting", {}, "Waiting for 1 more player to", "Waiting for 2 more players"),
        ("time.days", {}, "1 day", "2 days"),
    ],
)
def test_english_says_one_and_two(key: str, params: dict[str, object], one: str, two: str) -> None:
    say = words("en")
    assert one in say(key, n=1, **params)
    assert two in say(key, n=2, **params)


@pytest.mark.parametrize(
    ("key", "params", "one", "two"),
    [
        ("tournament.too_few", {"least": 3}, "bisher ist 1 angemeldet", "bisher sind 2 angemeldet"),
        ("tournament.full", {}, "voll (1 Spieler)", "voll (2 Spieler)"),
        (
            "seek.list_head",
            {},
            "Offene Herausforderung hier (1)",
            "Offene Herausforderungen hier (2)",
        ),
        ("premove.too_deep", {"line": "x"}, "mehr als 1 Zug voraus", "mehr als 2 Züge voraus"),
        (
            "premove.too_many",
            {},
            "Das wäre mehr als 1 bedingte Zeile;",
            "Das wären mehr als 2 bedingte Zeilen",
        ),
        (
            "limits.rounds",
            {"rounds": 5},
            "höchstens 1 Runde, nicht 5",
            "höchstens 2 Runden, nicht 5",
        ),
        ("limits.league_full", {"rounds": 5, "most": 4}, "1 Spieler würde", "2 Spieler würden"),
        ("limits.league_start", {"most": 4}, "würde 1 Runde spielen", "würde 2 Runden spielen"),
        (
            "lobby.too_few",
            {"game": "FENCE!", "low": 2},
            "bisher ist 1 beigetreten",
            "bisher sind 2 beigetreten",
        ),
        ("time.days", {}, "1 Tag", "2 Tage"),
    ],
)
def test_german_says_one_and_two(key: str, params: dict[str, object], one: str, two: str) -> None:
    say = words("de")
    assert one in say(key, n=1, **params)
    assert two in say(key, n=2, **params)


async def test_real_replies_count_in_english_and_german(service: Service) -> None:
    """A tournament started with one entrant, and a lobby started alone: the refusals count."""
    german = replace(ALICE, locale="de")
    created = await service.tournament_create(
        ALICE, "ordo", name="Spring", guild_id=GUILD, channel_id="c1"
    )
    assert created.ok, created.text
    refused = await service.tournament_start(ALICE, guild_id=GUILD)
    assert "; 1 signed up so far." in refused.text
    refused = await service.tournament_start(german, guild_id=GUILD)
    assert "bisher ist 1 angemeldet." in refused.text
    bob = User("bob", "bob", guild_id=GUILD)
    assert (await service.tournament_join(bob, guild_id=GUILD)).ok
    refused = await service.tournament_start(ALICE, guild_id=GUILD)
    assert "; 2 signed up so far." in refused.text or refused.ok
    lobby = await service.play(ALICE, "fence", seats=3, guild_id=GUILD)
    assert lobby.ok, lobby.text
    alone = await service.start(ALICE, match_id=lobby.match_id)
    assert alone.text == "FENCE! needs at least 2 players; 1 joined so far."
    alone = await service.start(german, match_id=lobby.match_id)
    assert alone.text.endswith("bisher ist 1 beigetreten.")


async def test_the_seek_list_counts_one_open_challenge(service: Service) -> None:
    opened = await service.play(ALICE, "ordo", guild_id=GUILD, channel_id="c1")
    assert opened.ok, opened.text
    listing = await service.seeks(User("bob", "bob", guild_id=GUILD), guild_id=GUILD)
    assert listing.text.startswith("Open challenge here (1)")
    german = await service.seeks(User("bob", "bob", guild_id=GUILD, locale="de"), guild_id=GUILD)
    assert german.text.startswith("Offene Herausforderung hier (1)")


def test_image_subtitles_count_through_the_labels() -> None:
    """Fuer's finished board said "1 turns played", in English for everyone."""
    from bot.service.text.image_labels import image_labels
    from render.labels import say

    assert say(None, "turns_played", n=1) == "1 turn played"
    assert say(None, "turns_played", n=2) == "2 turns played"
    assert say(image_labels("de"), "turns_played", n=1) == "1 Zug gespielt"
    assert say(image_labels("de"), "turns_played", n=2) == "2 Züge gespielt"
    assert say(image_labels("de"), "turn", number=3) == "Zug 3"


def test_fence_events_count_without_brackets() -> None:
    """The FENCE! engine's events said "draws 1 card(s)"; they are catalogue tables now."""
    import games
    from bot.words import words
    from games.fence.sentences import COLOURS, SAY

    say = words()
    assert say.sentence(SAY("evidence", colour=COLOURS[0], n=1)).endswith("draws 1 card.")
    assert say.sentence(SAY("discarded_tiles", n=3)).endswith(": 3 tiles.")
    assert "rules.fence.evidence.other" in games.sentences()
