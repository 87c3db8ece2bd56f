"""Game export: the text record reads back exactly, and replays to the same position."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from bot.service.records.transcript import ExportedMatch, dump_text, load_text, replay

SAMPLE = ExportedMatch(
    game="fonver",
    match_id=12,
    players=("Alice", "Bob"),
    seat_names=("White", "Black"),
    options={"size": 9},
    seed=42,
    result="White joined the left and right edges.",
    started=1_700_000_000.0,
    finished=1_700_086_400.5,
    moves=((0, "i2"), (1, "keep"), (1, "g4"), (0, "g2")),
    position="W.\n.B",
)

SAMPLE_TEXT = """\
[Game "fonver"]
[Match "12"]
[Seat0 "Alice (White)"]
[Seat1 "Bob (Black)"]
[Options "{\\"size\\":9}"]
[Seed "42"]
[Result "White joined the left and right edges."]
[Started "2023-11-14T22:13:20Z"]
[Finished "2023-11-15T22:13:20.5Z"]

1. Alice (White): i2
2. Bob (Black): keep ; g4
3. Alice (White): g2

[Position "W.\\n.B"]
"""


def test_the_text_looks_like_this():
    assert dump_text(SAMPLE) == SAMPLE_TEXT
    assert load_text(SAMPLE_TEXT) == SAMPLE


def test_optional_fields_are_left_out_and_come_back_as_none():
    bare = replace(SAMPLE, seed=None, result=None, finished=None, position=None, moves=())
    text = dump_text(bare)
    assert "Seed" not in text and "Result" not in text and "Position" not in text
    assert load_text(text) == bare


# -- round trip ------------------------------------------------------------------------------

names = st.text(min_size=0, max_size=12)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
moments = st.floats(min_value=-1e9, max_value=4e9, allow_nan=False)


@st.composite
def exported(draw: st.DrawFn) -> ExportedMatch:
    seats = draw(st.integers(min_value=1, max_value=6))
    players = tuple(draw(st.lists(names, min_size=seats, max_size=seats)))
    seat_names = tuple(draw(st.lists(names, min_size=seats, max_size=seats)))
    moves = draw(st.lists(st.tuples(st.integers(0, seats - 1), st.text(max_size=10)), max_size=12))
    return ExportedMatch(
        game=draw(names),
        match_id=draw(st.integers(min_value=0, max_value=2**53)),
        players=players,
        seat_names=seat_names,
        options=draw(st.dictionaries(st.text(max_size=6), json_values, max_size=4)),
        seed=draw(st.none() | st.integers()),
        result=draw(st.none() | st.text(max_size=20)),
        started=draw(moments),
        finished=draw(st.none() | moments),
        moves=tuple(moves),
        position=draw(st.none() | st.text(max_size=40)),
    )


@settings(max_examples=400)
@given(exported())
def test_load_gives_back_what_was_dumped(match):
    assert load_text(dump_text(match)) == match


@st.composite
def renamed(draw: st.DrawFn) -> ExportedMatch:
    """A match whose seats were called otherwise when some steps were played (a pie swap)."""
    match = draw(exported())
    seat_words = st.sampled_from(["White", "Black", "", "x (y)", *match.seat_names])
    called = draw(st.lists(seat_words, min_size=len(match.moves), max_size=len(match.moves)))
    return replace(match, played_as=tuple(called))


@settings(max_examples=400)
@given(renamed())
def test_each_step_keeps_the_name_its_seat_had_when_it_was_played(match):
    """Read back exactly, except where one person sits in several seats: a step played under
    another name can then only say its seat number, and reads back under the header's."""
    loaded = load_text(dump_text(match))
    if len(set(match.players)) == len(match.players):
        assert loaded == match
    else:
        assert replace(loaded, played_as=()) == replace(match, played_as=())


def test_a_step_played_before_a_swap_is_labelled_with_the_colour_it_was_played_as():
    swapped = replace(SAMPLE, played_as=("Black", "White", "Black", "White"))
    text = dump_text(swapped)
    assert "1. Alice (Black): i2\n2. Bob (White): keep\n3. Bob (Black): g4\n" in text
    assert load_text(text) == swapped
    assert replace(SAMPLE, played_as=("White", "Black", "Black", "White")).played_as == ()


tricky = ["", " ", '"', "\\", "(", ")", " (x)", "a\\", ":", "; ", " ; ", "\n", "\r\n", "[x]", "#0"]


@pytest.mark.parametrize("name", [*tricky, 'O\'Brien "Bob" (jr)', "Zoë 🐉", "名人"])
def test_awkward_names_and_notations_survive(name):
    match = replace(
        SAMPLE,
        players=(name, name),
        seat_names=(name, name + "2"),
        moves=((0, name), (0, name), (1, name + ";")),
        result=name,
        position=name,
    )
    assert load_text(dump_text(match)) == match


def test_identical_seat_labels_fall_back_to_seat_numbers():
    match = replace(SAMPLE, players=("Al", "Al"), seat_names=("X", "X"))
    text = dump_text(match)
    assert "2. #1: keep ; g4" in text
    assert load_text(text) == match


def test_real_clock_times_come_back_exactly():
    for _ in range(200):
        now = time.time() + random.random()
        match = replace(SAMPLE, started=now, finished=now + random.random() * 1e6)
        assert load_text(dump_text(match)) == match


# -- reading by hand-edited files ------------------------------------------------------------


def test_windows_line_ends_blank_lines_unknown_tags_and_tight_separators_are_read():
    text = SAMPLE_TEXT.replace("2. Bob (Black): keep ; g4", "2. Bob (Black): keep;g4")
    text = text.replace("[Seed", '[Event "club night"]\n\n[Seed').replace("\n", "\r\n")
    assert load_text(text) == SAMPLE


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("[Match", "Match"), "line 2: expected a tag"),
        (('[Match "12"]', '[Match "twelve"]'), "line 2: Match must be a whole number"),
        (('[Game "fonver"]', "[Game fonver]"), "line 1: expected a tag"),
        (('"Alice (White)"', '"Al"ice (White)"'), "line 3: a quote"),
        (('[Seat1 "Bob (Black)"]', '[Seat2 "Bob (Black)"]'), "line 3: seats must be numbered"),
        (("{\\", "{{\\"), "line 5: Options is not valid JSON"),
        (('[Options "{\\"size\\":9}"]', '[Options "[9]"]'), "line 5: Options must be a JSON"),
        (("2023-11-14T22:13:20Z", "14/11/2023"), "line 8: .* is not an ISO-8601"),
        (('[Started "2023-11-14T22:13:20Z"]\n', ""), "the Started tag is missing"),
        (('[Seed "42"]', '[Seed "42"]\n[Seed "43"]'), "line 7: the Seed tag appears twice"),
        (("2. Bob", "3. Bob"), "line 12: expected turn 2, found 3"),
        (("2. Bob (Black):", "2. Carol (Black):"), "line 12: 'Carol \\(Black\\)' is not one"),
        (("2. Bob (Black):", "2. Bob (Black)"), "line 12: expected ':'"),
        (("3. Alice", "3 Alice"), "line 13: expected a tag or a turn"),
    ],
)
def test_bad_input_names_the_line(change, message):
    old, new = change
    assert old in SAMPLE_TEXT
    with pytest.raises(ValueError, match=message):
        load_text(SAMPLE_TEXT.replace(old, new, 1))


def test_dump_refuses_inconsistent_matches():
    with pytest.raises(ValueError, match="seat names"):
        dump_text(replace(SAMPLE, seat_names=("White",)))
    with pytest.raises(ValueError, match="seat 2"):
        dump_text(replace(SAMPLE, moves=((2, "a1"),)))


# -- replay on the real games ----------------------------------------------------------------

REAL_GAMES = [
    ("ordo", 2, {}),
    ("fendo", 2, {}),
    ("fonver", 2, {"size": 9}),
    ("fuer", 2, {}),
    ("fence", 3, {"quick_map": True}),
]


def play_random(name: str, players: int, options: dict, seed: int) -> ExportedMatch:
    rules = games.get(name)
    rng = random.Random(f"{name}-{seed}")
    state = rules.new(players, options, seed)
    moves = []
    for _ in range(400):
        if rules.outcome(state) is not None or not rules.to_move(state):
            break
        action = rng.choice(rules.legal_actions(state))
        moves.append((rules.to_move(state)[0], rules.format(state, action)))
        state = rules.apply(state, action)
    outcome = rules.outcome(state)
    return ExportedMatch(
        game=name,
        match_id=seed,
        players=tuple(f"player {i}" for i in range(players)),
        seat_names=rules.info.seat_names[:players],
        options=options,
        seed=seed,
        result=None if outcome is None else str(outcome.reason),
        started=1_700_000_000.0,
        finished=1_700_000_000.0 + len(moves) * 3600,
        moves=tuple(moves),
        position=rules.position(state),
    )


@pytest.mark.parametrize(("name", "players", "options"), REAL_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_exported_games_replay_to_the_same_position(name, players, options, seed):
    played = play_random(name, players, options, seed)
    assert len(played.moves) > 5
    loaded = load_text(dump_text(played))
    assert loaded == played
    rules = games.get(name)
    assert rules.position(replay(loaded)) == played.position


def test_replay_refuses_a_wrong_position_a_wrong_seat_and_an_illegal_step():
    played = play_random("ordo", 2, {}, 3)
    with pytest.raises(ValueError, match="final position differs"):
        replay(replace(played, position=played.position + "x"))
    first_seat, first = played.moves[0]
    with pytest.raises(ValueError, match=r"step 1, player 1 \(Black\) .*not that seat's turn"):
        replay(replace(played, moves=((1 - first_seat, first), *played.moves[1:])))
    with pytest.raises(ValueError, match=r"step 2, .*'z9-z10'"):
        replay(replace(played, moves=(played.moves[0], (played.moves[1][0], "z9-z10"))))
    with pytest.raises(ValueError, match="Unknown game"):
        replay(replace(played, game="chess"))


def test_the_seed_matters_for_games_with_chance():
    played = play_random("fence", 3, {"quick_map": True}, 4)
    with pytest.raises(ValueError):
        replay(replace(played, seed=5))
