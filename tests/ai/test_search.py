"""The whole-turn search (#24.1, #24.2, #24.7a): it compares whole turns, rates positions by
normalised score margins, and reads only the searching seat's information, a lone candidate
included."""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import engines
from engines.ai import knowledge_for
from engines.ai.knowledge import margin_values, values
from engines.ai.search import Ranked, merge, search
from engines.ai.seats import (
    STRONG_SEARCHES,
    STRONG_TIME,
    Part,
    Plan,
    choose,
    merge_parts,
    plans,
    strong,
    think_part,
)
from engines.ai.turns import passed, settle, step
from engines.bombay.ai import KNOWLEDGE as BOMBAY
from engines.rng import Rng, seed_state
from tests.ai.test_ai import WITH_AI, positions


def _hidden_changed(game: str, state: Any, seat: int) -> Any:
    """``state`` with what ``seat`` cannot see dealt again (a sample drawn for it)."""
    return knowledge_for(engines.get(game)).determinize(state, seat, Rng(321))


@pytest.mark.parametrize("game", WITH_AI)
def test_the_search_rates_turns_from_the_seats_information_only(game: str) -> None:
    """The whole ranking (turns, visits, values, margins), not only the move played, is the
    same for two states the seat cannot tell apart: the hints read it."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    for state in positions(game, 3, 21, every=19)[:3]:
        seat = engine.to_act(state)[0]
        other = _hidden_changed(game, state, seat)
        first = search(engine, knowledge, state, seat, Rng(6), iterations=20)
        second = search(engine, knowledge, other, seat, Rng(6), iterations=20)
        assert first == second


def _pool_ranking(game: str, state: Any, seat: int, level: str, seeds: tuple[int, ...]) -> Any:
    """What the bot does for a decision or a hint at ``level``: ``think_part`` on a snapshot,
    one per seed (one per worker process), merged as ``Computers._search`` merges them."""
    snapshot = engines.get(game).dumps(state)
    parts = [think_part(game, snapshot, seat, seed, 0.0, level, iterations=10) for seed in seeds]
    return merge_parts(parts, game, level) if level == "strong" else merge_parts(parts)


#: Positions of a random game a no-cheating test looks through for ones that can tell a cheat.
CANDIDATES = 12


def _telling(
    game: str,
    seed: int,
    ranking: Callable[[Any, int], Any],
    monkeypatch: pytest.MonkeyPatch,
    count: int = 2,
) -> list[tuple[Any, int, Any]]:
    """The first ``count`` positions (state, the seat to act, a state it cannot tell apart from
    it) of a random 3-player game where what the seat cannot see does change ``ranking`` if the
    search reads it: with ``determinize`` made to hand the search the real state (a deliberate
    cheat), the two states rank apart. A no-cheating test on them can fail; on a position where
    the hidden part never reaches a short search (Imhotep's decks are drawn only when a round
    ends; a Brass rival holding wild cards may build alike whatever else it holds) it could not.
    Fails if fewer than ``count`` of the first ``CANDIDATES`` positions can tell."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    found = []
    for state in positions(game, 3, seed, every=3)[:CANDIDATES]:
        seat = engine.to_act(state)[0]
        other = _hidden_changed(game, state, seat)
        with monkeypatch.context() as cheat:
            cheat.setattr(knowledge, "determinize", lambda real, seat, rng: real)
            if ranking(state, seat) == ranking(other, seat):
                continue
        found.append((state, seat, other))
        if len(found) == count:
            break
    assert len(found) == count, f"{game}: too few positions where a cheating search tells"
    return found


@pytest.mark.parametrize("game", WITH_AI)
@pytest.mark.parametrize(
    ("level", "seeds"), [("normal", (7,)), ("strong", tuple(range(7, 7 + STRONG_SEARCHES)))]
)
def test_the_bots_pool_decides_from_the_seats_information_only(
    game: str, level: str, seeds: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """#24.5, house rule (a computer decides only from its seat's information): the path the
    bot runs, a snapshot searched in worker processes (``strong``: its searches each in a worker,
    at its root width) and merged, ranks alike two states the seat cannot tell apart, at
    positions where a search reading the real state ranks them apart (``_telling``)."""

    def ranking(state: Any, seat: int) -> Any:
        return _pool_ranking(game, state, seat, level, seeds)

    for state, seat, other in _telling(game, 21, ranking, monkeypatch):
        first = ranking(state, seat)
        assert first and first == ranking(other, seat)


@pytest.mark.parametrize("game", WITH_AI)
def test_a_hints_plans_are_made_from_the_askers_information_only(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#24.6, #24.7: ``/game hint``'s whole-turn plans (``plans`` of the pool's ``normal``
    search, as ``Computers.hint_lines`` makes them), their margins and chances included, are
    the same for two states the asker cannot tell apart, at positions where a search reading
    the real state would show other plans (``_telling``)."""

    def shown(state: Any, seat: int) -> Any:
        return plans(_pool_ranking(game, state, seat, "normal", (11,)))

    for state, seat, other in _telling(game, 22, shown, monkeypatch):
        first = shown(state, seat)
        assert first and first == shown(other, seat)


@pytest.mark.parametrize("game", WITH_AI)
def test_every_ranked_turn_is_legal_as_a_whole_and_ends_when_the_turn_passes(game: str) -> None:
    """#24.1: each candidate is a complete turn: its commands are legal one after the other in
    the real position, and after the last the seat no longer acts (or a draw comes: a roll, or
    a Marco Polo contract drawn from the hidden pile, which a turn planned on a sample must not
    plan past, M65)."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    for state in positions(game, 3, 4, every=13)[:4]:
        seat = engine.to_act(state)[0]
        for ranked in search(engine, knowledge, state, seat, Rng(3), iterations=15):
            at = before = state
            for i, move in enumerate(ranked.turn):
                assert seat in engine.to_act(at), (ranked.turn, i)
                before, at = at, step(engine, at, seat, move)
                if i < len(ranked.turn) - 1:
                    assert not passed(engine, at, seat), (ranked.turn, i)
                    at = settle(engine, at)
            drawn = game == "marco_polo" and len(at.pile) != len(before.pile)
            assert passed(engine, at, seat) or drawn, ranked.turn
            assert ranked.move == ranked.turn[0]


def test_a_bombay_turn_is_planned_with_its_action_points() -> None:
    """Y42: a turn has three action points; the search's candidates are whole turns, so the
    first rated turn of an opening says what all three points do (or that the turn ends on
    purpose), not a single step."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    ranked = search(engine, BOMBAY, state, seat, Rng(2), iterations=60)
    assert any(len(r.turn) > 1 for r in ranked)


class _Peeking:
    """Bombay's knowledge offering one move only, with a score that reads the bag's generator
    (the future, which no seat knows)."""

    scale = 4.0
    rollout_depth = 0

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        return BOMBAY.determinize(state, seat, rng)

    def scores(self, state: Any) -> list[float]:
        return [float(state.rng % 97) if s == 0 else 40.0 for s in range(state.players)]

    def candidates(self, engine: Any, state: Any, seat: int, rng: Rng) -> list[str]:
        return ["fortune"]


def test_a_lone_candidate_is_rated_on_samples_not_on_the_real_state() -> None:
    """#24.7a: with one candidate there is nothing to search, but the value a hint or a forced
    move reports is read on samples of the seat's information: two states that differ only in
    the hidden future report the same value (read on the real state, they would not)."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    other = replace(state, rng=state.rng ^ 0x5A5A5A5A)
    peeking = _Peeking()
    assert values(peeking, engine, state) != values(peeking, engine, other)
    first = search(engine, peeking, state, seat, Rng(8), iterations=50)
    second = search(engine, peeking, other, seat, Rng(8), iterations=50)
    assert len(first) == 1 and first[0].turn == ("fortune",)
    assert first == second


def test_normalised_margins_keep_telling_big_leads_apart() -> None:
    """#24.2: a chance to win alone reads a 60-point and a 90-point lead alike (both certain);
    the default value adds the normalised margin, so the bigger lead (and the smaller deficit)
    is worth more, and a tie is even."""
    small, big = margin_values([60, 0], 5.0), margin_values([90, 0], 5.0)
    assert small[0] < big[0] < 1.0 and small[1] > big[1] > 0.0
    assert margin_values([10, 10, 3], 5.0)[0] == pytest.approx(margin_values([10, 10, 3], 5.0)[1])


def test_ranked_turns_carry_an_expected_score_margin() -> None:
    engine = engines.get("bombay")
    state = engine.setup(3, engine.meta.validate_options({}), 4)
    seat = engine.to_act(state)[0]
    ranked = search(engine, BOMBAY, state, seat, Rng(1), iterations=40)
    assert all(isinstance(r, Ranked) and -100 < r.margin < 100 for r in ranked)
    assert len({r.margin for r in ranked}) > 1


def test_strong_merges_several_searches_of_the_position() -> None:
    """#24.5: ``strong`` is root parallel: its searches (their own generators, three times
    ``normal``'s budget between them) merged; the merged visits are the searches' sum."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    ranked = strong(engine, BOMBAY, state, seat, Rng(5), iterations=20)
    assert sum(r.visits for r in ranked) == STRONG_SEARCHES * round(20 * STRONG_TIME / 2)
    assert choose(engine, state, seat, "strong", Rng(5), iterations=20).move == ranked[0].move


def test_halving_spends_the_last_rounds_on_the_best_turns_and_ranks_them_by_value() -> None:
    """#24.5: a root sharing its budget by sequential halving drops the worse half of its turns
    after each round, so the two turns left at the end get the most visits, nearly equal, and
    the better value of the two comes first (by visits alone it would be a coin toss)."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    ranked = search(engine, BOMBAY, state, seat, Rng(3), iterations=120, halving=True)
    assert len(ranked) > 4 and sum(r.visits for r in ranked) == 120
    first, second, *rest = ranked
    assert abs(first.visits - second.visits) <= 1 and first.value >= second.value
    assert min(first.visits, second.visits) > 120 / 4 > max(r.visits for r in rest)


def test_strong_merges_halving_searches_by_value_among_the_most_visited() -> None:
    """Searches that shared their root by halving end with their last turns' visits equal to
    within one: merged, the better value among the most visited comes first, not the turn
    one visit ahead; a turn with far fewer visits (dropped early) stays behind them."""
    a = [Ranked("a", 60, 0.50, ("a",)), Ranked("b", 59, 0.56, ("b",)), Ranked("c", 8, 0.9, ("c",))]
    b = [Ranked("a", 61, 0.52, ("a",)), Ranked("b", 60, 0.55, ("b",)), Ranked("c", 7, 0.8, ("c",))]
    assert [r.move for r in merge([a, b])] == ["a", "b", "c"]
    assert [r.move for r in merge([a, b], by_value=True)] == ["b", "a", "c"]


def test_a_game_asking_for_halving_gets_it_in_one_process_and_in_the_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose knowledge sets ``strong_halving`` has ``strong`` halve its root: its ranking
    is its two halving searches merged by value, and the bot's merge of the pool's parts does
    the same; games that keep UCB
    merge by visits (Bombay, Imhotep, Brass: Bombay's halving lost at 300 iterations), and Marco
    Polo, which halves its strong root, by value."""
    pool: list[list[Part]] = [
        [(("a",), 60, 0.50, 1.0, 0.5), (("b",), 59, 0.56, 2.0, 0.6)],
        [(("a",), 61, 0.52, 1.0, 0.5), (("b",), 60, 0.55, 2.0, 0.6)],
    ]
    for game in ("bombay", "imhotep", "brass"):
        assert merge_parts(pool, game, "strong")[0].move == "a"
    assert merge_parts(pool, "marco_polo", "strong")[0].move == "b"
    assert merge_parts(pool, "marco_polo", "normal")[0].move == "a"
    monkeypatch.setattr(type(BOMBAY), "strong_halving", True)
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    rng = Rng(5)
    parts = [
        search(
            engine, BOMBAY, state, seat, Rng(seed_state(rng.next64())), iterations=30, halving=True
        )
        for _ in range(STRONG_SEARCHES)
    ]
    assert strong(engine, BOMBAY, state, seat, Rng(5), iterations=20) == merge(parts, by_value=True)
    assert merge_parts(pool, "bombay", "strong")[0].move == "b"
    assert merge_parts(pool, "bombay", "normal")[0].move == "a"


def test_searches_merged_in_worker_processes_give_the_same_ranking_as_in_one() -> None:
    """The bot runs ``strong``'s searches in its process pool (``think_part``) and merges them
    (``merge_parts``): the same as merging the same searches in one process."""
    engine = engines.get("imhotep")
    state = positions("imhotep", 2, 3, every=5)[2]
    seat = engine.to_act(state)[0]
    parts = [think_part("imhotep", engine.dumps(state), seat, seed, 0.0) for seed in (1, 2)]
    merged = merge_parts(parts)
    assert sum(r.visits for r in merged) == sum(p[1] for part in parts for p in part)
    assert [r.visits for r in merged] == sorted((r.visits for r in merged), reverse=True)


def test_a_plan_is_a_whole_turn_with_its_margin_and_a_chance_only_when_it_tells() -> None:
    """#24.6: a hint's plan lists every command of a turn, its expected score margin, and the
    chance to win only while it lies between 5 % and 95 %."""
    sure = Ranked("fortune", 10, 0.99, ("fortune",), 12.5, 0.99)
    open_ = Ranked("move e3", 8, 0.6, ("move e3", "buy yellow", "end"), 1.5, 0.62)
    lost = Ranked("build", 3, 0.02, ("build",), -20.0, 0.01)
    made = plans([sure, open_, lost, sure])
    assert made == [
        Plan(("fortune",), 12.5, None),
        Plan(("move e3", "buy yellow", "end"), 1.5, 0.62),
        Plan(("build",), -20.0, None),
    ]


class _Watching:
    """Bombay's knowledge that notes whether the collector is on at each sample, and fails
    from the ``fail_after``-th sample on (a search failing midway)."""

    scale = 4.0
    rollout_depth = 0

    def __init__(self, fail_after: int | None = None) -> None:
        self.fail_after = fail_after
        self.collector_on: list[bool] = []

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        self.collector_on.append(gc.isenabled())
        if self.fail_after is not None and len(self.collector_on) > self.fail_after:
            raise RuntimeError("sample failed")
        return BOMBAY.determinize(state, seat, rng)

    def scores(self, state: Any) -> list[float]:
        return BOMBAY.scores(state)


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_leaves_the_garbage_collector_as_it_found_it(enabled: bool) -> None:
    """#24.8: the search pauses Python's cyclic collector while it runs (short-lived objects
    only), and gives it back on or off as it was, also when the search fails midway."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        watching = _Watching()
        search(engine, watching, state, seat, Rng(2), iterations=40)
        assert len(watching.collector_on) > 1 and not any(watching.collector_on)
        assert gc.isenabled() is enabled
        failing = _Watching(fail_after=3)
        with pytest.raises(RuntimeError, match="sample failed"):
            search(engine, failing, state, seat, Rng(2), iterations=40)
        assert len(failing.collector_on) == 4
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
