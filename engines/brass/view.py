"""The public view of a state: everything on the table, nothing hidden (B23, D15, R50).

Full-game keys (for the renderer; every older key keeps its meaning):

- ``mode`` (``full`` / ``intro``), ``eras`` (the eras this game plays), ``era``, ``round`` (within
  the era, F6), ``rounds`` and ``rounds_in_era`` (rounds of the current era, R4),
  ``actions_per_turn`` (1 in canal round 1, else 2; R5).
- ``links[].kind``: ``canal`` or ``rail`` (the era the link was placed in).
- ``era_lines``: ``{"canal": [line ids], "rail": [line ids]}``, the lines each era may use (R32).
- ``tiles[].survivor``: a level-2+ tile built in the canal era, still on the board (R41).
- ``pending_link``: ``None``, or while a rail Network action may add its second link (phase
  ``link2``): ``{"seat", "first" (line), "first_coal" (tile refs, ``market`` per bought cube),
  "needs": {"coal": 1, "beer": 1, "money": 10}, "lines" (legal second lines), "coal_from",
  "beer_from" (tile refs, or ``market``, that some legal second link would take)}`` (R33–R37).
- ``sheet``: full game only (else ``None``): per seat ``{"in_play", "canal_links",
  "canal_industries", "rail_links", "rail_industries", "total"}`` (R47, R49); the canal columns
  are filled at the end of the canal era, the rail ones when the game is over.
"""

from __future__ import annotations

from typing import Any

from engines.brass import components as C
from engines.brass.resources import market_price
from engines.brass.scoring import FULL_CATEGORIES, sheet
from engines.brass.state import LINK2, OVER, State, income_level, lowest_level


def rounds_in_era(state: State) -> int:
    """Rounds of the current era: the full game's per-era length (R4), or the intro game's."""
    if state.mode == C.FULL:
        return C.rounds_per_era(state.players)
    return C.rounds_in_game(state.players)


def pending_link(state: State) -> dict[str, Any] | None:
    """The waiting second link of a rail Network action, with what it would take (R33–R37)."""
    if state.phase != LINK2 or not state.pending:
        return None
    from engines.brass.moves import second_link_options

    options = second_link_options(state, state.current)
    return {
        "seat": state.current,
        "first": state.pending[0],
        "first_coal": list(state.pending[1:]),
        "needs": {
            "coal": 1,
            "beer": 1,
            "money": C.rail_link_cost("double") - C.rail_link_cost("single"),
        },
        "lines": sorted({o.line for o in options}),
        "coal_from": sorted({r for o in options for r in o.coal_refs}),
        "beer_from": sorted({o.beer for o in options}),
    }


def _sheets(state: State) -> list[dict[str, int]] | None:
    if state.mode != C.FULL:
        return None
    out = []
    for s in range(state.players):
        row = sheet(state, s)
        row["total"] = sum(row[c] for c in FULL_CATEGORIES)
        out.append(row)
    return out


def make_view(state: State, to_act: list[int]) -> dict[str, Any]:
    """JSON-able public data for renderers and captions."""
    n = state.players
    return {
        "game": "brass",
        "players": n,
        "mode": state.mode,
        "eras": [C.CANAL, C.RAIL] if state.mode == C.FULL else [C.CANAL],
        "era": state.era,
        "round": state.round,
        "rounds": rounds_in_era(state),
        "rounds_in_era": rounds_in_era(state),
        "actions_per_turn": 1 if state.era == C.CANAL and state.round == 1 else 2,
        "phase": state.phase,
        "over": state.phase == OVER,
        "order": list(state.order),
        "current": None if state.phase == OVER else state.current,
        "actions_left": state.actions_left,
        "to_act": list(to_act),
        "shortfall": list(state.shortfall),
        "money": list(state.money),
        "spent": list(state.spent),
        "income_space": list(state.income),
        "income_level": [income_level(s) for s in state.income],
        "vp": list(state.vp),
        "links_left": list(state.links_left),
        "hand_sizes": [len(h) for h in state.hands],
        "deck": len(state.deck),
        "discard_top": [d[-1] if d else None for d in state.discards],
        # + the face-down card (B12); the rail era has none (R8).
        "discard_count": [len(d) + (1 if state.face_down else 0) for d in state.discards],
        "wild_location": state.wild_location,
        "wild_industry": state.wild_industry,
        "mats": [
            {
                ind: {
                    "left": sum(state.mats[s][k]),
                    "next_level": lowest_level(state, s, ind),
                    "counts": list(state.mats[s][k]),
                }
                for k, ind in enumerate(C.INDUSTRIES)
            }
            for s in range(n)
        ],
        "tiles": [
            {
                "location": t.location,
                "slot": t.slot,
                "owner": t.owner,
                "industry": t.industry,
                "level": t.level,
                "roman": t.data.roman,
                "flipped": t.flipped,
                "cubes": t.cubes,
                "vp": t.data.vp,
                "link_vp": t.data.link_vp,
                "survivor": t.survivor,
            }
            for t in state.tiles
        ],
        "links": [{"line": line, "owner": owner, "kind": state.era} for line, owner in state.links],
        "era_lines": {C.CANAL: list(C.canal_lines()), C.RAIL: list(C.rail_lines())},
        "pending_link": pending_link(state),
        "sheet": _sheets(state),
        "markets": {
            "coal": {
                "cubes": state.coal,
                "capacity": C.market("coal").capacity,
                "price": market_price("coal", state.coal, C.coal_price_when_empty()),
                "price_when_empty": C.coal_price_when_empty(),
            },
            "iron": {
                "cubes": state.iron,
                "capacity": C.market("iron").capacity,
                "price": market_price("iron", state.iron, state.iron_empty_price),
                "price_when_empty": state.iron_empty_price,
            },
        },
        "merchants": [
            {"location": m.location, "slot": m.slot, "tile": m.tile, "beer": m.beer}
            for m in state.merchants
        ],
        "last": {
            "seat": state.last_seat if state.last_seat >= 0 else None,
            "text": state.last_text,
            "places": list(state.last_places),
        },
        "moves": state.moves,
        "approximate": {"board_positions": True},
    }
