"""One console session: the lines typed in, the service's answers printed as Discord would
show them (:mod:`bot.console.printer`), the commands read as Discord's
(:mod:`bot.console.dispatch`), and the fake clock a script moves on with ``!clock``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.console.clock import ConsoleClock, parse_offset
from bot.console.commandline import LineError, parse_line
from bot.console.dispatch import Dispatcher
from bot.console.helptext import help_text
from bot.console.printer import Printer
from bot.service import Service
from bot.service.replies import Reply
from bot.service.text.command_map import command_names
from bot.words import DEFAULT_LANGUAGE, words


class Console(Printer, Dispatcher):
    """Feeds parsed lines to the service and prints its replies with console prefixes."""

    def __init__(
        self,
        service: Service,
        out_dir: Path,
        write: Callable[[str], None],
        clock: ConsoleClock | None = None,
        admins: frozenset[str] = frozenset(),
        locale: str = DEFAULT_LANGUAGE,
        prefix: str = "",
    ) -> None:
        self.service = service
        self.locale = locale
        """The language the console's users speak (``--locale``): every console user is a
        :class:`User` with this locale, so replies, refusals and the console's own lines
        come in it, as a Discord client's language does for its member."""
        self.say = words(locale)
        self.names = command_names(self.say.language)
        """Command and option names as Discord shows them in ``locale``: typed lines may use
        them (or the English ones), and the help and hints say them."""
        self.help = help_text(self.say, self.names)
        self.clock = clock
        self.admins = admins
        """Console users who manage the console's server (may change /server settings)."""
        self.out_dir = out_dir
        self.prefix = prefix
        """Put before the name of every file written into ``out_dir`` (:func:`file_prefix`:
        the database's name), so runs on different databases never share a file name."""
        self.write = write
        self._images = 0
        self.plies: dict[int, int] = {}

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        if line.startswith("!clock"):
            await self._clock(line.removeprefix("!clock").strip())
            return
        try:
            cmd = parse_line(line, self.locale)
        except LineError as exc:
            self.write(str(exc))
            return
        reply = await self.dispatch(cmd)
        await self._show(cmd.user, reply)
        if cmd.command == "board" and reply.ok and self.service.pages.enabled:
            # With the web board on, /board adds the caller's own link (Discord does too).
            user = self.user(cmd.user, manages_server=cmd.user in self.admins)
            await self._show(cmd.user, await self.service.web_link(user, match_id=reply.match_id))
        if reply.ok and reply.match_id is not None:
            # The computer answers at once when it is to move (Discord: in the background).
            for answer in await self.service.computer_turns(reply.match_id):
                await self._publish(answer)
            # A review is worked out at once too (Discord: by its reviewer, in the background).
            for answer in await self.service.play_queued_reviews():
                await self._publish(answer)
        if reply.ok and isinstance(started := reply.extra.get("tournament"), int):
            for news in await self.service.advance(started):  # round 1's games, at once
                await self._publish(news)

    async def _clock(self, text: str) -> None:
        """``!clock +3d``: move the fake clock on, then let due reminders and timeouts
        happen exactly as the bot's scheduler would."""
        if self.clock is None:
            self.write(self.say("console.no_clock"))
            return
        if text:
            try:
                seconds = parse_offset(text, self.locale)
            except ValueError as exc:
                self.write(str(exc))
                return
            self.clock.advance(seconds)
        stamp = datetime.fromtimestamp(self.clock(), tz=UTC).strftime("%Y-%m-%d %H:%M UTC")
        self.write(self.say("console.clock", time=stamp))
        for reply in await self.service.tick():
            await self._publish(reply)
        # The bot plays the turns the tick queued in the background; here, at once and in
        # the queue's order, so a script's output never depends on timing.
        for reply in await self.service.play_queued_computer_turns():
            await self._publish(reply)

    async def _show(self, user: str, reply: Reply) -> None:
        await self._count_moves(reply.match_id)
        self.show(user, reply)

    async def _publish(self, reply: Reply) -> None:
        await self._count_moves(reply.match_id)
        self.publish(reply)

    async def _count_moves(self, match_id: int | None) -> None:
        """Note how many moves the match's log holds (undone ones too, so the count only
        grows), for the names of the images about to be written."""
        if match_id is not None:
            tail = await self.service.store.recent_actions(match_id, rows=1)
            self.plies[match_id] = tail.rows[-1].ply if tail.rows else 0
