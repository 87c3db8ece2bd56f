"""A match as one command sees it: read once, then handed down.

Why an object: a move used to ask the reader eight times for pieces of the same match (the
record, the seat, the names in two languages, the thread's language, the end of the log), and
the board post after it asked again. :meth:`bot.service.match.reader.MatchReader.context` reads
them together, once; every later step — the checks, the parse, the commit, the board post —
takes them from here, and :meth:`MatchContext.after` carries them past the commit without
another read (the seats, their names and the thread's language do not change with a move).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.base import Loaded
from bot.service.text.computer_names import shown_name
from bot.service.text.markdown import escape
from bot.words import DEFAULT_LANGUAGE, Words, words
from storage.base import ActionRecord, MatchRecord


def names_by_seat(
    seats: Sequence[str], known: Mapping[str, str], locale: object, *, raw: bool = False
) -> list[str]:
    """The players' names by seat as ``locale``'s reader sees them (a computer's in their
    words: :mod:`bot.service.text.computer_names`), escaped for the markdown every post and
    reply is (:mod:`bot.service.text.markdown`); ``raw`` for an image or a file, which are
    not."""
    say = words(locale)
    names = [shown_name(uid, known, say) for uid in seats]
    return names if raw else [escape(name) for name in names]


@dataclasses.dataclass(frozen=True)
class MatchContext(Loaded):
    """A loaded match (record, rules, state) with the thread's language, the players' stored
    names and the end of the log (as :meth:`MatchReader.recent_log` reads it: every live row
    of the last turn and the last ply). Plain fields, no lookups: the steps read them often."""

    language: str = DEFAULT_LANGUAGE
    """The language of the match's shared posts (:mod:`bot.service.text.languages`)."""
    shared: Words = dataclasses.field(default_factory=lambda: words(DEFAULT_LANGUAGE))
    """The sentences of the match's shared posts, in ``language``."""
    known: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Stored names by user id (a computer's name is said in the reader's words instead)."""
    log: Sequence[ActionRecord] = ()
    _names: dict[tuple[object, bool], list[str]] = dataclasses.field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(
        cls,
        loaded: Loaded,
        language: str,
        known: Mapping[str, str],
        log: Sequence[ActionRecord],
    ) -> MatchContext:
        return cls(
            loaded.record, loaded.rules, loaded.state, loaded._views, language,
            words(language), known, log,
        )  # fmt: skip

    @property
    def loaded(self) -> Loaded:
        """The match itself (what a use case that takes a :class:`Loaded` is handed)."""
        return self

    def names(self, locale: object | None = None, *, raw: bool = False) -> list[str]:
        """The players' names by seat for ``locale``'s reader (the thread's by default),
        worked out once per language."""
        key = (self.language if locale is None else locale, raw)
        if key not in self._names:
            self._names[key] = names_by_seat(self.record.seats, self.known, key[0], raw=raw)
        return self._names[key]

    def seat_of(self, user_id: str) -> int:
        return self.record.seats.index(user_id)

    def after(
        self, record: MatchRecord, state: Any, appended: Sequence[ActionRecord]
    ) -> MatchContext:
        """The context after a commit that stored ``record`` with ``state`` and appended the
        rows ``appended`` to its log: what the board post after a move reads (the seats,
        their names and the thread's language are the move's)."""
        return MatchContext(
            record, self.rules, state, {}, self.language, self.shared, self.known,
            [*self.log, *appended], self._names,
        )  # fmt: skip
