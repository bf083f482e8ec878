"""Brass's events as the table is told them (``Engine.told``).

A build or a rail link that buys coal or iron from the market costs one price: the tile's or the
link's own and the cubes' (B43, R35). The engine tells both a purchase (``brass.bought``, the
cubes' share) and the build or link (its ``money``: the whole price), so read one after the other
they sound as if the coal were paid twice ("built the rail for £6 … bought 1 coal for £1"). Told
here they are one sentence that gives the total and its parts once: "built the rail … for £6:
£5 for the link and £1 for 1 coal from the market". A purchase for anything else (a Develop's
iron, whose event names no price) is told as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event

#: The events whose ``money`` includes the market cubes bought for them, and how each is told
#: with its parts.
PRICED = {
    "brass.built": "brass.built_market",
    "brass.linked_rail": "brass.linked_rail_market",
    "brass.linked_rail_double": "brass.linked_rail_double_market",
}


def told(events: Sequence[Event]) -> list[Event]:
    """One move's ``events``, in order, with every market purchase for a build or a rail link
    said inside that build's or link's price (``PRICED``), the rest as they are."""
    priced = [i for i, e in enumerate(events) if e.key in PRICED]
    if not priced:
        return list(events)
    bought: dict[int, list[Event]] = {i: [] for i in priced}
    absorbed: set[int] = set()
    for i, e in enumerate(events):
        if e.key != "brass.bought":
            continue
        # The priced event of the same seat nearest to the purchase (a build's purchases come
        # before it, a rail link's after it).
        mine = [j for j in priced if events[j].params.get("seat") == e.params.get("seat")]
        if mine:
            j = min(mine, key=lambda j: abs(j - i))
            bought[j].append(e)
            absorbed.add(i)
    out: list[Event] = []
    for i, e in enumerate(events):
        if i in absorbed:
            continue
        if bought.get(i):
            cubes: dict[str, int] = {}
            for b in bought[i]:
                resource = str(b.params["resource"])
                cubes[resource] = cubes.get(resource, 0) + int(b.params["count"])
            market = sum(int(b.params["money"]) for b in bought[i])
            params = dict(e.params)
            params.update(own=int(e.params["money"]) - market, market=market, cubes=cubes)
            e = Event(PRICED[e.key], params, e.reveals, e.visible_to)
        out.append(e)
    return out


def paid(event: Event) -> list[tuple[int, str, int]]:
    """What one public event paid a seat (``Engine.earned``): a loan's money (B67), a flipped
    tile's income to its owner (B63, B73; not always the mover, whose coal or beer flipped it),
    a merchant's beer bonus (B62), coal or iron sold to the market (B46), a removed tile's money
    (B78)."""
    p = event.params
    key = event.key
    if key in ("brass.loan", "brass.bonus_money", "brass.sold_to_market", "brass.removed"):
        return [(int(p["seat"]), "brass.count.money", int(p["money"]))]
    if key == "brass.flipped":
        return [(int(p["owner_seat"]), "brass.count.income", int(p["spaces"]))]
    if key == "brass.bonus_income":
        return [(int(p["seat"]), "brass.count.income", int(p["spaces"]))]
    if key == "brass.bonus_vp":
        return [(int(p["seat"]), "brass.count.vp", int(p["vp"]))]
    return []
