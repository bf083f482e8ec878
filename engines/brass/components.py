"""Static component data of Brass: Birmingham, read once from ``data/brass/``.

Everything here is immutable lookup tables built from the JSON files (board, industry tiles, cards,
merchant tiles, markets, income track); the rules modules never read JSON themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engines.data import load_json

GAME = "brass"

#: Industry ids in the order the player mat and the notation list them.
INDUSTRIES: tuple[str, ...] = (
    "cotton_mill",
    "manufacturer",
    "pottery",
    "coal_mine",
    "iron_works",
    "brewery",
)
SELLABLE: frozenset[str] = frozenset({"cotton_mill", "manufacturer", "pottery"})
WILD_LOCATION = "wild_location"
WILD_INDUSTRY = "wild_industry"
WILDS: tuple[str, str] = (WILD_LOCATION, WILD_INDUSTRY)
#: The two eras (R2) and the two ways to play (R1): ``full`` plays both eras, ``intro`` the canal
#: era only.
CANAL = "canal"
RAIL = "rail"
FULL = "full"
INTRO = "intro"


@dataclass(frozen=True)
class Level:
    """One level of an industry's tiles (the same for every player)."""

    industry: str
    level: int
    roman: str
    count: int
    money: int
    coal: int
    iron: int
    coal_out: int
    iron_out: int
    beer_out: int
    beer_to_sell: int
    vp: int
    link_vp: int
    income_spaces: int
    can_develop: bool
    canal_era: bool
    #: May be built in the rail era (R23).
    rail_era: bool = False
    #: Barrels a brewery of this level receives when built in the rail era (R24).
    beer_out_rail: int = 0
    #: Leaves the board at the end of the canal era (level 1 of every industry, R17).
    removed_at_end_of_canal_era: bool = False

    def buildable_in(self, era: str) -> bool:
        """Whether this level may be built in ``era`` (B40, R23)."""
        return self.rail_era if era == RAIL else self.canal_era

    def beer_out_in(self, era: str) -> int:
        """Barrels a brewery of this level receives when built in ``era`` (B44, R24)."""
        return self.beer_out_rail if era == RAIL else self.beer_out


@dataclass(frozen=True)
class Slot:
    """A building space of a location."""

    index: int
    industries: tuple[str, ...]
    single_icon: bool
    x: float
    y: float


@dataclass(frozen=True)
class Location:
    """A town, farm brewery or merchant location of the map."""

    id: str
    name: str
    kind: str
    colour_group: str | None
    x: float
    y: float
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Line:
    """A printed line between two (or three) locations."""

    id: str
    ends: tuple[str, ...]
    canal: bool
    rail: bool


@dataclass(frozen=True)
class MerchantSlot:
    """A merchant tile space at a merchant location."""

    location: str
    index: int
    player_counts: tuple[int, ...]


@dataclass(frozen=True)
class Market:
    """A coal or iron market (a cube count; the filled spaces are the most expensive)."""

    capacity: int
    prices: tuple[int, ...]
    start: int


def _raw(name: str) -> Any:
    return load_json(GAME, name)


@cache
def levels() -> dict[str, tuple[Level, ...]]:
    """Industry id → its levels, lowest first."""
    out: dict[str, tuple[Level, ...]] = {}
    for ind, body in _raw("industries.json")["industries"].items():
        rows = []
        for lv in body["levels"]:
            produces = lv["produces"] or {}
            beer = produces.get("beer")
            rows.append(
                Level(
                    industry=ind,
                    level=lv["level"],
                    roman=lv["roman"],
                    count=lv["count"],
                    money=lv["cost"]["money"],
                    coal=lv["cost"]["coal"],
                    iron=lv["cost"]["iron"],
                    coal_out=int(produces.get("coal", 0)),
                    iron_out=int(produces.get("iron", 0)),
                    beer_out=int(beer["canal"]) if beer else 0,
                    beer_to_sell=int(lv["beer_to_sell"] or 0),
                    vp=lv["vp"],
                    link_vp=lv["link_vp"],
                    income_spaces=lv["income_spaces"],
                    can_develop=lv["can_develop"],
                    canal_era=lv["canal_era"],
                    rail_era=lv["rail_era"],
                    beer_out_rail=int(beer["rail"]) if beer else 0,
                    removed_at_end_of_canal_era=lv["removed_at_end_of_canal_era"],
                )
            )
        out[ind] = tuple(rows)
    return out


def level(industry: str, lvl: int) -> Level:
    """The data of ``industry`` level ``lvl``."""
    return levels()[industry][lvl - 1]


@cache
def link_tiles_per_player() -> int:
    """Link tiles each player starts with (14)."""
    return int(_raw("industries.json")["link_tiles_per_player"])


@cache
def link_cost() -> int:
    """Money cost of one canal link (£3)."""
    return int(_raw("industries.json")["link_costs"]["canal"]["money"])


@cache
def locations() -> dict[str, Location]:
    """Location id → location, in board order."""
    out: dict[str, Location] = {}
    for loc in _raw("board.json")["locations"]:
        out[loc["id"]] = Location(
            id=loc["id"],
            name=loc["name"],
            kind=loc["kind"],
            colour_group=loc.get("colour_group"),
            x=loc["x"],
            y=loc["y"],
            slots=tuple(
                Slot(s["index"], tuple(s["industries"]), s["single_icon"], s["x"], s["y"])
                for s in loc["slots"]
            ),
        )
    return out


@cache
def location_order() -> dict[str, int]:
    """Location id → its position in board order (for sorting)."""
    return {lid: i for i, lid in enumerate(locations())}


@cache
def merchant_locations() -> tuple[str, ...]:
    """The five merchant locations."""
    return tuple(lid for lid, loc in locations().items() if loc.kind == "merchant")


@cache
def lines() -> dict[str, Line]:
    """Line id → line (all printed lines, canal and rail)."""
    return {
        ln["id"]: Line(ln["id"], tuple(ln["ends"]), ln["canal"], ln["rail"])
        for ln in _raw("board.json")["links"]
    }


@cache
def canal_lines() -> tuple[str, ...]:
    """Lines that accept a canal link (B26)."""
    return tuple(lid for lid, ln in lines().items() if ln.canal)


@cache
def rail_lines() -> tuple[str, ...]:
    """Lines that accept a rail link (R32)."""
    return tuple(lid for lid, ln in lines().items() if ln.rail)


def era_lines(era: str) -> tuple[str, ...]:
    """The lines a link may be placed on in ``era`` (B26, R32)."""
    return rail_lines() if era == RAIL else canal_lines()


@cache
def rail_link_cost(kind: str) -> int:
    """Money for a rail Network action: ``single`` £5, ``double`` £15 in total (R33)."""
    return int(_raw("industries.json")["link_costs"]["rail_full_game_only"][kind]["money"])


@cache
def rounds_per_era(players: int) -> int:
    """Rounds in each era of the full game: 10 / 9 / 8 for 2 / 3 / 4 players (R4)."""
    return int(_raw("cards.json")["full_game"]["rounds_per_era"][str(players)])


@cache
def lines_at() -> dict[str, tuple[str, ...]]:
    """Location id → the canal lines touching it."""
    out: dict[str, list[str]] = {lid: [] for lid in locations()}
    for lid in canal_lines():
        for end in lines()[lid].ends:
            out[end].append(lid)
    return {k: tuple(v) for k, v in out.items()}


@cache
def merchant_slots(players: int) -> tuple[MerchantSlot, ...]:
    """The merchant tile spaces in play for ``players``."""
    out = []
    for loc in _raw("board.json")["locations"]:
        m = loc.get("merchant")
        if not m:
            continue
        for s in m["slots"]:
            if players in s["player_counts"]:
                out.append(MerchantSlot(loc["id"], s["index"], tuple(s["player_counts"])))
    return tuple(out)


@cache
def merchant_tile_pool(players: int) -> tuple[str, ...]:
    """Every merchant tile used with ``players`` (before shuffling)."""
    return tuple(
        t["id"]
        for t in _raw("merchant_tiles.json")["tiles"]
        for _ in range(t["counts"][str(players)])
    )


@cache
def merchant_accepts() -> dict[str, frozenset[str]]:
    """Merchant tile id → industries it buys."""
    return {t["id"]: frozenset(t["accepts"]) for t in _raw("merchant_tiles.json")["tiles"]}


@cache
def merchant_bonus() -> dict[str, tuple[str, int]]:
    """Merchant location → (bonus type, amount) for using its barrel."""
    return {
        k: (v["type"], int(v["amount"]))
        for k, v in _raw("merchant_tiles.json")["beer_bonus_by_location"].items()
    }


@cache
def deck_cards(players: int) -> tuple[str, ...]:
    """The draw deck for ``players`` (unshuffled): location cards then industry cards."""
    raw = _raw("cards.json")
    out: list[str] = []
    for c in raw["location_cards"]:
        out += [c["location"]] * c["counts"][str(players)]
    for c in raw["industry_cards"]:
        out += [c["id"]] * c["counts"][str(players)]
    return tuple(out)


@cache
def industry_card_builds() -> dict[str, tuple[str, ...]]:
    """Industry card id → industries it may build."""
    return {c["id"]: tuple(c["industries"]) for c in _raw("cards.json")["industry_cards"]}


@cache
def hand_size() -> int:
    """Cards in a full hand (8)."""
    return int(_raw("cards.json")["hand_size"])


@cache
def market(resource: str) -> Market:
    """The coal or iron market's data."""
    m = _raw("markets.json")[resource]
    return Market(int(m["capacity"]), tuple(m["space_prices_ascending"]), int(m["start_cubes"]))


@cache
def coal_price_when_empty() -> int:
    """Price of a coal cube from an empty market (£8)."""
    return int(_raw("markets.json")["coal"]["price_when_empty"])


@cache
def level_of_space() -> tuple[int, ...]:
    """Progress-track space → income level."""
    return tuple(_raw("income_track.json")["level_of_space"])


@cache
def top_space_of_level() -> dict[int, int]:
    """Income level → its highest progress-track space (where a loan puts the marker)."""
    return {int(k): v for k, v in _raw("income_track.json")["top_space_of_level"].items()}


@cache
def start_space() -> int:
    """The progress-track space income markers start on (10 = level 0)."""
    return int(_raw("income_track.json")["start_space"])


@cache
def rounds_in_game(players: int) -> int:
    """Rounds the introductory game lasts (derived from the deck; used for display and tests)."""
    return int(_raw("cards.json")["rounds_in_intro_game"][str(players)])


def tile_count() -> int:
    """Industry tiles per player (45)."""
    return sum(lv.count for ind in INDUSTRIES for lv in levels()[ind])
