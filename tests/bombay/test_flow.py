"""Sets, game turns and turns of action points (Y26–Y30, Y40–Y44, Y80–Y81)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.bombay import ENGINE
from engines.bombay.components import board
from tests.bombay.helpers import at, keys, neighbour, new, play, sites_of, with_markets


def _ends(state, count: int):  # type: ignore[no-untyped-def]
    events = []
    for _ in range(count):
        state, evs = ENGINE.play(state, state.current, "end")
        events += evs
    return state, events


def test_Y26_a_set_is_restock_then_game_turns_then_end_of_set() -> None:
    s = new(4)
    s, events = _ends(s, 4 * 4)
    ks = keys(events)
    assert ks.index("bombay.set_ended") < ks.index("bombay.restock")
    assert s.set_no == 1 and s.game_turn == 0
    assert keys(events).count("bombay.set_ended") == 1 and keys(events).count("bombay.restock") == 1


def test_Y27_turns_go_clockwise_from_the_first_player() -> None:
    s = new(4)
    order = []
    for _ in range(5):
        order.append(s.current)
        s, _ = ENGINE.play(s, s.current, "end")
    assert order == [0, 1, 2, 3, 0]
    assert s.game_turn == 1


def test_Y28_the_set_ends_after_its_game_turns() -> None:
    s = new(5)  # 3 game turns per set
    s, _ = _ends(s, 5 * 3 - 1)
    assert s.set_no == 0 and s.game_turn == 2
    s, events = _ends(s, 1)
    assert s.set_no == 1 and "bombay.set_ended" in keys(events)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_Y29_game_ends_once_everyone_was_first_player_enough(players: int) -> None:
    s = new(players)
    firsts = []
    while not s.over:
        if s.game_turn == 0 and s.current == s.first and s.ap == 3:
            firsts.append(s.first)
        s, _ = ENGINE.play(s, s.current, "end")
    times = 2 if players == 2 else 1
    assert sorted(firsts) == sorted(list(range(players)) * times)
    assert ENGINE.to_act(s) == [] and ENGINE.result(s) is not None


@pytest.mark.parametrize(("players", "turns"), [(2, 16), (3, 15), (4, 16), (5, 15)])
def test_Y30_turns_per_player_in_a_game(players: int, turns: int) -> None:
    s = new(players)
    count = [0] * players
    while not s.over:
        count[s.current] += 1
        s, _ = ENGINE.play(s, s.current, "end")
    assert count == [turns] * players


def test_Y40_three_action_points_any_order_repeats_allowed() -> None:
    s = new(4)
    start = s.sites[0]
    n1 = neighbour(start, "trading_post_site")
    n2 = neighbour(n1, avoid=(start,))
    while board().sites[n2].kind == "hill":
        n2 = neighbour(n1, avoid=(start, n2))
    s, _ = play(s, 0, f"move {n1}")
    assert s.ap == 2 and s.current == 0
    s, _ = play(s, 0, f"move {n2}")
    assert s.ap == 1 and s.current == 0


def test_Y41_one_purchase_per_turn() -> None:
    post = sites_of("trading_post_site")[0]
    s = new(4)
    colour = s.post_at(post)
    s = with_markets(at(s, 0, post, money=5), **{colour: ("left", 3)})
    s, _ = play(s, 0, f"buy {colour}")
    assert s.bought and s.current == 0
    with pytest.raises(Exception, match="already bought"):
        play(s, 0, f"buy {colour}")


def test_Y42_end_at_any_moment_and_auto_end_at_zero_ap() -> None:
    s = new(3)
    s, events = play(s, 0, "end")
    assert s.current == 1 and keys(events) == ["bombay.ended"]
    assert s.ap == 3  # the next player's fresh turn
    s, events = play(s, 1, "fortune")  # spends all 3 AP: the turn passes by itself
    assert s.current == 2 and keys(events) == ["bombay.fortune", "bombay.turn_over"]


def test_Y42_turn_ends_by_itself_when_only_end_is_left() -> None:
    # Moving with the last AP leaves nothing to do: the turn passes without "end".
    s = new(4)
    s = at(s, 0, sites_of("empty_site")[0], ap=1)
    nxt = next(n for n in board().sites[s.sites[0]].neighbours if board().sites[n].kind != "hill")
    s, events = play(s, 0, f"move {nxt}")
    assert s.current == 1 and "bombay.turn_over" in keys(events)


def test_Y43_action_costing_more_ap_than_left_is_illegal() -> None:
    s = new(4)
    post = sites_of("trading_post_site")[0]
    colour = s.post_at(post)
    s = with_markets(at(s, 0, post, money=5, ap=1), **{colour: ("right", 2)})
    with pytest.raises(Exception, match="costs 2 action points; you have 1"):
        play(s, 0, f"buy {colour}")


def test_Y44_the_five_actions_are_the_verbs() -> None:
    assert [v.name for v in ENGINE.meta.verbs] == ["move", "buy", "sell", "build", "fortune", "end"]


def test_Y80_end_of_set_passes_first_player_empties_markets_reopens_posts() -> None:
    s = new(4)
    s = with_markets(s, blue=("left", 2))  # only blue open
    s = replace(s, game_turn=3, current=3)
    bag_before = sum(s.bag)
    carried = at(s, 3, s.sites[3], ("orange",), turn=True)
    s2, events = play(carried, 3, "end")
    assert keys(events)[:4] == [
        "bombay.ended",
        "bombay.set_ended",
        "bombay.posts_reopened",
        "bombay.restock",
    ]
    assert s2.first == 1 and s2.current == 1 and s2.set_no == 1
    assert s2.loads[3] == ("orange",)  # bales on elephants stay
    # the two market bales went back to the bag before the restock drew 9
    assert sum(s2.bag) + sum(s2.stock) == bag_before - 1 + 2
    assert sum(s2.stock) == 9


def test_Y81_everything_else_carries_over_to_the_next_set() -> None:
    s = new(2)
    s = at(s, 0, sites_of("empty_site")[0], ("blue",), money=7)
    s = replace(s, palaces=((sites_of("empty_site")[1], 1),), game_turn=3, current=1)
    s2, _ = play(s, 1, "end")
    assert s2.set_no == 1
    for name in ("sites", "loads", "palaces", "tokens", "demand", "stacks", "money", "posts"):
        assert getattr(s2, name) == getattr(s, name), name


def test_Y42_turn_passes_when_only_end_is_left_even_with_ap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The stand-in board always leaves a 1-AP move, so pretend a position with nothing to do.
    from engines.bombay import rules
    from engines.bombay.notation import Action

    real = rules.legal

    def only_end(state, seat, *, with_end=True):  # type: ignore[no-untyped-def]
        return [Action("end")] if with_end else []

    s = new(3)
    dest = neighbour(s.sites[0], "trading_post_site")
    assert real(s, 0)  # normally there is plenty to do
    monkeypatch.setattr(rules, "legal", only_end)
    s2, events = play(s, 0, f"move {dest}")
    assert s2.ap == 3 and s2.current == 1 and keys(events)[-1] == "bombay.turn_over"


def test_Y44_hand_built_actions_with_unknown_names_are_refused() -> None:
    from engines.base import IllegalAction
    from engines.bombay.notation import Action

    s = new(2)
    for bad in (
        Action("dance"),
        Action("move", "x9"),
        Action("buy", "red"),
        Action("build", pay="red"),
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, bad)


def test_Y42_a_player_out_of_time_ends_their_turn() -> None:
    s = new(3)
    assert ENGINE.timeout_action(s, 0) == "end" and ENGINE.timeout_action(s, 1) is None
    s2, _ = play(s, 0, ENGINE.timeout_action(s, 0) or "")
    assert s2.current == 1
