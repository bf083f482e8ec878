"""Turnpost's static data, and the one way to read it (the only I/O engines do).

This package holds each game's boards, cards, rule-id list and messages (``<game>/``, its
catalog in ``<game>/locales/<lang>.json``), the platform's messages
(``locales/<lang>/<namespace>.json``) and the fonts with their licences (``fonts/``). It is
the checkout's top-level ``data/`` folder, installed as ``engines/data`` (``setup.py``); either
way it is the package ``engines.data``, found through ``importlib.resources``, so a plain
``pip install .`` works outside a checkout. Every reader goes through :data:`DATA_DIR` (:func:`data_path`,
:func:`load_json`). ``TURNPOST_DATA`` overrides the root (another copy of the data, e.g. while
editing a board).

>>> data_path("fonts", "DejaVuSans.ttf").is_file()
True
>>> load_json("bombay", "setup.json")["silk"]["bag_total"]
17
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any


def _root() -> Path:
    override = os.environ.get("TURNPOST_DATA")
    if override:
        return Path(override)
    root = resources.files(__name__)
    if not isinstance(root, Path):
        # Installed inside a zip archive: the fonts and the catalog are opened as files.
        raise RuntimeError("Turnpost's data must be installed as files, not inside an archive")
    return root


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
