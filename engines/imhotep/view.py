"""The public view: everything on the table, nothing hidden (I8). Plain JSON for renderers."""

from __future__ import annotations

from typing import Any

from engines.imhotep import components as C
from engines.imhotep import scoring, tasks
from engines.imhotep.state import EMPTY, State

_DECISION_NAMES = {
    "pick": "market card",
    "keep": "keep a pair card",
    "pyramid": "choose a pyramid",
    "temple_choice": "temple bonus",
    "bonus_load": "bonus load",
}


def _seat_or_none(owner: int) -> int | None:
    return None if owner == EMPTY else owner


def make_view(state: State, to_act: list[int]) -> dict[str, Any]:
    """The public view of a state (the same for every seat)."""
    n = state.players
    decision: dict[str, Any] | None = None
    if state.tasks:
        kind, seat, _ = state.tasks[0]
        decision = {
            "kind": kind,
            "seat": seat,
            "verb": tasks.DECISION_VERBS[kind],
            "label": _DECISION_NAMES[kind],
            "options": tasks.options(state, state.tasks[0]) if kind != "keep" else [],
        }
    # Stones of the ship being unloaded that still wait for their turn (E12).
    waiting = [{"seat": s, "site": a} for k, s, a in state.tasks if k in tasks.CARRIES_STONE]
    approx = {s: C.approximate(s, state.side(s)) for s in C.SITES}
    cards = []
    for seat in range(n):
        counts: dict[str, int] = {}
        for c in state.cards[seat]:
            t = C.card_type(c).id
            counts[t] = counts.get(t, 0) + 1
        cards.append(counts)
    v: dict[str, Any] = {
        "game": "imhotep",
        "players": n,
        "round": state.round,
        "rounds": C.ROUNDS,
        "round_card": C.round_card_label(state.round_card) if state.round_card else "",
        "round_cards_left": len(state.round_deck),
        "sides": {C.SITE_WORD[s]: state.side(s) for s in C.SITES},
        "approximate": [C.SITE_WORD[s] for s in C.SITES if approx[s]],
        "wrath": state.wrath,
        "ships": [
            {
                "number": i + 1,
                "capacity": len(slots),
                "min_load": C.min_load(len(slots)) if slots else 0,
                "slots": [_seat_or_none(o) for o in slots],
                "docked": C.SITE_WORD[state.docked[i]] if state.docked[i] else None,
            }
            for i, slots in enumerate(state.ships)
        ],
        "market": {
            "offer": [C.card_type(c).id if c else None for c in state.offer],
            "face_down": len(state.pair),
            "deck": len(state.market_deck),
            "discard": len(state.discard),
            "discard_top": _card_id(state.discard_top()),
        },
        "pyramid": {
            "side": state.side("pyramid"),
            "stones": list(state.pyramid),
            "points": list(C.pyramid_a_points()),
            "pyramids": [list(p) for p in state.pyramids_b],
            "spaces_b": [[list(s) for s in pyr] for pyr in C.pyramid_b_spaces()],
            "beside": list(state.pyramid_overflow),
        },
        "temple": {
            "side": state.side("temple"),
            "width": C.temple_width(n),
            "stones": list(state.temple),
            "tops": scoring.temple_tops(state.temple, C.temple_width(n)),
            "bonus_cells": (
                [[layer, col, b] for (layer, col), b in sorted(C.temple_b_bonus().items())]
                if state.side("temple") == "B"
                else []
            ),
        },
        "burial_chamber": {"side": state.side("burial_chamber"), "stones": list(state.burial)},
        "obelisk": {
            "side": state.side("obelisk"),
            "stones": list(state.obelisk),
            "towers": list(state.towers),
            "slots": list(C.obelisk_b_slots()) if state.side("obelisk") == "B" else [],
        },
        "player": [
            {
                "quarry": state.quarry[s],
                "sled": state.sled[s],
                "score": state.score(s),
                "cards": cards[s],
            }
            for s in range(n)
        ],
        "scores": [state.score(s) for s in range(n)],
        "current": state.current,
        "to_act": list(to_act),
        "decision": decision,
        "unloading": C.SITE_WORD.get(state.unloading, ""),
        "waiting_stones": waiting,
        "last": dict(state.last),
        "moves": state.moves,
        "over": state.over,
    }
    return v


def _card_id(card: str | None) -> str | None:
    """The type id of a physical card, or ``None``."""
    return C.card_type(card).id if card else None
