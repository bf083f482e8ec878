"""The Japanese and Spanish catalogs of the platform's namespaces (core, service, discord,
console): every key they translate exists in English with the same placeholders, and nothing
English has is missing from them."""

from __future__ import annotations

import json
import string

import pytest

from engines.catalog import CATALOG
from engines.data import DATA_DIR

NAMESPACES = ("core", "service", "discord", "console")
LANGUAGES = ("ja", "es")


def fields(template: str | dict[str, str]) -> set[str]:
    """The placeholders of a message (of every form of a plural message)."""
    if isinstance(template, dict):
        return set().union(*(fields(v) for k, v in template.items() if k != "plural"))
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def load(lang: str, namespace: str) -> dict[str, str]:
    path = DATA_DIR / "locales" / lang / f"{namespace}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("namespace", NAMESPACES)
def test_translations_match_english_key_for_key_and_placeholder_for_placeholder(
    lang: str, namespace: str
) -> None:
    english = load("en", namespace)
    translated = load(lang, namespace)
    assert sorted(set(translated) - set(english)) == [], "keys English does not have"
    assert sorted(set(english) - set(translated)) == [], "English keys left untranslated"
    for key, template in translated.items():
        assert template, key
        assert fields(template) == fields(english[key]), key


def test_a_translated_message_is_used_and_filled() -> None:
    params = {"game": "chess", "known": "bombay, brass"}
    assert CATALOG.text("core.unknown_game", params, lang="es") == (
        "No hay ningún juego llamado «chess». Juegos: bombay, brass."
    )
    assert CATALOG.text("core.unknown_game", params, lang="ja") == (
        "「chess」というゲームはありません。ゲーム：bombay, brass。"
    )
