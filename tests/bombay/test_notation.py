"""The notation: canonical text, aliases, autocomplete order, and junk that changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import END, IllegalAction
from engines.bombay import ENGINE
from engines.bombay.components import board
from engines.bombay.state import State
from tests.bombay.helpers import at, new, sites_of, with_markets


def test_aliases_are_normalised_to_canonical_text() -> None:
    s = new(4)
    post = board().sites[sites_of("trading_post_site")[0]]
    assert str(ENGINE.parse(s, 0, f"MOVE {post.num}")) == f"move {post.id}"
    assert str(ENGINE.parse(s, 0, "buy P")) == "buy purple"
    assert str(ENGINE.parse(s, 0, "  sell   y ")) == "sell yellow"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "core.empty_action"),
        ("fly e3", "core.unknown_verb"),
        ("move", "bombay.move_needs_site"),
        ("move nowhere", "bombay.unknown_site"),
        ("buy", "bombay.buy_needs_colour"),
        ("sell red", "bombay.unknown_colour"),
        ("build pay", "bombay.build_syntax"),
        ("build pay=b pay=o", "bombay.build_syntax"),
        ("end now", "bombay.no_arguments"),
    ],
)
def test_bad_syntax_has_a_specific_reason(text: str, key: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        ENGINE.parse(new(2), 0, text)
    assert exc.value.key == key


def test_build_completion_offers_pay_before_take() -> None:
    g = sites_of("palace_token_site")[0]
    s = new(4)
    s = replace(s, tokens=tuple(p if p[0] != g else (g, "silk") for p in s.tokens))
    s = with_markets(at(s, 0, g, ("blue", "orange")), yellow=("left", 2), purple=("left", 2))
    assert ENGINE.complete(s, 0, "build") == ["pay=blue", "pay=orange"]
    assert sorted(ENGINE.complete(s, 0, "build pay=blue")) == ["take=purple", "take=yellow"]
    assert ENGINE.complete(s, 0, "build pay=blue take=yellow") == [END]


def _positions() -> list[State]:
    from engines.randomplay import random_action
    from engines.rng import Rng

    out = []
    for players in (2, 5):
        s = ENGINE.setup(players, ENGINE.meta.validate_options({}), players)
        rng = Rng(players)
        for step in range(120):
            if not ENGINE.to_act(s):
                break
            if step % 10 == 0:
                out.append(s)
            text = random_action(ENGINE, s, s.current, rng)
            assert text is not None
            s, _ = ENGINE.play(s, s.current, text)
    return out


POSITIONS = _positions()
WORDS = ["move", "buy", "sell", "build", "fortune", "end", "pay=", "take=", "x", "=", "0", "99"]
WORDS += list(board().sites) + ["yellow", "blue", "purple", "orange", "y", "b", "p", "o"]
WORDS += ["pay=blue", "pay=yellow", "take=orange", "take=purple", "17", "3"]


def test_every_listed_action_round_trips_through_parse() -> None:
    for s in POSITIONS:
        for action in ENGINE.legal_actions(s, s.current):
            assert ENGINE.parse(s, s.current, str(action)) == action


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(POSITIONS) - 1), st.lists(st.sampled_from(WORDS), max_size=4))
def test_junk_is_refused_without_change_or_is_a_legal_action(index: int, words: list[str]) -> None:
    s = POSITIONS[index]
    text = " ".join(words)
    before = ENGINE.dumps(s)
    legal = {str(a) for a in ENGINE.legal_actions(s, s.current)}
    try:
        action = ENGINE.parse(s, s.current, text)
        ENGINE.apply(s, s.current, action)
    except IllegalAction:
        pass
    else:
        assert str(action) in legal
    assert ENGINE.dumps(s) == before
