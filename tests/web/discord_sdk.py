"""Discord's Embedded App SDK as the web board ships it: the pinned npm package's ES modules and
licence, copied unchanged into ``bot/web/static/vendor/discord-embedded-app-sdk/`` with a
manifest of their SHA-256 hashes.

Why a copy and not a build: the package's ``output/*.mjs`` files import one another by
relative paths (its dependencies are bundled under ``output/lib/``), so a browser loads them
as they are, with no bundler and nothing fetched from outside the board's origin (Discord's
Activity proxy allows no other). The test beside this re-packs the pinned version from the
npm registry and checks every shipped byte against it.

To move to another version: change ``VERSION`` and run ``python -m tests.web.discord_sdk``
(it needs npm), then run ``tests/web/test_discord_sdk.py``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@discord/embedded-app-sdk"
VERSION = "2.5.0"
ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "bot" / "web" / "static" / "vendor" / "discord-embedded-app-sdk"
MANIFEST = FOLDER / "manifest.json"
LICENCE = "LICENSE.md"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pack(destination: Path) -> tuple[Path, str]:
    """``npm pack`` of the pinned version into ``destination``; the tarball and npm's
    integrity string (sha512) for it."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch the Embedded App SDK (apt-get install npm)")
    done = subprocess.run(
        [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(destination), "--json"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"npm pack {PACKAGE}@{VERSION} failed: {done.stderr.strip()[-400:]}")
    (packed,) = json.loads(done.stdout)
    return destination / packed["filename"], str(packed["integrity"])


def shipped_files(tarball: Path) -> dict[str, bytes]:
    """What the board ships from the package: every ES module under ``output/`` (by its
    path there) and the licence."""
    files: dict[str, bytes] = {}
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            wanted = name.startswith("output/") and name.endswith(".mjs")
            if member.isfile() and (wanted or name == LICENCE):
                data = archive.extractfile(member)
                assert data is not None
                files[name.removeprefix("output/")] = data.read()
    return files


def manifest(files: dict[str, bytes], integrity: str) -> dict[str, object]:
    return {
        "package": PACKAGE,
        "version": VERSION,
        "integrity": integrity,
        "files": {name: sha256(files[name]) for name in sorted(files)},
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="boardbot-sdk-") as work:
        tarball, integrity = pack(Path(work))
        files = shipped_files(tarball)
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    for name, data in files.items():
        target = FOLDER / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    MANIFEST.write_text(json.dumps(manifest(files, integrity), indent=1) + "\n")
    sys.stdout.write(f"{PACKAGE}@{VERSION}: {len(files)} files in {FOLDER.relative_to(ROOT)}\n")


if __name__ == "__main__":
    main()
