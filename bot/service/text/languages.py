"""The language of a server's shared posts: match threads, their board images, challenge,
lobby, seek and tournament posts, thread reminders.

A direct match (a DM, a group DM, a server without the bot) has no server to ask: its posts
speak the language of the player who started it, kept in the match's ``meta`` when it is
made (:func:`direct_meta`), as the venue is. Its readers are in one conversation the starter
chose, and their own hand DMs, refusals and private answers speak each one's language anyway.

Why per server: a shared post has many readers and no single locale, but a server usually
has one language its members read. Two sources, in order: the language a manager chose with
``/server settings language:`` (kept as ``language``), else Discord's "preferred locale" of
a community server, as the last interaction from it said (kept as ``discord_locale``, written
only when it changes), else English. The stored copy of Discord's locale is what lets the
clock's posts (reminders, timeouts) speak the server's language: the tick has no interaction.

A person's own messages (DMs, kept notices, reminders by DM, hand images, their web link's
page) have one reader, so they speak that reader's language (:func:`person_language`): the
one they chose with ``/me notify language:``, else their client's as their latest command
said (a column of ``users``, noted by :class:`bot.service.people.locales.LocaleNotes`), else the one
``/me notify`` kept before the bot noted every command's, else English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel import Locale, UnknownLocaleError

from bot.service.base import Refusal
from bot.words import DEFAULT_LANGUAGE, catalogue, language_of
from bot.words.pseudo import PSEUDO
from storage.base import VENUE_DIRECT, MatchRecord, Store

CHOSEN = "language"
"""The settings key of the language a manager chose (absent: follow Discord)."""
SEEN = "discord_locale"
"""The settings key of the server's Discord preferred locale, as last seen."""
AUTO = "auto"
"""What a manager types to go back to Discord's language."""
MATCH_LANGUAGE = "language"
"""The ``meta`` key of a direct match's language."""
PERSON_CHOSEN = "language"
"""The user settings key of the language a person chose for their DMs (absent: their
client's)."""
PERSON_KEPT = "locale"
"""The user settings key where ``/me notify`` kept its caller's client language (older
databases; the seen column supersedes it)."""


def shipped() -> list[str]:
    """The languages a server may choose: those the catalogue has (the pseudo-locale, a
    test language, is chosen by name only: ``language:qps``)."""
    return sorted(catalogue().languages)


def known(locale: object) -> str | None:
    """``locale``'s catalogue language if we ship it, else None."""
    if not locale:
        return None
    language = language_of(locale)
    return language if language in catalogue().languages or language == PSEUDO else None


def source_of(settings: Mapping[str, Any]) -> str:
    """Where the shared language comes from: ``chosen``, ``discord`` or ``default``."""
    if known(settings.get(CHOSEN)):
        return "chosen"
    if known(settings.get(SEEN)):
        return "discord"
    return "default"


def shared_language(settings: Mapping[str, Any]) -> str:
    """The language of a server's shared posts, from its settings."""
    return known(settings.get(CHOSEN)) or known(settings.get(SEEN)) or DEFAULT_LANGUAGE


async def server_language(store: Store, guild_id: str | None) -> str:
    """The shared language of ``guild_id`` (English where there is no server: a DM)."""
    if not guild_id:
        return DEFAULT_LANGUAGE
    return shared_language(await store.guild_settings(guild_id))


def language_name(code: str, locale: str) -> str:
    """``de`` as a ``locale`` reader calls it (``German``, ``Deutsch``, ``niemiecki``: CLDR's
    names, through Babel); a code CLDR does not know (the pseudo-locale) as it is."""
    try:
        return Locale.parse(code).get_display_name(language_of(locale)) or code
    except (ValueError, UnknownLocaleError):
        return code


def language_set(settings: Mapping[str, Any], value: str, key: str = CHOSEN) -> dict[str, Any]:
    """``settings`` with ``language:de`` chosen under ``key`` (a server's shared posts, a
    person's DMs); ``auto`` or nothing goes back to following Discord."""
    code = value.strip().lower()
    if code in ("", AUTO):
        return {k: v for k, v in settings.items() if k != key}
    if known(code) != code:
        raise Refusal(
            "settings.bad_language",
            language=repr(value[:20]),
            languages=", ".join([AUTO, *shipped()]),
        )
    return {**settings, key: code}


def direct_meta(venue: str, starter_locale: str | None) -> dict[str, str]:
    """What a new match keeps of its language: for a direct match its starter's (the one
    place every way of starting a match passes: :meth:`Transitions.create_match`)."""
    if venue != VENUE_DIRECT:
        return {}
    return {MATCH_LANGUAGE: known(starter_locale) or DEFAULT_LANGUAGE}


async def match_language(store: Store, record: MatchRecord) -> str:
    """The language of ``record``'s shared posts: its server's, or a direct match's own."""
    if record.venue == VENUE_DIRECT:
        return known(record.meta.get(MATCH_LANGUAGE)) or DEFAULT_LANGUAGE
    return await server_language(store, record.guild_id)


def chosen_language(settings: Mapping[str, Any]) -> str | None:
    """The language a person chose for their own messages, if any."""
    return known(settings.get(PERSON_CHOSEN))


def person_language(
    settings: Mapping[str, Any], seen: str | None, default: str = DEFAULT_LANGUAGE
) -> str:
    """The language of one person's own messages, from their settings and the client
    language last seen from them (``default`` when neither says)."""
    return chosen_language(settings) or known(seen) or known(settings.get(PERSON_KEPT)) or default


async def reader_languages(
    store: Store, user_ids: Sequence[str], default: str = DEFAULT_LANGUAGE
) -> dict[str, str]:
    """:func:`person_language` of each of ``user_ids`` (two reads however many; free within
    a command that read their match, which brings both)."""
    settings = await store.users_settings(user_ids)
    seen = await store.user_locales(user_ids)
    return {uid: person_language(settings.get(uid, {}), seen.get(uid), default) for uid in user_ids}


async def reader_language(store: Store, user_id: str, default: str = DEFAULT_LANGUAGE) -> str:
    """:func:`person_language` of ``user_id``."""
    return (await reader_languages(store, [user_id], default))[user_id]
