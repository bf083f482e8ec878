"""Links, connection, distance and a player's network (B26–B31)."""

from __future__ import annotations

from collections import deque

from engines.brass import components as C
from engines.brass.state import State


def _graph(state: State) -> dict[str, set[str]]:
    got = state.memo.get("graph")
    if got is None:
        got = {}
        for line, _owner in state.links:
            ends = C.lines()[line].ends
            # A three-ended line joins all three of its ends at distance 1 (B27, B30).
            for a in ends:
                for b in ends:
                    if a != b:
                        got.setdefault(a, set()).add(b)
        state.memo["graph"] = got
    return got


def distances(state: State, start: str) -> dict[str, int]:
    """Fewest links from ``start`` to every location connected to it (B29, B30)."""
    key = "dist:" + start
    got = state.memo.get(key)
    if got is None:
        graph = _graph(state)
        got = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in graph.get(here, ()):
                if nxt not in got:
                    got[nxt] = got[here] + 1
                    todo.append(nxt)
        state.memo[key] = got
    return got


def connected(state: State, a: str, b: str) -> bool:
    """Whether a chain of anyone's links joins ``a`` and ``b`` (a location is joined to itself)."""
    return b in distances(state, a)


def connected_to_merchant(state: State, location: str) -> bool:
    """Whether ``location`` is connected to any of the five merchant locations (B32, D11)."""
    reach = distances(state, location)
    return any(m in reach for m in C.merchant_locations())


def line_owner(state: State, line: str) -> int | None:
    """Who owns the link on ``line``, or ``None`` if it is free."""
    for lid, owner in state.links:
        if lid == line:
            return owner
    return None


def network(state: State, seat: int) -> frozenset[str]:
    """Locations with one of ``seat``'s tiles or next to one of their links (B28)."""
    key = f"net:{seat}"
    got = state.memo.get(key)
    if got is None:
        places = {t.location for t in state.tiles if t.owner == seat}
        for line, owner in state.links:
            if owner == seat:
                places.update(C.lines()[line].ends)
        got = frozenset(places)
        state.memo[key] = got
    return got


def has_pieces(state: State, seat: int) -> bool:
    """Whether ``seat`` has any industry or link tile on the board (B31 applies when not)."""
    return any(t.owner == seat for t in state.tiles) or any(o == seat for _, o in state.links)


def free_lines_for(state: State, seat: int) -> list[str]:
    """Free lines of the era (canal B26, rail R32) where ``seat`` may place a link: next to their
    network, or anywhere with nothing on the board (B52, B31, R34, R27)."""
    taken = {line for line, _ in state.links}
    free = [line for line in C.era_lines(state.era) if line not in taken]
    if not has_pieces(state, seat):
        return free
    net = network(state, seat)
    return [line for line in free if any(end in net for end in C.lines()[line].ends)]
