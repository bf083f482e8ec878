"""How a Bombay position stands for each merchant, in rupees: what the computer plays for.

The final score is rupees plus the empire and city bonuses (Y86–Y90); a position in the middle of
the game is worth that plus what each merchant has under way, each part valued the way an
experienced trader counts it:

- **rupees** behind the screen, as they are;
- **the empire bonus** expected from each empire score (palaces, clients, client tokens, Y87),
  ranked softly: the earlier in the game, the more a lead of one point may still change, so a
  point is worth part of the gap between two prizes rather than all or nothing (Y88's split of
  tied places is what a soft rank of equal scores gives);
- **the city bonus** (Y90) with credit for tokens on the way to three: 4 and 8 rupees are paid only
  at 3 and 4 cities, but a first and second token are the road there while the game lasts;
- **palaces** (Y73, Y75): every rival turn left may walk into one, more often on the busy trails
  between the trading posts and the cities;
- **carried bales** (Y55–Y61): the best plan for them, selling each where the demand pays most
  (with the city token a first sale there brings) or building a palace with it, less the action
  points the walk and the action cost, and only if it fits in the turns left: bales unsold at the
  end are worth nothing (Y86);
- **room on the elephant**: the best purchase within reach (an open post whose colour a city will
  buy back for more than its price and the walk), so walking to a post is progress too.

Time is money: every action point still to come is worth ``RATE`` rupees, a little more than the
third of a rupee per point that ``fortune`` gives (Y79), so ``fortune`` loses ``3 * RATE - 1`` and
a wasted point ``RATE``. A trade counts for what it earns above ``RATE`` over the points it takes,
less ``DELAY`` for each turn it is still away (rivals may sell into that demand or buy those bales
first): each step towards the best trade raises a position's value, and the computer consolidates
only when no trade within reach beats the rate.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import cache, lru_cache

from engines.bombay.components import CITY, HILL, MARKETS, TURN_AP, board, rules
from engines.bombay.rules import sale_income, shift_demand
from engines.bombay.scoring import city_bonus, sheets
from engines.bombay.state import State

#: Rupees one action point to come is worth: a little more than the third of a rupee a point
#: that ``fortune`` gives (Y79).
RATE = 0.36
#: Share of a planned sale or build counted before it happens (rivals may sell into the same
#: demand first, the plan may change).
LOAD_TRUST = 1.0
#: Share of the best purchase within reach counted before the bale is bought (a rival may buy
#: the last bale first).
BUY_TRUST = 0.8
#: Share of a purchase counted when the post is closed now but may open at the next restock.
CLOSED_TRUST = 0.4
#: Credit for the first and second city token while the game lasts, in rupees (the bonus itself
#: pays only from three, Y90).
CITY_CREDIT = (0.0, 1.3, 2.6)
#: What a trade is worth per turn it is still away (rivals may sell into that demand or buy
#: those bales first, and the turns it takes are gone): so every step towards it counts.
DELAY = 0.9
#: The most action points a plan for the carried bales looks ahead (no plan takes more).
HORIZON = 15
#: A silk palace token is a free bale (Y72), worth about a purchase.
SILK_TOKEN = 2.0
#: How many empire points the leader's margin may still move by, at the start of the game.
EMPIRE_SPREAD = 2.5


@cache
def distances() -> dict[str, dict[str, int]]:
    """Action points to walk from each site to each other (the entry costs of Y12, Y45)."""
    sites = board().sites
    out: dict[str, dict[str, int]] = {}
    for start in sites:
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if cost > best[here]:
                continue
            for n in sites[here].neighbours:
                c = cost + sites[n].entry_cost
                if c < best.get(n, 1 << 30):
                    best[n] = c
                    heapq.heappush(queue, (c, n))
        out[start] = best
    return out


@cache
def traffic() -> dict[str, float]:
    """How often a rival enters each site in one of its turns, roughly.

    Traders walk between trading posts and cities: each site counts the cheapest walks from any
    post (or the start hill) to any city and back that pass through it, scaled so that a turn
    enters two sites on average (3 AP, a purchase or a sale among them).
    """
    b = board()
    dist = distances()
    ends = [s for s in b.sites if b.sites[s].kind == "trading_post_site"] + [b.start]
    count = dict.fromkeys(b.sites, 0.0)
    for a in ends:
        for c in b.cities:
            for x, y in ((a, c), (c, a)):
                on = [
                    s
                    for s in b.sites
                    if s != x and dist[x][s] + dist[s][y] == dist[x][y] and dist[x][s] > 0
                ]
                for s in on:
                    count[s] += 1.0 / max(1, len(on))
    total = sum(count.values()) or 1.0
    return {s: 2.0 * v / total for s, v in count.items()}


def turns_left(state: State, seat: int) -> int:
    """Whole turns ``seat`` has still to start (the one under way not included) (Y25, Y27)."""
    if state.over:
        return 0
    total = state.sets * state.turns_per_set
    done = state.set_no * state.turns_per_set + state.game_turn
    n = state.players
    mine = (seat - state.first) % n
    now = (state.current - state.first) % n
    started = mine < now or (mine == now and state.ap < TURN_AP)
    return max(0, total - done - (1 if started else 0))


def game_left(state: State) -> float:
    """The share of the game still to play, 1 at the start, 0 at the end."""
    total = state.sets * state.turns_per_set
    done = state.set_no * state.turns_per_set + state.game_turn
    return max(0.0, min(1.0, (total - done) / total))


def empire_scores(state: State) -> list[int]:
    """Palaces built, client tokens and client palace tokens, per seat (Y87)."""
    return [
        (5 - state.palaces_left(s)) + state.clients[s] + state.kept[s].count("client")
        for s in range(state.players)
    ]


def expected_prize(
    scores: Sequence[float], seat: int, prizes: Sequence[int], spread: float
) -> float:
    """The empire prize ``seat`` may expect: its place counted softly (each rival ahead by a
    logistic of the score gap over ``spread``), the prize read between the two places it falls
    between. Equal scores give the average of the places they share (as Y88 splits them).

    >>> round(expected_prize([3, 3], 0, [4, 0], 0.01), 2)
    2.0
    >>> round(expected_prize([5, 1], 0, [4, 0], 0.01), 2)
    4.0
    """
    ahead = 0.0
    for j, other in enumerate(scores):
        if j != seat:
            z = max(-30.0, min(30.0, (other - scores[seat]) / spread))
            ahead += 1.0 / (1.0 + math.exp(-z))
    low = min(int(ahead), len(prizes) - 1)
    high = min(low + 1, len(prizes) - 1)
    part = ahead - low
    return (1.0 - part) * prizes[low] + part * prizes[high]


def city_value(count: int, left: float) -> float:
    """The city bonus (Y90) with credit for a first and second token while the game lasts."""
    credit = CITY_CREDIT[count] * left if count < len(CITY_CREDIT) else 0.0
    return city_bonus(count) + credit


def scores(state: State) -> list[float]:
    """Each seat's position in rupees (see the module's docstring)."""
    return [sum(p.values()) for p in parts(state)]


def parts(state: State) -> list[dict[str, float]]:
    """Each seat's position in rupees, part by part (the sum is ``scores``): ``rupees``,
    ``empire``, ``city``, ``palaces``, ``bales``, ``purchase`` and ``time`` (the action points
    to come at ``RATE``)."""
    n = state.players
    left = game_left(state)
    prizes = rules().counts[n].empire_bonus
    empire = empire_scores(state)
    spread = 0.35 + EMPIRE_SPREAD * left
    tl = [turns_left(state, s) for s in range(n)]
    all_turns = sum(tl)
    builds = _build_sites(state)
    final = sheets(state) if state.over else []
    out = []
    for s in range(n):
        prize = expected_prize(empire, s, prizes, spread)
        if state.over:
            prize = float(
                final[s].empire_bonus
            )  # the screens are open: no rank is in doubt        # What one more empire point (a client, a palace) is worth to this seat now.
        raised = list(empire)
        raised[s] += 1
        point = expected_prize(raised, s, prizes, spread) - prize
        cities = len(state.cities[s]) + state.kept[s].count("city")
        city_now = city_value(cities, left)
        city_point = city_value(cities + 1, left) - city_now
        rivals = all_turns - tl[s]
        palaces = sum(traffic()[site] for site, owner in state.palaces if owner == s) * rivals
        ap_now = state.ap if s == state.current and not (state.pending or state.over) else 0
        budget = ap_now + TURN_AP * tl[s]
        options: tuple[tuple[str, float], ...] = ()
        if state.palaces_left(s):
            worths = sorted(
                (traffic()[site] * rivals + point + _token_value(token, point, city_point), site)
                for site, token in builds
            )
            options = tuple((site, _coarse(v)) for v, site in worths[-3:])
        own = frozenset(state.cities[s])
        stacks = tuple(k > 0 for k in state.stacks)
        worth = (_coarse(point), _coarse(city_point))
        load, end, points = _plan(
            state.sites[s],
            state.loads[s],
            state.demand,
            own,
            stacks,
            min(budget, HORIZON),
            ap_now,
            worth,
            options,
        )
        # The next purchase, from where the carried bales are sold (Y41: one at a time).
        purchase = _best_purchase(
            state, s, end, budget - points, max(0, ap_now - points), own, stacks, worth, options
        )
        out.append(
            {
                "rupees": float(state.money[s]),
                "empire": prize,
                "city": city_now,
                "palaces": palaces,
                "bales": LOAD_TRUST * load,
                "purchase": purchase,
                "time": RATE * budget,
            }
        )
    return out


def _token_value(token: str | None, point: float, city_point: float) -> float:
    """What a palace token gives its builder (Y69–Y72), in rupees."""
    if token == "client":
        return point
    if token == "city":
        return city_point
    if token == "rupees2":
        return 2.0
    if token == "silk":
        return SILK_TOKEN
    return 0.0


def _build_sites(state: State) -> list[tuple[str, str | None]]:
    """Sites a palace may still go on (Y65, Y67), with the palace token lying there."""
    b = board()
    posts = {site for site, _ in state.posts}
    built = {site for site, _ in state.palaces}
    out = []
    for site in b.order:
        kind = b.sites[site].kind
        if kind == CITY or site in posts or site in built:
            continue
        if kind == HILL and not state.palace_on_hills:
            continue
        out.append((site, state.token_at(site)))
    return out


@lru_cache(maxsize=1024)
def _income(column: tuple[str, ...], colour: str) -> tuple[int, int, tuple[str, ...]]:
    """Rupees and clients a sale of ``colour`` into ``column`` pays, and the column after it
    (Y56, Y57, Y59)."""
    rupees, clients = sale_income(column, colour)
    return rupees, clients, shift_demand(column, colour)


def _coarse(value: float) -> float:
    """``value`` to the nearest quarter rupee: plans are remembered by their inputs, and finer
    differences than that change no plan worth telling apart."""
    return round(value * 4) / 4


@lru_cache(maxsize=1 << 16)
def _plan(
    here: str,
    load: tuple[str, ...],
    demand: tuple[tuple[str, ...], ...],
    own: frozenset[str],
    stacks: tuple[bool, ...],
    budget: int,
    now: int,
    worth: tuple[float, float],
    builds: tuple[tuple[str, float], ...],
) -> tuple[float, str, int]:
    """The best use of the carried bales within ``budget`` action points (``now`` of them in
    the turn under way): each sold in a city that demands it (the income, its clients at
    ``worth[0]`` each and a first city token at ``worth[1]``, Y56–Y61) or spent on a palace (at
    most one here), net of the walk and the actions at ``RATE`` a point, less ``DELAY`` per
    turn it is away; 0 when nothing pays. With the site where the plan ends and the points it
    takes."""
    if not load or budget <= 0:
        return 0.0, here, 0
    d = distances()
    cities = board().cities
    columns = dict(zip(cities, demand, strict=True))
    token = {c: worth[1] if c not in own and stacks[i] else 0.0 for i, c in enumerate(cities)}
    built = dict(builds)
    best = (0.0, here, 0)

    def consider(gain: float, points: int, end: str) -> None:
        nonlocal best
        if points > budget:
            return
        # The points are spent for sure; the income comes later, if at all.
        value = gain * delay(points, now) - RATE * points
        if value > best[0]:
            best = (value, end, points)

    def stops(colour: str) -> list[tuple[str, str]]:
        out = [("city", c) for c in cities if colour in columns[c]]
        return out + [("build", site) for site in built]

    def sale(city: str, colour: str, column: tuple[str, ...]) -> tuple[float, tuple[str, ...]]:
        rupees, clients, after = _income(column, colour)
        return rupees + clients * worth[0], after

    for colour in dict.fromkeys(load):
        for kind, site in stops(colour):
            if kind == "city":
                gain = sale(site, colour, columns[site])[0] + token[site]
            else:
                gain = built[site]
            consider(gain, d[here][site] + 1, site)
    if len(load) < 2:
        return best
    first, second = load
    for kind1, site1 in stops(first):
        for kind2, site2 in stops(second):
            if kind1 == kind2 == "build":
                continue
            if site1 == site2:
                # Both sold in one city, in the better order (the first sale shifts the column).
                column = columns[site1]
                a, after = sale(site1, first, column)
                b = sale(site1, second, after)[0]
                c, after = sale(site1, second, column)
                e = sale(site1, first, after)[0]
                gain = max(a + b, c + e) + token[site1]
                consider(gain, d[here][site1] + 2, site1)
                continue
            gain = 0.0
            for kind, site, colour in ((kind1, site1, first), (kind2, site2, second)):
                gain += (
                    sale(site, colour, columns[site])[0] + token[site]
                    if kind == "city"
                    else built[site]
                )
            if d[here][site1] + d[site1][site2] <= d[here][site2] + d[site2][site1]:
                consider(gain, d[here][site1] + d[site1][site2] + 2, site2)
            else:
                consider(gain, d[here][site2] + d[site2][site1] + 2, site1)
    return best


def delay(points: int, now: int) -> float:
    """``DELAY`` for each turn (3 AP) of ``points`` past the ``now`` left in this turn."""
    return float(DELAY ** (max(0, points - now) / TURN_AP))


def _best_purchase(
    state: State,
    seat: int,
    here: str,
    budget: int,
    now: int,
    own: frozenset[str],
    stacks: tuple[bool, ...],
    worth: tuple[float, float],
    builds: tuple[tuple[str, float], ...],
) -> float:
    """The next purchase from ``here`` (where the carried bales will have been sold), above
    ``RATE``: walk to an open post, pay its price (Y50), then sell the bale or build with it as
    ``_plan`` would; for an empty elephant also two bales (one purchase a turn, Y41) sold on
    one trip. Closed posts count a little (the next restock may open them).
    """
    dist = distances()
    money = state.money[seat]
    load = state.loads[seat]
    colours = rules().colours
    costs = rules().market_cost
    offers = []
    for site, colour in state.posts:
        i = colours.index(colour)
        if state.market[i] >= 0 and state.stock[i] > 0:
            rupees, ap = costs[MARKETS[state.market[i]]]
            trust, stock = BUY_TRUST, state.stock[i]
        else:
            rupees, ap = costs[MARKETS[1]]
            trust, stock = CLOSED_TRUST, 2
        if rupees > money and not load:
            continue  # nothing to sell first: no money for it (Y104)
        walk = dist[here][site] + ap
        if walk >= budget:
            continue
        left = max(0, now - walk)
        sold = _plan(
            site,
            (colour,),
            state.demand,
            own,
            stacks,
            min(budget - walk, HORIZON),
            left,
            worth,
            builds,
        )[0]
        value = trust * (sold - rupees) * delay(walk, now) - RATE * walk
        offers.append((value, site, colour, rupees, ap, trust, stock))
    if not offers:
        return 0.0
    offers.sort(reverse=True)
    best = max(0.0, offers[0][0])
    if load:
        return best
    for first in offers[:3]:
        for second in offers[:3]:
            _, p1, c1, r1, a1, t1, n1 = first
            _, p2, c2, r2, a2, t2, _ = second
            if r1 + r2 > money:
                continue
            # The second purchase is next turn's (Y41): at the same post, the rest of this
            # turn waits there.
            same = p1 == p2
            if same and n1 < 2:
                continue
            walk = dist[here][p1] + a1 + dist[p1][p2] + a2 + (2 if same else 0)
            if walk >= budget:
                continue
            pair = tuple(sorted((c1, c2), key=colours.index))
            left = max(0, now - walk)
            rest = min(budget - walk, HORIZON)
            sold = _plan(p2, pair, state.demand, own, stacks, rest, left, worth, builds)[0]
            value = min(t1, t2) * (sold - r1 - r2) * delay(walk, now) - RATE * walk
            best = max(best, value)
    return best
