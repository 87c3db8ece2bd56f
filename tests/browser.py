"""A real headless Chromium for the web board's tests, fetched from the npm registry once.

The browser is ``@sparticuz/chromium`` (a self-contained headless Chromium published on npm):
``npm pack`` downloads its tarball into a cache folder outside the repository, its
``bin/chromium.br`` is brotli-decompressed there, and Playwright for Python drives it through
``executable_path`` — never ``playwright install``, so nothing but the package registries is
needed. The first run of the test command does this by itself; later runs find it cached.

Without npm the browser tests fail (they never skip) with one line saying what to install.
Pinned: Playwright 1.65.2 (pyproject.toml) with Chromium 153.0.0 (147.0.0 also passed).
"""

from __future__ import annotations

import contextlib
import ctypes.util
import fcntl
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

CHROMIUM = "153.0.0"
PACKAGE = f"@sparticuz/chromium@{CHROMIUM}"
NO_NPM = (
    "The web board's browser tests need Node.js and npm to fetch Chromium once "
    "(Debian/Ubuntu: apt-get install nodejs npm); then run the test command again."
)
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


def cache_folder() -> Path:
    """Where the browser is kept between runs (``BOARDBOT_BROWSER_CACHE`` to move it)."""
    root = os.environ.get("BOARDBOT_BROWSER_CACHE") or Path.home() / ".cache" / "boardbot"
    return Path(root) / f"chromium-{CHROMIUM}"


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One fetch at a time, should two test runs start together."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def chromium() -> Path:
    """The browser's executable, fetched and unpacked on first use."""
    folder = cache_folder()
    executable = folder / "chromium"
    if executable.exists():
        return executable
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail(NO_NPM, pytrace=False)
    import brotli

    with _locked(folder):
        if executable.exists():
            return executable
        with tempfile.TemporaryDirectory(prefix="boardbot-chromium-") as work:
            packed = subprocess.run(
                [npm, "pack", PACKAGE, "--pack-destination", work, "--silent"],
                capture_output=True, text=True, timeout=600, check=False,
            )  # fmt: skip
            if packed.returncode != 0:
                pytest.fail(f"npm pack {PACKAGE} failed: {packed.stderr.strip()[-400:]}")
            tarball = next(Path(work).glob("*.tgz"))
            with tarfile.open(tarball) as archive:
                member = archive.extractfile("package/bin/chromium.br")
                libraries = archive.extractfile("package/bin/al2023.tar.br")
                assert member is not None and libraries is not None
                binary = brotli.decompress(member.read())
                libs = brotli.decompress(libraries.read())
            with tarfile.open(fileobj=io.BytesIO(libs)) as archive:
                # lib/libnss3.so …, used if missing; the safe filter where Python has it
                if hasattr(tarfile, "data_filter"):
                    archive.extractall(folder, filter="data")
                else:  # pragma: no cover - Python 3.11 before 3.11.4
                    archive.extractall(folder)
            partial = folder / "chromium.partial"
            partial.write_bytes(binary)
            partial.chmod(0o755)
            partial.replace(executable)
    return executable


def launch_env() -> dict[str, str | float | bool]:
    """The environment Chromium starts in: the bundled NSS libraries only where the system
    has none (a slim container), so a system that has them keeps its own."""
    env: dict[str, str | float | bool] = {**os.environ}
    if ctypes.util.find_library("nss3") is None:
        libs = str(cache_folder() / "lib")
        present = os.environ.get("LD_LIBRARY_PATH")
        env["LD_LIBRARY_PATH"] = os.pathsep.join(filter(None, [libs, present]))
    return env


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    return chromium()


@pytest_asyncio.fixture
async def browser(chromium_path: Path) -> AsyncIterator[object]:
    """A fresh headless Chromium for one test (Playwright objects belong to one event loop)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=str(chromium_path), args=LAUNCH_ARGS, env=launch_env()
        )
        try:
            yield launched
        finally:
            await launched.close()
