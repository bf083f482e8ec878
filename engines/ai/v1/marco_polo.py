"""What a computer seat knows in The Voyages of Marco Polo.

Secret (M65): the other players' goal cards (and, in the advanced set-up, the goal cards they are
still choosing from), the goal cards nobody was dealt, and the order of the contract pile. Contracts
in hand, resources, dice, city cards and bonus tiles are public. ``determinize`` deals the unseen
goal cards to the other seats again in the same numbers, shuffles the contract pile, and re-seeds
the generator, so the dice of later rounds are unknown as well.

The evaluation (``scores``) is the score sheet as if the game ended now (M60) plus what the
position is worth for the turns still to come: unused dice (each one is a later action), goods,
camels and coins (what contracts and travel turn into VP), contracts in hand by how much of their
cost is already held, trading posts by the income and city cards they give in later rounds, and a
movement under way by the best city it can still reach. Without the future part the search sees
only VP and coins: it put every die on the 3-coins space and never travelled.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/marco_polo/ai.py``, importing only engine
rules and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines.ai.v1.knowledge import reshuffle
from engines.ai.v1.search import legal_texts
from engines.base import Engine
from engines.marco_polo import tables as T
from engines.marco_polo.rewards import posts_left
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.state import Player, State, goods_total, parse_die
from engines.rng import Rng

#: What one unit of each resource is worth in VP while there is time left to use it: goods pay
#: for contracts (about 1 VP a good), camels for contracts and routes, coins for travel.
LIVE = {"coin": 0.2, "camel": 0.3, "pepper": 0.6, "silk": 0.7, "gold": 0.8}
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
#: A trading post: worth this much in itself (milestones, routes to build on), and a large
#: city's card this much per later round (M31, M44).
POST = 2.0
CARD_ROUND = 2.0
#: A movement under way counts this share of the best post it can still build.
MOVE_SHARE = 0.8


#: Raschid's placements with one value per placement: about 420 with five dice and a black die.
RASCHID_LISTED = 4000


class MarcoPoloKnowledge:
    """Marco Polo's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: the evaluation already looks ahead: score the position where the tree stops
    rollout_depth = 0
    #: a few VP are a clear lead
    scale = 8.0
    #: many moves rate almost alike after a few hundred iterations: the one-move look-ahead's
    #: rating of each root move counts as this many visits (measured: normal against easy 7 of
    #: 9 with it, 6 of 10 without)
    prior = 4
    #: the goal cards and the pile a sample deals anew seldom change what may be done, and
    #: listing the moves (placements are built token by token) was two thirds of the search
    reuse_moves = True

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Other seats' goal cards dealt again from the goals this seat has not seen; the
        contract pile shuffled."""
        mine = set(state.players[seat].goals) | set(state.players[seat].goal_offer)
        others = [s for s in range(state.n) if s != seat]
        held = {g for s in others for g in (*state.players[s].goals, *state.players[s].goal_offer)}
        unused = sorted(g for g in T.GOALS if g not in mine and g not in held)
        pools = [list(state.players[s].goals) for s in others]
        pools += [list(state.players[s].goal_offer) for s in others]
        pools.append(unused)
        dealt = reshuffle(rng, pools)
        players = list(state.players)
        for i, s in enumerate(others):
            goals, offer = dealt[i], dealt[len(others) + i]
            players[s] = replace(
                players[s], goals=tuple(sorted(goals)), goal_offer=tuple(sorted(offer))
            )
        pile = reshuffle(rng, [state.pile])[0]
        return replace(state, players=tuple(players), pile=tuple(pile), rng=rng.next64())

    def candidates(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng
    ) -> list[str] | None:
        """Raschid's moves without the dominated ones (M51): he sets the value of each die he
        places, and a placement's effect depends only on its lowest die, so every die of a
        placement shows the same value, and of placements that differ only in that value the
        lowest is kept (an occupied space charges the value in coins, M24; a free one charges
        nothing). The same for 3 coins (M33), whose value does nothing. Other seats: ``None``
        (every legal move)."""
        if state.players[seat].char != "raschid" or state.pending or state.phase != "play":
            return None
        # Listed in full: a sampled part (past MAX_LISTED) would drop whole kinds of move.
        moves = legal_texts(engine, state, seat, rng, keep=_one_value, limit=RASCHID_LISTED)
        cheapest: dict[tuple[str, ...], tuple[int, str]] = {}
        for move in moves:
            tokens = move.split()
            key = tuple(_die_kind(t) for t in tokens)
            value = min((d[1] for t in tokens if (d := parse_die(t))), default=0)
            if key not in cheapest or value < cheapest[key][0]:
                cheapest[key] = (value, move)
        return [move for _, move in cheapest.values()]

    def scores(self, state: State) -> list[float]:
        """VP as if the game ended now (M58–M61) plus the position's worth for the rest of the
        game (see the module docstring)."""
        sheets = breakdown(state)
        later = max(0, T.ROUNDS - state.round)  # whole rounds still to come
        out = []
        for s, p in enumerate(state.players):
            # How much of the game is left to use resources in: all of it until the last round,
            # then as much as the seat's unused dice (contracts can still be fulfilled after).
            live = 1.0 if later else min(1.0, 0.3 + len(p.dice) / 5)
            value = float(sum(sheets[s].values()))
            value += live * (sum(LIVE[r] * p.amount(r) for r in LIVE) + _contracts(p))
            value += sum(DIE_BASE + DIE_PIP * (v or 6) for _, v in p.dice)
            value += _posts(state, s, later)
            value += _movement(state, s, later)
            out.append(value)
        return out


def _one_value(prefix: list[str], token: str) -> bool:
    """A die token may follow only dice of its own value (see ``candidates``)."""
    die = parse_die(token)
    if die is None:
        return True
    return all(d[1] == die[1] for t in prefix if (d := parse_die(t)))


def _die_kind(token: str) -> str:
    """A die token without its value (``b4`` -> ``b``); other tokens as they are."""
    die = parse_die(token)
    return token if die is None else f"die:{die[0]}"


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


def _contracts(p: Player) -> float:
    """Contracts in hand: part of the reward, more as more of the cost is held (M32)."""
    total = 0.0
    for cid in p.contracts:
        c = T.CONTRACTS[cid]
        cost = c["cost"]
        need = sum(cost.values())
        held = sum(min(p.amount(k), n) for k, n in cost.items())
        total += bundle_value(c["reward"]) * (CONTRACT_HELD + CONTRACT_COVERED * held / need)
    return total


def _posts(state: State, seat: int, later: int) -> float:
    """Trading posts on the map: a small city's bonus again in each later round (M43, M17), a
    large city's card usable in each later round (M31)."""
    total = 0.0
    for city in state.players[seat].posts:
        total += POST
        if city in state.city_bonus:
            total += later * bundle_value(T.CITY_BONUSES[state.city_bonus[city]])
        elif city in T.CARD_SLOTS:
            total += later * CARD_ROUND
    return total


def post_gain(state: State, seat: int, city: str, later: int) -> float:
    """What a new post in ``city`` would add to ``seat``'s evaluation (0 where none is built)."""
    p = state.players[seat]
    if city not in T.POST_CITIES or city in p.posts or posts_left(state, seat) <= 0:
        return 0.0
    gain = POST
    posts = set(p.posts)
    cities = {c for g in p.goals for c in T.GOALS[g]["cities"]}
    if city in cities:
        before = len(cities & posts)
        gain += (
            T.DISTINCT_GOAL_CITY_VP[min(before + 1, 4)] - T.DISTINCT_GOAL_CITY_VP[min(before, 4)]
        )
        for g in p.goals:
            both = set(T.GOALS[g]["cities"])
            if city in both and both - {city} <= posts:
                gain += int(T.GOALS[g]["vp"])
    if city == "beijing":
        taken = sum(1 for x in state.beijing if x is not None)
        if taken < len(T.BEIJING_VP):
            gain += T.BEIJING_VP[taken]
        gain += goods_total(p) // 2
    elif city in state.city_bonus:
        gain += (1 + later) * bundle_value(T.CITY_BONUSES[state.city_bonus[city]])
    else:
        tile = state.first_post.get(city)
        if tile:
            gain += bundle_value(T.FIRST_POST_TILES[tile])
        gain += later * CARD_ROUND
    return gain


def _movement(state: State, seat: int, later: int) -> float:
    """A movement of ``seat`` under way (M28, M41): a share of the best post its figures can
    still reach with the steps and the camels and coins left (M40)."""
    if not state.pending:
        return 0.0
    item = state.pending[0]
    if item.k != "move" or item.owner != seat:
        return 0.0
    p = state.players[seat]
    left = item.steps - item.taken
    best = 0.0
    for fig, start in enumerate(p.figures):
        moved = fig in item.moved
        for city, cost in _reachable(start, left, p.camel, p.coin).items():
            if city == start and not moved:
                continue  # a figure that has not moved builds nothing where it stands
            paid = LIVE["camel"] * cost[0] + LIVE["coin"] * cost[1]
            best = max(best, post_gain(state, seat, city, later) - paid)
    return MOVE_SHARE * best


def _reachable(start: str, steps: int, camels: int, coins: int) -> dict[str, tuple[int, int]]:
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


KNOWLEDGE = MarcoPoloKnowledge()
