"""Final scoring (M60) and the winner (M61)."""

from __future__ import annotations

from engines.base import Result, rank_by
from engines.marco_polo import tables as T
from engines.marco_polo.state import State, goods_total

#: Score-sheet categories in the order the rules add them (labels: marco_polo.score.<key>).
CATEGORIES = (
    "during_game",
    "goal_cards",
    "goal_cities",
    "coins",
    "beijing_post",
    "beijing_goods",
    "most_contracts",
)


def breakdown(state: State) -> list[dict[str, int]]:
    """Each seat's points by category (the game's VP so far plus the end-game items)."""
    most = max(len(p.fulfilled) for p in state.players)
    out = []
    for seat, p in enumerate(state.players):
        posts = set(p.posts)
        goal_vp = sum(int(T.GOALS[g]["vp"]) for g in p.goals if set(T.GOALS[g]["cities"]) <= posts)
        cities = {c for g in p.goals for c in T.GOALS[g]["cities"]}
        reached = len(cities & posts)
        beijing = 0
        if seat in state.beijing:
            beijing = T.BEIJING_VP[state.beijing.index(seat)]
        out.append(
            {
                "during_game": p.vp,
                "goal_cards": goal_vp,
                "goal_cities": T.DISTINCT_GOAL_CITY_VP[min(reached, 4)],
                "coins": p.coin // 10,
                "beijing_post": beijing,
                "beijing_goods": goods_total(p) // 2 if seat in state.beijing else 0,
                # D15: with nobody at a contract, everyone ties at 0 and scores.
                "most_contracts": T.MOST_CONTRACTS_VP if len(p.fulfilled) == most else 0,
            }
        )
    return out


def result(state: State) -> Result:
    """Totals, per-category sheet and ranking: most VP, then most camels, else shared (M61)."""
    sheet = breakdown(state)
    totals = tuple(sum(b.values()) for b in sheet)
    camels = [p.camel for p in state.players]
    ranking = rank_by([(totals[s], camels[s]) for s in range(state.n)])
    return Result(
        scores=totals, breakdown=tuple(sheet), ranking=ranking, details=tuple(details(state))
    )


def details(state: State) -> list[dict[str, int]]:
    """The counts the end-game VP come from (M60) and the tie-break (M61), in sheet order."""
    out = []
    for p in state.players:
        cities = {c for g in p.goals for c in T.GOALS[g]["cities"]}
        out.append(
            {
                "goal_cities": len(cities & set(p.posts)),
                "coins": p.coin,
                "goods": goods_total(p),
                "contracts": len(p.fulfilled),
                "camels": p.camel,
            }
        )
    return out
