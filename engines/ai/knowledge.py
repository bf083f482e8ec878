"""What a computer seat may know: the per-game hooks the search relies on.

Each game provides ``engines/<game>/ai.py`` with a module-level ``KNOWLEDGE`` implementing
:class:`Knowledge`. ``determinize`` is the one place that decides what a seat cannot see; the
search never looks at the real state except through it.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engines.base import Engine, Result
from engines.rng import Rng

T = TypeVar("T")


class Knowledge(Protocol):
    """The game-specific part of a computer player."""

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A full state that ``seat`` cannot tell apart from ``state``.

        Everything ``seat`` cannot see (other hands, the order of decks and bags, face-down cards,
        other players' secret goals) is shuffled back and dealt again at random, keeping what is
        public (sizes, what the log revealed) and what ``seat`` itself sees; the generator that
        decides future dice and draws is re-seeded, so the future is unknown too. The result must
        depend only on ``seat``'s information and ``rng``."""
        ...

    def scores(self, state: Any) -> Sequence[float]:
        """Each seat's standing if the game were scored now (the game's own final scoring where
        it can run on an unfinished game), in points."""
        ...

    #: How many points make a clear lead in this game (the scale of ``scores`` differences).
    scale: float
    #: Moves played past the search tree (by ``policy``) before the position is scored.
    rollout_depth: int
    # Optional hooks, found with getattr (the search has a default for each; see #24 and
    # docs/ai.md):
    #
    # ``policy(engine, state, seat, rng) -> str | None``: a cheap heuristic move for ``seat``
    # (rollouts, and turns below the root): what a sensible player would do here, drawn with
    # some randomness. Default: a uniformly random legal move.
    #
    # ``turns(engine, state, seat, rng, limit) -> list[tuple[str, ...]]``: up to ``limit``
    # whole turns for ``seat``, each a sequence of commands legal in order that ends when the
    # turn passes (``seat`` no longer acts, or a chance node comes), best-looking first.
    # Default (``engines.ai.turns.beam_turns``): a beam over the seat's commands rated by
    # ``values`` at the root, turns played by ``policy`` in the tree.
    #
    # ``values(engine, state, seat_count) -> list[float] | None``: each seat's value of a
    # position in [0, 1]; ``None`` (or no hook) for the default, ``margin_values``.
    #
    # ``margin``: the share of the default value given to the score margin (default
    # ``MARGIN_SHARE``); ``candidates(engine, state, seat, rng)``: the moves worth comparing,
    # without those another move dominates (``search.candidate_moves``); ``prior``: visits the
    # root's look-ahead rating counts as; ``reuse_moves`` (see ``search.search``);
    # ``turns_cut``: ``turns`` already ends each turn where it passes (a tree node then takes
    # them as listed instead of replaying each to cut it); ``turns_after(engine, state, seat,
    # rng, limit)``: ``turns`` as (turn, the state it leads to, chance not settled) pairs, so
    # a game with ``turns_cut`` has its listed turns never played again (``search._tree_turns``);
    # ``strong_width``: whole turns the
    # root of a ``strong`` search compares (default ``search.ROOT_TURNS``, as ``normal``);
    # ``strong_halving``: a ``strong`` search's root shares its budget by sequential halving
    # (``search.search``), its searches merged by value among the most visited turns;
    # ``strong_paired``: with ``strong_halving``, each sweep over the root's turns in play reads
    # them on one common sample (``search.search``'s ``paired``);
    # ``play_listed(engine, state, seat, move)``: the state after ``move``, one of ``policy``'s
    # moves in this very state (so legal), chance not settled, without checking it again (the
    # same state ``engine.apply`` gives; ``turns.policy_turn``).


def knowledge_for(engine: Engine[Any, Any]) -> Knowledge:
    """The game's ``KNOWLEDGE`` (from ``engines/<game>/ai.py``); ``LookupError`` if it has none."""
    module = f"engines.{engine.meta.id}.ai"
    if importlib.util.find_spec(module) is None:
        raise LookupError(f"{engine.meta.id} has no computer player yet")
    found: Knowledge = importlib.import_module(module).KNOWLEDGE
    return found


def values(
    knowledge: Knowledge, engine: Engine[Any, Any], state: Any, seats: int | None = None
) -> list[float]:
    """Each seat's value of ``state`` in ``[0, 1]``: the game's own ``values`` hook where it has
    one (and it does not answer ``None``), else ``margin_values`` of the result once the game is
    over or of ``scores`` before. ``seats``: how many seats the game has, if the caller knows."""
    hook = getattr(knowledge, "values", None)
    if hook is not None:
        if seats is None:
            seats = engine.view(state, None).players
        found: list[float] | None = hook(engine, state, seats)
        if found is not None:
            return found
    return assess(knowledge, engine, state, seats).values


@dataclass(frozen=True)
class Assessment:
    """A position read once: each seat's value, points and chance to win."""

    #: ``values``: what the search maximises, in [0, 1]
    values: list[float]
    #: the points they come from (the final scores once the game is over)
    scores: Sequence[float]
    #: each seat's share of the win once the game is over, else a logistic of its lead
    wins: list[float]


def assess(
    knowledge: Knowledge, engine: Engine[Any, Any], state: Any, seats: int | None = None
) -> Assessment:
    """``values`` of ``state`` with the points and chances to win they come from."""
    scores, result = standing(knowledge, engine, state)
    wins = terminal_values(result, len(scores)) if result else lead_values(scores, knowledge.scale)
    hook = getattr(knowledge, "values", None)
    if hook is not None:
        found: list[float] | None = hook(engine, state, len(scores) if seats is None else seats)
        if found is not None:
            return Assessment(found, scores, wins)
    share: float = getattr(knowledge, "margin", MARGIN_SHARE)
    return Assessment(margin_values(scores, knowledge.scale, share, result), scores, wins)


def standing(
    knowledge: Knowledge, engine: Engine[Any, Any], state: Any
) -> tuple[Sequence[float], Result | None]:
    """The seats' points: the final scores once the game is over (with its result), else the
    knowledge's ``scores``."""
    result: Result | None = engine.result(state) if not engine.to_act(state) else None
    if result is not None:
        return result.scores, result
    return list(knowledge.scores(state)), None


def margin(scores: Sequence[float], seat: int) -> float:
    """``seat``'s lead over the best other seat, in points (negative when behind).

    >>> margin([10, 14, 3], 1), margin([10, 14, 3], 0)
    (4, -4)
    """
    mine = scores[seat]
    return mine - max((x for i, x in enumerate(scores) if i != seat), default=mine)


#: The default share of a position's value given to the normalised score margin (the rest is
#: the chance to win): half, so a seat far ahead still prefers the move that scores more.
MARGIN_SHARE = 0.5
#: The lead (in ``scale`` units) at which the margin part of a value is three quarters.
MARGIN_HALF = 4.0


def margin_values(
    scores: Sequence[float], scale: float, share: float = MARGIN_SHARE, result: Result | None = None
) -> list[float]:
    """Each seat's value in ``[0, 1]`` from the score margins (#24.2): ``1 - share`` of it the
    chance to win (the result's share of the win once the game is over, else a logistic of the
    lead over the best rival in ``scale`` points), ``share`` of it the normalised margin, a
    soft sign of the lead that never saturates, so a bigger lead is always worth a little more
    and a smaller deficit too (a search comparing moves where one seat leads by a lot keeps
    telling them apart).

    >>> [round(v, 3) for v in margin_values([10, 10], 5)]
    [0.5, 0.5]
    >>> a, b = margin_values([60, 0], 5), margin_values([90, 0], 5)
    >>> a[0] < b[0] < 1.0 and a[1] > b[1] > 0.0
    True
    """
    wins = terminal_values(result, len(scores)) if result else lead_values(scores, scale)
    out = []
    for s, win in enumerate(wins):
        lead = margin(scores, s) / scale
        normalised = 0.5 + 0.5 * lead / (abs(lead) + MARGIN_HALF)
        out.append((1.0 - share) * win + share * normalised)
    return out


def terminal_values(result: Result, players: int) -> list[float]:
    """1 shared among the winners, 0 for everyone else."""
    winners = result.winners
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(players)]


def lead_values(scores: Sequence[float], scale: float) -> list[float]:
    """A logistic of each seat's lead over its best rival, measured in ``scale`` points.

    >>> [round(v, 2) for v in lead_values([10, 10], 5)]
    [0.5, 0.5]
    >>> [round(v, 2) for v in lead_values([20, 10, 0], 5)]
    [0.88, 0.12, 0.02]
    """
    out = []
    for s, mine in enumerate(scores):
        best_other = max((x for i, x in enumerate(scores) if i != s), default=mine)
        z = max(-30.0, min(30.0, (mine - best_other) / scale))
        out.append(1.0 / (1.0 + math.exp(-z)))
    return out


def reshuffle(rng: Rng, pools: Sequence[Sequence[T]]) -> list[list[T]]:
    """Deal the items of all ``pools`` again at random into pools of the same sizes.

    The hidden parts of a state (an opponent's hand and the draw pile, say) are one set of unseen
    items whose division the seat does not know: gather them, shuffle, deal back. The result
    depends on which items are unseen, never on how they were divided before.

    >>> pools = reshuffle(Rng(7), [[1, 2], [3], []])
    >>> [len(p) for p in pools], sorted(x for p in pools for x in p)  # same sizes, same items
    ([2, 1, 0], [1, 2, 3])
    """
    # Sorted first: where the items were before must not matter, only which items are unseen.
    items: MutableSequence[T] = sorted(x for pool in pools for x in pool)  # type: ignore[type-var]
    rng.shuffle(items)
    out: list[list[T]] = []
    at = 0
    for pool in pools:
        out.append(list(items[at : at + len(pool)]))
        at += len(pool)
    return out
