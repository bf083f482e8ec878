"""The engine kit (``engines/kit.py``): a working copy, a rules table run one way, pending
decisions, completion. Each piece is shown on a tiny game of coins and a pile of cards."""

from __future__ import annotations

import doctest
from dataclasses import dataclass, replace

import pytest

import engines.kit
from engines.base import END, IllegalAction
from engines.kit import (
    CHANCE,
    Decision,
    Draft,
    Rule,
    builder,
    complete_decision,
    complete_from_texts,
    evolve,
    legal,
    perform,
    pop,
    push,
    to_act,
    why_not,
)


@dataclass(frozen=True)
class Purse:
    coins: tuple[int, ...]
    pending: tuple[Decision, ...] = ()


@dataclass(frozen=True)
class Pay:
    amount: int
    verb: str = "pay"


def why_not_pay(state: Purse, seat: int, action: Pay) -> IllegalAction | None:
    if action.amount > state.coins[seat]:
        return IllegalAction("core.unknown_verb", verb="pay", verbs="x")
    return None


def do_pay(d: Draft[Purse], seat: int, action: Pay) -> None:
    coins = list(d.state.coins)
    coins[seat] -= action.amount
    d.set(coins=tuple(coins))
    d.emit("tally.played", seat=seat, amount=action.amount)


RULES = {"pay": Rule(why_not_pay, do_pay, lambda s, seat: [Pay(n) for n in (1, 2, 3)], ("T1",))}


def test_the_kit_doctests_pass() -> None:
    result = doctest.testmod(engines.kit)
    assert result.attempted >= 10
    assert result.failed == 0


def test_evolve_copies_and_leaves_the_input_alone() -> None:
    before = Purse((3, 4))
    after = evolve(before, coins=(0, 4))
    assert after == Purse((0, 4)) and before == Purse((3, 4))
    assert after == replace(before, coins=(0, 4))
    with pytest.raises(TypeError):
        evolve(before, gold=1)


@dataclass(frozen=True, slots=True)
class Sack:
    grain: int
    seeds: tuple[str, ...] = ()


def test_a_slotted_record_built_by_builder_is_the_one_its_constructor_makes() -> None:
    built = builder(Sack)(3, ("rye",))
    assert built == Sack(3, ("rye",)) and type(built) is Sack
    assert builder(Sack)(seeds=(), grain=1) == Sack(1)
    assert hash(built) == hash(Sack(3, ("rye",)))
    with pytest.raises(AttributeError):
        built.grain = 4  # type: ignore[misc]  # still frozen
    assert evolve(built, grain=5) == Sack(5, ("rye",))


@dataclass(frozen=True, slots=True)
class Bushel(Sack):
    """A slotted record whose fields are split over two classes: no plain twin has its
    layout, so ``builder`` sets its slots one by one."""

    weight: float = 0.0


def test_builder_takes_the_plain_twin_only_where_the_layout_is_the_same() -> None:
    """#24.8: a record of one class is built by a plain twin whose instance becomes the record
    (``__class__``); a record whose fields are split over classes is built slot by slot. Both
    are the record the constructor makes, frozen and hashed alike."""
    assert engines.kit._shadow_builder(Sack, ["grain", "seeds"]) is not None
    assert engines.kit._shadow_builder(Bushel, ["grain", "seeds", "weight"]) is None
    built = builder(Bushel)(2, ("oat",), 1.5)
    assert built == Bushel(2, ("oat",), 1.5) and type(built) is Bushel
    assert hash(built) == hash(Bushel(2, ("oat",), 1.5))
    with pytest.raises(AttributeError):
        built.weight = 2.0  # type: ignore[misc]  # still frozen
    assert evolve(built, grain=4) == Bushel(4, ("oat",), 1.5)


def test_a_draft_reads_its_own_changes_and_never_touches_the_base() -> None:
    base = Purse((3, 4))
    d = Draft(base)
    d.set(coins=(2, 4))
    d.set(coins=(d.state.coins[0] - 1, 4))
    assert d.freeze() == Purse((1, 4))
    assert d.base is base and base == Purse((3, 4))


def test_a_draft_emits_events_with_their_visibility() -> None:
    d = Draft(Purse((1,)))
    d.emit("tally.drew", reveals=True, visible_to=(0,), seat=0)
    (ev,) = d.events
    assert (ev.key, dict(ev.params), ev.reveals, ev.visible_to) == (
        "tally.drew",
        {"seat": 0},
        True,
        (0,),
    )


def test_a_draft_refuses_with_the_catalog_key() -> None:
    with pytest.raises(IllegalAction) as err:
        Draft(Purse((1,))).refuse("core.game_over")
    assert err.value.key == "core.game_over"


def test_legal_and_why_not_are_one_code_path() -> None:
    state = Purse((2, 0))
    assert legal(RULES, state, 0) == [Pay(1), Pay(2)]
    assert legal(RULES, state, 1) == []
    for action in (Pay(1), Pay(2), Pay(3)):
        assert (why_not(RULES, state, 0, action) is None) == (action in legal(RULES, state, 0))


def test_an_unknown_verb_is_refused_by_the_runner() -> None:
    @dataclass(frozen=True)
    class Steal:
        verb: str = "steal"

    reason = why_not(RULES, Purse((1,)), 0, Steal())  # type: ignore[arg-type]
    assert reason is not None and reason.key == "core.unknown_verb"
    assert reason.params["verbs"] == ["pay"]  # a list: the catalog joins it the reader's way


def test_perform_does_a_legal_action_and_raises_the_reason_for_an_illegal_one() -> None:
    d = Draft(Purse((2, 0)))
    perform(RULES, d, 0, Pay(2))
    assert d.freeze().coins == (0, 0) and [e.key for e in d.events] == ["tally.played"]
    with pytest.raises(IllegalAction):
        perform(RULES, d, 0, Pay(1))  # the draft's current state has no coins left


def test_an_unraised_reason_formats_only_when_read() -> None:
    reason = IllegalAction("core.bad_player_count", game="X", players=9, min=2, max=4)
    assert reason.key == "core.bad_player_count" and "9" in str(reason)


def test_completion_lists_next_tokens_and_end() -> None:
    texts = ["sell red", "sell red fast", "pass"]
    assert complete_from_texts(texts, "") == ["pass", "sell"]
    assert complete_from_texts(texts, "sell red") == [END, "fast"]
    assert complete_from_texts(texts, "buy") == []


def test_the_first_pending_decision_says_who_acts() -> None:
    pending = push((), Decision(1, "sell"))
    pending = push(pending, Decision(0, "take", ("red", "blue")))
    assert to_act(pending) == [0]
    top, rest = pop(pending)
    assert top.verb == "take" and to_act(rest) == [1]
    assert to_act(()) == []
    with pytest.raises(IndexError):
        pop(())


def test_a_chance_decision_is_owned_by_no_seat() -> None:
    assert to_act((Decision(CHANCE, "restock"),)) == [CHANCE]
    assert CHANCE < 0


def test_pending_decisions_complete_from_their_options() -> None:
    pending = (Decision(0, "take", ("red", "blue")),)
    assert complete_decision(pending, 0, "") == ["take"]
    assert complete_decision(pending, 0, "take") == ["blue", "red"]
    assert complete_decision(pending, 0, "take red") == [END]
    assert complete_decision(pending, 1, "") == []
    assert complete_decision((Decision(0, "sell"),), 0, "") is None
    assert complete_decision((), 0, "") is None


def test_a_decision_round_trips_through_json() -> None:
    d = Decision(2, "take", ("red",), "bombay.asked.turn", {"ap": 3})
    assert Decision.from_json(d.to_json()) == d
    asked = d.asked()
    assert asked is not None and asked.key == "bombay.asked.turn"
    assert Decision(0, "x").asked() is None


def test_a_chance_outcome_is_drawn_by_its_weight_and_the_seed_decides_it() -> None:
    from engines.kit import sample
    from engines.rng import Rng, seed_state

    draws = [sample([("common", 0.9), ("rare", 0.1)], Rng(seed_state(n))) for n in range(400)]
    assert 300 < draws.count("common") < 390 and "rare" in draws
    again = [sample([("common", 0.9), ("rare", 0.1)], Rng(seed_state(n))) for n in range(400)]
    assert again == draws


def test_a_draft_reads_one_field_as_changed_so_far() -> None:
    d = Draft(Purse((3, 4)))
    assert d.get("coins") == (3, 4)
    d.set(coins=(2, 4))
    assert d.get("coins") == (2, 4) and d.state.coins == (2, 4)


def test_a_refusal_survives_pickling_with_its_key_and_parameters() -> None:
    import pickle

    reason = IllegalAction("core.bad_player_count", game="X", players=9, min=2, max=4)
    again = pickle.loads(pickle.dumps(reason))
    assert (again.key, again.params, str(again)) == (reason.key, reason.params, str(reason))
