"""Every message the engine can produce has an English text with the parameters it needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.base import IllegalAction
from engines.catalog import CATALOG
from engines.imhotep.scoring import CATEGORIES
from engines.randomplay import random_action
from engines.rng import Rng

from .helpers import ENGINE, edit, game

ENGINE_DIR = Path(__file__).resolve().parents[2] / "engines" / "imhotep"


def test_every_event_of_b_side_and_wrath_games_has_a_filled_message() -> None:
    for seed, opts in enumerate([{"sides": "b"}, {"sides": "random", "wrath": "on"}, {}] * 3):
        st = game(2 + seed % 3, seed=seed, **opts)
        rng = Rng(seed)
        while who := ENGINE.to_act(st):
            st, events = ENGINE.play(st, who[0], random_action(ENGINE, st, who[0], rng) or "")
            for ev in events:
                assert CATALOG.has(ev.key), ev.key
                assert CATALOG.fields(ev.key) <= set(ev.params), ev


def test_every_illegal_action_key_in_the_code_has_a_message() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in ENGINE_DIR.glob("*.py"))
    keys = set(re.findall(r'IllegalAction\(\s*"([a-z_.]+)"', source))
    keys |= {f"imhotep.decide_{kind}" for kind in ("pick", "keep", "pyramid")}
    keys |= {"imhotep.decide_temple_choice", "imhotep.decide_bonus_load"}
    keys |= {"imhotep.below_minimum_with_stone"}
    assert len(keys) > 20
    missing = sorted(k for k in keys if not CATALOG.has(k))
    assert not missing


def test_every_score_category_has_a_label() -> None:
    for category in CATEGORIES:
        assert CATALOG.has(f"imhotep.score.{category}")


def test_verbs_have_help_and_examples_that_parse() -> None:
    st = game(2)
    for verb in ENGINE.meta.verbs:
        assert verb.help and verb.examples
        for example in verb.examples:
            assert str(ENGINE.parse(st, 0, example)) == example


def test_I30_a_player_who_must_pick_a_card_is_told_the_cards_on_offer() -> None:
    from .helpers import ships

    st = ships(game(3), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["lever#1", "statue#1", "chisel#1", "statue#2"])
    st, _ = ENGINE.play(st, 0, "sail 4 market")
    with pytest.raises(IllegalAction) as err:
        ENGINE.play(st, 1, "quarry")
    assert "`take chisel`, `take lever`, or `take statue`" in str(err.value)


def test_I24_sail_below_minimum_says_how_many_stones_the_ship_has() -> None:
    from .helpers import ships

    st = ships(game(2), "0...", "...", "..", ".")
    with pytest.raises(IllegalAction, match="Ship 1 carries 1 stone"):
        ENGINE.play(st, 0, "sail 1 temple")


def test_I23_ship_and_position_numbers_out_of_range_are_named() -> None:
    from .helpers import ships

    st = ships(game(2), "....", "...", "..", ".")
    with pytest.raises(IllegalAction, match="no ship 7; this round has ships 1–4"):
        ENGINE.play(st, 0, "load 7 1")
    with pytest.raises(IllegalAction, match="there is no position 5"):
        ENGINE.play(st, 0, "load 1 5")
    with pytest.raises(IllegalAction, match=r"load <ship> <position>"):
        ENGINE.play(st, 0, "load 1")


def test_I50_a_pyramid_number_beyond_three_is_named() -> None:
    from .helpers import ships

    st = ships(game(3, sides="custom", pyramid="b"), "12", "...", "..", ".")
    st, _ = ENGINE.play(st, 0, "sail 1 pyramid")
    with pytest.raises(IllegalAction, match="There is no pyramid 4: choose pyramid 1, 2, or 3"):
        ENGINE.play(st, 1, "pyramid 4")


def test_I23_loading_from_an_empty_sled_says_to_quarry_first() -> None:
    from .helpers import ships

    st = ships(game(2), "....", "...", "..", ".")
    st = edit(st, sled={0: 0})
    with pytest.raises(IllegalAction, match="0 stones on your sled; this action loads 1"):
        ENGINE.play(st, 0, "load 1 1")


def test_I72_E1_hammer_with_a_full_sled_does_not_report_taking_zero_stones() -> None:
    from .helpers import keys, ships

    st = ships(game(2), "....", "...", "..", ".")
    st = edit(st, cards={0: ["hammer#1"]})
    st = edit(st, sled={0: 5})
    _, events = ENGINE.play(st, 0, "hammer 1 1")
    assert "took_stones" not in keys(events)
    assert "took_no_stones" in keys(events)
    text = CATALOG.text("imhotep.took_no_stones", {"seat": 0})
    assert "sled full or quarry empty" in text
