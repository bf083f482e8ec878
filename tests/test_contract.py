"""The engine contract, checked for every engine in the registry (DESIGN.md, "The engine contract").

A new game is covered by these tests as soon as it is registered; nothing here names a game.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.base import END, Engine, IllegalAction
from engines.catalog import CATALOG
from engines.kit import View, plain
from engines.randomplay import random_action, random_play
from engines.rng import Rng

ENGINES = engines.all_engines()
IDS = [e.meta.id for e in ENGINES]

GARBAGE = [
    "",
    "   ",
    "x",
    "zzz 1 2 3",
    "move",
    "🐘 ∞ ß",
    "move -1",
    "buy 99999999999999999999",
    "sell sell sell",
    "a" * 5000,
    "end " * 500,
    "\x00\x01\n\t",
    "=",
    "card=",
    "@@@",
    "drop table games;",
    "１２３",
]


def option_sets(engine: Engine[Any, Any]) -> list[dict[str, str]]:
    """Defaults, plus each non-default choice of each option once."""
    sets = [engine.meta.validate_options({})]
    for o in engine.meta.options:
        for c in o.choices:
            if c != o.default:
                sets.append(engine.meta.validate_options({o.name: c}))
    return sets


def walk(engine: Engine[Any, Any], state: Any, seat: int, limit: int = 3000) -> set[str]:
    """Every whole action reachable through ``complete`` (up to ``limit``)."""
    found: set[str] = set()
    stack = [""]
    while stack and len(found) < limit:
        prefix = stack.pop()
        for tok in engine.complete(state, seat, prefix):
            if tok == END:
                found.add(prefix)
            else:
                assert tok and " " not in tok, f"bad token {tok!r} after {prefix!r}"
                stack.append(f"{prefix} {tok}".strip())
    return found


def states_of_random_game(
    engine: Engine[Any, Any], players: int, options: dict[str, str], seed: int, cap: int
) -> list[tuple[Any, int, str]]:
    """(state, seat, action) along one random game, at most ``cap`` steps."""
    state = engine.setup(players, options, seed)
    state, steps = random_play(engine, state, Rng(seed + 99), cap)
    return [*steps, (state, -1, "")]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_metadata_is_complete(engine: Engine[Any, Any]) -> None:
    m = engine.meta
    assert m.id and m.title and 1 <= m.min_players <= m.max_players
    assert m.verbs, "an engine lists its verbs for help and slash commands"
    for v in m.verbs:
        assert v.name.islower() and v.help, v
        for p in v.params:
            assert p.name and p.help, (v.name, p)
    for o in m.options:
        assert o.default in o.choices, o


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_same_seed_same_actions_same_state(engine: Engine[Any, Any]) -> None:
    opts = engine.meta.validate_options({})
    a = states_of_random_game(engine, engine.meta.min_players, opts, 7, 150)
    b = states_of_random_game(engine, engine.meta.min_players, opts, 7, 150)
    assert [engine.dumps(s) for s, _, _ in a] == [engine.dumps(s) for s, _, _ in b]
    assert [t for _, _, t in a] == [t for _, _, t in b]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_dump_load_round_trip_every_step(engine: Engine[Any, Any]) -> None:
    for players in range(engine.meta.min_players, engine.meta.max_players + 1):
        for opts in option_sets(engine)[:3]:
            for state, _, _ in states_of_random_game(engine, players, opts, players, 400):
                text = engine.dumps(state)
                assert json.loads(text)["format"] == engine.format_version
                assert engine.dumps(engine.loads(text)) == text


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_complete_agrees_with_legal_actions_and_every_legal_action_applies(
    engine: Engine[Any, Any],
) -> None:
    opts = engine.meta.validate_options({})
    steps = states_of_random_game(engine, engine.meta.max_players, opts, 3, 120)
    for state, _, _ in steps[::3]:
        for seat in range(engine.meta.max_players):
            listed = engine.legal_actions(state, seat)
            walked = walk(engine, state, seat)
            if seat not in engine.to_act(state):
                assert not listed and not walked, "only seats in to_act have actions"
                continue
            if listed is not None:
                canon = {str(a) for a in listed}
                assert walked == canon
                for text in canon:
                    assert str(engine.parse(state, seat, text)) == text
            before = engine.dumps(state)
            for text in itertools.islice(sorted(walked), 60):
                engine.play(state, seat, text)  # must not raise
                assert engine.dumps(state) == before, "apply mutated its input"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_garbage_raises_illegal_action_and_changes_nothing(engine: Engine[Any, Any]) -> None:
    opts = engine.meta.validate_options({})
    steps = states_of_random_game(engine, engine.meta.min_players, opts, 11, 60)
    rng = Rng(5)
    for state, _, _ in steps[::10]:
        before = engine.dumps(state)
        seats = engine.to_act(state) or [0]
        others = [s for s in range(engine.meta.min_players) if s not in seats]
        randoms = [
            " ".join(
                rng.choice(["move", "buy", "sell", "1", "-3", "x=y", "end", "9" * 30, "é"])
                for _ in range(rng.randint(1, 6))
            )
            for _ in range(20)
        ]
        for text in GARBAGE + randoms:
            for seat in seats + others[:1]:
                try:
                    engine.play(state, seat, text)
                except IllegalAction as exc:
                    assert CATALOG.has(exc.key), f"no catalog message for {exc.key}"
                    assert str(exc) and len(str(exc)) < 500
                else:
                    # Random tokens may spell a legal action; that is fine only for the seat
                    # whose turn it is and only if listed/completable.
                    assert seat in engine.to_act(state), f"{text!r} accepted from seat {seat}"
                    # An alias (e.g. a site's number) is fine if its canonical form is legal.
                    assert str(engine.parse(state, seat, text)) in walk(engine, state, seat)
                assert engine.dumps(state) == before


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_public_view_is_private_view_without_private_part(engine: Engine[Any, Any]) -> None:
    opts = engine.meta.validate_options({})
    players = engine.meta.max_players
    for state, _, _ in states_of_random_game(engine, players, opts, 21, 300)[::7]:
        seen = engine.view(state, None)
        public = plain(seen)
        json.dumps(public)
        assert "private" not in public
        for seat in range(players):
            view = engine.view(state, seat)
            if isinstance(view, View):  # typed (#14): it says who looks; the rest is the public's
                assert isinstance(seen, View) and seen.seat is None and view.seat == seat
                assert replace(view, seat=None, private=None) == seen
            mine = plain(view)
            assert "private" in mine
            json.dumps(mine)
            secret = mine.pop("private")
            assert mine == public, "a seat's view differs from the public view outside 'private'"
            # What is private to one seat must not be shown in the public view as a whole.
            if secret:
                assert json.dumps(secret, sort_keys=True) not in json.dumps(public, sort_keys=True)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_events_have_catalog_messages(engine: Engine[Any, Any]) -> None:
    opts = engine.meta.validate_options({})
    state = engine.setup(engine.meta.max_players, opts, 4)
    rng = Rng(4)
    missing: set[str] = {e.key for e in engine.setup_events(state) if not CATALOG.has(e.key)}
    for _ in range(400):
        who = engine.to_act(state)
        if not who:
            break
        seat = who[0]
        text = random_action(engine, state, seat, rng)
        assert text is not None
        state, events = engine.play(state, seat, text)
        for ev in events:
            if not CATALOG.has(ev.key):
                missing.add(ev.key)
            else:
                assert CATALOG.fields(ev.key) <= set(ev.params), ev
            json.dumps(ev.to_json())
    assert not missing, f"events without catalog messages: {sorted(missing)}"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_random_games_finish_with_a_result(engine: Engine[Any, Any]) -> None:
    from engines.randomplay import random_game

    for players in range(engine.meta.min_players, engine.meta.max_players + 1):
        state, log = random_game(engine, players, seed=players * 31)
        res = engine.result(state)
        assert res is not None and log
        assert sorted(s for g in res.ranking for s in g) == list(range(players))
        assert len(res.scores) == len(res.breakdown) == players
        assert engine.to_act(state) == []


# -- property-based garbage (issue 11.4): every engine is fuzzed the same way ----------------------

_FUZZ_CACHE: dict[str, list[tuple[Any, list[int], list[str]]]] = {}


def fuzz_positions(engine: Engine[Any, Any]) -> list[tuple[Any, list[int], list[str]]]:
    """A few positions of one random game: (state, seats to try, legal texts of the first)."""
    if engine.meta.id not in _FUZZ_CACHE:
        opts = engine.meta.validate_options({})
        out = []
        for state, _, _ in states_of_random_game(engine, engine.meta.min_players, opts, 13, 90)[
            ::15
        ]:
            seats = engine.to_act(state) or [0]
            others = [s for s in range(engine.meta.min_players) if s not in seats]
            legal = sorted(walk(engine, state, seats[0], limit=300))
            out.append((state, seats + others[:1], legal))
        _FUZZ_CACHE[engine.meta.id] = out
    return _FUZZ_CACHE[engine.meta.id]


#: Every Unicode category: letters of every script, other digits, superscripts, symbols, marks,
#: controls, format characters, private use, surrogates excluded only because str cannot hold them
#: in UTF-8 text a player could send.
#: The characters that broke or fooled parsers before are drawn often, not left to chance:
#: other-script and superscript digits, circled numbers, full-width forms, ligatures, dotted I,
#: a combining accent, zero-width and bidi controls.
TRICKY = "²³⑦٣۳३１ＡⅢ𝟑ﬁİß\u0301\u200b\u200d\u202e\u3000\x00"
ANY_CHAR = st.one_of(
    st.characters(exclude_categories=("Cs",)), st.sampled_from(TRICKY), st.sampled_from(TRICKY)
)
NUMERALS = "0123456789²³⑦٣۳३１"
WORDS = st.sampled_from(["=", "+", ",", "-", ".", " ", "1", "0", "x", "card=", "slot="])


@st.composite
def mutated(draw: st.DrawFn, legal: list[str]) -> str:
    """A legal move with a few characters inserted, deleted or replaced, or tokens shuffled."""
    text = draw(st.sampled_from(legal)) if legal else draw(st.text(ANY_CHAR, max_size=12))
    for _ in range(draw(st.integers(1, 3))):
        kinds = ["insert", "delete", "replace", "swap", "drop", "double", "number"]
        kind = draw(st.sampled_from(kinds))
        toks = text.split()
        if kind == "number" and toks:
            # A token replaced by a number in any script: ids and numbers are where digits live.
            i = draw(st.integers(0, len(toks) - 1))
            toks[i] = draw(st.text(st.sampled_from(NUMERALS), min_size=1, max_size=3))
            text = " ".join(toks)
            continue
        if kind in ("swap", "drop", "double") and len(toks) >= 2:
            i = draw(st.integers(0, len(toks) - 1))
            j = draw(st.integers(0, len(toks) - 1))
            if kind == "swap":
                toks[i], toks[j] = toks[j], toks[i]
            elif kind == "drop":
                del toks[i]
            else:
                toks.insert(i, toks[j])
            text = " ".join(toks)
            continue
        pos = draw(st.integers(0, len(text)))
        ch = draw(st.one_of(ANY_CHAR, WORDS))
        if kind == "insert":
            text = text[:pos] + ch + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + 1 :]
        else:
            text = text[:pos] + ch + text[pos + 1 :]
    return text


def check_refused_or_legal(engine: Engine[Any, Any], state: Any, seat: int, text: str) -> None:
    """``text`` is refused with a catalog IllegalAction and nothing changes, or it is a move
    legal for ``seat`` right now, stored under its canonical text."""
    before = engine.dumps(state)
    try:
        action = engine.read(state, seat, text)
        engine.apply(state, seat, action)
    except IllegalAction as exc:
        assert CATALOG.has(exc.key), f"no catalog message for {exc.key}"
        assert str(exc) and len(str(exc)) < 500
    else:
        assert seat in engine.to_act(state), f"{text!r} accepted from seat {seat}"
        canonical = str(action)
        assert END in engine.complete(state, seat, canonical), (text, canonical)
        assert str(engine.parse(state, seat, canonical)) == canonical
    assert engine.dumps(state) == before, f"{text!r} changed the state"


FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@FUZZ
@given(data=st.data())
def test_any_unicode_text_is_refused_cleanly_or_legal(
    engine: Engine[Any, Any], data: st.DataObject
) -> None:
    positions = fuzz_positions(engine)
    state, seats, _ = data.draw(st.sampled_from(positions))
    seat = data.draw(st.sampled_from(seats))
    text = data.draw(
        st.one_of(
            st.text(ANY_CHAR, max_size=30),
            st.lists(st.text(ANY_CHAR, min_size=1, max_size=6), max_size=5).map(" ".join),
        )
    )
    check_refused_or_legal(engine, state, seat, text)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@FUZZ
@given(data=st.data())
def test_mutated_legal_moves_are_refused_cleanly_or_legal(
    engine: Engine[Any, Any], data: st.DataObject
) -> None:
    positions = fuzz_positions(engine)
    state, seats, legal = data.draw(st.sampled_from(positions))
    seat = data.draw(st.sampled_from(seats))
    check_refused_or_legal(engine, state, seat, data.draw(mutated(legal)))


@pytest.mark.parametrize(
    "text", ["move ²", "move ⑦", "move ٣", "move ³", "move 𝟑", "move Ⅲ", "move 3\u200b"]
)
def test_digits_other_than_ascii_are_refused_not_read(text: str) -> None:
    """Issue 11.4: ``site_by_text`` crashed on ``²``/``⑦`` and read ``٣`` as site 3."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    with pytest.raises(IllegalAction) as exc:
        engine.play(state, seat, text)
    assert exc.value.key == "core.bad_character"


def test_full_width_digits_and_letters_read_as_ascii() -> None:
    """Full-width forms are what a Japanese keyboard types: ``ＭＯＶＥ　１８`` is ``move 18``."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    for text in engine.complete(state, seat, "move"):
        if text and text.isdigit():
            wide = "".join(chr(ord(c) + 0xFEE0) for c in text)
            assert str(engine.parse(state, seat, f"ＭＯＶＥ\u3000{wide}")) == str(
                engine.parse(state, seat, f"move {text}")
            )


def test_every_shipped_game_is_declared_once_and_both_registries_read_it() -> None:
    import renderers

    shipped = [g.id for g in engines.GAMES]
    assert len(shipped) == len(set(shipped))
    assert engines.builtin_ids() == shipped
    for game in engines.GAMES:
        assert engines.get(game.id).meta.id == game.id
        assert renderers.get(game.id).__name__ == game.renderer


def test_the_test_game_is_in_no_production_list() -> None:
    import renderers

    # tests/conftest.py registers it; production code never names it
    assert "tally" in engines.ids()
    assert "tally" not in engines.builtin_ids()
    assert "tally" not in {g.id for g in engines.GAMES}
    assert renderers.get("tally").__name__ == "renderers.generic"  # the fallback, not a listing
