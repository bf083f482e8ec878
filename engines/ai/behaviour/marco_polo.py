"""Marco Polo's behaviour metrics (#24.3): what each seat did over a whole game.

Read from the recorded steps (the state before and after every move) and the result, so they
count what happened however it came about (a Travel action, a travel reward, Wilhelm's posts on
the way):

* ``travel_steps``: steps walked by the seat's figures (M39), from any movement;
* ``travels``: Travel actions taken (M28; rewards not counted);
* ``trading_posts``: posts on the map at the end (M42; Kubilai's set-up post included);
* ``goal_cities``: different goal cities holding one of the seat's posts at the end (M60);
* ``goal_vp``: VP from goal cards and from goal cities reached (M60);
* ``beijing``: 1 if the seat has a post in Beijing (M45);
* ``contracts``: contracts fulfilled (M32);
* ``coins_left`` / ``goods_left`` / ``camels_left``: what the seat still held at the end;
* ``vp``: final score; ``won``: 1 for a winner (shared or not).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Engine, Result
from engines.marco_polo import tables as T
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.state import State, goods_total


def _steps_walked(before: State, after: State, seat: int) -> int:
    """Figures of ``seat`` that stand elsewhere after a move: one step each (a step moves one
    figure along one route, M39; Johannes's oasis jump is a step too, M58)."""
    was = before.players[seat].figures
    now = after.players[seat].figures
    return sum(1 for a, b in zip(was, now, strict=False) if a != b)


def metrics(
    engine: Engine[Any, Any], steps: Sequence[Any], result: Result
) -> list[dict[str, float]]:
    """One dict of named numbers per seat (see the module docstring)."""
    if not steps:
        raise ValueError("no steps: a game is needed to measure")
    final: State = steps[-1].after
    n = len(result.scores)
    walked = [0] * n
    travels = [0] * n
    for step in steps:
        before: State = step.before
        after: State = step.after
        if before.phase != "play":
            continue
        for s in range(n):
            walked[s] += _steps_walked(before, after, s)
        if step.seat is not None and step.seat >= 0 and step.move.startswith("place travel"):
            travels[step.seat] += 1
    sheets = breakdown(final)
    out = []
    for s, p in enumerate(final.players):
        cities = {c for g in p.goals for c in T.GOALS[g]["cities"]}
        out.append(
            {
                "travel_steps": float(walked[s]),
                "travels": float(travels[s]),
                "trading_posts": float(len(p.posts)),
                "goal_cities": float(len(cities & set(p.posts))),
                "goal_vp": float(sheets[s]["goal_cards"] + sheets[s]["goal_cities"]),
                "beijing": 1.0 if "beijing" in p.posts else 0.0,
                "contracts": float(len(p.fulfilled)),
                "coins_left": float(p.coin),
                "goods_left": float(goods_total(p)),
                "camels_left": float(p.camel),
                "vp": float(result.scores[s]),
                "won": 1.0 if s in result.winners else 0.0,
            }
        )
    return out
