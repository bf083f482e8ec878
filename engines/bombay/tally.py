"""What a careful player counts from the table: every screen, from the public events alone.

Rupees, client tokens, city tokens and kept palace tokens lie behind the screens (Y82), but each
change to them is an action everyone sees together with what it paid (Y84): a purchase and its
price, a sale and its income, palace income, a consolidated fortune, a palace token taken. The
start is public too (Y19). So a player who keeps count knows every rival's screen exactly, and
``count`` is that count. The computer reads rivals' screens from the state; ``count`` is the
proof that it reads nothing a person at the table could not know (docs/rules/bombay.md, "What
the computer reads"), and tests hold the two equal over whole games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engines.base import Event
from engines.bombay.components import board, rules

#: The palace tokens a builder keeps behind the screen, by the event that says so.
KEPT = {"bombay.token_client": "client", "bombay.token_city": "city"}


@dataclass
class Counted:
    """One seat's screen as the table counts it (Y82)."""

    rupees: int
    clients: int
    cities: set[str]
    kept: list[str]


def start(players: int, start_money: str = "printed") -> list[Counted]:
    """Every screen at the start (Y19): the player count's start rupees, nothing else."""
    counts = rules().counts[players]
    money = counts.start_rupees_bga if start_money == "bga" else counts.start_rupees
    return [Counted(rupees=m, clients=0, cities=set(), kept=[]) for m in money]


def count(screens: list[Counted], events: Iterable[Event]) -> list[Counted]:
    """``screens`` after the public ``events`` (those with no ``visible_to``); changed in place
    and returned."""
    city_of = {name: site for site, name in board().city_names.items()}
    for event in events:
        if event.visible_to is not None:
            continue  # not the table's to see (Bombay has none; kept for the rule's sake)
        p = event.params
        key = event.key
        if key == "bombay.bought":
            screens[p["seat"]].rupees -= int(p["rupees"])
        elif key == "bombay.sold":
            screens[p["seat"]].rupees += int(p["rupees"])
            screens[p["seat"]].clients += int(p["clients"])
        elif key == "bombay.city_token":
            screens[p["seat"]].cities.add(city_of[p["city"]])
        elif key == "bombay.palace_income":
            screens[p["owner_seat"]].rupees += 1  # always 1 (Y75)
        elif key == "bombay.fortune":
            screens[p["seat"]].rupees += 1  # Y79
        elif key == "bombay.token_rupees2":
            screens[p["seat"]].rupees += 2  # Y71
        elif key in KEPT:
            screens[p["seat"]].kept.append(KEPT[key])  # Y69, Y70
    return screens


def paid(event: Event) -> list[tuple[int, str, int]]:
    """What one public event paid a seat, as ``Engine.earned`` lists it: a sale's rupees and
    clients and its city token, palace income to the palace's owner, a fortune, a palace token's
    two rupees (Y84 lets each be named; totals stay hidden)."""
    p = event.params
    key = event.key
    if key == "bombay.sold":
        seat = int(p["seat"])
        return [
            (seat, "bombay.count.rupee", int(p["rupees"])),
            (seat, "bombay.count.client", int(p["clients"])),
        ]
    if key == "bombay.city_token":
        return [(int(p["seat"]), "bombay.count.city_token", 1)]
    if key == "bombay.palace_income":
        return [(int(p["owner_seat"]), "bombay.count.rupee", 1)]  # Y75
    if key == "bombay.fortune":
        return [(int(p["seat"]), "bombay.count.rupee", 1)]  # Y79
    if key == "bombay.token_rupees2":
        return [(int(p["seat"]), "bombay.count.rupee", 2)]  # Y71
    return []
