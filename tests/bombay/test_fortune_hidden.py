"""Consolidating one's fortune and hidden information (Y79, Y82–Y84, Y99)."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.view import Screen
from engines.kit import plain
from tests.bombay.helpers import at, keys, neighbour, new, play, sites_of


def test_Y79_fortune_spends_the_whole_turn_for_one_rupee() -> None:
    s = new(3)
    s2, events = play(s, 0, "fortune")
    assert s2.money[0] == s.money[0] + 1 and s2.current == 1
    assert keys(events) == ["bombay.fortune", "bombay.turn_over"]


def test_Y99_fortune_after_spending_ap_is_illegal() -> None:
    s = new(3)
    s, _ = play(s, 0, f"move {neighbour(s.sites[0], 'trading_post_site')}")
    with pytest.raises(IllegalAction, match="you have 2 left"):
        play(s, 0, "fortune")
    assert all(a.verb != "fortune" for a in ENGINE.legal_actions(s, 0))


def test_Y82_screen_contents_only_in_the_owners_private_view() -> None:
    s = new(3)
    s = at(s, 1, sites_of("city")[0], money=13, turn=False)
    mine = ENGINE.view(s, 1).private
    assert mine == Screen(
        seat_number=2,
        rupees=13,
        client_tokens=0,
        client_palace_tokens=0,
        city_tokens=(),
        city_palace_tokens=0,
        city_count=0,
    )
    public = json.dumps(plain(ENGINE.view(s, None)))
    assert "13" not in public and "private" not in public


def test_Y83_public_view_shows_the_table() -> None:
    v = plain(ENGINE.view(new(4), None))
    for key in (
        "elephants",
        "palaces",
        "palaces_left",
        "palace_tokens",
        "trading_posts",
        "markets",
        "demand",
        "city_stacks",
        "set",
        "game_turn",
        "first_player",
    ):
        assert key in v


def test_Y84_events_name_payouts_but_public_view_never_totals() -> None:
    s = new(3)
    s2, events = play(s, 0, "fortune")
    assert events[0].visible_to is None  # the table sees the action
    assert ENGINE.view(s2, None).screens is None
    assert "screens" not in plain(ENGINE.view(s2, None))


def test_Y83_last_turn_is_public_with_its_walk() -> None:
    s = new(3)
    a = s.sites[0]
    b = neighbour(a, "trading_post_site")
    c = neighbour(b, "palace_token_site")
    s, _ = play(s, 0, f"move {b}", f"move {c}")
    last = ENGINE.view(s, None).last
    assert last is not None
    assert last.seat == 0 and last.turn == (f"move {b}", f"move {c}")
    assert last.path == (a, b, c) and last.from_ == b and last.site == c
