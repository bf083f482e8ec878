"""Recorded game traces: seeded random games of every shipped game, step by step, so a refactor
can prove it changed no behaviour (in the spirit of python-chess's perft counts).

    python -m tests.traces            # replay every stored trace, print the first divergence per game
    python -m tests.traces --write    # record them again (tests/<game>/traces.jsonl)

A trace is a few seeded random games per game (``tables``: player counts and option sets), played
through the contract as the service plays them: ``engine.apply`` for a seat's move, and every
chance node settled explicitly (``sample_chance`` then ``apply(state, CHANCE, …)``), so a draw is
a step of its own. The mover and the move are chosen by a seeded ``random.Random``: from the
sorted ``legal_actions``, or token by token from ``complete`` where the engine lists none (Marco
Polo). Each step stores its seat, the move's text and a short hash (sha256, 8 hex digits) of each
part of what the engine said:

``to_act``  the seats asked to decide before the move
``asked``   ``asked(state, seat)`` for each of them
``legal``   each of them's sorted legal moves (Marco Polo: the first tokens ``complete`` offers
            each, and the completions along the move's own tokens); at a chance node, the listed
            ``chance_outcomes`` with their probabilities (``None`` when too many to list)
``move``    the move's canonical text (``str(parse(...))``)
``events``  the move's events, ``visible_to`` and ``reveals`` included, in order
``dump``    the state after the move (``engine.dumps``)
``view``    the public view after the move (``kit.plain``, as JSON)
``seats``   every seat's hidden part of its own view after the move (``view(state, seat).private``;
            the rest of a seat's view is the public one)

The first line of a game (``setup``) holds the setup events, the first state's dump and view; the
last (``end``) the result. At a chance node the outcome the state's own generator draws
(``sample_chance``) must be the recorded one too (part ``chance``): that is what replays an old
log, whose draws happened inside the moves.

``tests/test_traces.py`` replays every stored game and fails at the first step that differs,
naming the game, the step, the move and the part. Re-record (``--write``) only for a deliberate
change of behaviour (a rule fixed, an event added, a dump or view reshaped), in the commit that
makes it, and say so in its message; a refactor must leave every trace as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engines
from engines.base import CHANCE, END, Engine, Event, IllegalAction
from engines.kit import plain
from tests import games

#: The folder of the games' own test packages: a game's trace is ``tests/<game>/traces.jsonl``.
FOLDER = Path(__file__).resolve().parent

#: The parts hashed at each step, in the order they are stored.
PARTS = ("to_act", "asked", "legal", "move", "events", "dump", "view", "seats")

#: What each part is, for a failure's message.
MEANING = {
    "to_act": "the seats asked to decide before it",
    "asked": "what they were asked",
    "legal": "the moves offered before it, or at a chance node the outcomes listed",
    "move": "its canonical text",
    "events": "what it told",
    "dump": "the state after it",
    "view": "the public view after it",
    "seats": "a seat's hidden view after it",
}

#: Far beyond any real game's length (as ``engines.randomplay.MAX_STEPS``).
MAX_STEPS = 20_000


@dataclass(frozen=True)
class Table:
    """One recorded game: how many players, which options, which seed (the setup's and the
    chooser's)."""

    players: int
    options: Mapping[str, str]
    seed: int


def tables(game: str) -> tuple[Table, ...]:
    """The games recorded for ``game``: its ``TRACES`` (``tests/<game>/__init__.py``: each player
    count and the option sets that change what is played), or one game at its fewest players."""
    declared: tuple[Table, ...] | None = games.fact(game, "TRACES")
    if declared:
        return declared
    return (Table(engines.get(game).meta.min_players, {}, 1),)


def short_hash(value: Any) -> str:
    """sha256 of ``value``'s canonical JSON (sorted keys, no spaces), 8 hex digits: enough to
    tell a changed part from an unchanged one, small enough to keep every trace in the
    repository."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _events(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def _legal(engine: Engine[Any, Any], state: Any, seat: int) -> Any:
    """``seat``'s sorted legal moves, or (for an engine that lists none) the first tokens."""
    listed = engine.legal_actions(state, seat)
    if listed is None:
        return {"complete": engine.complete(state, seat, "")}
    return sorted(str(a) for a in listed)


def _path(engine: Engine[Any, Any], state: Any, seat: int, text: str) -> list[list[str]]:
    """What ``complete`` offers after each prefix of ``text``'s tokens (the end included)."""
    tokens = text.split()
    return [engine.complete(state, seat, " ".join(tokens[:i])) for i in range(len(tokens) + 1)]


def _choose(engine: Engine[Any, Any], state: Any, seat: int, rng: random.Random) -> str:
    """A random legal move of ``seat``: from the sorted list, or token by token."""
    listed = engine.legal_actions(state, seat)
    if listed is not None:
        if not listed:
            raise RuntimeError(f"{engine.meta.id}: seat {seat} must act but has no legal move")
        return rng.choice(sorted(str(a) for a in listed))
    chosen: list[str] = []
    for _ in range(64):
        offered = engine.complete(state, seat, " ".join(chosen))
        if not offered:
            raise RuntimeError(f"{engine.meta.id}: seat {seat} must act but has no legal move")
        token = rng.choice(offered)
        if token == END:
            return " ".join(chosen)
        chosen.append(token)
    raise RuntimeError(f"{engine.meta.id}: complete() never offered END after 64 tokens")


def _before(engine: Engine[Any, Any], state: Any) -> tuple[list[int], dict[str, Any]]:
    """The parts read before a move: who acts, what each is asked, what each may do."""
    who = engine.to_act(state)
    if who == [CHANCE]:
        listed = engine.chance_outcomes(state)
        legal: Any = None if listed is None else sorted([str(a), round(p, 12)] for a, p in listed)
        return who, {"to_act": who, "asked": None, "legal": legal}
    asked = {}
    for seat in who:
        event = engine.asked(state, seat)
        asked[str(seat)] = None if event is None else event.to_json()
    legal = {str(seat): _legal(engine, state, seat) for seat in who}
    return who, {"to_act": who, "asked": asked, "legal": legal}


def _after(
    engine: Engine[Any, Any], state: Any, events: list[Event], players: int
) -> dict[str, Any]:
    """The parts read after a move: its events, the state's dump, the public view and each
    seat's hidden part of its own (the rest of a seat's view is the public one)."""
    return {
        "events": _events(events),
        "dump": engine.dumps(state),
        "view": plain(engine.view(state, None)),
        "seats": [plain(engine.view(state, seat).private) for seat in range(players)],
    }


def _hashes(parts: Mapping[str, Any]) -> str:
    return ".".join(short_hash(parts[name]) if name in parts else "" for name in PARTS)


def record(game: str, table: Table) -> list[dict[str, Any]]:
    """Play ``table``'s random game of ``game`` and return its trace: a ``setup`` line, one line
    per step (``seat``, ``move``, ``hash``) and an ``end`` line."""
    engine = engines.get(game)
    state = engine.setup(table.players, engine.meta.validate_options(table.options), table.seed)
    rng = random.Random(table.seed)
    lines: list[dict[str, Any]] = [
        {
            "setup": {"players": table.players, "options": dict(table.options), "seed": table.seed},
            "hash": _hashes(_after(engine, state, engine.setup_events(state), table.players)),
        }
    ]
    for _ in range(MAX_STEPS):
        who, parts = _before(engine, state)
        if not who:
            result = engine.result(state)
            lines.append({"end": short_hash(None if result is None else result.to_json())})
            return lines
        if who == [CHANCE]:
            seat = CHANCE
            text = str(engine.sample_chance(state))
        else:
            seat = rng.choice(who)
            text = _choose(engine, state, seat, rng)
            if engine.legal_actions(state, seat) is None:
                parts["legal"] = {**parts["legal"], "path": _path(engine, state, seat, text)}
        action = engine.parse(state, seat, text)
        parts["move"] = str(action)
        state, events = engine.apply(state, seat, action)
        parts.update(_after(engine, state, events, table.players))
        lines.append({"seat": seat, "move": text, "hash": _hashes(parts)})
    raise RuntimeError(f"{game}: random game not over after {MAX_STEPS} steps")


def path_of(game: str) -> Path:
    """Where ``game``'s trace is stored."""
    return FOLDER / game / "traces.jsonl"


def write(game: str) -> int:
    """Record ``game``'s tables into its trace file; returns the file's size in bytes."""
    path_of(game).parent.mkdir(parents=True, exist_ok=True)
    text = "".join(
        json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
        for table in tables(game)
        for line in record(game, table)
    )
    path_of(game).write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


def missing(game: str) -> str | None:
    """What to do when ``game`` has no trace file yet, or ``None`` when it has one."""
    if path_of(game).is_file():
        return None
    return f"no traces recorded for {game}: run python -m tests.traces --write {game}"


def stored(game: str) -> Iterator[tuple[Table, list[dict[str, Any]]]]:
    """The stored games of ``game``'s trace: each table and its lines after the setup line
    (none when nothing is recorded yet: see :func:`missing`)."""
    table: Table | None = None
    lines: list[dict[str, Any]] = []
    if missing(game):
        return
    for raw in path_of(game).read_text(encoding="utf-8").splitlines():
        line = json.loads(raw)
        if "setup" in line:
            if table is not None:
                yield table, lines
            s = line["setup"]
            table = Table(s["players"], s["options"], s["seed"])
            lines = [line]
        else:
            lines.append(line)
    if table is not None:
        yield table, lines


def _now(name: str, value: Any) -> str:
    """What a differing part holds now, where it is short enough to say (the recorded value is
    only a hash: to see it, replay on the commit that recorded it)."""
    if name == "to_act":
        return f"now {value}"
    if name == "move":
        return f"now `{value}`"
    if name == "events":
        return f"now {[e['key'] for e in value]}"
    if name == "legal" and isinstance(value, dict):
        return "now " + ", ".join(
            f"seat {seat}: {len(moves)}" if isinstance(moves, list) else f"seat {seat}: {moves}"
            for seat, moves in value.items()
        )
    return ""


def _differs(expected: str, got: Mapping[str, Any]) -> str:
    """The parts of ``got`` whose hashes differ from ``expected``'s, as words:
    ``"events differs (what it told; now ['bombay.moved'])"``."""
    hashes = _hashes(got).split(".")
    names = [
        n for n, a, b in zip(PARTS, expected.split("."), hashes, strict=True) if a != b and n in got
    ]
    if not names:
        return ""
    verb = "differs" if len(names) == 1 else "differ"
    said = "; ".join(
        MEANING[n] + (f", {_now(n, got[n])}" if _now(n, got[n]) else "") for n in names
    )
    return f"{', '.join(names)} {verb} ({said})"


def replay(game: str, table: Table, lines: list[dict[str, Any]]) -> str | None:
    """Replay one stored game; ``None`` when every step matches, else what differs first: the
    game, the step, the move and which parts."""
    engine = engines.get(game)
    where = f"{game} ({table.players} players, options {dict(table.options)}, seed {table.seed})"
    state = engine.setup(table.players, engine.meta.validate_options(table.options), table.seed)
    got = _after(engine, state, engine.setup_events(state), table.players)
    if _hashes(got) != lines[0]["hash"]:
        return f"{where}, set-up: {_differs(lines[0]['hash'], got)}"
    for step, line in enumerate(lines[1:], start=1):
        who, parts = _before(engine, state)
        if "end" in line:
            if who:
                return f"{where}, step {step}: the game should be over, but {who} must act"
            result = engine.result(state)
            if short_hash(None if result is None else result.to_json()) != line["end"]:
                return f"{where}, step {step} (the end): result differs"
            return None
        seat, text = line["seat"], line["move"]
        at = f"{where}, step {step}: {'chance' if seat == CHANCE else f'seat {seat}'} `{text}`"
        if seat == CHANCE and who == [CHANCE]:
            drawn = str(engine.sample_chance(state))
            if drawn != text:
                return f"{at}: chance differs (the state's generator now draws `{drawn}`)"
        elif seat != CHANCE and seat in who and engine.legal_actions(state, seat) is None:
            parts["legal"] = {**parts["legal"], "path": _path(engine, state, seat, text)}
        try:
            action = engine.parse(state, seat, text)
            parts["move"] = str(action)
            state, events = engine.apply(state, seat, action)
        except IllegalAction as refusal:
            before = _differs(line["hash"], parts) or "nothing differs"
            return f"{at}: refused now ({refusal.key} {dict(refusal.params)}); before it, {before}"
        parts.update(_after(engine, state, events, table.players))
        differs = _differs(line["hash"], parts)
        if differs:
            return f"{at}: {differs}"
    return f"{where}: the trace ends before the game does"


def check(game: str) -> list[str]:
    """Every stored game of ``game`` replayed: the first divergence of each that diverges (or
    that nothing is recorded)."""
    if absent := missing(game):
        return [absent]
    found = [replay(game, table, lines) for table, lines in stored(game)]
    return [f for f in found if f is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every shipped game)")
    parser.add_argument("--write", action="store_true", help="record the traces again")
    args = parser.parse_args(argv)
    games = args.games or list(engines.builtin_ids())
    status = 0
    for game in games:
        if args.write:
            size = write(game)
            print(f"{game}: {path_of(game).relative_to(FOLDER.parent)} ({size} bytes)")
            continue
        problems = check(game)
        print(f"{game}: {'ok' if not problems else 'DIFFERS'}")
        for problem in problems:
            print(f"  {problem}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
