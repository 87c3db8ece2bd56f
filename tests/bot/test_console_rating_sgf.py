"""Issue 18.4 and 18.5 in the console: ``/me rating`` saves the chart as an ``[image]``, and
``/match export`` of a Fonver match lists the ``.sgf`` among its ``[file]`` lines."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.console import Console
from bot.service import Service
from storage import MemoryStore

from .conftest import FakeClock


def console(tmp_path: Path, clock: FakeClock) -> tuple[Console, list[str]]:
    out: list[str] = []
    return Console(Service(MemoryStore(), clock=clock), tmp_path / "boards", out.append), out


async def test_rating_prints_the_chart_after_a_rated_match(
    tmp_path: Path, clock: FakeClock
) -> None:
    con, out = console(tmp_path, clock)
    await con.handle("alice: /me rating")
    assert out == ["[only alice] alice has no rated games here yet."]
    played = (
        "alice: /play ordo opponent:bob color:first",
        "bob: /accept",
        "bob: /resign confirm:true",
    )
    for line in played:
        await con.handle(line)
    out.clear()
    await con.handle("alice: /me rating")
    assert out[:2] == ["[only alice] Ratings of alice:", "[only alice] Ordo: 1662? (1 game)"]
    [image_line] = [line for line in out if "[image]" in line]
    assert image_line.startswith("[only alice] [image] ")
    path = Path(image_line.split("[image] ", 1)[1])
    with Image.open(path) as chart:
        assert chart.format == "PNG" and chart.width == 800


async def test_export_of_a_fonver_match_lists_an_sgf_file(tmp_path: Path, clock: FakeClock) -> None:
    con, out = console(tmp_path, clock)
    for line in (
        "alice: /play fonver opponent:bob color:first size:9",
        "bob: /accept",
        "alice: /move move:e5",
        "bob: /move move:swap",
        "bob: /resign confirm:true",
    ):
        await con.handle(line)
    out.clear()
    await con.handle("alice: /match export 1")
    files = [line.split("[file] ", 1)[1] for line in out if "[file] " in line]
    assert [Path(f).name for f in files] == ["match1-fonver.txt", "match1-fonver.gif", "match1.sgf"]
    sgf = Path(files[2]).read_text(encoding="utf-8")
    assert sgf.startswith("(;FF[4]GM[1]") and "PB[bob]PW[alice]RE[W+R]" in sgf
    assert "Pie rule: bob swaps" in sgf
