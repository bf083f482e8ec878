"""Information-set Monte Carlo tree search over whole turns (Cowling, Powley & Whitehouse 2012,
single observer; the turn as the unit of decision, #24.1).

Why this method: the four games hide cards, goals and the future (bags, decks, dice), and their
move lists are long. ISMCTS copes with both without a hand-written strategy per game: every
iteration samples one full state the searching seat cannot tell apart from the real one
(:meth:`Knowledge.determinize`), walks a single tree shared by all those samples, plays a few
``policy`` moves past the tree and scores the position with the game's values (normalised score
margins by default, #24.2). Because the real state is never read, the choice depends only on
the seat's information; because iterations stop at a time or iteration budget, a move is never
slow.

An edge of the tree is a whole turn (``engines.ai.turns``): all the commands one seat makes
before the game passes on, so a Bombay turn's three action points or Brass's two actions are
judged together. The root compares the turns the game's ``turns`` (or the default beam) offers,
listed on a sample of the seat's information; below the root a node's turns are the game's
``turns`` where it has them, else turns played by ``policy``, one more as visits allow
(progressive widening). A turn listed in one sample that another refuses is skipped there
("availability" counts replace parent visits in UCB).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engines.ai.knowledge import Knowledge, assess, margin, values
from engines.ai.turns import (
    MAX_LISTED,
    Turn,
    actor,
    beam_turns,
    candidate_moves,
    cut_turn,
    diverse,
    legal_texts,
    play_turn,
    policy_turn,
    rollout,
    settle,
)
from engines.base import Engine, IllegalAction
from engines.rng import Rng

__all__ = [
    "MAX_LISTED",
    "Node",
    "Ranked",
    "candidate_moves",
    "legal_texts",
    "merge",
    "rank_greedy",
    "root_turns",
    "search",
]

#: UCB exploration constant for values in [0, 1].
EXPLORE = 0.7
#: Whole turns the root compares at most.
ROOT_TURNS = 12
#: Turns a node below the root takes from the game's ``turns`` hook.
TREE_TURNS = 4
#: Progressive widening: a node below the root tries a new turn while it has fewer than
#: ``1 + WIDEN * sqrt(visits)`` turns.
WIDEN = 1.5
#: Samples of the seat's information a lone candidate is rated on (it needs no search).
SINGLE_SAMPLES = 8


@dataclass
class Node:
    """A turn in the tree: statistics for the seat that played it."""

    seat: int
    visits: int = 0
    total: float = 0.0
    #: the searching seat's score margin (points) and chance to win summed over the visits
    #: (kept at the root's children)
    margins: float = 0.0
    wins: float = 0.0
    #: how many times this turn was offered when its parent was visited (the UCB "parent" count)
    available: int = 1
    children: dict[Turn, Node] = field(default_factory=dict)
    #: the turns offered at this node so far, best-looking first, and whose they are
    turns: list[Turn] | None = None
    mover: int | None = None
    #: the state this turn led to in the sample ``origin`` (the iteration's, at the root) that
    #: first played it, which a game's ``graft`` may carry over to other samples
    after: Any = None
    origin: Any = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Ranked:
    """One candidate turn at the root, with how the search rated it."""

    #: the turn's first command (what a seat plays now)
    move: str
    visits: int
    #: the searching seat's mean value after this turn, in [0, 1]
    value: float
    #: the whole turn, ``move`` first
    turn: Turn = ()
    #: the searching seat's expected score margin after it: its points minus the best other
    #: seat's, in the game's points, at the positions the search scored
    margin: float = 0.0
    #: the searching seat's estimated chance to win after it, in [0, 1]
    chance: float = 0.5


def seat_count(engine: Engine[Any, Any], state: Any) -> int:
    """How many seats the game has."""
    return engine.view(state, None).players


def root_turns(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    limit: int = ROOT_TURNS,
) -> list[tuple[float, Turn]]:
    """Up to ``limit`` whole turns for ``seat`` with a first rating of each, best first, listed
    and rated on one sample of ``seat``'s information (never on ``state`` itself: a rating may
    read what the seat cannot see). A seat's own commands are legal or not by what it knows, so
    a turn listed on the sample is legal in ``state``."""
    seats = seat_count(engine, state)
    sample = knowledge.determinize(state, seat, rng)
    hook = getattr(knowledge, "turns", None)
    if hook is None:
        return beam_turns(engine, knowledge, sample, seat, rng, limit, seats)
    rated: dict[Turn, float] = {}
    for turn, after in _listed_after(engine, knowledge, sample, seat, rng, limit):
        if turn and turn not in rated:
            rated[turn] = values(knowledge, engine, after, seats)[seat]
    if not rated:
        return beam_turns(engine, knowledge, sample, seat, rng, limit, seats)
    ranked = sorted(((v, t) for t, v in rated.items()), key=lambda r: (-r[0], r[1]))
    return diverse(ranked)[:limit]


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
    width: int = ROOT_TURNS,
    halving: bool = False,
    paired: bool = False,
) -> list[Ranked]:
    """Rate ``seat``'s whole turns by ISMCTS; best first (most visited).

    The root compares up to ``width`` turns (``root_turns``); a game's knowledge may set
    ``prior``: the root's first rating of each turn then counts as that many visits, so with
    few iterations and many close turns the search refines that order instead of replacing it
    with noise. Stops after ``iterations`` if given, else after ``seconds`` (the root's listing
    counts against the budget).

    With ``halving`` the root shares its budget by sequential halving instead of UCB (Karnin,
    Koren & Somekh 2013; at an MCTS root, Pepels et al. 2014): rounds of equal budget, each
    visiting the turns still in play in turn, the worse half by mean value dropped after each.
    UCB spreads visits to keep the sum of regrets low, which with root values 0.01-0.03 apart
    leaves the visits nearly even; what a decision needs is the best turn, and halving spends
    the later rounds on telling the last few apart. Best first is then: the last turn left,
    then the others by the round they were dropped in, then by value.

    With ``paired`` as well, each sweep of a round over the turns still in play reads them all
    on one common sample (common random numbers): where what a sample deals anew moves every
    turn's value alike, their differences, which decide, are then read with much less noise."""
    with collector_paused():
        return _search(
            engine, knowledge, state, seat, rng, seconds, iterations, depth, width, halving, paired
        )


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block, then back as it was found.

    Why: a search allocates millions of short-lived objects (drafts, frozen positions, tuples)
    that reference counting frees at once; the collector still runs a generation-0 pass every
    700 allocations and finds little to collect (about 3 % of a Marco Polo search; 12,277
    objects in 379 passes over a benchmark round, setting its positions up included). The tree
    and the positions it keeps hold no reference cycles, so memory barely grows while it is
    off (a 6 s strong search's peak 74.1 -> 76.2 MB); the little cyclic garbage a search
    leaves is collected by the passes after it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _search(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    seconds: float,
    iterations: int | None,
    depth: int | None,
    width: int,
    halving: bool,
    paired: bool,
) -> list[Ranked]:
    """:func:`search` with the collector paused."""
    deadline = time.perf_counter() + seconds
    depth = knowledge.rollout_depth if depth is None else depth
    seats = seat_count(engine, state)
    listed = root_turns(engine, knowledge, state, seat, rng, width)
    if len(listed) == 1:
        # Nothing to compare, but the value reported (a hint, a forced move) is still read on
        # samples of the seat's information only, never on the real state (#24.7a).
        return [lone(engine, knowledge, state, seat, rng, listed[0][1], seats)]
    candidates = [turn for _, turn in listed]
    root = Node(seat=seat, turns=candidates, mover=seat)
    prior: int = getattr(knowledge, "prior", 0)
    for value, turn in listed if prior else ():
        root.children[turn] = Node(seat=seat, visits=prior, total=prior * value)
    grafts = getattr(knowledge, "graft", None) is not None
    schedule = Halving(candidates, time.perf_counter(), deadline, iterations) if halving else None
    done = 0
    shared: Any = None
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and time.perf_counter() >= deadline:
            break
        forced = schedule.next(done, root.children) if schedule is not None else None
        done += 1
        root.visits += 1
        if not paired or schedule is None or schedule.sweeping or shared is None:
            # A sample of its own, or the first of a paired sweep's turns (kept for the rest).
            sample = knowledge.determinize(state, seat, rng)
            shared = sample
        else:
            sample = shared
        # Positions are kept in the tree only for a game that can carry them over (``graft``):
        # elsewhere they would only hold memory.
        drawn = sample if grafts else None
        path: list[Node] = []
        node = root
        while True:
            mover = actor(engine, sample)
            if mover is None:
                break
            at_root = node is root
            found = _descend(
                engine,
                knowledge,
                node,
                sample,
                mover,
                rng,
                at_root,
                drawn,
                forced if at_root else None,
            )
            if found is None:
                break
            child, sample, fresh = found
            path.append(child)
            if fresh:
                break
            node = child
        end = rollout(engine, knowledge, sample, rng, depth)
        seen = assess(knowledge, engine, end, seats)
        for n in path:
            n.visits += 1
            n.total += seen.values[n.seat]
        if path:
            path[0].margins += margin(seen.scores, seat)
            path[0].wins += seen.wins[seat]
    ranked = []
    for turn, c in root.children.items():
        searched = max(1, c.visits - prior)
        chance = c.wins / searched if c.visits > prior else c.mean()
        ranked.append(Ranked(turn[0], c.visits, c.mean(), turn, c.margins / searched, chance))
    if not ranked:
        # No sample allowed any listed turn (a game's hook listing turns that depend on what
        # the seat cannot see): the listing's own order, unsearched.
        ranked = [Ranked(turn[0], 0, value, turn) for value, turn in listed]
    if schedule is not None:
        stage = schedule.stages(root.children)
        ranked.sort(key=lambda r: (-stage[r.turn], -r.value, r.turn))
    else:
        ranked.sort(key=lambda r: (-r.visits, -r.value, r.turn))
    return ranked


class Halving:
    """The root's schedule under sequential halving: which turn the next iteration plays first.

    ``ceil(log2(turns))`` rounds share the budget equally (iterations, or the time left after
    the listing); within a round the turns still in play are visited in turn; at a round's end
    the half with the lower mean value is dropped (ties by the turns' order, so it is
    reproducible)."""

    def __init__(
        self, turns: list[Turn], start: float, deadline: float, iterations: int | None
    ) -> None:
        self.alive = list(turns)
        self.rounds = max(1, math.ceil(math.log2(len(turns))))
        self.round = 0
        self.start, self.span = start, max(1e-9, deadline - start)
        self.iterations = iterations
        self.cursor = 0
        self.sweeping = True
        #: the round each dropped turn was dropped after
        self.dropped: dict[Turn, int] = {}

    def _over(self, done: int) -> bool:
        """Whether the current round's share of the budget is spent."""
        share = (self.round + 1) / self.rounds
        if self.iterations is not None:
            return done >= self.iterations * share
        return time.perf_counter() - self.start >= self.span * share

    def next(self, done: int, children: dict[Turn, Node]) -> Turn:
        """The turn iteration ``done`` (counting from 0) plays at the root."""
        while self.round < self.rounds - 1 and len(self.alive) > 1 and self._over(done):
            order = sorted(
                range(len(self.alive)),
                key=lambda i: (-_mean(children.get(self.alive[i])), i),
            )
            keep = sorted(order[: math.ceil(len(self.alive) / 2)])
            for i in order[len(keep) :]:
                self.dropped[self.alive[i]] = self.round
            self.alive = [self.alive[i] for i in keep]
            self.round += 1
            self.cursor = 0
        #: whether this turn opens a sweep over the turns in play (``paired``: a new sample)
        self.sweeping = self.cursor % len(self.alive) == 0
        turn = self.alive[self.cursor % len(self.alive)]
        self.cursor += 1
        return turn

    def stages(self, children: dict[Turn, Node]) -> dict[Turn, float]:
        """How far each turn got: the round it was dropped after; those never dropped above
        all, the best of them by mean value a step higher still."""
        out: dict[Turn, float] = {t: float(r) for t, r in self.dropped.items()}
        for turn in self.alive:
            out[turn] = float(self.rounds)
        if self.alive:
            best = min(self.alive, key=lambda t: (-_mean(children.get(t)), self.alive.index(t)))
            out[best] = self.rounds + 1.0
        for turn in children:
            out.setdefault(turn, -1.0)
        return out


def _mean(node: Node | None) -> float:
    return node.mean() if node is not None and node.visits else -1.0


def _descend(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    node: Node,
    sample: Any,
    mover: int,
    rng: Rng,
    root: bool,
    drawn: Any = None,
    forced: Turn | None = None,
) -> tuple[Node, Any, bool] | None:
    """One step down from ``node`` in ``sample``: the child turn chosen (a new one while the
    node may widen, else by UCB among those this sample allows), the sample after it, and
    whether the child is new. ``None`` if ``mover`` has no turn here. ``drawn``: the
    iteration's sample at the root (``sample`` is where its turns led so far). ``forced``: the
    root's turn for this iteration (sequential halving), unless this sample refuses it."""
    leads: dict[Turn, Any] = {}
    if node.turns is None or node.mover != mover:
        node.turns, leads = _tree_turns(engine, knowledge, sample, mover, rng)
        node.mover = mover
    offered = node.turns
    for turn in offered:
        known = node.children.get(turn)
        if known is not None:
            known.available += 1
    # The root compares every turn it listed; a node below it one more as its visits allow.
    widen = root or len(node.children) < 1 + WIDEN * math.sqrt(node.visits)
    refused: set[Turn] = set()
    while True:
        untried = [t for t in offered if t not in node.children and t not in refused]
        tried = [t for t in offered if t in node.children and t not in refused]
        if forced is not None and forced in offered and forced not in refused:
            turn, fresh = forced, forced not in node.children
        elif untried and (widen or not tried):
            turn, fresh = untried[0], True
        elif not root and (widen or not tried):
            # Below the root, a new turn of this sample's own, played by ``policy`` (it may
            # turn out to be one already tried).
            turn, after = policy_turn(engine, knowledge, sample, mover, rng)
            if not turn:
                return None
            if turn not in node.children:
                offered.append(turn)
                child = node.children[turn] = Node(seat=mover, origin=drawn)
                if drawn is not None:
                    child.after = after
                return child, after, True
            if turn not in offered:
                offered.append(turn)
            if not tried:
                return node.children[turn], after, False
            # Nothing new this time: choose among the tried turns by UCB, not by the policy
            # (where UCB chooses this very turn, it leads where the policy just played it).
            leads[turn] = after
            widen = False
            continue
        elif tried:
            turn, fresh = max(tried, key=lambda t: _ucb(node.children[t])), False
        else:
            return None  # every root turn refused by this sample: score it as it stands
        try:
            after = _after(
                engine, knowledge, node.children.get(turn), sample, mover, turn, leads, drawn
            )
        except IllegalAction:
            refused.add(turn)
            continue
        if fresh:
            node.children[turn] = Node(seat=mover)
        child = node.children[turn]
        if child.after is None and drawn is not None:
            child.after, child.origin = after, drawn
        return child, after, fresh


def _after(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    child: Node | None,
    sample: Any,
    mover: int,
    turn: Turn,
    leads: dict[Turn, Any],
    drawn: Any,
) -> Any:
    """The state ``turn`` leads to from ``sample``: where the listing or the policy just saw it
    go in this very sample (``leads``), else where it led in the sample that first played it,
    carried over to this one by the game's ``graft`` (turns that read and changed nothing a
    sample deals anew lead to the same position but for what the samples differ in), else
    played again (``IllegalAction`` if this sample refuses it)."""
    lead = leads.get(turn)
    if lead is not None:
        return settle(engine, lead)
    graft = getattr(knowledge, "graft", None)
    if graft is not None and child is not None and child.after is not None and drawn is not None:
        grafted = graft(child.after, child.origin, drawn)
        if grafted is not None:
            return grafted
    return play_turn(engine, sample, mover, turn)


def _listed_after(
    engine: Engine[Any, Any], knowledge: Knowledge, sample: Any, seat: int, rng: Rng, limit: int
) -> list[tuple[Turn, Any]]:
    """The game's ``turns`` for ``seat`` in ``sample``, each cut where the turn passes, with
    the state it leads to there (chance settled), as ``cut_turn`` gives them. A game whose
    turns already end where the turn passes (``turns_cut``) and that says where each leads
    (``turns_after``) is not asked to play them again."""
    after_hook = getattr(knowledge, "turns_after", None)
    if after_hook is not None and getattr(knowledge, "turns_cut", False):
        return [
            (tuple(t), settle(engine, at)) for t, at in after_hook(engine, sample, seat, rng, limit)
        ]
    hook = knowledge.turns  # type: ignore[attr-defined]
    return [
        cut_turn(engine, sample, seat, tuple(t)) for t in hook(engine, sample, seat, rng, limit)
    ]


def _tree_turns(
    engine: Engine[Any, Any], knowledge: Knowledge, sample: Any, mover: int, rng: Rng
) -> tuple[list[Turn], dict[Turn, Any]]:
    """The turns first offered at a node below the root: the game's ``turns`` where it has
    them (cheap ones, ``TREE_TURNS``), else one turn played by ``policy``; more come by
    widening. With them, the state each leads to in ``sample`` where the listing knows it
    (chance settled): the search goes on from there instead of playing the turn again."""
    hook = getattr(knowledge, "turns", None)
    if hook is not None:
        after_hook = getattr(knowledge, "turns_after", None)
        if getattr(knowledge, "turns_cut", False):
            # The game's turns already end where the turn passes: replaying each to cut it
            # would cost a tenth of a Marco Polo search for nothing.
            if after_hook is not None:
                planned = after_hook(engine, sample, mover, rng, TREE_TURNS)
                found = [tuple(t) for t, _ in planned]
                leads = {tuple(t): at for t, at in reversed(planned)}
            else:
                found = [tuple(t) for t in hook(engine, sample, mover, rng, TREE_TURNS)]
                leads = {}
        else:
            listed = hook(engine, sample, mover, rng, TREE_TURNS)
            found = [cut_turn(engine, sample, mover, tuple(t))[0] for t in listed]
            leads = {}
        found = [t for t in dict.fromkeys(found) if t]
        if found:
            return found, leads
    turn, _ = policy_turn(engine, knowledge, sample, mover, rng)
    return ([turn] if turn else []), {}


def lone(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    turn: Turn,
    seats: int | None = None,
) -> Ranked:
    """The only turn ``seat`` has, rated on ``SINGLE_SAMPLES`` samples of its information: the
    mean value and score margin after playing it there (#24.7a: the real state would tell a
    hint what the seat cannot know)."""
    total = lead = wins = 0.0
    for _ in range(SINGLE_SAMPLES):
        sample = knowledge.determinize(state, seat, rng)
        seen = assess(knowledge, engine, play_turn(engine, sample, seat, turn), seats)
        total += seen.values[seat]
        lead += margin(seen.scores, seat)
        wins += seen.wins[seat]
    n = SINGLE_SAMPLES
    return Ranked(turn[0], 0, total / n, turn, lead / n, wins / n)


#: Merging searches by value: the turns with at least this share of the most merged visits
#: are the finalists, compared by value.
FINALISTS = 0.75


def merge(rankings: Sequence[Sequence[Ranked]], by_value: bool = False) -> list[Ranked]:
    """Several searches of one position (root parallelism: the same seat, other generators)
    merged into one ranking: visits added up, values and margins averaged by visits; best
    first: most visited, or with ``by_value`` (searches that shared their root by sequential
    halving, whose last turns in play end with visits equal to within one) the best value
    among the turns with at least ``FINALISTS`` of the most visits."""
    visits: dict[Turn, int] = {}
    sums: dict[Turn, list[float]] = {}  # weight, value, margin, chance (weighted sums)
    for ranking in rankings:
        for r in ranking:
            key = r.turn or (r.move,)
            weight = max(1, r.visits)
            visits[key] = visits.get(key, 0) + r.visits
            acc = sums.setdefault(key, [0.0, 0.0, 0.0, 0.0])
            acc[0] += weight
            acc[1] += weight * r.value
            acc[2] += weight * r.margin
            acc[3] += weight * r.chance
    out = []
    for key, n in visits.items():
        total, value, lead, chance = sums[key]
        out.append(Ranked(key[0], n, value / total, key, lead / total, chance / total))
    out.sort(key=lambda r: (-r.visits, -r.value, r.turn))
    if by_value and out:
        top = FINALISTS * out[0].visits
        finalists = sorted((r for r in out if r.visits >= top), key=lambda r: (-r.value, r.turn))
        out = finalists + [r for r in out if r.visits < top]
    return out


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
    seats = seat_count(engine, state)
    rated = []
    for move in moves:
        total = 0.0
        for sample in drawn:
            after, _ = engine.play(sample, seat, move)
            total += values(knowledge, engine, after, seats)[seat]
        rated.append((total / samples, move))
    rated.sort(key=lambda r: (-r[0], r[1]))
    return rated


def _ucb(node: Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.mean() + EXPLORE * math.sqrt(math.log(node.available) / node.visits)
