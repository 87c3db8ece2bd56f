"""The rating chart (issue 18.4): a phone-sized PNG of ratings over time, one line per game."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render.chart import (
    SERIES_COLOURS,
    WIDTH,
    _date_ticks,
    _legend_rows,
    chart_frame,
    rating_chart,
)

DAY = 86400.0
START = datetime(2026, 11, 3, 15, 0, tzinfo=UTC).timestamp()


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 10) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _count(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 10) -> int:
    return sum(
        n
        for n, c in image.getcolors(maxcolors=1 << 20) or []
        if all(abs(a - b) <= tolerance for a, b in zip(c, colour, strict=True))
    )


def _series(count: int, rating: float = 1500.0, rd: float = 60.0, step: float = 2 * DAY):
    return [(START + i * step, rating + 15 * i, rd) for i in range(count)]


def test_a_chart_decodes_at_phone_friendly_size() -> None:
    png = rating_chart({"ordo": _series(8)}, title="alice")
    image = _image(png)
    assert png.startswith(b"\x89PNG")
    assert image.width == WIDTH
    assert 400 <= image.height <= 700
    assert len(png) < 200_000


def test_no_rated_games_gives_a_small_image_that_says_so() -> None:
    empty = _image(rating_chart({}, title="alice"))
    assert empty.width == WIDTH and empty.height < 300
    # Only empty series count as nothing to plot as well.
    assert rating_chart({"ordo": []}, title="alice") == rating_chart({}, title="alice")
    # No line was drawn: none of the chromatic game colours is anywhere (FENCE!'s near black
    # is left out, anti-aliased text passes through it).
    assert all(_count(empty, colour) == 0 for colour in SERIES_COLOURS[:4])


def test_one_point_is_drawn_with_a_date_either_side() -> None:
    series = {"fendo": [(START, 1500.0, 80.0)]}
    frame = chart_frame(series)
    assert frame is not None and frame.start < START < frame.end
    assert frame.end - frame.start >= 2 * DAY
    image = _image(rating_chart(series, title="alice"))
    x, y = round(frame.x(START)), round(frame.y(1500.0))
    colour = SERIES_COLOURS[1]  # Fendo's place in the game list
    assert _near(image.getpixel((x, y)), colour, 30)


def _plot(series, **kwargs) -> Image.Image:
    """The plot area alone: lines, bands and dots, without the legend's and axes' text."""
    frame = chart_frame(series, **kwargs)
    assert frame is not None
    image = _image(rating_chart(series, title="alice", **kwargs))
    return image.crop((frame.left + 2, frame.top + 2, frame.right - 2, frame.bottom - 2))


def test_each_game_has_its_own_colour_on_the_chart() -> None:
    names = ["ordo", "fendo", "fonver", "fuer", "fence"]
    series = {name: _series(6, 1400 + 60 * i) for i, name in enumerate(names)}
    plot = _plot(series)
    colours = [SERIES_COLOURS[i] for i in range(len(names))]
    assert len(set(colours)) == len(names)
    for colour in colours:
        assert _count(plot, colour) > 300, colour
    # A game keeps its colour whoever else is on the chart.
    alone = _plot({"fence": _series(6)})
    assert _count(alone, SERIES_COLOURS[4]) > 300
    assert _count(alone, SERIES_COLOURS[0]) == 0


def test_names_that_are_no_game_still_get_distinct_colours() -> None:
    plot = _plot({"ordo": _series(5), "mystery": _series(5, 1600), "other": _series(5, 1700)})
    used = [c for c in SERIES_COLOURS if _count(plot, c) > 300]
    assert len(used) == 3


def test_provisional_points_are_hollow_and_settled_ones_filled() -> None:
    series = {"ordo": [(START, 1500.0, 200.0), (START + 3 * DAY, 1550.0, 200.0)]}
    for limit, inside in ((110.0, (255, 255, 255)), (250.0, SERIES_COLOURS[0])):
        frame = chart_frame(series, provisional_rd=limit)
        assert frame is not None
        image = _image(rating_chart(series, title="alice", provisional_rd=limit))
        for t, rating, _ in series["ordo"]:
            point = (round(frame.x(t)), round(frame.y(rating)))
            assert _near(image.getpixel(point), inside, 30), (limit, point)


def test_provisional_flags_from_the_caller_win_over_the_rd_mark() -> None:
    """The bot calls a rating provisional by its count of games, not by its RD: a first
    match with a narrow RD is still hollow, and a settled one with a wide RD is filled."""
    series = {"ordo": [(START, 1500.0, 60.0), (START + 3 * DAY, 1550.0, 300.0)]}
    flags = {"ordo": [True, False]}
    frame = chart_frame(series, provisional=flags)
    assert frame is not None
    image = _image(rating_chart(series, title="alice", provisional=flags))
    insides = [(255, 255, 255), SERIES_COLOURS[0]]
    for (t, rating, _), inside in zip(series["ordo"], insides, strict=True):
        assert _near(image.getpixel((round(frame.x(t)), round(frame.y(rating)))), inside, 30)
    with pytest.raises(ValueError, match="flags"):
        rating_chart(series, title="alice", provisional={"ordo": [True]})


def test_the_legend_marks_a_provisional_latest_rating_as_the_text_does() -> None:
    series = {"ordo": _series(2), "fonver": _series(3, 1600.4)}
    rows = _legend_rows(series, {"ordo": [True, True], "fonver": [True, True, False]}, None)
    assert [text for row in rows for text, _ in row] == ["Ordo 1515?", "Fonver 1630"]


def test_now_stretches_the_time_axis_past_the_last_game() -> None:
    series = {"ordo": _series(5)}
    plain = chart_frame(series)
    later = chart_frame(series, now=START + 60 * DAY)
    assert plain is not None and later is not None
    assert later.end > START + 59 * DAY > plain.end
    assert later.x(START + 8 * DAY) < plain.x(START + 8 * DAY)


def test_rating_axis_holds_every_point_even_with_wide_provisional_bands() -> None:
    series = {"ordo": [(START, 1500.0, 350.0), (START + DAY, 1700.0, 40.0)]}
    frame = chart_frame(series)
    assert frame is not None
    assert frame.low <= 1500 - 110 and frame.high >= 1700 + 40
    assert frame.low > 1500 - 350  # a first-game RD does not flatten the chart
    assert frame.top <= frame.y(1700.0) < frame.y(1500.0) <= frame.bottom


def test_dates_read_as_day_and_month_then_month_and_year() -> None:
    short = _date_ticks(START, START + 10 * DAY)
    assert short[0][1] == "4 Nov" and 2 <= len(short) <= 6
    long = _date_ticks(START, START + 400 * DAY)
    assert all(text[-4:].isdigit() for _, text in long) and 2 <= len(long) <= 6
    assert long[0][1] in {"Jan 2027", "Dec 2026"}


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, 3 * 365 * DAY),
            st.floats(100, 3000),
            st.floats(0, 350),
        ),
        min_size=1,
        max_size=40,
    ),
    st.one_of(st.none(), st.floats(0, 4 * 365 * DAY)),
)
def test_any_history_draws_with_every_point_inside_the_plot(points, now) -> None:
    points = sorted((START + t, r, d) for t, r, d in points)
    frame = chart_frame({"ordo": points}, now=None if now is None else START + now)
    assert frame is not None
    for t, r, _ in points:
        assert frame.left <= frame.x(t) <= frame.right
        assert frame.top - 1e-6 <= frame.y(r) <= frame.bottom + 1e-6
    assert 2 <= len(_date_ticks(frame.start, frame.end)) <= 8


@pytest.mark.parametrize("title", ["", "a very long player name " * 6])
def test_any_title_fits(title: str) -> None:
    assert _image(rating_chart({"ordo": _series(3)}, title=title)).width == WIDTH
