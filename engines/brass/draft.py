"""A mutable working copy of a state used inside ``apply``, frozen again at the end.

Brass's ``Draft`` is the kit's (``engines.kit.Draft``) holding mutable copies of the fields the
rules change step by step: rules code reads and writes plain lists here; the input ``State`` is
never touched. The helpers are the game's small recurring effects: paying (money spent, B20),
advancing income (B73), flipping emptied tiles (B35), discarding cards (B18).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from engines import kit
from engines.base import IllegalAction
from engines.brass import components as C
from engines.brass.notation import Action
from engines.brass.state import Merchant, State, Tile

T = TypeVar("T")


def _rows(value: tuple[tuple[Any, ...], ...]) -> list[list[Any]]:
    return [list(row) for row in value]


def _mats(value: tuple[tuple[tuple[int, ...], ...], ...]) -> list[list[list[int]]]:
    return [[list(c) for c in m] for m in value]


#: The fields a rule may change, with how a draft copies each (a mutable copy, or the value as
#: it is for numbers, strings and tuples that are only ever replaced whole) and how it freezes
#: it again (hands, tiles and links in their canonical order).
_FIELDS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "deck": (list, tuple),
    "hands": (_rows, lambda v: tuple(tuple(sorted(h)) for h in v)),
    "discards": (_rows, lambda v: tuple(tuple(d) for d in v)),
    "wild_location": (int, int),
    "wild_industry": (int, int),
    "money": (list, tuple),
    "spent": (list, tuple),
    "income": (list, tuple),
    "vp": (list, tuple),
    "links_left": (list, tuple),
    "gone": (list, tuple),
    "mats": (_mats, lambda v: tuple(tuple(tuple(c) for c in m) for m in v)),
    "tiles": (list, lambda v: tuple(sorted(v, key=_tile_key))),
    "links": (list, lambda v: tuple(sorted(v))),
    "coal": (int, int),
    "iron": (int, int),
    "merchants": (list, tuple),
    "round": (int, int),
    "order": (list, tuple),
    "pos": (int, int),
    "actions_left": (int, int),
    "phase": (str, str),
    "shortfall": (list, tuple),
    "era": (str, str),
    "rng": (int, int),
    "face_down": (tuple, tuple),
    "canal_scores": (list, tuple),
    "pending": (tuple, tuple),
}


class Draft(kit.Draft[State]):
    """Field-by-field mutable copy of a ``State`` (a ``kit.Draft`` with list fields).

    A field is copied the first time a rule reads it (``__getattr__``), and only the fields
    copied are frozen again: most actions touch a handful of the state's thirty fields, and
    copying all of them in and out was most of an action's cost.
    """

    deck: list[str]
    hands: list[list[str]]
    discards: list[list[str]]
    wild_location: int
    wild_industry: int
    money: list[int]
    spent: list[int]
    income: list[int]
    vp: list[int]
    links_left: list[int]
    gone: list[int]
    mats: list[list[list[int]]]
    tiles: list[Tile]
    links: list[tuple[str, int]]
    coal: int
    iron: int
    merchants: list[Merchant]
    round: int
    order: list[int]
    pos: int
    actions_left: int
    phase: str
    shortfall: list[int]
    era: str
    rng: int
    face_down: tuple[str, ...]
    canal_scores: list[tuple[int, int]]
    pending: tuple[str, ...]

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.players = state.players
        self.places: list[str] = []

    def __getattr__(self, name: str) -> Any:
        # Only called for a field not copied yet: copy it from the state the draft began with.
        conv = _FIELDS.get(name)
        if conv is None:
            raise AttributeError(name)
        value = conv[0](getattr(self.base, name))
        self.__dict__[name] = value
        return value

    def freeze(self, **extra: Any) -> State:
        """The new immutable state."""
        # The copied fields are a few entries of the draft's own dict: walking it is cheaper
        # than asking for each of the thirty fields.
        changes: dict[str, Any] = {
            name: _FIELDS[name][1](value)
            for name, value in self.__dict__.items()
            if name in _FIELDS
        }
        changes.update(extra)
        self.set(**changes, memo={})
        return super().freeze()

    def restart(self, **extra: Any) -> State:
        """Freeze the state so far (with ``extra`` fields) and go on from it: the events and
        places of the action are kept. A Sell or a rail Network action does this after a sale or
        a first link, to ask the frozen board whether another sale or link is possible."""
        mid = self.freeze(**extra)
        events, places = self.events, self.places
        for name in _FIELDS:
            self.__dict__.pop(name, None)
        self.__init__(mid)  # type: ignore[misc]
        self.events, self.places = events, places
        return mid

    # -- small effects ------------------------------------------------------------------------
    def emit(self, key: str, **params: Any) -> None:
        """Record an event ``brass.<key>``; ids also get a readable ``<param>_name``."""
        for name in ("location", "merchant", "industry", "line"):
            if name in params:
                params[name + "_name"] = display_name(params[name])
        if "sources" in params:
            params["sources_names"] = sources_text(params["sources"])
        super().emit("brass." + key, **params)

    def pay(self, seat: int, amount: int) -> None:
        """Pay the bank during a turn: money spent this round (B20)."""
        self.money[seat] -= amount
        self.spent[seat] += amount

    def advance_income(self, seat: int, spaces: int) -> None:
        """Move the income marker forward, stopping at the last space (B73)."""
        self.income[seat] = min(len(C.level_of_space()) - 1, self.income[seat] + spaces)

    def discard(self, seat: int, card: str) -> None:
        """Discard a card from the hand: wilds back to their pile, others face up (B18)."""
        self.hands[seat].remove(card)
        if card == C.WILD_LOCATION:
            self.wild_location += 1
        elif card == C.WILD_INDUSTRY:
            self.wild_industry += 1
        else:
            self.discards[seat].append(card)

    def tile_at(self, ref: str) -> Tile:
        """The tile with notation ``ref`` (``<location>.<slot>``)."""
        for t in self.tiles:
            if t.ref == ref:
                return t
        raise KeyError(ref)

    def set_tile(self, old: Tile, new: Tile | None) -> None:
        """Replace (or remove, with ``None``) a tile on the board."""
        i = self.tiles.index(old)
        if new is None:
            del self.tiles[i]
        else:
            self.tiles[i] = new

    def flip(self, tile: Tile) -> Tile:
        """Flip a tile and advance its owner's income (B72, B73)."""
        new = replace(tile, flipped=True)
        self.set_tile(tile, new)
        spaces = tile.data.income_spaces
        self.advance_income(tile.owner, spaces)
        self.emit(
            "flipped",
            owner_seat=tile.owner,
            industry=tile.industry,
            level=tile.data.roman,
            location=tile.location,
            spaces=spaces,
        )
        return new

    def take(self, sources: tuple[str, ...] | list[str]) -> None:
        """Take one cube/barrel per source ref; a resource tile left empty flips (B35)."""
        for ref in sources:
            t = self.tile_at(ref)
            t2 = replace(t, cubes=t.cubes - 1)
            self.set_tile(t, t2)
            if t2.cubes == 0:
                self.flip(t2)


def checked(check: Callable[[State, int, Action], T], state: State, seat: int, action: Action) -> T:
    """``check(state, seat, action)``, kept in the state's memo: a rule's ``why_not`` and its
    ``do`` run the same check on the same state, and the second time finds the answer."""
    key = ("checked", seat, action)
    memo = state.memo
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    got = memo[key] = check(state, seat, action)
    return got


def refuse(key: str, **params: Any) -> IllegalAction:
    """An ``IllegalAction``; ids also get a readable ``<param>_name`` (as events do)."""
    for name in ("location", "industry", "line", "merchant"):
        if isinstance(params.get(name), str):
            params[name + "_name"] = display_name(params[name])
    return IllegalAction(key, **params)


def sources_text(refs: list[str]) -> str:
    """Tile refs (one per cube) as readable places: ``Dudley ×2, Cannock``."""
    counts: dict[str, int] = {}
    for ref in refs:
        name = display_name(ref.rsplit(".", 1)[0])
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())


def display_name(ident: str) -> str:
    """A readable name for a location, industry or line id (captions)."""
    locs = C.locations()
    if ident in locs:
        return locs[ident].name
    if ident in C.lines():
        return "–".join(locs[e].name for e in C.lines()[ident].ends)
    return ident.replace("_", " ")


def _tile_key(t: Tile) -> tuple[int, int]:
    return C.location_order()[t.location], t.slot
