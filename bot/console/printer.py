"""How the console shows a reply: Discord's messages, pings, DMs and buttons as prefixed
lines, and its images and attachments as files in ``--out``."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from bot.service.replies import NEXT_GAME, Button, Post, Reply
from bot.service.text.command_map import CommandNames
from bot.words import Words
from storage import read_database_setting

TYPED_BUTTONS: dict[str, tuple[str, str | None, object]] = {
    "resign": ("resign", "confirm", True),
    NEXT_GAME: ("next", None, None),
}
"""What to type for a button under a private reply (Discord: press it): the command and
the option (None: none) that does what the button does, said as the console's language
types them."""

PANEL_WIDTH = 100
"""Console lines of a guided panel's choices wrap at this width."""


def same_move(n: int) -> str:
    """The mark of the ``n``-th image after the first at one move: ``""``, ``b``…``z``, then
    ``zb``…: each sorts after the one before and before the next move's number."""
    return "z" * ((n - 1) // 25) + chr(ord("b") + (n - 1) % 25) if n else ""


class Printer:
    """The output half of :class:`bot.console.console.Console`: prints replies with the
    console's prefixes and writes their images into ``out_dir``."""

    out_dir: Path
    prefix: str
    write: Callable[[str], None]
    say: Words
    names: CommandNames
    _images: int
    plies: dict[int, int]
    """How many moves each match's log held when its reply was printed (its images' names)."""

    def _save(self, data: bytes, match_id: int | None) -> Path:
        """Write an image into ``out_dir``: a match's as ``<db>-match<id>-<ply>.png``, named by
        how many moves the match's log holds (:attr:`plies`), so the files of a match sort by
        name in the order of its history, across runs too; a second image at the same move
        (a close-up, a flipped board) gets ``b``, ``c``… after the number, which sorts after
        the first and before the next move's. Never overwrites an earlier file."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if match_id is None:
            self._images += 1
            stem, first = f"{self.prefix}image", self._images
            while (self.out_dir / f"{stem}-{first:03d}.png").exists():
                first += 1
            path = self.out_dir / f"{stem}-{first:03d}.png"
        else:
            stem = f"{self.prefix}match{match_id}-{self.plies.get(match_id, 0):03d}"
            later = (self.out_dir / f"{stem}{same_move(n)}.png" for n in itertools.count())
            path = next(p for p in later if not p.exists())
        path.write_bytes(data)
        return path

    def _lines(self, prefix: str, text: str) -> None:
        for line in text.splitlines() or [""]:
            self.write(f"{prefix}{line}" if prefix else line)

    def _post(self, post: Post, match_id: int | None) -> None:
        """A post as Discord's card reads, top to bottom: its ping (Discord: the line above
        the card, printed last here so a console player's eye finds it where the turn ends),
        the title, the images, what happened, who is to move and the clocks, the buttons."""
        self._body("", post, match_id)
        if post.buttons:
            labels = " | ".join(b.label for b in post.buttons)
            self.write(self.say("console.buttons", labels=labels))
        if post.choices:
            self.write(self.say("console.choose_one", choices=" | ".join(post.choices)))
        if post.mentions:  # one message mentioning everyone it is for, as Discord sends it
            self._lines(f"[notify {', '.join(post.mentions)}] ", post.ping)

    def _body(self, prefix: str, post: Post, match_id: int | None) -> None:
        """What a card shows between its ping and its buttons: the title, the images (saved
        as files), the texts; each line after ``prefix`` (who alone sees it)."""
        if post.title:
            self.write(f"{prefix}## {post.title}")
        if post.image:
            self.write(f"{prefix}[image] {self._save(post.image, match_id)}")
        if post.detail:
            close_up = self.say("console.close_up")
            self.write(f"{prefix}[image] {self._save(post.detail, match_id)} ({close_up})")
        for name, data in post.files:
            self.write(f"{prefix}[image] {self._save(data, match_id)} ({name})")
        self._lines(prefix, post.text)

    def _typed(self, user: str, buttons: tuple[Button, ...]) -> None:
        """The caller's own buttons, pressed by typing: what to type for each."""
        for button in buttons:
            if button.action in TYPED_BUTTONS:
                command, option, value = TYPED_BUTTONS[button.action]
                typed = f"/{self.names.full(command)}"
                if option is not None:
                    typed += f" {self.names.option(option)}:{self.names.choice(value)}"
                pressed = self.say("console.press", label=button.label, typed=typed)
                self.write(f"[only {user}] {pressed}")

    def _card(self, user: str, card: Post, match_id: int | None) -> None:
        """An answer for the caller alone as a card, read as Discord's: the line above it,
        the title, the images, the texts, the buttons and what to type for them."""
        only = f"[only {user}] "
        if card.ping:
            self._lines(only, card.ping)
        self._body(only, card, match_id)
        if shown := [b.label for b in card.buttons if b.action not in TYPED_BUTTONS]:
            self.write(only + self.say("console.buttons", labels=" | ".join(shown)))
        if card.choices:
            self.write(only + self.say("console.choose_one", choices=" | ".join(card.choices)))
        self._typed(user, card.buttons)

    def show(self, user: str, reply: Reply) -> None:
        if reply.card is not None:
            self._card(user, reply.card, reply.match_id)
        elif reply.text:
            self._lines(f"[only {user}] " if reply.ephemeral else "", reply.text)
        self._typed(user, reply.buttons)
        for link in reply.links:  # a web board link is its owner's alone, as in Discord
            self.write(f"[only {user}] {link.label}: {link.url}")
        if reply.image:
            prefix = f"[only {user}] " if reply.ephemeral else ""
            self.write(f"{prefix}[image] {self._save(reply.image, reply.match_id)}")
        if reply.post:
            self._post(reply.post, reply.match_id)
        for name, data in reply.files:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            target = self.out_dir / f"{self.prefix}{name}"
            target.write_bytes(data)
            self.write(f"[only {user}] [file] {target}")
        if reply.panel is not None:
            panel = reply.panel
            options = [f"[{panel.value(i)}] {o}" for i, o in enumerate(panel.options)]
            lines = rows(options, PANEL_WIDTH)
            if len(lines) == 1:
                self.write(f"[only {user}] {self.say('console.choose_with', choices=lines[0])}")
            else:  # dozens of choices (a Fuer turn): readable rows, not one endless line
                self.write(f"[only {user}] {self.say('console.choose_with_rows')}")
                for line in lines:
                    self.write(f"[only {user}]   {line}")
                self.write(f"[only {user}] )")
        for notice in reply.notices:
            self._lines(f"[only {user}] ", notice)
        self._dms(reply)

    def _dms(self, reply: Reply) -> None:
        for dm in reply.dms:
            self._lines(f"[dm {dm.user_id}] ", dm.text if dm.post is None else dm.summary())
            for link in dm.links:
                self.write(f"[dm {dm.user_id}] {link.label}: {link.url}")
            if dm.image:
                self.write(f"[dm {dm.user_id}] [image] {self._save(dm.image, reply.match_id)}")
            if dm.post is not None and dm.post.image:
                self.write(f"[dm {dm.user_id}] [image] {self._save(dm.post.image, reply.match_id)}")

    def publish(self, reply: Reply) -> None:
        """Print what nobody asked for (a computer's move, a tournament's news, reminders) as
        Discord publishes it: the post and the DMs. Its ``text`` is the answer to a caller,
        and there is none — printing it too showed every announcement twice."""
        if reply.post:
            self._post(reply.post, reply.match_id)
        self._dms(reply)


def rows(entries: list[str], width: int) -> list[str]:
    """``entries`` joined by `` | `` into lines of at most ``width`` characters, breaking only
    between entries (an entry longer than a line gets a line of its own), so a choice's
    number and its label always stay together."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + len(" | ") + len(entry) <= width:
            lines[-1] = f"{lines[-1]} | {entry}"
        else:
            lines.append(entry)
    return lines


def file_prefix(db: str) -> str:
    """``demo-`` for ``--db demo.sqlite3``: the database's name (a SQLite file's stem, a
    PostgreSQL database's name, ``memory``) in front of the console's image and export files,
    so two databases played into one ``--out`` folder keep their boards apart."""
    setting = read_database_setting(db)
    if setting.path is not None:
        name = setting.path.name.split(".")[0] or setting.path.name
    elif setting.kind == "postgres":
        parts = urlsplit(setting.url)
        name = parts.path.lstrip("/") or "postgres"
    else:
        name = "memory"
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.") + "-"
