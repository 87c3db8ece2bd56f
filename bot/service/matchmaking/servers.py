"""A server's own settings: its default time control, where its matches go, which games
it plays and the per-user limits its managers set.

Why apart: reading them is everyone's business (a challenge checks the game is enabled, the
front end asks where a new match's thread goes), changing them only a manager's; one object
with the store and the clock answers both, without knowing anything of matches.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec

import games
from bot.service.base import Refusal, User, guarded, manages
from bot.service.match import limits
from bot.service.match.clock import timecontrol as tc
from bot.service.match.clock.quiet import QUIET_KEY
from bot.service.match.reader import rules_named
from bot.service.replies import Reply
from bot.service.text import languages
from bot.service.text.command_map import choice_word, option_word, yes
from bot.words import DEFAULT_LANGUAGE, words
from storage.base import Store

SPECTATORS_KEY = "spectators"
"""Server setting: ``public`` lets anyone with a match's address open its web board page;
``thread`` (the default) needs a link the bot made for someone who could see the match's
thread (:mod:`bot.service.pages.web`)."""
SPECTATOR_MODES = ("thread", "public")
LAYOUTS = ("thread", "channel")
"""Where a server's new matches are played: a thread each, or the channel itself."""
SAID_MODES = {
    "option": option_word("mode"), "thread": choice_word("thread"), "other": choice_word("channel")
}  # fmt: skip
SAID_SPECTATORS = {
    "option": option_word(SPECTATORS_KEY),
    "thread": choice_word("thread"),
    "other": choice_word("public"),
}
"""What a refused value of ``mode`` and of ``spectators`` is told: the option's name and its
two values, as the reader's Discord client shows them."""
QUIET_SETTING = "quiet_hours"
"""The ``/server settings`` option that may forbid quiet hours in the server's new matches."""
SERVER_KEYS = (
    "time", "channel", "mode", "games", SPECTATORS_KEY, "language", QUIET_SETTING,
    *(x.name for x in limits.LIMITS),
)  # fmt: skip
P = ParamSpec("P")
LANGUAGE_SOURCES = {
    "chosen": "settings.language_chosen",
    "discord": "settings.language_discord",
    "default": "settings.language_default",
}
"""How /server settings says where the language of shared posts comes from."""


@dataclass(eq=False, repr=False)
class Servers:
    """The store and the clock; ``default_time`` is the bot's own default time control."""

    store: Store
    clock: Callable[[], float]
    default_time: str

    @guarded
    async def server_settings(
        self, actor: User, guild_id: str, changes: dict[str, Any] | None = None
    ) -> Reply:
        """``/server settings``: anyone may read them; only someone who manages the server (the
        front end says who does, and only for the server they act from) may change them."""
        if any(value is not None for value in (changes or {}).values()) and not manages(
            actor, guild_id
        ):
            raise Refusal("settings.not_allowed")
        settings = dict(await self.store.guild_settings(guild_id))
        for key, value in (changes or {}).items():
            if value is not None:
                settings = self._changed(settings, key, value, actor.locale)
        if changes:
            await self.store.save_guild_settings(guild_id, settings, self.clock())
        return Reply(text="\n".join(self._summary(settings, actor.locale)))

    def _changed(
        self, settings: dict[str, Any], key: str, value: Any, locale: object
    ) -> dict[str, Any]:
        """``settings`` with ``key`` set to ``value`` as the server typed it, or the
        :class:`Refusal` saying what is wrong with it (in ``locale``'s words)."""
        settings = dict(settings)
        if key in limits.BY_NAME:
            settings = limits.changed(settings, key, value)
        elif key == "time":
            try:
                settings["time"] = tc.TimeControl.parse(str(value)).text()
            except Refusal:
                raise
            except ValueError as exc:
                raise Refusal(str(exc)) from None
        elif key == "mode":
            if value not in LAYOUTS:
                raise Refusal("settings.bad_mode", **SAID_MODES)
            settings["mode"] = value
        elif key == "channel":
            settings["channel"] = str(value) if value else None
        elif key == "games":
            settings["games"] = self._game_list(str(value))
        elif key == SPECTATORS_KEY:
            if value not in SPECTATOR_MODES:
                raise Refusal("settings.bad_spectators", **SAID_SPECTATORS)
            settings[SPECTATORS_KEY] = value
        elif key == "language":
            settings = languages.language_set(settings, str(value))
        elif key == QUIET_SETTING:  # quiet hours pause clocks here unless switched off
            kept = {k: v for k, v in settings.items() if k != QUIET_KEY}
            settings = kept if yes(value, str(locale)) else {**kept, QUIET_KEY: False}
        else:
            raise Refusal(
                "settings.unknown",
                key=repr(key),
                keys=", ".join(words(locale)(option_word(k).key) for k in SERVER_KEYS),
            )
        return settings

    def _summary(self, settings: dict[str, Any], locale: str) -> list[str]:
        """The server's settings as ``/server settings`` shows them, in ``locale``'s words."""
        time_text = tc.TimeControl.parse(settings.get("time") or self.default_time).describe(locale)
        enabled = settings.get("games") or games.available()
        say = words(locale)
        channel = (
            f"<#{settings['channel']}>" if settings.get("channel") else say("settings.anywhere")
        )
        layout = say(
            "settings.threads" if settings.get("mode", "thread") == "thread" else "settings.inline"
        )
        allowed = limits.values(settings)
        language = languages.shared_language(settings)
        lines = [
            say(
                "settings.summary",
                time=time_text,
                channel=channel,
                layout=layout,
                games=", ".join(games.get(name).info.title for name in enabled),
            ),
            say(
                "settings.spectators_public"
                if settings.get(SPECTATORS_KEY) == "public"
                else "settings.spectators_thread"
            ),
            say(
                "settings.language_line",
                language=words(language)("language.name"),
                code=language,
                source=say(
                    LANGUAGE_SOURCES[languages.source_of(settings)], option=option_word("language")
                ),
            ),
            say(
                "settings.quiet_forbidden"
                if settings.get(QUIET_KEY) is False
                else "settings.quiet_allowed"
            ),
            say("settings.limits_head", option=option_word(limits.OPEN_SEEKS.name)),
            *(
                say(
                    "settings.limit_line",
                    name=option_word(x.name),
                    label=say(x.label, n=allowed[x.name]),
                )
                for x in limits.LIMITS
            ),
        ]
        return lines

    async def language(self, guild_id: str | None) -> str:
        """The language of ``guild_id``'s shared posts (see :mod:`bot.service.text.languages`)."""
        return await languages.server_language(self.store, guild_id)

    async def note_locale(self, actor: User) -> None:
        """Keep the Discord preferred locale of the server ``actor`` acts from, so posts made
        later without an interaction (the clock's) know it; written only when it changed."""
        if not actor.guild_id or not actor.guild_locale or not actor.bot_here:
            return  # no server, or one the bot is not in: it keeps nothing of it
        seen = languages.known(actor.guild_locale) or ""
        seen = "" if seen == DEFAULT_LANGUAGE else seen  # English is everyone's default
        settings = await self.store.guild_settings(actor.guild_id)
        if settings.get(languages.SEEN, "") == seen:
            return
        await self.store.save_guild_settings(
            actor.guild_id, {**settings, languages.SEEN: seen}, self.clock()
        )

    def noting(self, case: Callable[P, Awaitable[Any]]) -> Callable[P, Awaitable[Any]]:
        """``case`` that first notes its actor's server locale (:meth:`note_locale`), so the
        answer's shared posts already speak it."""

        @functools.wraps(case)
        async def noted(*args: P.args, **kwargs: P.kwargs) -> Any:
            actor = next((a for a in args if isinstance(a, User)), None)
            if actor is not None:
                await self.note_locale(actor)
            return await case(*args, **kwargs)

        return noted

    def _game_list(self, text: str) -> list[str]:
        named = [w for w in text.replace(",", " ").split() if w]
        if not named or named == ["all"]:
            return []
        return [rules_named(word).info.name for word in named]

    async def check_enabled(self, game: str, guild_id: str | None) -> None:
        if not guild_id:
            return
        enabled = (await self.store.guild_settings(guild_id)).get("games") or []
        if enabled and game not in enabled:
            raise Refusal(
                "settings.game_off",
                game=games.get(game).info.title,
                enabled=", ".join(games.get(name).info.title for name in enabled),
            )
