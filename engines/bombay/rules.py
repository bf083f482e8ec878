"""The five actions of a Bombay turn, the restock, and the end of a turn and of a set.

Each action has a ``why_not_<verb>`` check returning ``None`` when legal or a ``Reason`` (catalog
key and parameters) in player terms, so ``legal_actions`` can ask without raising, and a ``do_<verb>``
that returns the changed fields and the events. ``apply`` in the engine raises on a reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engines.base import Event
from engines.bombay.components import (
    CAPACITY,
    CITY,
    HILL,
    MARKETS,
    TURN_AP,
    board,
    rules,
)
from engines.bombay.notation import Action
from engines.bombay.state import State
from engines.rng import Rng

Reason = tuple[str, dict[str, Any]]
Changes = dict[str, Any]

POSITIONS = ("top", "middle", "bottom")


def _ci(colour: str) -> int:
    return rules().colours.index(colour)


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of ``values`` with one entry replaced."""
    out = list(values)
    out[index] = value
    return tuple(out)


def _sorted_load(bales: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(bales, key=_ci))


def _without_one(bales: Sequence[str], colour: str) -> tuple[str, ...]:
    out = list(bales)
    out.remove(colour)
    return tuple(out)


# -- restock (Y31–Y35) ----------------------------------------------------------------------------


def sort_into_markets(drawn: Sequence[int]) -> tuple[int, ...]:
    """Per colour, the market (0 left, 1 middle, 2 right) a restock puts it in, -1 if not drawn.

    Left gets every colour tied for the highest count; middle, of the rest, every colour tied for
    their highest count; right the remainder (Y32).
    """
    market = [-1] * len(drawn)
    present = [i for i, n in enumerate(drawn) if n > 0]
    for m in (0, 1):
        left = [i for i in present if market[i] < 0]
        if not left:
            break
        top = max(drawn[i] for i in left)
        for i in left:
            if drawn[i] == top:
                market[i] = m
    for i in present:
        if market[i] < 0:
            market[i] = 2
    return tuple(market)


def draw_from_bag(bag: Sequence[int], count: int, rng: Rng) -> tuple[list[int], list[int]]:
    """Draw ``count`` bales at random (all of them if fewer remain, Y31): (drawn, bag left)."""
    left = list(bag)
    drawn = [0] * len(left)
    for _ in range(min(count, sum(left))):
        k = rng.below(sum(left))
        for i, n in enumerate(left):
            if k < n:
                left[i] -= 1
                drawn[i] += 1
                break
            k -= n
    return drawn, left


def restock(state: State) -> tuple[State, list[Event]]:
    """The first player draws 9 bales and sorts them into the markets (Y31–Y36)."""
    rng = Rng(state.rng)
    drawn, bag = draw_from_bag(state.bag, rules().restock_draw, rng)
    market = sort_into_markets(drawn)
    new = replace(state, rng=rng.state, bag=tuple(bag), stock=tuple(drawn), market=market)
    return new, restock_events(new)


def restock_events(state: State) -> list[Event]:
    """What the restock that filled ``state``'s markets showed the table: the draw sorted into
    the markets, and the posts it closed (Y31–Y36)."""
    drawn, market = state.stock, state.market
    colours = rules().colours
    # Per market the bales it holds, as counted colours the catalog says in each language.
    shown = {
        name: {c: drawn[i] for i, c in enumerate(colours) if market[i] == m}
        for m, name in enumerate(MARKETS)
    }
    events = [
        Event(
            "bombay.restock",
            {"set": state.set_no + 1, "seat": state.first, **shown},
            reveals=True,
        )
    ]
    closed = [c for i, c in enumerate(colours) if drawn[i] == 0]
    if closed:
        events.append(Event("bombay.posts_closed_at_restock", {"colours": closed}, reveals=True))
    return events


# -- move (Y45–Y48, Y75–Y77) ------------------------------------------------------------------------


def why_not_move(state: State, seat: int, dest: str) -> Reason | None:
    """Why the elephant cannot walk to ``dest`` now, or ``None``."""
    here = board().sites[state.sites[seat]]
    site = board().sites[dest]
    if dest == here.id:
        return "bombay.already_there", {"site": here.id, "options": ", ".join(here.neighbours)}
    if dest not in here.neighbours:
        return "bombay.not_adjacent", {
            "site": site.id,
            "here": here.id,
            "options": ", ".join(here.neighbours),
        }
    if site.entry_cost > state.ap:
        key = "bombay.hill_needs_ap" if site.kind == HILL else "bombay.move_needs_ap"
        return key, {"site": site.id, "cost": site.entry_cost, "ap": state.ap}
    return None


def do_move(state: State, seat: int, dest: str) -> tuple[Changes, list[Event]]:
    """Walk to ``dest``; a rival palace there pays its owner 1 rupee (Y75)."""
    cost = board().sites[dest].entry_cost
    ch: Changes = {
        "sites": _with(state.sites, seat, dest),
        "ap": state.ap - cost,
        "last_from": state.sites[seat],
        "last_site": dest,
    }
    events = [Event("bombay.moved", {"seat": seat, "site": dest, "ap": cost})]
    owner = state.palace_at(dest)
    if owner is not None and owner != seat:
        ch["money"] = _with(state.money, owner, state.money[owner] + 1)
        events.append(
            Event("bombay.palace_income", {"owner_seat": owner, "seat": seat, "site": dest})
        )
    return ch, events


# -- buy (Y49–Y53) ------------------------------------------------------------------------------


def why_not_buy(state: State, seat: int, colour: str) -> Reason | None:
    """Why ``seat`` cannot buy a bale of ``colour`` now, or ``None``."""
    here = state.sites[seat]
    post = state.post_at(here)
    if post is None:
        return "bombay.buy_not_at_post", {"site": here}
    if colour != post:
        return "bombay.buy_wrong_colour", {"post": post, "colour": colour}
    if not state.is_open(post):
        return "bombay.post_closed", {"colour": post}
    if state.bought:
        return "bombay.already_bought", {}
    if len(state.loads[seat]) >= CAPACITY:
        return "bombay.elephant_full", {"bales": ", ".join(state.loads[seat])}
    market = MARKETS[state.market[_ci(colour)]]
    rupees, ap = rules().market_cost[market]
    if ap > state.ap:
        return "bombay.buy_needs_ap", {"market": market, "cost": ap, "ap": state.ap}
    if rupees > state.money[seat]:
        return "bombay.cannot_afford", {
            "money": state.money[seat],
            "market": market,
            "cost": rupees,
        }
    return None


def do_buy(state: State, seat: int, colour: str) -> tuple[Changes, list[Event]]:
    """Pay the market's price and load one bale; the last bale closes the colour (Y51, Y52)."""
    i = _ci(colour)
    market = MARKETS[state.market[i]]
    rupees, ap = rules().market_cost[market]
    stock = _with(state.stock, i, state.stock[i] - 1)
    ch: Changes = {
        "money": _with(state.money, seat, state.money[seat] - rupees),
        "stock": stock,
        "loads": _with(state.loads, seat, _sorted_load(state.loads[seat] + (colour,))),
        "bought": True,
        "ap": state.ap - ap,
        "last_from": "",
        "last_site": state.sites[seat],
    }
    events = [
        Event(
            "bombay.bought",
            {"seat": seat, "colour": colour, "market": market, "rupees": rupees, "ap": ap},
        )
    ]
    if stock[i] == 0:
        events.append(Event("bombay.post_closed_event", {"colour": colour}))
    return ch, events


# -- sell (Y55–Y64) -----------------------------------------------------------------------------


def why_not_sell(state: State, seat: int, colour: str) -> Reason | None:
    """Why ``seat`` cannot sell a bale of ``colour`` here, or ``None``."""
    here = board().sites[state.sites[seat]]
    if here.kind != CITY:
        return "bombay.sell_not_in_city", {"site": here.id}
    if colour not in state.loads[seat]:
        return "bombay.not_carrying", {"colour": colour}
    column = state.demand[state.city_index(here.id)]
    if colour not in column:
        return "bombay.not_demanded", {
            "colour": colour,
            "city": board().city_names[here.id],
            "demand": ", ".join(column),
        }
    if state.ap < 1:
        return "bombay.move_needs_ap", {"site": here.id, "cost": 1, "ap": state.ap}
    return None


def sale_income(column: Sequence[str], colour: str) -> tuple[int, int]:
    """(rupees, client tokens) for selling ``colour`` against a demand column (Y56, Y57)."""
    rupees, clients = rules().sale_values[list(column).index(colour)]
    bonus_rupees, bonus_clients = rules().sale_bonus[colour]
    return rupees + bonus_rupees, clients + bonus_clients


def shift_demand(column: Sequence[str], colour: str) -> tuple[str, ...]:
    """The column after a sale: the sold colour drops to the bottom, those below rise (Y59)."""
    rest = [c for c in column if c != colour]
    return (*rest, colour)


def do_sell(state: State, seat: int, colour: str) -> tuple[Changes, list[Event]]:
    """Income, then the demand shift, then the city token (Y61)."""
    site = state.sites[seat]
    ci = state.city_index(site)
    column = state.demand[ci]
    rupees, clients = sale_income(column, colour)
    if state.clients_limited:
        clients = min(clients, max(0, state.clients_in_bank()))
    i = _ci(colour)
    name = board().city_names[site]
    ch: Changes = {
        "money": _with(state.money, seat, state.money[seat] + rupees),
        "clients": _with(state.clients, seat, state.clients[seat] + clients),
        "loads": _with(state.loads, seat, _without_one(state.loads[seat], colour)),
        "bag": _with(state.bag, i, state.bag[i] + 1),
        "ap": state.ap - 1,
        "last_from": "",
        "last_site": site,
    }
    events = [
        Event(
            "bombay.sold",
            {
                "seat": seat,
                "colour": colour,
                "city": name,
                "position": POSITIONS[column.index(colour)],
                "rupees": rupees,
                "clients": clients,
                "got": {"rupee": rupees, "client": clients},
            },
        )
    ]
    shifted = shift_demand(column, colour)
    if shifted != column:
        ch["demand"] = _with(state.demand, ci, shifted)
        events.append(Event("bombay.demand_shifted", {"city": name, "order": list(shifted)}))
    if site not in state.cities[seat] and state.stacks[ci] > 0:
        ch["cities"] = _with(state.cities, seat, (*state.cities[seat], site))
        ch["stacks"] = _with(state.stacks, ci, state.stacks[ci] - 1)
        events.append(
            Event("bombay.city_token", {"seat": seat, "city": name, "left": state.stacks[ci] - 1})
        )
    return ch, events


# -- build (Y65–Y74) -----------------------------------------------------------------------------


def why_not_build_here(state: State, seat: int) -> Reason | None:
    """Why no palace can be built where ``seat``'s elephant stands, or ``None`` (Y65, Y67)."""
    site = board().sites[state.sites[seat]]
    if state.palaces_left(seat) == 0:
        return "bombay.no_palaces_left", {}
    if site.kind == CITY:
        return "bombay.build_on_city", {"site": site.id}
    post = state.post_at(site.id)
    if post is not None:
        return "bombay.build_on_post", {"site": site.id, "colour": post}
    owner = state.palace_at(site.id)
    if owner == seat:
        return "bombay.build_on_own_palace", {"site": site.id}
    if owner is not None:
        return "bombay.build_on_palace", {"site": site.id, "owner_seat": owner}
    if site.kind == HILL and not state.palace_on_hills:
        return "bombay.build_on_hill", {"site": site.id}
    if not state.loads[seat]:
        return "bombay.build_needs_bale", {}
    return None


def why_not_build(state: State, seat: int, action: Action) -> Reason | None:
    """Why this exact build (with its ``pay``/``take`` choices) is illegal, or ``None``."""
    reason = why_not_build_here(state, seat)
    if reason:
        return reason
    load = state.loads[seat]
    if action.pay and action.pay not in load:
        return "bombay.pay_not_carried", {"colour": action.pay, "bales": ", ".join(load)}
    if not action.pay and len(set(load)) > 1:
        return "bombay.pay_which", {"options": " or ".join(f"pay={c}" for c in load)}
    site = state.sites[seat]
    token = state.token_at(site)
    choices = state.silk_choices(site)
    if action.take and token != "silk":
        return "bombay.take_without_silk", {"site": site}
    if action.take and action.take not in choices:
        return "bombay.take_not_offered", {
            "colour": action.take,
            "options": ", ".join(choices) or "none (every market is empty)",
        }
    if token == "silk" and not action.take and len(choices) > 1:
        return "bombay.take_which", {"options": " or ".join(f"take={c}" for c in choices)}
    return None


def do_build(state: State, seat: int, action: Action) -> tuple[Changes, list[Event]]:
    """Return a bale to the bag, place a palace, take and apply the palace token (Y66, Y68–Y72)."""
    site = state.sites[seat]
    load = state.loads[seat]
    pay = action.pay or load[0]
    load = _without_one(load, pay)
    pi = _ci(pay)
    bag = _with(state.bag, pi, state.bag[pi] + 1)
    palaces = tuple(sorted((*state.palaces, (site, seat))))
    ch: Changes = {
        "ap": state.ap - 1,
        "bag": bag,
        "palaces": palaces,
        "last_from": "",
        "last_site": site,
    }
    events = [Event("bombay.built", {"seat": seat, "site": site, "colour": pay})]
    token = state.token_at(site)
    if token is not None:
        ch["tokens"] = tuple(p for p in state.tokens if p[0] != site)
        if token in ("client", "city"):
            ch["kept"] = _with(state.kept, seat, tuple(sorted((*state.kept[seat], token))))
            events.append(Event(f"bombay.token_{token}", {"seat": seat, "site": site}))
        elif token == "rupees2":
            ch["money"] = _with(state.money, seat, state.money[seat] + 2)
            events.append(Event("bombay.token_rupees2", {"seat": seat, "site": site}))
        else:
            choices = state.silk_choices(site)
            if choices:
                take = action.take or choices[0]
                ti = _ci(take)
                stock = _with(state.stock, ti, state.stock[ti] - 1)
                ch["stock"] = stock
                load = _sorted_load((*load, take))
                events.append(Event("bombay.token_silk", {"seat": seat, "colour": take}))
                if stock[ti] == 0:
                    events.append(Event("bombay.post_closed_event", {"colour": take}))
            else:
                events.append(Event("bombay.token_silk_lost", {"seat": seat}))
    ch["loads"] = _with(state.loads, seat, load)
    return ch, events


# -- fortune (Y79) and end (Y42) ----------------------------------------------------------------------


def why_not_fortune(state: State, seat: int) -> Reason | None:
    """Consolidating is only possible before any AP is spent (Y79, Y99)."""
    if state.ap < TURN_AP:
        return "bombay.fortune_only_at_start", {"ap": state.ap}
    return None


def do_fortune(state: State, seat: int) -> tuple[Changes, list[Event]]:
    """All 3 AP for 1 rupee; the turn ends."""
    ch: Changes = {
        "money": _with(state.money, seat, state.money[seat] + 1),
        "ap": 0,
        "last_from": "",
        "last_site": state.sites[seat],
    }
    return ch, [Event("bombay.fortune", {"seat": seat})]


# -- legality in one place -----------------------------------------------------------------------


def why_not(state: State, seat: int, action: Action) -> Reason | None:
    """Why ``action`` is illegal for ``seat`` (whose turn it is), or ``None``."""
    # Actions normally come from the parser; one built by hand is checked for names too.
    if action.verb not in ("move", "buy", "sell", "build", "fortune", "end"):
        return "core.unknown_verb", {"verb": action.verb[:30], "verbs": "move, buy, sell, build"}
    if action.verb == "move" and action.arg not in board().sites:
        return "bombay.unknown_site", {"site": action.arg[:20]}
    colours = {"buy": [action.arg], "sell": [action.arg], "build": [action.pay, action.take]}
    for c in colours.get(action.verb, []):
        if (c or action.verb != "build") and c not in rules().bales:
            return "bombay.unknown_colour", {
                "colour": c[:20],
                "colours": ", ".join(rules().colours),
            }
    if action.verb == "move":
        return why_not_move(state, seat, action.arg)
    if action.verb == "buy":
        return why_not_buy(state, seat, action.arg)
    if action.verb == "sell":
        return why_not_sell(state, seat, action.arg)
    if action.verb == "build":
        return why_not_build(state, seat, action)
    if action.verb == "fortune":
        return why_not_fortune(state, seat)
    return None


def perform(state: State, seat: int, action: Action) -> tuple[Changes, list[Event]]:
    """The effect of a legal action (before any end of turn)."""
    if action.verb == "move":
        return do_move(state, seat, action.arg)
    if action.verb == "buy":
        return do_buy(state, seat, action.arg)
    if action.verb == "sell":
        return do_sell(state, seat, action.arg)
    if action.verb == "build":
        return do_build(state, seat, action)
    if action.verb == "fortune":
        return do_fortune(state, seat)
    return {"last_from": "", "last_site": state.sites[seat]}, [
        Event("bombay.ended", {"seat": seat, "ap": state.ap})
    ]


def legal(state: State, seat: int, *, with_end: bool = True) -> list[Action]:
    """Every legal action of the seat to act, in canonical spelling."""
    out: list[Action] = []
    here = board().sites[state.sites[seat]]
    for n in here.neighbours:
        if board().sites[n].entry_cost <= state.ap:
            out.append(Action("move", n))
    post = state.post_at(here.id)
    if post is not None and why_not_buy(state, seat, post) is None:
        out.append(Action("buy", post))
    if here.kind == CITY:
        for c in dict.fromkeys(state.loads[seat]):
            if why_not_sell(state, seat, c) is None:
                out.append(Action("sell", c))
    if why_not_build_here(state, seat) is None:
        load = state.loads[seat]
        pays = sorted(set(load), key=_ci) if len(set(load)) > 1 else [""]
        choices = state.silk_choices(here.id)
        takes = choices if len(choices) > 1 else [""]
        out.extend(Action("build", pay=p, take=t) for p in pays for t in takes)
    if state.ap == TURN_AP:
        out.append(Action("fortune"))
    if with_end:
        out.append(Action("end"))
    return out


# -- end of turn and of set (Y27–Y29, Y80) ---------------------------------------------------------


def end_turn(state: State) -> tuple[State, list[Event]]:
    """Pass the turn clockwise; after the last game turn of a set, end the set (Y80)."""
    seat = state.current
    nxt = (seat + 1) % state.players
    game_turn = state.game_turn + (1 if nxt == state.first else 0)
    state = replace(state, current=nxt, game_turn=game_turn, ap=TURN_AP, bought=False)
    if game_turn < state.turns_per_set:
        return state, []
    return end_set(state)


def end_set(state: State) -> tuple[State, list[Event]]:
    """New first player, markets emptied into the bag, posts reopened, then restock or game end."""
    old_first = state.first
    first = (old_first + 1) % state.players
    bag = tuple(b + s for b, s in zip(state.bag, state.stock, strict=True))
    colours = len(rules().colours)
    state = replace(
        state,
        first=first,
        current=first,
        game_turn=0,
        set_no=state.set_no + 1,
        bag=bag,
        stock=(0,) * colours,
        market=(-1,) * colours,
    )
    if state.over:
        # Y85: after the last set nobody becomes first player; saying so would announce a set
        # that never comes.
        return replace(state, first=old_first, current=old_first), [Event("bombay.game_over", {})]
    events = [Event("bombay.set_ended", {"set": state.set_no, "first_seat": first})]
    events.append(Event("bombay.posts_reopened", {}))
    state, more = restock(state)
    return state, events + more
