"""Every message the engine can send has an English template whose fields it fills."""

from __future__ import annotations

import re
from pathlib import Path

from engines.bombay import ENGINE
from engines.catalog import CATALOG
from engines.kit import private_fields
from engines.rng import Rng

SOURCE = Path(__file__).resolve().parents[2] / "engines" / "bombay"


def test_every_literal_message_key_in_the_engine_has_a_template() -> None:
    keys: set[str] = set()
    for path in SOURCE.glob("*.py"):
        keys |= set(re.findall(r'"(bombay\.[a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    # keys built from a name: palace tokens and the verbs that need a colour
    keys |= {f"bombay.token_{t}" for t in ("client", "city", "rupees2", "silk")}
    keys |= {"bombay.buy_needs_colour", "bombay.sell_needs_colour"}
    missing = sorted(k for k in keys if not CATALOG.has(k))
    assert not missing


def test_score_categories_have_labels() -> None:
    for category in ("rupees", "empire", "city"):
        assert CATALOG.has(f"bombay.score.{category}")


def test_events_of_many_games_fill_their_templates() -> None:
    seen: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 4
        state = ENGINE.setup(players, ENGINE.meta.validate_options({}), seed)
        rng = Rng(seed)
        while ENGINE.to_act(state):
            acts = ENGINE.legal_actions(state, state.current)
            real = [a for a in acts if a.verb != "end"]
            action = rng.choice(real) if real and rng.below(10) else rng.choice(acts)
            state, events = ENGINE.apply(state, state.current, action)
            # A set's restock is a chance step of its own (engines.bombay.chance).
            state, steps = ENGINE.settle(state)
            for e in events + [e for _, more in steps for e in more]:
                assert CATALOG.has(e.key), e.key
                assert CATALOG.fields(e.key) <= set(e.params), e
                seen.add(e.key)
    # the common events all occurred
    for key in ("moved", "bought", "sold", "built", "restock", "set_ended", "palace_income"):
        assert f"bombay.{key}" in seen, key


def test_event_sentences_read_as_english_for_every_colour() -> None:
    # "a orange bale" was printed once: colours follow "one", never an article
    for colour in ("yellow", "blue", "purple", "orange"):
        for key, extra in (
            ("bombay.bought", {"market": "left", "rupees": 1, "ap": 1}),
            ("bombay.sold", {"city": "Bombay", "position": "top", "got": {"rupee": 4}}),
            ("bombay.built", {"site": "h1"}),
            ("bombay.token_silk", {}),
        ):
            text = CATALOG.text(key, {"seat": 0, "colour": colour, **extra}, names=["ana"])
            assert f"one {colour} bale" in text or f"one free {colour} bale" in text, text
            assert f"a {colour}" not in text


def test_Y90_private_screen_labels_the_city_count() -> None:
    view = ENGINE.view(ENGINE.setup(2, ENGINE.meta.validate_options({}), 1), 0)
    for key, _ in private_fields(view):
        assert CATALOG.has(f"bombay.private.{key}"), key
