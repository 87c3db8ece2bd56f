"""``python -m bot.console``."""

from bot.console.cli import main

if __name__ == "__main__":
    main()
