"""Set-up (M1-M13, D1-D4, D10, D21, M64): what is on the table before the first turn."""

from __future__ import annotations

import pytest

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from tests.marco_polo.helpers import E, game, p, play, ready, res


def test_M1_inventory_of_components() -> None:
    st = game(4)
    assert len(T.CONTRACTS) == 44 and len(T.STARTING_CONTRACTS) == 6
    assert len(T.GOALS) == 18 and len(T.CITY_CARDS) == 31
    assert len(T.CITY_BONUSES) == 6 and len(T.FIRST_POST_TILES) == 10
    assert len(T.CHARACTERS) == 8
    assert all(len(q.dice) in (5, 6) for q in st.players)  # Matteo adds the white die
    assert [E.view(st, None).seats[s].posts_left for s in range(4)] == [9, 9, 9, 9]


def test_M2_location_types_and_slots() -> None:
    assert len(T.LARGE_CITIES) == 7 and len(T.SMALL_CITIES) == 6 and len(T.OASES) == 10
    assert T.CARD_SLOTS["sumatra"] == 3 and sum(T.CARD_SLOTS.values()) == 9
    assert T.BEIJING_VP == (10, 7, 4, 1)
    assert "venezia" not in T.POST_CITIES and "oasis_a" not in T.POST_CITIES
    assert "beijing" in T.POST_CITIES


def test_M3_seat_one_starts_round_one() -> None:
    st = game(3)
    assert st.start == 0 and st.current == 0 and st.round == 1


def test_M4_start_coins_by_seat_and_two_camels() -> None:
    st = game(4, seed=5)
    assert [q.coin for q in st.players] == [7, 8, 9, 10]
    assert [q.camel for q in st.players] == [2, 2, 2, 2]
    assert all(q.figures == ("venezia",) for q in st.players)


def test_M5_one_starting_contract_each() -> None:
    st = game(4)
    firsts = [q.contracts[0] for q in st.players]
    assert all(T.CONTRACTS[c]["starting"] for c in firsts) and len(set(firsts)) == 4
    assert not set(T.STARTING_CONTRACTS) & set(st.pile + st.display)


def test_M6_display_of_six_and_pile() -> None:
    st = game(2)
    assert len(st.display) == 6
    assert len(st.pile) + len(st.display) == 38 - 1  # Matteo drew one in round 1


@pytest.mark.parametrize("setup,dealt", [("basic", 2), ("advanced", 4)])
def test_M7_D1_goal_cards_dealt(setup: str, dealt: int) -> None:
    st = game(3, setup)
    for q in st.players:
        assert len(q.goals if setup == "basic" else q.goal_offer) == dealt


def test_M8_D4_city_bonus_tiles_fixed_in_basic_random_in_advanced() -> None:
    basic = game(2, "basic").city_bonus
    assert basic == {
        "anxi": "cb_coins5",
        "ormuz": "cb_camels3",
        "kashgar": "cb_two_goods",
        "xian": "cb_other_bonus",
        "adana": "cb_camel_coins",
        "kochi": "cb_vp3",
    }
    layouts = {tuple(game(2, "advanced", seed).city_bonus.values()) for seed in range(8)}
    assert len(layouts) > 1
    assert all(sorted(lay) == sorted(T.CITY_BONUSES) for lay in layouts)


def test_M9_D3_nine_random_city_cards_sumatra_three() -> None:
    st = game(4, seed=2)
    assert len(st.cards) == 9 and len(set(st.cards.values())) == 9
    assert {"sumatra1", "sumatra2", "sumatra3"} <= set(st.cards)
    assert game(4, seed=3).cards != st.cards


def test_M10_first_post_tiles_on_large_cities() -> None:
    st = game(4)
    assert set(st.first_post) == set(T.LARGE_CITIES)
    assert len(set(st.first_post.values())) == 7


@pytest.mark.parametrize("players,pool", [(2, 3), (3, 4), (4, 5)])
def test_M11_black_dice_pool_is_players_plus_one(players: int, pool: int) -> None:
    assert game(players).black_pool == pool


def test_M12_D10_neutral_blockers_for_two_and_three_players() -> None:
    two, three, four = game(2), game(3), game(4)
    assert len(two.khan) == 2 and len(two.spaces["coins5"]) == 1
    assert len(three.khan) == 1 and not three.spaces["coins5"]
    assert not four.khan and not four.spaces["coins5"]
    # 2 players: the 5-coins space is always occupied, so it costs the die's value.
    st = ready(2)
    st = res(st, 0, char="matteo", dice=[("o", 4)])
    coins = p(st, 0).coin
    st, _ = play(st, 0, "place coins5 4")
    assert p(st, 0).coin == coins - 4 + 5


def test_M13_D2_characters_by_seat_in_basic() -> None:
    st = game(4)
    assert [q.char for q in st.players] == ["raschid", "matteo", "berke", "mercator"]


def test_M13_D2_advanced_draft_from_last_seat_with_players_plus_one() -> None:
    st = game(3, "advanced", seed=4)
    assert len(st.draft_offer) == 4
    assert E.to_act(st) == [2]
    first = st.draft_offer[0]
    st, _ = play(st, 2, f"choose {first}")
    assert E.to_act(st) == [1] and first not in st.draft_offer
    st, _ = play(st, 1, f"choose {st.draft_offer[0]}")
    st, _ = play(st, 0, f"choose {st.draft_offer[0]}")
    assert len(st.draft_offer) == 1  # the leftover goes back to the box
    assert st.phase == "goals" and E.to_act(st) == [0, 1, 2]
    for seat in range(3):
        offer = p(st, seat).goal_offer
        st, _ = play(st, seat, f"keep {offer[3]} {offer[0]}")
        assert p(st, seat).goals == tuple(sorted([offer[0], offer[3]]))
    assert st.phase == "play" and st.round == 1


def test_D21_adana_keeps_its_label() -> None:
    assert T.LOCATIONS["adana"]["name"] == "Adana"


def test_M64_same_seed_same_game_other_seed_other_game() -> None:
    assert E.dumps(game(4, seed=9)) == E.dumps(game(4, seed=9))
    assert E.dumps(game(4, seed=9)) != E.dumps(game(4, seed=10))


def test_M13_the_start_message_states_the_draft_order_last_seat_first() -> None:
    st = game(3, "advanced")
    event = E.setup_events(st)[0]
    assert event.params["order_seats"] == [2, 1, 0]
    text = CATALOG.text(event.key, event.params, names=["ann", "ben", "cat"])
    assert text.startswith("Character draft: cat, ben, ann choose in this order")
    for seat in (2, 1, 0):  # the order stated is the order asked
        assert E.to_act(st) == [seat]
        st, _ = play(st, seat, "choose " + E.complete(st, seat, "choose")[0])
    assert E.setup_events(game(3)) == []  # basic: no draft to announce


def test_M13_M51_M58_the_draft_shows_what_each_character_on_offer_does() -> None:
    """Issue 12.9: the advanced draft is never blind: start message, board view, help."""
    st = game(3, "advanced")
    offer = st.draft_offer
    lines = [e for e in E.setup_events(st) if e.key == "marco_polo.character_line"]
    assert [e.params["id"] for e in lines] == list(offer)
    for e in lines:
        text = CATALOG.text(e.key, e.params)
        ability = CATALOG.text(f"marco_polo.value.ability_{e.params['id']}")
        # The printed name, in the reader's language ("Niccolò and Marco Polo").
        value_key = f"marco_polo.value.{e.params['name']}"
        shown = CATALOG.text(value_key) if CATALOG.has(value_key) else e.params["name"]
        assert text.endswith(ability) and shown in text
    view = E.view(st, None)
    assert view.draft.abilities == {c: f"ability_{c}" for c in offer}
    assert len(E.help_lines()) == len(T.CHARACTERS)
    assert any("Never rolls" in line for line in E.help_lines())
    # once chosen, the choice says what the character does, and the seat's view carries it
    seat = E.to_act(st)[0]
    st, ev = play(st, seat, f"choose {offer[0]}")
    chose = next(e for e in ev if e.key == "marco_polo.chose_character")
    assert CATALOG.text(chose.key, chose.params).endswith(
        CATALOG.text(f"marco_polo.value.ability_{offer[0]}")
    )
    assert E.view(st, None).seats[seat].ability == f"ability_{offer[0]}"


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_M51_M58_every_character_ability_is_in_every_catalog(lang: str) -> None:
    for c in T.CHARACTERS:
        assert f"marco_polo.value.ability_{c}" in CATALOG.messages(lang)
    assert "marco_polo.character_line" in CATALOG.messages(lang)


def test_M51_M58_the_docs_list_every_character_with_the_catalogs_ability() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "games" / "marco_polo.md").read_text()
    for c in T.CHARACTERS:
        ability = CATALOG.text(f"marco_polo.value.ability_{c}")
        assert f"| `{c}` | {ability} |" in docs, c
