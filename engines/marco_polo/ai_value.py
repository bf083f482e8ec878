"""What a Marco Polo position is worth to each seat: the computer's evaluation (#24.2).

``worth(state)`` is the score sheet as if the game ended now (M60) plus what the position holds
for the turns still to come. The future part is where the game is won, so each piece says why:

* **Resources and contracts** (``LIVE``, ``contracts``): goods pay for contracts (about 1 VP a
  good), camels for contracts and routes, coins for travel, while there is time left to use them.
  A contract in hand counts a small share of its reward, and more as more of its cost is held.
* **Unused dice** (``DIE_BASE``, ``DIE_PIP``): each is a later action this round (M21); without
  them the search put every die on the 3-coins space.
* **Trading posts** (``posts``): a small city's bonus again in every later round (M43, M17), a
  large city's card as an extra action space in every later round (M31, M44).
* **A movement under way** (``movement``): the best post its steps can still build (M28, M41).
* **The journey still to come** (``journey``, new in #24): an experienced player travels in every
  round, placing a post each time (income, city cards, goal cities, Beijing, the 8th and 9th post
  milestones, M42-M46, M60). The journey is planned greedily, one Travel action per later round
  (M24: one own-colour die per space per round), each to the city whose post is worth most net of
  its row cost, route costs and the occupied fee it is likely to pay (M28, M40, M24.5), as far as
  row 5 (row 6 for Raschid, who sets his dice, M51), paid from the coins held plus a modest
  income. A share
  of that plan counts now. So coins are worth what they will buy on the road, a figure near
  unvisited goal cities or Beijing stands well, and spending the coins on the road while the
  rounds are left to collect income from the posts pays. Before #24 the evaluation had none of
  this: the computer travelled twice a game, built one post and ended with 20 coins.
* **This round's Travel action** (``_may_travel_now``, ``_first_hop``): while the seat holds two
  dice it may put on Travel (M24), the plan may start with a hop this round, as far as its two
  best dice allow (M28), paid from the coins held and worth more than those two dice kept; the
  better plan counts, the hop this round at half its worth (``NOW_WEIGHT``). Without it dice
  spent elsewhere lost nothing, and some seats never travelled and kept 20-50 coins; counted
  whole it was put off turn after turn, and seats ended the game on 10 coins.
* **Coins** before the last round count their fading worth for the road (at least the tenth of
  a VP each they are at the end), not the score sheet's step of 1 VP at every tenth coin (M60).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engines.marco_polo import tables as T
from engines.marco_polo.rewards import posts_left
from engines.marco_polo.state import Player, State, goods_total

#: What one unit of each resource is worth in VP while there is time left to use it: goods pay
#: for contracts (about 1 VP a good), camels for contracts and routes, coins for travel.
LIVE = {"coin": 0.2, "camel": 0.3, "pepper": 0.6, "silk": 0.7, "gold": 0.8}
#: In the last round a coin is worth only what the score sheet gives for it (1 VP per 10, M60):
#: what it could still buy is the Travel action the search compares anyway.
LAST_COIN = 0.0
#: A coin kept to the end: 1 VP per 10 (M60).
END_COIN = 0.1
#: A coin's own worth (beyond the journey it pays for) fades over the last this many rounds:
#: late in the game coins are for the road or the score sheet, not for hoarding.
COIN_ROUNDS = 4
GOODS_CAMELS = ("camel", "pepper", "silk", "gold")
#: What a reward that is not a resource is worth (a good of choice, a black die, a movement...).
REWARD = {
    "any_good": 0.8,
    "two_different_goods": 1.5,
    "black_die": 1.5,
    "contract": 1.5,
    "travel": 2.0,
    "own_city_bonus": 1.5,
    "other_city_bonus": 1.5,
}
#: An unused die: a later action this round (more for a higher value; Raschid sets his).
DIE_BASE = 1.2
DIE_PIP = 0.15
#: A contract in hand: this share of its reward now, the rest by how much of its cost is held.
CONTRACT_HELD = 0.05
CONTRACT_COVERED = 0.6
#: A trading post: worth this much in itself (routes to build on), and a large city's card this
#: much per later round (M31, M44).
POST = 2.0
CARD_ROUND = 2.0
#: A movement under way counts this share of the best post it can still build.
MOVE_SHARE = 0.8
#: The journey still to come counts this share of its plan (others may take Beijing's best
#: space or a first-post tile first, the dice may not allow a row).
JOURNEY_SHARE = 0.6
#: This round's Travel action still to take counts this share of its worth: it is a choice the
#: seat may let pass (its dice spent elsewhere, the space taken and its fee raised), and counted
#: whole it was a reason to put it off: one more turn elsewhere kept it in the plan, so seats
#: kept their coins for a Travel action they never took.
NOW_WEIGHT = 0.5
#: A later hop the coins held and expected do not cover counts this share of the part they
#: do: counted whole, each coin short of a far city's row was worth up to a VP, more than a
#: die, and dice went on the 3-coins space for it.
PARTIAL = 0.5
#: Coins a seat can expect per later round towards the journey (income, bonuses, a 5-coins
#: action now and then), and camels likewise.
JOURNEY_COINS = 4
JOURNEY_CAMELS = 2
#: The longest Travel action the plan considers: row 6 (two sixes, 18 coins, M28) for Raschid,
#: who sets his dice (M51), and this round's when the dice show it; in a later round a rolled
#: pair allows row 5 about every other round (two 5s or 6s of five dice: 54 %, two sixes: 20 %),
#: so the plan goes that far. Row 4 (12 coins) was the limit before: a seat with 18 coins saw
#: no use for the six beyond 12.
JOURNEY_STEPS = 6
ROLLED_STEPS = 5
#: The chance that the Travel space already holds dice when the seat travels in a later round,
#: by players: it then pays the occupied fee, its placement's value (M24.5; Berke never, M55).
#: Measured with 4 players: 125 of 243 Travel actions found the space taken (24 self-play games
#: of the computer's greedy turns, seeds 2026-2049); the fee is the placement's lowest die,
#: often above the row's value, so 0.6 fee per step for 0.5 taken. Fewer players, fewer taken.
TRAVEL_TAKEN = {2: 0.4, 3: 0.5, 4: 0.6}
#: What one of Raschid's dice counts as (M51): he sets its value, a six where the space is
#: free, but on a space already taken the fee is the value he sets (M24.5), so he sets less or
#: pays: not a six for nothing.
RASCHID_DIE = 4.5
#: Goods a seat with a post in Beijing is assumed to hold at the end, at least (M60).
END_GOODS = 4

#: Travel rows by steps: coins (M28).
ROW_COINS = {steps: coins for _, steps, coins in T.TRAVEL_ROWS.values()}


def _routes() -> dict[str, dict[str, tuple[int, int, int]]]:
    """For every pair of locations: the fewest steps between them, and the route costs (camels,
    coins) of the cheapest path with that many steps (camels at 0.3 VP, coins at 0.2, M40)."""
    out: dict[str, dict[str, tuple[int, int, int]]] = {}
    for start in T.LOCATIONS:
        best: dict[str, tuple[int, int, int]] = {start: (0, 0, 0)}
        layer = {start: (0, 0)}
        steps = 0
        while layer:
            steps += 1
            nxt: dict[str, tuple[int, int]] = {}
            for loc, (cam, coi) in layer.items():
                for dest, res, amt in T.ADJACENT[loc]:
                    if dest in best:
                        continue
                    c2 = cam + (amt if res == "camel" else 0)
                    m2 = coi + (amt if res == "coin" else 0)
                    held = nxt.get(dest)
                    if held is None or 0.3 * c2 + 0.2 * m2 < 0.3 * held[0] + 0.2 * held[1]:
                        nxt[dest] = (c2, m2)
            for dest, (cam, coi) in nxt.items():
                best[dest] = (steps, cam, coi)
            layer = nxt
        out[start] = best
    return out


#: ``ROUTES[a][b]``: (steps, camels, coins) from ``a`` to ``b`` (see ``_routes``).
ROUTES = _routes()


def bundle_value(bundle: Mapping[str, int]) -> float:
    """A reward bundle in VP: VP as they are, resources and other rewards at their live worth."""
    total = 0.0
    for k, n in bundle.items():
        if k == "vp":
            total += n
        elif k in LIVE:
            total += LIVE[k] * n
        else:
            total += REWARD.get(k, 1.0) * n
    return total


#: Each small-city bonus tile and first-post tile in VP (``bundle_value``), and each contract's
#: reward, computed once.
BONUS_VP = {t: bundle_value(b) for t, b in T.CITY_BONUSES.items()}
TILE_VP = {t: bundle_value(b) for t, b in T.FIRST_POST_TILES.items()}
REWARD_VP = {c: bundle_value(d["reward"]) for c, d in T.CONTRACTS.items()}
#: The cities of each pair of goal cards a seat may hold.
_GOAL_CITIES: dict[tuple[str, ...], frozenset[str]] = {}


def goal_cities(goals: tuple[str, ...]) -> frozenset[str]:
    """The cities named on ``goals`` (M60)."""
    found = _GOAL_CITIES.get(goals)
    if found is None:
        found = _GOAL_CITIES[goals] = frozenset(c for g in goals for c in T.GOALS[g]["cities"])
    return found


def worth(state: State) -> list[float]:
    """Each seat's VP as if the game ended now (M59-M61) plus the position's worth for the rest
    of the game (module docstring)."""
    most = max(len(p.fulfilled) for p in state.players)
    return [seat_worth(state, s, most) for s in range(state.n)]


def seat_worth(state: State, seat: int, most: int | None = None) -> float:
    """``worth`` of one seat (``most``: the most contracts any seat fulfilled, if known)."""
    if most is None:
        most = max([len(p.fulfilled) for p in state.players])
    later = max(0, T.ROUNDS - state.round)  # whole rounds still to come
    p = state.players[seat]
    dice = p.dice
    # How much of the game is left to use resources in: all of it until the last round,
    # then as much as the seat's unused dice (contracts can still be fulfilled after).
    live = 1.0 if later else min(1.0, 0.3 + len(dice) / 5)
    value = float(sheet_total(state, seat, most))
    held = _CAMEL * p.camel + _PEPPER * p.pepper + _SILK * p.silk + _GOLD * p.gold
    value += live * (held + (contracts(p) if p.contracts else 0.0))
    if later:
        # Before the last round the sheet's 1 VP per full 10 coins (M60) is not what coins are
        # worth: most will be spent first, and counted as a step of 1 VP at every tenth coin
        # on top of their own worth they were kept (spending 16 coins on a Travel row lost 2 VP
        # of the sheet). A coin counts its fading worth for the road, at least the tenth of a
        # VP it is at the end; the journey adds what it buys.
        value += _COIN_WORTH[later] * p.coin
        value -= p.coin // 10
    else:
        value += LAST_COIN * p.coin
    # A die not rolled yet (a chance step comes) shows 3.5 on average; Raschid's are set as he
    # places them (M19, M51): ``RASCHID_DIE``.
    unrolled = RASCHID_DIE if p.char == "raschid" else 3.5
    unused = 0.0
    for _, v in dice:
        unused += DIE_BASE + DIE_PIP * (v or unrolled)
    value += unused
    value += posts(state, seat, later)
    if _moving(state, seat):
        value += movement(state, seat, later)
    else:
        value += JOURNEY_SHARE * journey(state, seat, later)
    return value


#: A coin's worth before the last round by the whole rounds still to come (``seat_worth``):
#: its fading worth for the road, at least the tenth of a VP it is at the end.
_COIN_WORTH = {
    later: max(END_COIN, LIVE["coin"] * min(1.0, later / COIN_ROUNDS))
    for later in range(1, T.ROUNDS + 1)
}

#: ``LIVE`` of camels and goods, read once (``seat_worth`` runs tens of thousands of times).
_CAMEL, _PEPPER, _SILK, _GOLD = (LIVE[r] for r in GOODS_CAMELS)


def sheet_total(state: State, seat: int, most: int) -> int:
    """``seat``'s total on the score sheet if the game ended now: the sum of
    ``scoring.breakdown``'s categories for that seat alone (M60), without building every
    seat's sheet."""
    p = state.players[seat]
    posts = p.posts
    cities, cards = _goal_parts(p.goals)
    total = p.vp + p.coin // 10
    for both, vp in cards:
        if both[0] in posts and both[1] in posts:
            total += vp
    total += T.DISTINCT_GOAL_CITY_VP[min(len(cities.intersection(posts)), 4)]
    if seat in state.beijing:
        total += T.BEIJING_VP[state.beijing.index(seat)] + goods_total(p) // 2
    if len(p.fulfilled) == most:
        total += T.MOST_CONTRACTS_VP
    return total


#: What one more goal city is worth with this many held (M60: the sheet's step to the next
#: count; a hand names at most four).
_GOAL_STEP = tuple(
    T.DISTINCT_GOAL_CITY_VP[min(before + 1, 4)] - T.DISTINCT_GOAL_CITY_VP[min(before, 4)]
    for before in range(5)
)

#: Per hand of goal cards: its cities and each card's (two cities, VP) (``_goal_parts``).
_GOAL_PARTS: dict[tuple[str, ...], tuple[frozenset[str], tuple[tuple[tuple[str, ...], int], ...]]]
_GOAL_PARTS = {}


def _goal_parts(
    goals: tuple[str, ...],
) -> tuple[frozenset[str], tuple[tuple[tuple[str, ...], int], ...]]:
    """The cities named on ``goals`` and each card's two cities with its VP (M60)."""
    found = _GOAL_PARTS.get(goals)
    if found is None:
        cards = tuple((tuple(T.GOALS[g]["cities"]), int(T.GOALS[g]["vp"])) for g in goals)
        assert all(len(both) == 2 for both, _ in cards), "a goal card names two cities"
        found = _GOAL_PARTS[goals] = (goal_cities(goals), cards)
    return found


#: Per hand of goal cards: per city on a card, each card's other city and VP (``_goal_pairs``).
_GOAL_PAIRS: dict[tuple[str, ...], dict[str, tuple[tuple[str, int], ...]]] = {}


def _goal_pairs(goals: tuple[str, ...]) -> dict[str, tuple[tuple[str, int], ...]]:
    """For each city on ``goals``: (the card's other city, the card's VP) per card naming it, in
    the cards' order (a new post there completes such a card where the other city is held,
    M60)."""
    found = _GOAL_PAIRS.get(goals)
    if found is None:
        pairs: dict[str, list[tuple[str, int]]] = {}
        for both, vp in _goal_parts(goals)[1]:
            a, b = both
            assert a != b, "a goal card names two cities"
            pairs.setdefault(a, []).append((b, vp))
            pairs.setdefault(b, []).append((a, vp))
        found = _GOAL_PAIRS[goals] = {city: tuple(o) for city, o in pairs.items()}
    return found


def contracts(p: Player) -> float:
    """Contracts in hand: part of the reward, more as more of the cost is held (M32)."""
    if not p.contracts:
        return 0.0
    return _contracts(p.contracts, p.camel, p.pepper, p.silk, p.gold)


@lru_cache(maxsize=1 << 14)
def _contracts(held: tuple[str, ...], camel: int, pepper: int, silk: int, gold: int) -> float:
    """``contracts`` of a hand ``held`` and the camels and goods to pay with."""
    have = {"camel": camel, "pepper": pepper, "silk": silk, "gold": gold}
    total = 0.0
    for cid in held:
        cost = T.CONTRACTS[cid]["cost"]
        need = sum(cost.values())
        paid = sum(min(have[k], n) for k, n in cost.items())
        total += REWARD_VP[cid] * (CONTRACT_HELD + CONTRACT_COVERED * paid / need)
    return total


def posts(state: State, seat: int, later: int) -> float:
    """Trading posts on the map: a small city's bonus again in each later round (M43, M17), a
    large city's card usable in each later round (M31)."""
    total = 0.0
    for city in state.players[seat].posts:
        total += POST
        if city in state.city_bonus:
            total += later * BONUS_VP[state.city_bonus[city]]
        elif city in T.CARD_SLOTS:
            total += later * CARD_ROUND
    return total


def post_gain(state: State, seat: int, city: str, later: int) -> float:
    """What a new post in ``city`` would add to ``seat``'s evaluation (0 where none is built)."""
    p = state.players[seat]
    if city not in T.POST_CITIES or city in p.posts or posts_left(state, seat) <= 0:
        return 0.0
    return _city_gain(
        city,
        frozenset(p.posts),
        p.goals,
        p.posts_placed,
        p.char,
        later,
        _beijing_taken(state),
        goods_total(p),
        _bonus_of(state, city),
        _tile_of(state, city),
    )


def _beijing_taken(state: State) -> int:
    """Beijing's spaces taken (M45)."""
    beijing = state.beijing
    return len(beijing) - beijing.count(None)


def _bonus_of(state: State, city: str) -> float:
    tile = state.city_bonus.get(city)
    return BONUS_VP[tile] if tile else 0.0


def _tile_of(state: State, city: str) -> float:
    tile = state.first_post.get(city)
    return TILE_VP[tile] if tile else 0.0


class _Extras:
    """The last position's tiles and what ``_extras`` made of them, replaced as one tuple (so
    threads never see a mixture; the mappings are held, so an id is never reused)."""

    last: tuple[Any, Any, Extras | None] = (None, None, None)


def _state_extras(state: State) -> Extras:
    """``_extras`` of ``state``'s tiles; the same mappings as last time (the samples and moves of
    one search share them until a tile is taken) are not read again."""
    bonus, tiles, found = _Extras.last
    if bonus is state.city_bonus and tiles is state.first_post and found is not None:
        return found
    found = _extras(tuple(state.city_bonus.items()), tuple(state.first_post.items()))
    _Extras.last = (state.city_bonus, state.first_post, found)
    return found


class Extras(tuple[tuple[str, float], ...]):
    """``_extras``' tuple with its hash worked out once: it is part of the key of every
    ``_journey`` looked up, and a tuple's hash is computed again at each look-up."""

    def __new__(cls, items: tuple[tuple[str, float], ...]) -> Extras:
        made = super().__new__(cls, items)
        made.hashed = tuple.__hash__(made)
        made.tails = {}
        return made

    hashed: int
    #: ``_tails`` of these tiles per (rounds after, Beijing's spaces taken, goods), kept here
    #: (``_journey`` reads them at every hop; a look-up by the tiles would hash them each time)
    tails: dict[tuple[int, int, int], dict[str, float]]

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return self is other or tuple.__eq__(self, other)

    def by_city(self) -> dict[str, float]:
        """The same, as a mapping from city to VP (made once)."""
        found: dict[str, float] | None = self.__dict__.get("cities")
        if found is None:
            found = self.__dict__["cities"] = dict(self)
        return found


@lru_cache(maxsize=256)
def _extras(
    bonuses: tuple[tuple[str, str], ...], tiles: tuple[tuple[str, str | None], ...]
) -> Extras:
    """Per post city (sorted): its small-city bonus or its first-post tile still there, in VP."""
    bonus = dict(bonuses)
    tile = dict(tiles)
    out = []
    for city in sorted(T.POST_CITIES):
        if city in bonus:
            out.append((city, BONUS_VP[bonus[city]]))
        else:
            t = tile.get(city)
            out.append((city, TILE_VP[t] if t else 0.0))
    return Extras(tuple(out))


def _city_gain(
    city: str,
    held: frozenset[str],
    goals: tuple[str, ...],
    placed: int,
    char: str,
    later: int,
    beijing_taken: int,
    goods: int,
    bonus: float,
    tile: float,
) -> float:
    """A new post in ``city`` for a seat holding posts ``held``: its goal-city step and goal
    cards (M60), its milestone (M46, M56), Beijing's space and goods bonus (M45, M60), a small
    city's bonus now and in the ``later`` rounds (M43), a large city's first-post tile and card
    (M44, M31)."""
    gain = POST
    cities = goal_cities(goals)
    if city in cities:
        before = len(cities & held)
        gain += (
            T.DISTINCT_GOAL_CITY_VP[min(before + 1, 4)] - T.DISTINCT_GOAL_CITY_VP[min(before, 4)]
        )
        for g in goals:
            both = T.GOALS[g]["cities"]
            if city in both and all(c == city or c in held for c in both):
                gain += int(T.GOALS[g]["vp"])
    count = placed + 1
    if count in (8, 9) or (char == "wilhelm" and count == 11):
        gain += T.MILESTONES[count]
    if city == "beijing":
        if beijing_taken < len(T.BEIJING_VP):
            gain += T.BEIJING_VP[beijing_taken]
        gain += max(goods, END_GOODS) // 2
    elif bonus:
        gain += (1 + later) * bonus
    else:
        gain += tile + later * CARD_ROUND
    return gain


def _moving(state: State, seat: int) -> bool:
    """Whether a movement of ``seat`` is under way (the first pending decision)."""
    if not state.pending:
        return False
    item = state.pending[0]
    return item.k == "move" and item.owner == seat


def movement(state: State, seat: int, later: int) -> float:
    """A movement of ``seat`` under way (M28, M41): where its figures can still stop with the
    steps and the camels and coins left (M40), the best of a share of the post built there and
    the journey onwards from there (``journey``)."""
    item = state.pending[0]
    p = state.players[seat]
    left = item.steps - item.taken
    context = _context(state, seat)
    best = JOURNEY_SHARE * journey(state, seat, later, context)  # stopping where they stand
    posts = frozenset(p.posts)
    # ``post_gain``'s reading of the position, once for every place the figures may stop.
    may_build = context[0] > 0
    beijing_taken, goods = context[2], context[3]
    for fig, start in enumerate(p.figures):
        moved = fig in item.moved
        for city, cost in _reachable(start, left, p.camel, p.coin):
            if city == start and not moved:
                continue  # a figure that has not moved builds nothing where it stands
            paid = LIVE["camel"] * cost[0] + LIVE["coin"] * cost[1]
            built = city in T.POST_CITIES and city not in posts
            post = 0.0
            if built and may_build:
                post = _city_gain(
                    city,
                    posts,
                    p.goals,
                    p.posts_placed,
                    p.char,
                    later,
                    beijing_taken,
                    goods,
                    _bonus_of(state, city),
                    _tile_of(state, city),
                )
            gain = MOVE_SHARE * (post - paid)
            figures = (*p.figures[:fig], city, *p.figures[fig + 1 :])
            onwards = _plan(
                p,
                later,
                context,
                figures,
                (*p.posts, city) if built else p.posts,
                p.posts_placed + built,
                p.coin - cost[1],
                p.camel - cost[0],
            )
            best = max(best, gain + JOURNEY_SHARE * onwards)
    return best


@lru_cache(maxsize=1 << 14)
def _reachable(
    start: str, steps: int, camels: int, coins: int
) -> tuple[tuple[str, tuple[int, int]], ...]:
    """``reachable``'s places and costs in its order, kept (a movement's figures are rated
    from the same few places with the same purse again and again)."""
    return tuple(reachable(start, steps, camels, coins).items())


def reachable(start: str, steps: int, camels: int, coins: int) -> dict[str, tuple[int, int]]:
    """Locations reachable from ``start`` in at most ``steps`` steps whose route costs can be
    paid, with the cheapest (camels, coins) found for each (a figure may stop anywhere)."""
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    frontier = {(start, 0, 0)}
    for _ in range(steps):
        nxt: set[tuple[str, int, int]] = set()
        for loc, cam, coi in frontier:
            for dest, res, amt in T.ADJACENT[loc]:
                c2 = cam + (amt if res == "camel" else 0)
                m2 = coi + (amt if res == "coin" else 0)
                if c2 > camels or m2 > coins:
                    continue
                seen = best.get(dest)
                if seen is None or c2 + m2 < sum(seen):
                    best[dest] = (c2, m2)
                nxt.add((dest, c2, m2))
        frontier = nxt
    return best


def journey(state: State, seat: int, later: int, context: Context | None = None) -> float:
    """The plan for the Travel actions of the rounds still to come (module docstring): VP net of
    what the rows and routes cost (``context``: ``_context(state, seat)`` if already made)."""
    now = _may_travel_now(state, seat)
    if not later and not now:
        return 0.0
    p = state.players[seat]
    if context is None:
        context = _context(state, seat)
    held = p.posts
    plan = _plan(p, later, context, p.figures, held, p.posts_placed, p.coin, p.camel)
    if now:
        # Travelling this round is a choice, not a must: the better of the two plans.
        hop = _plan(
            p,
            later,
            context,
            p.figures,
            held,
            p.posts_placed,
            p.coin,
            p.camel,
            1,
            _first_hop(state, seat),
        )
        plan = max(plan, hop)
    return plan


def _first_hop(state: State, seat: int) -> tuple[int, float, float]:
    """This round's Travel action in the journey: the most steps the seat's two best dice
    allow (M28: the lower of the two; Raschid sets his, M51), what those two dice are worth
    kept (``DIE_BASE``, ``DIE_PIP``: the hop must pay for the actions they would otherwise be),
    and the occupied fee per step (M24.5: the placement's value, at least the row's; none on
    a free space, none for Berke, M55)."""
    p = state.players[seat]
    taken = bool(state.spaces.get("travel")) and p.char != "berke"
    key = (p.dice, p.char == "raschid", taken)
    found = _FIRST_HOPS.get(key)
    if found is None:
        if p.char == "raschid":
            steps = JOURNEY_STEPS
            values: list[float] = [RASCHID_DIE, RASCHID_DIE]
        else:
            values = sorted([float(v or 3) for _, v in p.dice], reverse=True)[:2]
            steps = min(JOURNEY_STEPS, int(values[1]))
        dice_vp = 2 * DIE_BASE + DIE_PIP * (values[0] + values[1])
        found = _FIRST_HOPS[key] = (steps, dice_vp, 1.0 if taken else 0.0)
    return found


#: ``_first_hop`` per (dice, Raschid or not, Travel taken): a few hundred at most.
_FIRST_HOPS: dict[tuple[tuple[tuple[str, int], ...], bool, bool], tuple[int, float, float]] = {}


def _fee_share(state: State, seat: int) -> float:
    """The occupied fee per step a later round's Travel action is expected to pay
    (``TRAVEL_TAKEN``; Berke never pays it, M55)."""
    if state.players[seat].char == "berke":
        return 0.0
    return TRAVEL_TAKEN.get(state.n, TRAVEL_TAKEN[4])


def _may_travel_now(state: State, seat: int) -> bool:
    """Whether ``seat`` can still take a Travel action this round: in play, two dice it may
    place there (its own colour only once per space per round, M24)."""
    if state.phase != "play":
        return False
    dice = state.players[seat].dice
    if len(dice) < 2:
        return False
    for owner, kind, _ in state.spaces.get("travel", ()):
        if owner == seat and kind == "o":
            return sum(1 for kind, _ in dice if kind != "o") >= 2
    return True


#: What ``_plan`` reads of a position for one seat, the same for every plan made there: the
#: posts it has left to build, the tiles still on the map (``_state_extras``), Beijing's spaces
#: taken, its goods, the occupied fee it expects per step (``_fee_share``), and the plans
#: already made for seats in the same case (``_plans_for``).
Context = tuple[int, "Extras", int, int, float, "Plans"]

#: Journey plans (``_journey``) of one case (``_plans_for``), by what is left to vary: figures,
#: posts held (in build order), posts placed, later rounds, this round's hop, hops, coins,
#: camels and this round's hop's dice.
Plans = dict[tuple[Any, ...], float]


def _context(state: State, seat: int) -> Context:
    """``Context`` of ``seat`` in ``state`` (read once per evaluation, not once per plan: a
    movement under way compares a plan from every place its figures can stop)."""
    p = state.players[seat]
    bonus = _state_extras(state)
    beijing_taken = _beijing_taken(state)
    goods = goods_total(p)
    fee_share = _fee_share(state, seat)
    return (
        posts_left(state, seat),
        bonus,
        beijing_taken,
        goods,
        fee_share,
        _plans_for((p.goals, p.char, beijing_taken, goods, bonus, fee_share)),
    )


#: ``_plans_for`` per case, and how many plans they hold together (all are dropped past
#: ``_PLANS_MAX``).
_PLANS: dict[tuple[Any, ...], Plans] = {}
_PLANS_HELD = [0]
_PLANS_MAX = 1 << 16


def _plans_for(case: tuple[Any, ...]) -> Plans:
    """The journey plans made so far for a seat's goal cards, character, Beijing's spaces
    taken, goods, tiles on the map and occupied fee: the rest of ``_journey``'s arguments
    vary from plan to plan. Looked up once per evaluation, so that each of its plans (a
    movement under way makes dozens) is found by a key of the few things that vary, not by
    all fourteen."""
    found = _PLANS.get(case)
    if found is None:
        if _PLANS_HELD[0] >= _PLANS_MAX:
            _PLANS.clear()
            _PLANS_HELD[0] = 0
        found = _PLANS[case] = {}
    return found


def _plan(
    p: Player,
    later: int,
    context: Context,
    figures: tuple[str, ...],
    held: tuple[str, ...],
    placed: int,
    coins: int,
    camels: int,
    now: int = 0,
    first: tuple[int, float, float] | None = None,
) -> float:
    """``journey`` from figures standing at ``figures`` with posts ``held`` (``now``: one more
    Travel action this round; ``p``: the seat's player)."""
    posts_now, bonus, beijing_taken, goods, fee_share, plans = context
    left = posts_now - (len(held) - len(p.posts))
    if left <= 0 or not (later or now):
        return 0.0
    hops = min(later + now, left)
    key = (figures, held, placed, later, now, hops, coins, camels, first)
    found = plans.get(key)
    if found is None:
        _PLANS_HELD[0] += 1
        found = plans[key] = _journey(
            figures,
            frozenset(held),
            p.goals,
            placed,
            p.char,
            later + now,
            hops,
            coins + JOURNEY_COINS * later,
            camels + JOURNEY_CAMELS * later,
            beijing_taken,
            goods,
            bonus,
            fee_share,
            None if first is None else (*first, coins),
        )
    return found


#: Per location, the post cities a Travel action of the journey can reach from there (at most
#: ``JOURNEY_STEPS`` steps): city -> (steps, camels, row and route coins), from ``ROUTES``.
_HOPS: dict[str, dict[str, tuple[int, int, int]]] = {
    loc: {
        city: (steps, cam, ROW_COINS[steps] + coi)
        for city, (steps, cam, coi) in ROUTES[loc].items()
        if 0 < steps <= JOURNEY_STEPS
    }
    for loc in ROUTES
}


def _candidates(locs: tuple[str, ...]) -> tuple[tuple[str, int, int, int, int], ...]:
    """The hops a journey's figures standing at ``locs`` can make: (city, figure, camels,
    coins, steps) for each post city (sorted) and each figure (in order) within
    ``JOURNEY_STEPS``."""
    found = _CANDIDATES.get(locs)
    if found is None:
        reach = [_HOPS[loc] for loc in locs]
        found = _CANDIDATES[locs] = tuple(
            (city, fig, hop[1], hop[2], hop[0])
            for city in sorted(T.POST_CITIES)
            for fig, hops_from in enumerate(reach)
            if (hop := hops_from.get(city)) is not None
        )
    return found


#: A hop in ``_priced``: (city, figure, camels, coins paid, those coins in VP, those camels in
#: VP).
Hop = tuple[str, int, int, float, float, float]


def _priced(locs: tuple[str, ...], limit: int, fee: float) -> tuple[Hop, ...]:
    """``_candidates`` within ``limit`` steps, in their order, with their price at ``fee`` per
    step: the coins paid (row, routes, fee) and the coins and camels in VP; the same numbers
    ``_journey`` worked out per candidate and hop before, once per (figures, limit, fee)."""
    key = (locs, limit, fee)
    found = _PRICED.get(key)
    if found is None:
        if len(_PRICED) >= 1 << 14:
            _PRICED.clear()
        coin_vp = LIVE["coin"]
        camel_vp = LIVE["camel"]
        found = _PRICED[key] = tuple(
            (city, fig, cam, paid, coin_vp * paid, camel_vp * cam)
            for city, fig, cam, row, steps in _candidates(locs)
            if steps <= limit
            for paid in (row + fee * steps,)
        )
    return found


#: ``_priced`` per (figures, limit, fee).
_PRICED: dict[tuple[tuple[str, ...], int, float], tuple[Hop, ...]] = {}


def _tails(bonus: Extras, rounds_after: int, beijing_taken: int, goods: int) -> dict[str, float]:
    """Per post city, the part of a new post's gain in ``_journey`` that does not depend on
    the seat's posts and goal cards: Beijing's space and goods bonus (M45, M60), a small
    city's bonus now and in the ``rounds_after`` later rounds (M43), a large city's first-post
    tile and card (M44, M31). Added last to a whole number of VP, as ``_city_gain`` adds it,
    so the sum is the same to the last digit."""
    out: dict[str, float] = {}
    for city, extra in bonus:
        if city == "beijing":
            tail = 0
            if beijing_taken < len(T.BEIJING_VP):
                tail += T.BEIJING_VP[beijing_taken]
            tail += max(goods, END_GOODS) // 2
            out[city] = tail
        elif city in T.SMALL_CITIES and extra:
            out[city] = (1 + rounds_after) * extra
        else:
            tile = extra if city not in T.SMALL_CITIES else 0.0
            out[city] = tile + rounds_after * CARD_ROUND
    return out


#: ``_candidates`` per figure placement (at most 25 x 25 of them).
_CANDIDATES: dict[tuple[str, ...], tuple[tuple[str, int, int, int, int], ...]] = {}


def _journey(
    figures: tuple[str, ...],
    held: frozenset[str],
    goals: tuple[str, ...],
    placed: int,
    char: str,
    later: int,
    hops: int,
    coins: int,
    camels: int,
    beijing_taken: int,
    goods: int,
    bonus: Extras,
    fee_share: float = 0.0,
    first: tuple[int, float, float, int] | None = None,
) -> float:
    """Greedy: ``hops`` Travel actions, one per later round (the first this round's when
    ``first`` says how far the dice allow, what they are worth kept, the fee per step and the
    coins held to pay for it), each
    to the best city net of cost: the row's coins, the routes' camels and coins and the occupied
    fee (``fee_share`` per step in a later round, M24.5), as far as a later round's dice
    usually allow (``ROLLED_STEPS``; Raschid sets his, M51). A city's gain is
    ``_city_gain``'s, its parts that do not depend on the city worked out once per hop."""
    locs = list(figures)
    total = 0.0
    cities = goal_cities(goals)
    pairs = _goal_pairs(goals)
    before = len(cities & held)  # goal cities held (M60), one more with each goal city built
    purse = float(coins)  # the fee is expected, so coins left may be a fraction
    cash = 0  # coins held now (this round's hop)
    rolled = JOURNEY_STEPS if char == "raschid" else ROLLED_STEPS
    tails_of = bonus.tails
    for hop in range(hops):
        rounds_after = later - 1 - hop
        step = _GOAL_STEP[before]
        count = placed + 1
        milestone = count in (8, 9) or (char == "wilhelm" and count == 11)
        best: tuple[float, int, str, float, int] | None = None
        top = 0.0  # ``best``'s net
        now = hop == 0 and first is not None
        if first is not None and now:
            limit, dice_vp, fee, cash = first
        else:
            limit, dice_vp, fee = rolled, 0.0, fee_share
        tails = tails_of.get((rounds_after, beijing_taken, goods))
        if tails is None:
            tails = tails_of[rounds_after, beijing_taken, goods] = _tails(
                bonus, rounds_after, beijing_taken, goods
            )
        # The post's gain but for its tail (a whole number of VP): goal city and cards (M60),
        # milestone (M46, M56).
        whole = POST + T.MILESTONES[count] if milestone else POST
        # A later hop the coins do not cover counts half the share they do (income is still
        # to come, but may not): a coin more is always worth a little more, not nothing until
        # a row's price, yet not a whole hop's worth per coin either. The same for every
        # candidate of this hop, so worked out once.
        share = PARTIAL * max(0.0, purse)
        priced = _PRICED.get((tuple(locs), limit, fee)) or _priced(tuple(locs), limit, fee)
        for city, fig, cam, paid, paid_vp, cam_vp in priced:
            if cam > camels or city in held:
                continue
            if now and paid > cash:
                continue  # this round's Travel action is paid from the coins held (M62)
            # ``_city_gain``'s gain (the same sum for each figure that can go there).
            gain = whole
            cards = pairs.get(city)  # a goal city (M60): each card naming it
            if cards is not None:
                gain += step
                for other, vp in cards:
                    if other in held:
                        gain += vp  # the card's other city held: this post completes it
            gain += tails[city]
            if paid <= purse:
                net = gain - paid_vp - cam_vp
            else:
                net = share / paid * (gain - paid_vp - cam_vp)
            if now:
                net = NOW_WEIGHT * (net - dice_vp)
            if best is None or net > top:
                best = (net, fig, city, paid, cam)
                top = net
        if best is None or top <= 0:
            break
        net, fig, city, paid, cam = best
        total += net
        if paid > purse:
            break  # the coins ran out on the way
        locs[fig] = city
        held = held | {city}
        before += city in cities
        placed += 1
        purse -= paid
        camels -= cam
        if city == "beijing":
            beijing_taken += 1
    return total
