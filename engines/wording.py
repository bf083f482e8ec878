"""Saying notation in a table's language (#28.2): a move, a card, a town or a goal by the names
the catalog gives them, so a Japanese or Spanish table never reads a bare English id.

- :func:`name` — one token by its name: ``paved_path`` → 「参道」, ``stoke_on_trent`` →
  「ストーク・オン・トレント」, a Marco Polo goal ``g06`` → 「カラコルム–アダナ」 (the engine's
  :meth:`~engines.base.Engine.token_name` for what the catalog cannot name), a number as it is;
- :func:`move` — a move in words: the verb's name (``<game>.verb_name.<verb>``) and each value
  by its name (``take paved_path`` → 「カードを取る 参道」), for boards and glances;
- :func:`said` — a move in words with the notation beside it, in backticks, as a player would
  type it (「カードを取る 参道（`take paved_path`）」), for text lines;
- :func:`names` — several tokens by their names (a hand of cards).

English is the notation's own language: there :func:`move` and :func:`said` give the text as it
is, and :func:`name` only what the engine names (a goal's cities).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import engines
from engines.catalog import CATALOG, DEFAULT_LANG
from engines.reading import localised_name

#: Separators inside one token's value (a list of goods, a pair of towns).
_PARTS = re.compile(r"([+,])")


def name(game: str, token: str, lang: str, param: str = "") -> str:
    """``token`` by its name in ``lang``: what the engine calls it (a goal card by its cities),
    else the catalog's ``<game>.value.<word>`` for ``<param>_<token>`` (a Marco Polo space,
    ``space_gold``) or the token itself; the token as it is when nothing names it."""
    named = engines.get(game).token_name(token, lang)
    if named is not None:
        return named
    if token.isdigit() or lang == DEFAULT_LANG:
        return token
    if param:
        found = localised_name(game, f"{param}_{token}", lang)
        if found is not None:
            return found
    return localised_name(game, token, lang) or token


def names(game: str, tokens: Iterable[str], lang: str) -> list[str]:
    """Each token by its name in ``lang``."""
    return [name(game, t, lang) for t in tokens]


def _value(game: str, value: str, lang: str, param: str) -> str:
    parts = _PARTS.split(value)
    return "".join(p if _PARTS.fullmatch(p) else _part(game, p, lang, param) for p in parts)


def _part(game: str, value: str, lang: str, param: str) -> str:
    """One value by its name; a link between two places (``burton_on_trent-derby``) by the
    names of both, joined by a dash."""
    named = name(game, value, lang, param)
    if named != value or "-" not in value or lang == DEFAULT_LANG:
        return named
    return "–".join(name(game, end, lang) for end in value.split("-"))


def move(game: str, text: str, lang: str) -> str:
    """A move in words in ``lang``: the verb's name, then each value by its name (a keyword's
    name left out: its value says it); the text as typed in English."""
    tokens = text.split()
    if not tokens or lang == DEFAULT_LANG:
        return text
    verb_name, rest = tokens[0], tokens[1:]
    verb = engines.get(game).meta.verb(verb_name)
    params = [p.name for p in verb.params] if verb is not None else []
    head = CATALOG.messages(lang).get(f"{game}.verb_name.{verb_name}", verb_name)
    words = [head]
    for i, tok in enumerate(rest):
        key, eq, value = tok.partition("=")
        param = key if eq else (params[i] if i < len(params) else "")
        words.append(_value(game, value if eq else tok, lang, param))
    return " ".join(words)


def said(game: str, text: str, lang: str) -> str:
    """A move for a line of text: in words with the notation beside it (what a player types,
    in backticks, ``core.move_said``); the text as typed in English, quoted where the words are
    the notation itself."""
    words = move(game, text, lang)
    if lang == DEFAULT_LANG or not text:
        return text
    if words == text:
        # Nothing in it has a name of its own (a chance row's verb, ``die 2``): notation, as
        # a line quotes notation outside English.
        return f"`{text}`"
    return CATALOG.text("core.move_said", {"words": words, "text": text}, lang=lang)


def choice(game: str, verb: str, token: str, lang: str) -> str:
    """One answer of a decision as a board offers it: the command as typed in English
    (``take paved_path``), the answer's name elsewhere (「参道」: the reader takes it as typed)."""
    if lang == DEFAULT_LANG:
        return f"{verb} {token}".strip()
    found = engines.get(game).meta.verb(verb)
    param = found.params[0].name if found is not None and found.params else ""
    return _value(game, token, lang, param)
