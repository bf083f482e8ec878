"""How the computer judges an Imhotep position, in points (#24.2).

The final scoring run on an unfinished game (``scoring.final_breakdown``: points on the track,
the burial chamber's groups, the obelisk's places, decorations, statues and blue cards as they
stand) counts only stones already built in. An action that builds nothing (quarrying, loading a
stone) then looks worthless, and a search judging by it sails too early and quarries too late.
It also hands the obelisk's whole first place to a stack one stone ahead in round 1. ``scores``
counts the obelisk (side A) by ``obelisk_expected`` instead, the award of each seat's expected
place while the stacks can still change, and adds what a player sees the position is worth
besides:

- **the temple's tops**: each column topped now pays 1 point at the end of this round (I40) and,
  while nobody covers it, at later round ends too;
- **stones under way**: a stone on a ship in the harbour is nearly built (every ship sails
  before the round ends, I18), one on the sled is an action away from a ship, one in the quarry
  an action further (a quarry action brings three, I22); in the last round a stone that can no
  longer reach a ship is worth nothing (stones left count only to break a tie, I78);
- **cards still working**: an unplayed blue card is an action that does more than an ordinary
  one (I72–I75), a decoration goes on counting the stones built at its site for the rounds left
  (I68).

The ``policy`` the rollouts play (``engines.imhotep.ai``) uses ``stone_worth``: what one stone
brings its owner at a site now, roughly.
"""

from __future__ import annotations

import math

from engines.imhotep import components as C
from engines.imhotep.scoring import final_breakdown, obelisk_end_points, temple_tops
from engines.imhotep.state import EMPTY, Board

#: A stone on a ship still in the harbour, in points: about what a stone builds (the pyramid's
#: spaces average 2.4, a temple top pays a point a round, a card or an obelisk step 1–2), less
#: the chance that the ship goes where the owner would not have sent it.
ON_SHIP = 1.2
#: A stone on the sled: a load action short of a ship.
ON_SLED = 0.55
#: A stone in the quarry: a third of a quarry action short of the sled.
IN_QUARRY = 0.15
#: A temple top: the point it pays at this round's end; and the share of a point it may still
#: pay at each later round end (a top is often covered).
TOP_NOW = 1.0
TOP_LATER = 0.35
#: An unplayed blue card beyond the point it scores at the end (I70): the action it saves.
BLUE_USE = 0.6
#: Stones built at a site per round, about (a decoration's future, I68).
SITE_STONES_PER_ROUND = 3.0
#: How uncertain the obelisk's order still is, in stones of lead: ``OBELISK_SPREAD[0]`` in the
#: last round, ``OBELISK_SPREAD[1]`` more for each round after this one (0: as it stands).
OBELISK_SPREAD = (0.5, 0.5)


def rounds_after(state: Board) -> int:
    """Whole rounds still to come after the current one."""
    return max(0, C.ROUNDS - state.round)


def scores(state: Board) -> list[float]:
    """Each seat's standing in points: the final scoring as it stands plus the temple's tops, the
    stones under way and the cards still working (see the module docstring)."""
    sheets = final_breakdown(state)
    out = [float(sum(sheet.values())) for sheet in sheets]
    if state.over:
        return out
    later = rounds_after(state)
    last = later == 0
    if state.side("obelisk") == "A" and OBELISK_SPREAD[0] + OBELISK_SPREAD[1] > 0:
        now = obelisk_end_points(state)
        expected = obelisk_expected(state, OBELISK_SPREAD[0] + OBELISK_SPREAD[1] * later)
        out = [out[seat] - now[seat] + expected[seat] for seat in range(state.players)]
    tops = temple_tops(state.temple, C.temple_width(state.players))
    ships_left = [s for s, site in enumerate(state.docked) if not site]
    room = sum(state.ships[s].count(EMPTY) for s in ships_left) if state.ships else 0
    for seat in range(state.players):
        worth = out[seat]
        worth += tops.count(seat) * (TOP_NOW + TOP_LATER * later)
        for s in ships_left:
            worth += ON_SHIP * state.ships[s].count(seat)
        if last:
            # Only stones that still find a place on a ship this round count.
            worth += ON_SLED * min(state.sled[seat], room)
        else:
            worth += ON_SLED * state.sled[seat] + IN_QUARRY * state.quarry[seat]
        for card in state.cards[seat]:
            kind = C.card_type(card)
            if kind.colour == "blue" and not last:
                worth += BLUE_USE
            elif kind.colour == "green":
                # The stones still to come at its site, a third of a point each (I68).
                worth += later * SITE_STONES_PER_ROUND / 3.0
        out[seat] = worth
    return out


def obelisk_expected(state: Board, spread: float) -> list[float]:
    """Each seat's expected end-of-game obelisk award (I44–I46) while the stacks can still
    change: seat ``i`` finishes behind seat ``j`` with a logistic chance of their difference in
    ``spread`` stones, and takes the award at its expected place (interpolated between ranks).
    As it stands, one stone more than a rival is the whole difference between first and second
    place (10 points against 1 with two players) long before the stacks are final, and a search
    reading that chases a tie at once instead of building where stones pay now."""
    awards = [float(a) for a in C.obelisk_awards(state.players)] + [0.0]
    heights = state.obelisk
    out = []
    for i, mine in enumerate(heights):
        behind = 0.0
        for j, theirs in enumerate(heights):
            if j != i:
                z = max(-30.0, min(30.0, (theirs - mine) / spread))
                behind += 1.0 / (1.0 + math.exp(-z))
        low = int(behind)
        frac = behind - low
        top = min(low + 1, len(awards) - 1)
        out.append(awards[low] * (1.0 - frac) + awards[top] * frac)
    return out


def stone_worth(state: Board, seat: int, site: str, order: int = 0) -> float:
    """Roughly what the ``order``-th stone (0 first) unloaded at ``site`` brings ``seat`` now, in
    points: the pyramid's next spaces (I36), a temple top for the rounds it may last (I40), a
    burial stone next to its own (I42), a step up the obelisk (I44), a card from what is left on
    the market (I30)."""
    later = rounds_after(state)
    if site == "pyramid":
        if state.side("pyramid") == "A":
            table = C.pyramid_a_points()
            k = len(state.pyramid) + order
            return float(table[k]) if k < len(table) else 1.0
        return 2.2
    if site == "temple":
        return TOP_NOW + TOP_LATER * later
    if site == "burial_chamber":
        if state.side("burial_chamber") == "A":
            k = len(state.burial) + order
            # Next to one's own stone in the column above or the row before: a group grows.
            near = (k % 3 and len(state.burial) > k - 1 >= 0 and state.burial[k - 1] == seat) or (
                k >= 3 and len(state.burial) > k - 3 and state.burial[k - 3] == seat
            )
            return 2.5 if near else 1.2
        return 1.5
    if site == "obelisk":
        if state.side("obelisk") == "A":
            mine = state.obelisk[seat]
            best = max(h for s, h in enumerate(state.obelisk) if s != seat)
            return 2.5 if mine + 1 >= best else 1.0
        return 2.0
    # The market: a card while any is left (bow first takes first).
    left = sum(1 for c in state.offer if c) + (1 if state.pair else 0)
    return 1.8 if order < left else 0.0
