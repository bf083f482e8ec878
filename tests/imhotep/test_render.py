"""The board renderer: size, weight, changes after a move, public data only, private image."""

from __future__ import annotations

import io
import json

from PIL import Image

import renderers.imhotep as R
from engines.imhotep.view import ImhotepView
from engines.kit import plain
from engines.randomplay import random_action
from engines.rng import Rng
from renderers import kit

from .helpers import ENGINE, edit, game, play, ships


def advanced(players: int, steps: int, **options: str):  # type: ignore[no-untyped-def]
    st = game(players, seed=players, **options)
    rng = Rng(players)
    for _ in range(steps):
        who = ENGINE.to_act(st)
        if not who:
            break
        st, _ = ENGINE.play(st, who[0], random_action(ENGINE, st, who[0], rng))
    return st


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_board_is_about_1600_wide_and_under_300_kb_for_every_player_count() -> None:
    for players in (2, 3, 4):
        for opts in ({}, {"sides": "b"}):
            st = advanced(players, 150, **opts)
            view = ENGINE.view(st, None)
            png = R.render(view, names=["Ana", "Bilal", "Chen", "Dagny"][:players])
            w, h = size(png)
            assert w == 1600 and 1000 < h < 2000
            assert len(png) < 300_000


def test_finished_game_shows_final_scores() -> None:
    st = advanced(4, 5000, wrath="on")
    assert st.over
    view = ENGINE.view(st, None)
    assert view.result is not None and view.result.scores
    assert size(R.render(view))[0] == 1600


def test_picture_changes_after_a_move() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    before = R.render(ENGINE.view(st, None))
    st, _ = play(st, 0, "load 1 1")
    assert R.render(ENGINE.view(st, None)) != before


def test_public_image_is_drawn_from_the_public_view_only() -> None:
    st = ships(game(2, sides="custom", market="b"), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["statue#1", "lever#1", "chisel#1"])
    st = edit(st, pair=["hammer#1", "sarcophagus#1"])
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take pair")
    public = ENGINE.view(st, None)
    mine = ENGINE.view(st, 1)
    assert "sarcophagus" not in json.dumps(plain(public))
    # the private part never reaches the public board: same picture with or without it
    assert R.render(mine) == R.render(public)
    private = R.render_private(mine)
    assert private is not None and size(private)[0] == kit.GLANCE_W  # phone-sized (#12.8)
    assert R.render_private(ENGINE.view(st, 0)) is None


def _texts(view: ImhotepView, lang: str) -> list[tuple[str, int]]:
    with kit.recording() as log:
        R.render(view, names=["Ana", "Bilal", "Chen", "Dagny"][: view.players], lang=lang)
    return [(label, size) for _, label, size in log.texts]


def _boards() -> list[dict]:  # type: ignore[type-arg]
    """Views at several points of A-side and B-side games, the final board included."""
    out = []
    for opts in ({}, {"sides": "b", "wrath": "on"}):
        for steps in (0, 40, 5000):
            out.append(ENGINE.view(advanced(4, steps, **opts), None))
    return out


def test_every_word_on_the_board_is_at_least_14_px_on_a_1080_px_wide_phone() -> None:
    # #10.5: a full-screen phone shows the 1600 px board about 1080 px wide.
    smallest = 14 * 1600 / 1080
    for view in _boards():
        for lang in ("en", "ja", "es"):
            small = [(t, s) for t, s in _texts(view, lang) if s < smallest]
            assert not small, (lang, small[:5])


def test_board_labels_come_from_the_catalog_in_the_table_language() -> None:
    # #13.2: the same board in Japanese carries the catalog's words, not the English ones.
    view = ENGINE.view(advanced(4, 40), None)
    english = {t for t, _ in _texts(view, "en")}
    japanese = {t for t, _ in _texts(view, "ja")}
    assert "Market · side A" in english and "市場・A面" in japanese
    assert "Legend" in english and "凡例" in japanese
    for word in ("Market", "Sled", "Legend", "points", "Harbour", "Ship 1", "no ship yet"):
        assert not any(word in t for t in japanese), word


def test_no_cryptic_label_is_left_for_newcomers() -> None:
    # #12.4: "h0/h1/h2", "PyrD"/"ObeD", "dock free", "round end: A 0 B 1" meant nothing to them.
    for view in _boards():
        for text, _ in _texts(view, "en"):
            assert text not in {"h0", "h1", "h2", "h3"}, text
            for cryptic in ("PyrD", "ObeD", "TemD", "BurD", "dock free", "round end: A"):
                assert cryptic not in text, text


def test_the_final_score_sheet_heads_its_columns_with_the_catalog_categories() -> None:
    view = ENGINE.view(advanced(4, 5000, wrath="on"), None)
    texts = {t for t, _ in _texts(view, "es")}
    assert {"Pirámide", "Templo", "Obelisco", "Total"} <= texts
