"""Building Marco Polo positions for rules tests: a real set-up, then the facts a test needs.

States are frozen: each helper returns a new state with the given facts (lists may be written
for tuples), e.g. ``st = res(st, 0, coin=3)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines.base import Event
from engines.marco_polo import ENGINE
from engines.marco_polo.flow import new_game
from engines.marco_polo.state import Player, State

E = ENGINE


def frozen(value: Any) -> Any:
    """``value`` with every list made a tuple (deeply), as the state holds sequences."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: frozen(v) for k, v in value.items()}
    return value


def game(players: int = 4, setup: str = "basic", seed: int = 1) -> State:
    """A new game as set up by the engine (pending compensation left as it is)."""
    return E.setup(players, {"setup": setup}, seed)


def before_first_roll(players: int = 4, seed: int = 1) -> State:
    """A basic game as laid out, waiting for round 1's dice (a chance node, M19): apply the
    roll a test wants with ``E.apply(st, CHANCE, E.parse(st, CHANCE, "roll ..."))``."""
    return new_game(players, {"setup": "basic"}, seed).freeze()


def put(st: State, **fields: Any) -> State:
    """``st`` with some of its fields replaced (``pending=[]``, ``current=1``...)."""
    return replace(st, **{k: frozen(v) for k, v in fields.items()})


def ready(players: int = 4, seed: int = 1, **chars: str) -> State:
    """A basic game in round 1 with no decision pending and seat 0 to play.

    ``chars`` sets characters by seat name ``s0``..``s3`` (e.g. ``s0="berke"``); every player's
    dice are set to 3 3 3 3 3 unless the test sets them.
    """
    st = game(players, "basic", seed)
    seats = list(st.players)
    for key, ch in chars.items():
        seats[int(key[1:])] = replace(seats[int(key[1:])], char=ch)
    seats = [
        replace(
            q,
            dice=(("o", 3),) * 5,
            figures=("venezia",) * (2 if q.char == "niccolo_marco" else 1),
        )
        for q in seats
    ]
    return put(st, pending=(), players=tuple(seats), current=0)


def dice(st: State, seat: int, *values: int | str) -> State:
    """Give ``seat`` exactly these unused dice: 4 own, "b4" black, "w4" white, 0 unrolled."""
    out: list[tuple[str, int]] = []
    for v in values:
        if isinstance(v, str):
            out.append((v[0], int(v[1:])))
        else:
            out.append(("o", v))
    return res(st, seat, dice=out)


def res(st: State, seat: int, **fields: Any) -> State:
    """Set fields of ``seat``'s player: resources (coin, camel, pepper, silk, gold, vp), posts,
    contracts, figures, flags..."""
    seats = list(st.players)
    seats[seat] = replace(seats[seat], **{k: frozen(v) for k, v in fields.items()})
    return replace(st, players=tuple(seats))


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


def p(st: State, seat: int) -> Player:
    """The player record of ``seat``."""
    return st.players[seat]
