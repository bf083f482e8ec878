"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Why this method: the four games hide cards, goals and the future (bags, decks, dice), and their
move lists are long. ISMCTS copes with both without a hand-written strategy per game: every
iteration samples one full state the searching seat cannot tell apart from the real one
(:meth:`Knowledge.determinize`), walks a single tree of moves shared by all those samples (a move
is only considered where it is legal in the current sample: "availability" counts replace parent
visits in UCB), plays a few random moves past the tree and scores the position with the game's
evaluation. Because the real state is never read, the choice depends only on the seat's
information; because iterations stop at a time or iteration budget, a move is never slow.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/ai/search.py``, importing only engine rules
and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.ai.v1.knowledge import Knowledge, values
from engines.base import END, Engine, IllegalAction
from engines.rng import Rng

#: Moves listed per position at most; past this the search samples them (Marco Polo's dice).
MAX_LISTED = 400
#: UCB exploration constant for values in [0, 1].
EXPLORE = 0.7
#: Moves the root compares at most (the best by a one-move look-ahead).
ROOT_WIDTH = 12
#: Progressive widening: a node below the root tries a new move while it has fewer than
#: ``1 + WIDEN * sqrt(visits)`` moves.
WIDEN = 1.5


@dataclass
class Node:
    """A move in the tree: statistics for the seat that made it."""

    seat: int
    visits: int = 0
    total: float = 0.0
    #: how many times this move was legal when its parent was visited (the UCB "parent" count)
    available: int = 1
    children: dict[str, Node] = field(default_factory=dict)
    #: the moves listed at this node last time and whose they were (``reuse_moves``)
    moves: list[str] | None = None
    mover: int | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def random_action(engine: Engine[Any, Any], state: Any, seat: int, rng: Rng) -> str | None:
    """A uniformly chosen legal action (by list, or token by token), or ``None`` if none: a copy
    of ``engines.randomplay.random_action`` as of the frozen commit, so its rollouts stay
    as they were."""
    listed = engine.legal_actions(state, seat)
    if listed is not None:
        return str(rng.choice(listed)) if listed else None
    chosen: list[str] = []
    for _ in range(64):
        options = engine.complete(state, seat, " ".join(chosen))
        if not options:
            return None
        tok = rng.choice(options)
        if tok == END:
            return " ".join(chosen)
        chosen.append(tok)
    raise RuntimeError(f"{engine.meta.id}: complete() never offered END after 64 tokens")


def legal_texts(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    keep: Callable[[list[str], str], bool] | None = None,
    limit: int = MAX_LISTED,
) -> list[str]:
    """The legal moves of ``seat`` as canonical texts; built token by token through ``complete``
    for games that do not list them, sampling branches once there are more than ``MAX_LISTED``.
    ``keep(prefix, token)``, if given, skips the branches it refuses (moves a game knows to be
    no better than another one kept); ``limit`` replaces ``MAX_LISTED``."""
    listed = engine.legal_actions(state, seat)
    if listed is not None:
        return [str(a) for a in listed]
    out: list[str] = []
    frontier: list[list[str]] = [[]]
    while frontier and len(out) < limit:
        prefix = frontier.pop()
        for tok in engine.complete(state, seat, " ".join(prefix)):
            if tok == END:
                out.append(" ".join(prefix))
            elif keep is None or keep(prefix, tok):
                frontier.append([*prefix, tok])
        if len(frontier) > limit:
            rng.shuffle(frontier)
            del frontier[limit:]
    return out


def candidate_moves(
    engine: Engine[Any, Any], knowledge: Knowledge, state: Any, seat: int, rng: Rng
) -> list[str]:
    """The moves the search compares for ``seat``: the game's own shortlist where its knowledge
    has one (``candidates``: the legal moves without those another move dominates), else every
    legal move."""
    shortlist = getattr(knowledge, "candidates", None)
    if shortlist is not None:
        found: list[str] | None = shortlist(engine, state, seat, rng)
        if found:
            return found
    return legal_texts(engine, state, seat, rng)


def actor(engine: Engine[Any, Any], state: Any) -> int | None:
    """Who moves next in a search (the first of several simultaneous deciders)."""
    who = engine.to_act(state)
    return who[0] if who else None


def rollout(engine: Engine[Any, Any], state: Any, rng: Rng, depth: int) -> Any:
    """Play up to ``depth`` random moves and return the position. Moves are drawn the cheap way
    (token by token where a game does not list them), since only the position they lead to is
    scored."""
    for _ in range(depth):
        seat = actor(engine, state)
        if seat is None:
            break
        move = random_action(engine, state, seat, rng)
        if move is None:
            break
        state, _ = engine.play(state, seat, move)
    return state


@dataclass(frozen=True)
class Ranked:
    """One candidate move at the root, with how the search rated it."""

    move: str
    visits: int
    #: the searching seat's mean value after this move, in [0, 1] (an estimated chance to win)
    value: float


def search(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
    depth: int | None = None,
) -> list[Ranked]:
    """Rate ``seat``'s legal moves by ISMCTS; best first (most visited).

    Long move lists are cut twice: at the root to the ``ROOT_WIDTH`` moves the evaluation likes
    best one move deep (``rank_greedy``), and below it by progressive widening (a node tries a
    new move only as often as its visits allow), so a budget of a few hundred iterations still
    compares the moves that matter. Stops after ``iterations`` if given, else after ``seconds``.

    A game's knowledge may also set ``prior``: the look-ahead then rates every root move, and
    its rating counts as that many visits; and ``reuse_moves``: a node lists its moves once and
    reuses the list in later samples (where hidden cards and dice seldom change what may be
    done and listing is most of the cost); a reused move a sample refuses makes it list again.
    """
    deadline = time.perf_counter() + seconds  # the look-ahead below counts against the budget
    depth = knowledge.rollout_depth if depth is None else depth
    candidates = candidate_moves(engine, knowledge, state, seat, rng)
    if len(candidates) == 1:
        # Nothing to compare: no search, just how the position stands.
        return [Ranked(candidates[0], 0, values(knowledge, engine, state)[seat])]
    prior: int = getattr(knowledge, "prior", 0)
    reuse: bool = getattr(knowledge, "reuse_moves", False)
    root = Node(seat=seat)
    if len(candidates) > ROOT_WIDTH or prior:
        ranked = rank_greedy(engine, knowledge, state, seat, rng, candidates)[:ROOT_WIDTH]
        candidates = [move for _, move in ranked]
        for value, move in ranked if prior else ():
            # The look-ahead's rating counts as ``prior`` visits: with few iterations and many
            # close moves the search then refines the greedy order instead of replacing it
            # with noise.
            root.children[move] = Node(seat=seat, visits=prior, total=prior * value)
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and time.perf_counter() >= deadline:
            break
        done += 1
        root.visits += 1
        sample = knowledge.determinize(state, seat, rng)
        node = root
        path: list[Node] = []
        while True:
            mover = actor(engine, sample)
            if mover is None:
                break
            if node is root:
                moves = candidates
            elif reuse and node.moves is not None and node.mover == mover:
                moves = node.moves
            else:
                moves = candidate_moves(engine, knowledge, sample, mover, rng)
                node.moves, node.mover = moves, mover
            if not moves:
                break
            known = []
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
                    known.append(m)
            widen = node is root or len(node.children) < 1 + WIDEN * math.sqrt(node.visits)
            fresh = len(known) < len(moves) and (widen or not known)
            if fresh:
                move = rng.choice([m for m in moves if m not in node.children])
            else:
                move = max(known, key=lambda m: _ucb(node.children[m]))
            try:
                after, _ = engine.play(sample, mover, move)
            except IllegalAction:
                if node is root or not reuse:
                    raise  # a move listed for this very sample: an engine's bug
                # A reused list from another sample (a different draw or die on the way):
                # list this sample's moves and choose again.
                node.moves = None
                continue
            sample = after
            if fresh:
                child = node.children[move] = Node(seat=mover)
                path.append(child)
                break
            child = node.children[move]
            path.append(child)
            node = child
        end = rollout(engine, sample, rng, depth)
        scored = values(knowledge, engine, end)
        for n in path:
            n.visits += 1
            n.total += scored[n.seat]
    ranked_moves = [Ranked(m, c.visits, c.mean()) for m, c in root.children.items()]
    ranked_moves.sort(key=lambda r: (-r.visits, -r.value, r.move))
    return ranked_moves


def rank_greedy(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    moves: list[str],
    samples: int = 2,
) -> list[tuple[float, str]]:
    """``moves`` rated one move deep: ``seat``'s value after each, averaged over a few samples of
    what the seat cannot see; best first (ties by notation, so the order is reproducible)."""
    drawn = [knowledge.determinize(state, seat, rng) for _ in range(samples)]
    rated = []
    for move in moves:
        total = 0.0
        for sample in drawn:
            after, _ = engine.play(sample, seat, move)
            total += values(knowledge, engine, after)[seat]
        rated.append((total / samples, move))
    rated.sort(key=lambda r: (-r[0], r[1]))
    return rated


def _ucb(node: Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.mean() + EXPLORE * math.sqrt(math.log(node.available) / node.visits)
