"""Movements and trading posts (M39-M47, M53, M56, M58).

A movement is a pending decision resolved one step at a time: ``move <location>`` (Niccolo und
Marco Polo add ``fig=1`` or ``fig=2``) and ``stop``. Each route's extra cost is paid as the step is
taken, so every path that was affordable as a whole stays affordable step by step (M40: the same
legal end states as declaring the path first). When the steps run out, or the player stops, posts
are built where the figures ended (Wilhelm also where he passed) and their bonuses resolved.
"""

from __future__ import annotations

from typing import Any

from engines.marco_polo import tables as T
from engines.marco_polo.rewards import (
    Ctx,
    place_name,
    place_post,
    post_bonus,
    posts_left,
    take_beijing_space,
    words,
)
from engines.marco_polo.state import State, char, player


def steps_from(state: State, seat: int) -> list[tuple[int, str, str, int]]:
    """Affordable next steps as (figure index, destination, cost resource, amount)."""
    p = player(state, seat)
    jumper = char(state, seat) == "johannes"
    out: list[tuple[int, str, str, int]] = []
    for fig, loc in enumerate(p["figures"]):
        best: dict[str, tuple[str, int]] = {}
        for dest, res, amt in T.ADJACENT[loc]:
            best[dest] = (res, amt)
        if jumper and loc in T.OASES:  # M58: oasis to any other oasis, 1 step, no route cost
            for oasis in T.OASES:
                if oasis != loc:
                    best[oasis] = ("", 0)
        for dest, (res, amt) in sorted(best.items()):
            if not res or p[res] >= amt:
                out.append((fig, dest, res, amt))
    return out


def move_tokens(state: State, seat: int) -> list[tuple[str, ...]]:
    """Every legal ``move`` command's tokens after the verb."""
    two = len(player(state, seat)["figures"]) > 1
    return [
        (dest, f"fig={fig + 1}") if two else (dest,) for fig, dest, _, _ in steps_from(state, seat)
    ]


def can_stop(item: dict[str, Any]) -> bool:
    """The Travel action needs at least one step; a reward movement may be declined (M28, M41)."""
    return bool(item["taken"] >= (1 if item["travel"] else 0))


def step(ctx: Ctx, item: dict[str, Any], fig: int, dest: str) -> bool:
    """Take one step; returns True when the movement is over (no steps left)."""
    st = ctx.st
    seat = item["seat"]
    p = player(st, seat)
    cost: dict[str, int] = {}
    for f, d, res, amt in steps_from(st, seat):
        if f == fig and d == dest:
            if res:
                p[res] -= amt
                cost = {res: amt}
            break
    origin = p["figures"][fig]
    p["figures"][fig] = dest
    item["taken"] += 1
    if fig not in item["moved"]:
        item["moved"].append(fig)
    ctx.ev(
        "moved",
        seat=seat,
        origin=origin,
        city=dest,
        origin_name=place_name(origin),
        city_name=place_name(dest),
    )
    if cost:  # a route's camels or coins (M40) are said, not charged silently
        ctx.ev("route_paid", seat=seat, what=words(cost), city_name=place_name(dest))
    if char(st, seat) == "wilhelm" and dest in T.POST_CITIES and dest not in p["posts"]:
        if posts_left(st, seat) > 0:
            place_post(ctx, seat, dest)  # M56: a post in every city passed through
            item["built"].append(dest)
        elif dest not in item.setdefault("wanted", []):
            item["wanted"].append(dest)  # M47: may relocate a post here after the movement
    return bool(item["taken"] >= item["steps"])


def finish(ctx: Ctx, item: dict[str, Any]) -> None:
    """Build posts where the moved figures stand, then resolve the new posts' bonuses (M42-M47)."""
    st = ctx.st
    seat = item["seat"]
    p = player(st, seat)
    built: list[str] = list(item["built"])
    wanted: list[str] = list(item.get("wanted", []))
    for fig in item["moved"]:
        city = p["figures"][fig]
        if city not in T.POST_CITIES or city in p["posts"]:
            continue
        if posts_left(st, seat) > 0:
            place_post(ctx, seat, city)
            built.append(city)
        elif city not in wanted:
            wanted.append(city)
    for city in wanted:
        if relocation_sources(st, seat, city):
            ctx.push({"k": "relocate", "seat": seat, "city": city})
    for city in built:
        post_bonus(ctx, seat, city)


def relocation_sources(state: State, seat: int, city: str) -> list[str]:
    """Cities a post may be moved from when none is left (M47)."""
    return [c for c in player(state, seat)["posts"] if c != city]


def relocate(ctx: Ctx, seat: int, source: str, city: str) -> None:
    """Move the post from ``source`` to ``city``; its bonuses apply, no milestone again (M47)."""
    st = ctx.st
    p = player(st, seat)
    p["posts"].remove(source)
    p["posts"].append(city)
    if source == "beijing":  # its VP space becomes free for the next arrival
        st["beijing"][st["beijing"].index(seat)] = None
    if city == "beijing":
        take_beijing_space(st, seat)
    ctx.ev(
        "relocated",
        seat=seat,
        origin=source,
        city=city,
        origin_name=place_name(source),
        city_name=place_name(city),
    )
    post_bonus(ctx, seat, city)
