"""Whole turns: the unit the search decides in (#24.1), and the cheap moves rollouts play (#24.2).

A turn is what one seat does before the game passes to someone else or to chance: Bombay's up
to three action points, a Marco Polo die placement with its free actions, Brass's two actions,
one Imhotep action. Deciding one command at a time, a search spent a Bombay turn's first action
point without knowing whether the others could still be used, and planned a second Brass action
the first made impossible; deciding among whole turns, each is compared as a whole.

A game's knowledge may supply ``turns`` and ``policy`` (see ``engines.ai.knowledge``); this
module holds the defaults and the plumbing: playing a turn, telling when a turn has passed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engines.ai.knowledge import Knowledge, values
from engines.base import CHANCE, END, Engine, IllegalAction
from engines.randomplay import random_action
from engines.rng import Rng

#: A turn: the commands one seat makes in order before the turn passes.
Turn = tuple[str, ...]

#: Commands in one turn at most: past this a turn is cut (an engine's bug, or a seat that
#: keeps itself busy with free actions).
MAX_COMMANDS = 12
#: Moves tried per partial turn in the beam after its first command (sampled where more).
BEAM_MOVES = 40
#: Moves listed per position at most; past this ``legal_texts`` samples them (Marco Polo).
MAX_LISTED = 400


def legal_texts(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    keep: Callable[[list[str], str], bool] | None = None,
    limit: int = MAX_LISTED,
) -> list[str]:
    """The legal moves of ``seat`` as canonical texts; built token by token through ``complete``
    for games that do not list them, sampling branches once there are more than ``limit``.
    ``keep(prefix, token)``, if given, skips the branches it refuses (moves a game knows to be
    no better than another one kept)."""
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
    """The moves worth comparing for ``seat``: the game's own shortlist where its knowledge
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


def passed(engine: Engine[Any, Any], state: Any, seat: int) -> bool:
    """Whether ``seat``'s turn is over in ``state`` (reached by one of its commands, chance not
    yet settled): it no longer acts, or a draw or roll comes first."""
    who = engine.to_act(state)
    return seat not in who or who == [CHANCE]


def policy_move(
    engine: Engine[Any, Any], knowledge: Knowledge, state: Any, seat: int, rng: Rng
) -> str | None:
    """The game's ``policy`` move for ``seat``, or a uniformly random legal one where it has
    none (``None``: no legal move)."""
    hook = getattr(knowledge, "policy", None)
    if hook is not None:
        found: str | None = hook(engine, state, seat, rng)
        return found
    return random_action(engine, state, seat, rng)


def step(engine: Engine[Any, Any], state: Any, seat: int, move: str) -> Any:
    """``move`` applied, chance not settled yet (so ``passed`` can see a draw coming)."""
    return engine.apply(state, seat, engine.parse(state, seat, move))[0]


def settle(engine: Engine[Any, Any], state: Any) -> Any:
    """Any draws or rolls the last command reached, from the state's own generator (which a
    determinized state re-seeded)."""
    return engine.settle(state)[0] if engine.has_chance else state


def play_turn(engine: Engine[Any, Any], state: Any, seat: int, turn: Turn) -> Any:
    """The state after ``seat`` plays ``turn`` (and the chance it reached is settled); raises
    ``IllegalAction`` if a command is not legal in ``state`` (a turn listed in another sample)."""
    for move in turn:
        if seat not in engine.to_act(state):
            raise IllegalAction("ai.turn_over")
        state = settle(engine, step(engine, state, seat, move))
    return state


def cut_turn(engine: Engine[Any, Any], state: Any, seat: int, turn: Turn) -> tuple[Turn, Any]:
    """``turn`` up to where the turn passes (a game's ``turns`` may run on past a draw that ends
    it), and the state after that part, chance settled; raises ``IllegalAction`` like
    ``play_turn``."""
    for i, move in enumerate(turn):
        if seat not in engine.to_act(state):
            raise IllegalAction("ai.turn_over")
        state = step(engine, state, seat, move)
        if passed(engine, state, seat):
            return turn[: i + 1], settle(engine, state)
        state = settle(engine, state)
    return turn, state


def policy_turn(
    engine: Engine[Any, Any], knowledge: Knowledge, state: Any, seat: int, rng: Rng
) -> tuple[Turn, Any]:
    """A turn played by ``policy`` from ``state``, and the state after it (chance settled)."""
    moves: list[str] = []
    # A game whose policy picks from its own legal listing may apply the move unchecked.
    listed = getattr(knowledge, "play_listed", None)
    while len(moves) < MAX_COMMANDS:
        move = policy_move(engine, knowledge, state, seat, rng)
        if move is None:
            break
        if listed is not None:
            state = listed(engine, state, seat, move)
        else:
            state = step(engine, state, seat, move)
        moves.append(move)
        if passed(engine, state, seat):
            break
    return tuple(moves), settle(engine, state)


def beam_turns(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    limit: int,
    seats: int | None = None,
) -> list[tuple[float, Turn]]:
    """Up to ``limit`` whole turns for ``seat`` with ``seat``'s value after each, best first:
    a beam ``limit`` wide over its commands, each partial turn rated by ``values`` (every first
    command is tried, at most ``BEAM_MOVES`` of each later step); a turn still going after
    ``MAX_COMMANDS`` is finished by ``policy``. Ties go by notation, so the list is
    reproducible."""
    beam: list[tuple[Turn, Any]] = [((), state)]
    done: dict[Turn, float] = {}
    for depth in range(MAX_COMMANDS):
        grown: list[tuple[float, Turn, Any]] = []
        for turn, at in beam:
            moves = candidate_moves(engine, knowledge, at, seat, rng)
            if depth and len(moves) > BEAM_MOVES:
                rng.shuffle(moves)
                moves = moves[:BEAM_MOVES]
            for move in moves:
                after = step(engine, at, seat, move)
                value = values(knowledge, engine, after, seats)[seat]
                longer = (*turn, move)
                if passed(engine, after, seat):
                    done[longer] = value
                else:
                    grown.append((value, longer, after))
        grown.sort(key=lambda g: (-g[0], g[1]))
        grown = diverse(grown)
        beam = [(turn, after) for _, turn, after in grown[:limit]]
        if not beam:
            break
    for turn, at in beam:
        rest, after = policy_turn(engine, knowledge, at, seat, rng)
        done[turn + rest] = values(knowledge, engine, after, seats)[seat]
    ranked = sorted(((v, t) for t, v in done.items()), key=lambda r: (-r[0], r[1]))
    return diverse(ranked)[:limit]


R = TypeVar("R", bound=tuple[Any, ...])


def diverse(ranked: list[R]) -> list[R]:
    """``ranked`` (rows ``(value, turn, ...)``, best first) with the best turn of each first
    command ahead of every second choice: a list cut short then still compares different
    first commands, not a dozen ways to finish one (an Imhotep ship sailed to the market, then
    every order of taking its cards).

    >>> diverse([(3, ("a", "x")), (2, ("a", "y")), (1, ("b",))])
    [(3, ('a', 'x')), (1, ('b',)), (2, ('a', 'y'))]
    """
    seen: set[str] = set()
    first: list[R] = []
    rest: list[R] = []
    for row in ranked:
        head = row[1][0] if row[1] else ""
        (rest if head in seen else first).append(row)
        seen.add(head)
    return first + rest


def turns_for(
    engine: Engine[Any, Any],
    knowledge: Knowledge,
    state: Any,
    seat: int,
    rng: Rng,
    limit: int,
    seats: int | None = None,
) -> list[Turn]:
    """Up to ``limit`` whole turns for ``seat``, best-looking first: the game's ``turns`` where
    its knowledge has them, else ``beam_turns``."""
    hook = getattr(knowledge, "turns", None)
    if hook is not None:
        found: list[Turn] = [tuple(t) for t in hook(engine, state, seat, rng, limit)]
        if found:
            return found[:limit]
    return [turn for _, turn in beam_turns(engine, knowledge, state, seat, rng, limit, seats)]


def rollout(
    engine: Engine[Any, Any], knowledge: Knowledge, state: Any, rng: Rng, depth: int
) -> Any:
    """Up to ``depth`` ``policy`` moves played on from ``state`` (chance settled as it comes);
    the position they reach."""
    for _ in range(depth):
        seat = actor(engine, state)
        if seat is None:
            break
        move = policy_move(engine, knowledge, state, seat, rng)
        if move is None:
            break
        state = settle(engine, step(engine, state, seat, move))
    return state
