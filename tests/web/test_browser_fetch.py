"""The browser tests' Chromium comes from npm on first use; without npm they fail in one line
saying what to install (never skipped)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import browser


def test_without_npm_the_browser_tests_fail_saying_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDBOT_BROWSER_CACHE", str(tmp_path))
    monkeypatch.setattr(browser.shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception) as failed:
        browser.chromium()
    message = str(failed.value)
    assert message == browser.NO_NPM and "\n" not in message
    assert "npm" in message and "Node.js" in message
    assert not failed.value.pytrace
    assert list(tmp_path.iterdir()) == []


def test_the_cache_is_outside_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOARDBOT_BROWSER_CACHE", raising=False)
    repository = Path(__file__).resolve().parents[2]
    assert not browser.cache_folder().resolve().is_relative_to(repository)
    assert browser.cache_folder().name == f"chromium-{browser.CHROMIUM}"
