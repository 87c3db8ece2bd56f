"""``python -m bot.words check [<lang> …] [--dir FOLDER]``: the translators' checker
(:mod:`bot.words.check`).

Exit status 0 when every language checked is complete and sound, 1 when something needs
fixing (each thing listed), 2 when a language has no file or a file is not valid TOML.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from bot.words import DEFAULT_LANGUAGE, read_catalogue, shipped_files
from bot.words.check import check


def catalogue_files(folder: Path | None) -> dict[str, str]:
    """The shipped ``<lang>.toml`` texts, with those in ``folder`` (a translator's working
    copies) in their place."""
    files = shipped_files()
    if folder is not None:
        files |= {path.stem: path.read_text("utf-8") for path in sorted(folder.glob("*.toml"))}
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.words",
        description="Check a language's catalogue (bot/words/<lang>.toml) against English.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser(
        "check",
        help="list missing and extra keys, placeholders that differ from English, plural "
        "categories the language needs, and text over Discord's limits",
    )
    checking.add_argument(
        "languages", nargs="*", metavar="lang", help="language codes (default: every file)"
    )
    checking.add_argument(
        "--dir",
        type=Path,
        help="a folder of <lang>.toml files to check instead of the shipped ones of that name",
    )
    args = parser.parse_args(argv)
    files = catalogue_files(args.dir)
    for code, text in files.items():
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            print(f"{code}.toml is not valid TOML: {exc}", file=sys.stderr)
            return 2
    shipped = read_catalogue(files)
    chosen = args.languages or sorted(set(shipped.languages) - {DEFAULT_LANGUAGE})
    unknown = [code for code in chosen if code not in shipped.languages]
    if unknown:
        print(
            f"No bot/words/{unknown[0]}.toml: copy en.toml to it and translate the values "
            "(docs/checklists/adding-a-language.md).",
            file=sys.stderr,
        )
        return 2
    reports = [check(shipped, code) for code in chosen]
    print("\n\n".join(report.text() for report in reports))
    return 0 if all(report.ok for report in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
