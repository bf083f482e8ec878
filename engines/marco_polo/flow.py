"""Set-up, rounds and turns (M3-M21, M23).

``new_game`` lays out the board (M3-M13); ``start_round`` runs the round's phases up to the turns
(start player, contract refresh, income, dice return and roll, compensation decisions);
``settle`` passes the turn once the active player has no decision left and no dice, and ends the
round (or the game) when nobody has a die.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.marco_polo import tables as T
from engines.marco_polo.rewards import Ctx, can_pay, city_bonus, gain, own_small_cities, words
from engines.marco_polo.state import State, char, player
from engines.rng import Rng, seed_state


def _player(seat: int) -> dict[str, Any]:
    return {
        "char": "",
        "coin": int(T.START["coins_by_seat"][str(seat + 1)]),
        "camel": int(T.START["camels"]),
        "pepper": 0,
        "silk": 0,
        "gold": 0,
        "vp": 0,
        "dice": [],
        "posts": [],
        "posts_placed": 0,
        "figures": [T.START["start_location"]],
        "contracts": [],
        "fulfilled": [],
        "goals": [],
        "goal_offer": [],
        "main_done": False,
        "bought_black": False,
    }


def neutral_dice(n: int) -> tuple[list[list[Any]], list[list[Any]]]:
    """Neutral blockers for 2-3 players (M12): (Khan row, 5-coins space)."""
    spec = T.BLOCKERS[n]
    value = int(spec.get("die_value", 1))
    khan = [[-1, "n", value] for _ in spec["khan_spaces_blocked"]]
    coins5 = [[-1, "n", value]] if spec["five_coins_occupied"] else []
    return khan, coins5


def new_game(players: int, options: Mapping[str, str], seed: int) -> tuple[State, Ctx]:
    """A laid-out board; basic games are already in round 1, advanced ones in the draft."""
    rng = Rng(seed_state(seed))
    advanced = options.get("setup", "basic") == "advanced"
    st: State = {
        "format": 1,
        "n": players,
        "setup": "advanced" if advanced else "basic",
        "round": 0,
        "phase": "draft" if advanced else "play",
        "start": 0,
        "current": 0,
        "last_travel": None,
        "players": [_player(s) for s in range(players)],
        "spaces": {s: [] for s in (*T.BAZAAR_ROWS, "contracts", "travel", "coins5", "coins3")},
        "khan": [],
        "cards": {},
        "used_cards": {},
        "first_post": {},
        "city_bonus": {},
        "beijing": [],
        "display": [],
        "pile": [],
        "black_pool": T.BLACK_DICE[players],
        "pending": [],
        "draft": {"offer": [], "order": []},
        "last": {"seat": None, "text": ""},
        "moves": 0,
        "rng": 0,
    }
    starting = list(T.STARTING_CONTRACTS)
    rng.shuffle(starting)  # M5
    for s in range(players):
        st["players"][s]["contracts"] = [starting[s]]
    pile = list(T.REGULAR_CONTRACTS)
    rng.shuffle(pile)  # M6
    st["display"], st["pile"] = pile[: T.DISPLAY_SLOTS], pile[T.DISPLAY_SLOTS :]
    goals = list(T.GOALS)
    rng.shuffle(goals)  # M7
    per = 4 if advanced else 2
    for s in range(players):
        hand = sorted(goals[per * s : per * s + per])
        st["players"][s]["goal_offer" if advanced else "goals"] = hand
    if advanced:  # M8
        tiles = list(T.CITY_BONUSES)
        rng.shuffle(tiles)
        st["city_bonus"] = dict(zip(T.SMALL_CITIES, tiles, strict=True))
    else:
        st["city_bonus"] = {c: T.FIXED_CITY_BONUS[c] for c in T.SMALL_CITIES}
    cards = list(T.CITY_CARDS)
    rng.shuffle(cards)  # M9
    st["cards"] = {space: cards[i] for i, space in enumerate(T.CITY_SPACES)}
    fp = list(T.FIRST_POST_TILES)
    rng.shuffle(fp)  # M10
    st["first_post"] = {c: fp[i] for i, c in enumerate(T.LARGE_CITIES)}
    khan, coins5 = neutral_dice(players)  # M12
    st["khan"], st["spaces"]["coins5"] = khan, coins5
    if advanced:  # M13: players + 1 characters, chosen from the last seat backwards
        chars = list(T.CHARACTERS)
        rng.shuffle(chars)
        st["draft"] = {
            "offer": sorted(chars[: players + 1]),
            "order": list(range(players - 1, -1, -1)),
        }
    st["rng"] = rng.state
    ctx = Ctx(st)
    if not advanced:
        for s in range(players):
            st["players"][s]["char"] = T.BASIC_CHARACTERS[s]
        character_setup(ctx)
        start_round(ctx)
    return st, ctx


def character_setup(ctx: Ctx) -> None:
    """Characters' set-up effects (M52 Kubilai, M53 Niccolo und Marco, M56 Wilhelm)."""
    st = ctx.st
    for seat, p in enumerate(st["players"]):
        if p["char"] == "kubilai":
            p["figures"] = ["beijing"]
            p["posts"] = ["beijing"]
            p["posts_placed"] = 1
            st["beijing"].append(seat)
        elif p["char"] == "niccolo_marco":
            p["figures"] = [T.START["start_location"]] * 2


def seats_from(st: State, first: int) -> list[int]:
    """All seats clockwise starting with ``first``."""
    n: int = st["n"]
    return [(first + i) % n for i in range(n)]


def start_round(ctx: Ctx) -> None:
    """Phases M15-M20 of a new round; turns begin once every decision is made."""
    st = ctx.st
    st["round"] += 1
    st["phase"] = "play"
    if st["round"] > 1:
        if st["last_travel"] is not None:  # M15
            st["start"] = st["last_travel"]
        st["pile"].extend(st["display"])  # M16, D7: leftovers under the pile
        st["display"] = st["pile"][: T.DISPLAY_SLOTS]
        st["pile"] = st["pile"][T.DISPLAY_SLOTS :]
    st["last_travel"] = None
    st["current"] = st["start"]
    # M18: dice return (black dice to the pool, blockers stay).
    khan, coins5 = neutral_dice(st["n"])
    for space in st["spaces"]:
        st["spaces"][space] = []
    st["khan"], st["spaces"]["coins5"] = khan, coins5
    st["used_cards"] = {}
    st["black_pool"] = T.BLACK_DICE[st["n"]]
    for p in st["players"]:
        p["dice"] = []
        p["main_done"] = False
        p["bought_black"] = False
    ctx.ev("round_started", round=st["round"], seat=st["start"])
    order = seats_from(st, st["start"])
    for seat in order:  # M17: income
        income = dict(T.CHARACTERS[char(st, seat)]["round_income"])
        income.pop("white_die", None)
        if income:
            gain(ctx, seat, income)
            ctx.ev("income", seat=seat, what=words(income))
        for city in own_small_cities(st, seat):
            city_bonus(ctx, seat, city)
    for seat in order:  # M19-M20
        p = player(st, seat)
        if char(st, seat) == "raschid":
            p["dice"] = [["o", 0] for _ in range(T.START["dice_per_player"])]
            ctx.ev("raschid_dice", seat=seat)
            continue
        p["dice"] = [["o", ctx.roll()] for _ in range(T.START["dice_per_player"])]
        if char(st, seat) == "matteo":
            p["dice"].append(["w", ctx.roll()])
        values = [v for _, v in p["dice"]]
        ctx.ev("rolled", reveals=True, seat=seat, dice=" ".join(str(v) for v in values))
        total = sum(values)
        if total < T.COMPENSATION_THRESHOLD:
            ctx.push({"k": "comp", "seat": seat, "n": T.COMPENSATION_THRESHOLD - total})
    ctx.flush()


def die_free_extra_actions(st: State, seat: int) -> list[str]:
    """The extra actions ``seat`` could still take without an unused die (M23.1, M37).

    Fulfilling a contract (M32) and buying a black die (M36) need no die; 3 coins, re-roll and
    adjust (M33-M35) do.
    """
    p = player(st, seat)
    out = []
    if any(can_pay(st, seat, T.CONTRACTS[c]["cost"]) for c in p["contracts"]):
        out.append("fulfil")
    if not p["bought_black"] and st["black_pool"] > 0 and p["camel"] >= T.BLACK_CAMELS:
        out.append("black")
    return out


def settle(ctx: Ctx) -> None:
    """Pass the turn by itself when the active player can do nothing more (M21, M23).

    A player without unused dice keeps the turn while a die-free extra action (M23.1: fulfil a
    contract, buy a black die) is still possible; they then end it with ``end``. Only when no
    such action is left does the turn pass without a command.
    """
    st = ctx.st
    if st["phase"] != "play" or st["pending"]:
        return
    seat = st["current"]
    if not player(st, seat)["dice"] and not die_free_extra_actions(st, seat):
        advance(ctx)


def advance(ctx: Ctx) -> None:
    """The next player clockwise with dice takes a turn; nobody left ends the round (M21)."""
    st = ctx.st
    cur = st["current"]
    p = player(st, cur)
    p["main_done"] = False
    p["bought_black"] = False
    for i in range(1, st["n"] + 1):
        seat = (cur + i) % st["n"]
        if st["players"][seat]["dice"]:
            st["current"] = seat
            if not st["display"]:  # M27.5: an empty display gets 2 new contracts
                st["display"] = st["pile"][: T.MID_ROUND_REFILL]
                st["pile"] = st["pile"][T.MID_ROUND_REFILL :]
                if st["display"]:
                    ctx.ev("display_refilled", reveals=True, contracts=list(st["display"]))
            ctx.ev("turn", seat=seat)
            return
    if st["round"] >= T.ROUNDS:  # M14
        st["phase"] = "over"
        ctx.ev("game_over")
        return
    start_round(ctx)
    if not st["pending"]:
        ctx.ev("turn", seat=st["current"])
