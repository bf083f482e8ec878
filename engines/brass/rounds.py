"""Turns and rounds: refilling hands, turn order, income and shortfall, the end (B15–B25, B76–B79)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event
from engines.brass import components as C
from engines.brass.draft import Draft, display_name, refuse
from engines.brass.state import ACT, OVER, SHORTFALL, State, Tile, income_level


def actions_in_round(round_no: int) -> int:
    """Round 1 has one action per turn, every later round two (B16)."""
    return 1 if round_no == 1 else 2


def finish_action(d: Draft, seat: int) -> None:
    """One action is done: the turn ends when none is left or the hand is empty."""
    d.phase = ACT
    d.actions_left -= 1
    if d.actions_left <= 0 or not d.hands[seat]:
        end_turn(d, seat)


def end_turn(d: Draft, seat: int) -> None:
    """Refill to 8 cards while the deck lasts (B21, B22), then the next player or round's end."""
    want = C.hand_size() - len(d.hands[seat])
    drawn = d.deck[:want] if want > 0 else []
    if drawn:
        del d.deck[: len(drawn)]
        d.hands[seat] += drawn
        d.events.append(Event("brass.drew", {"seat": seat, "count": len(drawn)}, reveals=True))
        d.events.append(
            Event(
                "brass.you_drew",
                {"cards": [display_name(c) for c in sorted(drawn)], "card_ids": sorted(drawn)},
                reveals=True,
                visible_to=(seat,),
            )
        )
    next_turn(d)


def next_turn(d: Draft) -> None:
    """Advance to the next player holding cards; end the round after the last one."""
    while True:
        d.pos += 1
        if d.pos >= len(d.order):
            end_round(d)
            return
        if d.hands[d.order[d.pos]]:
            d.actions_left = actions_in_round(d.round)
            d.phase = ACT
            return


def game_over(d: Draft) -> bool:
    """Every card is played: no deck and no hand (B24)."""
    return not d.deck and not any(d.hands)


def end_round(d: Draft) -> None:
    """The game ends at once when all cards are played (B24, D2); otherwise turn order, then
    income (B25)."""
    if game_over(d):
        d.phase = OVER
        d.pos = 0
        d.emit("game_over")
        return
    # Turn order: least money spent first, ties keep their order (B76).
    d.order = sorted(d.order, key=lambda s: d.spent[s])
    d.spent = [0] * d.players
    queue = []
    for seat in d.order:
        level = income_level(d.income[seat])
        if level >= 0:
            d.money[seat] += level
            d.emit("income", seat=seat, money=level)
        elif d.money[seat] >= -level:
            d.money[seat] += level
            d.emit("paid_income", seat=seat, money=-level)
        elif removable(d.tiles, seat):
            queue.append(seat)
            d.emit("shortfall", seat=seat, owed=-level, money=d.money[seat])
        else:
            pay_short(d, seat)
    d.shortfall = queue
    if queue:
        d.pos = 0  # the next round's first player; nobody's turn until the shortfall is settled
        d.phase = SHORTFALL
    else:
        start_round(d)


def start_round(d: Draft) -> None:
    """Begin the next round with the first player in turn order."""
    d.round += 1
    d.pos = -1
    d.emit("new_round", round=d.round, first_seat=d.order[0], order_seats=list(d.order))
    next_turn(d)


def tile_value(industry: str, level: int) -> int:
    """What the bank pays for a tile removed in a shortfall: half its cost, rounded down (B78)."""
    return C.level(industry, level).money // 2


def removable(tiles: Sequence[Tile], seat: int) -> list[str]:
    """Locations of ``seat``'s tiles worth at least £1 when removed (B78, B79)."""
    return [t.location for t in tiles if t.owner == seat and tile_value(t.industry, t.level) >= 1]


def pay_short(d: Draft, seat: int) -> None:
    """Pay all money; lose 1 VP per £1 still owed, not below 0 (B79)."""
    owed = -income_level(d.income[seat])
    short = owed - d.money[seat]
    d.money[seat] = 0
    lost = min(d.vp[seat], short)
    d.vp[seat] -= lost
    d.emit("lost_vp", seat=seat, vp=lost, owed=short)


def apply_remove(d: Draft, seat: int, location: str) -> None:
    """Remove one of the owner's tiles for half its cost; pay once the money covers it (B78)."""
    if location not in removable(d.tiles, seat):
        if any(t.owner == seat and t.location == location for t in d.tiles):
            raise refuse("brass.worth_nothing", location=location[:30])
        raise refuse("brass.no_tile_there", location=location[:30])
    tile = next(t for t in d.tiles if t.owner == seat and t.location == location)
    value = tile_value(tile.industry, tile.level)
    d.set_tile(tile, None)
    d.gone[seat] += 1
    d.money[seat] += value
    d.places.append(location)
    d.emit("removed", seat=seat, industry=tile.industry, location=location, money=value)
    owed = -income_level(d.income[seat])
    if d.money[seat] >= owed:
        d.money[seat] -= owed
        d.emit("paid_income", seat=seat, money=owed)
    elif not removable(d.tiles, seat):
        pay_short(d, seat)
    else:
        return
    d.shortfall.pop(0)
    if not d.shortfall:
        start_round(d)


def legal_removes(state: State, seat: int) -> list[str]:
    """The shortfall removals ``seat`` may choose (B78, D12)."""
    return [f"remove {loc}" for loc in sorted(set(removable(state.tiles, seat)))]
