"""Every word the Brass board draws, from the catalog in the table's language (#13.2).

Board texts live under ``brass.board.*`` in ``data/brass/locales/<lang>.json``. The map's
town and merchant plates keep the names printed on the board; everywhere else (player cards, the
last move, the hand) places, industries, cards and resources are said as the chat says them, by
the catalog's ``brass.value.*`` names where the language has them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.brass import components as C
from engines.catalog import CATALOG
from renderers import kit

#: Catalog namespace of the board's own texts.
PREFIX = "brass.board."


def say(key: str, lang: str, **params: Any) -> str:
    """The board text ``brass.board.<key>`` in ``lang`` (English where a language lacks it)."""
    if not params:
        return _plain(key, lang)
    return kit.say(PREFIX + key, lang, **params)


@lru_cache(maxsize=512)
def _plain(key: str, lang: str) -> str:
    return kit.say(PREFIX + key, lang)


@lru_cache(maxsize=256)
def value(word: str, lang: str) -> str:
    """A game word (``cotton mill``, ``wild location``) in ``lang``: its ``brass.value.*`` name, or
    the word itself with a capital."""
    key = f"brass.value.{word}"
    if key in CATALOG.messages(lang):
        return CATALOG.messages(lang)[key]
    return word[:1].upper() + word[1:]


def industry(ind: str, lang: str) -> str:
    """An industry's name, capitalised as a label (``coal_mine`` → "Coal mine" / 「炭鉱」)."""
    name = value(ind.replace("_", " "), lang)
    return name[:1].upper() + name[1:]


def code(ind: str, lang: str) -> str:
    """An industry's short code drawn in slots and on tiles ("CT", 「紡」)."""
    return _plain(f"code.{ind}", lang)


def place(location: str, lang: str) -> str:
    """A town, farm brewery or merchant by its name in ``lang`` (the printed name in English)."""
    loc = C.locations().get(location)
    return value(loc.name, lang) if loc is not None else location


def card(token: str, lang: str) -> str:
    """A card's name in ``lang``: a town, an industry or a wild card."""
    if token in C.locations():
        return place(token, lang)
    return value(token.replace("_", " "), lang)


def line(line_id: str, lang: str) -> str:
    """A line by its ends' names ("Birmingham–Dudley")."""
    found = C.lines().get(line_id)
    if found is None:
        return line_id
    return "–".join(place(e, lang) for e in found.ends)


@lru_cache(maxsize=512)
def move(text: str, lang: str) -> str:
    """A move as typed (``develop coal_mine brewery card=wild_industry``) in words: the verb's
    name, then each value by its name, ids never shown (#12.4)."""
    tokens = text.split()
    if not tokens:
        return ""
    verb = tokens[0]
    name_key = f"brass.verb_name.{verb}"
    head = CATALOG.messages(lang).get(name_key, verb)
    head = head[:1].upper() + head[1:]
    values: list[str] = []
    extras: list[str] = []
    for tok in tokens[1:]:
        key, sep, raw = tok.partition("=")
        if not sep:
            key, raw = "", tok
        if key == "slot":
            continue
        shown = ", ".join(_token(v, lang) for v in raw.split(","))
        if key and key not in ("industry", "industry2", "location", "line"):
            label = CATALOG.messages(lang).get(f"brass.param.{key}", key)
            extras.append(say("move_param", lang, name=label, value=shown))
        else:
            values.append(shown)
    said = f"{head}: {', '.join(values)}" if values else head
    return say("move_params", lang, move=said, params=", ".join(extras)) if extras else said


def _token(tok: str, lang: str) -> str:
    """One typed value in words: a place, line, card, industry or number."""
    base = tok.split(".")[0]  # merchant=warrington.1 names the merchant's first tile
    if base in C.locations():
        return place(base, lang)
    if base in C.lines():
        return line(base, lang)
    if base == "merchant":
        return say("word.merchant", lang)
    return value(base.replace("_", " "), lang)
