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


@pytest.mark.parametrize(
    ("lang", "hill"),
    [("en", "Hill A (start)"), ("es", "Colina A (salida)"), ("ja", "高台A（スタート）")],
)
def test_a_bombay_hill_is_named_in_the_readers_language(lang: str, hill: str) -> None:
    """#26.3: the builder names hill A in the reader's language, never by its printed English
    label (a Japanese table read "移動 · Hill A (start)")."""
    engine = engines.get("bombay")
    state = engine.setup(3, engine.meta.validate_options({}), 7)
    state, _ = engine.play(state, 0, "move e3")  # e3 lies next to hill A
    labels = [c.label for c in screen(engine, state, 0, (), lang=lang).choices]
    assert any(label.endswith(" · " + hill) for label in labels), labels
    assert not any("Hill" in label for label in labels) or lang == "en"


def test_marco_polo_contract_slots_are_named_by_the_contracts_in_them() -> None:
    """#26.3: ``take=2+3`` is offered as the contracts lying in slots 2 and 3 (what each costs and
    gives, public cards), not as bare slot numbers."""
    from engines.marco_polo import tables

    engine = engines.get("marco_polo")
    for state, seat in positions("marco_polo", every=1, seed=5):
        labels = [
            label for label in _labels_under(engine, state, seat, depth=4) if "take:" in label
        ]
        if labels:
            break
    else:
        pytest.fail("no contracts space was reachable in the game")
    for label in labels:
        assert "take: slot" in label, label
        said = label.split("take: ", 1)[1]
        slot = int(said.split()[1].split("+")[0].rstrip(":"))
        reward = tables.CONTRACTS[state.display[slot - 1]]["reward"]
        assert " → " in said and str(next(iter(reward.values()))) in said, label


def _labels_under(engine: Any, state: Any, seat: int, depth: int) -> list[str]:
    """The labels of every choice within ``depth`` steps along the contracts space."""
    out: list[str] = []

    def walk(path: tuple[int, ...]) -> None:
        shown = screen(engine, state, seat, path)
        for i, choice in enumerate(shown.choices):
            out.append(choice.label)
            if len(path) < depth and ("contracts" in choice.label or "die" in choice.label):
                walk((*path, i))

    walk(())
    return out
