"""What a Brass position is worth to each seat: the VP it will probably end the game with.

The evaluation behind the computer players (``engines.brass.ai``), written down in
docs/games/brass.md ("How the computer judges a position"). Everything here reads public information only
(tiles, links, merchants, money, income, mats: B23, D15), so it is the same for every sample of a
search.

A seat's projected final score adds:

* the VP already on the track (merchant bonuses, the canal era's scoring once done: R14, R16);
* each flipped tile's VP for every scoring still to come: a canal-era tile of level 2 or more
  scores at the canal end and again at the game's end (R16, R41, R43, R46), a level-1 tile once
  (R17), a rail-era tile once;
* each unflipped tile's VP and its flip's income, times how likely it is to flip: a cotton mill,
  manufacturer or pottery connected to a merchant that buys it, with beer in reach, is a sale
  away (B59–B63); one not yet connected is a link away; a mine, works or brewery flips as others
  use its cubes (B35); a level-1 tile still unflipped when the canal era ends is lost (R17);
* each link's VP: the icons of flipped tiles next to it and 2 per merchant (B80.1, D14), and part
  of the icons of unflipped tiles there (they may flip before the era's scoring);
* money while it can still be spent: what it buys scores, but only through actions, so a pound
  is worth less once the seat holds more than a build or two needs, less in the last rounds and
  nothing once the game is over (R46: money scores nothing in the full game);
* income: a level is that pound again in every round still to come (B77), so raising it early
  pays and a loan (B67: £30 now, 3 levels for the rest of the game) pays only when its money
  funds builds soon and few rounds are left to pay for it;
* a small debt for industries whose next tile cannot be built in the rail era (R23): only
  developing it away (R29) opens the industry again.
"""

from __future__ import annotations

from functools import cache

from engines.brass import components as C
from engines.brass.network import connected
from engines.brass.scoring import final_result, link_points
from engines.brass.state import ACT, LINK2, OVER, SELL, SHORTFALL, State, Tile, income_level

#: VP a pound is worth while the seat has rounds to spend it (a build of £10–£20 brings 5–12 VP,
#: its links and an income step).
POUND = 0.3
#: Money beyond this buys little more before the next income: it counts at a quarter.
USEFUL_MONEY = 30
#: Pounds kept for the next turn count half again (see ``money_value``).
RESERVE = 8
#: Pounds one turn's two actions put into what scores, at most, late in the game (a level-3 or
#: 4 tile with its coal and iron, or a double rail and a link): money beyond what the seat's
#: turns still to come can spend, its income to come counted, is worth nothing (R46).
SPEND_PER_TURN = 30
#: ... but a seat's last turn of the game spends only on what scores at once (a link, a tile sold
#: in the same turn, B59; a double rail link with its beer, R33, R37), with the two cards left in
#: hand (B20): in 4-player self-play it spent £13 (median) and kept £17 of the £30 it came with.
#: Money beyond this and the income still to come is spent in the rounds before, or lost.
SPEND_LAST_TURN = 15
#: Income levels gained per progress space, roughly (B74: two spaces a level at levels 1–10).
LEVELS_PER_SPACE = 0.5
#: Chance that an unflipped tile flips before it is scored, and in how many rounds its income
#: starts, by what it still needs.
P_SALE_READY = (0.85, 1)  # connected to a merchant that buys it, beer in reach: a Sell away
P_SALE_CONNECTED = (0.6, 3)  # connected to a buyer, no beer in reach yet: a brewery first
P_SALE_NEAR = (0.6, 4)  # one free line from a place connected to a buyer
P_SALE_FAR = (0.45, 6)
P_COAL_MARKET = 0.6  # a mine connected to a merchant: builds nearby take its coal first
P_COAL = 0.4
P_IRON = 0.6  # anyone's build or develop takes iron from any works (B33)
P_BEER = 0.35  # beer goes only to sales (and rail doubles), B34, R37
#: ... but a brewery whose owner has goods waiting for beer is emptied by the owner's own sales
#: (own beer may come from anywhere, B34): it flips with them.
P_OWN_BEER = 0.7
#: Rounds before a mine's, works' or brewery's cubes are used up, roughly.
RESOURCE_DELAY = 3
#: Share of the icons of unflipped tiles next to a link that is counted.
UNFLIPPED_ICONS = 0.4
#: Link icons a free building space of a town is expected to bring by the link's scoring, when
#: the whole era is still to come (less as it passes): towns fill up, and a link into a town of
#: many spaces (Birmingham's four) scores more than its tiles show today (B80.1, R14, R46).
FUTURE_ICONS = 0.5
#: VP owed per industry whose lowest mat tile cannot be built in the rail era (R23), in the rail
#: era and (less: it may still be built before then) in the canal era.
BLOCKED = {C.RAIL: 1.5, C.CANAL: 0.5}
#: Share of the next tiles' VP counted (``mat_quality``), in full while ``MAT_TURNS`` turns or
#: more are left.
MAT = 0.4
MAT_TURNS = 6


def rounds_left(state: State) -> int:
    """Rounds still to play, this one included (both eras' in the canal era of a full game)."""
    if state.phase == OVER:
        return 0
    if state.mode == C.FULL:
        per = C.rounds_per_era(state.players)
        # Round 0 is the rail era's deal (R19–R21): its income was paid after the canal era.
        return per - max(1, state.round) + 1 + (per if state.era == C.CANAL else 0)
    return C.rounds_in_game(state.players) - state.round + 1


def era_rounds_left(state: State) -> int:
    """Rounds still to play in this era, this one included."""
    if state.phase == OVER:
        return 0
    per = (
        C.rounds_per_era(state.players) if state.mode == C.FULL else C.rounds_in_game(state.players)
    )
    return max(0, per - max(1, state.round) + 1)


def turns_to_come(state: State, seat: int, era_only: bool = False) -> int:
    """How many more turns ``seat`` plays: the rest of this round's (its turn under way or still
    to come in the turn order, B15) and one per later round, in this era only or to the game's
    end. A tile that needs its owner's Sell action (B59) flips only in one of them."""
    if state.phase == OVER:
        return 0
    later = (era_rounds_left if era_only else rounds_left)(state) - 1
    at = state.order.index(seat) if seat in state.order else -1
    mid = at == state.pos and state.actions_left > 0 and state.phase in (ACT, SELL, LINK2)
    this_round = 1 if (at > state.pos and state.phase != SHORTFALL) or mid else 0
    return max(0, later) + this_round


def scorings_left(state: State, tile: Tile) -> int:
    """How many more times ``tile`` scores its VP if it is flipped (R16, R17, R43, R46)."""
    if state.phase == OVER:
        return 0
    if state.mode == C.FULL and state.era == C.RAIL:
        return 1
    # The canal era's scoring, then the game's end for a tile that survives (full game), or the
    # introductory game's second score of a level-2+ tile (B80.5).
    return 1 if tile.data.removed_at_end_of_canal_era else 2


def flip_chance(state: State, tile: Tile) -> tuple[float, int]:
    """How likely ``tile`` (unflipped) is to flip before it is scored, and in how many rounds.

    A cotton mill, manufacturer or pottery flips only by its owner's Sell action (B59), so only
    in one of the owner's turns still to come, before the canal era's end for a level-1 tile
    (R17), before the game's end for any other: one built after its owner's last turn never
    flips. A mine, works or brewery flips as anyone uses its cubes, over the rounds left."""
    industry = tile.industry
    lost_at_canal_end = tile.data.removed_at_end_of_canal_era and state.era == C.CANAL
    if industry in C.SELLABLE:
        buyers = _buyers(state, tile.location, industry)
        if buyers:
            ready = _beer_in_reach(state, tile, buyers)
            (p, delay), need = (P_SALE_READY, 1) if ready else (P_SALE_CONNECTED, 2)
        elif _buyer_one_line_away(state, tile.location, industry):
            (p, delay), need = P_SALE_NEAR, 2
        else:
            (p, delay), need = P_SALE_FAR, 3
        turns = turns_to_come(state, tile.owner, era_only=lost_at_canal_end)
        return p * min(1.0, turns / need), delay
    delay = RESOURCE_DELAY
    if industry == "coal_mine":
        near_market = any(connected(state, tile.location, m) for m in C.merchant_locations())
        p = (P_COAL_MARKET if near_market else P_COAL) ** max(1.0, tile.cubes / 3)
    elif industry == "iron_works":
        p = P_IRON ** max(1.0, tile.cubes / 3)
    else:
        p = P_BEER ** max(1.0, tile.cubes / 2)
        if _goods_waiting(state, tile.owner):
            p = max(p, P_OWN_BEER)
    # Others use the cubes over the rounds left: a level-1 tile not flipped by the canal era's
    # end is gone (R17), any tile not flipped by the game's end scores nothing (R46).
    left = era_rounds_left(state) if lost_at_canal_end else rounds_left(state)
    return p * min(1.0, left / (delay + 1)), delay


def _goods_waiting(state: State, seat: int) -> bool:
    """Whether ``seat`` has an unflipped cotton mill, manufacturer or pottery that needs beer
    and is connected to a merchant that buys it (its sale will take the seat's own beer)."""
    key = ("ai_goods_waiting", seat)
    got: bool | None = state.memo.get(key)
    if got is None:
        got = state.memo[key] = any(
            t.owner == seat
            and not t.flipped
            and t.industry in C.SELLABLE
            and t.data.beer_to_sell
            and _buyers(state, t.location, t.industry)
            for t in state.tiles
        )
    return got


def _buyers(state: State, location: str, industry: str) -> list[str]:
    """Merchant locations connected to ``location`` with a tile that buys ``industry``."""
    return [
        m.location
        for m in state.merchants
        if industry in C.merchant_accepts()[m.tile] and connected(state, location, m.location)
    ]


def _buyer_one_line_away(state: State, location: str, industry: str) -> bool:
    """Whether one more link from ``location`` (or a place connected to it) on a free line of
    the era would reach a merchant that buys ``industry``."""
    taken = {line for line, _ in state.links}
    for line in _lines_at(state.era).get(location, ()):
        if line in taken:
            continue
        for end in C.lines()[line].ends:
            if end != location and _buyers(state, end, industry):
                return True
            if C.locations()[end].kind == "merchant" and any(
                m.location == end and industry in C.merchant_accepts()[m.tile]
                for m in state.merchants
            ):
                return True
    return False


@cache
def _lines_at(era: str) -> dict[str, tuple[str, ...]]:
    """Location → the lines of ``era`` touching it (B26, R32)."""
    out: dict[str, list[str]] = {}
    for line in C.era_lines(era):
        for end in C.lines()[line].ends:
            out.setdefault(end, []).append(line)
    return {k: tuple(v) for k, v in out.items()}


def _beer_in_reach(state: State, tile: Tile, buyers: list[str]) -> bool:
    need = tile.data.beer_to_sell
    if need == 0:
        return True
    barrels = sum(
        t.cubes
        for t in state.tiles
        if t.industry == "brewery"
        and t.cubes
        and (t.owner == tile.owner or connected(state, tile.location, t.location))
    )
    merchant = any(m.beer and m.location in buyers for m in state.merchants)
    return barrels + merchant >= need


def pound(state: State, seat: int) -> float:
    """What one more pound is worth now, in VP: it buys builds and links only in the seat's
    turns still to come, so it is worth less in its last two and nothing once its last turn of
    the game is played (money scores nothing, R46): what is left then is spent on what scores."""
    return POUND * min(1.0, turns_to_come(state, seat) / 3)


def spendable(state: State, seat: int) -> int:
    """Pounds the seat's turns still to come can spend, its income still to come deducted:
    ``SPEND_LAST_TURN`` in its last turn of the game and ``SPEND_PER_TURN`` in each before it,
    less the income paid at each round end before the game's last round (B77, R12). Money
    beyond it, at the game's end, scores nothing (R46), so what the last rounds cannot spend is
    better spent now: with a high income, already in the second-last round."""
    turns = turns_to_come(state, seat)
    if turns == 0:
        return 0
    incoming = income_level(state.income[seat]) * max(0, rounds_left(state) - 1)
    return max(0, SPEND_LAST_TURN + SPEND_PER_TURN * (turns - 1) - incoming)


def money_value(state: State, seat: int) -> float:
    """The seat's money in VP (see ``pound``; past ``USEFUL_MONEY`` it counts at a quarter, the
    first ``RESERVE`` pounds half again; past what its turns to come can spend, nothing:
    ``spendable``)."""
    money = min(state.money[seat], spendable(state, seat))
    useful = min(money, USEFUL_MONEY) + 0.25 * max(0, money - USEFUL_MONEY)
    # The first few pounds pay for the next turn's link or cheap tile: without them it is a pass.
    useful += 0.5 * min(money, RESERVE)
    return pound(state, seat) * useful


def income_value(state: State, seat: int) -> float:
    """The income still to come, in VP: the level once per round end left (B77; no income after
    the game's last round, R12)."""
    return POUND * max(0, rounds_left(state) - 1) * income_level(state.income[seat])


def blocked(state: State, seat: int) -> int:
    """Industries whose lowest mat tile cannot be built in the rail era while later ones could."""
    if state.mode != C.FULL or state.phase == OVER:
        return 0
    return _blocked(state.mats[seat])


@cache
def _blocked(mat: tuple[tuple[int, ...], ...]) -> int:
    out = 0
    for k, industry in enumerate(C.INDUSTRIES):
        counts = mat[k]
        lowest = next((i + 1 for i, n in enumerate(counts) if n), 0)
        if lowest and not C.level(industry, lowest).rail_era and sum(counts[lowest:]):
            out += 1
    return out


def mat_quality(state: State, seat: int) -> float:
    """What the seat's next tiles are worth, in VP: the VP of the lowest tile of each industry
    that may be built in this era (the rail era's, for a level-1 tile that is not), counted at
    ``MAT`` while turns are left to build them. Building or developing (B55) a poor tile away
    reaches a better one: an experienced player develops towards the Pottery III and V, the
    Cotton Mill III and IV, and so on, before building them."""
    if state.mode != C.FULL or state.phase == OVER:
        return 0.0
    turns = turns_to_come(state, seat)
    return MAT * min(1.0, turns / MAT_TURNS) * _next_vp(state.mats[seat], state.era)


@cache
def _next_vp(mat: tuple[tuple[int, ...], ...], era: str) -> int:
    out = 0
    for k, industry in enumerate(C.INDUSTRIES):
        for i, n in enumerate(mat[k]):
            data = C.level(industry, i + 1)
            if n and data.buildable_in(era):
                out += data.vp
                break
    return out


def projected(state: State) -> list[float]:
    """Each seat's projected final VP (see the module docstring)."""
    if state.phase == OVER:
        return [float(x) for x in final_result(state).scores]
    players = state.players
    full = state.mode == C.FULL
    if full:
        out = [float(state.vp[s]) for s in range(players)]
    else:
        # The introductory game's final scoring as if it ended now: flipped tiles (twice from
        # level 2), links, money and income are in it already (B80).
        out = [float(x) for x in final_result(state).scores]
    left = rounds_left(state)
    chances: dict[Tile, float] = {}
    for tile in state.tiles:
        if tile.flipped:
            if full:
                out[tile.owner] += tile.data.vp * scorings_left(state, tile)
            continue
        p, delay = flip_chance(state, tile)
        chances[tile] = p
        income_rounds = max(0, left - 1 - delay)
        out[tile.owner] += p * (
            tile.data.vp * scorings_left(state, tile)
            + POUND * LEVELS_PER_SPACE * income_rounds * tile.data.income_spaces
        )
    # Free spaces fill as the era goes on (this round's turns still to come count too).
    per = C.rounds_per_era(players) if full else C.rounds_in_game(players)
    future = FUTURE_ICONS * max(0, era_rounds_left(state) - 0.5) / per
    for line, owner in state.links:
        if full:
            out[owner] += link_points(state, line)
        for end in C.lines()[line].ends:
            for tile in _tiles_at(state, end):
                if not tile.flipped:
                    out[owner] += UNFLIPPED_ICONS * chances[tile] * tile.data.link_vp
            out[owner] += future * _free_spaces(state, end)
    for s in range(players):
        # An industry blocked for the rail era costs a Develop action, worth less as the game's
        # turns run out and nothing after the seat's last one.
        debt = BLOCKED[state.era] * blocked(state, s) * min(1.0, turns_to_come(state, s) / 3)
        out[s] += income_value(state, s) - debt + mat_quality(state, s)
        if full:
            out[s] += money_value(state, s)
    return out


def _free_spaces(state: State, location: str) -> int:
    """Building spaces of ``location`` with no tile (0 for a merchant)."""
    return len(C.locations()[location].slots) - len(_tiles_at(state, location))


def _tiles_at(state: State, location: str) -> list[Tile]:
    got: dict[str, list[Tile]] | None = state.memo.get("ai_tiles_at")
    if got is None:
        got = {}
        for t in state.tiles:
            got.setdefault(t.location, []).append(t)
        state.memo["ai_tiles_at"] = got
    return got.get(location, [])
