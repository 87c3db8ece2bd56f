"""``python -m bot.words check [<lang> …]``: the translators' checker (:mod:`bot.words.check`).

Exit status 0 when every language checked is complete and sound, 1 when something needs
fixing (listed), 2 when a language has no file.
"""

from __future__ import annotations

import argparse
import sys

from bot.words import DEFAULT_LANGUAGE, catalogue
from bot.words.check import check


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
    args = parser.parse_args(argv)
    shipped = catalogue()
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
