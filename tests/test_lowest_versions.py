"""The floors in pyproject.toml are true: the tests pass on the lowest versions it allows.

A floor nobody runs drifts: ``discord.py>=2.4`` stood while the Activity button called
``InteractionResponse.launch_activity``, which arrived in 2.6. So this test makes a virtual
environment of its own with uv (from PyPI, a dev dependency), installs every direct
dependency at the lowest version pyproject.toml allows (``--resolution lowest-direct``: the
floors of ours, whatever their own dependencies need), and runs there, for each dependency,
the tests whose code runs it (:data:`EXERCISED`, checked against pyproject.toml so a new
dependency cannot be left out).

Not the whole suite a second time: the engines, the computer and most of the service are
pure Python that the import contracts keep free of any dependency, and running them on
older libraries tells nothing new; the whole suite ran them moments ago on the newest
versions. What runs here is what a library's version can change: the Discord adapter end to
end, the web server, the stores, the images, the words, the ratings, the settings, the
lint rules and import contracts, and a share of the service over real stores. Where a folder
holds tests of our own geometry besides the library's calls (the FENCE! map's placement on a
phone, the one-way arrows; the pseudo-locale's evening of play), the files that call the
library are named one by one. The run uses xdist itself (its floor is one of ours), on two
workers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

EXERCISED: dict[str, tuple[str, ...]] = {
    "discord.py": (
        "tests/e2e/test_bot_ordo.py",
        "tests/e2e/test_cards.py",
        "tests/e2e/test_bot_menus.py",
        "tests/e2e/test_bot_at_home.py",
        "tests/e2e/test_command_limits.py",
        "tests/bot/test_adapter_speaks_discord.py",
    ),
    "aiohttp": (
        "tests/e2e/test_activity.py",
        "tests/web/test_web_guard.py",
        "tests/web/test_web_server_abuse.py",
        "tests/web/test_board_pages.py",
        "tests/web/test_activity_web.py",
    ),
    "Pillow": (
        "tests/render/test_common.py",
        "tests/render/test_animate.py",
        "tests/render/test_chart.py",
        "tests/render/test_standings_image.py",
        "tests/render/test_fence_render.py",
        "tests/render/test_fendo_render.py",
        "tests/render/test_fonver_render.py",
        "tests/render/test_fuer_render.py",
        "tests/render/test_ordo_render.py",
    ),
    "isal": ("tests/render/test_fast_paths.py",),
    "aiosqlite": ("tests/storage", "tests/bot/test_write_path.py", "tests/bot/test_service.py"),
    "pydantic-settings": (
        "tests/bot/test_main.py",
        "tests/web/test_web_settings.py",
        "tests/docs/test_settings_and_layout.py",
    ),
    "font-source-sans-pro": ("tests/render/test_readable_images.py",),
    "manimgx-fonts": ("tests/render/test_common.py",),
    "manimgx-fonts-cjk": ("tests/render/test_common.py",),
    "openskill": ("tests/competition",),
    "networkx": ("tests/competition/test_pairing.py",),
    "Babel": (
        "tests/words/test_cldr_plurals.py",
        "tests/words/test_polish.py",
        "tests/words/test_german.py",
        "tests/bot/test_plurals.py",
    ),
    "tzdata": ("tests/bot/test_quiet_hours.py",),
    "pytest": ("tests/bot/test_console.py",),
    "pytest-asyncio": ("tests/bot/test_premoves.py", "tests/bot/test_correspondence.py"),
    "hypothesis": ("tests/bot/test_round_trips.py", "tests/storage/test_twins.py"),
    "ruff": ("tests/test_lint.py::test_ruff",),
    "import-linter": ("tests/test_architecture.py",),
    "asyncpg": ("tests/storage", "tests/bot/test_health_check.py"),
    "pgserver": ("tests/storage/test_postgres.py",),
    "pyyaml": ("tests/storage/test_deployment.py",),
    "sgfmill": ("tests/bot/test_sgf_export.py",),
    "trustme": ("tests/e2e/test_activity.py",),
    "pytest-xdist": ("tests/bot/test_console.py",),
}
"""For each direct dependency, the tests whose code runs it: these run on the lowest versions."""

NOT_RUN_ON_THE_FLOORS: dict[str, str] = {
    "playwright": "pinned to one version (==), so its floor is the version the suite ran",
    "brotli": "unpacks the tests' Chromium only, with the browser tests (Playwright pinned)",
    "mypy": "what it finds depends on the installed libraries' own types, so the type check "
    "is held to the versions pip installs (the newest allowed)",
    "asyncpg-stubs": "types for mypy, which runs on the newest versions",
    "uv": "makes this very environment",
}
"""The dependencies with no tests on their floor, each with the reason."""


def uv(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uv", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def lowest() -> Iterator[Path]:
    """The Python of a new environment holding the lowest allowed versions.

    In a folder of its own, not under pytest's temporary folders: a pytest session started
    meanwhile (the run below is one; so is any other on the machine) removes all but the
    newest three of those, and this environment's PostgreSQL lost its files that way
    mid-run ("could not access file $libdir/plpgsql")."""
    home = Path(tempfile.mkdtemp(prefix="boardbot-lowest-"))
    try:
        yield from _made(home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _made(home: Path) -> Iterator[Path]:
    venv = home / "venv"
    made = uv("venv", "--quiet", "--python", sys.executable, str(venv))
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = uv(
        "pip",
        "install",
        "--quiet",
        "--python",
        str(python),
        "--resolution",
        "lowest-direct",
        "-r",
        "pyproject.toml",
        "--extra",
        "dev",
    )
    assert installed.returncode == 0, installed.stderr
    yield python


def floors() -> dict[str, str]:
    """Each direct dependency's floor in pyproject.toml (``discord.py`` → ``2.6``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    found = {}
    for spec in specs:
        name, _, rest = spec.partition(">=") if ">=" in spec else spec.partition("==")
        found[name.strip().lower()] = rest.split(",")[0].strip()
    return found


def test_every_dependency_has_a_floor_and_a_ceiling() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for spec in [*project["dependencies"], *project["optional-dependencies"]["dev"]]:
        assert "==" in spec or (">=" in spec and "<" in spec), spec


def test_the_tests_pass_on_the_lowest_versions_allowed(lowest: Path) -> None:
    frozen = uv("pip", "freeze", "--python", str(lowest)).stdout.split()
    versions = dict(line.lower().split("==") for line in frozen if "==" in line)
    for name, floor in floors().items():
        key = name.replace(".", "-").replace("_", "-")
        got = versions.get(key)
        assert got in (floor, f"{floor}.0"), f"{name}: the floor is {floor}, installed {got}"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "VIRTUAL_ENV", "COV_"))
    }
    env["PYTHONPATH"] = str(ROOT)
    paths = sorted({path for tests in EXERCISED.values() for path in tests})
    result = subprocess.run(
        [str(lowest), "-m", "pytest", "-n", "2", "--dist", "worksteal", "-p",
         "no:cacheprovider", "-q", "--basetemp", str(lowest.parents[2] / "tmp"), *paths],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]


def test_every_dependency_is_run_on_its_floor_or_says_why_not() -> None:
    declared = set(floors())
    named = {name.lower() for name in [*EXERCISED, *NOT_RUN_ON_THE_FLOORS]}
    assert declared == named, (declared - named, named - declared)
    assert not set(EXERCISED) & set(NOT_RUN_ON_THE_FLOORS)
    for tests in EXERCISED.values():
        for path in tests:
            assert (ROOT / path.partition("::")[0]).exists(), path
