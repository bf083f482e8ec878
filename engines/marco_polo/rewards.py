"""Gaining things: resource bundles, contracts, black dice, trading posts and their bonuses.

Every change goes through the action's ``Draft``, which also collects the events and the new
decisions (goods to choose, movements, discards) that must be resolved before anything else
(M48-M49: one effect completely before the next).
"""

from __future__ import annotations

from engines.base import Event
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Board, Draft
from engines.marco_polo.state import Pending, one_die


def words(bundle: dict[str, int]) -> dict[str, int]:
    """A bundle for an event: the things gained or paid with their counts (zero counts left out).

    Events carry counts and words separately; the catalog says them in each language
    (``marco_polo.count.<word>``: "2 camels and 1 silk" / 「ラクダ2個、絹1個」).
    """
    return {k: int(n) for k, n in bundle.items() if n}


def place_name(loc: str) -> str:
    """A location's name as players read it: ``Moscow``, ``Oasis A``."""
    return str(T.LOCATIONS[loc]["name"]).split(" (")[0]


def can_pay(state: Board, seat: int, cost: dict[str, int], times: int = 1) -> bool:
    """Whether ``seat`` can pay ``cost`` ``times`` over (goods of choice included, M62)."""
    p = state.players[seat]
    for k, n in cost.items():
        if k in ("any_good", "two_different_goods"):
            continue
        if p.amount(k) < n * times:
            return False
    counts = [p.amount(g) for g in T.GOODS]
    for k, n in cost.items():
        if k in T.GOODS:
            counts[T.GOODS.index(k)] -= n * times
    need_any = cost.get("any_good", 0) * times
    need_pairs = cost.get("two_different_goods", 0) * times
    if need_pairs and sum(min(c, need_pairs) for c in counts) < 2 * need_pairs:
        return False
    return bool(sum(counts) >= need_any + 2 * need_pairs)


def pay(d: Draft, seat: int, cost: dict[str, int], times: int = 1) -> None:
    """Pay a cost already checked with ``can_pay``; goods of choice become decisions."""
    p = d.players[seat]
    for k, n in cost.items():
        if k == "any_good":
            d.push(Pending.of("give", seat, n * times))
        elif k == "two_different_goods":
            d.push(Pending.of("give_pair", seat, n * times))
        else:
            p.add(k, -n * times)


def gain(d: Draft, seat: int, bundle: dict[str, int], times: int = 1) -> None:
    """Gain a reward bundle ``times`` over (section 0.3 vocabulary)."""
    p = d.players[seat]
    for k, n in bundle.items():
        n *= times
        if n <= 0:
            continue
        if k in T.RESOURCES:
            p.add(k, n)
        elif k == "any_good":
            d.push(Pending.of("good", seat, n))
        elif k == "two_different_goods":
            d.push(Pending.of("pair", seat, n))
        elif k == "travel":
            d.push(movement(seat, n, travel_action=False))
        elif k == "contract":
            draw_contracts(d, seat, n)
        elif k == "black_die":
            for _ in range(n):
                take_black_die(d, seat)
        elif k == "own_city_bonus":
            d.push(Pending.of("own_bonus", seat, n))
        elif k == "other_city_bonus":
            d.push(Pending.of("other_bonus", seat))
        else:  # pragma: no cover - data error
            raise ValueError(f"unknown reward {k}")


def movement(seat: int, steps: int, *, travel_action: bool) -> Pending:
    """A pending movement of up to ``steps`` steps (M28, M41)."""
    return Pending.of("move", seat, steps=steps, travel=travel_action)


def take_black_die(d: Draft, seat: int) -> bool:
    """Take a black die from the pool and roll it (Raschid sets it later) (M38)."""
    if d.black_pool <= 0:
        d.emit("marco_polo.black_die_lost", seat=seat)
        return False
    d.black_pool -= 1
    p = d.players[seat]
    if p.char == "raschid":  # M51: Raschid sets it later
        p.dice.append(("b", 0))
        d.emit("marco_polo.black_die_taken", seat=seat)
    else:
        d.wait_for_dice(one_die(seat, "b"))  # rolled by chance (engines.marco_polo.chance)
    return True


def draw_contracts(d: Draft, seat: int, n: int) -> None:
    """Draw ``n`` contracts from the pile into the hand, then the hand limit (M30, M63)."""
    p = d.players[seat]
    before = list(p.contracts)
    drawn = d.pile[:n]
    del d.pile[:n]
    p.contracts.extend(drawn)
    if drawn:
        d.emit("marco_polo.drew_contracts", reveals=True, seat=seat, contracts=list(drawn))
    if len(drawn) < n:
        d.emit("marco_polo.pile_empty", seat=seat)
    hand_limit(d, seat, before)


def hand_limit(d: Draft, seat: int, before: list[str]) -> None:
    """More than 2 unfulfilled contracts: discard earlier-held ones down to 2 (M27.3, M30, D9)."""
    over = len(d.players[seat].contracts) - int(T.START["contract_slots_per_player"])
    if over > 0:
        d.push(Pending.of("discard", seat, over, offered=tuple(before)))


def discard_contract(d: Draft, seat: int, cid: str) -> None:
    """Discard: regular contracts under the pile, starting ones out of the game (D8)."""
    d.players[seat].contracts.remove(cid)
    if not T.CONTRACTS[cid]["starting"]:
        d.pile.append(cid)
    d.emit("marco_polo.discarded", seat=seat, contract=cid)


def post_supply(state: Board, seat: int) -> int:
    """How many trading posts ``seat`` owns in all (9, Wilhelm 11)."""
    extra = 2 if state.players[seat].char == "wilhelm" else 0
    return int(T.START["trading_posts_per_player"]) + extra


def posts_left(state: Board, seat: int) -> int:
    """Trading posts not yet on the map."""
    return post_supply(state, seat) - len(state.players[seat].posts)


def place_post(d: Draft, seat: int, city: str) -> None:
    """Put a post on ``city`` (Beijing: highest free space) and score milestones (M45-M46)."""
    p = d.players[seat]
    p.posts.append(city)
    p.posts_placed += 1
    if city == "beijing":
        take_beijing_space(d, seat)
    d.emit("marco_polo.built_post", seat=seat, city=city, city_name=place_name(city))
    count = p.posts_placed
    wilhelm = p.char == "wilhelm"
    if count in (8, 9) or (wilhelm and count == 11):
        vp = T.MILESTONES[count]
        p.vp += vp
        d.emit("marco_polo.milestone", seat=seat, count=count, vp=vp)


def take_beijing_space(d: Draft, seat: int) -> None:
    """Put ``seat``'s post on Beijing's highest free space (M45); a space left by a relocated
    post (M47) is free again, so the list keeps ``None`` there."""
    spaces = d.beijing
    if None in spaces:
        spaces[spaces.index(None)] = seat
    else:
        spaces.append(seat)


def post_bonus(d: Draft, seat: int, city: str) -> None:
    """What a new post gives at once: small-city bonus or first-post tile (M43-M44)."""
    if city in d.city_bonus:
        city_bonus(d, seat, city)
    elif d.first_post.get(city):
        tile = d.first_post[city]
        assert tile is not None
        d.first_post = {**d.first_post, city: None}
        d.emit(
            "marco_polo.first_post_tile",
            seat=seat,
            city=city,
            tile=tile,
            city_name=place_name(city),
            what=words(T.FIRST_POST_TILES[tile]),
        )
        gain(d, seat, T.FIRST_POST_TILES[tile])


def city_bonus(d: Draft, seat: int, city: str) -> None:
    """Collect the bonus tile lying on small city ``city`` (M43, M48)."""
    tile = d.city_bonus[city]
    d.emit(
        "marco_polo.city_bonus",
        seat=seat,
        city=city,
        tile=tile,
        city_name=place_name(city),
        what=words(T.CITY_BONUSES[tile]),
    )
    gain(d, seat, T.CITY_BONUSES[tile])


def own_small_cities(state: Board, seat: int) -> list[str]:
    """Small cities where ``seat`` has a post, in board order."""
    posts = state.players[seat].posts
    return [c for c in T.SMALL_CITIES if c in posts]


#: Words of a reward that are a choice still to make (a good of one's choice, a city bonus to
#: pick): the command that makes it tells what was taken.
CHOICES = frozenset({"any_good", "two_different_goods", "own_city_bonus", "other_city_bonus"})
#: The events whose bundle of things gained is in one parameter.
BUNDLES = {
    "marco_polo.gained": "what",
    "marco_polo.mercator": "what",
    "marco_polo.first_post_tile": "what",
    "marco_polo.city_bonus": "what",
    "marco_polo.compensated": "what",
    "marco_polo.fulfilled": "got",
}


def paid(event: Event) -> list[tuple[int, str, int]]:
    """What one public event paid a seat (``Engine.earned``): a space's, a contract's, a city's
    or a post's reward, Mercator's share, compensation, a milestone's VP, contracts taken, goods
    chosen, the 3 coins of the coins space."""
    p = event.params
    key = event.key
    if key in BUNDLES:
        things = p[BUNDLES[key]]
        return [
            (int(p["seat"]), f"marco_polo.count.{word}", int(n))
            for word, n in things.items()
            if word not in CHOICES
        ]
    if key == "marco_polo.coins3":
        return [(int(p["seat"]), "marco_polo.count.coin", T.COINS3)]
    if key == "marco_polo.milestone":
        return [(int(p["seat"]), "marco_polo.count.vp", int(p["vp"]))]
    if key == "marco_polo.took_contracts":
        return [(int(p["seat"]), "marco_polo.count.contract", len(p["contracts"]))]
    if key == "marco_polo.took_goods":
        return [(int(p["seat"]), f"marco_polo.count.{g}", 1) for g in str(p["goods"]).split(" + ")]
    return []
