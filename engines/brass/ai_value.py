"""What a Brass position is worth to each seat: the VP it will probably end the game with.

The evaluation behind the computer players (``engines.brass.ai``), written down in
docs/games/brass.md ("What the computer values"). Everything here reads public information only
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
from engines.brass.state import OVER, State, Tile, income_level

#: VP a pound is worth while the seat has rounds to spend it (a build of £10–£20 brings 5–12 VP,
#: its links and an income step).
POUND = 0.3
#: Money beyond this buys little more before the next income: it counts at a quarter.
USEFUL_MONEY = 30
#: Pounds kept for the next turn count half again (see ``money_value``).
RESERVE = 8
#: Income levels gained per progress space, roughly (B74: two spaces a level at levels 1–10).
LEVELS_PER_SPACE = 0.5
#: Chance that an unflipped tile flips before it is scored, and in how many rounds its income
#: starts, by what it still needs.
P_SALE_READY = (0.85, 1)  # connected to a merchant that buys it, beer in reach: a Sell away
P_SALE_CONNECTED = (0.7, 3)  # connected to a buyer, no beer in reach yet
P_SALE_NEAR = (0.6, 4)  # one free line from a place connected to a buyer
P_SALE_FAR = (0.45, 6)
P_COAL_MARKET = 0.6  # a mine connected to a merchant: builds nearby take its coal first
P_COAL = 0.4
P_IRON = 0.6  # anyone's build or develop takes iron from any works (B33)
P_BEER = 0.35  # beer goes only to sales (and rail doubles), B34, R37
#: Rounds before a mine's, works' or brewery's cubes are used up, roughly.
RESOURCE_DELAY = 3
#: Share of the icons of unflipped tiles next to a link that is counted.
UNFLIPPED_ICONS = 0.4
#: VP owed per industry whose lowest mat tile cannot be built in the rail era (R23), in the rail
#: era and (less: it may still be built before then) in the canal era.
BLOCKED = {C.RAIL: 1.5, C.CANAL: 0.5}


def rounds_left(state: State) -> int:
    """Rounds still to play, this one included (both eras' in the canal era of a full game)."""
    if state.phase == OVER:
        return 0
    if state.mode == C.FULL:
        per = C.rounds_per_era(state.players)
        return per - state.round + 1 + (per if state.era == C.CANAL else 0)
    return C.rounds_in_game(state.players) - state.round + 1


def era_rounds_left(state: State) -> int:
    """Rounds still to play in this era, this one included."""
    if state.phase == OVER:
        return 0
    per = (
        C.rounds_per_era(state.players) if state.mode == C.FULL else C.rounds_in_game(state.players)
    )
    return max(0, per - state.round + 1)


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
    """How likely ``tile`` (unflipped) is to flip before it is scored, and in how many rounds."""
    industry = tile.industry
    if industry in C.SELLABLE:
        buyers = _buyers(state, tile.location, industry)
        if buyers:
            p, delay = P_SALE_READY if _beer_in_reach(state, tile, buyers) else P_SALE_CONNECTED
        elif _buyer_one_line_away(state, tile.location, industry):
            p, delay = P_SALE_NEAR
        else:
            p, delay = P_SALE_FAR
    else:
        delay = RESOURCE_DELAY
        if industry == "coal_mine":
            near_market = any(connected(state, tile.location, m) for m in C.merchant_locations())
            p = (P_COAL_MARKET if near_market else P_COAL) ** max(1.0, tile.cubes / 3)
        elif industry == "iron_works":
            p = P_IRON ** max(1.0, tile.cubes / 3)
        else:
            p = P_BEER ** max(1.0, tile.cubes / 2)
    if tile.data.removed_at_end_of_canal_era and state.era == C.CANAL:
        # A level-1 tile not flipped by the canal era's end is gone (R17).
        p *= min(1.0, era_rounds_left(state) / (delay + 1))
    return p, delay


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
    """What one more pound is worth now, in VP: it buys builds only through actions, so less in
    the last rounds and nothing in the game's last round (no income follows it, R12, and money
    scores nothing, R46): what is left then should be spent on anything that scores."""
    left = rounds_left(state)
    return POUND * min(1.0, (left - 1) / 3) if left > 1 else 0.0


def money_value(state: State, seat: int) -> float:
    """The seat's money in VP (see ``pound``; past ``USEFUL_MONEY`` it counts at a quarter, the
    first ``RESERVE`` pounds half again)."""
    money = state.money[seat]
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
    for line, owner in state.links:
        if full:
            out[owner] += link_points(state, line)
        for end in C.lines()[line].ends:
            for tile in _tiles_at(state, end):
                if not tile.flipped:
                    out[owner] += UNFLIPPED_ICONS * chances[tile] * tile.data.link_vp
    for s in range(players):
        out[s] += income_value(state, s) - BLOCKED[state.era] * blocked(state, s)
        if full:
            out[s] += money_value(state, s)
    return out


def _tiles_at(state: State, location: str) -> list[Tile]:
    got: dict[str, list[Tile]] | None = state.memo.get("ai_tiles_at")
    if got is None:
        got = {}
        for t in state.tiles:
            got.setdefault(t.location, []).append(t)
        state.memo["ai_tiles_at"] = got
    return got.get(location, [])
