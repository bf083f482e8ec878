"""Building Marco Polo positions for rules tests: a real set-up, then the facts a test needs."""

from __future__ import annotations

from typing import Any

from engines.base import Event
from engines.marco_polo import ENGINE
from engines.marco_polo.state import State

E = ENGINE


def game(players: int = 4, setup: str = "basic", seed: int = 1) -> State:
    """A new game as set up by the engine (pending compensation left as it is)."""
    return E.setup(players, {"setup": setup}, seed)


def ready(players: int = 4, seed: int = 1, **chars: str) -> State:
    """A basic game in round 1 with no decision pending and seat 0 to play.

    ``chars`` sets characters by seat name ``s0``..``s3`` (e.g. ``s0="berke"``); every player's
    dice are set to 3 3 3 3 3 unless the test sets them.
    """
    st = game(players, "basic", seed)
    st["pending"] = []
    for key, ch in chars.items():
        st["players"][int(key[1:])]["char"] = ch
    for p in st["players"]:
        p["dice"] = [["o", 3] for _ in range(5)]
        p["figures"] = ["venezia"] * (2 if p["char"] == "niccolo_marco" else 1)
    st["current"] = 0
    return st


def dice(st: State, seat: int, *values: int | str) -> None:
    """Give ``seat`` exactly these unused dice: 4 own, "b4" black, "w4" white, 0 unrolled."""
    out: list[list[Any]] = []
    for v in values:
        if isinstance(v, str):
            out.append([v[0], int(v[1:])])
        else:
            out.append(["o", v])
    st["players"][seat]["dice"] = out


def res(st: State, seat: int, **amounts: int) -> None:
    """Set resources (coin, camel, pepper, silk, gold, vp) of ``seat``."""
    st["players"][seat].update(amounts)


def play(st: State, seat: int, *texts: str) -> tuple[State, list[Event]]:
    """Play commands in order for ``seat``; returns the last state and all events."""
    events: list[Event] = []
    for text in texts:
        st, ev = E.play(st, seat, text)
        events += ev
    return st, events


def keys(events: list[Event]) -> list[str]:
    """Event keys without the namespace."""
    return [e.key.split(".", 1)[1] for e in events]


def p(st: State, seat: int) -> dict[str, Any]:
    """The player record of ``seat``."""
    rec: dict[str, Any] = st["players"][seat]
    return rec
