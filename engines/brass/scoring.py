"""Final scoring of the introductory game and the winner (B80–B83, D3)."""

from __future__ import annotations

from engines.base import Result, rank_by
from engines.brass import components as C
from engines.brass.state import State, income_level

MONEY_PER_VP = 4
MONEY_VP_CAP = 15
#: Result.breakdown categories, in scoring order (catalog keys brass.score.<category>).
CATEGORIES = ("before", "links", "industries", "money", "income", "again")


def link_points(state: State, line: str) -> int:
    """Link icons next to a link: flipped tiles' ``link_vp`` in towns, 2 per merchant (B80.1, D14)."""
    total = 0
    for end in C.lines()[line].ends:
        if C.locations()[end].kind == "merchant":
            total += 2
        else:
            total += sum(t.data.link_vp for t in state.tiles if t.location == end and t.flipped)
    return total


def breakdown(state: State, seat: int) -> dict[str, int]:
    """Points per category for ``seat``; the VP marker is clamped at 0 after each step (D3)."""
    vp = state.vp[seat]
    out = {"before": vp}
    flipped = [t for t in state.tiles if t.owner == seat and t.flipped]
    steps = {
        "links": sum(link_points(state, line) for line, o in state.links if o == seat),
        "industries": sum(t.data.vp for t in flipped),
        "money": min(MONEY_VP_CAP, state.money[seat] // MONEY_PER_VP),
        "income": income_level(state.income[seat]),
        "again": sum(t.data.vp for t in flipped if t.level >= 2),
    }
    for cat, points in steps.items():
        new = max(0, vp + points)
        out[cat] = new - vp
        vp = new
    return out


def final_result(state: State) -> Result:
    """Scores, breakdown and ranking: most VP, then income level, then money (B82)."""
    sheets = [breakdown(state, s) for s in range(state.players)]
    scores = tuple(sum(b.values()) for b in sheets)
    keys = [
        (scores[s], income_level(state.income[s]), state.money[s]) for s in range(state.players)
    ]
    # The tie-breaks (B82) and the money the money VP were counted from (B80.3).
    details = tuple(
        {"income_level": income_level(state.income[s]), "money": state.money[s]}
        for s in range(state.players)
    )
    return Result(scores=scores, breakdown=tuple(sheets), ranking=rank_by(keys), details=details)
