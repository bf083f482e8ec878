"""The Sell action (B59–B66): one tile at a time to a connected merchant, with beer and bonus."""

from __future__ import annotations

from dataclasses import dataclass

from engines.base import IllegalAction
from engines.brass import components as C
from engines.brass.build import choose
from engines.brass.draft import Draft, checked, refuse
from engines.brass.moves import check_card
from engines.brass.network import connected
from engines.brass.notation import Action
from engines.brass.resources import MERCHANT_BEER, Supply, beer_supplies
from engines.brass.rounds import finish_action
from engines.brass.state import (
    ACT,
    SELL,
    Merchant,
    State,
    Tile,
    lowest_level,
    own_tiles,
    tile_token,
)

NO_DEVELOP = "none"


def sellable_tile(state: State, seat: int, location: str) -> Tile:
    """``seat``'s unflipped cotton mill, manufacturer or pottery at ``location`` (B59); a tile ref
    ``<location>.<slot>`` names one of several tiles of theirs in a location (R22)."""
    found = own_tiles(state, seat, location)
    if len(found) > 1:
        raise refuse(
            "brass.which_tile",
            location=location,
            moves=[t.ref for t in found],
        )
    for t in found:
        if t.industry not in C.SELLABLE:
            raise refuse("brass.not_sellable", industry=t.industry, location=t.location)
        if t.flipped:
            raise refuse("brass.already_sold", location=t.location)
        return t
    raise refuse("brass.no_tile_there", location=location[:30])


def merchant_options(state: State, tile: Tile) -> list[tuple[str, Merchant]]:
    """(token, merchant tile) pairs that buy ``tile`` and are connected to it (B60, B66)."""
    out: list[tuple[str, Merchant]] = []
    for loc in C.merchant_locations():
        if not connected(state, tile.location, loc):
            continue
        fits = [
            m
            for m in state.merchants
            if m.location == loc and tile.industry in C.merchant_accepts()[m.tile]
        ]
        for m in fits:
            out.append((m.ref if len(fits) > 1 else loc, m))
    return out


def develop_options(state: State, seat: int) -> list[str]:
    """Gloucester bonus choices: industries whose lowest tile may be developed, or none (D7)."""
    out = []
    for ind in C.INDUSTRIES:
        lvl = lowest_level(state, seat, ind)
        if lvl and C.level(ind, lvl).can_develop:
            out.append(ind)
    return out + [NO_DEVELOP]


def _beer(state: State, seat: int, tile: Tile, merchant: Merchant) -> list[Supply]:
    return beer_supplies(state, seat, tile.location, tile.data.beer_to_sell, merchant.beer)


def legal_sells(state: State, seat: int, with_card: bool) -> list[str]:
    """Every legal single-tile sale as canonical text."""
    out: list[str] = []
    cards = [f" card={c}" for c in sorted(set(state.hands[seat]))] if with_card else [""]
    for tile in state.tiles:
        if tile.owner != seat or tile.flipped or tile.industry not in C.SELLABLE:
            continue
        for token, merchant in merchant_options(state, tile):
            beers = _beer(state, seat, tile, merchant)
            for b in beers:
                btok = f" beer={b.token}" if len(beers) > 1 else ""
                devs = [""]
                if (
                    MERCHANT_BEER in b.sources
                    and C.merchant_bonus()[merchant.location][0] == "develop"
                ):
                    opts = develop_options(state, seat)
                    if len(opts) > 1:
                        devs = [f" develop={o}" for o in opts]
                for dv in devs:
                    for c in cards:
                        out.append(f"sell {tile_token(state, tile)} {token}{btok}{dv}{c}")
    return out


@dataclass(frozen=True)
class SaleChoice:
    """A checked sale: the tile, the merchant tile, the beer and the Gloucester development."""

    tile: Tile
    merchant: Merchant
    supply: Supply
    develop: str | None


def check_sell(state: State, seat: int, action: Action) -> SaleChoice:
    """Raise the reason the sale ``action`` is refused, or return what it takes: the card only
    with the first sale of an action (B59), a connected merchant buying the tile (B60, B66), its
    beer (B61, B64) and the Gloucester bonus's development (D7)."""
    card = action.get("card")
    if state.phase == SELL and card is not None:
        raise IllegalAction("brass.card_only_first")
    if state.phase == ACT:
        if card is None:
            raise IllegalAction("brass.sell_needs_card")
        check_card(state, seat, card)
    location, merchant_tok = action.args[0], action.args[1]
    beer, develop = action.get("beer"), action.get("develop")
    tile = sellable_tile(state, seat, location)
    options = merchant_options(state, tile)
    if not options:
        raise refuse("brass.no_merchant", industry=tile.industry, location=tile.location)
    tokens_ = [t for t, _ in options]
    if merchant_tok not in tokens_ and merchant_tok in C.merchant_locations():
        if not connected(state, tile.location, merchant_tok):
            raise refuse(
                "brass.merchant_not_connected", merchant=merchant_tok, location=tile.location
            )
        if not any(t.startswith(merchant_tok + ".") for t in tokens_):
            raise refuse(
                "brass.merchant_does_not_buy", merchant=merchant_tok, industry=tile.industry
            )
    token = choose(tokens_, merchant_tok, "merchant")
    merchant = next(m for t, m in options if t == token)
    beers = _beer(state, seat, tile, merchant)
    if not beers:
        raise refuse("brass.no_beer", count=tile.data.beer_to_sell, location=tile.location)
    btok = choose([b.token for b in beers], beer, "beer")
    supply = next(b for b in beers if b.token == btok)
    dev: str | None = None
    if MERCHANT_BEER in supply.sources and C.merchant_bonus()[merchant.location][0] == "develop":
        dev = choose(develop_options(state, seat), develop, "develop")
    elif develop is not None:
        raise refuse("brass.no_choice_here", param="develop", value=develop[:40], only="none")
    return SaleChoice(tile, merchant, supply, dev)


def do_sell(d: Draft, seat: int, action: Action) -> None:
    """Sell the checked tile: its beer, the merchant's bonus, the flip (B61–B63); the Sell action
    goes on while another of the player's tiles can be sold (B59), else it ends."""
    state = d.base
    choice = checked(check_sell, state, seat, action)
    tile, merchant, supply, dev = choice.tile, choice.merchant, choice.supply, choice.develop
    bonus_type, amount = C.merchant_bonus()[merchant.location]
    used_merchant = MERCHANT_BEER in supply.sources

    d.places.extend([tile.location, merchant.location])
    d.emit(
        "sold",
        seat=seat,
        industry=tile.industry,
        location=tile.location,
        merchant=merchant.location,
    )
    breweries = [s for s in supply.sources if s != MERCHANT_BEER]
    if breweries:
        d.emit("used", count=len(breweries), resource="beer", sources=breweries)
    d.take(breweries)
    if used_merchant:
        i = d.merchants.index(merchant)
        d.merchants[i] = Merchant(merchant.location, merchant.slot, merchant.tile, False)
        # The merchant's bonus (B62).
        if bonus_type == "vp":
            d.vp[seat] += amount
            d.emit("bonus_vp", seat=seat, vp=amount, merchant=merchant.location)
        elif bonus_type == "money":
            d.money[seat] += amount
            d.emit("bonus_money", seat=seat, money=amount, merchant=merchant.location)
        elif bonus_type == "income_spaces":
            d.advance_income(seat, amount)
            d.emit("bonus_income", seat=seat, spaces=amount, merchant=merchant.location)
        elif dev and dev != NO_DEVELOP:
            k = C.INDUSTRIES.index(dev)
            lvl = lowest_level(state, seat, dev)
            d.mats[seat][k][lvl - 1] -= 1
            d.gone[seat] += 1
            d.emit("bonus_develop", seat=seat, industry=dev, level=C.level(dev, lvl).roman)
    d.flip(d.tile_at(tile.ref))
    card = action.get("card")
    if card is not None:
        d.discard(seat, card)
    mid = d.restart(phase=SELL)
    if not legal_sells(mid, seat, with_card=False):
        finish_action(d, seat)
