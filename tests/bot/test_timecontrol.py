"""Correspondence clocks: parsing what players type, charging time, vacations, reminders."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.match.clock.timecontrol import (
    DAY,
    HOUR,
    MINUTE,
    Clocks,
    TimeControl,
    deadline,
    due_reminders,
    expired,
    format_duration,
    mark_reminded,
    next_event,
    remaining,
    start,
    switch,
    vacation_days_used,
    year_bounds,
)

T0 = 1_800_000_000.0
FISCHER = TimeControl.parse("3d+1d max 7d")
PER_MOVE = TimeControl.parse("2d per move")
REMIND = (DAY, HOUR)

# -- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "initial", "increment", "cap"),
    [
        ("none", "none", 0, 0, 0),
        ("off", "none", 0, 0, 0),
        ("  None ", "none", 0, 0, 0),
        ("3d+1d", "fischer", 3 * DAY, DAY, 0),
        ("3d+1d max 7d", "fischer", 3 * DAY, DAY, 7 * DAY),
        ("3d+1d/7d", "fischer", 3 * DAY, DAY, 7 * DAY),
        ("3d + 1d max7d", "fischer", 3 * DAY, DAY, 7 * DAY),
        ("3 days + 1 day, max 7 days", "fischer", 3 * DAY, DAY, 7 * DAY),
        ("3 Days + 1 Day, at most 1 week", "fischer", 3 * DAY, DAY, 7 * DAY),
        ("12h+6h max 2d", "fischer", 12 * HOUR, 6 * HOUR, 2 * DAY),
        ("1d 12h + 30 min", "fischer", 36 * HOUR, 30 * MINUTE, 0),
        ("10d+0d", "fischer", 10 * DAY, 0, 0),
        ("2d/move", "per_move", 2 * DAY, 2 * DAY, 2 * DAY),
        ("2d per move", "per_move", 2 * DAY, 2 * DAY, 2 * DAY),
        ("2 days per move", "per_move", 2 * DAY, 2 * DAY, 2 * DAY),
        ("36h per move", "per_move", 36 * HOUR, 36 * HOUR, 36 * HOUR),
        ("1.5d per turn", "per_move", 36 * HOUR, 36 * HOUR, 36 * HOUR),
        ("2d", "per_move", 2 * DAY, 2 * DAY, 2 * DAY),
        ("90m/move", "per_move", 90 * MINUTE, 90 * MINUTE, 90 * MINUTE),
    ],
)
def test_parse_accepts_forgiving_input(text, kind, initial, increment, cap):
    control = TimeControl.parse(text)
    assert (control.kind, control.initial, control.increment, control.cap) == (
        kind,
        initial,
        increment,
        cap,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3+1", "needs a unit"),
        ("3x+1d", "not a unit"),
        ("30s per move", "not a unit"),
        ("0d+1d", "at least 1 minute"),
        ("3d+20s", "not a unit"),
        ("3d+0.2m", "at least 1 minute"),
        ("400d per move", "at most 365 days"),
        ("3d+1d max 400d", "at most 365 days"),
        ("3d+1d max 2d", "at least the starting time"),
        ("3d+", "added per move"),
        ("3d+1d+1d", "can't read"),
        ("", "can't read"),
        ("soon", "can't read"),
        ("3d tomorrow", "can't read"),
    ],
)
def test_parse_refuses_with_a_sentence(text, message):
    with pytest.raises(ValueError, match=message):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    ("text", "canonical", "described"),
    [
        ("off", "none", "no time limit"),
        ("3 days + 1 day, max 7 days", "3d+1d max 7d", "3 days, +1 day per move, at most 7 days"),
        ("2 days per move", "2d per move", "2 days per move"),
        ("1.5d/move", "36h per move", "36 hours per move"),
        ("12h+1h", "12h+1h", "12 hours, +1 hour per move"),
        ("10d+0d", "10d+0d", "10 days for the whole game"),
        ("1d 30m per move", "24h30m per move", "24 hours 30 minutes per move"),
        ("45m per move", "45m per move", "45 minutes per move"),
    ],
)
def test_canonical_text_and_description(text, canonical, described):
    control = TimeControl.parse(text)
    assert control.text() == canonical
    assert control.describe() == described
    assert TimeControl.parse(canonical) == control


minutes = st.integers(min_value=1, max_value=365 * 1440)


@st.composite
def controls(draw: st.DrawFn) -> TimeControl:
    kind = draw(st.sampled_from(["none", "fischer", "per_move"]))
    if kind == "none":
        return TimeControl()
    if kind == "per_move":
        return TimeControl.per_move(draw(minutes) * MINUTE)
    initial = draw(minutes)
    increment = draw(st.one_of(st.just(0), minutes))
    cap = draw(st.one_of(st.just(0), st.integers(min_value=initial, max_value=365 * 1440)))
    return TimeControl.fischer(initial * MINUTE, increment * MINUTE, cap * MINUTE)


@given(controls())
def test_text_and_dict_round_trip(control):
    assert TimeControl.parse(control.text()) == control
    assert TimeControl.from_dict(json.loads(json.dumps(control.to_dict()))) == control


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        TimeControl(kind="hourglass")


# -- charging time ---------------------------------------------------------------------------


def test_fischer_charges_the_mover_adds_increment_and_caps():
    clocks = start(FISCHER, 2, [0], T0)
    assert clocks.banks == (3 * DAY, 3 * DAY) and clocks.running == (0,) and clocks.turn == 0
    assert remaining(clocks, 0, T0 + DAY) == 2 * DAY
    assert remaining(clocks, 1, T0 + DAY) is None  # not running
    clocks = switch(clocks, T0 + DAY, [1])
    assert clocks.banks == (3 * DAY, 3 * DAY)  # 3d - 1d used + 1d increment
    assert clocks.running == (1,) and clocks.since == T0 + DAY and clocks.turn == 1
    # Seat 1 answers within the hour, seat 0 after a day: seat 1's bank grows by 23 hours a
    # turn until the cap stops it, seat 0's stays where it was.
    now = T0 + DAY
    for turn in range(5):
        now += HOUR
        clocks = switch(clocks, now, [0])
        assert clocks.banks[1] == min(3 * DAY + (turn + 1) * 23 * HOUR, 7 * DAY)
        now += DAY
        clocks = switch(clocks, now, [1])
        assert clocks.banks[0] == 3 * DAY
    assert clocks.banks[1] == 7 * DAY and clocks.turn == 11


def test_per_move_refills_the_bank_every_turn():
    clocks = start(PER_MOVE, 2, [0], T0)
    clocks = switch(clocks, T0 + 47 * HOUR, [1])
    assert clocks.banks[0] == 2 * DAY
    assert deadline(clocks, 1) == T0 + 47 * HOUR + 2 * DAY


def test_a_late_move_is_forgiven_to_zero_before_the_increment():
    clocks = start(TimeControl.parse("1d+1h"), 2, [0], T0)
    assert expired(clocks, T0 + 2 * DAY) == [0]
    clocks = switch(clocks, T0 + 2 * DAY, [1])
    assert clocks.banks[0] == HOUR


def test_unchanged_seats_to_move_change_nothing():
    clocks = start(FISCHER, 2, [0], T0)
    assert switch(clocks, T0 + HOUR, [0]) is clocks


def test_seats_that_keep_running_keep_their_clock():
    control = TimeControl.parse("2d+1d")
    clocks = start(control, 3, [0, 1, 2], T0)  # simultaneous: everyone chooses
    clocks = switch(clocks, T0 + DAY, [1, 2])  # seat 0 chose after one day
    assert clocks.banks[0] == 2 * DAY  # 2d - 1d + 1d
    assert remaining(clocks, 1, T0 + DAY) == DAY  # no increment, no reset, same clock
    assert deadline(clocks, 1) == T0 + 2 * DAY
    clocks = switch(clocks, T0 + 30 * HOUR, [0])
    assert clocks.banks[1:] == (DAY - 6 * HOUR + DAY,) * 2
    assert clocks.turn == 2


def test_game_over_stops_every_clock():
    clocks = switch(start(FISCHER, 2, [0], T0), T0 + HOUR, [])
    assert clocks.running == () and expired(clocks, T0 + 100 * DAY) == []
    assert next_event(clocks, REMIND) is None


def test_no_time_limit_never_counts_down():
    clocks = start(TimeControl.parse("none"), 2, [0], T0)
    assert remaining(clocks, 0, T0 + 1000 * DAY) is None
    assert deadline(clocks, 0) is None
    assert expired(clocks, T0 + 1000 * DAY) == []
    assert due_reminders(clocks, T0 + 1000 * DAY, REMIND) == []
    assert next_event(clocks, REMIND) is None
    clocks = switch(clocks, T0 + DAY, [1])
    assert clocks.running == (1,) and clocks.turn == 1


def test_clocks_round_trip_through_json():
    clocks = mark_reminded(switch(start(FISCHER, 3, [0], T0), T0 + 0.5, [1, 2]), ["1:1:86400"])
    assert Clocks.from_dict(json.loads(json.dumps(clocks.to_dict()))) == clocks


# -- vacations -------------------------------------------------------------------------------


def test_vacation_time_is_not_charged():
    clocks = start(FISCHER, 2, [0], T0)
    vacations = {0: [(T0 + HOUR, T0 + DAY + HOUR)], 1: [(T0, T0 + 10 * DAY)]}
    assert remaining(clocks, 0, T0 + 2 * DAY, vacations) == 2 * DAY
    clocks = switch(clocks, T0 + 2 * DAY, [1], vacations)
    assert clocks.banks[0] == 3 * DAY  # charged one day, plus the one-day increment


def test_deadline_follows_vacations_that_reach_further_vacations():
    clocks = start(PER_MOVE, 2, [0], T0)
    # The first vacation pushes the deadline from T0+2d to T0+3d, into the second one,
    # which pushes it to T0+4d + the 1h still left: the loop must look again.
    vacations = {0: [(T0 + DAY, T0 + 2 * DAY), (T0 + 3 * DAY - HOUR, T0 + 4 * DAY)]}
    assert deadline(clocks, 0, vacations) == T0 + 4 * DAY + HOUR
    assert remaining(clocks, 0, T0 + 4 * DAY + HOUR, vacations) == 0
    assert expired(clocks, T0 + 3 * DAY + HOUR, vacations) == []
    # Overlapping and touching intervals count once; empty and past ones not at all.
    messy = {
        0: [
            (T0 + DAY, T0 + 1.5 * DAY),
            (T0 + 1.2 * DAY, T0 + 2 * DAY),
            (T0 - 5 * DAY, T0 - 4 * DAY),
            (T0 + 9 * DAY, T0 + 8 * DAY),
        ]
    }
    assert deadline(clocks, 0, messy) == T0 + 3 * DAY


def test_an_open_ended_vacation_has_no_deadline():
    clocks = start(PER_MOVE, 2, [0], T0)
    vacations = {0: [(T0 + HOUR, math.inf)]}
    assert deadline(clocks, 0, vacations) == math.inf
    assert remaining(clocks, 0, T0 + 100 * DAY, vacations) == 2 * DAY - HOUR
    assert next_event(clocks, REMIND, vacations) is None


intervals = st.lists(
    st.tuples(st.floats(0, 20 * DAY), st.floats(0, 5 * DAY)).map(
        lambda p: (T0 + p[0], T0 + p[0] + p[1])
    ),
    max_size=6,
)


@given(intervals, st.floats(MINUTE, 10 * DAY), st.floats(0, 30 * DAY))
def test_deadline_is_when_remaining_reaches_zero(vacation, bank, later):
    clocks = Clocks(PER_MOVE, (bank, bank), (0,), T0)
    vacations = {0: vacation}
    end = deadline(clocks, 0, vacations)
    assert end is not None and end >= T0 + bank
    assert remaining(clocks, 0, end, vacations) == pytest.approx(0, abs=1e-3)
    now = T0 + later
    if now < end - 1e-3:
        assert expired(clocks, now, vacations) == []
    elif now > end + 1e-3:
        assert expired(clocks, now, vacations) == [0]


# -- reminders -------------------------------------------------------------------------------


def test_only_the_smallest_passed_threshold_is_sent_and_larger_ones_stay_silent():
    clocks = start(PER_MOVE, 2, [0], T0)
    assert due_reminders(clocks, T0 + HOUR, REMIND) == []
    # Back after 47.5 hours: both thresholds passed, one message about the last hour.
    due = due_reminders(clocks, T0 + 47.5 * HOUR, REMIND)
    assert due == [(0, HOUR, "0:0:3600")]
    clocks = mark_reminded(clocks, [key for _, _, key in due])
    assert due_reminders(clocks, T0 + 47.9 * HOUR, REMIND) == []
    assert next_event(clocks, REMIND) == T0 + 2 * DAY  # only the expiry is left


def test_each_threshold_fires_once_per_turn_in_order():
    clocks = start(PER_MOVE, 2, [0], T0)
    assert next_event(clocks, REMIND) == T0 + DAY
    due = due_reminders(clocks, T0 + DAY, REMIND)
    assert due == [(0, DAY, "0:0:86400")]
    clocks = mark_reminded(clocks, ["0:0:86400"])
    assert due_reminders(clocks, T0 + DAY + 1, REMIND) == []
    assert next_event(clocks, REMIND) == T0 + 47 * HOUR
    clocks = mark_reminded(clocks, [due_reminders(clocks, T0 + 47 * HOUR, REMIND)[0][2]])
    assert next_event(clocks, REMIND) == T0 + 2 * DAY
    # A new turn for the same seat reminds again.
    clocks = switch(switch(clocks, T0 + 47.5 * HOUR, [1]), T0 + 48 * HOUR, [0])
    assert clocks.reminded == ()
    assert due_reminders(clocks, T0 + 3 * DAY, REMIND) == [(0, DAY, "2:0:86400")]


def test_reminders_follow_a_seat_that_keeps_running():
    clocks = start(PER_MOVE, 3, [0, 1], T0)
    due = due_reminders(clocks, T0 + DAY, REMIND)
    assert [seat for seat, _, _ in due] == [0, 1]
    clocks = mark_reminded(clocks, [key for _, _, key in due])
    clocks = switch(clocks, T0 + 25 * HOUR, [1, 2])
    assert clocks.reminded == ("1:1:86400",)  # seat 0 stopped: its entry is dropped
    assert due_reminders(clocks, T0 + 26 * HOUR, REMIND) == []  # seat 1 not told twice
    assert due_reminders(clocks, T0 + 47 * HOUR, REMIND) == [(1, HOUR, "1:1:3600")]


def test_next_event_is_the_earliest_seat_and_respects_vacations():
    clocks = start(TimeControl.parse("3d+1d"), 2, [0, 1], T0)
    vacations = {0: [(T0, T0 + 5 * DAY)]}
    assert next_event(clocks, REMIND, vacations) == T0 + 2 * DAY  # seat 1's one-day mark
    assert next_event(clocks, (), {0: vacations[0], 1: vacations[0]}) == T0 + 8 * DAY


# -- vacation allowance and display ----------------------------------------------------------


def test_vacation_days_used_counts_overlaps_once_and_clips_to_the_year():
    start_2026, end_2026 = year_bounds(T0 - 30 * DAY)  # T0 is mid-January 2027
    assert (start_2026, end_2026) == (1767225600.0, 1798761600.0)  # 2026-01-01, 2027-01-01
    assert year_bounds(T0)[0] == end_2026
    days = [
        (start_2026 - 2 * DAY, start_2026 + 3 * DAY),  # 3 days inside
        (start_2026 + 10 * DAY, start_2026 + 14 * DAY),
        (start_2026 + 12 * DAY, start_2026 + 15 * DAY),  # overlaps: 5 days together
        (end_2026 - 0.5 * DAY, end_2026 + 9 * DAY),  # half a day inside
    ]
    assert vacation_days_used(days, start_2026, end_2026) == 8.5
    assert vacation_days_used([], start_2026, end_2026) == 0


def test_year_bounds_of_a_leap_year_and_its_last_second():
    start_2028, end_2028 = year_bounds(1861919999.0)  # 2028-12-31 23:59:59 UTC
    assert end_2028 - start_2028 == 366 * DAY
    assert year_bounds(end_2028)[0] == end_2028


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (2 * DAY + 3 * HOUR + 59 * MINUTE, "2 days 4 h"),  # to the nearest hour from a day
        (DAY + 59, "1 day"),
        (5 * HOUR + 10 * MINUTE + 30, "5 h 11 min"),  # to the nearest minute, a half up
        (5 * HOUR, "5 h"),
        (3 * MINUTE + 59, "4 min"),
        (20, "20 s"),
        (0, "0 s"),
        (-HOUR, "0 s"),
    ],
)
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text
