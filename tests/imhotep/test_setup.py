"""Components and setup (RULES sections 1 and 2, round preparation I16)."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction
from engines.imhotep import components as C
from engines.imhotep.view import Hidden
from engines.kit import plain

from .helpers import ENGINE, edit, game


def test_I1_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert game(players).players == players
    for players in (1, 5):
        with pytest.raises(IllegalAction):
            ENGINE.setup(players, ENGINE.meta.validate_options({}), 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_I2_I12_I13_starting_stones_sleds_scores(players: int) -> None:
    st = game(players)
    # I12 worked example: sleds 2/3/4/5, quarries 27/26/25/24
    assert st.sled == (2, 3, 4, 5)[:players]
    assert st.quarry == (27, 26, 25, 24)[:players]
    # I2: 29 stones each (30 per colour, one on the score track)
    assert all(q + s == 29 for q, s in zip(st.quarry, st.sled, strict=True))
    # I13: scores 0, no cards
    assert [st.score(s) for s in range(players)] == [0] * players
    assert st.cards == ((),) * players


def test_I3_sled_holds_at_most_five() -> None:
    st = game(4)
    assert st.sled[3] == 5
    st = edit(st, current=3)
    with pytest.raises(IllegalAction, match="already holds 5"):
        ENGINE.play(st, 3, "quarry")


def test_I4_I9_side_selection_modes() -> None:
    assert set(game(sides="a").sides.values()) == {"A"}
    assert set(game(sides="b").sides.values()) == {"B"}
    custom = game(sides="custom", market="b", burial="b")
    assert custom.sides == {
        "market": "B",
        "pyramid": "A",
        "temple": "A",
        "burial_chamber": "B",
        "obelisk": "A",
    }
    seen = {tuple(game(seed=s, sides="random").sides.values()) for s in range(40)}
    assert len(seen) > 5, "random sides differ per site and per seed"


def test_I5_minimum_loads_by_capacity() -> None:
    assert [C.min_load(c) for c in (1, 2, 3, 4)] == [1, 1, 2, 3]


def test_I6_seven_round_cards_per_player_count() -> None:
    for players in (2, 3, 4):
        cards = C.round_cards(players)
        assert len(cards) == 7
        assert all(len(ships) == 4 for ships in cards.values())
    assert C.round_cards(3)["P3-04"] == (4, 3, 2, 1)


def test_I7_thirty_four_market_cards() -> None:
    deck = C.market_deck()
    assert len(deck) == len(set(deck)) == 34
    by_colour: dict[str, int] = {}
    for card in deck:
        colour = C.card_type(card).colour
        by_colour[colour] = by_colour.get(colour, 0) + 1
    assert by_colour == {"red": 6, "green": 8, "purple": 10, "blue": 10}


def test_I8_hidden_information_stays_out_of_the_public_view() -> None:
    st = game(2, sides="b")
    public = json.dumps(plain(ENGINE.view(st, None)))
    assert st.removed_card not in public  # the removed round card
    assert "market_deck" not in public  # deck order: only its size is shown
    # the face-down pair's cards are not named anywhere public
    assert ENGINE.view(st, None).market.face_down == 2
    for seat in (0, 1):
        assert ENGINE.view(st, seat).private == Hidden()


def test_I10_one_round_card_removed_unseen_six_used() -> None:
    st = game(3)
    used = [st.round_card, *st.round_deck]
    assert len(used) == 6 and st.removed_card not in used
    assert {*used, st.removed_card} == set(C.round_cards(3))


def test_I11_seat_zero_starts() -> None:
    st = game(3)
    assert ENGINE.to_act(st) == [0]


def test_I14_I16_round_one_is_prepared() -> None:
    st = game(4)
    assert st.round == 1
    caps = C.round_cards(4)[st.round_card]
    assert [len(s) for s in st.ships] == list(caps)
    assert all(o == -1 for s in st.ships for o in s), "ships start empty"
    assert len(st.offer) == 4 and st.pair == ()  # Market A: 4 face up
    assert len(st.market_deck) == 30


def test_I16_market_b_deals_three_face_up_and_a_pair() -> None:
    st = game(2, sides="custom", market="b")
    assert len(st.offer) == 3 and len(st.pair) == 2
    assert len(st.market_deck) == 29
    assert ENGINE.round_info(st) == "Round 1 of 6"


def test_I4_a_site_asked_for_by_name_is_not_silently_ignored() -> None:
    # Given "new imhotep pyramid=b" (sides left at its default a), then the pyramid is side B
    st = game(pyramid="b")
    assert st.sides["pyramid"] == "B"
    assert {st.sides[s] for s in ("market", "temple", "burial_chamber", "obelisk")} == {"A"}
    # and with random sides, a site named b is B whatever the draw, the others still drawn
    for seed in range(10):
        assert game(seed=seed, sides="random", obelisk="b").sides["obelisk"] == "B"
    draws = {tuple(game(seed=s, sides="random", obelisk="b").sides.values()) for s in range(20)}
    assert len(draws) > 3


def test_I4_a_per_site_choice_overrides_the_general_sides_option() -> None:
    # Given "sides=b pyramid=a", then every site is B except the pyramid, which is A
    st = game(sides="b", pyramid="a")
    assert st.sides == {
        "market": "B",
        "pyramid": "A",
        "temple": "B",
        "burial_chamber": "B",
        "obelisk": "B",
    }
    # and with random sides, a site named a is A whatever the draw, the others still drawn
    for seed in range(10):
        assert game(seed=seed, sides="random", temple="a").sides["temple"] == "A"
    # a site left out follows sides (auto), also in custom (A)
    assert game(sides="custom", obelisk="b").sides["pyramid"] == "A"


def test_I4_every_site_named_makes_sides_moot() -> None:
    opts = ENGINE.meta.validate_options(
        {"sides": "b", "market": "a", "pyramid": "a", "temple": "a", "burial": "a", "obelisk": "b"}
    )
    assert opts["sides"] == "custom"
    st = ENGINE.setup(2, opts, 1)
    assert st.sides["pyramid"] == "A" and st.sides["obelisk"] == "B"


def test_I4_option_sets_stored_before_auto_still_deal_the_same_sides() -> None:
    # A game created when an unnamed site was stored as "a": sides=b meant every site B
    old = {"sides": "b", "market": "a", "pyramid": "a", "temple": "a", "burial": "a"}
    old |= {"obelisk": "a", "wrath": "off"}
    assert ENGINE.meta.validate_options(old) == old  # validating it again changes nothing
    assert set(ENGINE.setup(2, old, 1).sides.values()) == {"B"}
    old_random = old | {"sides": "random", "obelisk": "b"}
    new_random = ENGINE.meta.validate_options({"sides": "random", "obelisk": "b"})
    assert ENGINE.setup(2, old_random, 7).sides == ENGINE.setup(2, new_random, 7).sides
