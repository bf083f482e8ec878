"""Where static game data lives, and a cached JSON loader for it (the only I/O engines do)."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

#: ``data/`` at the top of the checkout; ``TURNPOST_DATA`` overrides it (e.g. in a container).
DATA_DIR = Path(os.environ.get("TURNPOST_DATA", Path(__file__).resolve().parent.parent / "data"))


@cache
def load_json(game: str, name: str) -> Any:
    """``data/<game>/<name>`` parsed; cached, so treat the result as read-only."""
    with open(DATA_DIR / game / name, encoding="utf-8") as f:
        return json.load(f)
