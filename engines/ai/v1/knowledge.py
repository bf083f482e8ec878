"""What a computer seat may know: the per-game hooks the search relies on.

Each game provides ``engines/<game>/ai.py`` with a module-level ``KNOWLEDGE`` implementing
:class:`Knowledge`. ``determinize`` is the one place that decides what a seat cannot see; the
search never looks at the real state except through it.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/ai/knowledge.py``, importing only engine
rules and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import MutableSequence, Sequence
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
    #: Random moves played past the search tree before the position is scored.
    rollout_depth: int
    # Optional: ``margin`` (a share of the value given to the score margin, see
    # ``values``/``with_margin``) and ``candidates(engine, state, seat, rng)`` (the moves worth
    # comparing, without those another move dominates; see ``search.candidate_moves``).


def knowledge_for(engine: Engine[Any, Any]) -> Knowledge:
    """The game's frozen ``KNOWLEDGE`` (``engines/ai/v1/<game>.py``); ``LookupError`` if none."""
    module = f"engines.ai.v1.{engine.meta.id}"
    if importlib.util.find_spec(module) is None:
        raise LookupError(f"{engine.meta.id} has no computer player yet")
    found: Knowledge = importlib.import_module(module).KNOWLEDGE
    return found


def values(knowledge: Knowledge, engine: Engine[Any, Any], state: Any) -> list[float]:
    """Each seat's value in ``[0, 1]``: its share of the win once the game is over, else a smooth
    estimate of its chance to win from the lead it has over the best other seat; blended with the
    seat's score margin where the game's knowledge asks for it (``margin``, see ``with_margin``)."""
    result: Result | None = engine.result(state) if not engine.to_act(state) else None
    if result is not None:
        scores: Sequence[float] = result.scores
        out = terminal_values(result, len(result.scores))
    else:
        scores = list(knowledge.scores(state))
        out = lead_values(scores, knowledge.scale)
    share: float = getattr(knowledge, "margin", 0.0)
    return with_margin(out, scores, knowledge.scale, share) if share else out


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


#: The lead (in ``scale`` units) at which the margin part of a value stops growing: far past the
#: point where the chance to win is already all but certain.
MARGIN_SPAN = 12.0


def with_margin(
    wins: Sequence[float], scores: Sequence[float], scale: float, share: float
) -> list[float]:
    """``wins`` (chances to win) blended with each seat's score margin over its best rival.

    A logistic of the lead saturates: once a seat leads (or trails) by a lot, every move looks
    the same to the search and play gets careless. ``share`` of the value is the margin instead,
    a straight line from 0 (trailing by ``MARGIN_SPAN * scale`` or more) to 1 (leading by as
    much), so a bigger lead is always worth a little more and a smaller deficit too.

    >>> [round(v, 3) for v in with_margin([1.0, 0.0], [30, 0], 5, 0.2)]
    [0.95, 0.05]
    >>> [round(v, 3) for v in with_margin([1.0, 0.0], [60, 0], 5, 0.2)]
    [1.0, 0.0]
    """
    out = []
    for s, mine in enumerate(scores):
        best_other = max((x for i, x in enumerate(scores) if i != s), default=mine)
        lead = max(-1.0, min(1.0, (mine - best_other) / (MARGIN_SPAN * scale)))
        out.append((1.0 - share) * wins[s] + share * (0.5 + 0.5 * lead))
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
