"""The board renderer: size, weight, changes after a move, public data only, private image."""

from __future__ import annotations

import io
import json

from PIL import Image

import renderers.imhotep as R
from engines.randomplay import random_action
from engines.rng import Rng
from renderers import kit

from .helpers import ENGINE, game, play, ships


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
            view["names"] = ["Ana", "Bilal", "Chen", "Dagny"][:players]
            png = R.render(view)
            w, h = size(png)
            assert w == 1600 and 1000 < h < 2000
            assert len(png) < 300_000


def test_finished_game_shows_final_scores() -> None:
    st = advanced(4, 5000, wrath="on")
    assert st.over
    view = ENGINE.view(st, None)
    assert view["result"]["scores"]
    assert size(R.render(view))[0] == 1600


def test_picture_changes_after_a_move() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    before = R.render(ENGINE.view(st, None))
    st, _ = play(st, 0, "load 1 1")
    assert R.render(ENGINE.view(st, None)) != before


def test_public_image_is_drawn_from_the_public_view_only() -> None:
    st = ships(game(2, sides="custom", market="b"), "", "", "", "1")
    st.docked = ["pyramid", "temple", "obelisk", ""]
    st.offer = ["statue#1", "lever#1", "chisel#1"]
    st.pair = ["hammer#1", "sarcophagus#1"]
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take pair")
    public = ENGINE.view(st, None)
    mine = ENGINE.view(st, 1)
    assert "sarcophagus" not in json.dumps(public)
    # the private part never reaches the public board: same picture with or without it
    assert R.render(mine) == R.render(public)
    private = R.render_private(mine)
    assert private is not None and size(private)[0] == kit.GLANCE_W  # phone-sized (#12.8)
    assert R.render_private(ENGINE.view(st, 0)) is None
