"""A fake Discord (REST + gateway on loopback) for end-to-end tests of the real bot.

Typical use in a test::

    async def test_hello(fake_discord: FakeDiscord) -> None:
        async with running_client(make_bot(), fake_discord):
            call = await fake_discord.interact(fake_discord.slash("hello"))
            assert call.json["type"] == 4
"""

from .fixtures import eventually, fake_discord, patched_discord, running_client, serving
from .layout import interactive, ping_line, shown_text, texts_of
from .payloads import FakeUser
from .server import Call, DiscordError, FakeDiscord, UploadedFile

__all__ = [
    "Call",
    "DiscordError",
    "FakeDiscord",
    "FakeUser",
    "UploadedFile",
    "eventually",
    "fake_discord",
    "interactive",
    "patched_discord",
    "ping_line",
    "running_client",
    "serving",
    "shown_text",
    "texts_of",
]
