"""Player-facing sentences live in the words catalogue, not in code (issue 17.4).

Scans ``bot/`` for string literals that read like words for people: two words of letters
with a space between. What may stay: docstrings, log messages, the English texts of slash
command descriptions (Discord translates them through the catalogue, keyed by that very
text), and the places listed in ALLOWED with the reason they are not players' words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORDS = re.compile(r"[A-Za-z]{2,}[,;:]?\s+[A-Za-z(]{2,}")
LOG_METHODS = frozenset({"debug", "info", "warning", "error", "exception", "critical"})
TRANSLATED_BY_DISCORD = frozenset(
    {"describe", "Command", "Group", "command", "Choice", "ContextMenu"}
)
"""Calls whose texts Discord translates with :class:`bot.discord.translator.CatalogueTranslator`."""

ALLOWED: dict[str, str] = {
    "bot/__main__.py": "operator messages when the bot cannot start (the person running it)",
    "bot/settings.py": "operator settings and their validation, read by whoever deploys",
    "bot/health.py": "the health check's one line, read by the operator and Docker",
    "bot/service/records/transcript.py": (
        "the record file format's parser errors; no command reads records"
    ),
    "bot/service/match/workers.py": "worker-pool configuration errors for the operator",
    "bot/service/text/command_map.py": "group descriptions: English keys Discord translates",
    "bot/discord/cogs/simple.py": "command descriptions: English keys Discord translates",
    "bot/discord/cogs/common.py": "the match option description: an English key Discord translates",
    "bot/discord/cogs/play.py": "option descriptions: English keys Discord translates",
    "bot/discord/cogs/tournaments.py": "descriptions: English keys Discord translates",
    "bot/web/html.py": "HTML markup: every word on the pages comes from the catalogue",
    "bot/web/app.py": "HTTP headers and the event-stream format",
    "bot/web/__main__.py": "operator messages and the command's help, read by whoever deploys",
}
ALLOWED_TEXTS: dict[str, str] = {
    "no top-level /": "a programming error in the command map, raised at start-up",
    " to put under /": "the same programming error",
    "Unknown time control kind ": "a corrupt stored clock, never a player's input",
    ": one of ": "the same corrupt-data error",
    "no limit": "words the time-control parser accepts, not words it says",
    "no time limit": "words the time-control parser accepts (and English input stays English)",
    " per move": "the canonical, machine-readable time control the parser reads back",
    "a web link secret is needed to sign links": "a wiring error (settings refuse it first)",
    "/match resign confirm:true": "a command the console's user types, as notation is",
}
"""Single literals in otherwise player-facing modules, with the reason they may stay."""


def stray_sentences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # docstrings, attribute docstrings
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOG_METHODS | TRANSLATED_BY_DISCORD or name == "add_argument":
                for inner in ast.walk(node):
                    skipped.add(id(inner))
            if name in ("ArgumentParser", "Field"):
                for inner in ast.walk(node):
                    skipped.add(id(inner))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and WORDS.search(node.value)
            and node.value not in ALLOWED_TEXTS
            and not node.value.startswith("^")  # a regular expression
        ):
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            found.append(f"{shown}:{node.lineno}: {node.value[:60]!r}")
    return found


def test_no_player_facing_sentences_outside_the_catalogue() -> None:
    stray = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        relative = str(path.relative_to(ROOT))
        if relative.startswith("bot/words/") or relative in ALLOWED:
            continue
        stray += stray_sentences(path)
    assert stray == []


def test_the_scan_finds_a_sentence(tmp_path: Path) -> None:
    # outside the tree: a file in bot/ would be seen by the scan (and ruff, mypy) in a
    # parallel worker
    sample = tmp_path / "sample_for_scan.py"
    sample.write_text('def f() -> str:\n    """Doc."""\n    return "You have no match."\n')
    assert len(stray_sentences(sample)) == 1
