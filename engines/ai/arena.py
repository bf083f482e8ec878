"""Seats of given levels play whole games against each other: how strong each level is.

``turnpost arena GAME --players N --games K --seats normal,random`` prints one line per game and
then, last, a JSON summary: for each seat kind the games it won (a shared first place counts as a
share), how often it finished first (ties included), and its thinking time per move. Seat kinds
rotate round the table from game to game, so no kind keeps the first-player seat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engines.ai import v1
from engines.ai.behaviour import Step, by_kind, by_seat, metrics_for
from engines.ai.seats import LEVELS, Choice, choose
from engines.base import CHANCE, Engine, Event
from engines.rng import Rng, seed_state

T = TypeVar("T")
R = TypeVar("R")

#: What ``play_game`` shows of each step: seat (``None`` for chance), move text, events, the
#: state before and the state after.
OnStep = Callable[[int | None, str, list[Event], Any, Any], None]

#: A game longer than this many moves is a bug in an engine or a seat.
MAX_MOVES = 20_000

#: Seat kinds the arena plays: the levels, and the frozen reference ``v1`` (commit 26d3b23's
#: ``normal``, ``engines.ai.v1``), which only the arena offers.
KINDS = (*LEVELS, "v1")


@dataclass
class GameRecord:
    """One finished arena game."""

    seed: int
    kinds: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    #: seconds per move, by seat kind
    thinking: dict[str, list[float]] = field(default_factory=dict)


def seat_kinds(kinds: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The kinds by seat for game number ``game``: ``kinds`` padded with its last entry to the
    number of players, then rotated one seat per game.

    >>> seat_kinds(["normal", "random"], 3, 0)
    ('normal', 'random', 'random')
    >>> seat_kinds(["normal", "random"], 3, 1)
    ('random', 'normal', 'random')
    """
    if not kinds:
        raise ValueError("name at least one seat kind")
    for k in kinds:
        if k not in KINDS:
            raise ValueError(f"unknown seat kind {k!r}; one of {', '.join(KINDS)}")
    padded = list(kinds[:players]) + [kinds[-1]] * max(0, players - len(kinds))
    shift = game % players
    return tuple(padded[-shift:] + padded[:-shift]) if shift else tuple(padded)


def play_game(
    engine: Engine[Any, Any],
    players: int,
    kinds: Sequence[str],
    seed: int,
    *,
    seconds: float,
    iterations: int | None = None,
    options: Mapping[str, str] | None = None,
    on_step: OnStep | None = None,
) -> GameRecord:
    """One whole game (with game ``options``), each seat choosing with its level. ``on_step``, if
    given, sees every step as ``(seat, move, events, before, after)``: a seat's move, or a
    chance node's outcome with seat ``None`` (a draw the game settled after a move)."""
    state = engine.setup(players, engine.meta.validate_options(options or {}), seed)
    rng = Rng(seed_state(seed ^ 0xA2E7A))
    thinking: dict[str, list[float]] = {}
    moves = 0
    while True:
        who = engine.to_act(state)
        if not who:
            break
        seat = who[0]
        kind = kinds[seat]
        # Each decision gets its own generator, so a seat's choice does not depend on how many
        # random numbers the other seats happened to use.
        own = Rng(seed_state(rng.next64()))
        started = time.perf_counter()
        move = seat_move(engine, state, seat, kind, own, seconds=seconds, iterations=iterations)
        thinking.setdefault(kind, []).append(time.perf_counter() - started)
        state = _step(engine, state, seat, move, on_step)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"{engine.meta.id}: arena game {seed} not over after {moves} moves")
    result = engine.result(state)
    assert result is not None, "a game with nobody to act has a result"
    return GameRecord(seed, tuple(kinds), result.scores, result.winners, moves, thinking)


def _step(
    engine: Engine[Any, Any], state: Any, seat: int, move: str, on_step: OnStep | None
) -> Any:
    """``engine.play``, with each part of it (the move, then each draw) shown to ``on_step``."""
    if on_step is None:
        return engine.play(state, seat, move)[0]
    after, events = engine.apply(state, seat, engine.parse(state, seat, move))
    on_step(seat, move, events, state, after)
    while engine.has_chance and engine.to_act(after) == [CHANCE]:
        before = after
        outcome = engine.sample_chance(before)
        after, events = engine.apply(before, CHANCE, outcome)
        on_step(None, str(outcome), events, before, after)
    return after


def seat_move(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    kind: str,
    rng: Rng,
    *,
    seconds: float,
    iterations: int | None = None,
) -> str:
    """The move a seat of ``kind`` (one of ``KINDS``) makes."""
    if kind == "v1":
        return v1.choose(engine, state, seat, rng, seconds=seconds, iterations=iterations)[0]
    found: Choice = choose(engine, state, seat, kind, rng, seconds=seconds, iterations=iterations)
    return found.move


#: One game of a run, in picklable arguments: game, players, kinds by seat, seed, seconds,
#: iterations, game options.
Task = tuple[str, int, tuple[str, ...], int, float, int | None, dict[str, str]]


def _play_task(task: Task) -> GameRecord:
    """``play_game`` from picklable arguments (for worker processes)."""
    import engines

    game, players, kinds, seed, seconds, iterations, options = task
    return play_game(
        engines.get(game),
        players,
        kinds,
        seed,
        seconds=seconds,
        iterations=iterations,
        options=options,
    )


def recorded_game(task: Task) -> tuple[GameRecord, list[dict[str, float]]]:
    """One arena game (``engines.ai.arena.Task``), its steps recorded and measured by the game's
    ``metrics``. Runs in a worker process: only the record and the numbers come back."""
    import engines

    game, players, kinds, seed, seconds, iterations, options = task
    engine = engines.get(game)
    steps: list[Step] = []

    def keep(seat: int | None, move: str, events: list[Any], before: Any, after: Any) -> None:
        steps.append(Step(seat, move, events, before, after))

    record = play_game(
        engine,
        players,
        kinds,
        seed,
        seconds=seconds,
        iterations=iterations,
        options=options,
        on_step=keep,
    )
    result = engine.result(steps[-1].after)
    assert result is not None, "a finished game has a result"
    return record, metrics_for(game)(engine, steps, result)


def played(fn: Callable[[T], R], tasks: Sequence[T], jobs: int = 1) -> Generator[R, None, None]:
    """``fn`` of each task, in order: ``jobs`` at a time in worker processes when more than one.
    Closing the iterator early cancels the tasks not started yet (a sequential test stopped)."""
    if jobs <= 1:
        for task in tasks:
            yield fn(task)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(fn, task) for task in tasks]
        for future in futures:
            yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def summary(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Wins, first places and thinking time per seat kind over ``records``."""
    kinds = sorted({k for r in records for k in r.kinds})
    out: dict[str, Any] = {"games": len(records), "kinds": {}}
    for kind in kinds:
        wins = 0.0
        firsts = 0
        seats = 0
        times: list[float] = []
        for r in records:
            mine = [s for s, k in enumerate(r.kinds) if k == kind]
            seats += len(mine)
            won = [s for s in mine if s in r.winners]
            wins += len(won) / len(r.winners) if r.winners else 0.0
            firsts += 1 if won else 0
            times.extend(r.thinking.get(kind, []))
        times.sort()
        out["kinds"][kind] = {
            "seats": seats,
            "wins": round(wins, 2),
            "win_rate": round(wins / len(records), 3) if records else 0.0,
            "first_rate": round(firsts / len(records), 3) if records else 0.0,
            "avg_seconds": round(sum(times) / len(times), 4) if times else 0.0,
            "p95_seconds": round(times[int(0.95 * (len(times) - 1))], 4) if times else 0.0,
        }
    return out


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test (Wald) on the share of games one seat kind wins:
    ``p0`` (not better than this) against ``p1`` (at least this), each error at most ``alpha``;
    a shared first place counts as a share of a win."""

    kind: str
    p0: float
    p1: float
    alpha: float = 0.05

    def llr(self, wins: float, games: int) -> float:
        """The log-likelihood ratio of ``p1`` over ``p0`` after ``wins`` of ``games``."""
        losses = games - wins
        return wins * math.log(self.p1 / self.p0) + losses * math.log((1 - self.p1) / (1 - self.p0))

    def verdict(self, wins: float, games: int) -> str | None:
        """``"p1"`` or ``"p0"`` once the test decides at ``1 - alpha`` confidence, else ``None``.

        >>> test = Sprt("normal", 0.5, 0.65)
        >>> test.verdict(16, 18), test.verdict(3, 14), test.verdict(7, 14)
        ('p1', 'p0', None)
        """
        bound = math.log((1 - self.alpha) / self.alpha)
        llr = self.llr(wins, games)
        if llr >= bound:
            return "p1"
        if llr <= -bound:
            return "p0"
        return None

    def report(self, wins: float, games: int) -> dict[str, Any]:
        """The test's state as plain data (for the summary)."""
        verdict = self.verdict(wins, games)
        confidence = round(100 * (1 - self.alpha))
        share = f"{self.kind}'s share of wins"
        if verdict == "p1":
            said = f"{share} >= {self.p1:.0%} accepted against <= {self.p0:.0%}"
        elif verdict == "p0":
            said = f"{share} <= {self.p0:.0%} accepted against >= {self.p1:.0%}"
        else:
            said = f"undecided between {share} <= {self.p0:.0%} and >= {self.p1:.0%}"
        said += f" ({confidence} % confidence)" if verdict else " (stopped before a decision)"
        return {
            "kind": self.kind,
            "p0": self.p0,
            "p1": self.p1,
            "alpha": self.alpha,
            "games": games,
            "wins": round(wins, 2),
            "llr": round(self.llr(wins, games), 3),
            "bound": round(math.log((1 - self.alpha) / self.alpha), 3),
            "verdict": verdict,
            "says": said,
        }


def win_share(record: GameRecord, kind: str) -> float:
    """The share of ``record``'s win that went to seats of ``kind`` (0 to 1)."""
    if not record.winners:
        return 0.0
    return sum(1 for s in record.winners if record.kinds[s] == kind) / len(record.winners)


#: What ``run`` can report besides wins and thinking time: ``behaviour``, the game's behaviour
#: metrics per seat kind (``engines.ai.behaviour``, #24.3).
REPORTS = ("behaviour",)


def run(
    engine: Engine[Any, Any],
    players: int,
    games: int,
    kinds: Sequence[str],
    seed: int = 0,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
    each: Callable[[int, GameRecord], None] | None = None,
    jobs: int = 1,
    options: Mapping[str, str] | None = None,
    sprt: Sprt | None = None,
    report: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (``jobs`` at a time, in worker processes when more than one) and
    summarise them; ``each`` sees every finished game, in order. With ``sprt``, stop as soon as
    the test decides (the summary's ``sprt`` says what, after how many games). With ``report``
    ``"behaviour"``, every game is also measured by the game's behaviour metrics and the
    summary's ``behaviour`` holds their medians and means per seat kind (``by_kind``),
    ``behaviour_by_seat`` per seat at the table (``by_seat``)."""
    engine.meta.validate_players(players)
    chosen = engine.meta.validate_options(options or {})
    if report is not None:
        if report not in REPORTS:
            raise ValueError(f"unknown report {report!r}; one of {', '.join(REPORTS)}")
        metrics_for(engine.meta.id)  # fail now, not after the first game, if it has none
    tasks: list[Task] = [
        (engine.meta.id, players, seat_kinds(kinds, players, g), seed + g, seconds, iterations)
        + (chosen,)
        for g in range(games)
    ]
    records: list[GameRecord] = []
    measured: list[tuple[GameRecord, list[dict[str, float]]]] = []
    wins = 0.0
    if report is None:
        games_played: Generator[GameRecord, None, None] = played(_play_task, tasks, jobs)
    else:
        games_played = _measured(played(recorded_game, tasks, jobs), measured)
    for g, record in enumerate(games_played):
        records.append(record)
        if each is not None:
            each(g, record)
        if sprt is not None:
            wins += win_share(record, sprt.kind)
            if sprt.verdict(wins, len(records)):
                break
    games_played.close()  # a test that stopped early: the games not started yet are cancelled
    result = summary(records)
    if sprt is not None:
        result["sprt"] = sprt.report(wins, len(records))
    if report is not None:
        result["behaviour"] = by_kind(measured)
        result["behaviour_by_seat"] = by_seat(measured)
    result.update(game=engine.meta.id, players=players, seed=seed, seconds=seconds)
    if options:
        result["options"] = chosen
    if iterations is not None:
        result["iterations"] = iterations
    return result


def _measured(
    games: Generator[tuple[GameRecord, list[dict[str, float]]], None, None],
    into: list[tuple[GameRecord, list[dict[str, float]]]],
) -> Generator[GameRecord, None, None]:
    """The records of measured games, each game's numbers kept in ``into`` on the way; closing
    it closes ``games`` (cancelling the games not started)."""
    try:
        for record, numbers in games:
            into.append((record, numbers))
            yield record
    finally:
        games.close()
