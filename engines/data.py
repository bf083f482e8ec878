"""Where static game data lives, and a cached JSON loader for it (the only I/O engines do).

Boards, cards, rule-id lists, the message catalog (``locales/``) and the fonts are found from one
root, :data:`DATA_DIR`, and every reader goes through it (:func:`data_path`, :func:`load_json`), so
the data can move without its readers noticing. ``TURNPOST_DATA`` overrides the root (a different
copy of the data, e.g. while editing a board).

>>> data_path("fonts", "DejaVuSans.ttf").is_file()
True
>>> load_json("bombay", "setup.json")["silk"]["bag_total"]
17
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any


def _root() -> Path:
    override = os.environ.get("TURNPOST_DATA")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent.parent / "data"


#: The root every data file is found under (``locales/``, ``fonts/``, ``<game>/``).
DATA_DIR: Path = _root()


def data_path(*parts: str) -> Path:
    """The file or folder ``parts`` under the data root: ``data_path("fonts", "DejaVuSans.ttf")``."""
    return DATA_DIR.joinpath(*parts)


@cache
def load_json(game: str, name: str) -> Any:
    """``<game>/<name>`` of the data parsed; cached, so treat the result as read-only."""
    with open(data_path(game, name), encoding="utf-8") as f:
        return json.load(f)
