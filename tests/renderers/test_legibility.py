"""Every label reads on a phone (#10.5) and in the table's language (#13.2).

A phone shows a board at about 1080 px wide at full screen, where text under 14 px is hard to
read: so every font size on an image ``W`` px wide must be at least ``14 × W / 1080``. The kit logs
every text a render draws with its size (``kit.recording``) and ``kit.too_small`` lists those under
that floor; every game's renderer is checked on boards from random games.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import engines
import renderers
from engines.kit import plain
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit
from tests import games
from tests.test_no_english import ALLOWED, english_in, notation_words

#: Every game's board, private screen and glance reads at phone size.
CHECKED = games.shipped()
#: Games whose every board label comes from the catalog, checked in Japanese: every game with a
#: Japanese catalog, unless its ``tests/<game>/__init__.py`` says ``JAPANESE_BOARD = False``.
TRANSLATED = [
    g for g in CHECKED if "ja" in games.languages(g) and games.fact(g, "JAPANESE_BOARD", True)
]
NAMES = ["Ana", "山田花子", "Bartholomew Featherstonehaugh III", "Dee", "Eve"]


def test_the_smallest_size_grows_with_the_image_width() -> None:
    assert kit.min_size(1080) == 14
    assert kit.min_size(1600) == 21  # 14 × 1600 / 1080 = 20.7
    assert kit.min_size(800) == 11


def test_the_check_reports_a_label_drawn_too_small_for_its_image() -> None:
    img = kit.new_canvas(100, 1600)
    pen = kit.Pen(img)
    with kit.recording() as log:
        kit.text(pen, (10, 10), "tiny", 16)
        kit.text(pen, (10, 50), "fine", 22)
    found = kit.too_small(log, 1600)
    assert len(found) == 1 and "'tiny' at 16 px" in found[0]
    assert kit.too_small(log, 1080) == []


def _boards(game: str, seed: int) -> list[tuple[Any, int, Any]]:
    """(public view, a seat, that seat's view) at the opening, mid-game and the end."""
    engine = engines.get(game)
    out = []
    for players in sorted({engine.meta.min_players, engine.meta.max_players}):
        start = engine.setup(players, engine.meta.validate_options({}), seed)
        for moves in (0, 40, 10_000):
            state, _ = random_play(engine, start, Rng(seed), moves)
            out.append((engine.view(state, None), players - 1, engine.view(state, players - 1)))
    return out


def _width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).size[0]


@pytest.mark.parametrize("game", CHECKED)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_label_reads_at_phone_size(game: str, lang: str) -> None:
    renderer = renderers.get(game)
    for view, _, mine in _boards(game, seed=21):
        names = NAMES[: plain(view)["players"]]
        for draw, shown in (
            (renderer.render, view),
            (renderer.render_private, mine),
            (renderer.render_glance, view),
        ):
            with kit.recording() as log:
                png = draw(shown, names=names, lang=lang)
            if png is None:  # a seat with nothing hidden right now has no private screen
                assert draw is renderer.render_private
                continue
            assert log.texts
            assert kit.too_small(log, _width(png)) == []


@pytest.mark.parametrize("game", TRANSLATED)
def test_a_japanese_board_says_no_english(game: str) -> None:
    renderer = renderers.get(game)
    said: list[str] = []
    played: list[str] = []
    for view, _, mine in _boards(game, seed=22):
        seen = plain(view)  # read alike for every game, typed or not yet (#14)
        names = NAMES[: seen["players"]]
        with kit.recording() as log:
            renderer.render(view, names=names, lang="ja")
            renderer.render_private(mine, names=names, lang="ja")
            renderer.render_glance(view, names=names, lang="ja")
        said += [label for _, label, _ in log.texts]
        last = seen.get("last") or {}
        played += list(last.get("turn", []))
        played += [str(last["text"])] if last.get("text") else []
        # The commands a pending decision takes (Imhotep's header shows them as typed).
        decision = seen.get("decision") or {}
        verb = decision.get("verb", "")
        played += [f"{verb} {o}" for o in decision.get("options", [])]
    # Notation stays as typed in every language: site ids, the commands of the last turn, the
    # bale letters; the players' names (maybe cut short with "…") and the product's name are names.
    allowed = ALLOWED | {"Turnpost"} | notation_words(game, played) | _site_ids(game)
    # A long name or last turn may be cut short with "…" where its box ends.
    words = [w for name in NAMES for w in name.split()] + sorted(notation_words(game, played))
    allowed |= {w[:n] for w in words for n in range(2, len(w) + 1)}
    found = english_in(said, allowed, "ja")
    assert not found, sorted(found.items())


def _site_ids(game: str) -> set[str]:
    """The typable ids of the board's places and the names its board prints as the edition
    does: the game's ``board_words()`` in ``tests/<id>/__init__.py`` (none by default)."""
    words: set[str] = games.fact(game, "board_words", set)()
    return words
