"""Every command except ``place``: what may be typed now, and what it does.

``options`` functions map each verb available to a seat to the complete list of its legal token
tuples (after the verb). These lists are small; the one large family, dice placements, is walked
token by token in ``engine.py``. ``resolve`` carries out a command already found legal.
"""

from __future__ import annotations

from functools import lru_cache

from engines.kit import evolve
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Board, Draft
from engines.marco_polo.movement import (
    can_stop,
    finish,
    move_tokens,
    relocate,
    relocation_sources,
    step,
)
from engines.marco_polo.placement import candidates
from engines.marco_polo.rewards import (
    can_pay,
    city_bonus,
    discard_contract,
    gain,
    own_small_cities,
    take_black_die,
    words,
)
from engines.marco_polo.state import Die, Pending, PlayerDraft, die_token, one_die, parse_die

Options = dict[str, list[tuple[str, ...]]]


def pair_feasible(counts: list[int], n: int) -> bool:
    """Whether ``n`` pairs of different goods can be paid from ``counts`` (pepper, silk, gold)."""
    return sum(counts) >= 2 * n and sum(min(c, n) for c in counts) >= 2 * n


def pending_options(state: Board, item: Pending) -> Options:
    """Legal commands answering the first pending decision."""
    seat = item.owner
    p = state.players[seat]
    kind = item.k
    if kind == "good":
        return {"take": [(g,) for g in T.GOODS]}
    if kind == "pair":
        return {"take": [(pr,) for pr in T.PAIRS]}
    if kind == "give":
        return {"give": [(g,) for g in T.GOODS if p.amount(g) > 0]}
    if kind == "give_pair":
        out: list[tuple[str, ...]] = []
        for pr in T.PAIRS:
            a, b = pr.split("+")
            counts = [p.amount(g) - (g in (a, b)) for g in T.GOODS]
            if min(counts) >= 0 and pair_feasible(counts, item.n - 1):
                out.append((pr,))
        return {"give": out}
    if kind == "discard":
        return {"discard": [(c,) for c in item.offered if c in p.contracts]}
    if kind == "move":
        opts: Options = {"move": move_tokens(state, seat)}
        if can_stop(item):
            opts["stop"] = [()]
        return opts
    if kind == "own_bonus":
        return {"bonus": [(c,) for c in own_small_cities(state, seat) if c not in item.used]}
    if kind == "other_bonus":
        return {
            "bonus": [(c,) for c in T.SMALL_CITIES if state.city_bonus[c] != T.OTHER_BONUS_TILE]
        }
    if kind == "relocate":
        sources: list[tuple[str, ...]] = [(c,) for c in relocation_sources(state, seat, item.city)]
        return {"relocate": [*sources, ("none",)]}
    if kind == "comp":
        units: list[tuple[str, ...]] = [(str(k),) for k in range(item.n + 1)]
        return {"compensate": units}
    raise ValueError(kind)  # pragma: no cover


def turn_options(state: Board, seat: int) -> Options:
    """Extra actions and ``end`` for the active player with no decision pending (M32-M38)."""
    p = state.players[seat]
    opts: Options = {}
    fulfil: list[tuple[str, ...]] = [
        (c,) for c in p.contracts if can_pay(state, seat, T.CONTRACTS[c]["cost"])
    ]
    if fulfil:
        opts["fulfil"] = fulfil
    coins3, rolled, adjust = _dice_options(tuple(p.dice))
    opts["coins3"] = list(coins3)
    raschid = p.char == "raschid"
    if not raschid and rolled and p.camel >= T.REROLL_CAMELS:
        opts["reroll"] = list(rolled)
    if not raschid and rolled and p.camel >= T.ADJUST_CAMELS:
        opts["adjust"] = list(adjust)
    if not p.bought_black and state.black_pool > 0 and p.camel >= T.BLACK_CAMELS:
        opts["black"] = [()]
    if p.main_done or not p.dice:
        # M23: after the main action, or out of dice before one (the turn then ends without it).
        opts["end"] = [()]
    return opts


@lru_cache(maxsize=4096)
def _dice_options(
    dice: tuple[Die, ...],
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """What a hand of unused dice offers, kept per hand (a player's dice stay the same from
    one position to the next while others play): ``coins3`` with any die (M33), ``reroll`` of
    a rolled one (M34), ``adjust`` one up or down (M35)."""
    rolled = sorted({die_token(k, v) for k, v in dice if v})
    adjust: list[tuple[str, ...]] = []
    for t in rolled:
        v = int(t[-1])
        if v > 1:
            adjust.append((t, "down"))
        if v < 6:
            adjust.append((t, "up"))
    return tuple((t,) for t in candidates(dice)), tuple((t,) for t in rolled), tuple(adjust)


def draft_options(state: Board, seat: int) -> Options:
    """``choose <character>`` during the advanced draft (M13)."""
    return {"choose": [(c,) for c in state.draft_offer]}


def goal_options(state: Board, seat: int) -> Options:
    """``keep <goal> <goal>`` in the advanced set-up (M7)."""
    offer = state.players[seat].goal_offer
    return {"keep": [(a, b) for a in offer for b in offer if a < b]}


def _remove_die(p: PlayerDraft, token: str) -> tuple[str, int]:
    kind, value = parse_die(token)  # type: ignore[misc]
    die = (kind, value) if (kind, value) in p.dice else (kind, 0)
    p.dice.remove(die)
    return kind, value


def resolve(d: Draft, seat: int, verb: str, args: tuple[str, ...]) -> None:
    """Carry out a legal non-placement command."""
    p = d.players[seat]
    if d.pending and verb not in ("choose", "keep"):
        _answer(d, seat, d.pending[0], verb, args)
        return
    if verb == "fulfil":
        cid = args[0]
        c = T.CONTRACTS[cid]
        for k, n in c["cost"].items():
            p.add(k, -n)
        p.contracts.remove(cid)
        p.fulfilled.append(cid)
        d.emit(
            "marco_polo.fulfilled",
            seat=seat,
            contract=cid,
            vp=c["reward"].get("vp", 0),
            paid=words(c["cost"]),
            got=words(c["reward"]),
        )
        gain(d, seat, c["reward"])
    elif verb == "coins3":
        kind, value = _remove_die(p, args[0])
        d.spaces["coins3"] = (*d.spaces["coins3"], (seat, kind, int(args[0][-1])))
        p.coin += T.COINS3
        d.emit("marco_polo.coins3", seat=seat, die=args[0])
    elif verb == "reroll":
        kind, value = _remove_die(p, args[0])
        p.camel -= T.REROLL_CAMELS
        d.wait_for_dice(one_die(seat, kind, was=args[0]))  # M34: rolled by chance
    elif verb == "adjust":
        kind, value = _remove_die(p, args[0])
        p.camel -= T.ADJUST_CAMELS
        new = value + (1 if args[1] == "up" else -1)
        p.dice.append((kind, new))
        d.emit("marco_polo.adjusted", seat=seat, die=args[0], value=new)
    elif verb == "black":
        p.camel -= T.BLACK_CAMELS
        p.bought_black = True
        take_black_die(d, seat)
    elif verb == "choose":
        p.char = args[0]
        d.draft_offer.remove(args[0])
        d.draft_order.pop(0)
        d.emit(
            "marco_polo.chose_character",
            seat=seat,
            character=T.CHARACTERS[args[0]]["name"],
            ability=T.ability_word(args[0]),
        )
    elif verb == "keep":
        p.goals = sorted(args)
        p.goal_offer = []
        d.emit("marco_polo.kept_goals", seat=seat)
    d.flush()


def _answer(d: Draft, seat: int, item: Pending, verb: str, args: tuple[str, ...]) -> None:
    """Answer the first pending decision."""
    p = d.players[seat]
    kind = item.k
    if kind in ("good", "pair", "give", "give_pair", "discard"):
        if kind == "discard":
            discard_contract(d, seat, args[0])
        else:
            goods = args[0].split("+")
            sign = 1 if kind in ("good", "pair") else -1
            for g in goods:
                p.add(g, sign)
            key = "marco_polo.took_goods" if sign > 0 else "marco_polo.gave_goods"
            d.emit(key, seat=seat, goods=" + ".join(goods))
        if item.n <= 1:
            d.pending.pop(0)
        else:
            d.pending[0] = evolve(item, n=item.n - 1)
    elif kind == "move":
        done = verb == "stop"
        if done:
            d.emit("marco_polo.stopped" if item.taken else "marco_polo.declined_move", seat=seat)
        else:
            fig = int(args[1].split("=")[1]) - 1 if len(args) > 1 else 0
            item, done = step(d, item, fig, args[0])
            d.pending[0] = item
        if not done and not item.travel and not move_tokens(d, seat):
            done = True  # a reward movement with no affordable step simply ends
        if done:
            d.pending.pop(0)
            finish(d, item)
    elif kind == "own_bonus":
        item = evolve(item, n=item.n - 1, used=(*item.used, args[0]))
        left = [c for c in own_small_cities(d, seat) if c not in item.used]
        if item.n <= 0 or not left:
            d.pending.pop(0)
        else:
            d.pending[0] = item
        city_bonus(d, seat, args[0])
    elif kind == "other_bonus":
        d.pending.pop(0)
        city_bonus(d, seat, args[0])
    elif kind == "relocate":
        d.pending.pop(0)
        if args[0] != "none":
            relocate(d, seat, args[0], item.city)
    elif kind == "comp":
        camels = int(args[0])
        coins = item.n - camels
        p.camel += camels
        p.coin += coins
        what = words({"camel": camels, "coin": coins})
        d.emit("marco_polo.compensated", seat=seat, camels=camels, coins=coins, what=what)
        d.pending.pop(0)
    d.flush()
