"""Bombay's computer player (#24): what it reads, how it judges a position, the turns it weighs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.ai.seats import choose
from engines.bombay import ENGINE, evaluation, tally
from engines.bombay.ai import KNOWLEDGE, margin, whole_turns
from engines.bombay.state import State
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from tests.bombay.helpers import at, neighbour, new, play, sites_of, with_demand, with_markets


def _random_game(players: int, seed: int, **options: str) -> list[tuple[State, list[Any]]]:
    """Every state of a random game with the events that led to it (draws included)."""
    state = ENGINE.setup(players, ENGINE.meta.validate_options(options), seed)
    rng = Rng(seed_state(seed))
    out = [(state, list(ENGINE.setup_events(state)))]
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        move = random_action(ENGINE, state, seat, rng)
        assert move is not None
        state, events = ENGINE.play(state, seat, move)
        out.append((state, events))
    return out


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {}),
        (4, 3, {"client_tokens_limited": "true"}),
        (5, 4, {}),
        (5, 5, {"five_player_start_money": "bga"}),
    ],
)
def test_Y84_the_table_counts_every_screen_from_the_public_events(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """Y82 hides the screens, Y84 shows every action and its payout: counting the public events
    gives every seat's rupees, clients, city tokens and kept palace tokens at every moment. So a
    computer reading a rival's screen reads what a careful player knows (fairness #24.7c)."""
    game = _random_game(players, seed, **options)
    screens = tally.start(players, options.get("five_player_start_money", "printed"))
    for state, events in game:
        tally.count(screens, events)
        for s in range(players):
            assert screens[s].rupees == state.money[s]
            assert screens[s].clients == state.clients[s]
            assert screens[s].cities == set(state.cities[s])
            assert sorted(screens[s].kept) == sorted(state.kept[s])


def _mid_game(players: int = 3, seed: int = 7, moves: int = 40) -> State:
    """A random game's position at the start of a turn, after at least ``moves`` commands."""
    state = ENGINE.setup(players, ENGINE.meta.validate_options({}), seed)
    rng = Rng(seed_state(seed))
    done = 0
    while done < moves or state.ap < 3:
        done += 1
        seat = ENGINE.to_act(state)[0]
        move = random_action(ENGINE, state, seat, rng)
        assert move is not None
        state, _ = ENGINE.play(state, seat, move)
    return state


def test_the_choice_does_not_change_with_what_the_public_log_leaves_open() -> None:
    """What the public log leaves open in Bombay is the bag's future draws (Y31, Y38): the
    screens follow from it (the test above). A state with another future, consistent with every
    public event, gives the same choice; a rival's rupees changed against the log is something
    a counting player would notice (the count disagrees)."""
    state = _mid_game()
    seat = ENGINE.to_act(state)[0]
    other_future = replace(state, rng=Rng(seed_state(99)).next64())
    first = choose(ENGINE, state, seat, "normal", Rng(4), iterations=60)
    second = choose(ENGINE, other_future, seat, "normal", Rng(4), iterations=60)
    assert first == second
    rival = (seat + 1) % state.players
    money = list(state.money)
    money[rival] += 5
    against_the_log = replace(state, money=tuple(money))
    assert against_the_log.money != state.money  # such a state contradicts the count above


def test_whole_turns_are_legal_in_order_and_end_the_turn() -> None:
    """Each candidate turn (Y40) is a sequence of legal commands after which the seat no longer
    acts; ``fortune`` (Y79) is among them at a turn's start; different turns end differently."""
    state = _mid_game()
    seat = ENGINE.to_act(state)[0]
    turns = KNOWLEDGE.turns(ENGINE, state, seat, Rng(1), 500)
    assert ("fortune",) in turns
    ends = set()
    for turn in turns:
        now = state
        for i, text in enumerate(turn):
            assert ENGINE.to_act(now) == [seat], turn
            now, _ = ENGINE.play(now, seat, text)
            if i < len(turn) - 1:
                assert ENGINE.to_act(now) == [seat], turn
        assert now.current != seat or now.set_no != state.set_no
        ends.add((now.sites[seat], now.loads[seat], now.money, now.palaces, now.demand))
    assert len(ends) == len(turns)


def test_a_short_list_of_turns_is_the_traders_and_legal() -> None:
    """Inside the search's tree a few turns are asked for, cheaply: the trader's rule of thumb
    played out, each legal in order and ending the turn, all different."""
    for seed in range(4):
        state = _mid_game(4, seed, 25)
        seat = ENGINE.to_act(state)[0]
        turns = KNOWLEDGE.turns(ENGINE, state, seat, Rng(seed), 4)
        assert 1 <= len(turns) <= 4 and len(set(turns)) == len(turns)
        for turn in turns:
            now = state
            for text in turn:
                assert ENGINE.to_act(now) == [seat]
                now, _ = ENGINE.play(now, seat, text)
            assert ENGINE.to_act(now) != [seat]


def test_whole_turns_come_best_looking_first() -> None:
    state = _mid_game()
    seat = ENGINE.to_act(state)[0]
    found = whole_turns(ENGINE, state, seat)
    turns = KNOWLEDGE.turns(ENGINE, state, seat, Rng(1), 500)
    rated = [margin(found[t], seat) for t in turns]
    assert rated == sorted(rated, reverse=True)


def test_policy_plays_legal_commands_and_sells_into_demand() -> None:
    """The rollouts' trader: always a legal command; in a city that demands a carried bale, it
    sells it (Y55) rather than walking on or consolidating."""
    for state in [_mid_game(3, s, 30 + s) for s in range(4)]:
        seat = ENGINE.to_act(state)[0]
        for r in range(5):
            move = KNOWLEDGE.policy(ENGINE, state, seat, Rng(r))
            assert move is not None
            ENGINE.play(state, seat, move)
    city = sites_of("city")[0]
    s = with_demand(new(3), city, ("yellow", "blue", "purple"))
    s = at(s, 0, city, ("yellow",))
    sells = [KNOWLEDGE.policy(ENGINE, s, 0, Rng(r)) for r in range(40)]
    assert sells.count("sell yellow") >= 30


def test_with_a_sale_in_reach_consolidating_is_no_candidate() -> None:
    """Y56 against Y79: with a bale a city here buys (4 rupees and a city token), ``fortune``
    would only put the sale off: it is not among the turns weighed, and the best of them sells.
    Without a bale ``fortune`` is weighed again."""
    city = sites_of("city")[0]
    s = with_demand(new(3), city, ("blue", "yellow", "purple"))
    s = at(s, 0, city, ("blue",))
    turns = KNOWLEDGE.turns(ENGINE, s, 0, Rng(1), 500)
    assert ("fortune",) not in turns
    assert any("sell blue" in t for t in turns)
    empty = at(s, 0, city, ())
    assert ("fortune",) in KNOWLEDGE.turns(ENGINE, empty, 0, Rng(1), 500)


def test_buying_where_the_next_sale_pays_rates_above_consolidating() -> None:
    """A bale that a city buys back at the top of its demand for more than its price (Y50, Y56)
    is worth walking to: a turn spent walking to it and buying rates above ``fortune``."""
    s = new(3)
    post, colour = s.posts[0]
    s = with_markets(s, **{colour: ("left", 3)})
    start = neighbour(post)
    s = at(s, 0, start, money=5)
    for i, column in enumerate(s.demand):
        if colour in column:
            s = with_demand(s, sites_of("city")[i], (colour, *[c for c in column if c != colour]))
    walked, _ = play(s, 0, f"move {post}", f"buy {colour}", "end")
    fortune, _ = ENGINE.play(s, 0, "fortune")
    assert evaluation.scores(walked)[0] > evaluation.scores(fortune)[0]


def test_at_the_end_the_evaluation_is_the_final_score() -> None:
    """Once the game is over nothing is under way: rupees plus the bonuses (Y86), within the
    soft empire ranking's rounding."""
    state = _random_game(4, 11)[-1][0]
    result = ENGINE.result(state)
    assert result is not None
    for got, final in zip(evaluation.scores(state), result.scores, strict=True):
        assert abs(got - final) < 1.0
