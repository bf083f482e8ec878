"""The Build action (B38–B51): card, tile, slot or overbuild, costs, placing, market sales."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engines.base import IllegalAction
from engines.brass import components as C
from engines.brass.draft import Draft, checked, display_name, refuse
from engines.brass.network import connected_to_merchant, has_pieces, network
from engines.brass.notation import Action
from engines.brass.resources import Supply, coal_supplies, iron_supplies, sell_to_market
from engines.brass.rounds import finish_action
from engines.brass.state import State, Tile, lowest_level


@dataclass(frozen=True)
class Site:
    """Where a build may go: a slot, and the tile it replaces when overbuilding."""

    slot: int
    replaces: Tile | None


def card_allows(state: State, seat: int, card: str, industry: str, location: str) -> bool:
    """Whether discarding ``card`` lets ``seat`` build ``industry`` in ``location`` (B38, B39, B31)."""
    kind = C.locations()[location].kind
    if card == location:
        return kind == "town"
    if card == C.WILD_LOCATION:
        return kind == "town"
    builds = C.industry_card_builds().get(card)
    if card == C.WILD_INDUSTRY or (builds and industry in builds):
        return not has_pieces(state, seat) or location in network(state, seat)
    return False


def card_refusal(
    state: State, seat: int, card: str, industry: str, location: str
) -> IllegalAction | None:
    """Why discarding ``card`` does not let ``seat`` build ``industry`` in ``location``, in the
    player's terms, or ``None`` when it does (B38, B39, B31)."""
    if card_allows(state, seat, card, industry, location):
        return None
    names = {
        "card_name": display_name(card),
        "industry_name": display_name(industry),
        "location_name": display_name(location),
    }
    if card in C.locations():
        return IllegalAction("brass.card_wrong_town", **names)
    if card == C.WILD_LOCATION:
        return IllegalAction("brass.wild_location_not_farm", **names)
    builds = C.industry_card_builds().get(card, ())
    if card != C.WILD_INDUSTRY and industry not in builds:
        return IllegalAction(
            "brass.card_wrong_industry",
            builds=[display_name(b) for b in builds],
            **names,
        )
    if C.locations()[location].kind != "town":
        return IllegalAction("brass.farm_not_in_network", **names)
    return IllegalAction("brass.town_not_in_network", **names)


def _slot_allows(slot: C.Slot, industry: str) -> bool:
    return industry in slot.industries


def no_cube_anywhere(state: State, resource: str) -> bool:
    """No cube of ``resource`` on any tile nor in its market (B48, opponent overbuild)."""
    industry = "coal_mine" if resource == "coal" else "iron_works"
    market = state.coal if resource == "coal" else state.iron
    return market == 0 and not any(t.industry == industry and t.cubes for t in state.tiles)


def sites(state: State, seat: int, industry: str, location: str, level: int) -> list[Site]:
    """The slots (free, or overbuilds) the build may use (B41, B42, B48, B49, D9)."""
    here = tiles_at(state).get(location)
    if not here:
        return list(_free_sites(location, industry))
    # One tile per location applies to the canal era only (B42, R22).
    mine = state.era == C.CANAL and any(t.owner == seat for t in here)
    out: list[Site] = []
    if not mine:
        taken = {t.slot for t in here}
        kinds: set[tuple[str, ...]] = set()
        for s in _slot_choices(location, industry):
            # Two free spaces with the same icons are the same choice (nothing in the rules
            # tells them apart), so only the first is offered: no slot= to ask for.
            if s.index not in taken and s.industries not in kinds:
                kinds.add(s.industries)
                out.append(Site(s.index, None))
        if not out and any(s.single_icon for s in _slot_choices(location, industry)):
            # Every single-icon space is taken: the spaces with both icons may be used (B41).
            for s in _slot_choices(location, industry, single=False):
                if s.index not in taken and s.industries not in kinds:
                    kinds.add(s.industries)
                    out.append(Site(s.index, None))
    for t in here:
        if t.industry != industry or t.level >= level:
            continue
        if t.owner == seat or (
            industry in ("coal_mine", "iron_works")
            and not mine
            and no_cube_anywhere(state, "coal" if industry == "coal_mine" else "iron")
        ):
            out.append(Site(t.slot, t))
    if len(out) > 1:
        out.sort(key=lambda s: s.slot)
    return out


def tiles_at(state: State) -> dict[str, tuple[Tile, ...]]:
    """Location → the tiles on it (kept in the state's memo)."""
    got: dict[str, tuple[Tile, ...]] | None = state.memo.get("tiles_at")
    if got is None:
        found: dict[str, list[Tile]] = {}
        for t in state.tiles:
            found.setdefault(t.location, []).append(t)
        got = state.memo["tiles_at"] = {k: tuple(v) for k, v in found.items()}
    return got


@cache
def _free_sites(location: str, industry: str) -> tuple[Site, ...]:
    """``sites`` of a location with no tile yet (the printed spaces alone decide)."""
    out: list[Site] = []
    kinds: set[tuple[str, ...]] = set()
    for s in _slot_choices(location, industry):
        if s.industries not in kinds:
            kinds.add(s.industries)
            out.append(Site(s.index, None))
    return tuple(out)


@cache
def _slot_choices(location: str, industry: str, single: bool = True) -> tuple[C.Slot, ...]:
    """The spaces of ``location`` showing ``industry``: with ``single``, those showing it alone
    when there are any (a space with one icon is used before one with two, B41), else all."""
    fit = tuple(s for s in C.locations()[location].slots if _slot_allows(s, industry))
    singles = tuple(s for s in fit if s.single_icon)
    return singles if single and singles else fit


@dataclass(frozen=True)
class BuildPlan:
    level: int
    sites: tuple[Site, ...]
    coal: tuple[Supply, ...]
    iron: tuple[Supply, ...]
    cost: int


def plan(state: State, seat: int, industry: str, location: str) -> BuildPlan:
    """Everything that does not depend on the card or the choices; raises with the reason."""
    got = build_plan(state, seat, industry, location, explain=True)
    assert got is not None  # explain=True raises instead
    return got


def build_plan(
    state: State, seat: int, industry: str, location: str, *, explain: bool = False
) -> BuildPlan | None:
    """``plan``, or ``None`` when the build cannot be done; with ``explain`` the reason is raised.

    One code path for "is it legal", "why not" and listing: the legal-move listing asks
    without ``explain`` (no refusal is built for the many builds that fail), a refused action
    asks again with it. The answer is kept in the state's memo, so the build a player picks from
    the list is planned once for its listing, its parsing and its application.
    """
    key = ("plan", seat, industry, location)
    memo = state.memo
    if key in memo:
        got: BuildPlan | None = memo[key]
        if got is not None or not explain:
            return got
    if industry not in C.INDUSTRIES:
        raise refuse(
            "brass.unknown_industry", industry=industry[:30], industries=list(C.INDUSTRIES)
        )
    loc = C.locations().get(location)
    if loc is None or loc.kind == "merchant":
        raise refuse("brass.unknown_build_location", location=location[:30])
    got = None
    level = lowest_level(state, seat, industry)
    if level == 0:
        if explain:
            raise refuse("brass.no_tiles_left", industry=industry)
        memo[key] = got
        return got
    data = C.level(industry, level)
    if not data.buildable_in(state.era):  # B40, R23
        if explain:
            key_ = "brass.not_in_canal_era" if state.era == C.CANAL else "brass.not_in_rail_era"
            raise refuse(key_, industry=industry, level=data.roman)
    elif not _slots_for(location, industry):
        if explain:
            raise refuse("brass.no_such_slot", industry=industry, location=location)
    elif not explain and data.money > state.money[seat]:
        pass  # the tile alone is too dear: no need to look for spaces and cubes (B43)
    else:
        got = _plan_found(state, seat, industry, location, level, data, explain)
    memo[key] = got
    return got


def _plan_found(
    state: State, seat: int, industry: str, location: str, level: int, data: C.Level, explain: bool
) -> BuildPlan | None:
    found = sites(state, seat, industry, location, level)
    if not found:
        if not explain:
            return None
        if state.era == C.CANAL and any(
            t.owner == seat for t in state.tiles if t.location == location
        ):
            raise refuse("brass.one_tile_per_town", location=location)
        raise refuse("brass.no_free_slot", industry=industry, location=location)
    coal = coal_supplies(state, location, data.coal)
    if not coal:
        if not explain:
            return None
        raise refuse("brass.no_coal", count=data.coal, location=location)
    iron = iron_supplies(state, data.iron)
    cost = data.money + coal[0].cost + iron[0].cost
    if cost > state.money[seat]:
        if not explain:
            return None
        raise refuse(
            "brass.cannot_afford_build",
            money=state.money[seat],
            cost=cost,
            tile=data.money,
            coal=coal[0].cost,
            iron=iron[0].cost,
            industry=industry,
            level=data.roman,
            location=location,
        )
    return BuildPlan(level, tuple(found), tuple(coal), tuple(iron), cost)


@cache
def _slots_for(location: str, industry: str) -> bool:
    """Whether ``location`` has any space showing ``industry`` (static: the printed board)."""
    return any(_slot_allows(s, industry) for s in C.locations()[location].slots)


@cache
def build_places(industry: str) -> tuple[str, ...]:
    """Locations (towns and farm breweries, board order) with a space for ``industry``."""
    return tuple(
        lid
        for lid, loc in C.locations().items()
        if loc.kind != "merchant" and _slots_for(lid, industry)
    )


@cache
def industry_cards(industry: str) -> frozenset[str]:
    """The cards that build ``industry`` anywhere in the network: its industry cards and the
    wild industry (B39)."""
    return frozenset(
        [C.WILD_INDUSTRY] + [c for c, inds in C.industry_card_builds().items() if industry in inds]
    )


def choose(options: list[str], given: str | None, param: str) -> str:
    """Pick the player's choice among ``options`` (asking only when there is a real choice)."""
    if given is None:
        if len(options) == 1:
            return options[0]
        raise refuse("brass.choose", param=param, moves=[f"{param}={o}" for o in options])
    if given not in options:
        if len(options) == 1:
            raise refuse(
                "brass.no_choice_here", param=param, value=given[:40], only=options[0] or "none"
            )
        moves = [f"{param}={o}" for o in options]
        raise refuse("brass.bad_choice", param=param, value=given[:40], moves=moves)
    return given


def slot_token(site: Site) -> str:
    """The notation of a site: its slot number, 1-based."""
    return str(site.slot + 1)


def site_choice(site: Site, seat: int, location: str) -> dict[str, Any]:
    """A slot choice in player terms, as a message of its own the catalog says in the reader's
    language (``slot=2 (cotton mill or coal mine space)``, ``slot=1 (overbuild your coal mine
    I)``): a list of them is named and joined by the catalog, never in English here (#28.2)."""
    if site.replaces is not None:
        old = site.replaces
        whose = "own" if old.owner == seat else "rival"
        params = {"industry": display_name(old.industry), "level": old.data.roman}
        return {
            "key": f"brass.slot_overbuild_{whose}",
            "params": {"slot": slot_token(site), **params},
        }
    icons = C.locations()[location].slots[site.slot].industries
    return {
        "key": "brass.slot_space",
        "params": {"slot": slot_token(site), "industries": [display_name(i) for i in icons]},
    }


def choose_site(
    state: State, sites_: tuple[Site, ...], given: str | None, seat: int, location: str
) -> Site:
    """The site the player named with ``slot=``, asking (with what each slot is) when several fit.

    A free space left out of ``sites_`` because an offered one shows the same icons is as allowed
    as that one, and the player chooses among equally allowed spaces (B41): naming it builds there.
    """
    tokens_ = [slot_token(s) for s in sites_]
    if given is None and len(sites_) == 1:
        return sites_[0]
    if given in tokens_:
        return sites_[tokens_.index(given)]
    alike = _alike_free_site(state, location, given, sites_)
    if alike is not None:
        return alike
    options = [site_choice(site, seat, location) for site in sites_]
    params = {"location_name": C.locations()[location].name, "options": options}
    if given is None:
        raise refuse("brass.choose_slot", **params)
    if len(sites_) == 1:
        raise refuse("brass.no_choice_here", param="slot", value=given[:40], only=tokens_[0])
    raise refuse("brass.bad_slot", value=given[:40], **params)


def _alike_free_site(
    state: State, location: str, given: str | None, sites_: tuple[Site, ...]
) -> Site | None:
    """The free space ``given`` names when ``sites_`` offers a free space with the same icons in
    its place (``sites`` lists identical spaces once), else ``None``."""
    if given is None or not given.isdigit():
        return None
    loc = C.locations()[location]
    index = int(given) - 1
    taken = {t.slot for t in tiles_at(state).get(location, ())}
    if not 0 <= index < len(loc.slots) or index in taken:
        return None
    icons = loc.slots[index].industries
    if any(s.replaces is None and loc.slots[s.slot].industries == icons for s in sites_):
        return Site(index, None)
    return None


def canonical_choices(
    state: State, seat: int, industry: str, location: str, kw: dict[str, str]
) -> None:
    """Drop from ``kw`` a ``slot=``/``coal=``/``iron=`` that leaves no choice, so that each build
    has one spelling (issue 11.5). A free space named in place of the identical one offered is
    kept: the player chose it (B41)."""
    try:
        p = plan(state, seat, industry, location)
    except IllegalAction:
        return  # the build is refused when applied, with its reason
    if "slot" in kw and len(p.sites) == 1 and kw["slot"] == slot_token(p.sites[0]):
        del kw["slot"]
    for name, supplies in (("coal", p.coal), ("iron", p.iron)):
        if name in kw and len(supplies) == 1 and kw[name] == supplies[0].token:
            del kw[name]


@dataclass(frozen=True)
class BuildChoice:
    """A checked build: its plan and the space, coal and iron the player chose."""

    plan: BuildPlan
    site: Site
    coal: Supply
    iron: Supply


def check_build(state: State, seat: int, action: Action) -> BuildChoice:
    """Raise the reason the build ``action`` is refused, or return what it will take: the card
    (B38, B39, B31), the tile, space, coal, iron and money (B40–B43, B48, B49)."""
    industry, location = action.args[0], action.args[1]
    card = action.get("card") or ""
    if card not in state.hands[seat]:
        raise refuse("brass.no_such_card", card=card[:40])
    p = plan(state, seat, industry, location)
    refusal = card_refusal(state, seat, card, industry, location)
    if refusal is not None:
        raise refusal
    site = choose_site(state, p.sites, action.get("slot"), seat, location)
    coal_choice = choose([s.token for s in p.coal], action.get("coal"), "coal")
    iron_choice = choose([s.token for s in p.iron], action.get("iron"), "iron")
    coal_supply = next(s for s in p.coal if s.token == coal_choice)
    iron_supply = next(s for s in p.iron if s.token == iron_choice)
    return BuildChoice(p, site, coal_supply, iron_supply)


def do_build(d: Draft, seat: int, action: Action) -> None:
    """Carry out a checked build on the draft: pay, take the cubes, place the tile with its own
    cubes, sell to the market (B43–B47, B50)."""
    state = d.base
    choice = checked(check_build, state, seat, action)
    industry, location = action.args[0], action.args[1]
    p, site, coal_supply, iron_supply = choice.plan, choice.site, choice.coal, choice.iron
    data = C.level(industry, p.level)

    # Pay and consume (B43, B19: affordability was checked against money before the action).
    d.discard(seat, action.get("card") or "")
    d.pay(seat, p.cost)
    d.coal = max(0, d.coal - coal_supply.market)
    d.iron = max(0, d.iron - iron_supply.market)
    if coal_supply.market:
        d.emit(
            "bought", seat=seat, count=coal_supply.market, resource="coal", money=coal_supply.cost
        )
    if iron_supply.market:
        d.emit(
            "bought", seat=seat, count=iron_supply.market, resource="iron", money=iron_supply.cost
        )
    if coal_supply.sources:
        d.emit(
            "used",
            count=len(coal_supply.sources),
            resource="coal",
            sources=list(coal_supply.sources),
        )
    if iron_supply.sources:
        d.emit(
            "used",
            count=len(iron_supply.sources),
            resource="iron",
            sources=list(iron_supply.sources),
        )
    d.take(coal_supply.sources + iron_supply.sources)
    if site.replaces is not None:
        old = d.tile_at(site.replaces.ref)
        d.set_tile(old, None)
        d.gone[old.owner] += 1
        d.emit("overbuilt", seat=seat, old_seat=old.owner, industry=industry, location=location)

    # Place the tile with its cubes (B44).
    k = C.INDUSTRIES.index(industry)
    d.mats[seat][k][p.level - 1] -= 1
    cubes = data.coal_out + data.iron_out + data.beer_out_in(state.era)  # B44, R24
    tile = Tile(location, site.slot, seat, industry, p.level, False, cubes)
    d.tiles.append(tile)
    d.places.append(location)
    d.emit("built", seat=seat, industry=industry, level=data.roman, location=location, money=p.cost)

    # Compulsory sale to the market (B46, D16): coal only when connected to a merchant location.
    resource = ""
    if industry == "coal_mine" and connected_to_merchant(state, location):
        resource = "coal"
    elif industry == "iron_works":
        resource = "iron"
    if resource and cubes:
        count = d.coal if resource == "coal" else d.iron
        moved, money, count = sell_to_market(resource, count, cubes)
        if resource == "coal":
            d.coal = count
        else:
            d.iron = count
        if moved:
            d.money[seat] += money
            d.emit("sold_to_market", seat=seat, count=moved, resource=resource, money=money)
            placed = replace(tile, cubes=cubes - moved)
            d.set_tile(tile, placed)
            if placed.cubes == 0:
                d.flip(placed)
    finish_action(d, seat)


def legal_builds(state: State, seat: int) -> list[str]:
    """Every legal build as canonical text (the cards first: only a place some card in hand
    allows is planned, B38, B39, B31)."""
    return [f"{head} card={card}" for head, cards in build_options(state, seat) for card in cards]


def build_options(state: State, seat: int) -> list[tuple[str, list[str]]]:
    """Every legal build without its card (``build <industry> <location>`` and the slot, coal
    and iron choices), with the cards in hand that may pay for it, in listing order."""
    hand = sorted(set(state.hands[seat]))
    out: list[tuple[str, list[str]]] = []
    anywhere = not has_pieces(state, seat)
    net = network(state, seat)
    kinds = C.locations()
    town_cards = {C.WILD_LOCATION}
    money = state.money[seat]
    for industry in C.INDUSTRIES:
        level = lowest_level(state, seat, industry)
        if not level:
            continue
        data = C.level(industry, level)
        if not data.buildable_in(state.era) or data.money > money:
            continue  # the same tile everywhere: not this era, or too dear anywhere (B40, B43)
        by_industry = industry_cards(industry)
        for location in build_places(industry):
            town = kinds[location].kind == "town"
            ok_industry = anywhere or location in net
            cards = [
                c
                for c in hand
                if (ok_industry and c in by_industry)
                or (town and (c == location or c in town_cards))
            ]
            if not cards:
                continue
            p = build_plan(state, seat, industry, location)
            if p is None:
                continue
            slots = [f" slot={slot_token(s)}" for s in p.sites] if len(p.sites) > 1 else [""]
            coals = [f" coal={s.token}" for s in p.coal] if len(p.coal) > 1 else [""]
            irons = [f" iron={s.token}" for s in p.iron] if len(p.iron) > 1 else [""]
            head = f"build {industry} {location}"
            out += [(f"{head}{s}{c}{i}", cards) for s in slots for c in coals for i in irons]
    return out
