"""The dice as chance steps (M19-M20, M34, M38; docs/architecture.md, "Chance as an explicit
step"): a round's start, a re-roll and a black die leave the state waiting for dice that nobody
at the table chooses; ``sample_chance`` rolls them with the state's generator as the rules rolled
inside the moves before, and a test applies the dice it wants.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import CHANCE, IllegalAction
from engines.kit import evolve
from engines.marco_polo.state import State, one_die
from engines.rng import Rng
from tests.marco_polo.helpers import E, before_first_roll, dice, keys, p, play, put, ready, res

#: The basic game's characters by seat: Raschid (no roll), Matteo (a white die more), two others.
FIRST_ROLL = "roll - 6,6,6,6,6,6 1,1,1,1,1 3,3,3,3,3"


def _round_one() -> State:
    """A basic 4-player game as laid out, before round 1's dice (M19)."""
    return before_first_roll(4, 1)


def test_M19_a_round_starts_waiting_for_the_dice_and_nobody_may_act() -> None:
    st = _round_one()
    assert E.to_act(st) == [CHANCE]
    assert all(not q.dice for q in st.players)
    assert all(E.legal_actions(st, s) == [] and E.complete(st, s, "") == [] for s in range(4))
    with pytest.raises(IllegalAction) as refused:
        E.play(st, st.current, "coins3 3")
    assert refused.value.key == "core.not_your_decision"


def test_M19_M20_a_forced_roll_gives_the_dice_and_compensation() -> None:
    # When round 1's dice are applied: Berke (seat 2) rolls five 1s, 10 short of 15
    st, events = E.apply(_round_one(), CHANCE, E.parse(_round_one(), CHANCE, FIRST_ROLL))
    # then every player holds what was rolled (Raschid's unrolled, M51; Matteo's white, M57)
    assert p(st, 0).dice == (("o", 0),) * 5
    assert p(st, 1).dice == (*(("o", 6),) * 5, ("w", 6))
    assert p(st, 2).dice == (("o", 1),) * 5
    # and Berke must choose compensation for 10 (M20) before anyone plays
    assert [(d.k, d.owner, d.n) for d in st.pending] == [("comp", 2, 10)]
    assert E.to_act(st) == [2]
    rolled = [e.params["dice"] for e in events if e.key == "marco_polo.rolled"]
    assert rolled == ["6 6 6 6 6 6", "1 1 1 1 1", "3 3 3 3 3"]


def test_M19_the_sampled_roll_is_the_one_the_old_round_start_rolled() -> None:
    st = _round_one()
    rng = Rng(st.rng)
    # clockwise from the start player (seat 0: Raschid, who does not roll), own dice then white
    want = [[], [rng.die() for _ in range(6)], [rng.die() for _ in range(5)]]
    want.append([rng.die() for _ in range(5)])
    after, _ = E.apply(st, CHANCE, E.sample_chance(st))
    assert [[v for _, v in q.dice] for q in after.players][1:] == want[1:]
    assert after.rng == rng.state
    # the game as set up is that state (the seed rolls round 1)
    assert E.dump(E.setup(4, {"setup": "basic"}, 1)) == E.dump(after)


def test_M34_a_reroll_waits_for_one_die_with_six_faces() -> None:
    st = dice(ready(4, s0="matteo"), 0, 1, 2)
    st, _ = E.apply(st, 0, E.parse(st, 0, "reroll 1"))
    assert E.to_act(st) == [CHANCE] and p(st, 0).dice == (("o", 2),) and p(st, 0).camel == 1
    outcomes = E.chance_outcomes(st)
    assert outcomes is not None
    assert [(str(a), w) for a, w in outcomes] == [(f"die {v}", 1 / 6) for v in range(1, 7)]
    st, events = E.apply(st, CHANCE, E.parse(st, CHANCE, "die 6"))
    assert sorted(p(st, 0).dice) == [("o", 2), ("o", 6)] and E.to_act(st) == [0]
    assert [(e.key, e.params["value"]) for e in events] == [("marco_polo.rerolled", 6)]


def test_M38_a_black_die_bought_is_rolled_by_chance() -> None:
    st = res(ready(4, s0="matteo"), 0, camel=7)
    st, _ = E.apply(st, 0, E.parse(st, 0, "black"))
    assert E.to_act(st) == [CHANCE] and len(p(st, 0).dice) == 5
    st, _ = E.apply(st, CHANCE, E.parse(st, CHANCE, "die 2"))
    assert ("b", 2) in p(st, 0).dice and E.to_act(st) == [0]


def test_M38_a_black_die_rewarded_is_rolled_before_the_moves_other_decisions() -> None:
    # Given contract c19 gives a black die
    st = res(ready(4, s0="matteo"), 0, contracts=["c19"], camel=5, pepper=4, gold=2)
    st, _ = E.apply(st, 0, E.parse(st, 0, "fulfil c19"))
    first = st.pending[0]
    assert first.owner == CHANCE and first.k == "die" and first.for_seat == 0
    # the chance node comes before any player's decision the move raised
    assert all(d.owner != CHANCE for d in st.pending[1:])


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("roll - 6,6,6,6,6 1,1,1,1,1 3,3,3,3,3", "marco_polo.chance_dice"),  # Matteo has six
        ("roll 1,1,1,1,1 6,6,6,6,6,6 1,1,1,1,1 3,3,3,3,3", "marco_polo.chance_dice"),
        ("roll - 6,6,6,6,6,6 1,1,1,1,1", "marco_polo.chance_dice"),
        ("roll - 7,6,6,6,6,6 1,1,1,1,1 3,3,3,3,3", "marco_polo.chance_bad"),
        ("die 4", "core.not_your_decision"),
        ("place pepper 3", "marco_polo.chance_bad"),
    ],
)
def test_M19_impossible_dice_are_refused_and_change_nothing(text: str, key: str) -> None:
    st = _round_one()
    before = E.dumps(st)
    with pytest.raises(IllegalAction) as refused:
        E.apply(st, CHANCE, E.parse(st, CHANCE, text))
    assert refused.value.key == key
    assert E.dumps(st) == before


def test_a_state_waiting_for_dice_round_trips() -> None:
    st = dice(ready(4, s0="matteo"), 0, 1, 2)
    st, _ = E.apply(st, 0, E.parse(st, 0, "reroll 1"))
    again = E.loads(E.dumps(st))
    assert E.dumps(again) == E.dumps(st) and again.pending == st.pending
    assert str(E.sample_chance(again)) == str(E.sample_chance(st))


def test_a_log_without_chance_rows_replays_to_the_old_rolls() -> None:
    st = dice(ready(4, s0="matteo"), 0, 1, 2)
    old, _ = play(st, 0, "reroll 1")  # ``play`` rolls at once, as the move did before
    new = E.replay(
        st,
        [
            (0, "reroll 1"),
            (CHANCE, str(E.sample_chance(E.apply(st, 0, E.parse(st, 0, "reroll 1"))[0]))),
        ],
    )
    assert E.dumps(new) == E.dumps(old)


def test_M21_a_die_rolled_for_another_seat_passes_a_turn_left_with_nothing_to_do() -> None:
    # Given seat 0's turn with no die, no camel and no contract (nothing left to do, M23.1),
    # and a black die waiting to be rolled for seat 1 (a chance step changes no other field)
    st = dice(ready(4), 0)
    st = res(st, 0, camel=0, contracts=[], main_done=True)
    st = put(st, pending=[one_die(1, "b")])
    assert E.to_act(st) == [CHANCE]
    # when the die is rolled
    st, events = E.apply(st, CHANCE, E.parse(st, CHANCE, "die 5"))
    # then seat 1 holds it and the turn passes by itself, as after any step (M21)
    assert p(st, 1).dice[-1] == ("b", 5)
    assert st.current == 1 and E.to_act(st) == [1] and not p(st, 0).main_done
    assert keys(events) == ["black_die_rolled", "turn"]


def test_a_state_evolved_is_the_state_replaced() -> None:
    st = _round_one()
    changed = {"rng": 5, "moves": 3, "pending": ()}
    assert evolve(st, **changed) == replace(st, **changed)
    with pytest.raises(TypeError, match="no field 'turns'"):
        evolve(st, turns=2)
