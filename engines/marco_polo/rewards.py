"""Gaining things: resource bundles, contracts, black dice, trading posts and their bonuses.

Every change made while an action resolves goes through a ``Ctx``, which collects the events and
the new decisions (goods to choose, movements, discards) that must be resolved before anything
else (M48-M49: one effect completely before the next).
"""

from __future__ import annotations

from typing import Any

from engines.base import Event
from engines.marco_polo import tables as T
from engines.marco_polo.state import State, char, player
from engines.rng import Rng


def words(bundle: dict[str, int]) -> dict[str, int]:
    """A bundle for an event: the things gained or paid with their counts (zero counts left out).

    Events carry counts and words separately; the catalog says them in each language
    (``marco_polo.count.<word>``: "2 camels and 1 silk" / 「ラクダ2個、絹1個」).
    """
    return {k: int(n) for k, n in bundle.items() if n}


def place_name(loc: str) -> str:
    """A location's name as players read it: ``Moscow``, ``Oasis A``."""
    return str(T.LOCATIONS[loc]["name"]).split(" (")[0]


class Ctx:
    """The state being changed by one action, plus what it produced."""

    def __init__(self, state: State) -> None:
        self.st = state
        self.events: list[Event] = []
        self.new_pending: list[dict[str, Any]] = []

    def ev(self, key: str, *, reveals: bool = False, **params: Any) -> None:
        """Record an event ``marco_polo.<key>``."""
        self.events.append(Event(f"marco_polo.{key}", params, reveals=reveals))

    def push(self, item: dict[str, Any]) -> None:
        """Queue a decision (resolved after the current effect, before older ones)."""
        self.new_pending.append(item)

    def flush(self) -> None:
        """Put the new decisions at the front of the queue (depth first, M49)."""
        if self.new_pending:
            self.st["pending"][0:0] = self.new_pending
            self.new_pending = []

    def roll(self) -> int:
        """One die roll from the state's generator."""
        r = Rng(self.st["rng"])
        value = r.die()
        self.st["rng"] = r.state
        return value


def can_pay(state: State, seat: int, cost: dict[str, int], times: int = 1) -> bool:
    """Whether ``seat`` can pay ``cost`` ``times`` over (goods of choice included, M62)."""
    p = player(state, seat)
    for k, n in cost.items():
        if k in ("any_good", "two_different_goods"):
            continue
        if p[k] < n * times:
            return False
    counts = [p[g] for g in T.GOODS]
    for k, n in cost.items():
        if k in T.GOODS:
            counts[T.GOODS.index(k)] -= n * times
    need_any = cost.get("any_good", 0) * times
    need_pairs = cost.get("two_different_goods", 0) * times
    if need_pairs and sum(min(c, need_pairs) for c in counts) < 2 * need_pairs:
        return False
    return bool(sum(counts) >= need_any + 2 * need_pairs)


def pay(ctx: Ctx, seat: int, cost: dict[str, int], times: int = 1) -> None:
    """Pay a cost already checked with ``can_pay``; goods of choice become decisions."""
    p = player(ctx.st, seat)
    for k, n in cost.items():
        if k == "any_good":
            ctx.push({"k": "give", "seat": seat, "n": n * times})
        elif k == "two_different_goods":
            ctx.push({"k": "give_pair", "seat": seat, "n": n * times})
        else:
            p[k] -= n * times


def gain(ctx: Ctx, seat: int, bundle: dict[str, int], times: int = 1) -> None:
    """Gain a reward bundle ``times`` over (section 0.3 vocabulary)."""
    st = ctx.st
    p = player(st, seat)
    for k, n in bundle.items():
        n *= times
        if n <= 0:
            continue
        if k in T.RESOURCES:
            p[k] += n
        elif k == "any_good":
            ctx.push({"k": "good", "seat": seat, "n": n})
        elif k == "two_different_goods":
            ctx.push({"k": "pair", "seat": seat, "n": n})
        elif k == "travel":
            ctx.push(movement(seat, n, travel_action=False))
        elif k == "contract":
            draw_contracts(ctx, seat, n)
        elif k == "black_die":
            for _ in range(n):
                take_black_die(ctx, seat)
        elif k == "own_city_bonus":
            ctx.push({"k": "own_bonus", "seat": seat, "n": n, "used": []})
        elif k == "other_city_bonus":
            ctx.push({"k": "other_bonus", "seat": seat})
        else:  # pragma: no cover - data error
            raise ValueError(f"unknown reward {k}")


def movement(seat: int, steps: int, *, travel_action: bool) -> dict[str, Any]:
    """A pending movement of up to ``steps`` steps (M28, M41)."""
    return {
        "k": "move",
        "seat": seat,
        "steps": steps,
        "taken": 0,
        "travel": travel_action,
        "moved": [],
        "built": [],
        "wanted": [],
    }


def take_black_die(ctx: Ctx, seat: int) -> bool:
    """Take a black die from the pool and roll it (Raschid sets it later) (M38)."""
    st = ctx.st
    if st["black_pool"] <= 0:
        ctx.ev("black_die_lost", seat=seat)
        return False
    st["black_pool"] -= 1
    value = 0 if char(st, seat) == "raschid" else ctx.roll()
    player(st, seat)["dice"].append(["b", value])
    if value:
        ctx.ev("black_die_rolled", reveals=True, seat=seat, value=value)
    else:
        ctx.ev("black_die_taken", seat=seat)
    return True


def draw_contracts(ctx: Ctx, seat: int, n: int) -> None:
    """Draw ``n`` contracts from the pile into the hand, then the hand limit (M30, M63)."""
    st = ctx.st
    p = player(st, seat)
    before = list(p["contracts"])
    drawn = st["pile"][:n]
    st["pile"] = st["pile"][n:]
    p["contracts"].extend(drawn)
    if drawn:
        ctx.ev("drew_contracts", reveals=True, seat=seat, contracts=list(drawn))
    if len(drawn) < n:
        ctx.ev("pile_empty", seat=seat)
    hand_limit(ctx, seat, before)


def hand_limit(ctx: Ctx, seat: int, before: list[str]) -> None:
    """More than 2 unfulfilled contracts: discard earlier-held ones down to 2 (M27.3, M30, D9)."""
    p = player(ctx.st, seat)
    over = len(p["contracts"]) - int(T.START["contract_slots_per_player"])
    if over > 0:
        ctx.push({"k": "discard", "seat": seat, "n": over, "from": list(before)})


def discard_contract(ctx: Ctx, seat: int, cid: str) -> None:
    """Discard: regular contracts under the pile, starting ones out of the game (D8)."""
    p = player(ctx.st, seat)
    p["contracts"].remove(cid)
    if not T.CONTRACTS[cid]["starting"]:
        ctx.st["pile"].append(cid)
    ctx.ev("discarded", seat=seat, contract=cid)


def post_supply(state: State, seat: int) -> int:
    """How many trading posts ``seat`` owns in all (9, Wilhelm 11)."""
    extra = 2 if char(state, seat) == "wilhelm" else 0
    return int(T.START["trading_posts_per_player"]) + extra


def posts_left(state: State, seat: int) -> int:
    """Trading posts not yet on the map."""
    return post_supply(state, seat) - len(player(state, seat)["posts"])


def place_post(ctx: Ctx, seat: int, city: str) -> None:
    """Put a post on ``city`` (Beijing: highest free space) and score milestones (M45-M46)."""
    st = ctx.st
    p = player(st, seat)
    p["posts"].append(city)
    p["posts_placed"] += 1
    if city == "beijing":
        take_beijing_space(st, seat)
    ctx.ev("built_post", seat=seat, city=city, city_name=place_name(city))
    count = p["posts_placed"]
    wilhelm = char(st, seat) == "wilhelm"
    if count in (8, 9) or (wilhelm and count == 11):
        vp = T.MILESTONES[count]
        p["vp"] += vp
        ctx.ev("milestone", seat=seat, count=count, vp=vp)


def take_beijing_space(state: State, seat: int) -> None:
    """Put ``seat``'s post on Beijing's highest free space (M45); a space left by a relocated
    post (M47) is free again, so the list keeps ``None`` there."""
    spaces: list[int | None] = state["beijing"]
    if None in spaces:
        spaces[spaces.index(None)] = seat
    else:
        spaces.append(seat)


def post_bonus(ctx: Ctx, seat: int, city: str) -> None:
    """What a new post gives at once: small-city bonus or first-post tile (M43-M44)."""
    st = ctx.st
    if city in st["city_bonus"]:
        city_bonus(ctx, seat, city)
    elif st["first_post"].get(city):
        tile = st["first_post"][city]
        st["first_post"][city] = None
        ctx.ev(
            "first_post_tile",
            seat=seat,
            city=city,
            tile=tile,
            city_name=place_name(city),
            what=words(T.FIRST_POST_TILES[tile]),
        )
        gain(ctx, seat, T.FIRST_POST_TILES[tile])


def city_bonus(ctx: Ctx, seat: int, city: str) -> None:
    """Collect the bonus tile lying on small city ``city`` (M43, M48)."""
    tile = ctx.st["city_bonus"][city]
    ctx.ev(
        "city_bonus",
        seat=seat,
        city=city,
        tile=tile,
        city_name=place_name(city),
        what=words(T.CITY_BONUSES[tile]),
    )
    gain(ctx, seat, T.CITY_BONUSES[tile])


def own_small_cities(state: State, seat: int) -> list[str]:
    """Small cities where ``seat`` has a post, in board order."""
    posts = player(state, seat)["posts"]
    return [c for c in T.SMALL_CITIES if c in posts]
