"""Choosing a move for a computer seat, at a level; the three best moves as a hint.

Every level reads the real state only through ``Knowledge.determinize`` (and the seat's own legal
moves, which the seat knows), so two states that differ only in what the seat cannot see give the
same choice for the same ``rng``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.ai.knowledge import Knowledge, knowledge_for
from engines.ai.search import Ranked, candidate_moves, legal_texts, rank_greedy, search
from engines.base import Engine
from engines.rng import Rng

#: The levels a seat can play at, weakest first.
LEVELS = ("random", "easy", "normal")

#: ``easy``: moves compared at most, and samples of the hidden information per move.
EASY_MOVES = 40
EASY_SAMPLES = 2


@dataclass(frozen=True)
class Choice:
    """A chosen move and the estimate behind it (``None`` for a random move)."""

    move: str
    value: float | None = None


def choose(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    level: str,
    rng: Rng,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
) -> Choice:
    """The move ``seat`` makes at ``level`` (one of ``LEVELS``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    if level == "random":
        moves = legal_texts(engine, state, seat, rng)
        return Choice(rng.choice(moves))
    knowledge = knowledge_for(engine)
    if level == "easy":
        return greedy(engine, knowledge, state, seat, rng)
    best = search(engine, knowledge, state, seat, rng, seconds=seconds, iterations=iterations)
    return Choice(best[0].move, best[0].value)


def greedy(
    engine: Engine[Any, Any], knowledge: Knowledge, state: Any, seat: int, rng: Rng
) -> Choice:
    """One move deep: the move after which the evaluation rates ``seat`` highest, averaged over a
    few samples of what the seat cannot see (at most ``EASY_MOVES`` moves compared)."""
    moves = candidate_moves(engine, knowledge, state, seat, rng)
    if len(moves) > EASY_MOVES:
        rng.shuffle(moves)
        moves = moves[:EASY_MOVES]
    value, move = rank_greedy(engine, knowledge, state, seat, rng, moves, EASY_SAMPLES)[0]
    return Choice(move, value)


def hints(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
) -> list[Ranked]:
    """The search's three best whole turns for ``seat``, with their estimated values and score
    margins."""
    knowledge = knowledge_for(engine)
    ranked = search(engine, knowledge, state, seat, rng, seconds=seconds, iterations=iterations)
    return ranked[:3]


def think(
    game: str, snapshot: str, seat: int, level: str, seed: int, seconds: float
) -> tuple[str, list[tuple[str, float]]]:
    """A computer seat's move from a stored snapshot, plus its three best moves with their
    estimated chances to win (for a hint). Plain arguments and results, so a worker process can
    run it while the bot's event loop goes on."""
    import engines
    from engines.rng import seed_state

    engine = engines.get(game)
    state = engine.loads(snapshot)
    rng = Rng(seed_state(seed))
    if level == "normal":
        ranked = search(engine, knowledge_for(engine), state, seat, rng, seconds=seconds)
        return ranked[0].move, [(r.move, r.value) for r in ranked[:3]]
    choice = choose(engine, state, seat, level, rng, seconds=seconds)
    return choice.move, [(choice.move, choice.value if choice.value is not None else 0.5)]
