"""#28.2: Imhotep's refusals that random play rarely reaches, met on purpose. Each position is
built from a new game (``helpers``), the seat deciding types the mistake as a player would
(``Engine.read``, the service's path), and the refusal must be the rule's and say no English
outside what was typed, in Japanese and in Spanish. ``placed()`` gives the same positions to
``tests/test_refusal_words.py``, whose coverage check counts what they meet.

Two refusals no typing reaches are listed there in ``NEVER_TYPED_KEYS``: ``waiting_for`` (the
service refuses a seat that is not deciding before the engine reads it) and
``no_stones_to_take`` (the Temple-B bonus is asked only while both answers are possible).
"""

from __future__ import annotations

from engines.imhotep.state import State
from tests.test_refusal_words import Placed, refused_in_the_table_language

from .helpers import edit, game, play, ships

GAME = "imhotep"


def _b(site: str) -> State:
    """A 3-player game with ``site`` on its B side, seat 0 to act."""
    return game(3, sides="custom", **{site: "b"})


def quarry_empty() -> Placed:
    """I22: room on the sled but nothing left in the quarry."""
    return Placed("imhotep.quarry_empty", edit(game(2), quarry={0: 0}, sled={0: 2}), 0, "quarry")


def no_such_ship() -> Placed:
    """I23: a round has four ships; ship 5 is typed."""
    return Placed("imhotep.no_such_ship", edit(game(2), sled={0: 2}), 0, "load 5 1")


def hammer_no_stone() -> Placed:
    """I72: a Hammer with an empty sled and an empty quarry has no stone to load (a ship can
    still sail, so the turn has a legal move)."""
    st = edit(game(2), quarry={0: 0}, sled={0: 0}, cards={0: ("hammer#1",)})
    return Placed("imhotep.hammer_no_stone", ships(st, "11", "...", "..", "."), 0, "hammer 2 1")


def same_position() -> Placed:
    """I75: a Chisel loads two different positions."""
    st = edit(game(2), sled={0: 3}, cards={0: ("chisel#1",)})
    return Placed("imhotep.same_position", st, 0, "chisel 2 1 2 1")


def below_minimum_with_stone() -> Placed:
    """I74: a Sail card sails only a ship at its minimum once its stone is loaded (ship 2 needs
    2 and would hold 1). Raised with its key in a variable, so the coverage check of
    ``tests/test_refusal_words.py`` does not ask for it; met here all the same."""
    st = edit(game(2), sled={0: 2}, cards={0: ("sail#1",)})
    st = ships(st, "..", "...", "..", ".")
    return Placed("imhotep.below_minimum_with_stone", st, 0, "sailcard 2 1 pyramid")


def _choosing_a_pyramid() -> State:
    """I50: seat 1's stone unloaded at Pyramid B, pyramid 1 complete, 2 and 3 open: seat 1
    chooses (E12)."""
    st = ships(_b("pyramid"), "12", "...", "..", ".")
    st = edit(st, pyramids_b=[[0] * 6, [], []])
    st, _ = play(st, 0, "sail 1 pyramid")
    return st


def decide_pyramid() -> Placed:
    """I50, E12: another move while the pyramid is to be chosen."""
    return Placed("imhotep.decide_pyramid", _choosing_a_pyramid(), 1, "quarry")


def no_such_pyramid() -> Placed:
    """I50: there are three pyramids; pyramid 4 is typed."""
    return Placed("imhotep.no_such_pyramid", _choosing_a_pyramid(), 1, "pyramid 4")


def pyramid_full() -> Placed:
    """I50, I53: a complete pyramid takes no more stones while another is open."""
    return Placed("imhotep.pyramid_full", _choosing_a_pyramid(), 1, "pyramid 1")


def decide_temple_choice() -> Placed:
    """I56, E12: seat 1's stone takes Temple B's first cell (1 point or 2 stones); another
    move while that is to be chosen."""
    st = ships(_b("temple"), "1.", "...", "..", ".")
    st, _ = play(st, 0, "sail 1 temple")
    return Placed("imhotep.decide_temple_choice", st, 1, "quarry")


def decide_bonus_load() -> Placed:
    """I51, E11: seat 1's stone takes a Pyramid-B load bonus; another move while it is owed."""
    st = ships(_b("pyramid"), "1.", "...", "..", ".")
    st = edit(st, pyramids_b=[[0], [0], [0]], sled={1: 1})
    st, _ = play(st, 0, "sail 1 pyramid")
    st, _ = play(st, 1, "pyramid 3")
    return Placed("imhotep.decide_bonus_load", st, 1, "quarry")


def placed() -> list[Placed]:
    """Every position above (``tests/test_refusal_words.py`` tries them all)."""
    return [
        quarry_empty(),
        no_such_ship(),
        hammer_no_stone(),
        same_position(),
        below_minimum_with_stone(),
        decide_pyramid(),
        no_such_pyramid(),
        pyramid_full(),
        decide_temple_choice(),
        decide_bonus_load(),
    ]


def test_I22_taking_stones_from_an_empty_quarry_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, quarry_empty())


def test_I23_loading_a_ship_the_round_does_not_have_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, no_such_ship())
    assert exc.params["ships"] == 4


def test_I72_a_hammer_with_no_stone_to_load_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, hammer_no_stone())


def test_I75_a_chisel_on_one_position_twice_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, same_position())


def test_I74_a_sail_card_on_a_ship_short_of_its_minimum_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, below_minimum_with_stone())
    assert (exc.params["stones"], exc.params["need"]) == (1, 2)


def test_I50_E12_another_move_while_a_pyramid_is_chosen_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, decide_pyramid())
    assert exc.params["moves"] == ["pyramid 2", "pyramid 3"]


def test_I50_a_fourth_pyramid_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, no_such_pyramid())
    assert exc.params["choices"] == ["2", "3"]


def test_I53_a_complete_pyramid_is_refused_while_another_is_open() -> None:
    refused_in_the_table_language(GAME, pyramid_full())


def test_I56_E12_another_move_while_the_temple_bonus_is_chosen_is_refused() -> None:
    exc = refused_in_the_table_language(GAME, decide_temple_choice())
    assert exc.params["moves"] == ["bonus point", "bonus stones"]


def test_I51_E11_another_move_while_the_bonus_load_is_owed_is_refused() -> None:
    refused_in_the_table_language(GAME, decide_bonus_load())
