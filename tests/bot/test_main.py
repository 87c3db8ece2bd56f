"""``python -m bot`` without a token explains what to do and exits with code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_missing_token_explains_and_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "python -m bot.console" in result.stderr
    assert "Traceback" not in result.stderr
