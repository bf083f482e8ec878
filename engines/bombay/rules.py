"""The five actions of a Bombay turn, the restock, and the end of a turn and of a set.

Each verb has a ``why_not_<verb>`` check returning ``None`` when legal or an unraised
``IllegalAction`` (catalog key and parameters) in player terms, a ``do_<verb>`` that performs it
on a ``Draft`` of the state, and the candidates worth asking about; ``RULES`` puts them in one
table that ``engines.kit`` runs, so "is it legal", "why not" and "do it" are one code path
(``legal`` below, ``apply`` in the engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engines import kit
from engines.base import CHANCE, Event, IllegalAction
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
from engines.kit import Decision, Draft, Rule
from engines.rng import Rng

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

#: The chance node a set's end leaves on the pending stack: the next set's restock, drawn by
#: nobody at the table (``engines.bombay.chance``).
RESTOCK = Decision(CHANCE, "restock")


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
    d = Draft(state)
    _restock(d)
    return d.freeze(), d.events


def _restock(d: Draft[State]) -> None:
    rng = Rng(d.state.rng)
    drawn, bag = draw_from_bag(d.state.bag, rules().restock_draw, rng)
    d.set(rng=rng.state, bag=tuple(bag), stock=tuple(drawn), market=sort_into_markets(drawn))
    d.events += restock_events(d.state)


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


def why_not_move(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why the elephant cannot walk to ``action.arg`` now, or ``None``."""
    dest = action.arg
    # The common answer first: a neighbour the AP left pay for (what every listing asks).
    cost = _entry_costs(state.sites[seat]).get(dest)
    if cost is not None and cost <= state.ap:
        return None
    sites = board().sites
    if dest not in sites:  # a hand-built action; the parser names sites already
        return IllegalAction("bombay.unknown_site", site=dest[:20])
    here = sites[state.sites[seat]]
    site = sites[dest]
    if dest == here.id:
        return IllegalAction("bombay.already_there", site=here.id, options=list(here.neighbours))
    if dest not in here.neighbours:
        return IllegalAction(
            "bombay.not_adjacent", site=site.id, here=here.id, options=list(here.neighbours)
        )
    if site.entry_cost > state.ap:
        key = "bombay.hill_needs_ap" if site.kind == HILL else "bombay.move_needs_ap"
        return IllegalAction(key, site=site.id, cost=site.entry_cost, ap=state.ap)
    return None


@cache
def _entry_costs(site: str) -> dict[str, int]:
    """What walking from ``site`` to each of its neighbours costs (Y45, Y47), per site once."""
    sites = board().sites
    return {n: sites[n].entry_cost for n in sites[site].neighbours}


def do_move(d: Draft[State], seat: int, action: Action) -> None:
    """Walk to the site; a rival palace there pays its owner 1 rupee (Y75)."""
    state, dest = d.state, action.arg
    cost = board().sites[dest].entry_cost
    d.set(
        sites=_with(state.sites, seat, dest),
        ap=state.ap - cost,
        last_from=state.sites[seat],
        last_site=dest,
    )
    d.emit("bombay.moved", seat=seat, site=dest, ap=cost)
    owner = state.palace_at(dest)
    if owner is not None and owner != seat:
        d.set(money=_with(state.money, owner, state.money[owner] + 1))
        d.emit("bombay.palace_income", owner_seat=owner, seat=seat, site=dest)


def moves(state: State, seat: int) -> tuple[Action, ...]:
    """The walks worth asking about: to each neighbour of the elephant's site that the AP left
    can pay for (``why_not_move`` still checks each)."""
    return _walks(state.sites[seat], state.ap)


@cache
def _walks(site: str, ap: int) -> tuple[Action, ...]:
    # Actions are immutable, so each site's walks are built once per process.
    sites = board().sites
    return tuple(Action("move", n) for n in sites[site].neighbours if sites[n].entry_cost <= ap)


# -- buy (Y49–Y53) ------------------------------------------------------------------------------


def _unknown_colour(colour: str) -> IllegalAction | None:
    """A hand-built action's colour that is no bale colour (the parser names colours already)."""
    if colour in rules().bales:
        return None
    return IllegalAction("bombay.unknown_colour", colour=colour[:20], colours=list(rules().colours))


def why_not_buy(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why ``seat`` cannot buy a bale of ``action.arg`` now, or ``None``."""
    colour = action.arg
    unknown = _unknown_colour(colour)
    if unknown:
        return unknown
    here = state.sites[seat]
    post = state.post_at(here)
    if post is None:
        return IllegalAction("bombay.buy_not_at_post", site=here)
    if colour != post:
        return IllegalAction("bombay.buy_wrong_colour", post=post, colour=colour)
    if not state.is_open(post):
        return IllegalAction("bombay.post_closed", colour=post)
    if state.bought:
        return IllegalAction("bombay.already_bought")
    if len(state.loads[seat]) >= CAPACITY:
        return IllegalAction("bombay.elephant_full", bales=list(state.loads[seat]))
    market = MARKETS[state.market[_ci(colour)]]
    rupees, ap = rules().market_cost[market]
    if ap > state.ap:
        return IllegalAction("bombay.buy_needs_ap", market=market, cost=ap, ap=state.ap)
    if rupees > state.money[seat]:
        return IllegalAction(
            "bombay.cannot_afford", money=state.money[seat], market=market, cost=rupees
        )
    return None


def do_buy(d: Draft[State], seat: int, action: Action) -> None:
    """Pay the market's price and load one bale; the last bale closes the colour (Y51, Y52)."""
    state, colour = d.state, action.arg
    i = _ci(colour)
    market = MARKETS[state.market[i]]
    rupees, ap = rules().market_cost[market]
    stock = _with(state.stock, i, state.stock[i] - 1)
    d.set(
        money=_with(state.money, seat, state.money[seat] - rupees),
        stock=stock,
        loads=_with(state.loads, seat, _sorted_load(state.loads[seat] + (colour,))),
        bought=True,
        ap=state.ap - ap,
        last_from="",
        last_site=state.sites[seat],
    )
    d.emit("bombay.bought", seat=seat, colour=colour, market=market, rupees=rupees, ap=ap)
    if stock[i] == 0:
        d.emit("bombay.post_closed_event", colour=colour)


def buys(state: State, seat: int) -> list[Action]:
    """The purchase worth asking about: the colour of the post the elephant stands on, unless
    this turn's purchase is made or the elephant is full (then ``why_not_buy`` refuses any)."""
    if state.bought or len(state.loads[seat]) >= CAPACITY:
        return []
    post = state.post_at(state.sites[seat])
    return [] if post is None else [Action("buy", post)]


# -- sell (Y55–Y64) -----------------------------------------------------------------------------


def why_not_sell(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why ``seat`` cannot sell a bale of ``action.arg`` here, or ``None``."""
    colour = action.arg
    unknown = _unknown_colour(colour)
    if unknown:
        return unknown
    here = board().sites[state.sites[seat]]
    if here.kind != CITY:
        return IllegalAction("bombay.sell_not_in_city", site=here.id)
    if colour not in state.loads[seat]:
        return IllegalAction("bombay.not_carrying", colour=colour)
    column = state.demand[state.city_index(here.id)]
    if colour not in column:
        return IllegalAction(
            "bombay.not_demanded",
            colour=colour,
            city=board().city_names[here.id],
            demand=list(column),
        )
    if state.ap < 1:
        return IllegalAction("bombay.move_needs_ap", site=here.id, cost=1, ap=state.ap)
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


def do_sell(d: Draft[State], seat: int, action: Action) -> None:
    """Income, then the demand shift, then the city token (Y61)."""
    state, colour = d.state, action.arg
    site = state.sites[seat]
    ci = state.city_index(site)
    column = state.demand[ci]
    rupees, clients = sale_income(column, colour)
    if state.clients_limited:
        clients = min(clients, max(0, state.clients_in_bank()))
    i = _ci(colour)
    name = board().city_names[site]
    d.set(
        money=_with(state.money, seat, state.money[seat] + rupees),
        clients=_with(state.clients, seat, state.clients[seat] + clients),
        loads=_with(state.loads, seat, _without_one(state.loads[seat], colour)),
        bag=_with(state.bag, i, state.bag[i] + 1),
        ap=state.ap - 1,
        last_from="",
        last_site=site,
    )
    d.emit(
        "bombay.sold",
        seat=seat,
        colour=colour,
        city=name,
        position=POSITIONS[column.index(colour)],
        rupees=rupees,
        clients=clients,
        got={"rupee": rupees, "client": clients},
    )
    shifted = shift_demand(column, colour)
    if shifted != column:
        d.set(demand=_with(state.demand, ci, shifted))
        d.emit("bombay.demand_shifted", city=name, order=list(shifted))
    if site not in state.cities[seat] and state.stacks[ci] > 0:
        d.set(
            cities=_with(state.cities, seat, (*state.cities[seat], site)),
            stacks=_with(state.stacks, ci, state.stacks[ci] - 1),
        )
        d.emit("bombay.city_token", seat=seat, city=name, left=state.stacks[ci] - 1)


def sales(state: State, seat: int) -> list[Action]:
    """The sales worth asking about: each colour carried, when the elephant is in a city."""
    if board().sites[state.sites[seat]].kind != CITY:
        return []
    return [Action("sell", c) for c in dict.fromkeys(state.loads[seat])]


# -- build (Y65–Y74) -----------------------------------------------------------------------------


def why_not_build_here(state: State, seat: int) -> IllegalAction | None:
    """Why no palace can be built where ``seat``'s elephant stands, or ``None`` (Y65, Y67)."""
    site = board().sites[state.sites[seat]]
    if state.palaces_left(seat) == 0:
        return IllegalAction("bombay.no_palaces_left")
    if site.kind == CITY:
        return IllegalAction("bombay.build_on_city", site=site.id)
    post = state.post_at(site.id)
    if post is not None:
        return IllegalAction("bombay.build_on_post", site=site.id, colour=post)
    owner = state.palace_at(site.id)
    if owner == seat:
        return IllegalAction("bombay.build_on_own_palace", site=site.id)
    if owner is not None:
        return IllegalAction("bombay.build_on_palace", site=site.id, owner_seat=owner)
    if site.kind == HILL and not state.palace_on_hills:
        return IllegalAction("bombay.build_on_hill", site=site.id)
    if not state.loads[seat]:
        return IllegalAction("bombay.build_needs_bale")
    return None


def why_not_build(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why this exact build (with its ``pay``/``take`` choices) is illegal, or ``None``."""
    for colour in (action.pay, action.take):
        unknown = _unknown_colour(colour) if colour else None
        if unknown:
            return unknown
    reason = why_not_build_here(state, seat)
    if reason:
        return reason
    load = state.loads[seat]
    if action.pay and action.pay not in load:
        return IllegalAction("bombay.pay_not_carried", colour=action.pay, bales=list(load))
    if not action.pay and len(set(load)) > 1:
        return IllegalAction("bombay.pay_which", moves=[f"pay={c}" for c in dict.fromkeys(load)])
    site = state.sites[seat]
    token = state.token_at(site)
    choices = state.silk_choices(site)
    if action.take and token != "silk":
        return IllegalAction("bombay.take_without_silk", site=site)
    if action.take and action.take not in choices:
        return IllegalAction(
            "bombay.take_not_offered",
            colour=action.take,
            options=list(choices) if choices else "none (every market is empty)",
        )
    if token == "silk" and not action.take and len(choices) > 1:
        return IllegalAction("bombay.take_which", moves=[f"take={c}" for c in choices])
    return None


def do_build(d: Draft[State], seat: int, action: Action) -> None:
    """Return a bale to the bag, place a palace, take and apply the palace token (Y66, Y68–Y72)."""
    state = d.state
    site = state.sites[seat]
    load = state.loads[seat]
    pay = action.pay or load[0]
    load = _without_one(load, pay)
    pi = _ci(pay)
    d.set(
        ap=state.ap - 1,
        bag=_with(state.bag, pi, state.bag[pi] + 1),
        palaces=tuple(sorted((*state.palaces, (site, seat)))),
        last_from="",
        last_site=site,
    )
    d.emit("bombay.built", seat=seat, site=site, colour=pay)
    token = state.token_at(site)
    if token is not None:
        d.set(tokens=tuple(p for p in state.tokens if p[0] != site))
        if token in ("client", "city"):
            d.set(kept=_with(state.kept, seat, tuple(sorted((*state.kept[seat], token)))))
            d.emit(f"bombay.token_{token}", seat=seat, site=site)
        elif token == "rupees2":
            d.set(money=_with(state.money, seat, state.money[seat] + 2))
            d.emit("bombay.token_rupees2", seat=seat, site=site)
        else:
            choices = state.silk_choices(site)
            if choices:
                take = action.take or choices[0]
                ti = _ci(take)
                stock = _with(state.stock, ti, state.stock[ti] - 1)
                d.set(stock=stock)
                load = _sorted_load((*load, take))
                d.emit("bombay.token_silk", seat=seat, colour=take)
                if stock[ti] == 0:
                    d.emit("bombay.post_closed_event", colour=take)
            else:
                d.emit("bombay.token_silk_lost", seat=seat)
    d.set(loads=_with(state.loads, seat, load))


def builds(state: State, seat: int) -> list[Action]:
    """The builds worth asking about: one per choice of bale to pay and silk to take, when a
    palace may stand here at all (each build has one spelling: a choice only when there is one)."""
    # Most turns carry no bale or stand on a city: no build to ask about (``why_not_build_here``
    # says why).
    if not state.loads[seat] or board().sites[state.sites[seat]].kind == CITY:
        return []
    if why_not_build_here(state, seat) is not None:
        return []
    load = state.loads[seat]
    pays = sorted(set(load), key=_ci) if len(set(load)) > 1 else [""]
    choices = state.silk_choices(state.sites[seat])
    takes = choices if len(choices) > 1 else [""]
    return [Action("build", pay=p, take=t) for p in pays for t in takes]


# -- fortune (Y79) and end (Y42) ----------------------------------------------------------------------


def why_not_fortune(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Consolidating is only possible before any AP is spent (Y79, Y99)."""
    if action.arg:
        return IllegalAction("bombay.no_arguments", verb="fortune")
    if state.ap < TURN_AP:
        return IllegalAction("bombay.fortune_only_at_start", ap=state.ap)
    return None


def do_fortune(d: Draft[State], seat: int, action: Action) -> None:
    """All 3 AP for 1 rupee; the turn ends."""
    state = d.state
    d.set(
        money=_with(state.money, seat, state.money[seat] + 1),
        ap=0,
        last_from="",
        last_site=state.sites[seat],
    )
    d.emit("bombay.fortune", seat=seat)


def why_not_end(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Ending the turn is always allowed to the player whose turn it is (Y42)."""
    if action.arg:
        return IllegalAction("bombay.no_arguments", verb="end")
    return None


def do_end(d: Draft[State], seat: int, action: Action) -> None:
    """End the turn with whatever AP are left (the engine passes the turn on)."""
    d.set(last_from="", last_site=d.state.sites[seat])
    d.emit("bombay.ended", seat=seat, ap=d.state.ap)


# -- the rules table -------------------------------------------------------------------------------

_FORTUNE = (Action("fortune"),)
_END = (Action("end"),)

#: Every verb's rule, in the order legal moves are listed (see ``engines.kit``).
RULES: dict[str, Rule[State, Action]] = {
    "move": Rule(why_not_move, do_move, moves, ("Y45", "Y46", "Y47", "Y48", "Y75", "Y76", "Y77")),
    "buy": Rule(why_not_buy, do_buy, buys, ("Y49", "Y50", "Y51", "Y52", "Y53")),
    "sell": Rule(why_not_sell, do_sell, sales, ("Y55", "Y56", "Y57", "Y59", "Y61", "Y64")),
    "build": Rule(why_not_build, do_build, builds, ("Y65", "Y66", "Y67", "Y68", "Y72", "Y74")),
    "fortune": Rule(
        why_not_fortune, do_fortune, lambda s, seat: _FORTUNE if s.ap == TURN_AP else (), ("Y79",)
    ),
    "end": Rule(why_not_end, do_end, lambda s, seat: _END, ("Y42",)),
}

#: The last answer of ``legal``: states are immutable, so the same object has the same moves.
#: ``apply`` asks whether anything but ``end`` is left in the state it returns, and the player
#: (or a random game) then asks for that state's moves again.
_last: tuple[State | None, int, tuple[Action, ...]] = (None, -1, ())


def legal(state: State, seat: int, *, with_end: bool = True) -> list[Action]:
    """Every legal action of the seat to act, in canonical spelling (the table's candidates
    that its ``why_not`` lets through: one code path with the refusals). ``end`` is always
    legal and always last (Y42); ``with_end=False`` leaves it out."""
    global _last
    if _last[0] is state and _last[1] == seat:
        found = _last[2]
    else:
        found = tuple(kit.legal(RULES, state, seat))
        _last = (state, seat, found)
    return list(found if with_end else found[:-1])


# -- end of turn and of set (Y27–Y29, Y80) ---------------------------------------------------------


def end_turn(d: Draft[State]) -> None:
    """Pass the turn clockwise; after the last game turn of a set, end the set (Y80)."""
    # No command changes the turn order, so it is read from the state before the command (that
    # spares a copy of the state on every turn's last command).
    state = d.base
    nxt = (state.current + 1) % state.players
    game_turn = state.game_turn + (1 if nxt == state.first else 0)
    d.set(current=nxt, game_turn=game_turn, ap=TURN_AP, bought=False)
    if game_turn >= state.turns_per_set:
        end_set(d)


def end_set(d: Draft[State]) -> None:
    """New first player, markets emptied into the bag, posts reopened, then restock or game end."""
    state = d.state
    old_first = state.first
    first = (old_first + 1) % state.players
    colours = len(rules().colours)
    d.set(
        first=first,
        current=first,
        game_turn=0,
        set_no=state.set_no + 1,
        bag=tuple(b + s for b, s in zip(state.bag, state.stock, strict=True)),
        stock=(0,) * colours,
        market=(-1,) * colours,
    )
    if state.set_no + 1 >= state.sets:
        # Y85: after the last set nobody becomes first player; saying so would announce a set
        # that never comes.
        d.set(first=old_first, current=old_first)
        d.emit("bombay.game_over")
        return
    d.emit("bombay.set_ended", set=state.set_no + 1, first_seat=first)
    d.emit("bombay.posts_reopened")
    # Y31: the new first player draws nine bales: a chance node (engines.bombay.chance).
    d.set(pending=(RESTOCK,))
