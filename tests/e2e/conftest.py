"""End-to-end test setup: the fake Discord fixtures, and the ``e2e`` marker on every test here.

With ``--import-mode=importlib`` the repository root is only importable when pytest is started
as ``python -m pytest``; the fallback below makes a bare ``pytest`` work too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

try:
    import tests.fakediscord  # noqa: F401
except ModuleNotFoundError:  # pragma: no cover - depends on how pytest was launched
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)
