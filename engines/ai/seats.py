"""Choosing a move for a computer seat, at a level; whole-turn plans as a hint.

Every level reads the real state only through ``Knowledge.determinize`` (and the seat's own legal
moves, which the seat knows), so two states that differ only in what the seat cannot see give the
same choice for the same ``rng``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.ai.knowledge import Knowledge, knowledge_for
from engines.ai.search import (
    ROOT_TURNS,
    Ranked,
    candidate_moves,
    legal_texts,
    merge,
    rank_greedy,
    search,
)
from engines.base import Engine
from engines.rng import Rng, seed_state

#: The levels a seat can play at, weakest first.
LEVELS = ("random", "easy", "normal", "strong")

#: ``easy``: moves compared at most, and samples of the hidden information per move.
EASY_MOVES = 40
EASY_SAMPLES = 2

#: ``strong``: its thinking time as a multiple of ``normal``'s, and the searches of one position
#: whose root statistics are merged (root parallelism: in the bot each runs in a worker of the
#: process pool; elsewhere one after another, each with its share of the time).
STRONG_TIME = 3.0
STRONG_SEARCHES = 2

#: A plan's chance to win is shown only between these (outside them it reads 0 % or 100 % and
#: says nothing the margin does not).
CHANCE_SHOWN = (0.05, 0.95)


@dataclass(frozen=True)
class Choice:
    """A chosen move and the estimate behind it (``None`` for a random move)."""

    move: str
    value: float | None = None


@dataclass(frozen=True)
class Plan:
    """A whole turn a hint suggests: every command of it, legal in order, and what the search
    expects after it."""

    turn: tuple[str, ...]
    #: the expected score margin over the best other seat after the turn, in the game's points
    margin: float
    #: the estimated chance to win, or ``None`` where it is below 5 % or above 95 %
    chance: float | None


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
    """The move ``seat`` makes at ``level`` (one of ``LEVELS``). ``seconds`` and ``iterations``
    are ``normal``'s budget; ``strong`` thinks ``STRONG_TIME`` times as long."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    if level == "random":
        moves = legal_texts(engine, state, seat, rng)
        return Choice(rng.choice(moves))
    knowledge = knowledge_for(engine)
    if level == "easy":
        return greedy(engine, knowledge, state, seat, rng)
    if level == "strong":
        best = strong(engine, knowledge, state, seat, rng, seconds=seconds, iterations=iterations)
    else:
        best = search(engine, knowledge, state, seat, rng, seconds=seconds, iterations=iterations)
    return Choice(best[0].move, best[0].value)


def strong(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
) -> list[Ranked]:
    """``strong``'s ranking in one process: ``STRONG_SEARCHES`` searches with their own
    generators, ``STRONG_TIME`` times ``normal``'s budget between them, each comparing
    ``root_width`` turns at its root, merged."""
    share = STRONG_TIME / STRONG_SEARCHES
    width = root_width(knowledge, "strong")
    halving = root_halving(knowledge, "strong")
    paired = root_paired(knowledge, "strong")
    parts = []
    for _ in range(STRONG_SEARCHES):
        own = Rng(seed_state(rng.next64()))
        parts.append(
            search(
                engine,
                knowledge,
                state,
                seat,
                own,
                seconds=seconds * share,
                iterations=None if iterations is None else max(1, round(iterations * share)),
                width=width,
                halving=halving,
                paired=paired,
            )
        )
    return merge(parts, by_value=halving)


def root_width(knowledge: Knowledge, level: str) -> int:
    """Whole turns the root of a search at ``level`` compares: a game may give ``strong`` a
    wider root (``strong_width``), where its extra time buys more than deeper trees (Brass)."""
    if level == "strong":
        width: int = getattr(knowledge, "strong_width", ROOT_TURNS)
        return width
    return ROOT_TURNS


def root_halving(knowledge: Knowledge, level: str) -> bool:
    """Whether the root of a search at ``level`` shares its budget by sequential halving
    (``search.search``) instead of UCB: a game may ask it for ``strong`` (``strong_halving``),
    where its root turns are close in value and more time should go to telling the best few
    apart (Bombay)."""
    return level == "strong" and bool(getattr(knowledge, "strong_halving", False))


def root_paired(knowledge: Knowledge, level: str) -> bool:
    """Whether a search at ``level`` that halves its root compares the turns in play on common
    samples (``search.search``'s ``paired``): a game may ask it for ``strong``
    (``strong_paired``) where what a sample deals anew (rivals' goals, later dice) moves every
    turn's value alike, so a difference read on one sample is far less noisy than one read
    across two (Marco Polo)."""
    return root_halving(knowledge, level) and bool(getattr(knowledge, "strong_paired", False))


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


def plans(ranked: Sequence[Ranked], count: int = 3) -> list[Plan]:
    """The first ``count`` of a search's whole turns as plans for a hint (#24.6): each a complete
    turn, with its expected score margin and, while it is between 5 % and 95 %, its chance."""
    low, high = CHANCE_SHOWN
    return [
        Plan(r.turn, r.margin, r.chance if low <= r.chance <= high else None)
        for r in ranked[:count]
    ]


#: A ranked turn as plain data for another process: turn, visits, value, margin, chance.
Part = tuple[tuple[str, ...], int, float, float, float]


def think_part(
    game: str,
    snapshot: str,
    seat: int,
    seed: int,
    seconds: float,
    level: str = "normal",
    *,
    iterations: int | None = None,
) -> list[Part]:
    """One search of a stored snapshot at ``level`` (its root as wide as ``root_width``), as
    plain data: a ``normal`` decision, or a worker process's share of a ``strong`` one (root
    parallelism; the bot merges the parts with ``merge_parts``). ``iterations``, if given,
    replaces the time budget (tests: a fixed budget gives the same search under any load)."""
    import engines

    engine = engines.get(game)
    state = engine.loads(snapshot)
    knowledge = knowledge_for(engine)
    ranked = search(
        engine,
        knowledge,
        state,
        seat,
        Rng(seed_state(seed)),
        seconds=seconds,
        iterations=iterations,
        width=root_width(knowledge, level),
        halving=root_halving(knowledge, level),
        paired=root_paired(knowledge, level),
    )
    return [(r.turn, r.visits, r.value, r.margin, r.chance) for r in ranked]


def merge_parts(
    parts: Sequence[Sequence[Part]], game: str | None = None, level: str = "normal"
) -> list[Ranked]:
    """The searches of ``think_part`` merged into one ranking, best first (by value among the
    most visited where ``game`` searches at ``level`` by halving, as ``strong`` merges)."""
    by_value = False
    if game is not None:
        import engines

        by_value = root_halving(knowledge_for(engines.get(game)), level)
    rankings = [[Ranked(t[0], n, v, t, m, c) for t, n, v, m, c in part] for part in parts]
    return merge(rankings, by_value=by_value)


def think(
    game: str, snapshot: str, seat: int, level: str, seed: int, seconds: float
) -> tuple[str, list[tuple[str, float]]]:
    """A computer seat's move from a stored snapshot, plus its three best moves with their
    estimated chances to win (for a hint). Plain arguments and results, so a worker process can
    run it while the bot's event loop goes on."""
    import engines

    engine = engines.get(game)
    state = engine.loads(snapshot)
    rng = Rng(seed_state(seed))
    if level in ("normal", "strong"):
        knowledge = knowledge_for(engine)
        if level == "strong":
            ranked = strong(engine, knowledge, state, seat, rng, seconds=seconds)
        else:
            ranked = search(engine, knowledge, state, seat, rng, seconds=seconds)
        return ranked[0].move, [(r.move, r.value) for r in ranked[:3]]
    choice = choose(engine, state, seat, level, rng, seconds=seconds)
    return choice.move, [(choice.move, choice.value if choice.value is not None else 0.5)]
