"""Scoring that is not immediate: the temple each round, and the end of the game (section 8)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.imhotep import components as C
from engines.imhotep.sites import seat_stones_at, stones_at
from engines.imhotep.state import Board

#: Score-sheet categories in display order (catalog keys ``imhotep.score.<category>``).
CATEGORIES: tuple[str, ...] = (
    "pyramid",
    "temple",
    "burial_chamber",
    "obelisk",
    "decorations",
    "statues",
    "blue_cards",
    "wrath",
)


def temple_tops(temple: Sequence[int], width: int) -> list[int]:
    """The seat whose stone is on top of each temple column (-1 for an empty column)."""
    tops = [-1] * width
    for k, seat in enumerate(temple):
        tops[k % width] = seat
    return tops


def temple_round_points(state: Board) -> list[int]:
    """I40/I55: 1 point per column whose topmost stone is the player's."""
    points = [0] * state.players
    for seat in temple_tops(state.temple, C.temple_width(state.players)):
        if seat >= 0:
            points[seat] += 1
    return points


def shared_awards(counts: Sequence[int], awards: Sequence[int]) -> list[int]:
    """Rank players by ``counts`` (higher first) and hand out ``awards`` by rank; players with
    0 take no rank and score 0 (I45); tied players share the awards of the ranks they occupy,
    rounded down, and the next player takes the rank after the tied block (I46, I59)."""
    out = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c > 0), reverse=True)
    rank = 0
    for level in ranked:
        tied = [s for s, c in enumerate(counts) if c == level]
        total = sum(awards[rank : rank + len(tied)])
        for s in tied:
            out[s] = total // len(tied)
        rank += len(tied)
    return out


def group_points(size: int) -> int:
    """Burial Chamber A: points of one connected group (I42)."""
    spec = C.sites()["burial_chamber"]["A"]
    table = spec["group_points"]
    if size <= len(table):
        return int(table[size - 1])
    return int(table[-1]) + int(spec["each_beyond_5"]) * (size - len(table))


def burial_groups(burial: Sequence[int]) -> list[tuple[int, list[int]]]:
    """Maximal orthogonally connected groups as (seat, fill indexes) (I42). The k-th stone sits
    at column k // 3, row k % 3 (I41)."""
    rows = 3
    cells = {(k // rows, k % rows): seat for k, seat in enumerate(burial)}
    seen: set[tuple[int, int]] = set()
    groups: list[tuple[int, list[int]]] = []
    for k in range(len(burial)):
        start = (k // rows, k % rows)
        if start in seen:
            continue
        seat = cells[start]
        stack, members = [start], []
        seen.add(start)
        while stack:
            col, row = stack.pop()
            members.append(col * rows + row)
            for nxt in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                if nxt not in seen and cells.get(nxt) == seat and 0 <= nxt[1] < rows:
                    seen.add(nxt)
                    stack.append(nxt)
        groups.append((seat, sorted(members)))
    return groups


def burial_points(state: Board) -> list[int]:
    """End-game Burial Chamber points, side A (I42) or side B (I59)."""
    points = [0] * state.players
    if state.side("burial_chamber") == "A":
        for seat, members in burial_groups(state.burial):
            points[seat] += group_points(len(members))
        return points
    awards = C.sites()["burial_chamber"]["B"]["awards_by_rank"]
    for row in range(3):
        counts = [0] * state.players
        for k, seat in enumerate(state.burial):
            if k % 3 == row:
                counts[seat] += 1
        for seat, p in enumerate(shared_awards(counts, awards)):
            points[seat] += p
    return points


def obelisk_end_points(state: Board) -> list[int]:
    """End-game obelisk points: side A by stack height (I44–I46); side B 1 per waiting stone (I62)."""
    if state.side("obelisk") == "A":
        return shared_awards(state.obelisk, C.obelisk_awards(state.players))
    each = int(C.sites()["obelisk"]["B"]["leftover_points"])
    return [each * n for n in state.obelisk]


def statue_points(count: int) -> int:
    """Statues as a set: 1/3/6/10/15, +2 per statue beyond 5 (I69)."""
    table, beyond = C.statue_table()
    if count == 0:
        return 0
    if count <= len(table):
        return table[count - 1]
    return table[-1] + beyond * (count - len(table))


def final_breakdown(state: Board) -> list[dict[str, int]]:
    """Every seat's points per category once the game is over (I76, I79–I81)."""
    out = [dict(p) for p in state.points]
    burial = burial_points(state)
    obelisk = obelisk_end_points(state)
    for seat in range(state.players):
        sheet = out[seat]
        sheet["burial_chamber"] = sheet.get("burial_chamber", 0) + burial[seat]
        sheet["obelisk"] = sheet.get("obelisk", 0) + obelisk[seat]
        types = [C.card_type(c) for c in state.cards[seat]]
        sheet["decorations"] = sum(
            stones_at(state, t.site) // 3 for t in types if t.colour == "green"
        )  # I68
        sheet["statues"] = statue_points(sum(1 for t in types if t.colour == "purple"))
        sheet["blue_cards"] = sum(1 for t in types if t.colour == "blue")  # I70
        missing = [s for s in C.BUILDING_SITES if seat_stones_at(state, seat, s) == 0]
        sheet["wrath"] = -5 if state.wrath and missing else 0  # I79, I80: once per player
        for cat in CATEGORIES:
            sheet.setdefault(cat, 0)
    return out
