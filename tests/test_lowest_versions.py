"""The floors in pyproject.toml are true: the tests pass on the lowest versions it allows.

A floor nobody runs drifts: ``discord.py>=2.4`` stood while the Activity button called
``InteractionResponse.launch_activity``, which arrived in 2.6. So this test makes a virtual
environment of its own with uv (from PyPI, a dev dependency), installs every direct
dependency at the lowest version pyproject.toml allows (``--resolution lowest-direct``: the
floors of ours, whatever their own dependencies need), and runs there the tests that exercise
a dependency: the service, the stores, the images, ratings, the words, the Discord adapter's
Activity end to end, the lint rules and the import contracts.

Left out, to keep the suite within its time: the engines' and the computer's tests
(``tests/games``, ``tests/ai``: pure Python, which the import contracts keep free of any
dependency, so a dependency's version cannot change them) and the browser ones
(``tests/web``, the rest of ``tests/e2e``: Playwright is pinned to one version, so its floor
is its only version). The run is serial (``-n 0``): the rest of the suite runs beside it on
the other workers.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXERCISED = [
    "tests/bot",
    "tests/storage",
    "tests/render",
    "tests/competition",
    "tests/words",
    "tests/e2e/test_activity.py",
    "tests/test_architecture.py",
    "tests/test_lint.py::test_ruff",
]
"""The tests run on the lowest versions: every one whose code imports a dependency. Not mypy:
what it finds depends on the installed libraries' own types, so the type check is held to
the versions installed by ``pip install -e ".[dev]"`` (the newest allowed)."""


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
def lowest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Python of a new environment holding the lowest allowed versions."""
    venv = tmp_path_factory.mktemp("lowest") / "venv"
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
    return python


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
    result = subprocess.run(
        [str(lowest), "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-q", *EXERCISED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
