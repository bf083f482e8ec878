"""The message catalog: every user-facing string by key, one JSON file per language and namespace.

Files live in ``data/locales/<lang>/<namespace>.json``; a key's namespace is the part before its
first dot (``bombay.sold`` is in ``bombay.json``). Templates use ``str.format`` fields. English is
complete; other languages fall back to English key by key.

Parameters named ``seat``/``player`` or ending in ``_seat`` hold seat numbers: when a list of
player names is given they are shown as names; so are the seat numbers in a list named ``seats``
or ending in ``_seats``, in the list's order. List values are joined with commas (an empty list shows as a dash). A word passed as a value is
shown as ``<namespace>.value.<word>`` where the language has that key ("purple" → "紫").
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engines.data import data_path

DEFAULT_LANG = "en"
_FORMATTER = string.Formatter()


def _is_seat_param(name: str) -> bool:
    return name in ("seat", "player") or name.endswith("_seat")


def _is_seats_param(name: str) -> bool:
    """A list of seat numbers (``seats``, ``order_seats``): shown as names, in its order."""
    return name == "seats" or name.endswith("_seats")


class Catalog:
    """Looks up and formats messages; loads each language's files once."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @cache  # noqa: B019 - one catalog per process; the cache lives as long as it does
    def messages(self, lang: str) -> dict[str, str]:
        """Every message of one language, key → template."""
        out: dict[str, str] = {}
        folder = self.root / lang
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                ns = path.stem
                for key, template in json.loads(path.read_text(encoding="utf-8")).items():
                    out[key if key.startswith(ns + ".") else f"{ns}.{key}"] = template
        return out

    @cache  # noqa: B019 - as above
    def _value_names(self, namespace: str, lang: str) -> dict[str, str]:
        prefix = f"{namespace}.value."
        return {k[len(prefix) :]: v for k, v in self.messages(lang).items() if k.startswith(prefix)}

    def has(self, key: str, lang: str = DEFAULT_LANG) -> bool:
        """Whether ``key`` has a template in ``lang`` (or in English)."""
        return key in self.messages(lang) or key in self.messages(DEFAULT_LANG)

    def template(self, key: str, lang: str = DEFAULT_LANG) -> str | None:
        """The raw template for ``key``, falling back to English."""
        return self.messages(lang).get(key) or self.messages(DEFAULT_LANG).get(key)

    def text(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        *,
        lang: str = DEFAULT_LANG,
        names: Sequence[str] | None = None,
    ) -> str:
        """The message ``key`` in ``lang`` filled with ``params``.

        An unknown key comes back as the key itself followed by its parameters, so a missing
        translation is visible rather than silent (tests check every key used exists).
        """
        params = dict(params or {})
        shown: dict[str, Any] = {}
        # Words an engine passes as values (a colour, a card, an industry) are translated through
        # "<namespace>.value.<word>" when the language has such a key; ids stay as they are.
        values = self._value_names(key.split(".", 1)[0], lang)
        for name, value in params.items():
            if isinstance(value, str) and value in values:
                value = values[value]
            elif isinstance(value, list | tuple):
                value = [values.get(v, v) if isinstance(v, str) else v for v in value]
            if names is not None and _is_seat_param(name) and isinstance(value, int):
                value = names[value] if 0 <= value < len(names) else f"seat {value + 1}"
            elif _is_seat_param(name) and isinstance(value, int):
                value = f"player {value + 1}"
            elif _is_seats_param(name) and isinstance(value, list | tuple):
                value = ", ".join(
                    (names[v] if names is not None and 0 <= v < len(names) else f"player {v + 1}")
                    if isinstance(v, int)
                    else str(v)
                    for v in value
                )
            elif isinstance(value, list | tuple):
                # An empty list reads as a dash, not as nothing at all.
                value = ", ".join(str(v) for v in value) or "—"
            shown[name] = value
        template = self.template(key, lang)
        if template is None:
            extra = " ".join(f"{k}={v}" for k, v in shown.items())
            return f"{key} {extra}".strip()
        try:
            return template.format(**shown)
        except (KeyError, IndexError, ValueError):
            return f"{template} ({shown})"

    def fields(self, key: str, lang: str = DEFAULT_LANG) -> set[str]:
        """The parameter names a template uses (for tests that check events fill them)."""
        template = self.template(key, lang) or ""
        return {f for _, f, _, _ in _FORMATTER.parse(template) if f}


CATALOG = Catalog(data_path("locales"))
