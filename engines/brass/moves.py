"""Network, Develop, Loan, Scout and Pass (B52–B58, B67–B71)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engines.base import IllegalAction
from engines.brass import components as C
from engines.brass.build import choose
from engines.brass.draft import Draft, checked, refuse
from engines.brass.network import connected, free_lines_for
from engines.brass.notation import Action
from engines.brass.resources import MERCHANT_BEER, Supply, coal_supplies_from, iron_supplies
from engines.brass.rounds import finish_action
from engines.brass.state import LINK2, State, income_level

MIN_LEVEL = -10
LOAN_MONEY = 30
LOAN_LEVELS = 3


def check_card(state: State, seat: int, card: str) -> None:
    """Raise unless ``seat`` holds ``card``."""
    if card not in state.hands[seat]:
        raise refuse("brass.no_such_card", card=card[:40])


# -- Network ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NetworkChoice:
    """A checked Network step: a canal link (B52), a rail action's first link (R33) or a
    double's second (R33–R38), with the coal and the barrel it takes."""

    kind: str  # "canal", "rail" or "second"
    line: str
    coal: Supply | None = None
    beer: str = ""


def check_network(state: State, seat: int, action: Action) -> NetworkChoice:
    """Raise the reason the Network step ``action`` is refused, or return what it takes."""
    card, coal, beer = action.get("card"), action.get("coal"), action.get("beer")
    line = action.args[0]
    if state.phase == LINK2:
        if card is not None:
            raise IllegalAction("brass.card_only_first_link")
        return _check_second_link(state, seat, line, coal, beer)
    if card is None:
        raise IllegalAction(
            "brass.missing_param",
            verb="network",
            params=["card"],
            example="network birmingham-coventry card=dudley",
        )
    for name, value in (("coal", coal), ("beer", beer)):
        if value is not None and (state.era == C.CANAL or name == "beer"):
            raise IllegalAction("brass.no_choice_here", param=name, value=value[:40], only="none")
    if state.era == C.CANAL:
        return _check_canal_link(state, seat, line, card)
    return _check_rail_link(state, seat, line, coal, card)


def do_network(d: Draft, seat: int, action: Action) -> None:
    """Place the checked link; a rail action's first link waits for an optional second one
    while one is possible (R33), every other step ends the action."""
    choice = checked(check_network, d.base, seat, action)
    card = action.get("card") or ""
    line = choice.line
    if choice.kind == "canal":
        cost = C.link_cost()
        d.discard(seat, card)
        d.pay(seat, cost)
        d.links.append((line, seat))
        d.links_left[seat] -= 1
        d.places.extend(C.lines()[line].ends)
        d.emit("linked", seat=seat, line=line, money=cost)
    elif choice.kind == "rail":
        supply = choice.coal
        assert supply is not None
        d.discard(seat, card)
        d.emit("linked_rail", seat=seat, line=line, money=SINGLE + supply.cost)
        _place_rail(d, seat, line, supply, SINGLE)
        d.pending = (line, *supply.sources, *(MARKET,) * supply.market)
        mid = d.restart(phase=LINK2)
        if second_link_options(mid, seat):
            return
        d.pending = ()
    else:
        supply = choice.coal
        assert supply is not None
        d.emit("linked_rail_double", seat=seat, line=line, money=SECOND + supply.cost)
        _place_rail(d, seat, line, supply, SECOND)
        d.emit("used", count=1, resource="beer", sources=[choice.beer])
        d.take([choice.beer])
        d.pending = ()
    finish_action(d, seat)


def _check_canal_link(state: State, seat: int, line: str, card: str) -> NetworkChoice:
    """One canal link for £3 (B52–B54)."""
    check_card(state, seat, card)
    ln = C.lines().get(line)
    if ln is None:
        raise refuse("brass.unknown_line", line=line[:40])
    if not ln.canal:
        raise refuse("brass.rail_only", line=line)
    if state.links_left[seat] == 0:
        raise refuse("brass.no_links_left")
    if any(lid == line for lid, _ in state.links):
        raise refuse("brass.line_taken", line=line)
    if line not in free_lines_for(state, seat):
        raise refuse("brass.line_not_in_network", line=line)
    cost = C.link_cost()
    if state.money[seat] < cost:
        raise refuse("brass.cannot_afford_link", money=state.money[seat], cost=cost)
    return NetworkChoice("canal", line)


def legal_networks(state: State, seat: int) -> list[str]:
    """Every legal Network action as canonical text (a rail action's first link, R33)."""
    cards = sorted(set(state.hands[seat]))
    if state.era == C.RAIL:
        return [
            f"network {o.line}{o.coal_param} card={c}"
            for o in first_link_options(state, seat)
            for c in cards
        ]
    if state.links_left[seat] == 0 or state.money[seat] < C.link_cost():
        return []
    return [f"network {line} card={c}" for line in free_lines_for(state, seat) for c in cards]


# -- Network in the rail era (R32–R40) ------------------------------------------------------------
MARKET = "market"
SINGLE = C.rail_link_cost("single")
#: What the second link of a double adds to the single's £5: £15 in total (R33).
SECOND = C.rail_link_cost("double") - C.rail_link_cost("single")


@dataclass(frozen=True)
class LinkOption:
    """One legal rail link: its line, where its coal comes from, and (second link of a double) the
    brewery giving the barrel; ``several_coal``/``several_beer`` say whether the player is asked."""

    line: str
    coal: Supply
    beer: str = ""
    several_coal: bool = False
    several_beer: bool = False

    @property
    def coal_refs(self) -> tuple[str, ...]:
        """The coal's source: a tile ref, or ``market`` for a bought cube."""
        return self.coal.sources + (MARKET,) * self.coal.market

    @property
    def coal_param(self) -> str:
        """`` coal=<ref>`` when equally near mines leave a choice (D6), else nothing."""
        return f" coal={self.coal.token or MARKET}" if self.several_coal else ""

    @property
    def beer_param(self) -> str:
        """`` beer=<ref>`` when several breweries could give the barrel, else nothing."""
        return f" beer={self.beer}" if self.several_beer else ""


def link_coal(state: State, seat: int, line: str) -> list[Supply]:
    """The ways to take a new link's 1 coal (R36, F2).

    The new link counts for its own coal (R36), and the board without it answers the same: the
    link only joins its own ends, from which the distance is measured anyway (the nearest end,
    F2), so distances, connections and the market's reach (any end connected to a merchant) are
    unchanged; no copy of the board with the link is needed.
    """
    return coal_supplies_from(state, C.lines()[line].ends, 1)


def link_beer(state: State, seat: int, line: str) -> list[str]:
    """Breweries that may give a double's barrel, with both links on the board: the player's own
    anywhere, an opponent's connected to the second link (R37). Never a merchant's (D4). (As in
    ``link_coal``, the second link need not be placed: it joins only its own ends.)"""
    ends = C.lines()[line].ends
    return [
        t.ref
        for t in state.tiles
        if t.industry == "brewery"
        and t.cubes
        and (t.owner == seat or any(connected(state, e, t.location) for e in ends))
    ]


def first_link_options(state: State, seat: int) -> list[LinkOption]:
    """Every legal single rail link (or first link of a double) for ``seat`` (R32–R36, R38)."""
    if state.links_left[seat] == 0 or state.money[seat] < SINGLE:
        return []
    out: list[LinkOption] = []
    for line in free_lines_for(state, seat):
        coals = link_coal(state, seat, line)
        for supply in coals:
            if SINGLE + supply.cost <= state.money[seat]:
                out.append(LinkOption(line, supply, several_coal=len(coals) > 1))
    return out


def second_link_options(state: State, seat: int) -> list[LinkOption]:
    """Every legal second link of a double, the first on the board (R33–R38, F3, F4): a free
    rail line touching the network, its coal with both links placed, then one barrel."""
    if state.links_left[seat] == 0 or state.money[seat] < SECOND:
        return []
    out: list[LinkOption] = []
    for line in free_lines_for(state, seat):
        coals = [c for c in link_coal(state, seat, line) if SECOND + c.cost <= state.money[seat]]
        if not coals:
            continue
        beers = link_beer(state, seat, line)
        for supply in coals:
            for beer in beers:
                out.append(LinkOption(line, supply, beer, len(coals) > 1, len(beers) > 1))
    return out


def _rail_checks(state: State, seat: int, line: str, money: int) -> None:
    """Refusals shared by both links of a rail action (R32, R33, R52)."""
    ln = C.lines().get(line)
    if ln is None:
        raise refuse("brass.unknown_line", line=line[:40])
    if not ln.rail:
        raise refuse("brass.canal_only", line=line)
    if state.links_left[seat] == 0:
        raise refuse("brass.no_links_left")
    if any(lid == line for lid, _ in state.links):
        raise refuse("brass.line_taken", line=line)
    if line not in free_lines_for(state, seat):
        raise refuse("brass.line_not_in_network", line=line)
    if state.money[seat] < money:
        raise refuse("brass.cannot_afford_rail", money=state.money[seat], cost=money)


def _place_rail(d: Draft, seat: int, line: str, supply: Supply, money: int) -> None:
    """Place a rail link, take its coal (flipping an emptied mine), pay (R35, R39)."""
    d.links.append((line, seat))
    d.links_left[seat] -= 1
    d.places.extend(C.lines()[line].ends)
    if supply.market:
        d.coal = max(0, d.coal - supply.market)
        d.emit("bought", seat=seat, count=supply.market, resource="coal", money=supply.cost)
    if supply.sources:
        d.emit("used", count=1, resource="coal", sources=list(supply.sources))
    d.take(supply.sources)
    d.pay(seat, money + supply.cost)


def _check_rail_link(
    state: State, seat: int, line: str, coal: str | None, card: str
) -> NetworkChoice:
    """A rail action's first (or only) link: £5 and 1 coal (R33–R36, R38)."""
    check_card(state, seat, card)
    _rail_checks(state, seat, line, SINGLE)
    coals = link_coal(state, seat, line)
    if not coals:
        raise refuse("brass.no_coal_for_link", line=line)
    tok = choose([s.token or MARKET for s in coals], coal, "coal")
    supply = next(s for s in coals if (s.token or MARKET) == tok)
    if SINGLE + supply.cost > state.money[seat]:
        raise refuse("brass.cannot_afford_rail", money=state.money[seat], cost=SINGLE + supply.cost)
    return NetworkChoice("rail", line, supply)


def _check_second_link(
    state: State, seat: int, line: str, coal: str | None, beer: str | None
) -> NetworkChoice:
    """A double's second link: £10 more (£15 in all), 1 coal with both links on the board, then
    1 barrel from a brewery (R33–R38, F3, F4)."""
    _rail_checks(state, seat, line, SECOND)
    coals = link_coal(state, seat, line)
    if not coals:
        raise refuse("brass.no_coal_for_link", line=line)
    tok = choose([s.token or MARKET for s in coals], coal, "coal")
    supply = next(s for s in coals if (s.token or MARKET) == tok)
    if SECOND + supply.cost > state.money[seat]:
        raise refuse("brass.cannot_afford_rail", money=state.money[seat], cost=SECOND + supply.cost)
    beers = link_beer(state, seat, line)
    if not beers:
        raise refuse("brass.no_beer_for_link", line=line)
    if beer in (MERCHANT_BEER, MARKET) or (beer or "").split(".")[0] in C.merchant_locations():
        raise refuse("brass.no_merchant_beer_for_link")
    barrel = choose(beers, beer, "beer")
    return NetworkChoice("second", line, supply, barrel)


def legal_second_links(state: State, seat: int) -> list[str]:
    """Every legal second link of a double as canonical text (no card: one per action)."""
    return [
        f"network {o.line}{o.coal_param}{o.beer_param}" for o in second_link_options(state, seat)
    ]


# -- Develop ------------------------------------------------------------------------------------
def develop_levels(state: State, seat: int, industries: list[str]) -> list[int]:
    """The levels removed, one after the other (B55, B57); raises when one cannot go."""
    mats = [list(c) for c in state.mats[seat]]
    out = []
    for ind in industries:
        if ind not in C.INDUSTRIES:
            raise refuse("brass.unknown_industry", industry=ind[:30], industries=list(C.INDUSTRIES))
        counts = mats[C.INDUSTRIES.index(ind)]
        lvl = next((i + 1 for i, n in enumerate(counts) if n), 0)
        if not lvl:
            raise refuse("brass.no_tiles_left", industry=ind)
        if not C.level(ind, lvl).can_develop:
            raise refuse("brass.cannot_develop", industry=ind, level=C.level(ind, lvl).roman)
        counts[lvl - 1] -= 1
        out.append(lvl)
    return out


def _develop_plan(state: State, seat: int, industries: list[str]) -> tuple[list[int], list[Supply]]:
    levels = develop_levels(state, seat, industries)
    iron = iron_supplies(state, len(industries))
    if iron[0].cost > state.money[seat]:
        raise refuse(
            "brass.cannot_afford_develop",
            money=state.money[seat],
            cost=iron[0].cost,
            count=iron[0].market,
        )
    return levels, iron


def check_develop(state: State, seat: int, action: Action) -> tuple[list[int], Supply]:
    """Raise the reason the Develop ``action`` is refused, or return the levels it removes and
    the iron it takes (B55–B58)."""
    check_card(state, seat, action.get("card") or "")
    levels, supplies = _develop_plan(state, seat, list(action.args))
    tok = choose([s.token for s in supplies], action.get("iron"), "iron")
    return levels, next(s for s in supplies if s.token == tok)


def do_develop(d: Draft, seat: int, action: Action) -> None:
    """Remove one or two tiles from the mat, 1 iron each (B55–B58)."""
    levels, supply = checked(check_develop, d.base, seat, action)
    d.discard(seat, action.get("card") or "")
    d.pay(seat, supply.cost)
    d.iron = max(0, d.iron - supply.market)
    if supply.market:
        d.emit("bought", seat=seat, count=supply.market, resource="iron", money=supply.cost)
    for ind, lvl in zip(action.args, levels, strict=True):
        d.mats[seat][C.INDUSTRIES.index(ind)][lvl - 1] -= 1
        d.gone[seat] += 1
        d.emit("developed", seat=seat, industry=ind, level=C.level(ind, lvl).roman)
    if supply.sources:
        d.emit("used", count=len(supply.sources), resource="iron", sources=list(supply.sources))
    d.take(supply.sources)
    finish_action(d, seat)


#: The developments worth asking about: one industry, or two (the same one twice too), in the
#: order the mat lists them.
_COMBOS: tuple[tuple[str, ...], ...] = tuple(
    [(a,) for a in C.INDUSTRIES]
    + [(a, b) for i, a in enumerate(C.INDUSTRIES) for b in C.INDUSTRIES[i:]]
)


def legal_develops(state: State, seat: int) -> list[str]:
    """Every legal Develop action as canonical text: the checks of ``develop_levels`` and
    ``_develop_plan`` (B55–B58) read once per mat instead of raised per combination."""
    cards = sorted(set(state.hands[seat]))
    out: list[str] = []
    money = state.money[seat]
    for head, n in develop_heads(state.mats[seat]):
        supplies = iron_supplies(state, n)
        if supplies[0].cost > money:
            continue
        if len(supplies) > 1:
            heads = [f"{head} iron={sup.token} card=" for sup in supplies]
        else:
            heads = [head + " card="]
        out += [h + c for h in heads for c in cards]
    return out


@lru_cache(maxsize=4096)
def develop_heads(mats: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, int], ...]:
    """The developments a player's mat allows, as ``develop <industries>`` and the number of
    tiles (= iron) each takes: the lowest tile must be developable (B57), and for a second one
    of the same industry the next tile too. A mat changes seldom, so each is read once."""
    # Per industry, how many of its tiles may go in one action (0, 1 or 2).
    room: dict[str, int] = {}
    for k, ind in enumerate(C.INDUSTRIES):
        n = 0
        for i, count in enumerate(mats[k]):
            if not count or not C.level(ind, i + 1).can_develop:
                if count:
                    break
                continue
            n += count
            if n >= 2:
                break
        room[ind] = min(n, 2)
    out: list[tuple[str, int]] = []
    for combo in _COMBOS:
        if len(combo) == 2 and combo[0] == combo[1]:
            if room[combo[0]] < 2:
                continue
        elif any(room[ind] < 1 for ind in combo):
            continue
        out.append((f"develop {' '.join(combo)}", len(combo)))
    return tuple(out)


# -- Loan, Scout, Pass --------------------------------------------------------------------------
def can_loan(state: State, seat: int) -> bool:
    """A loan may not take the income level below −10 (B68)."""
    return income_level(state.income[seat]) - LOAN_LEVELS >= MIN_LEVEL


def check_loan(state: State, seat: int, action: Action) -> None:
    """Raise the reason a loan is refused (B67, B68)."""
    check_card(state, seat, action.get("card") or "")
    if not can_loan(state, seat):
        raise refuse("brass.loan_too_low", level=income_level(state.income[seat]))


def do_loan(d: Draft, seat: int, action: Action) -> None:
    """Take a loan: £30, income down 3 levels to the top space (B67–B69)."""
    d.discard(seat, action.get("card") or "")
    d.money[seat] += LOAN_MONEY
    new_level = income_level(d.base.income[seat]) - LOAN_LEVELS
    d.income[seat] = C.top_space_of_level()[new_level]
    d.emit("loan", seat=seat, money=LOAN_MONEY, level=new_level)
    finish_action(d, seat)


def can_scout(state: State, seat: int) -> bool:
    """Scout needs no wild card in hand, three cards, and a card on each wild pile (B70)."""
    hand = state.hands[seat]
    return (
        not any(c in C.WILDS for c in hand)
        and len(hand) >= 3
        and state.wild_location > 0
        and state.wild_industry > 0
    )


def check_scout(state: State, seat: int, action: Action) -> None:
    """Raise the reason the Scout ``action`` is refused (B70)."""
    if any(c in C.WILDS for c in state.hands[seat]):
        raise refuse("brass.scout_with_wild")
    extra = (action.get("discard") or "").split(",")
    if len(extra) != 2:
        raise refuse("brass.scout_two_more")
    hand = list(state.hands[seat])
    for c in [action.get("card") or "", *extra]:
        if c not in hand:
            raise refuse("brass.no_such_card", card=c[:40])
        hand.remove(c)
    if not can_scout(state, seat):
        raise refuse("brass.no_wild_left")


def do_scout(d: Draft, seat: int, action: Action) -> None:
    """Scout: three cards for both wild cards (B70)."""
    for c in [action.get("card") or "", *(action.get("discard") or "").split(",")]:
        d.discard(seat, c)
    d.hands[seat] += [C.WILD_LOCATION, C.WILD_INDUSTRY]
    d.wild_location -= 1
    d.wild_industry -= 1
    d.emit("scouted", seat=seat)
    finish_action(d, seat)


def legal_scouts(state: State, seat: int) -> list[str]:
    """Every legal Scout action as canonical text."""
    if not can_scout(state, seat):
        return []
    return list(_scouts(tuple(sorted(state.hands[seat]))))


@lru_cache(maxsize=4096)
def _scouts(hand: tuple[str, ...]) -> tuple[str, ...]:
    """The Scout texts of a sorted hand: each card to discard with each pair of the others (a
    hand comes back turn after turn, so each is spelt once)."""
    out: set[str] = set()
    for i, a in enumerate(hand):
        if i and hand[i - 1] == a:
            continue  # the same card again: the same choices
        rest = hand[:i] + hand[i + 1 :]
        for j, b in enumerate(rest):
            for c in rest[j + 1 :]:
                out.add(f"scout card={a} discard={b},{c}")
    return tuple(sorted(out))


def check_pass(state: State, seat: int, action: Action) -> None:
    """Raise unless the card to discard is in hand (B71)."""
    check_card(state, seat, action.get("card") or "")


def do_pass(d: Draft, seat: int, action: Action) -> None:
    """Discard a card and do nothing (B71)."""
    d.discard(seat, action.get("card") or "")
    d.emit("passed", seat=seat)
    finish_action(d, seat)
