"""Component data of Imhotep, read once from ``data/imhotep/`` (the only I/O of this engine)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engines.data import load_json

GAME = "imhotep"

#: The five sites in table order (RULES section 12); notation words in ``SITE_WORDS``.
SITES: tuple[str, ...] = ("market", "pyramid", "temple", "burial_chamber", "obelisk")
#: The four building sites (Pharaoh's wrath, green cards): everything but the market.
BUILDING_SITES: tuple[str, ...] = ("pyramid", "temple", "burial_chamber", "obelisk")
#: Notation word → site id. ``burial`` is the short, typable name of the Burial Chamber.
SITE_WORDS: dict[str, str] = {
    "market": "market",
    "pyramid": "pyramid",
    "temple": "temple",
    "burial": "burial_chamber",
    "obelisk": "obelisk",
}
#: Site id → notation word.
SITE_WORD: dict[str, str] = {v: k for k, v in SITE_WORDS.items()}

ROUNDS = 6  # I15
STONES_PER_PLAYER = 29  # I2: 30 per colour, one marks the score track
SLED_LIMIT = 5  # I3
QUARRY_TAKE = 3  # I22
START_SLED = (2, 3, 4, 5)  # I12, by seat


@dataclass(frozen=True)
class CardType:
    """One kind of market card (I7, section 7)."""

    id: str
    name: str
    colour: str
    count: int
    site: str  # red: where its stone goes; green: which site it counts; else ""
    text: str


def ship_cards() -> dict[str, Any]:
    """``data/imhotep/ship_cards.json``."""
    data: dict[str, Any] = load_json(GAME, "ship_cards.json")
    return data


def sites() -> dict[str, Any]:
    """``data/imhotep/sites.json``."""
    data: dict[str, Any] = load_json(GAME, "sites.json")
    return data


@cache
def card_types() -> dict[str, CardType]:
    """Market card types by id."""
    data = load_json(GAME, "market_cards.json")
    return {
        t["id"]: CardType(t["id"], t["name"], t["colour"], t["count"], t.get("site", ""), t["text"])
        for t in data["types"]
    }


@cache
def market_deck() -> tuple[str, ...]:
    """The 34 physical market cards as ``type#n`` ids (I7)."""
    return tuple(f"{t.id}#{n}" for t in card_types().values() for n in range(1, t.count + 1))


@cache
def card_type(card: str) -> CardType:
    """The type of a physical card id such as ``statue#3``."""
    return card_types()[card.split("#", 1)[0]]


@cache
def round_cards(players: int) -> dict[str, tuple[int, ...]]:
    """Round card id → ship capacities, for one player count (I6)."""
    return {c["id"]: tuple(c["capacities"]) for c in ship_cards()["decks"][str(players)]}


@cache
def round_card_label(card: str) -> str:
    """The printed label of a round card, e.g. ``4-3-2-1``."""
    for deck in ship_cards()["decks"].values():
        for c in deck:
            if c["id"] == card:
                return str(c["label"])
    return card


@cache
def min_load(capacity: int) -> int:
    """The minimum load printed on a ship's bow (I5)."""
    return int(ship_cards()["min_load_by_capacity"][str(capacity)])


@cache
def pyramid_a_points() -> tuple[int, ...]:
    """Points of the 14 Pyramid A spaces in fill order (I36)."""
    return tuple(s["points"] for s in sites()["pyramid"]["A"]["spaces"])


@cache
def pyramid_b_spaces() -> tuple[tuple[tuple[int, str], ...], ...]:
    """Pyramid B: per pyramid, (points, bonus) of each space in fill order (I50–I54, approximate)."""
    return tuple(
        tuple((int(s["points"]), str(s.get("bonus", ""))) for s in pyr)
        for pyr in sites()["pyramid"]["B"]["pyramids"]
    )


def temple_width(players: int) -> int:
    """Temple columns for a player count (I38)."""
    return int(sites()["temple"]["A"]["width_by_players"][str(players)])


@cache
def temple_b_bonus() -> dict[tuple[int, int], str]:
    """Temple B bonus cells (layer, col) → bonus kind (I56, approximate)."""
    return {(c["layer"], c["col"]): c["bonus"] for c in sites()["temple"]["B"]["bonus_cells"]}


def obelisk_awards(players: int) -> tuple[int, ...]:
    """Obelisk A awards by rank (I44)."""
    return tuple(sites()["obelisk"]["A"]["awards_by_players"][str(players)])


@cache
def obelisk_b_slots() -> tuple[int, ...]:
    """Obelisk B tower slot values, leftmost first (I61, approximate)."""
    return tuple(sites()["obelisk"]["B"]["tower_slot_points"])


def approximate(site: str, side: str) -> bool:
    """Whether a site side is played from stand-in numbers (I64)."""
    return bool(sites()[site][side].get("approximate", False))


def tower_size() -> int:
    """Stones per Obelisk-B tower (I61)."""
    return int(sites()["obelisk"]["B"]["tower_size"])


@cache
def statue_table() -> tuple[tuple[int, ...], int]:
    """Statue set points for 1..5 statues and the points per further statue (I69)."""
    data = load_json(GAME, "market_cards.json")
    return tuple(data["statue_points"]), int(data["statue_each_beyond_5"])
