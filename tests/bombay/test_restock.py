"""Restock and closed trading posts (Y31–Y39)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.base import CHANCE
from engines.bombay import ENGINE
from engines.bombay.rules import draw_from_bag, restock, sort_into_markets
from engines.rng import Rng
from tests.bombay.helpers import (
    COLOURS,
    at,
    demand_of,
    event,
    keys,
    neighbour,
    new,
    play,
    sites_of,
    with_markets,
)


def _markets(drawn: dict[str, int]) -> dict[str, list[str]]:
    counts = [drawn.get(c, 0) for c in COLOURS]
    placed = sort_into_markets(counts)
    return {
        name: [c for i, c in enumerate(COLOURS) if placed[i] == m]
        for m, name in enumerate(("left", "middle", "right"))
    }


def test_Y31_restock_draws_nine_at_the_start_of_every_set() -> None:
    s = new(4)
    assert sum(s.stock) == 9
    s = replace(s, game_turn=3, current=3)
    s, events = play(s, 3, "end")
    assert sum(s.stock) == 9 and "bombay.restock" in keys(events)
    restock_event = next(e for e in events if e.key == "bombay.restock")
    assert restock_event.reveals  # an undo barrier: the draw showed hidden bales


def test_Y32_sorting_by_count_into_three_markets() -> None:
    assert _markets({"blue": 4, "orange": 3, "purple": 1, "yellow": 1}) == {
        "left": ["blue"],
        "middle": ["orange"],
        "right": ["yellow", "purple"],
    }
    # a colour drawn 9 times fills only the left market; middle and right stay empty
    assert _markets({"orange": 5, "blue": 4}) == {
        "left": ["orange"],
        "middle": ["blue"],
        "right": [],
    }


def test_Y33_each_colour_in_at_most_one_market() -> None:
    rng = Rng(1)
    for _ in range(200):
        drawn, _ = draw_from_bag((3, 5, 4, 5), 9, rng)
        placed = sort_into_markets(drawn)
        assert all((placed[i] >= 0) == (drawn[i] > 0) for i in range(4))


def test_Y34_seed_example_one() -> None:
    # 3 yellow, 3 blue, 2 purple, 1 orange → left yellow+blue, middle purple, right orange
    assert _markets({"yellow": 3, "blue": 3, "purple": 2, "orange": 1}) == {
        "left": ["yellow", "blue"],
        "middle": ["purple"],
        "right": ["orange"],
    }


def test_Y34_seed_example_two() -> None:
    # 3 orange, 2 blue, 2 purple, 2 yellow → left orange, middle the rest, right empty
    assert _markets({"orange": 3, "blue": 2, "purple": 2, "yellow": 2}) == {
        "left": ["orange"],
        "middle": ["yellow", "blue", "purple"],
        "right": [],
    }


def test_Y35_undrawn_colour_cannot_be_bought_this_set() -> None:
    s = new(4)
    post = sites_of("trading_post_site")[0]
    colour = s.post_at(post)
    others = {c: ("left", 3) for c in COLOURS if c != colour}
    s = with_markets(at(s, 0, post, money=9), **others)
    assert not s.is_open(colour)
    with pytest.raises(Exception, match="closed"):
        play(s, 0, f"buy {colour}")
    assert ENGINE.view(s, None).trading_posts[post].open is False


def test_Y36_restock_event_names_closed_colours() -> None:
    # Given a set's last turn ended: the state waits for the restock (a chance step)
    s = replace(new(4), game_turn=3, current=3)
    s, _ = ENGINE.apply(s, 3, ENGINE.parse(s, 3, "end"))
    assert ENGINE.to_act(s) == [CHANCE]
    # when the draw is forced by applying it: only blue and orange
    s, events = ENGINE.apply(s, CHANCE, ENGINE.parse(s, CHANCE, "restock blue=5 orange=4"))
    # then the undrawn colours' posts are closed, and the set's first player plays
    assert s.stock == (0, 5, 0, 4) and s.market == (-1, 0, -1, 1)
    closed = next(e for e in events if e.key == "bombay.posts_closed_at_restock")
    assert closed.params["colours"] == ["yellow", "purple"]
    assert [s.is_open(c) for c in COLOURS] == [False, True, False, True]
    assert ENGINE.to_act(s) == [s.first]


def test_Y37_closed_post_is_still_a_post_walkable_and_unbuildable() -> None:
    s = new(4)
    post = sites_of("trading_post_site")[0]
    s = with_markets(s)  # everything closed
    s = at(s, 0, post, ("blue",))
    assert all(a.verb != "build" for a in ENGINE.legal_actions(s, 0))
    with pytest.raises(Exception, match="trading post"):
        play(s, 0, "build")
    # elephants walk onto and off a closed post as usual
    away = neighbour(post, "palace_token_site")
    s, _ = play(s, 0, f"move {away}", f"move {post}")
    assert s.sites[0] == post


def test_Y38_spent_bales_go_to_the_bag_not_the_market() -> None:
    s = new(4)
    city = sites_of("city")[0]
    column = demand_of(s, city)
    s = with_markets(at(s, 0, city, (column[0],)))
    before_stock = s.stock
    s2, _ = play(s, 0, f"sell {column[0]}")
    i = COLOURS.index(column[0])
    assert s2.bag[i] == s.bag[i] + 1 and s2.stock == before_stock
    assert not s2.is_open(column[0])


def test_Y39_posts_reopen_at_end_of_set_and_restock_may_close_again() -> None:
    # Given set 1 with only blue in the markets (orange, yellow and purple posts closed), and
    # every yellow and purple bale on the elephants, so the next restock can draw only blue
    # and orange (10 bales in the bag, 9 drawn: both colours are certainly drawn)
    s = new(4)
    for seat, load in enumerate(
        (("yellow", "yellow"), ("yellow", "purple"), ("purple", "purple"), ("purple",))
    ):
        s = at(s, seat, s.sites[seat], load, turn=False)
    s = with_markets(s, blue=("left", 1))
    s = replace(s, game_turn=3, current=3)
    posts = ENGINE.view(s, None).trading_posts
    assert {v.colour for v in posts.values() if v.open} == {"blue"}
    # when the set ends
    s2, events = play(s, 3, "end")
    # then the posts were turned open, and the restock closed the undrawn colours at once
    assert keys(events).index("bombay.posts_reopened") < keys(events).index("bombay.restock")
    posts = ENGINE.view(s2, None).trading_posts
    assert {v.colour for v in posts.values() if v.open} == {"blue", "orange"}
    assert event(events, "bombay.posts_closed_at_restock")["colours"] == ["yellow", "purple"]
    # orange, closed all of set 1, can be bought again
    orange = next(p for p, v in posts.items() if v.colour == "orange")
    s3 = at(s2, s2.current, orange, (), money=5)
    s3, events = play(s3, s3.current, "buy orange")
    assert "bombay.bought" in keys(events)


def test_Y101_restock_with_fewer_than_nine_bales_draws_them_all() -> None:
    # five players each carrying two bales: 10 on elephants, 7 left for the restock
    s = new(5)
    s = replace(
        s,
        loads=(
            ("blue", "blue"),
            ("orange", "orange"),
            ("purple", "purple"),
            ("blue", "orange"),
            ("yellow", "yellow"),
        ),
        bag=(1, 2, 2, 2),
        stock=(0, 0, 0, 0),
        market=(-1,) * 4,
    )
    s, events = restock(s)
    assert s.stock == (1, 2, 2, 2) and s.bag == (0, 0, 0, 0)
    assert s.market == (1, 0, 0, 0)
    assert event(events, "bombay.restock")["left"] == {"blue": 2, "purple": 2, "orange": 2}


@given(st.lists(st.integers(min_value=0, max_value=5), min_size=4, max_size=4))
def test_Y32_sorting_properties_for_any_draw(drawn: list[int]) -> None:
    placed = sort_into_markets(drawn)
    present = [i for i in range(4) if drawn[i]]
    assert all((placed[i] >= 0) == (drawn[i] > 0) for i in range(4))
    if present:
        top = max(drawn)
        # left holds exactly the colours tied for the highest count
        assert {i for i in range(4) if placed[i] == 0} == {i for i in present if drawn[i] == top}
        # a market further right never holds a colour with a higher count
        for i in present:
            for j in present:
                if placed[i] < placed[j]:
                    assert drawn[i] > drawn[j]
        # the middle market is filled whenever any colour is left after the left market
        if any(placed[i] > 0 for i in present):
            assert any(placed[i] == 1 for i in present)


def test_Y31_the_first_restock_is_announced_when_the_game_starts() -> None:
    state = ENGINE.setup(3, ENGINE.meta.validate_options({}), 5)
    events = ENGINE.setup_events(state)
    assert events[0].key == "bombay.restock" and events[0].reveals
    assert events[0].params["set"] == 1 and events[0].params["seat"] == state.first
    shown = [n for m in ("left", "middle", "right") for n in events[0].params[m].values()]
    # Every drawn bale is announced in the market it was sorted into, and nothing else.
    assert sum(shown) == sum(state.stock) == 9
