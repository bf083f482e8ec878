"""The public view of a state: everything on the table, nothing hidden (B23, D15)."""

from __future__ import annotations

from typing import Any

from engines.brass import components as C
from engines.brass.resources import market_price
from engines.brass.state import OVER, State, income_level, lowest_level


def make_view(state: State, to_act: list[int]) -> dict[str, Any]:
    """JSON-able public data for renderers and captions."""
    n = state.players
    return {
        "game": "brass",
        "players": n,
        "era": state.era,
        "round": state.round,
        "rounds": C.rounds_in_game(n),
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
        "discard_count": [len(d) + 1 for d in state.discards],  # + the face-down card (B12)
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
            }
            for t in state.tiles
        ],
        "links": [{"line": line, "owner": owner} for line, owner in state.links],
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
