"""Discord's checks of a message's components, classic rows and Components V2 cards alike.

Discord answers a message it will not show with ``400 Invalid Form Body`` (code 50035) and an
``errors`` tree naming the field at fault; the fake does the same, so a card that breaks a limit
fails a test as it would fail in a server: ``content`` or embeds beside the V2 flag, more than 40
components counting nested ones, more than 4,000 characters of text displays, a component type
Discord does not know (or one that needs the V2 flag without it), a required field missing, a
``custom_id`` over 100 characters or used twice, more than five buttons in a row, and an image
that points at ``attachment://`` a file that was never uploaded. The limits follow Discord's
component reference; the error codes are the ones Discord names in its answers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

FLAG_COMPONENTS_V2 = 1 << 15
MAX_COMPONENTS = 40
MAX_TEXT = 4000
LEGACY_ROWS = 5
ROW_BUTTONS = 5
CUSTOM_ID = 100
LABEL = 80
ALT = 1024
GALLERY = range(1, 11)
SECTION_TEXTS = range(1, 4)
SELECT_OPTIONS = range(1, 26)

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = frozenset({3, 5, 6, 7, 8})
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17,
)  # fmt: skip
V2_ONLY = frozenset({SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
IN_CONTAINER = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
KNOWN = TOP_LEVEL | SELECTS | {BUTTON, THUMBNAIL}
LINK_STYLE, PREMIUM_STYLE = 5, 6


class Refused(Exception):
    """What Discord answers a message it refuses: the ``errors`` tree of Invalid Form Body,
    or (``code`` 50006) an empty message."""

    def __init__(self, errors: JSON, code: int = 50035, message: str = "Invalid Form Body"):
        self.errors = errors
        self.code = code
        self.message = message
        super().__init__(f"{message}: {errors}")

    def body(self) -> JSON:
        out: JSON = {"code": self.code, "message": self.message}
        if self.errors:
            out["errors"] = self.errors
        return out


@dataclass
class _Walk:
    """What one pass over a message's components found."""

    v2: bool
    files: frozenset[str]
    problems: list[tuple[tuple[str, ...], str, str]] = field(default_factory=list)
    count: int = 0
    text: int = 0
    custom_ids: set[str] = field(default_factory=set)

    def fail(self, path: Sequence[str], code: str, message: str) -> None:
        self.problems.append((tuple(path), code, message))


def errors_tree(problems: Sequence[tuple[tuple[str, ...], str, str]]) -> JSON:
    """Discord's nested shape: ``{"components": {"0": {"label": {"_errors": [...]}}}}``."""
    tree: JSON = {}
    for path, code, message in problems:
        node = tree
        for part in path:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def check_message(message: JSON, files: Sequence[str]) -> None:
    """Refuse ``message`` (its content, embeds, flags and components as they will be stored)
    the way Discord would; ``files`` are the names of the attachments it will hold."""
    flags = message.get("flags") or 0
    components = message.get("components") or []
    walk = _Walk(v2=bool(flags & FLAG_COMPONENTS_V2), files=frozenset(files))
    if walk.v2:
        for key in ("content", "embeds", "poll", "sticker_ids"):
            if message.get(key):
                walk.fail(
                    (key,),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
        if not components and not walk.problems:
            raise Refused({}, 50006, "Cannot send an empty message")
    elif len(components) > LEGACY_ROWS:
        walk.fail(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, component in enumerate(components):
        _component(walk, ("components", str(i)), component, TOP_LEVEL if walk.v2 else {1})
    if walk.count > MAX_COMPONENTS:
        walk.fail(
            ("components",),
            "MESSAGE_COMPONENTS_TOO_MANY",
            f"Messages may hold at most {MAX_COMPONENTS} components, nested ones included.",
        )
    if walk.text > MAX_TEXT:
        walk.fail(
            ("components",),
            "MESSAGE_COMPONENTS_TEXT_TOO_LONG",
            f"The text of all components together must be {MAX_TEXT} or fewer in length.",
        )
    if walk.problems:
        raise Refused(errors_tree(walk.problems))


def _component(
    walk: _Walk, path: tuple[str, ...], component: Any, allowed: frozenset[int] | set[int]
) -> None:
    if not isinstance(component, dict) or not isinstance(component.get("type"), int):
        walk.fail((*path, "type"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    kind = component["type"]
    walk.count += 1
    if kind not in KNOWN:
        walk.fail((*path, "type"), "UNION_TYPE_CHOICES", f"Value must be one of {sorted(KNOWN)}.")
        return
    if kind in V2_ONLY and not walk.v2:
        walk.fail(
            (*path, "type"),
            "COMPONENT_TYPE_REQUIRES_COMPONENTS_V2",
            "This component type needs the IS_COMPONENTS_V2 flag.",
        )
        return
    if kind not in allowed:
        walk.fail((*path, "type"), "COMPONENT_INVALID_POSITION", "Component not allowed here.")
        return
    check = CHECKS[kind]
    check(walk, path, component)


def _children(component: JSON, key: str = "components") -> list[Any]:
    children = component.get(key)
    return children if isinstance(children, list) else []


def _action_row(walk: _Walk, path: tuple[str, ...], row: JSON) -> None:
    children = _children(row)
    kinds = [c.get("type") for c in children if isinstance(c, dict)]
    if not children:
        walk.fail((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    elif any(k in SELECTS for k in kinds) and len(children) > 1:
        walk.fail((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select fills a row.")
    elif len(children) > ROW_BUTTONS:
        walk.fail((*path, "components"), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, child in enumerate(children):
        _component(walk, (*path, "components", str(i)), child, {BUTTON, *SELECTS})


def _custom_id(walk: _Walk, path: tuple[str, ...], component: JSON) -> None:
    custom_id = component.get("custom_id")
    if not isinstance(custom_id, str) or not custom_id:
        walk.fail((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    elif len(custom_id) > CUSTOM_ID:
        walk.fail((*path, "custom_id"), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    elif custom_id in walk.custom_ids:
        walk.fail(
            (*path, "custom_id"),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    else:
        walk.custom_ids.add(custom_id)


def _button(walk: _Walk, path: tuple[str, ...], button: JSON) -> None:
    style = button.get("style")
    if style not in range(1, 7):
        walk.fail((*path, "style"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    if len(str(button.get("label") or "")) > LABEL:
        walk.fail((*path, "label"), "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
    if style == LINK_STYLE:
        if not button.get("url"):
            walk.fail((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if "custom_id" in button:
            walk.fail((*path, "custom_id"), "BUTTON_LINK_CUSTOM_ID", "A link has no custom id.")
    elif style != PREMIUM_STYLE:
        _custom_id(walk, path, button)
        if not button.get("label") and not button.get("emoji"):
            walk.fail((*path, "label"), "BASE_TYPE_REQUIRED", "This field is required")


def _select(walk: _Walk, path: tuple[str, ...], select: JSON) -> None:
    _custom_id(walk, path, select)
    if len(str(select.get("placeholder") or "")) > 150:
        walk.fail((*path, "placeholder"), "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
    if select.get("type") == STRING_SELECT:
        options = _children(select, "options")
        if len(options) not in SELECT_OPTIONS:
            walk.fail(
                (*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."
            )
        for i, option in enumerate(options):
            for key in ("label", "value"):
                value = option.get(key) if isinstance(option, dict) else None
                if not isinstance(value, str) or not value or len(value) > 100:
                    walk.fail(
                        (*path, "options", str(i), key),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )


def _text_display(walk: _Walk, path: tuple[str, ...], text: JSON) -> None:
    content = text.get("content")
    if not isinstance(content, str) or not content:
        walk.fail((*path, "content"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    walk.text += len(content)


def _media(walk: _Walk, path: tuple[str, ...], media: Any) -> None:
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        walk.fail((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
    elif url.startswith("attachment://") and url.removeprefix("attachment://") not in walk.files:
        walk.fail(
            (*path, "url"),
            "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
            f"No attachment named {url.removeprefix('attachment://')!r} in this message.",
        )


def _described(walk: _Walk, path: tuple[str, ...], item: JSON) -> None:
    if len(str(item.get("description") or "")) > ALT:
        walk.fail(
            (*path, "description"), "BASE_TYPE_MAX_LENGTH", "Must be 1024 or fewer in length."
        )


def _section(walk: _Walk, path: tuple[str, ...], section: JSON) -> None:
    texts = _children(section)
    if len(texts) not in SECTION_TEXTS:
        walk.fail(
            (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length."
        )
    for i, child in enumerate(texts):
        _component(walk, (*path, "components", str(i)), child, {TEXT_DISPLAY})
    accessory = section.get("accessory")
    if accessory is None:
        walk.fail((*path, "accessory"), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        _component(walk, (*path, "accessory"), accessory, {BUTTON, THUMBNAIL})


def _thumbnail(walk: _Walk, path: tuple[str, ...], thumbnail: JSON) -> None:
    _media(walk, (*path, "media"), thumbnail.get("media"))
    _described(walk, path, thumbnail)


def _gallery(walk: _Walk, path: tuple[str, ...], gallery: JSON) -> None:
    items = _children(gallery, "items")
    if len(items) not in GALLERY:
        walk.fail((*path, "items"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            walk.fail((*path, "items", str(i)), "BASE_TYPE_REQUIRED", "This field is required")
            continue
        _media(walk, (*path, "items", str(i), "media"), item.get("media"))
        _described(walk, (*path, "items", str(i)), item)


def _file(walk: _Walk, path: tuple[str, ...], component: JSON) -> None:
    media = component.get("file")
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url.startswith("attachment://"):
        walk.fail((*path, "file", "url"), "BASE_TYPE_REQUIRED", "A file names an attachment.")
        return
    _media(walk, (*path, "file"), media)


def _separator(walk: _Walk, path: tuple[str, ...], separator: JSON) -> None:
    if separator.get("spacing", 1) not in (1, 2):
        walk.fail((*path, "spacing"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")


def _container(walk: _Walk, path: tuple[str, ...], container: JSON) -> None:
    children = _children(container)
    if not children:
        walk.fail((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    colour = container.get("accent_color")
    if colour is not None and not (isinstance(colour, int) and 0 <= colour <= 0xFFFFFF):
        walk.fail((*path, "accent_color"), "NUMBER_TYPE_MAX", "Int value should be <= 16777215.")
    for i, child in enumerate(children):
        _component(walk, (*path, "components", str(i)), child, IN_CONTAINER)


CHECKS = {
    ACTION_ROW: _action_row,
    BUTTON: _button,
    **{kind: _select for kind in SELECTS},
    SECTION: _section,
    TEXT_DISPLAY: _text_display,
    THUMBNAIL: _thumbnail,
    MEDIA_GALLERY: _gallery,
    FILE: _file,
    SEPARATOR: _separator,
    CONTAINER: _container,
}


def media_items(components: Sequence[Any]) -> Iterator[JSON]:
    """Every unfurled media item of a card (gallery items, thumbnails, files)."""
    for component in components:
        if not isinstance(component, dict):
            continue
        for item in _children(component, "items"):
            if isinstance(item, dict) and isinstance(item.get("media"), dict):
                yield item["media"]
        for key in ("media", "file"):
            if isinstance(component.get(key), dict):
                yield component[key]
        if isinstance(component.get("accessory"), dict):
            yield from media_items([component["accessory"]])
        yield from media_items(_children(component))


def resolve(components: Sequence[Any], attachments: Sequence[JSON]) -> None:
    """Point ``attachment://`` media at the stored attachment, as Discord answers a card:
    the CDN address, its size and ``attachment_id`` (what discord.py reads back)."""
    by_name = {a["filename"]: a for a in attachments}
    for media in media_items(components):
        url = media.get("url", "")
        if url.startswith("attachment://") and (found := by_name.get(url[len("attachment://") :])):
            media.update(
                url=found["url"],
                proxy_url=found["proxy_url"],
                content_type=found.get("content_type"),
                width=found.get("width"),
                height=found.get("height"),
                attachment_id=found["id"],
                flags=0,
                loading_state=2,
            )


def shown_text(message: JSON) -> str:
    """What a reader sees of a message as text: its content, its embeds' titles and
    descriptions, and every text display of its card, in order (tests read posts with it)."""
    parts: list[str] = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
    parts += list(texts_of(message.get("components") or []))
    return "\n".join(part for part in parts if part)


def texts_of(components: Sequence[Any]) -> Iterator[str]:
    for component in components:
        if not isinstance(component, dict):
            continue
        if component.get("type") == TEXT_DISPLAY:
            yield str(component.get("content") or "")
        yield from texts_of(_children(component))


def interactive(components: Sequence[Any]) -> Iterator[JSON]:
    """Every button and menu of a message, classic rows and cards alike, in order."""
    for component in components:
        if not isinstance(component, dict):
            continue
        if component.get("type") == BUTTON or component.get("type") in SELECTS:
            yield component
        if isinstance(component.get("accessory"), dict):
            yield from interactive([component["accessory"]])
        yield from interactive(_children(component))


def ping_line(message: JSON) -> str:
    """The line a message opens with, where its mentions are: its content, or the text
    displays above a card's container."""
    if message.get("content"):
        return str(message["content"])
    top = [c for c in message.get("components") or [] if isinstance(c, dict)]
    return "\n".join(str(c.get("content") or "") for c in top if c.get("type") == TEXT_DISPLAY)
