"""The last line of every benchmark: one JSON object of its figures, so runs compare by tool."""

from __future__ import annotations

import json
import platform
from typing import Any


def emit(name: str, figures: dict[str, Any]) -> None:
    """Print ``figures`` (rounded) as the very last line, after the readable table."""
    rounded = {k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}
    print(json.dumps({"benchmark": name, "python": platform.python_version(), **rounded}))
