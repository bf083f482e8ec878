"""The game state: frozen dataclasses of tuples, cheap to copy with ``evolve`` (the kit's).

Per-player values are tuples indexed by seat. Board pieces are small frozen records. A per-state
memo (``memo``) caches derived facts such as connectivity; it is not part of equality or dumps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engines import kit
from engines.brass import components as C

#: Turn phases.
ACT = "act"  # the current player chooses an action
SELL = "sell"  # the current player is inside a Sell action and may sell another tile
SHORTFALL = "shortfall"  # a player must remove tiles to pay negative income
LINK2 = "link2"  # rail era: the first link of a Network action is placed; a second may follow (R33)
OVER = "over"
#: Chance nodes (``engines.brass.chance``): nobody at the table decides, the service draws.
DRAW = "draw"  # the turn's player refills the hand from the deck (B21)
DEAL = "deal"  # the rail era's new deck is shuffled and dealt (R19, R20)


@dataclass(frozen=True)
class Tile:
    """An industry tile on the board."""

    location: str
    slot: int
    owner: int
    industry: str
    level: int
    flipped: bool = False
    #: Coal, iron or beer on the tile (by its industry).
    cubes: int = 0
    #: Built in the canal era and still on the board in the rail era (R41).
    survivor: bool = False

    @property
    def data(self) -> C.Level:
        """The printed data of this tile's industry and level."""
        return C.level(self.industry, self.level)

    @property
    def ref(self) -> str:
        """The notation of this tile: ``<location>.<slot number>``."""
        return f"{self.location}.{self.slot + 1}"


@dataclass(frozen=True)
class Merchant:
    """A merchant tile on a merchant slot, with or without its beer barrel."""

    location: str
    slot: int
    tile: str
    beer: bool

    @property
    def ref(self) -> str:
        """The notation of this merchant tile: ``<location>.<slot number>``."""
        return f"{self.location}.{self.slot + 1}"


@dataclass(frozen=True)
class State:
    players: int
    era: str
    iron_empty_price: int
    rng: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    face_down: tuple[str, ...]
    wild_location: int
    wild_industry: int
    money: tuple[int, ...]
    spent: tuple[int, ...]
    income: tuple[int, ...]  # progress-track space
    vp: tuple[int, ...]
    links_left: tuple[int, ...]
    gone: tuple[int, ...]  # industry tiles that left the game (developed, replaced, removed)
    mats: tuple[tuple[tuple[int, ...], ...], ...]  # seat → industry → tiles left per level
    tiles: tuple[Tile, ...]
    links: tuple[tuple[str, int], ...]  # (line id, owner), sorted by line id
    coal: int
    iron: int
    merchants: tuple[Merchant, ...]
    round: int
    order: tuple[int, ...]
    pos: int
    actions_left: int
    phase: str
    shortfall: tuple[int, ...]
    last_seat: int
    last_text: str
    last_places: tuple[str, ...]
    moves: int
    #: ``full`` (both eras, R1) or ``intro`` (canal era only). Dumps older than the full game
    #: have no mode and load as ``intro``.
    mode: str = C.INTRO
    #: Per seat: (canal links, canal industries) scored at the end of the canal era (R14, R16).
    canal_scores: tuple[tuple[int, int], ...] = ()
    #: While a rail Network action waits for its optional second link (phase ``link2``): the
    #: first link's line, then where its coal came from (tile refs, ``market`` per bought cube).
    pending: tuple[str, ...] = ()
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def current(self) -> int:
        """The seat whose turn it is (meaningless once the game is over)."""
        return self.order[self.pos]


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes`` and a fresh memo (the kit's fast copy)."""
    changes.setdefault("memo", {})
    return kit.evolve(state, **changes)


def set_at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced."""
    return values[:i] + (value,) + values[i + 1 :]


def own_tiles(state: State, seat: int, token: str) -> list[Tile]:
    """``seat``'s tiles named by ``token``: a location (all of theirs there) or a tile ref."""
    if "." in token:
        return [t for t in state.tiles if t.owner == seat and t.ref == token]
    return [t for t in state.tiles if t.owner == seat and t.location == token]


def tile_token(state: State, tile: Tile) -> str:
    """How the notation names ``tile`` to its owner: its location, or ``<location>.<slot>`` when
    the owner has several tiles there (possible in the rail era, R22)."""
    if sum(1 for t in state.tiles if t.owner == tile.owner and t.location == tile.location) > 1:
        return tile.ref
    return tile.location


def income_level(space: int) -> int:
    """The income level of a progress-track space (B74)."""
    return C.level_of_space()[space]


def lowest_level(state: State, seat: int, industry: str) -> int:
    """The level of ``seat``'s lowest tile of ``industry`` left on the mat, 0 if none (B40)."""
    counts = state.mats[seat][C.INDUSTRIES.index(industry)]
    for i, n in enumerate(counts):
        if n:
            return i + 1
    return 0


def take_from_mat(state: State, seat: int, industry: str) -> tuple[tuple[int, ...], ...]:
    """``seat``'s mat with the lowest tile of ``industry`` removed."""
    k = C.INDUSTRIES.index(industry)
    counts = list(state.mats[seat][k])
    for i, n in enumerate(counts):
        if n:
            counts[i] = n - 1
            break
    return set_at(state.mats[seat], k, tuple(counts))


#: Fields only a full game's dump carries (an intro game's dump is exactly the one written
#: before the full game existed, so stored snapshots of intro games stay byte-identical).
FULL_ONLY = frozenset({"mode", "canal_scores", "pending"})


def dump_state(state: State, version: int) -> dict[str, Any]:
    """JSON-compatible data of ``state``."""
    out: dict[str, Any] = {"format": version}
    full = state.mode != C.INTRO
    for f in fields(state):
        if f.name == "memo" or (f.name in FULL_ONLY and not full):
            continue
        value = getattr(state, f.name)
        if f.name == "tiles":
            value = [
                [t.location, t.slot, t.owner, t.industry, t.level, t.flipped, t.cubes]
                + ([t.survivor] if full else [])
                for t in value
            ]
        elif f.name == "merchants":
            value = [[m.location, m.slot, m.tile, m.beer] for m in value]
        out[f.name] = _lists(value)
    return out


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def load_state(data: Mapping[str, Any]) -> State:
    """Inverse of ``dump_state`` (the format is checked by the engine). A dump without ``mode``,
    ``canal_scores``, ``pending`` and survivor flags is an introductory game (every dump written
    before the full game existed is one), and the defaults say so."""
    kw: dict[str, Any] = {}
    for f in fields(State):
        if f.name == "memo" or f.name not in data:
            continue
        value = data[f.name]
        if f.name == "tiles":
            kw[f.name] = tuple(Tile(*row) for row in value)
        elif f.name == "merchants":
            kw[f.name] = tuple(Merchant(*row) for row in value)
        else:
            kw[f.name] = _tuples(value)
    if "canal_scores" not in data:
        kw["canal_scores"] = ((0, 0),) * int(data["players"])
    return State(**kw)
