"""A post as one Components V2 card (discord.py's ``LayoutView``).

Why a card: a turn post used to be a ping, an embed and rows of buttons, three things a phone
stacks apart. As a card the board (a media gallery), what happened, who is to move and the
clocks (a section, its first button beside it) and the remaining buttons are one block.

Discord refuses a V2 message that breaks its limits (40 components counting nested ones, 4,000
characters of text in all, no ``content`` or embeds beside the flag, five buttons a row), so the
card is built to fit them here, once, for every post: challenges, lobbies, seeks, tournament news
and reviews come through the same builder as the board. The service never sees any of this: it
hands a :class:`~bot.service.replies.Post` with the pieces.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from bot.discord.components import MatchButton, NextGameButton, StepSelect
from bot.service.replies import NEXT_GAME, Button, Link, Post
from bot.words import words

MAX_COMPONENTS = 40
"""Components in one message, nested ones included."""
MAX_TEXT = 4000
"""Characters of all text displays of one message together."""
ROW_BUTTONS = 5
MAX_GALLERY = 10
MAX_SECTION_TEXTS = 3
ALT_CHARS = 1024
CARD_COLOUR = discord.Colour.from_rgb(255, 196, 0)
VERSIONED = frozenset({"step", "panel"})
"""Button actions that only make sense on the board they were posted with."""


def mention_text(post: Post) -> str:
    mentions = " ".join(f"<@{uid}>" for uid in post.mentions if uid.isdigit())
    return f"{mentions} {post.ping}".strip() if post.ping else mentions


def paragraphs(post: Post) -> list[str]:
    """The section's texts: the post's parts (what happened, who is to move, the clocks) when
    the service gave them, else its text as one; never more than a section holds."""
    parts = [part for part in (post.parts or (post.text,)) if part.strip()]
    if len(parts) > MAX_SECTION_TEXTS:
        parts = [*parts[: MAX_SECTION_TEXTS - 1], "\n".join(parts[MAX_SECTION_TEXTS - 1 :])]
    return parts


def fit(texts: list[str], budget: int) -> list[str]:
    """``texts`` cut so that together they hold at most ``budget`` characters: the longest is
    shortened first, so a long list of moves gives way before the line saying who is to move."""
    texts = list(texts)
    while sum(len(t) for t in texts) > budget and texts:
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        excess = sum(len(t) for t in texts) - budget
        keep = max(len(texts[longest]) - excess - 1, 0)
        texts[longest] = texts[longest][:keep] + "…"
    return texts


def files_of(post: Post) -> list[discord.File]:
    """The post's images as uploads, fresh for every attempt (a File is consumed)."""
    if not post.image:
        return []
    say = words()
    files = [
        discord.File(
            io.BytesIO(post.image),
            filename=post.image_name,
            description=(post.alt or post.title)[:ALT_CHARS] or None,
        )
    ]
    if post.detail:
        files.append(
            discord.File(
                io.BytesIO(post.detail),
                filename="closeup.png",
                description=say("board.closeup_alt"),
            )
        )
    files.extend(discord.File(io.BytesIO(data), filename=name) for name, data in post.files)
    return files[:MAX_GALLERY]


def button_item(
    button: Button, match_id: int | None, version: int | None
) -> discord.ui.Item[Any] | None:
    if button.action == NEXT_GAME:
        return NextGameButton(label=button.label, style=button.style)
    if match_id is None:
        return None
    return MatchButton(
        match_id,
        button.action,
        version=version if button.action in VERSIONED else None,
        value=button.value,
        label=button.label,
        style=button.style,
    )


def link_item(link: Link) -> discord.ui.Button[Any]:
    return discord.ui.Button(style=discord.ButtonStyle.link, url=link.url, label=link.label[:80])


def rows(items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    return [
        discord.ui.ActionRow(*items[start : start + ROW_BUTTONS])
        for start in range(0, len(items), ROW_BUTTONS)
    ]


def card_view(
    post: Post,
    match_id: int | None,
    version: int | None,
    files: Sequence[discord.File] = (),
    *,
    lead: str = "",
    links: Iterable[Link] = (),
) -> discord.ui.LayoutView:
    """The card of ``post``: the ping and ``lead`` (a DM's line for its reader, a note that
    the thread failed) above the card, so they read as the message's first lines; then a
    container with the title, the images, the section of texts with the first button beside
    it, and the other buttons, the step menu and ``links`` in rows. Counted and cut to
    Discord's limits."""
    buttons = [
        item for b in post.buttons if (item := button_item(b, match_id, version)) is not None
    ]
    buttons.extend(link_item(link) for link in links)
    select = (
        StepSelect(match_id, version, post.choices)
        if post.choices and match_id is not None and version is not None
        else None
    )
    above = [text for text in (mention_text(post), lead) if text]
    heading = [f"### {post.title}"] if post.title else []
    texts = fit([*above, *heading, *paragraphs(post)], MAX_TEXT)
    above, heading, body = (
        texts[: len(above)],
        texts[len(above) : len(above) + len(heading)],
        texts[len(above) + len(heading) :],
    )
    view = discord.ui.LayoutView(timeout=None)
    for text in above:
        view.add_item(discord.ui.TextDisplay(text))
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=CARD_COLOUR)
    for text in heading:
        container.add_item(discord.ui.TextDisplay(text))
    if files:
        container.add_item(
            discord.ui.MediaGallery(
                *(discord.MediaGalleryItem(file, description=file.description) for file in files)
            )
        )
    # What is left for buttons once every text, the gallery, the container and a separator
    # are counted (a section counts itself and its texts); a select is a row and a menu.
    used = len(above) + len(heading) + (1 if files else 0) + 1 + len(body) + 1
    used += 1 if buttons else 0  # the section (its accessory is a button below)
    used += 2 if select else 0
    room = MAX_COMPONENTS - used
    while buttons and len(buttons) + (len(buttons) - 2) // ROW_BUTTONS + 1 > room:
        buttons.pop()
    if body and buttons:
        container.add_item(
            discord.ui.Section(*(discord.ui.TextDisplay(t) for t in body), accessory=buttons[0])
        )
        rest = buttons[1:]
    else:
        for text in body:
            container.add_item(discord.ui.TextDisplay(text))
        rest = buttons
    if rest or select:
        container.add_item(discord.ui.Separator())
    for row in rows(rest):
        container.add_item(row)
    if select is not None:
        container.add_item(discord.ui.ActionRow(select))
    view.add_item(container)
    return view


def card_kwargs(
    post: Post,
    match_id: int | None,
    version: int | None,
    *,
    lead: str = "",
    links: Iterable[Link] = (),
    mentions: bool = True,
) -> dict[str, Any]:
    """Arguments for ``send``: the card, its images and whom it may ping — no ``content`` and
    no embed, which Discord refuses beside the V2 flag. Built fresh for every attempt.

    A bare notice (a reminder, "your DMs are closed": no title, image or buttons) is no card
    but one plain line with its ping, as a person would write it."""
    allowed = discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(int(u)) for u in post.mentions if u.isdigit()] if mentions else False,
    )
    links = tuple(links)
    if bare(post) and not links:
        return {"content": notice_text(post, lead)[:2000], "allowed_mentions": allowed}
    files = files_of(post)
    kwargs: dict[str, Any] = {
        "view": card_view(post, match_id, version, files, lead=lead, links=links),
        "allowed_mentions": allowed,
    }
    if files:
        kwargs["files"] = files
    return kwargs


def bare(post: Post) -> bool:
    return not (post.title or post.image or post.buttons or post.choices)


def notice_text(post: Post, lead: str = "") -> str:
    """A bare notice's one message: the mentions, then its text — with the ping's sentence
    first when the text does not already say it."""
    mentions = " ".join(f"<@{uid}>" for uid in post.mentions if uid.isdigit())
    text = post.text if not post.ping or post.ping in post.text else f"{post.ping}\n{post.text}"
    if lead and lead in text:
        lead = ""  # a DM's line that the notice already says, said once
    return "\n".join(part for part in (lead, f"{mentions} {text}".strip()) if part)


def retired(message: discord.Message) -> discord.ui.LayoutView | None:
    """A posted card without its buttons (an answered challenge, a chosen step), for an edit
    that keeps its images: rows go, a section whose accessory was a button becomes its texts,
    and a gallery points at the message's own attachments again. None for a message that is
    no card (an older post: removing its view is enough)."""
    if not message.flags.components_v2:
        return None
    names = {attachment.id: attachment.filename for attachment in message.attachments}
    view = discord.ui.LayoutView(timeout=None)
    old = discord.ui.LayoutView.from_message(message, timeout=None)
    for item in old.children:
        kept = _without_buttons(item, names)
        if kept is not None:
            view.add_item(kept)
    return view


def _without_buttons(item: discord.ui.Item[Any], names: dict[int, str]) -> Any:
    if isinstance(item, discord.ui.ActionRow):
        return None
    if isinstance(item, discord.ui.Container):
        inner: discord.ui.Container[Any] = discord.ui.Container(accent_colour=item.accent_colour)
        children = [
            kept for child in item.children if (kept := _without_buttons(child, names)) is not None
        ]
        while children and isinstance(children[-1], discord.ui.Separator):
            children.pop()  # the separator stood above the rows that went
        for child in children:
            if isinstance(child, list):
                for text in child:
                    inner.add_item(text)
            else:
                inner.add_item(child)
        return inner
    if isinstance(item, discord.ui.Section) and isinstance(item.accessory, discord.ui.Button):
        return [discord.ui.TextDisplay(t.content) for t in item.children if hasattr(t, "content")]
    if isinstance(item, discord.ui.MediaGallery):
        for entry in item.items:
            attachment = entry.media.attachment_id
            if attachment is not None and attachment in names:
                entry.media = f"attachment://{names[attachment]}"
        return item
    return item
