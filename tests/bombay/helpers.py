"""Shared helpers for the Bombay rules tests: build a position, play commands, read events.

Positions are made from a real setup and then adjusted with ``dataclasses.replace``; sites are
looked up by kind from the board data, so the tests do not depend on the stand-in trail graph.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.base import Event
from engines.bombay import ENGINE
from engines.bombay.components import MARKETS, board, rules
from engines.bombay.state import State
from engines.bombay.view import Screen

COLOURS = rules().colours


def new(players: int = 4, seed: int = 1, **options: str) -> State:
    """A fresh game; first-game placements unless ``setup`` is given."""
    opts = {"setup": "first_game", **options}
    return ENGINE.setup(players, ENGINE.meta.validate_options(opts), seed)


def sites_of(kind: str) -> list[str]:
    """Site ids of one kind, in board order."""
    b = board()
    return [s for s in b.order if b.sites[s].kind == kind]


def neighbour(site: str, kind: str | None = None, *, avoid: tuple[str, ...] = ()) -> str:
    """The first neighbour of ``site`` (of ``kind`` if given)."""
    for n in board().sites[site].neighbours:
        if (kind is None or board().sites[n].kind == kind) and n not in avoid:
            return n
    raise LookupError(f"no {kind} next to {site}")


def trail_into(kind: str) -> tuple[str, str]:
    """(from, to): a trail whose destination has ``kind``."""
    b = board()
    for s in b.order:
        for n in b.sites[s].neighbours:
            if b.sites[n].kind == kind:
                return s, n
    raise LookupError(kind)


def with_markets(state: State, **spec: tuple[str, int]) -> State:
    """Set the markets: ``purple=("middle", 2)``; colours not named are in no market (closed)."""
    market = []
    stock = []
    for c in COLOURS:
        where, count = spec.get(c, ("", 0))
        market.append(MARKETS.index(where) if where else -1)
        stock.append(count)
    carried = [sum(load.count(c) for load in state.loads) for c in COLOURS]
    bag = tuple(rules().bales[c] - stock[i] - carried[i] for i, c in enumerate(COLOURS))
    return replace(state, market=tuple(market), stock=tuple(stock), bag=bag)


def at(
    state: State,
    seat: int,
    site: str,
    bales: tuple[str, ...] | None = None,
    *,
    money: int | None = None,
    ap: int | None = None,
    turn: bool = True,
) -> State:
    """Put ``seat``'s elephant on ``site`` (carrying ``bales``), optionally make it their turn."""
    sites = list(state.sites)
    sites[seat] = site
    loads = list(state.loads)
    bag = list(state.bag)
    if bales is not None:
        for c in loads[seat]:
            bag[COLOURS.index(c)] += 1
        for c in bales:
            bag[COLOURS.index(c)] -= 1
        loads[seat] = tuple(sorted(bales, key=COLOURS.index))
    changes: dict[str, Any] = {"sites": tuple(sites), "loads": tuple(loads), "bag": tuple(bag)}
    if money is not None:
        m = list(state.money)
        m[seat] = money
        changes["money"] = tuple(m)
    if turn:
        changes["current"] = seat
        changes["ap"] = 3 if ap is None else ap
        changes["bought"] = False
    elif ap is not None:
        changes["ap"] = ap
    return replace(state, **changes)


def play(state: State, seat: int, *texts: str) -> tuple[State, list[Event]]:
    """Play several commands in a row for one seat; all events together."""
    events: list[Event] = []
    for text in texts:
        state, evs = ENGINE.play(state, seat, text)
        events += evs
    return state, events


def keys(events: list[Event]) -> list[str]:
    """The message keys of some events, in order."""
    return [e.key for e in events]


def event(events: list[Event], key: str) -> dict[str, Any]:
    """The parameters of the only event with ``key``."""
    found = [dict(e.params) for e in events if e.key == key]
    assert len(found) == 1, (key, keys(events))
    return found[0]


def demand_of(state: State, city: str) -> tuple[str, ...]:
    """A city's demand column, top first."""
    return state.demand[board().cities.index(city)]


def with_demand(state: State, city: str, column: tuple[str, str, str]) -> State:
    """Set one city's demand column (top first)."""
    demand = list(state.demand)
    demand[board().cities.index(city)] = column
    return replace(state, demand=tuple(demand))


def screen_of(state: State, seat: int) -> Screen:
    """What lies behind ``seat``'s screen, as its own view shows it (Y82)."""
    screen = ENGINE.view(state, seat).private
    assert screen is not None
    return screen
