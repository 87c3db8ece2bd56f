"""Every benchmark ends with one JSON object of its figures (tiny runs: shape, not speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TINY = {
    "analysis": ["--matches", "3", "--moves", "2"],
    "ordo": ["--playouts", "2", "--positions", "5", "--repeat", "1"],
    "fendo": ["--playouts", "2", "--positions", "5"],
    "fonver": ["--seconds", "0.2", "--rounds", "1"],
    "fuer": ["--seconds", "0.2", "--rounds", "1"],
    "fence": ["--games", "1"],
    "scheduler": ["--matches", "5", "--ticks", "1"],
    "render": ["--views", "2", "--warm", "1", "--canvases", "1"],
    "storage": ["--matches", "120", "--commits", "3", "--repeat", "1", "--engines", "sqlite"],
    "ai": ["--games", "1", "--game", "ordo", "--pairing", "vs_random", "--normal", "0.02",
           "--jobs", "1"],
    "tournaments": ["--players", "6", "--repeat", "1"],
    "ladder": ["--game", "fuer", "--openings", "1", "--scale", "0.01", "--jobs", "1"],
    "scale": ["--matches", "40", "--ticks", "1", "--players", "2", "--stored", "30",
              "--seconds", "0.5", "--workers", "0"],
    "fairness": ["--games", "3", "--seconds", "3", "--budget", "0.1", "--pairs", "1",
                 "--tick", "0.5", "--workers", "1", "--ai-workers", "1"],
    "web": ["--pages", "1", "--moves", "1", "--streams", "20", "--matches", "4",
            "--stream-moves", "2"],
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(TINY))
def test_the_last_line_is_json(name: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", *TINY[name]],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    lines = result.stdout.strip().splitlines()
    assert len(lines) >= 2, "a readable table comes first"
    figures = json.loads(lines[-1])
    assert figures["benchmark"] == name
    assert any(isinstance(v, int | float) and not isinstance(v, bool) for v in figures.values())
