"""Random legal play, for self-play runs, contract tests and benchmarks.

A random action is built the way a player is walked through autocomplete: token by token from
``complete``, so it works for engines whose ``legal_actions`` is too large to list.
"""

from __future__ import annotations

from typing import Any

from engines.base import CHANCE, END, Engine
from engines.rng import Rng

#: Far beyond any real game's length; a random game running longer than this is a bug.
MAX_STEPS = 20_000


def random_action(engine: Engine[Any, Any], state: Any, seat: int, rng: Rng) -> str | None:
    """A uniformly chosen legal action (by list, or token by token), or ``None`` if none."""
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


def random_play(
    engine: Engine[Any, Any], state: Any, rng: Rng, max_steps: int = MAX_STEPS
) -> tuple[Any, list[tuple[Any, int, str]]]:
    """Play random legal actions from ``state`` until nobody is left to act or ``max_steps``;
    returns the last state and every step as ``(state before, seat, action)``."""
    steps: list[tuple[Any, int, str]] = []
    for _ in range(max_steps):
        who = engine.to_act(state)
        if who == [CHANCE]:
            # A draw, with the state's own generator, as ``play`` settles it; asked here only
            # when one waits (settling after every action cost a tenth of a Bombay game). It is
            # not a step: ``max_steps`` counts the players' actions.
            state, _ = engine.settle(state)
            who = engine.to_act(state)
        if not who:
            break
        seat = rng.choice(who)
        listed = engine.legal_actions(state, seat)
        if listed:
            # The listed action itself is applied (``play`` without the parse): parsing its
            # own canonical text back would only measure the parser (the draw is
            # ``random_action``'s).
            action = rng.choice(listed)
            steps.append((state, seat, str(action)))
            state, _ = engine.apply(state, seat, action)
            continue
        text = random_action(engine, state, seat, rng) if listed is None else None
        if text is None:
            raise RuntimeError(f"{engine.meta.id}: seat {seat} must act but has no legal action")
        steps.append((state, seat, text))
        state, _ = engine.play(state, seat, text)
    if engine.to_act(state) == [CHANCE]:
        # Stopped by ``max_steps`` right after an action that reached a draw: a position is
        # one a player decides in, as ``play`` leaves it, never a chance node.
        state, _ = engine.settle(state)
    return state, steps


def random_game(
    engine: Engine[Any, Any],
    players: int,
    options: dict[str, str] | None = None,
    seed: int = 0,
    max_steps: int = MAX_STEPS,
) -> tuple[Any, list[tuple[int, str]]]:
    """Play a whole random game; returns the final state and the (seat, action) log."""
    state = engine.setup(players, engine.meta.validate_options(options), seed)
    state, steps = random_play(engine, state, Rng(seed ^ 0x5EED), max_steps)
    if engine.to_act(state):
        raise RuntimeError(f"{engine.meta.id}: game not over after {max_steps} actions")
    return state, [(seat, text) for _, seat, text in steps]
