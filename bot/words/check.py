"""What is wrong with one language's catalogue, said so that a translator can fix it without
reading code: ``python -m bot.words check <lang>``.

Why a checker: a translator edits ``<lang>.toml`` beside ``en.toml`` and needs to know what
is left to do and what would break at run time, before anyone runs the tests. English is the
reference: every key it has should be in the language (a gap is said in English, which is
safe but not finished), no key it lacks is used (a typo in a key is a sentence never said),
every ``{placeholder}`` must be the one English fills in (another name raises when the
sentence is said), every plural table needs the categories CLDR gives the language (Polish
``one``, ``few``, ``many``, ``other``; a missing one falls back to ``other``, which is wrong
grammar), and what Discord shows must fit Discord's limits (it refuses the whole command list
over one name too long).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.words import (
    PLURAL_CATEGORIES,
    Catalogue,
    fields,
    plural_base,
    plural_categories,
)

DISCORD = "discord."
"""What Discord shows in its command picker: names, descriptions and choices."""
NAME_SECTIONS = ("discord.group_name.", "discord.command_name.", "discord.parameter_name.")
"""Discord's names: 1–32 characters, lower case, letters, digits, ``-`` and ``_`` only."""
DISCORD_NAME = re.compile(r"[-_\w]{1,32}")
MENU_SECTION = "discord.menu_name."
"""A context menu's name (right-click → Apps): 1–32 characters, capitals and spaces allowed."""
LIMITS: tuple[tuple[str, int, str], ...] = (
    ("discord.", 100, "Discord shows at most 100 characters of a description or choice"),
    ("button.", 80, "a Discord button label holds at most 80 characters"),
    ("", 2000, "a Discord message holds at most 2000 characters"),
)
"""The longest text each kind of entry may have (first matching prefix wins)."""

KINDS = {
    "missing": "Missing: in en.toml but not translated (said in English until it is)",
    "extra": "Extra: not an English key (a typo, or a sentence the bot no longer says)",
    "placeholders": "Placeholders that differ from English (the sentence would fail)",
    "plurals": "Plural tables missing categories this language needs",
    "limits": "Over Discord's limits",
}
"""Each kind of finding with the heading it is listed under, in this order."""


@dataclass(frozen=True)
class Finding:
    kind: str
    key: str
    detail: str


@dataclass(frozen=True)
class Report:
    language: str
    keys: int
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        return not self.findings

    def of(self, kind: str) -> list[Finding]:
        return [finding for finding in self.findings if finding.kind == kind]

    def text(self) -> str:
        """The report as a translator reads it: a summary line, then one section per kind."""
        needed = ", ".join(c for c in PLURAL_CATEGORIES if c in plural_categories(self.language))
        counts = ", ".join(f"{len(self.of(kind))} {kind}" for kind in KINDS)
        lines = [
            f"{self.language}.toml: {self.keys} keys; plural categories (CLDR): {needed}",
            "complete: nothing to fix" if self.ok else counts,
        ]
        for kind, heading in KINDS.items():
            found = self.of(kind)
            if found:
                lines += ["", f"{heading}:"]
                lines += [f"  {f.key}: {f.detail}" if f.detail else f"  {f.key}" for f in found]
        return "\n".join(lines)


def english_tables(english: Mapping[str, str]) -> dict[str, list[str]]:
    """English's plural tables: base key → its categories (``lobby.players`` → one, other)."""
    tables: dict[str, list[str]] = {}
    for key in english:
        base = plural_base(key)
        if base != key and f"{base}.other" in english:
            tables.setdefault(base, []).append(key.rsplit(".", 1)[1])
    return tables


def check(catalogue: Catalogue, language: str) -> Report:
    """Every finding about ``language`` against English, in the order of :data:`KINDS`."""
    english = catalogue.english
    entries = catalogue.languages.get(language, {})
    tables = english_tables(english)
    needed = plural_categories(language)
    found: list[Finding] = []
    present_tables: dict[str, set[str]] = {}
    for key in entries:
        base = plural_base(key)
        if base in tables:
            present_tables.setdefault(base, set()).add(key.rsplit(".", 1)[1])
    for key, text in english.items():
        base = plural_base(key)
        if base in tables:
            if base not in present_tables and key == f"{base}.other":
                found.append(Finding("missing", base, f"plural table, English: {text!r}"))
        elif key not in entries:
            # a discord.* key is its own English: no need to say it twice
            said = "" if key.endswith(f".{text}") else f"English: {text!r}"
            found.append(Finding("missing", key, said))
    for key in entries:
        base = plural_base(key)
        category = key.rsplit(".", 1)[1] if base != key else ""
        if base in tables and category not in needed:
            found.append(Finding("extra", key, f"{language} has no plural category {category!r}"))
        elif base not in tables and key not in english:
            found.append(Finding("extra", key, ""))
    for key, text in entries.items():
        reference = _english_of(english, key)
        if reference is None or key.startswith(DISCORD):
            continue
        problem = _placeholder_problem(text, reference)
        if problem:
            found.append(Finding("placeholders", key, problem))
    for base, categories in present_tables.items():
        lacking = [c for c in PLURAL_CATEGORIES if c in needed - categories]
        if lacking:
            found.append(Finding("plurals", base, "add " + ", ".join(lacking)))
    found += [
        Finding("limits", key, problem)
        for key, text in entries.items()
        if (problem := limit_problem(key, text))
    ]
    order = list(KINDS)
    found.sort(key=lambda f: order.index(f.kind))
    return Report(language, len(entries), tuple(found))


def _english_of(english: Mapping[str, str], key: str) -> str | None:
    """The English a key translates: the same key, or its table's ``other`` entry (``few``
    and ``many`` have no English of their own)."""
    if key in english:
        return english[key]
    base = plural_base(key)
    return english.get(f"{base}.other") if base != key else None


def _placeholder_problem(text: str, english: str) -> str:
    try:
        mine = fields(text)
    except ValueError as exc:
        return f"not a valid template ({exc}); write a brace as {{{{ or }}}}"
    theirs = fields(english)
    if mine == theirs:
        return ""
    parts = []
    if theirs - mine:
        parts.append("lacks " + ", ".join(f"{{{n}}}" for n in sorted(theirs - mine)))
    if mine - theirs:
        parts.append("has unknown " + ", ".join(f"{{{n}}}" for n in sorted(mine - theirs)))
    return "; ".join(parts) + f" (English: {english!r})"


def limit_problem(key: str, text: str) -> str:
    """Why ``text`` does not fit where ``key`` is shown, or ``""``."""
    if not text.strip():
        return "empty"
    if key.startswith(NAME_SECTIONS):
        if not DISCORD_NAME.fullmatch(text) or text != text.lower():
            return (
                f"{text!r}: a Discord name is 1–32 lower-case letters, digits, - or _ (no spaces)"
            )
        return ""
    if key.startswith(MENU_SECTION):
        if len(text) > 32 or text != text.strip():
            return f"{text!r}: a Discord menu name is 1–32 characters, no spaces around it"
        return ""
    for prefix, limit, why in LIMITS:
        if key.startswith(prefix):
            return f"{len(text)} characters; {why}" if len(text) > limit else ""
    return ""


__all__ = ["KINDS", "Finding", "Report", "check", "english_tables", "limit_problem"]
