"""Imhotep's computer player (#24.2): how it judges a position, and the shipper its search
plays. A position is worth what is built (the final scoring as it stands) plus what is under
way: stones on ships, on sleds and in quarries, the temple's tops, cards still working."""

from __future__ import annotations

from engines.ai.turns import cut_turn
from engines.imhotep import evaluation
from engines.imhotep.ai import KNOWLEDGE, rule_of_thumb, shortlist
from engines.imhotep.notation import parse
from engines.imhotep.state import State
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from tests.imhotep.helpers import ENGINE, edit, game, ships


def _even(players: int = 2) -> State:
    """A round-1 position with the sleds and quarries alike and every ship empty."""
    st = ships(game(players), "....", "...", "..", ".")
    return edit(st, sled=[2] * players, quarry=[20] * players)


def test_a_stone_is_worth_more_the_closer_it_is_to_a_site() -> None:
    """Quarry < sled < ship: each action that brings a stone nearer a site raises its owner's
    standing, so quarrying and loading are progress, not wasted turns."""
    base = _even()
    in_quarry = evaluation.scores(base)[0]
    on_sled = evaluation.scores(edit(base, quarry={0: 19}, sled={0: 3}))[0]
    on_ship = evaluation.scores(ships(edit(base, quarry={0: 19}), "0...", "...", "..", "."))[0]
    assert in_quarry < on_sled < on_ship


def test_I40_a_temple_top_counts_before_the_round_ends() -> None:
    """A column topped now pays at the round's end (I40): the position already counts it."""
    base = _even()
    topped = edit(base, temple=[0])
    assert evaluation.scores(topped)[0] > evaluation.scores(base)[0]
    assert evaluation.scores(topped)[1] == evaluation.scores(base)[1]


def test_in_the_last_round_a_sled_stone_without_a_place_on_a_ship_counts_nothing() -> None:
    """Round 6: stones left only break a tie (I78); a stone no ship has room for is worth
    nothing, one that still fits is worth a load."""
    last = edit(_even(), round=6)
    full = ships(last, "1111", "111", "11", "1")
    more = edit(full, sled={0: 4})
    assert evaluation.scores(more)[0] == evaluation.scores(full)[0]
    room = ships(last, "111.", "111", "11", "1")
    empty = evaluation.scores(edit(room, sled={0: 0}))[0]
    assert evaluation.scores(edit(room, sled={0: 4}))[0] == empty + evaluation.ON_SLED


def _obelisk_margin(state: State) -> float:
    points = evaluation.scores(state)
    return points[0] - points[1]


def test_I44_an_obelisk_lead_early_is_worth_less_than_the_whole_award() -> None:
    """Two players: first place on the obelisk pays 10, second 1 (I44). One stone ahead with
    five rounds to go is a lead that can still turn, worth less than the 9 points it is as it
    stands; the same lead in the last round is worth most of them, and a longer lead more
    than a short one."""
    base = _even()
    early = _obelisk_margin(edit(base, obelisk=[2, 1])) - _obelisk_margin(base)
    late = _obelisk_margin(edit(base, round=6, obelisk=[2, 1])) - _obelisk_margin(
        edit(base, round=6)
    )
    longer = _obelisk_margin(edit(base, obelisk=[4, 1])) - _obelisk_margin(base)
    assert 0 < early < late < 9
    assert late > 6  # most of them: a last stone or two may still come
    assert early < longer < 9


def test_I46_level_obelisk_stacks_share_the_awards_alike() -> None:
    """Tied stacks share first and second place (I46): the position favours neither seat,
    however high the stacks are."""
    assert _obelisk_margin(edit(_even(), obelisk=[3, 3])) == _obelisk_margin(_even())
    expected = evaluation.obelisk_expected(edit(_even(), obelisk=[3, 1]), 1.5)
    assert sum(expected) == 10 + 1  # what the two places hand out between them


def test_at_the_end_the_obelisk_counts_as_the_rules_score_it() -> None:
    """Once the game is over the evaluation is the final scoring itself (I44), no estimate."""
    over = edit(_even(), round=6, obelisk=[2, 1], over=True)
    assert evaluation.scores(over)[0] - evaluation.scores(over)[1] == 10 - 1


def test_I36_a_stone_at_the_pyramid_is_worth_the_next_space() -> None:
    st = _even()
    worth = [evaluation.stone_worth(st, 0, "pyramid", k) for k in range(3)]
    assert worth == [2.0, 1.0, 3.0]  # the fill order's first spaces (I36)


def test_the_shipper_quarries_with_an_empty_sled_rather_than_sail_a_rivals_ship() -> None:
    st = edit(ships(_even(), "111.", "...", "..", "."), sled={0: 0})
    ranked = shortlist(ENGINE, st, 0, 12)
    assert ranked[0] == "quarry"


def test_the_shipper_sails_its_own_stones_to_the_pyramid_and_a_rivals_elsewhere() -> None:
    """Its own ship to where its stones score most; a ship of a rival's stones not to the
    pyramid, whose first spaces pay the rival 2, 1 and 3 (I36), but to the burial chamber,
    where three scattered stones are worth less."""
    own = ships(_even(), "000.", "...", "..", ".")
    mine = {site: rule_of_thumb(own, 0, parse(f"sail 1 {site}")) for site in ("pyramid", "market")}
    assert mine["pyramid"] > mine["market"]
    theirs = ships(_even(), "111.", "...", "..", ".")
    rival = {
        site: rule_of_thumb(theirs, 0, parse(f"sail 1 {site}")) for site in ("pyramid", "burial")
    }
    assert rival["pyramid"] < rival["burial"]


def test_a_shortlist_keeps_two_loads_per_ship_and_every_other_kind_of_command() -> None:
    st = ships(_even(), "0...", "...", "..", ".")
    listed = shortlist(ENGINE, st, 0, 20)
    for ship in "1234":
        assert sum(1 for t in listed if t.startswith(f"load {ship} ")) <= 2
    assert "quarry" in listed
    legal = {str(a) for a in ENGINE.legal_actions(st, 0)}
    assert set(listed) <= legal


def test_the_computer_values_only_the_seats_own_information() -> None:
    """The knowledge's evaluation reads sleds, ships and sites, all public: two positions that
    differ only in the order of the market deck are judged alike."""
    st = _even()
    shuffled = edit(st, market_deck=list(reversed(st.market_deck)))
    assert KNOWLEDGE.scores(st) == KNOWLEDGE.scores(shuffled)


def test_each_listed_turn_is_one_command_the_search_need_not_cut() -> None:
    """``turns_cut``: every turn ``turns`` lists is a single legal command, so cutting it where
    the turn passes (``engines.ai.turns.cut_turn``) leaves it as it is."""
    state = game(3, seed=4)
    rng = Rng(seed_state(4))
    for _ in range(60):
        who = ENGINE.to_act(state)
        if not who:
            break
        seat = who[0]
        for turn in KNOWLEDGE.turns(ENGINE, state, seat, rng, 4):
            assert len(turn) == 1
            assert cut_turn(ENGINE, state, seat, turn)[0] == turn
        move = random_action(ENGINE, state, seat, rng)
        assert move is not None
        state, _ = ENGINE.play(state, seat, move)
