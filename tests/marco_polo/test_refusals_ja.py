"""#28.2: Marco Polo's refusals that random play rarely reaches, met on purpose. Each position
is built from a new game (``helpers``), the seat to act types the mistake as a player would
(``Engine.read``, the service's path), and the refusal must be the rule's and say no English
outside what was typed, in Japanese and in Spanish. ``placed()`` gives the same positions to
``tests/test_refusal_words.py``, whose coverage check counts what they meet.

One refusal no typing reaches is listed there in ``NEVER_TYPED_KEYS``: ``choice_needed`` (a
verb typed bare fits each of its legal moves, and the reader asks which); a test here shows it.
A placement typed bare is asked about by the reader too, but one whose only choice is a default
the notation drops (``times=1``) reaches the engine's own ``choice_missing``.
"""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.marco_polo.state import State
from tests.marco_polo.helpers import E, dice, play, put, ready, res
from tests.test_refusal_words import (
    NEVER_TYPED_KEYS,
    Placed,
    english_said,
    refused_in_the_table_language,
)

GAME = "marco_polo"


def bad_syntax() -> Placed:
    """The notation is lowercase words, numbers and ``name=value`` (docs/games/marco_polo.md,
    "Verbs"): a stray "!" is refused with an example of another placement."""
    return Placed("marco_polo.bad_syntax", ready(4), 0, "place camel 3 col=3!")


def black_pool_empty() -> Placed:
    """M36: a black die bought, with the camels, when the pool has none left."""
    st = put(res(ready(4, s0="matteo"), 0, camel=5), black_pool=0)
    return Placed("marco_polo.black_pool_empty", st, 0, "black")


def cannot_pay_contract() -> Placed:
    """M32, M62: a contract fulfilled with its gold missing (s4: 1 camel and 1 gold)."""
    st = res(ready(4, s0="matteo"), 0, contracts=["s4"], camel=1, gold=0)
    return Placed("marco_polo.cannot_pay_contract", st, 0, "fulfil s4")


def cannot_pay_contract_with_nothing() -> Placed:
    """M62: a contract fulfilled by a player who holds no camel and no good at all."""
    st = res(ready(4, s0="matteo"), 0, contracts=["s4"], camel=0, pepper=0, silk=0, gold=0)
    return Placed("marco_polo.cannot_pay_contract", st, 0, "fulfil s4")


def choice_missing() -> Placed:
    """M25: a bazaar placement whose only typed choice is one of a city card's (``times=1``, at
    its default, which the notation drops): the column is asked for."""
    st = dice(ready(4, s0="matteo"), 0, 4)
    return Placed("marco_polo.choice_missing", st, 0, "place pepper 4 times=1")


def placed() -> list[Placed]:
    """Every position above (``tests/test_refusal_words.py`` tries them all)."""
    return [
        bad_syntax(),
        black_pool_empty(),
        cannot_pay_contract(),
        cannot_pay_contract_with_nothing(),
        choice_missing(),
    ]


def test_notation_a_character_it_lacks_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, bad_syntax())
    assert exc.params["text"] == "place camel 3 col=3!"


def test_M36_a_black_die_from_an_empty_pool_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, black_pool_empty())


def test_M32_M62_a_contract_short_of_gold_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, cannot_pay_contract())
    assert (exc.params["cost"], exc.params["have"]) == ({"camel": 1, "gold": 1}, {"camel": 1})


def test_M62_a_contract_with_nothing_to_pay_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, cannot_pay_contract_with_nothing())
    assert exc.params["have"] == {}


def test_M25_a_placement_with_only_a_dropped_default_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, choice_missing())
    assert exc.params["moves"] == [f"col={c}" for c in (1, 2, 3, 4)]


def _asked_which(state: State, typed: str) -> IllegalAction:
    """The reader's question for ``typed``, said with no English in ja or es."""
    with pytest.raises(IllegalAction) as info:
        E.read(state, 0, typed)
    assert info.value.key == "core.ambiguous"
    for lang in ("ja", "es"):
        assert not english_said(GAME, typed, info.value, lang)
    return info.value


def test_M25_a_bazaar_placement_without_its_column_is_asked_which_by_the_reader() -> None:
    """A bare placement leaves ``choice_missing`` to the reader, which lists the columns."""
    exc = _asked_which(dice(ready(4, s0="matteo"), 0, 4), "place pepper 4")
    assert exc.params["moves"] == [f"place pepper 4 col={c}" for c in (1, 2, 3, 4)]


def test_M39_a_bare_move_is_asked_which_by_the_reader() -> None:
    """``choice_needed`` is never typed: the reader lists the places the figure may go."""
    assert "marco_polo.choice_needed" in NEVER_TYPED_KEYS
    st = res(dice(ready(4, s0="matteo"), 0, 1, 6), 0, coin=20)
    st, _ = play(st, 0, "place travel 1 6 row=1")
    exc = _asked_which(st, "move")
    assert exc.params["moves"] == ["move alexandria", "move oasis_a"]


def test_the_positions_are_the_turn_of_the_seat_that_types() -> None:
    """Each mistake is typed by the seat to act, so it is refused for its rule, not its turn."""
    for position in placed():
        assert list(E.to_act(position.state)) == [position.seat], position.key
