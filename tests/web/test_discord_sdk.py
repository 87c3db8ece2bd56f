"""Discord's Embedded App SDK ships with the web board unchanged (issue 35, part 2.1): the
pinned npm package's ES modules and its licence, byte for byte, every import resolving to a
shipped file, nothing loaded from another origin, and the web app serving them."""

from __future__ import annotations

import json
import posixpath
import re
import tempfile
from pathlib import Path

from aiohttp.test_utils import TestClient

from bot.web.app import load_assets

from .discord_sdk import (
    FOLDER,
    LICENCE,
    MANIFEST,
    PACKAGE,
    VERSION,
    manifest,
    pack,
    sha256,
    shipped_files,
)

IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]""")


def on_disk() -> dict[str, bytes]:
    return {
        path.relative_to(FOLDER).as_posix(): path.read_bytes()
        for path in FOLDER.rglob("*")
        if path.is_file() and path != MANIFEST
    }


def test_the_shipped_files_are_the_manifest_s() -> None:
    written = json.loads(MANIFEST.read_text())
    assert (written["package"], written["version"]) == (PACKAGE, VERSION)
    files = on_disk()
    assert {name: sha256(data) for name, data in files.items()} == written["files"]
    assert LICENCE in files and b"MIT License" in files[LICENCE]
    assert "Discord.mjs" in files and len(files) > 60


def test_every_import_is_a_shipped_file_of_this_origin() -> None:
    files = on_disk()
    for name, data in files.items():
        if not name.endswith(".mjs"):
            continue
        for target in IMPORT.findall(data.decode("utf-8")):
            assert target.startswith("./") or target.startswith("../"), (name, target)
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
            assert resolved in files, (name, target)


def test_the_pinned_package_from_npm_is_what_ships() -> None:
    """Re-packs the pinned version from the npm registry: a changed byte, a missing or an
    extra file, or another tarball under the same version fails here."""
    with tempfile.TemporaryDirectory(prefix="boardbot-sdk-") as work:
        tarball, integrity = pack(Path(work))
        fetched = shipped_files(tarball)
    assert manifest(fetched, integrity) == json.loads(MANIFEST.read_text())
    assert fetched == on_disk()


async def test_the_board_serves_the_modules_and_the_licence(client: TestClient) -> None:
    assets = load_assets()
    assert assets["vendor/discord-embedded-app-sdk/Discord.mjs"][1] == "text/javascript"
    page = await (await client.get("/m/1")).text()
    static = re.search(r'href="\.\./(static/[0-9a-f]+)/board\.css"', page)
    assert static is not None
    sdk = f"/{static[1]}/vendor/discord-embedded-app-sdk"
    module = await client.get(f"{sdk}/lib/zod/lib/index.mjs")
    assert module.status == 200 and module.content_type == "text/javascript"
    licence = await client.get(f"{sdk}/LICENSE.md")
    assert licence.status == 200 and "Discord Inc." in await licence.text()
    assert (await client.get(f"{sdk}/manifest.json")).status == 404
