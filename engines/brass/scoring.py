"""Scoring: the introductory game's final scoring (B80–B83, D3); the full game's era scorings
(R14, R16, R46) and its two-era score sheet (R47–R49); the winner (B82, R48)."""

from __future__ import annotations

from engines.base import Result, rank_by
from engines.brass import components as C
from engines.brass.state import OVER, State, income_level

MONEY_PER_VP = 4
MONEY_VP_CAP = 15
#: Result.breakdown categories, in scoring order (catalog keys brass.score.<category>).
CATEGORIES = ("before", "links", "industries", "money", "income", "again")
#: The full game's score sheet (R49), in scoring order; ``in_play`` is what was gained during
#: play (merchant bonuses, less shortfall losses).
FULL_CATEGORIES = ("in_play", "canal_links", "canal_industries", "rail_links", "rail_industries")


def link_points(state: State, line: str) -> int:
    """Link icons next to a link: flipped tiles' ``link_vp`` in towns, 2 per merchant (B80.1, D14)."""
    total = 0
    for end in C.lines()[line].ends:
        if C.locations()[end].kind == "merchant":
            total += 2
        else:
            total += sum(t.data.link_vp for t in state.tiles if t.location == end and t.flipped)
    return total


def links_score(state: State, seat: int) -> int:
    """What ``seat``'s links on the board score now (B80.1, R14, R46.1, F7)."""
    return sum(link_points(state, line) for line, o in state.links if o == seat)


def industries_score(state: State, seat: int) -> int:
    """What ``seat``'s flipped tiles on the board score now (B80.2, R16, R46.3)."""
    return sum(t.data.vp for t in state.tiles if t.owner == seat and t.flipped)


def sheet(state: State, seat: int) -> dict[str, int]:
    """The full game's score sheet of ``seat`` so far (R47, R49): the canal scores once the
    canal era is scored, the rail scores once the game is over; ``in_play`` is the VP marker
    less the canal scores."""
    canal_links, canal_industries = state.canal_scores[seat]
    over = state.phase == OVER
    return {
        "in_play": state.vp[seat] - canal_links - canal_industries,
        "canal_links": canal_links,
        "canal_industries": canal_industries,
        "rail_links": links_score(state, seat) if over else 0,
        "rail_industries": industries_score(state, seat) if over else 0,
    }


def breakdown(state: State, seat: int) -> dict[str, int]:
    """Points per category for ``seat``; the VP marker is clamped at 0 after each step (D3)."""
    flipped = [t for t in state.tiles if t.owner == seat and t.flipped]
    return intro_sheet(
        state.vp[seat],
        links=sum(link_points(state, line) for line, o in state.links if o == seat),
        industries=sum(t.data.vp for t in flipped),
        money=state.money[seat],
        income=income_level(state.income[seat]),
        again=sum(t.data.vp for t in flipped if t.level >= 2),
    )


def intro_sheet(
    vp: int, *, links: int, industries: int, money: int, income: int, again: int
) -> dict[str, int]:
    """The introductory game's final scoring from its parts (B80, B81): ``vp`` so far, then
    links, flipped industries, money (£4 a VP, at most 15), income level and the level 2+
    industries again, the VP marker clamped at 0 after each step (D3); points per category."""
    out = {"before": vp}
    steps = {
        "links": links,
        "industries": industries,
        "money": min(MONEY_VP_CAP, money // MONEY_PER_VP),
        "income": income,
        "again": again,
    }
    for cat, points in steps.items():
        new = max(0, vp + points)
        out[cat] = new - vp
        vp = new
    return out


def final_result(state: State) -> Result:
    """Scores, breakdown and ranking: most VP, then income level, then money (B82, R48)."""
    if state.mode == C.FULL:
        sheets = [sheet(state, s) for s in range(state.players)]
    else:
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
