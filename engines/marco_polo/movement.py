"""Movements and trading posts (M39-M47, M53, M56, M58).

A movement is a pending decision resolved one step at a time: ``move <location>`` (Niccolo und
Marco Polo add ``fig=1`` or ``fig=2``) and ``stop``. Each route's extra cost is paid as the step is
taken, so every path that was affordable as a whole stays affordable step by step (M40: the same
legal end states as declaring the path first). When the steps run out, or the player stops, posts
are built where the figures ended (Wilhelm also where he passed) and their bonuses resolved.
"""

from __future__ import annotations

from functools import cache

from engines.kit import evolve
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Board, Draft
from engines.marco_polo.rewards import (
    place_name,
    place_post,
    post_bonus,
    posts_left,
    take_beijing_space,
    words,
)
from engines.marco_polo.state import Pending


def steps_from(state: Board, seat: int) -> list[tuple[int, str, str, int]]:
    """Affordable next steps as (figure index, destination, cost resource, amount)."""
    p = state.players[seat]
    jumper = p.char == "johannes"
    out: list[tuple[int, str, str, int]] = []
    for fig, loc in enumerate(p.figures):
        for dest, res, amt in _steps_at(loc, jumper):
            if not res or p.amount(res) >= amt:
                out.append((fig, dest, res, amt))
    return out


@cache
def _steps_at(loc: str, jumper: bool) -> tuple[tuple[str, str, int], ...]:
    """The steps from ``loc`` by destination: (destination, cost resource, amount), worked out
    once per place (the map never changes; a search asks at every step of every movement)."""
    best: dict[str, tuple[str, int]] = {}
    for dest, res, amt in T.ADJACENT[loc]:
        best[dest] = (res, amt)
    if jumper and loc in T.OASES:  # M58: oasis to any other oasis, 1 step, no route cost
        for oasis in T.OASES:
            if oasis != loc:
                best[oasis] = ("", 0)
    return tuple((dest, res, amt) for dest, (res, amt) in sorted(best.items()))


def move_tokens(state: Board, seat: int) -> list[tuple[str, ...]]:
    """Every legal ``move`` command's tokens after the verb."""
    two = len(state.players[seat].figures) > 1
    return [
        (dest, f"fig={fig + 1}") if two else (dest,) for fig, dest, _, _ in steps_from(state, seat)
    ]


def can_stop(item: Pending) -> bool:
    """The Travel action needs at least one step; a reward movement may be declined (M28, M41)."""
    return item.taken >= (1 if item.travel else 0)


def step(d: Draft, item: Pending, fig: int, dest: str) -> tuple[Pending, bool]:
    """Take one step; returns the movement so far and whether it is over (no steps left)."""
    seat = item.owner
    p = d.players[seat]
    cost: dict[str, int] = {}
    for f, to, res, amt in steps_from(d, seat):
        if f == fig and to == dest:
            if res:
                p.add(res, -amt)
                cost = {res: amt}
            break
    origin = p.figures[fig]
    p.figures[fig] = dest
    moved = item.moved if fig in item.moved else (*item.moved, fig)
    built, wanted = item.built, item.wanted
    d.emit(
        "marco_polo.moved",
        seat=seat,
        origin=origin,
        city=dest,
        origin_name=place_name(origin),
        city_name=place_name(dest),
    )
    if cost:  # a route's camels or coins (M40) are said, not charged silently
        d.emit("marco_polo.route_paid", seat=seat, what=words(cost), city_name=place_name(dest))
    if p.char == "wilhelm" and dest in T.POST_CITIES and dest not in p.posts:
        if posts_left(d, seat) > 0:
            place_post(d, seat, dest)  # M56: a post in every city passed through
            built = (*built, dest)
        elif dest not in wanted:
            wanted = (*wanted, dest)  # M47: may relocate a post here after the movement
    item = evolve(item, taken=item.taken + 1, moved=moved, built=built, wanted=wanted)
    return item, item.taken >= item.steps


def finish(d: Draft, item: Pending) -> None:
    """Build posts where the moved figures stand, then resolve the new posts' bonuses (M42-M47)."""
    seat = item.owner
    p = d.players[seat]
    built = list(item.built)
    wanted = list(item.wanted)
    for fig in item.moved:
        city = p.figures[fig]
        if city not in T.POST_CITIES or city in p.posts:
            continue
        if posts_left(d, seat) > 0:
            place_post(d, seat, city)
            built.append(city)
        elif city not in wanted:
            wanted.append(city)
    for city in wanted:
        if relocation_sources(d, seat, city):
            d.push(Pending.of("relocate", seat, city=city))
    for city in built:
        post_bonus(d, seat, city)


def relocation_sources(state: Board, seat: int, city: str) -> list[str]:
    """Cities a post may be moved from when none is left (M47)."""
    return [c for c in state.players[seat].posts if c != city]


def relocate(d: Draft, seat: int, source: str, city: str) -> None:
    """Move the post from ``source`` to ``city``; its bonuses apply, no milestone again (M47)."""
    p = d.players[seat]
    p.posts.remove(source)
    p.posts.append(city)
    if source == "beijing":  # its VP space becomes free for the next arrival
        d.beijing[d.beijing.index(seat)] = None
    if city == "beijing":
        take_beijing_space(d, seat)
    d.emit(
        "marco_polo.relocated",
        seat=seat,
        origin=source,
        city=city,
        origin_name=place_name(source),
        city_name=place_name(city),
    )
    post_bonus(d, seat, city)
