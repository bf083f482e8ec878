"""The move builder's screens (``engines/builder.py``, #26.1), engine by engine: every legal move
can be built, and only legal moves; a step with one answer is made for the player and said; no
list is longer than one select unless it is the engine's own first list."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import CHANCE, END
from engines.builder import SELECT_OPTIONS, PathGone, Screen, screen
from engines.randomplay import random_play
from engines.rng import Rng

GAMES = ["bombay", "imhotep", "marco_polo", "brass"]


def positions(game: str, every: int, seed: int = 3) -> list[tuple[Any, int]]:
    """(state, seat) every ``every`` decisions of a random two-player game of ``game``."""
    engine = engines.get(game)
    state = engine.setup(2, engine.meta.validate_options({}), seed)
    _, steps = random_play(engine, state, Rng(seed))
    return [(before, seat) for before, seat, _ in steps[::every] if seat != CHANCE]


def built(engine: Any, state: Any, seat: int, path: tuple[int, ...] = ()) -> set[str]:
    """Every whole move the builder reaches from ``path``."""
    shown = screen(engine, state, seat, path)
    if shown.action is not None:
        return {shown.action}
    out: set[str] = set()
    for i in range(len(shown.choices)):
        out |= built(engine, state, seat, (*path, i))
    return out


def whole_moves(engine: Any, state: Any, seat: int, prefix: str = "") -> set[str]:
    """Every whole move ``complete`` spells out from ``prefix``."""
    out: set[str] = set()
    for tok in engine.complete(state, seat, prefix):
        if tok == END:
            out.add(prefix)
        else:
            out |= whole_moves(engine, state, seat, f"{prefix} {tok}".strip())
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_builder_reaches_every_legal_move_and_nothing_else(game: str) -> None:
    engine = engines.get(game)
    # Brass lists hundreds of moves: fewer of its positions keep the test quick.
    for state, seat in positions(game, every=9)[: 3 if game == "brass" else 8]:
        assert built(engine, state, seat) == whole_moves(engine, state, seat)


def test_a_step_with_one_answer_is_made_for_the_player_and_said() -> None:
    """No screen asks a question that has one answer: the builder takes it and says so."""
    auto = 0
    for game in GAMES:
        engine = engines.get(game)
        for state, seat in positions(game, every=3):
            path: tuple[int, ...] = ()
            while True:
                shown = screen(engine, state, seat, path)
                if shown.action is not None:
                    break
                assert len(engine.complete(state, seat, " ".join(shown.chosen))) > 1
                auto += len(shown.auto)
                path = (*path, len(shown.choices) - 1)
    assert auto, "no position had a single answer to make for the player"


@pytest.mark.parametrize("game", GAMES)
def test_deeper_lists_fit_one_select_and_whole_moves_say_what_they_cost(game: str) -> None:
    engine = engines.get(game)
    costed = 0
    for state, seat in positions(game, every=5):
        shown: Screen = screen(engine, state, seat, ())
        first = [t for t in engine.complete(state, seat, " ".join(shown.chosen))]
        # Looking deeper never makes a list longer than a select, nor shorter than the engine's.
        assert len(shown.choices) >= len(first)
        assert len(shown.choices) <= max(SELECT_OPTIONS, len(first))
        costed += sum(bool(c.detail) for c in shown.choices if c.whole)
    assert costed, f"{game}: no whole move said what it costs or gives"


def test_a_path_that_no_longer_fits_is_refused() -> None:
    engine = engines.get("bombay")
    state, seat = positions("bombay", every=1)[0]
    shown = screen(engine, state, seat, ())
    with pytest.raises(PathGone):
        screen(engine, state, seat, (len(shown.choices),))


def test_the_brass_builder_names_what_each_card_in_hand_builds_now() -> None:
    """Item 3: the first screen of a Brass turn lists the hand, and for each card the industries
    its legal builds put down and in how many towns (nothing else: the engine's own list)."""
    from bot.service.builder import essentials
    from engines.brass import rules
    from engines.brass.draft import display_name

    engine = engines.get("brass")
    state = engine.setup(2, engine.meta.validate_options({}), 3)
    (seat,) = engine.to_act(state)
    lines = essentials(engine, state, seat, "en", ["Ana", "Ben"])
    assert lines[0].startswith("Your hand: ")
    for card in dict.fromkeys(state.hands[seat]):
        legal = [t.split() for t in rules.legal_texts(state, seat) if t.startswith("build ")]
        towns = {w[2] for w in legal if f"card={card}" in w}
        (line,) = [x for x in lines[1:] if x.startswith(display_name(card) + ":")]
        if towns:
            assert line.endswith(f"({len(towns)} town{'s' if len(towns) > 1 else ''})")
        else:
            assert line.endswith("builds nothing now")
