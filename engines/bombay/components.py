"""Bombay's component data, read once from ``data/bombay/`` into small typed records.

Nothing here depends on the shape of the trail graph: sites, trails, costs and setup letters all
come from ``board.json`` (a stand-in for the printed board, Y15), so a real board is a data swap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engines.data import load_json

HILL = "hill"
CITY = "city"
TRADING_POST_SITE = "trading_post_site"
PALACE_TOKEN_SITE = "palace_token_site"
EMPTY_SITE = "empty_site"

MARKETS = ("left", "middle", "right")
TOKEN_TYPES = ("client", "city", "rupees2", "silk")
#: Most bales an elephant carries and palaces per player (Y3, Y65), from setup.json.
CAPACITY = int(load_json("bombay", "setup.json")["per_player"]["elephant_capacity"])
PALACES = int(load_json("bombay", "setup.json")["per_player"]["palaces"])
#: Action points per turn (Y40).
TURN_AP = 3


@dataclass(frozen=True)
class Site:
    """One site of the trail graph."""

    id: str
    num: int
    kind: str
    letter: str
    label: str
    x: float
    y: float
    entry_cost: int
    neighbours: tuple[str, ...]
    tp_group: str = ""
    start: bool = False


@dataclass(frozen=True)
class Board:
    """The trail graph: sites by id, cities in board order, the start hill."""

    sites: dict[str, Site]
    order: tuple[str, ...]
    cities: tuple[str, ...]
    city_names: dict[str, str]
    start: str
    status: str

    def site_by_text(self, text: str) -> Site | None:
        """A site named by its id or its number (``e3`` or ``18``)."""
        if text in self.sites:
            return self.sites[text]
        if text.isdigit() and len(text) <= 3:
            num = int(text)
            for s in self.sites.values():
                if s.num == num:
                    return s
        return None


@dataclass(frozen=True)
class PlayerCount:
    """The per-player-count table (Y25)."""

    sets: int
    turns_per_set: int
    city_tokens_per_city: int
    empire_bonus: tuple[int, ...]
    start_rupees: tuple[int, ...]
    start_rupees_bga: tuple[int, ...]
    uses_f_sites: bool


@dataclass(frozen=True)
class Rules:
    """Setup facts: colours, bales, prices, sale values, token counts."""

    colours: tuple[str, ...]
    letters: dict[str, str]
    bales: dict[str, int]
    sale_bonus: dict[str, tuple[int, int]]
    restock_draw: int
    market_cost: dict[str, tuple[int, int]]
    sale_values: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    demand_columns: tuple[tuple[str, ...], ...]
    palace_tokens: tuple[str, ...]
    client_tokens: int
    city_bonus: tuple[tuple[int, int | None, int], ...]
    counts: dict[int, PlayerCount]
    first_game: dict[str, Any]
    status: dict[str, str]

    def colour_by_text(self, text: str) -> str | None:
        """A silk colour named in full or by its letter (``purple`` or ``p``)."""
        if text in self.bales:
            return text
        for c, letter in self.letters.items():
            if text == letter:
                return c
        return None


@cache
def board() -> Board:
    """The board from ``board.json``."""
    raw = load_json("bombay", "board.json")
    sites: dict[str, Site] = {}
    for s in raw["sites"]:
        sites[s["id"]] = Site(
            id=s["id"],
            num=int(s["num"]),
            kind=s["kind"],
            letter=s["letter"],
            label=s.get("label", s["id"]),
            x=float(s["x"]),
            y=float(s["y"]),
            entry_cost=2 if s["kind"] == HILL else 1,  # Y12: the cost depends on the kind only
            neighbours=(),
            tp_group=s.get("tp_group", ""),
            start=bool(s.get("start", False)),
        )
    # Neighbours come from the trails (the single source of truth), not the convenience copy.
    adj: dict[str, set[str]] = {sid: set() for sid in sites}
    for t in raw["trails"]:
        adj[t["a"]].add(t["b"])
        adj[t["b"]].add(t["a"])
    for sid, site in list(sites.items()):
        sites[sid] = Site(**{**site.__dict__, "neighbours": tuple(sorted(adj[sid]))})
    order = tuple(sorted(sites, key=lambda i: sites[i].num))
    cities = tuple(c["site"] for c in raw["cities"])
    names = {c["site"]: c["name"] for c in raw["cities"]}
    start = next(s.id for s in sites.values() if s.start)
    return Board(sites, order, cities, names, start, raw.get("status", ""))


@cache
def rules() -> Rules:
    """The setup facts from ``setup.json``."""
    raw = load_json("bombay", "setup.json")
    colours = tuple(raw["colour_order"])
    by_id = {c["id"]: c for c in raw["silk"]["colours"]}
    sv = raw["sale_values"]
    counts: dict[int, PlayerCount] = {}
    for n, pc in raw["player_counts"].items():
        counts[int(n)] = PlayerCount(
            sets=pc["sets"],
            turns_per_set=pc["turns_per_set"],
            city_tokens_per_city=pc["city_tokens_per_city"],
            empire_bonus=tuple(pc["empire_bonus"]),
            start_rupees=tuple(pc["start_rupees_by_seat"]),
            start_rupees_bga=tuple(pc.get("start_rupees_by_seat_bga", pc["start_rupees_by_seat"])),
            uses_f_sites=pc["trading_post_tokens_used"] == 8,
        )
    tokens: list[str] = []
    for t in raw["palace_tokens"]["types"]:
        tokens += [t["id"]] * int(t["count"])
    return Rules(
        colours=colours,
        letters={c: by_id[c]["letter"] for c in colours},
        bales={c: int(by_id[c]["bales"]) for c in colours},
        sale_bonus={
            c: (int(by_id[c]["sale_bonus"]["rupees"]), int(by_id[c]["sale_bonus"]["clients"]))
            for c in colours
        },
        restock_draw=int(raw["silk"]["restock_draw"]),
        market_cost={m["id"]: (int(m["cost_rupees"]), int(m["cost_ap"])) for m in raw["markets"]},
        sale_values=(
            (sv["top"]["rupees"], sv["top"]["clients"]),
            (sv["middle"]["rupees"], sv["middle"]["clients"]),
            (sv["bottom"]["rupees"], sv["bottom"]["clients"]),
        ),
        demand_columns=tuple(tuple(c["top_to_bottom"]) for c in raw["demand"]["columns"]),
        palace_tokens=tuple(tokens),
        client_tokens=int(raw["client_tokens"]["count"]),
        city_bonus=tuple(
            (int(b["tokens_min"]), b["tokens_max"], int(b["rupees"]))
            for b in raw["end_game"]["city_token_bonus"]
        ),
        counts=counts,
        first_game=raw["first_game"],
        status=dict(raw["status"]),
    )
