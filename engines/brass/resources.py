"""Coal, iron and beer: where the cubes and barrels for an action come from (B32–B37).

Each function lists the *possible supplies*: every way the rules allow to take the cubes, one entry
per real choice. When the rules leave no choice the list has one entry, and the engine asks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.brass import components as C
from engines.brass.network import connected, connected_to_merchant, distances
from engines.brass.state import State, Tile

MERCHANT_BEER = "merchant"


@dataclass(frozen=True)
class Supply:
    """One way to get resources: tile refs (repeated per cube), market cubes bought, their price."""

    sources: tuple[str, ...] = ()
    market: int = 0
    cost: int = 0

    @property
    def token(self) -> str:
        """The notation of the sources: refs joined by commas."""
        return ",".join(self.sources)


#: The one way to take nothing (shared: callers never change a list of supplies).
_NOTHING = [Supply()]


def market_price(resource: str, count: int, empty_price: int) -> int:
    """Price of the cheapest cube in a market holding ``count`` cubes (B36)."""
    m = C.market(resource)
    return empty_price if count == 0 else m.prices[m.capacity - count]


def market_cost(resource: str, count: int, n: int, empty_price: int) -> int:
    """What ``n`` cubes bought cheapest first from a market of ``count`` cubes cost (B32, B33)."""
    total = 0
    for _ in range(n):
        total += market_price(resource, count, empty_price)
        count = max(0, count - 1)
    return total


def sell_to_market(resource: str, count: int, cubes: int) -> tuple[int, int, int]:
    """Move up to ``cubes`` into a market of ``count`` (B46): (cubes moved, money, new count)."""
    m = C.market(resource)
    moved = money = 0
    while cubes > moved and count < m.capacity:
        money += m.prices[m.capacity - count - 1]
        count += 1
        moved += 1
    return moved, money, count


def distributions(caps: list[tuple[str, int]], n: int) -> list[tuple[str, ...]]:
    """Every multiset of ``n`` refs taking at most ``cap`` from each (sorted tuples)."""
    out: list[tuple[str, ...]] = []

    def go(i: int, left: int, acc: tuple[str, ...]) -> None:
        if left == 0:
            out.append(tuple(sorted(acc)))
            return
        if i == len(caps):
            return
        ref, cap = caps[i]
        for k in range(min(cap, left), -1, -1):
            go(i + 1, left - k, acc + (ref,) * k)

    go(0, n, ())
    return sorted(set(out))


def coal_supplies(state: State, location: str, n: int) -> list[Supply]:
    """Ways to take ``n`` coal for ``location`` (B32): nearest connected mines first, ties chosen by
    the player (D6), the market only when no connected mine has coal and ``location`` is connected
    to a merchant location. Empty when the coal cannot be had."""
    return coal_supplies_from(state, (location,), n)


def coal_supplies_from(state: State, starts: tuple[str, ...], n: int) -> list[Supply]:
    """``coal_supplies`` for a consumer at several places: a rail link is at each of its ends, so
    a mine's distance is the fewest links to the nearest end (R36, F2), and the market counts when
    any end is connected to a merchant location (D11)."""
    if n == 0:
        return _NOTHING
    key = ("coal", starts, n)
    got: list[Supply] | None = state.memo.get(key)
    if got is None:
        got = state.memo[key] = _coal_supplies_from(state, starts, n)
    return got


def _coal_supplies_from(state: State, starts: tuple[str, ...], n: int) -> list[Supply]:
    if len(starts) == 1:
        reach = distances(state, starts[0])
    else:
        reach = {}
        for start in starts:
            for loc, dist in distances(state, start).items():
                if dist < reach.get(loc, dist + 1):
                    reach[loc] = dist
    by_distance: dict[int, list[Tile]] = {}
    mines = state.memo.get("mines")
    if mines is None:
        mines = state.memo["mines"] = [
            t for t in state.tiles if t.industry == "coal_mine" and t.cubes
        ]
    for t in mines:
        if t.location in reach:
            by_distance.setdefault(reach[t.location], []).append(t)
    fixed: tuple[str, ...] = ()
    left = n
    choices: list[tuple[str, ...]] = [()]
    for d in sorted(by_distance):
        group = by_distance[d]
        total = sum(t.cubes for t in group)
        if total <= left:
            for t in group:
                fixed += (t.ref,) * t.cubes
            left -= total
        else:
            choices = distributions([(t.ref, t.cubes) for t in group], left)
            left = 0
        if left == 0:
            break
    cost = 0
    if left:
        if not any(connected_to_merchant(state, start) for start in starts):
            return []
        cost = market_cost("coal", state.coal, left, C.coal_price_when_empty())
    return [Supply(tuple(sorted(fixed + c)), left, cost) for c in choices]


def iron_supplies(state: State, n: int) -> list[Supply]:
    """Ways to take ``n`` iron (B33): any iron works, the player's choice; the market (no
    connection needed) only for what the works cannot give."""
    if n == 0:
        return _NOTHING
    key = ("iron", n)
    got: list[Supply] | None = state.memo.get(key)
    if got is None:
        got = state.memo[key] = _iron_supplies(state, n)
    return got


def _iron_supplies(state: State, n: int) -> list[Supply]:
    works = [t for t in state.tiles if t.industry == "iron_works" and t.cubes]
    total = sum(t.cubes for t in works)
    if total >= n:
        return [Supply(c) for c in distributions([(t.ref, t.cubes) for t in works], n)]
    fixed = tuple(sorted(r for t in works for r in (t.ref,) * t.cubes))
    left = n - total
    return [Supply(fixed, left, market_cost("iron", state.iron, left, state.iron_empty_price))]


def beer_supplies(
    state: State, seat: int, location: str, n: int, merchant_has_beer: bool
) -> list[Supply]:
    """Ways to take ``n`` barrels to sell a tile at ``location`` (B34): own breweries anywhere,
    opponents' breweries connected to ``location``, and the chosen merchant's barrel (D4)."""
    if n == 0:
        return [Supply()]
    caps: list[tuple[str, int]] = []
    for t in state.tiles:
        if t.industry != "brewery" or not t.cubes:
            continue
        if t.owner == seat or connected(state, location, t.location):
            caps.append((t.ref, t.cubes))
    if merchant_has_beer:
        caps.append((MERCHANT_BEER, 1))
    if sum(c for _, c in caps) < n:
        return []
    return [Supply(c) for c in distributions(caps, n)]
