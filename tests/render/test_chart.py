"""The rating chart (issue 18.4): a phone-sized PNG of ratings game by game, one line per
game, each starting from the 1500 every player starts at."""

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
    _legend_rows,
    chart_frame,
    game_ticks,
    rating_chart,
)
from render.chart import (
    START as FIRST,
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


def test_one_game_is_drawn_after_the_starting_rating() -> None:
    series = {"fendo": [(START, 1540.0, 80.0)]}
    frame = chart_frame(series)
    assert frame is not None and frame.start < 0 < 1 < frame.end
    image = _image(rating_chart(series, title="alice"))
    x, y = round(frame.x(1)), round(frame.y(1540.0))
    colour = SERIES_COLOURS[1]  # Fendo's place in the game list
    assert _near(image.getpixel((x, y)), colour, 30)
    # The starting 1500 is a hollow point at game 0: white inside, the game's colour around.
    x0, y0 = round(frame.x(0)), round(frame.y(FIRST[0]))
    assert _near(image.getpixel((x0, y0)), (255, 255, 255), 30)
    assert any(_near(image.getpixel((x0 + dx, y0)), colour, 40) for dx in range(-10, -4))


def test_the_axis_spans_the_games_and_begins_at_the_first_rating() -> None:
    """Issue "What a player sees and reads" 5: a dated axis reaching to today squeezed a
    few days' games into its left edge. The axis counts games: the first x is the starting
    rating's, the last the latest game's, with only a dot's room either side."""
    series = {"ordo": _series(6, step=3600.0)}
    frame = chart_frame(series, now=START + 3 * DAY)
    assert frame is not None
    width = frame.right - frame.left
    assert frame.x(0) - frame.left < 0.1 * width  # begins at the first rating
    assert frame.right - frame.x(6) < 0.1 * width  # ends at the last game
    assert frame.x(3) == pytest.approx((frame.x(0) + frame.x(6)) / 2)  # games evenly apart
    without = chart_frame(series, start=None)
    assert without is not None and without.start > 0  # no start point: the axis begins at 1


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
        for game, (_, rating, _) in enumerate(series["ordo"], start=1):
            point = (round(frame.x(game)), round(frame.y(rating)))
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
    for game, ((_, rating, _), inside) in enumerate(zip(series["ordo"], insides, strict=True)):
        point = (round(frame.x(game + 1)), round(frame.y(rating)))
        assert _near(image.getpixel(point), inside, 30)
    with pytest.raises(ValueError, match="flags"):
        rating_chart(series, title="alice", provisional={"ordo": [True]})


def test_the_legend_marks_a_provisional_latest_rating_as_the_text_does() -> None:
    series = {"ordo": _series(2), "fonver": _series(3, 1600.4)}
    rows = _legend_rows(series, {"ordo": [True, True], "fonver": [True, True, False]}, None)
    assert [text for row in rows for text, _ in row] == ["Ordo 1515?", "Fonver 1630"]


def test_rating_axis_holds_every_point_even_with_wide_provisional_bands() -> None:
    series = {"ordo": [(START, 1500.0, 350.0), (START + DAY, 1700.0, 40.0)]}
    frame = chart_frame(series)
    assert frame is not None
    assert frame.low <= 1500 - 110 and frame.high >= 1700 + 40
    assert frame.low > 1500 - 350  # a first-game RD does not flatten the chart
    assert frame.top <= frame.y(1700.0) < frame.y(1500.0) <= frame.bottom


def test_game_numbers_are_round_and_few() -> None:
    assert [text for _, text in game_ticks(-0.4, 5.4)] == ["0", "1", "2", "3", "4", "5"]
    many = game_ticks(-1, 120)
    assert 2 <= len(many) <= 6 and all(int(text) % 10 == 0 for _, text in many)


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
    for game, (_, r, _) in enumerate([(0, FIRST[0], 0), *points]):
        assert frame.left <= frame.x(game) <= frame.right
        assert frame.top - 1e-6 <= frame.y(r) <= frame.bottom + 1e-6
    assert 2 <= len(game_ticks(frame.start, frame.end)) <= 8


@pytest.mark.parametrize("title", ["", "a very long player name " * 6])
def test_any_title_fits(title: str) -> None:
    assert _image(rating_chart({"ordo": _series(3)}, title=title)).width == WIDTH
