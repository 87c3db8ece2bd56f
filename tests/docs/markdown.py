"""What the docs' tests read out of the Markdown: console examples, commands, table rows.

Why a module of its own: each docs test asks a different question of the same pages, and a
page's examples must be found the same way by all of them (and by ``python -m
tests.docs.markdown``, which prints what each example really answers, for a writer pasting
output into a page).

A **console example** is a fenced block whose info string is ``console``: a command line
starting ``$ `` (continued on lines after a trailing backslash), then the output it must
print, line for line. A line holding only ``…`` stands for any number of lines, so a page
may show the part of a long answer that matters; everything it shows must be there, in
that order, with nothing else between two shown lines.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
GAP = "…"


@dataclass(frozen=True)
class Example:
    """One console example: where it is, the shell command, and the output shown."""

    page: Path
    line: int
    command: str
    shown: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def fenced(text: str) -> list[tuple[str, int, str]]:
    """Every fenced block of ``text``: its info string, the line it starts on, its body."""
    return [
        (m.group(1).strip(), text[: m.start()].count("\n") + 1, m.group(2))
        for m in FENCE.finditer(text)
    ]


def examples(pages: tuple[Path, ...] = PAGES) -> list[Example]:
    out = []
    for page in pages:
        for info, line, body in fenced(page.read_text(encoding="utf-8")):
            if info != "console":
                continue
            lines = body.splitlines()
            assert lines and lines[0].startswith("$ "), f"{page}:{line}: starts with '$ '"
            command = [lines[0][2:]]
            rest = lines[1:]
            while command[-1].endswith("\\") and rest:
                command.append(rest.pop(0))
            out.append(Example(page, line, "\n".join(command), tuple(rest)))
    return out


def clean_environment() -> dict[str, str]:
    """The environment a reader's shell would have: this checkout's code first, and none of
    the bot's settings (a developer's DATABASE_URL must not decide what an example prints)."""
    from bot.settings import Settings

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore"}
    for name in Settings.model_fields:
        env.pop(name.upper(), None)
    env.pop("DATABASE_PATH", None)
    return env


def python_module(
    *args: str, stdin: str | None = None, cwd: Path | None = None, timeout: float = 180
) -> str:
    """What ``python -m <args>`` prints, run in a reader's shell (:func:`clean_environment`);
    a failure fails the test."""
    done = subprocess.run(
        [sys.executable, "-m", *args],
        cwd=cwd,
        input=stdin,
        env=clean_environment(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return done.stdout


def run(example: Example, folder: Path) -> list[str]:
    """The example's command run by bash in ``folder``, as a reader pastes it."""
    done = subprocess.run(
        ["bash", "-c", "set -o pipefail\n" + example.command],
        cwd=folder,
        env=clean_environment(),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, f"{example.name} failed:\n{done.stderr}"
    return done.stdout.splitlines()


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """Whether ``printed`` is what ``shown`` shows (``…`` for any run of lines)."""
    pieces: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == GAP:
            pieces.append([])
        else:
            pieces[-1].append(line)
    if len(pieces) == 1:
        return printed == pieces[0]
    first, *middle, last = pieces
    if printed[: len(first)] != first or (last and printed[-len(last) :] != last):
        return False
    at, end = len(first), len(printed) - len(last)
    for piece in middle:
        found = next(
            (i for i in range(at, end - len(piece) + 1) if printed[i : i + len(piece)] == piece),
            None,
        )
        if found is None:
            return False
        at = found + len(piece)
    return at <= end


def main() -> None:
    """Print what every console example (of the pages named, or all) really answers."""
    wanted = [Path(p).resolve() for p in sys.argv[1:]] or list(PAGES)
    for example in examples(tuple(wanted)):
        with tempfile.TemporaryDirectory() as folder:
            printed = run(example, Path(folder))
        verdict = "ok" if matches(example.shown, printed) else "DIFFERS"
        print(f"== {example.name} ({verdict})")
        print("\n".join(printed))


if __name__ == "__main__":
    main()
