"""``turnpost render --lang``: the board a table in that language sees (#13.2), drawn through the
service's own drawing calls."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from bot.cli import main
from engines.catalog import CATALOG
from renderers import kit
from tests import games

#: Every game in each language it ships besides English.
TRANSLATED = [(g, lang) for g in games.shipped() for lang in games.languages(g) if lang != "en"]


def drawn(game: str, lang: str, out: Path, *extra: str) -> set[str]:
    """Every label `turnpost render` drew for ``game`` in ``lang``."""
    with kit.recording() as log:
        assert (
            main(["render", game, "--moves", "6", "--lang", lang, "--out", str(out), *extra]) == 0
        )
    assert out.read_bytes().startswith(b"\x89PNG")
    return {label for _, label, _ in log.texts}


def japanese(labels: set[str]) -> bool:
    return any(
        unicodedata.name(ch, "").startswith(("CJK", "HIRAGANA", "KATAKANA"))
        for t in labels
        for ch in t
    )


def fixed_words(lang: str) -> dict[str, str]:
    """The catalog's messages without parameters, by key, in ``lang``."""
    return {k: v for k, v in CATALOG.messages(lang).items() if "{" not in v}


@pytest.mark.parametrize(("game", "lang"), TRANSLATED)
def test_render_draws_the_board_in_the_language_asked(game: str, lang: str, tmp_path: Path) -> None:
    en = drawn(game, "en", tmp_path / "en.png")
    other = drawn(game, lang, tmp_path / f"{lang}.png")
    assert not japanese(en), game
    if lang == "ja":
        assert japanese(other), game
    english, theirs = fixed_words("en"), fixed_words(lang)
    translated = [k for k, v in english.items() if v in en and theirs.get(k, v) != v]
    assert translated, f"{game}: no catalog word drawn in English"
    assert any(theirs[k] in other for k in translated), f"{game}: no {lang} word drawn"


def test_render_draws_a_seats_private_board_in_the_language_asked(tmp_path: Path) -> None:
    ja = drawn("marco_polo", "ja", tmp_path / "ja.png", "--seat", "0")
    assert japanese(ja)


def test_render_refuses_a_language_it_has_no_catalog_for(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["render", "bombay", "--lang", "fr", "--out", str(tmp_path / "x.png")])
    assert not (tmp_path / "x.png").exists()
