"""Whole turns and a quick rollout move for the Marco Polo computer (#24.1, #24.2).

A Marco Polo turn is one dice placement (the main action) with any extra actions before and
after it and the decisions the placement asks for (goods to choose, a movement step by step),
then ``end`` (M22, M23, M37). ``turns`` builds whole turns the way an experienced player thinks
about one: contracts that can be paid are fulfilled first (their rewards may pay for what
follows, M32); every main action worth comparing is tried (``ai_moves.shortlist``), also after
turning the lowest die into 3 coins where that opens a dearer Travel row (M33, M28); the best
of them by the evaluation one step deep are finished greedily (each decision the one the
evaluation likes best, so a movement heads for the best post its steps can reach, M41-M42),
contracts the placement paid for are fulfilled, and the turn ends. A turn stops early where a
die is rolled (a black die bought, M36, is a chance step the search must see).

``policy`` is the cheap move for rollouts: no evaluation, a few rules of thumb and some chance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.base import CHANCE, Engine
from engines.marco_polo import tables as T
from engines.marco_polo.ai_moves import (
    legal_moves,
    may_place_any,
    shortlist,
    space_moves,
    verb_moves,
)
from engines.marco_polo.ai_value import ROUTES, seat_worth
from engines.marco_polo.engine import apply_listed
from engines.marco_polo.state import State, parse_die
from engines.rng import Rng

#: Main actions rated one step deep for every turn kept: this many times ``limit`` are finished.
WIDTH = 2
#: Commands in one finished turn at most (a long movement with its bonuses is about a dozen).
MAX_COMMANDS = 24

#: Asked for fewer turns than this (deeper in the search tree), each bazaar row is tried only
#: with its best few columns (``_bazaar_tops``).
THOROUGH = 8
#: Below ``THOROUGH``, main actions tried one step deep per turn asked for, chosen by their
#: rough worth (``KIND``, the dice's value), and only the best ``limit`` of them finished.
ROUGH = 3
#: Bazaar placements tried per row below ``THOROUGH``.
PER_ROW = 2

Value = Callable[[State], float]


def _play(engine: Engine[Any, Any], state: State, seat: int, move: str) -> tuple[State, bool]:
    """``move`` (listed legal here by ``ai_moves``, so not checked again:
    ``engine.apply_listed``) applied without settling a chance step, and whether the planned turn must stop
    after it: a die is to be rolled (a black die, the next round's dice), or a contract was
    drawn from the hidden pile (a reward, a first-post tile, a display refilled, M27, M63), which
    a sample deals differently from the game, so nothing planned after it can be trusted."""
    after, _ = apply_listed(state, seat, engine.parse(state, seat, move))
    return after, engine.to_act(after) == [CHANCE] or len(after.pile) != len(state.pile)


def _acts(engine: Engine[Any, Any], state: State, seat: int) -> bool:
    """Whether ``seat`` still decides here (not another seat, not a die to roll)."""
    who = engine.to_act(state)
    return seat in who and who != [CHANCE]


def _best(
    engine: Engine[Any, Any], state: State, seat: int, moves: list[str], value: Value
) -> tuple[float | None, str, State, bool]:
    """The move the evaluation likes best one step deep (ties: the first listed), its rating,
    the position after it and whether the turn stops there (``_play``)."""
    if len(moves) == 1:
        # Nothing to compare: no rating (``None``); a caller that needs one reads it.
        after, stop = _play(engine, state, seat, moves[0])
        return None, moves[0], after, stop
    best: tuple[float, str, State, bool] | None = None
    for move in moves:
        after, stop = _play(engine, state, seat, move)
        v = value(after)
        if best is None or v > best[0]:
            best = (v, move, after, stop)
    assert best is not None
    return best


#: A part of a turn: the position after it, its commands, whether the turn stops there.
Part = tuple[State, list[str], bool]


def _fulfil_all(engine: Engine[Any, Any], state: State, seat: int, value: Value) -> Part:
    """Fulfil contracts, best first, while one is payable and the evaluation gains (M32)."""
    done: list[str] = []
    while _acts(engine, state, seat) and not state.pending:
        moves = verb_moves(state, seat, ("fulfil",))
        if not moves:
            break
        # Rated only where a contract may be fulfilled: most positions have none, and the
        # evaluation is the dearest step of a turn being built.
        here = value(state)
        v, move, after, stop = _best(engine, state, seat, moves, value)
        if v is None:
            v = value(after)
        if v <= here:
            break
        done.append(move)
        if stop:
            return after, done, True
        state, answers, stop = _answer(engine, after, seat, value)
        done += answers
        if stop:
            return state, done, True
    return state, done, False


def _answer(engine: Engine[Any, Any], state: State, seat: int, value: Value) -> Part:
    """Answer ``seat``'s pending decisions (a reward's good, a movement...) greedily."""
    done: list[str] = []
    for _ in range(MAX_COMMANDS):
        if not state.pending or not _acts(engine, state, seat):
            break
        moves = shortlist(legal_moves(state, seat))
        if not moves:
            break
        _, move, state, stop = _best(engine, state, seat, moves, value)
        done.append(move)
        if stop:
            return state, done, True
    return state, done, False


def finish(engine: Engine[Any, Any], state: State, seat: int, value: Value) -> Part:
    """The rest of ``seat``'s turn, greedily: each pending decision by the evaluation, then the
    contracts to fulfil, then ``end`` or a black die (``_play`` says where it stops early)."""
    done: list[str] = []
    for _ in range(MAX_COMMANDS):
        if not _acts(engine, state, seat):
            break
        p = state.players[seat]
        if state.pending or state.phase != "play":
            state, answers, stop = _answer(engine, state, seat, value)
            done += answers
            if stop or not answers:
                return state, done, stop
            continue
        if not p.main_done and p.dice:
            if may_place_any(state, seat):
                break  # the main action is the caller's choice
            # Nothing may be placed: fulfil what pays, then dice on 3 coins, lowest first, until
            # one opens a space or none is left (M23, M33).
            state, paid, stop = _fulfil_all(engine, state, seat, value)
            done += paid
            if stop:
                return state, done, True
            if paid:
                continue
            cheap = _coins3_lowest(state, seat, keep=0)
            if cheap is None:
                break
            state, stop = _play(engine, state, seat, cheap)
            done.append(cheap)
            if stop:
                return state, done, True
            continue
        state, paid, stop = _fulfil_all(engine, state, seat, value)
        done += paid
        if stop:
            return state, done, True
        if not _acts(engine, state, seat):
            break
        ends = verb_moves(state, seat, ("end", "black"))
        if not ends:
            break
        _, move, state, stop = _best(engine, state, seat, ends, value)
        done.append(move)
        if stop or move == "end":
            return state, done, stop
    return state, done, False


def turns(
    engine: Engine[Any, Any], state: State, seat: int, value: Value, limit: int
) -> list[tuple[str, ...]]:
    """Up to ``limit`` whole turns for ``seat`` from ``state``, best first (module docstring).
    ``value(state)`` rates a position for ``seat``."""
    return [turn for turn, _ in turns_after(engine, state, seat, value, limit)]


#: A whole turn and the position it leads to (chance not settled).
Planned = tuple[tuple[str, ...], State]


def turns_after(
    engine: Engine[Any, Any], state: State, seat: int, value: Value, limit: int
) -> list[Planned]:
    """``turns``, each with the position it leads to from ``state``: the search goes on from
    there instead of playing the turn again."""
    if not _acts(engine, state, seat):
        return []
    p = state.players[seat]
    if state.phase != "play" or state.pending or p.main_done or not p.dice:
        # A set-up choice, a decision asked mid-turn or the end of a turn: each listed move
        # starts a turn of its own, finished greedily.
        return _from_each(engine, state, seat, value, limit)
    before, pre, stop = _fulfil_all(engine, state, seat, value)
    if stop:
        return [(tuple(pre), before)]
    openings: list[tuple[tuple[str, ...], State]] = [(tuple(pre), before)]
    cheap = _coins3_lowest(before, seat)
    if cheap is not None and _acts(engine, before, seat):
        after, stop = _play(engine, before, seat, cheap)
        if not stop:
            openings.append(((*pre, cheap), after))
    seen: set[str] = set()
    rated: list[tuple[float, tuple[str, ...], str, State, bool]] = []
    for head, start in openings:
        if not _acts(engine, start, seat):
            continue
        if head and head[-1] == cheap:
            # 3 coins first only for a Travel row it pays for (``_rough_tops`` keeps every
            # Travel placement, and the shortlist compares placements of one space only).
            places = [m for m in shortlist(space_moves(start, seat, "travel")) if m not in seen]
        else:
            places = [m for m in shortlist(legal_moves(start, seat)) if m.startswith("place ")]
            if limit < THOROUGH:
                places = _rough_tops(_bazaar_tops(places), ROUGH * limit)
        for move in places:
            seen.add(move)
            after, stop = _play(engine, start, seat, move)
            rated.append((value(after), head, move, after, stop))
    if not rated:
        # Nothing may be placed: the turn is its contracts and dice on 3 coins (``finish``).
        end, rest, _ = finish(engine, before, seat, value)
        return [((*pre, *rest), end)] if pre or rest else []
    rated.sort(key=lambda r: -r[0])
    chosen = rated[: limit * (WIDTH if limit >= THOROUGH else 1)]
    # A Travel placement rated one step deep is a movement not made yet, worth less than the
    # post it builds (``ai_value.MOVE_SHARE``), while a contract taken with a discard pending
    # looks better than it is: so Travel is finished whatever its first rating, every row at
    # the root, the best-rated one deeper in the search (where the journey is decided, M28).
    travel = [r for r in rated[len(chosen) :] if r[2].startswith("place travel")]
    chosen += travel if limit >= THOROUGH else travel[:1]
    out: list[tuple[float, tuple[str, ...], State]] = []
    for _, head, move, after, stop in chosen:
        end, rest, _ = finish(engine, after, seat, value) if not stop else (after, [], True)
        out.append((value(end), (*head, move, *rest), end))
    out.sort(key=lambda r: -r[0])
    return [(t, end) for _, t, end in out[:limit]]


def _rough_tops(places: list[str], keep: int) -> list[str]:
    """The ``keep`` placements of ``places`` with the best rough worth (``KIND`` and the
    placement's value), every Travel placement among them (where the journey is decided)."""
    travel = [m for m in places if m.startswith("place travel")]
    rest = [m for m in places if not m.startswith("place travel")]
    rest.sort(key=lambda m: -_rough(m))
    return travel + rest[: max(0, keep - len(travel))]


#: ``_rough`` of each placement text met (rollouts rate the same texts again and again).
_ROUGH: dict[str, float] = {}


def _rough(move: str) -> float:
    """A placement's rough worth for ``policy``/``_rough_tops``: its kind, then its value."""
    found = _ROUGH.get(move)
    if found is None:
        if len(_ROUGH) >= 1 << 16:
            _ROUGH.clear()
        tokens = move.split()
        dice = [d[1] for t in tokens if (d := parse_die(t))]
        found = _ROUGH[move] = KIND.get(tokens[1], 1.0) + 0.1 * min(dice, default=0)
    return found


def _bazaar_tops(places: list[str]) -> list[str]:
    """``places`` with only the ``PER_ROW`` biggest columns of each bazaar row (M25; cheaper
    dice first); the rest as they are. Quick, for the
    turns asked for below the root."""
    rows: dict[str, list[tuple[tuple[int, int], str]]] = {}
    out = []
    for move in places:
        found = _ROW_KEYS.get(move)
        if found is None:
            if len(_ROW_KEYS) >= 1 << 16:
                _ROW_KEYS.clear()
            found = _ROW_KEYS[move] = _row_key(move)
        space, key = found
        if not space:
            out.append(move)
            continue
        rows.setdefault(space, []).append((key, move))
    for ranked in rows.values():
        ranked.sort()
        out += [m for _, m in ranked[:PER_ROW]]
    return out


def _row_key(move: str) -> tuple[str, tuple[int, int]]:
    """A placement's bazaar row and its order there for ``_bazaar_tops`` (biggest column,
    then cheaper dice); no row (``""``) for any other space."""
    tokens = move.split()
    space = tokens[1]
    if space not in KIND_ROWS:
        return "", (0, 0)
    dice = [d[1] for t in tokens if (d := parse_die(t))]
    col = next((int(t[4:]) for t in tokens if t.startswith("col=")), min(dice))
    return space, (-col, sum(dice))


#: ``_row_key`` of each placement text met (the same texts come back position after position).
_ROW_KEYS: dict[str, tuple[str, tuple[int, int]]] = {}

#: The spaces ``_bazaar_tops`` thins out.
KIND_ROWS = frozenset(("camel", "pepper", "silk", "gold"))


def _from_each(
    engine: Engine[Any, Any], state: State, seat: int, value: Value, limit: int
) -> list[Planned]:
    """Turns that start with each listed move, the best ``limit * WIDTH`` one step deep
    finished greedily."""
    starts = shortlist(legal_moves(state, seat))
    played = [(m, *_play(engine, state, seat, m)) for m in starts]
    rated = sorted(
        ((value(after), m, after, stop) for m, after, stop in played), key=lambda r: -r[0]
    )
    out = []
    for _, move, after, stop in rated[: limit * WIDTH]:
        end, rest, _ = finish(engine, after, seat, value) if not stop else (after, [], True)
        out.append((value(end), (move, *rest), end))
    out.sort(key=lambda r: -r[0])
    return [(t, end) for _, t, end in out[:limit]]


def _noise(rng: Rng) -> float:
    """A number in [0, 1) from ``rng``."""
    return rng.below(1024) / 1024


def _coins3_lowest(state: State, seat: int, keep: int = 2) -> str | None:
    """``coins3`` with the seat's lowest die, if it keeps ``keep`` dice or more after (M33)."""
    if len(state.players[seat].dice) <= keep:
        return None
    moves = verb_moves(state, seat, ("coins3",))
    if not moves:
        return None
    return min(moves, key=lambda m: (parse_die(m.split()[1]) or ("", 0))[1])


#: Positions a ``seat_value`` remembers at most (a turn being built rates a position a move
#: leads to, then again as the start of what follows: contracts to fulfil, the end).
_RATED = 256


def seat_value(seat: int) -> Value:
    """The evaluation of ``seat`` alone (its own worth, M60 and the future part); the
    positions rated are remembered by identity (held, so an id is never reused while kept)."""
    kept: dict[int, tuple[State, float]] = {}

    def value(state: State) -> float:
        held = kept.get(id(state))
        if held is not None and held[0] is state:
            return held[1]
        rated = seat_worth(state, seat)
        if len(kept) >= _RATED:
            kept.clear()
        kept[id(state)] = (state, rated)
        return rated

    return value


#: Rough worth of a main action by kind, for ``policy`` (no evaluation in rollouts).
KIND = {"travel": 3.0, "contracts": 2.0, "gold": 2.0, "silk": 1.8, "pepper": 1.5, "camel": 1.2}


def policy(engine: Engine[Any, Any], state: State, seat: int, rng: Rng) -> str | None:
    """A quick sensible move (module docstring): fulfil what can be paid, answer a movement by
    stepping towards the nearest city without a post (stopping there), travel when a row is
    open, else a bazaar row, contracts or a city card by a rough worth with some chance."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    if state.pending and state.pending[0].k == "move":
        return _step(state, seat, moves, rng)
    fulfil = [m for m in moves if m.startswith("fulfil ")]
    if fulfil:
        return rng.choice(fulfil)
    places = [m for m in moves if m.startswith("place ")]
    if not places or _noise(rng) < 0.1:
        if "end" in moves:
            return "end"
        return rng.choice(moves)
    # ``_rough(m) + _noise(rng)`` per placement, the kept worth read straight and the noise
    # drawn at once, in the same order (a rollout move rates every placement listed).
    kept = _ROUGH
    noise = rng.belows(1024, len(places))
    rated = zip(places, noise, strict=True)
    return max(((kept.get(m) or _rough(m)) + x / 1024, m) for m, x in rated)[1]


def _step(state: State, seat: int, moves: list[str], rng: Rng) -> str:
    """A movement's next step: towards the nearest post city the seat lacks; ``stop`` there."""
    p = state.players[seat]
    held = set(p.posts)
    here = [f for f in p.figures if f in T.POST_CITIES and f not in held]
    item = state.pending[0]
    if "stop" in moves and here and item.taken:
        return "stop"
    left = item.steps - item.taken
    best: tuple[float, str] | None = None
    for m in moves:
        if not m.startswith("move "):
            continue
        dest = m.split()[1]
        near = min(
            (ROUTES[dest][c][0] for c in T.POST_CITIES if c not in held),
            default=9,
        )
        score = (0 if near < left else 1) + near + 0.5 * _noise(rng)
        if best is None or score < best[0]:
            best = (score, m)
    if best is None:
        return "stop" if "stop" in moves else rng.choice(moves)
    return best[1]
