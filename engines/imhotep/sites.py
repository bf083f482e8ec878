"""Placing one stone at a building site, with every immediate effect (sections 5 and 6).

The stone is already off its ship (or out of the quarry for a red card); these functions put it
on the site, score what scores at once and queue the bonus steps the stone's owner must take
before the next stone is unloaded (E11).
"""

from __future__ import annotations

from engines.base import CHANCE
from engines.imhotep import components as C
from engines.imhotep.state import Board, Draft, Task


def push_front(state: Draft, *tasks: tuple[str, int, str]) -> None:
    """Queue steps to run next, in the given order, before anything already pending."""
    state.tasks[0:0] = list(tasks)


def draw(seat: int) -> Task:
    """A ``card`` bonus's draw for ``seat`` (I51, I56): a chance step (``engines.imhotep.chance``)
    that the turn's steps wait for."""
    return ("draw", CHANCE, str(seat))


def place(state: Draft, seat: int, site: str) -> None:
    """Put ``seat``'s stone at ``site`` (not the market, not a Pyramid-B choice: see tasks)."""
    if site == "pyramid":
        if state.side("pyramid") == "A":
            place_pyramid_a(state, seat)
        else:
            # I50: the owner picks one of the three pyramids; tasks.py asks or decides.
            push_front(state, ("pyramid", seat, ""))
    elif site == "temple":
        place_temple(state, seat)
    elif site == "burial_chamber":
        state.burial.append(seat)  # I41/I58: col = k // 3, row = k % 3
        state.emit("imhotep.placed_burial", seat=seat, count=len(state.burial))
    elif site == "obelisk":
        place_obelisk(state, seat)
    else:  # pragma: no cover - the market never receives stones (I32)
        raise ValueError(site)


def place_pyramid_a(state: Draft, seat: int) -> None:
    """Next space in fill order, scored at once (I34–I37)."""
    points_by_index = C.pyramid_a_points()
    k = len(state.pyramid)
    points = points_by_index[k] if k < len(points_by_index) else 1
    state.pyramid.append(seat)
    state.add_points(seat, "pyramid", points)
    state.emit(
        "imhotep.placed_pyramid" if k < len(points_by_index) else "imhotep.placed_beside",
        seat=seat,
        points=points,
    )


def pyramid_b_open(state: Board) -> list[int]:
    """Pyramid-B pyramids (0-based) that still have a free space."""
    spaces = C.pyramid_b_spaces()
    return [p for p in range(len(spaces)) if len(state.pyramids_b[p]) < len(spaces[p])]


def place_pyramid_b(state: Draft, seat: int, pyramid: int | None) -> None:
    """Pyramid B: the next space of the chosen pyramid, or beside them all once all three are
    complete (I50–I53). Bonus steps are queued for the stone's owner."""
    if pyramid is None:
        state.pyramid_overflow.append(seat)
        state.add_points(seat, "pyramid", 1)
        state.emit("imhotep.placed_beside", seat=seat, points=1)
        return
    k = len(state.pyramids_b[pyramid])
    points, bonus = C.pyramid_b_spaces()[pyramid][k]
    state.pyramids_b[pyramid].append(seat)
    state.add_points(seat, "pyramid", points)
    state.emit("imhotep.placed_pyramid_b", seat=seat, pyramid=pyramid + 1, points=points)
    if bonus == "card":
        push_front(state, draw(seat))
    elif bonus == "quarry":
        push_front(state, ("quarry_bonus", seat, str(C.QUARRY_TAKE)))
    elif bonus == "load":
        push_front(state, ("bonus_load", seat, ""))


def place_temple(state: Draft, seat: int) -> None:
    """Next temple cell, left to right, layer on layer (I39); Temple-B bonus cells (I56)."""
    width = C.temple_width(state.players)
    layer, col = divmod(len(state.temple), width)
    state.temple.append(seat)
    state.emit("imhotep.placed_temple", seat=seat, column=col + 1, layer=layer + 1)
    if state.side("temple") != "B":
        return
    bonus = C.temple_b_bonus().get((layer, col), "")
    if bonus == "two_points":
        points = int(C.sites()["temple"]["B"]["two_points"])
        state.add_points(seat, "temple", points)
        state.emit("imhotep.bonus_points", seat=seat, points=points)
    elif bonus == "card":
        push_front(state, draw(seat))
    elif bonus == "point_or_stones":
        push_front(state, ("temple_choice", seat, ""))


def place_obelisk(state: Draft, seat: int) -> None:
    """Side A: onto the owner's stack (I43). Side B: onto the owner's waiting space; three
    waiting stones become a tower on the leftmost free slot, scored at once (I60, I61)."""
    state.obelisk[seat] += 1
    if state.side("obelisk") == "A":
        state.emit("imhotep.placed_obelisk", seat=seat, height=state.obelisk[seat])
        return
    slots = C.obelisk_b_slots()
    size = C.tower_size()
    if state.obelisk[seat] >= size and len(state.towers) < len(slots):
        points = slots[len(state.towers)]
        state.obelisk[seat] -= size
        state.towers.append(seat)
        state.add_points(seat, "obelisk", points)
        state.emit("imhotep.tower_built", seat=seat, slot=len(state.towers), points=points)
    else:
        state.emit("imhotep.placed_waiting", seat=seat, waiting=state.obelisk[seat])


def stones_at(state: Board, site: str) -> int:
    """Every stone at a building site, of all colours, covered ones included (I68, I81)."""
    if site == "pyramid":
        return len(state.pyramid) + sum(map(len, state.pyramids_b)) + len(state.pyramid_overflow)
    if site == "temple":
        return len(state.temple)
    if site == "burial_chamber":
        return len(state.burial)
    return sum(state.obelisk) + C.tower_size() * len(state.towers)


def seat_stones_at(state: Board, seat: int, site: str) -> int:
    """How many of ``seat``'s stones are at a building site."""
    if site == "pyramid":
        return (
            state.pyramid.count(seat)
            + sum(p.count(seat) for p in state.pyramids_b)
            + state.pyramid_overflow.count(seat)
        )
    if site == "temple":
        return state.temple.count(seat)
    if site == "burial_chamber":
        return state.burial.count(seat)
    return state.obelisk[seat] + C.tower_size() * state.towers.count(seat)
