"""Who may challenge whom: ``/me challenges``, and the one rule every way of meeting checks.

A named challenge or a lobby invitation reaches only someone who takes challenges from the
challenger (``/me challenges allow:`` everyone, people they have played, nobody; and nobody
they block), and a blocked person takes no seat in a seek or lobby of someone who blocks
them, nor sees their open challenges listed. Whatever the reason, the refused reads "… is
not taking challenges now" (:meth:`Consent.may_challenge`, :meth:`Consent.may_join`): a
block is nobody else's business. Challenges, lobbies and seeks are each given this one
object, so none of them words or decides it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.base import Refusal, User, guarded, plural_names
from bot.service.replies import Reply, is_computer
from bot.service.text.command_map import choice_list, command_names, option_word
from bot.service.text.markdown import escape
from bot.words import language_of, words
from storage.base import Store

ALLOW_KEY = "challenges"
"""The user settings key of who may challenge a person (absent: everyone)."""
ALLOW_CHOICES = ("everyone", "played", "nobody")
ALLOW_SAYS = {
    "everyone": "challenges.everyone",
    "played": "challenges.played",
    "nobody": "challenges.nobody",
}
"""What each choice reads as in the summary (the catalogue keys, spelled out so the
catalogue's test sees each one asked for)."""


@dataclass(eq=False, repr=False)
class Consent:
    store: Store
    clock: Callable[[], float]

    @guarded
    async def challenges(
        self,
        actor: User,
        *,
        allow: str | None = None,
        block: User | None = None,
        unblock: User | None = None,
    ) -> Reply:
        """``/me challenges``: who may challenge me, whom I block; each change checked
        before anything is stored, and the answer says where things stand."""
        say = words(actor.locale)
        settings = await self.store.user_settings(actor.id)
        if allow is not None:
            # typed as the reader's client shows it (``alle``) or in English
            allow = command_names(language_of(actor.locale)).english_choice(allow.strip()).lower()
            if allow not in ALLOW_CHOICES:
                raise Refusal(
                    "notify.bad_mode",
                    option=option_word("allow"),
                    modes=choice_list(ALLOW_CHOICES),
                    mode=repr(allow[:20]),
                )
        if block is not None and block.id == actor.id:
            raise Refusal("challenges.block_yourself")
        now = self.clock()
        if allow is not None:
            kept = {k: v for k, v in settings.items() if k != ALLOW_KEY}
            settings = kept if allow == ALLOW_CHOICES[0] else {**kept, ALLOW_KEY: allow}
            await self.store.save_user_settings(actor.id, settings, now)
        for other, blocked in ((block, True), (unblock, False)):
            if other is not None:
                await self.store.ensure_user(other.id, other.name, now)
                await self.store.set_block(actor.id, other.id, blocked, now)
        blocked_ids = await self.store.blocked_by(actor.id)
        names = await self.store.user_names(blocked_ids)
        blocked_names = [escape(names.get(uid, uid)) for uid in blocked_ids]
        lines = [say("challenges.summary", who=say(ALLOW_SAYS[allowed(settings)]))]
        lines.append(
            say("challenges.blocked", people=plural_names(blocked_names, actor.locale))
            if blocked_names
            else say("challenges.blocked_none")
        )
        return Reply(text=" ".join(lines))

    @guarded
    async def ask(self, actor: User, person: User) -> Reply:
        """A challenge begun from ``person``'s menu, before its game is picked: whatever would
        refuse it later (oneself, someone not taking it from the caller) refuses it now, in
        the same sentence, and nothing is stored; else the question which game."""
        if person.id == actor.id:
            raise Refusal("challenge.yourself")
        await self.may_challenge(actor, [person])
        return Reply(text=words(actor.locale)("menus.pick_game", player=escape(person.name)))

    async def takes_from(self, person: User, challenger: User) -> bool:
        """Whether ``person`` takes a named challenge (or invitation) from ``challenger``."""
        if is_computer(person.id) or person.id == challenger.id:
            return True
        if await self.store.blockers_among(challenger.id, [person.id]):
            return False
        mode = allowed(await self.store.user_settings(person.id))
        if mode == "nobody":
            return False
        return mode == "everyone" or await self.store.played_together(person.id, challenger.id)

    async def may_challenge(self, challenger: User, people: Sequence[User]) -> None:
        """Refuse, naming the first who does not take it, a challenge or invitation from
        ``challenger`` to ``people`` (before anything is stored)."""
        for person in people:
            if not await self.takes_from(person, challenger):
                raise Refusal("challenge.not_taking", player=escape(person.name))

    async def may_join(self, actor: User, seated: Sequence[str]) -> None:
        """Refuse ``actor`` a seat beside someone who blocks them (a seek's or a lobby's)."""
        others = [uid for uid in dict.fromkeys(seated) if uid != actor.id]
        if others and (blockers := await self.store.blockers_among(actor.id, others)):
            name = await self.store.user_name(blockers[0]) or blockers[0]
            raise Refusal("challenge.not_taking", player=escape(name))

    async def kept_apart(self, actor: User, others: Sequence[str]) -> set[str]:
        """Those of ``others`` whose open challenges ``actor`` is not shown: people they
        block, and people who block them."""
        wanted = [uid for uid in dict.fromkeys(others) if uid != actor.id]
        if not wanted:
            return set()
        mine = set(await self.store.blocked_by(actor.id))
        return mine.intersection(wanted) | set(await self.store.blockers_among(actor.id, wanted))


def allowed(settings: dict[str, Any]) -> str:
    """Who may challenge a person, from their settings: one of :data:`ALLOW_CHOICES`."""
    mode = settings.get(ALLOW_KEY)
    return mode if mode in ALLOW_CHOICES else ALLOW_CHOICES[0]
