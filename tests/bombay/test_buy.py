"""Buying silk (Y49–Y54, Y92–Y94, Y104)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.state import State
from tests.bombay.helpers import (
    COLOURS,
    at,
    event,
    keys,
    neighbour,
    new,
    play,
    sites_of,
    with_markets,
)


def _at_post(market: str = "left", count: int = 2, **kw: object) -> tuple[State, str, str]:
    s = new(4)
    post = sites_of("trading_post_site")[0]
    colour = s.post_at(post)
    assert colour is not None
    s = with_markets(s, **{colour: (market, count)})
    return at(s, 0, post, **kw), post, colour  # type: ignore[arg-type]


def test_Y49_buy_at_open_post_of_its_colour() -> None:
    s, post, colour = _at_post(money=3)
    s2, events = play(s, 0, f"buy {colour}")
    assert s2.loads[0] == (colour,)
    assert event(events, "bombay.bought")["colour"] == colour
    other = next(c for c in COLOURS if c != colour)
    with pytest.raises(IllegalAction, match=f"sells {colour} silk only"):
        play(with_markets(s, **{other: ("left", 2), colour: ("left", 2)}), 0, f"buy {other}")


def test_Y49_buy_needs_a_trading_post() -> None:
    s = at(new(4), 0, sites_of("empty_site")[0])
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, "buy blue")
    assert exc.value.key == "bombay.buy_not_at_post"


@pytest.mark.parametrize(
    ("market", "rupees", "ap"), [("left", 1, 1), ("middle", 1, 2), ("right", 2, 2)]
)
def test_Y50_price_by_market(market: str, rupees: int, ap: int) -> None:
    s, _, colour = _at_post(market, money=5)
    s2, events = play(s, 0, f"buy {colour}")
    assert s2.money[0] == 5 - rupees
    assert event(events, "bombay.bought")["ap"] == ap
    assert s2.ap == 3 - ap and s2.current == 0


def test_Y51_bale_moves_from_market_to_elephant() -> None:
    s, _, colour = _at_post("left", 3, money=2)
    i = COLOURS.index(colour)
    s2, _ = play(s, 0, f"buy {colour}")
    assert s2.stock[i] == 2 and s2.loads[0] == (colour,) and s2.money[0] == 1


def test_Y52_last_bale_closes_every_post_of_the_colour() -> None:
    s, post, colour = _at_post("left", 1, money=2)
    s2, events = play(s, 0, f"buy {colour}")
    assert "bombay.post_closed_event" in keys(events)
    posts = ENGINE.view(s2, None).trading_posts
    same = [p for p, v in posts.items() if v.colour == colour]
    assert len(same) == 2 and all(not posts[p].open for p in same)


def test_Y53_one_bale_per_purchase_and_silk_token_is_not_a_purchase() -> None:
    s, post, colour = _at_post("left", 3, money=5)
    s2, _ = play(s, 0, f"buy {colour}")
    assert len(s2.loads[0]) == 1 and s2.bought
    # silk token after a purchase: still allowed, and the turn's purchase stays used once
    g = neighbour(post, "palace_token_site")
    s3 = replace(s2, tokens=((g, "silk"),), sites=(g, *s2.sites[1:]))
    s3, events = play(s3, 0, "build")
    assert "bombay.token_silk" in keys(events) and s3.loads[0] == (colour,)


def test_Y54_seed_example_grey_buys_purple_from_the_middle_market() -> None:
    s = new(4)
    grey = 0
    # a purple trading post next to hill A, as on the rulebook's picture
    post = neighbour(s.sites[grey], "trading_post_site")
    s = replace(s, posts=tuple((p, "purple" if p == post else c) for p, c in s.posts))
    s = with_markets(s, purple=("middle", 2), blue=("left", 4), yellow=("left", 3))
    money = s.money[grey]
    s, _ = play(s, grey, f"move {post}")
    assert s.ap == 2
    s, events = play(s, grey, "buy purple")
    assert event(events, "bombay.bought") == {
        "seat": grey,
        "colour": "purple",
        "market": "middle",
        "rupees": 1,
        "ap": 2,
    }
    assert s.money[grey] == money - 1 and s.loads[grey] == ("purple",)
    assert s.current == 1  # 3 AP spent: the next player's turn


def test_Y92_purchase_with_a_full_elephant_is_illegal() -> None:
    s, _, colour = _at_post(money=5, bales=("blue", "blue"))
    with pytest.raises(IllegalAction, match="already carries two bales"):
        play(s, 0, f"buy {colour}")


def test_Y93_second_purchase_in_a_turn_is_illegal_even_elsewhere() -> None:
    s = new(4)
    posts = sites_of("trading_post_site")
    a, b = posts[0], next(p for p in posts if s.post_at(p) != s.post_at(posts[0]))
    s = with_markets(s, **{c: ("left", 2) for c in COLOURS})
    s = at(s, 0, a, money=5)
    s, _ = play(s, 0, f"buy {s.post_at(a)}")
    s = at(s, 0, b, turn=False)
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, f"buy {s.post_at(b)}")
    assert exc.value.key == "bombay.already_bought"


def test_Y94_buying_at_a_closed_post_is_illegal() -> None:
    s, post, colour = _at_post("left", 0, money=5)
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, f"buy {colour}")
    assert exc.value.key == "bombay.post_closed"


def test_Y104_money_never_below_zero_purchase_not_affordable() -> None:
    s, _, colour = _at_post("right", money=1)
    with pytest.raises(
        IllegalAction, match=r"You have 1 rupee; a bale from the right market costs 2"
    ):
        play(s, 0, f"buy {colour}")
    assert all(a.verb != "buy" for a in ENGINE.legal_actions(s, 0))


def test_Y53_silk_token_before_a_purchase_leaves_the_purchase_free() -> None:
    s = new(4)
    post = sites_of("trading_post_site")[0]
    colour = s.post_at(post)
    assert colour is not None
    g = neighbour(post, "palace_token_site")
    s = replace(s, tokens=((g, "silk"),))
    s = with_markets(at(s, 0, g, ("blue",), money=3), **{colour: ("left", 3)})
    s, events = play(s, 0, "build", f"move {post}")
    assert "bombay.token_silk" in keys(events) and not s.bought
    s, events = play(s, 0, f"buy {colour}")
    assert "bombay.bought" in keys(events) and len(s.loads[0]) == 2
