"""Translations of the games' messages (data/<game>/locales/<lang>.json): every translated key is an
English message with the same placeholders, or one of the names the Discord adapter localises
(``<game>.title``, ``<game>.verb.<verb>``, ``<game>.verb_name.<verb>``, ``<game>.param.<name>``,
``<game>.param.<verb>.<name>``) for a verb or parameter the engine really has, or the name of a
word the engine passes as a value (``<game>.value.<word>``, e.g. a colour)."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

import engines
from engines.data import DATA_DIR

GAMES = engines.builtin_ids()
FILES = sorted(
    p
    for lang in ("ja", "es")
    for g in GAMES
    if (p := DATA_DIR / g / "locales" / f"{lang}.json").exists()
)


def fields(template: str | dict[str, str]) -> set[str]:
    """The placeholders of a message (of every form of a plural message)."""
    if isinstance(template, dict):
        return set().union(*(fields(v) for k, v in template.items() if k != "plural"))
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def command_names(game: str) -> set[str]:
    """The keys under which the adapter looks up this game's localised command texts."""
    meta = engines.get(game).meta
    keys = {f"{game}.title"}
    for verb in meta.verbs:
        keys |= {f"{game}.verb.{verb.name}", f"{game}.verb_name.{verb.name}"}
        for p in verb.params:
            keys |= {f"{game}.param.{p.name}", f"{game}.param.{verb.name}.{p.name}"}
    return keys


@pytest.mark.parametrize("path", FILES, ids=[f"{p.stem}/{p.parent.parent.name}" for p in FILES])
def test_game_translation_matches_english(path: Path) -> None:
    game = path.parent.parent.name
    english = json.loads((DATA_DIR / game / "locales" / "en.json").read_text("utf-8"))
    translated = json.loads(path.read_text("utf-8"))
    names = command_names(game)
    for key, template in translated.items():
        assert template, key
        if key in english:
            assert fields(template) == fields(english[key]), key
        elif key.startswith(f"{game}.value."):
            assert key.count(".") == 2 and key.split(".")[2], key
        else:
            assert key in names, f"{key}: not an English message nor a command text of {game}"
            assert not fields(template), key
    missing = sorted(set(english) - set(translated))
    assert not missing, f"{len(missing)} English messages not translated, e.g. {missing[:5]}"
