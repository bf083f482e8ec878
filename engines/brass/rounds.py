"""Turns and rounds: refilling hands, turn order, income and shortfall, the end of the canal era
and of the game (B15–B25, B76–B79; full game R3–R21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.brass import components as C
from engines.brass.draft import Draft, checked, refuse
from engines.brass.notation import Action
from engines.brass.state import (
    ACT,
    DEAL,
    DRAW,
    OVER,
    SHORTFALL,
    State,
    Tile,
    income_level,
    own_tiles,
    tile_token,
)


def actions_in_round(round_no: int, era: str = C.CANAL) -> int:
    """Round 1 of the canal era has one action per turn, every other round two, round 1 of the
    rail era included (B16, R5)."""
    return 1 if round_no == 1 and era == C.CANAL else 2


def finish_action(d: Draft, seat: int) -> None:
    """One action is done: the turn ends when none is left or the hand is empty."""
    d.phase = ACT
    d.actions_left -= 1
    if d.actions_left <= 0 or not d.hands[seat]:
        end_turn(d, seat)


def end_turn(d: Draft, seat: int) -> None:
    """Refill to 8 cards while the deck lasts (B21, B22), then the next player or round's end.
    The refill is a chance node (``engines.brass.chance``, which passes the turn on after it);
    with a full hand or an empty deck the turn passes at once."""
    if len(d.hands[seat]) < C.hand_size() and d.base.deck:
        d.phase = DRAW
        return
    next_turn(d)


def next_turn(d: Draft) -> None:
    """Advance to the next player holding cards; end the round after the last one."""
    while True:
        d.pos += 1
        if d.pos >= len(d.order):
            end_round(d)
            return
        if d.hands[d.order[d.pos]]:
            d.actions_left = actions_in_round(d.round, d.era)
            d.phase = ACT
            return


def cards_out(d: Draft) -> bool:
    """Every card of the era is played: no deck and no hand (B24, R3)."""
    return not d.deck and not any(d.hands)


def game_over(d: Draft) -> bool:
    """The game's last round is over: every card played in the intro game's canal era (B24) or
    in the full game's rail era (R12)."""
    return cards_out(d) and (d.base.mode != C.FULL or d.era == C.RAIL)


def end_round(d: Draft) -> None:
    """The game ends at once when its last round is over (B24, D2, R12); otherwise turn order,
    then income (B25, R10) — after the last canal round too (R11, F1)."""
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
    """Begin the next round with the first player in turn order; after the last canal round
    (its income settled, F1), the end of the canal era first (R13)."""
    if cards_out(d):
        end_canal_era(d)
        return
    d.round += 1
    d.pos = -1
    d.emit("new_round", round=d.round, first_seat=d.order[0], order_seats=list(d.order))
    next_turn(d)


def tile_value(industry: str, level: int) -> int:
    """What the bank pays for a tile removed in a shortfall: half its cost, rounded down (B78)."""
    return C.level(industry, level).money // 2


def removable(tiles: Sequence[Tile], seat: int) -> list[Tile]:
    """``seat``'s tiles worth at least £1 when removed (B78, B79)."""
    return [t for t in tiles if t.owner == seat and tile_value(t.industry, t.level) >= 1]


def pay_short(d: Draft, seat: int) -> None:
    """Pay all money; lose 1 VP per £1 still owed, not below 0 (B79, F8)."""
    owed = -income_level(d.income[seat])
    short = owed - d.money[seat]
    d.money[seat] = 0
    lost = min(d.vp[seat], short)
    d.vp[seat] -= lost
    if lost:
        d.emit("lost_vp", seat=seat, vp=lost, owed=short)
    else:
        # Nothing to take: saying "lost 0 VP" reads like a mistake (#12.4).
        d.emit("short_no_vp", seat=seat, owed=short)


def check_remove(state: State, seat: int, action: Action) -> Tile:
    """Raise the reason a shortfall removal is refused, or return the tile it removes: one of
    the owner's own tiles worth at least £1 (B78); a tile ref names one of several tiles of
    theirs in a location (R22)."""
    location = action.args[0]
    found = own_tiles(state, seat, location)
    if len(found) > 1:
        raise refuse("brass.which_tile", location=location[:30], moves=[t.ref for t in found])
    if not found:
        raise refuse("brass.no_tile_there", location=location[:30])
    tile = found[0]
    if tile_value(tile.industry, tile.level) < 1:
        raise refuse("brass.worth_nothing", location=tile.location)
    return tile


def do_remove(d: Draft, seat: int, action: Action) -> None:
    """Remove the tile for half its cost; pay once the money covers it (B78), or pay short
    when nothing worth £1 is left (B79); the round starts when every shortfall is settled."""
    tile = checked(check_remove, d.base, seat, action)
    value = tile_value(tile.industry, tile.level)
    d.set_tile(tile, None)
    d.gone[seat] += 1
    d.money[seat] += value
    d.places.append(tile.location)
    d.emit("removed", seat=seat, industry=tile.industry, location=tile.location, money=value)
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


def do_done(d: Draft, seat: int, action: Action) -> None:
    """End a Sell action, or a rail Network action without its second link (B59, R33)."""
    d.pending = ()
    finish_action(d, seat)


def legal_removes(state: State, seat: int) -> list[str]:
    """The shortfall removals ``seat`` may choose (B78, D12)."""
    return sorted({f"remove {tile_token(state, t)}" for t in removable(state.tiles, seat)})


def end_canal_era(d: Draft) -> None:
    """The end-of-canal-era sequence, exactly in the rulebook's order, no decision (R13–R21)."""
    from engines.brass.scoring import link_points

    board = d.freeze()  # every link valued against the same board (R14)
    # R14: score canal links; R15: remove them, 14 link tiles each again (F5).
    link_vp = [0] * d.players
    for line, owner in d.links:
        link_vp[owner] += link_points(board, line)
    d.links = []
    d.links_left = [C.link_tiles_per_player()] * d.players
    # R16: score flipped industries (level 1 included).
    tile_vp = [0] * d.players
    for t in d.tiles:
        if t.flipped:
            tile_vp[t.owner] += t.data.vp
    for seat in range(d.players):
        d.vp[seat] += link_vp[seat] + tile_vp[seat]
        d.canal_scores[seat] = (link_vp[seat], tile_vp[seat])
    for seat in d.order:
        d.emit("canal_scored", seat=seat, links=link_vp[seat], industries=tile_vp[seat])
    # R17: level-1 tiles leave the game; R41: the others survive as they are.
    kept = []
    for t in d.tiles:
        if t.data.removed_at_end_of_canal_era:
            d.gone[t.owner] += 1
        else:
            kept.append(replace(t, survivor=True))
    removed = len(d.tiles) - len(kept)
    d.tiles = kept
    # R18: one barrel beside every non-blank merchant tile.
    d.merchants = [
        replace(m, beer=True) if C.merchant_accepts()[m.tile] else m for m in d.merchants
    ]
    # R21: the rail era, its first round in the turn order just set (R10), 2 actions per turn;
    # first R19 and R20 (a new deck of every card, 8 each): a chance node, ``engines.brass.chance``.
    d.era = C.RAIL
    d.round = 0
    d.phase = DEAL
    dealt = C.hand_size() * d.players
    d.emit("rail_era", removed=removed, deck=len(C.deck_cards(d.players)) - dealt)
