"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Why this method: the four games hide cards, goals and the future (bags, decks, dice), and their
move lists are long. ISMCTS copes with both without a hand-written strategy per game: every
iteration samples one full state the searching seat cannot tell apart from the real one
(:meth:`Knowledge.determinize`), walks a single tree of moves shared by all those samples (a move
is only considered where it is legal in the current sample: "availability" counts replace parent
visits in UCB), plays a few random moves past the tree and scores the position with the game's
evaluation. Because the real state is never read, the choice depends only on the seat's
information; because iterations stop at a time or iteration budget, a move is never slow.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from engines.ai.knowledge import Knowledge, values
from engines.base import END, Engine
from engines.randomplay import random_action
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

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def legal_texts(engine: Engine[Any, Any], state: Any, seat: int, rng: Rng) -> list[str]:
    """The legal moves of ``seat`` as canonical texts; built token by token through ``complete``
    for games that do not list them, sampling branches once there are more than ``MAX_LISTED``."""
    listed = engine.legal_actions(state, seat)
    if listed is not None:
        return [str(a) for a in listed]
    out: list[str] = []
    frontier: list[list[str]] = [[]]
    while frontier and len(out) < MAX_LISTED:
        prefix = frontier.pop()
        for tok in engine.complete(state, seat, " ".join(prefix)):
            if tok == END:
                out.append(" ".join(prefix))
            else:
                frontier.append([*prefix, tok])
        if len(frontier) > MAX_LISTED:
            rng.shuffle(frontier)
            del frontier[MAX_LISTED:]
    return out


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
    """
    deadline = time.perf_counter() + seconds  # the look-ahead below counts against the budget
    depth = knowledge.rollout_depth if depth is None else depth
    candidates = legal_texts(engine, state, seat, rng)
    if len(candidates) == 1:
        # Nothing to compare: no search, just how the position stands.
        return [Ranked(candidates[0], 0, values(knowledge, engine, state)[seat])]
    if len(candidates) > ROOT_WIDTH:
        ranked = rank_greedy(engine, knowledge, state, seat, rng, candidates)
        candidates = [move for _, move in ranked[:ROOT_WIDTH]]
    root = Node(seat=seat)
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
            moves = candidates if node is root else legal_texts(engine, sample, mover, rng)
            if not moves:
                break
            known = []
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
                    known.append(m)
            widen = node is root or len(node.children) < 1 + WIDEN * math.sqrt(node.visits)
            if len(known) < len(moves) and (widen or not known):
                move = rng.choice([m for m in moves if m not in node.children])
                child = node.children[move] = Node(seat=mover)
                sample, _ = engine.play(sample, mover, move)
                path.append(child)
                break
            move = max(known, key=lambda m: _ucb(node.children[m]))
            child = node.children[move]
            sample, _ = engine.play(sample, mover, move)
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
