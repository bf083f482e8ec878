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
from engines.brass.state import State, Tile

T = TypeVar("T")


class Draft(kit.Draft[State]):
    """Field-by-field mutable copy of a ``State`` (a ``kit.Draft`` with list fields)."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.players = state.players
        self.deck = list(state.deck)
        self.hands = [list(h) for h in state.hands]
        self.discards = [list(d) for d in state.discards]
        self.wild_location = state.wild_location
        self.wild_industry = state.wild_industry
        self.money = list(state.money)
        self.spent = list(state.spent)
        self.income = list(state.income)
        self.vp = list(state.vp)
        self.links_left = list(state.links_left)
        self.gone = list(state.gone)
        self.mats = [[list(c) for c in m] for m in state.mats]
        self.tiles = list(state.tiles)
        self.links = list(state.links)
        self.coal = state.coal
        self.iron = state.iron
        self.merchants = list(state.merchants)
        self.round = state.round
        self.order = list(state.order)
        self.pos = state.pos
        self.actions_left = state.actions_left
        self.phase = state.phase
        self.shortfall = list(state.shortfall)
        self.era = state.era
        self.rng = state.rng
        self.face_down = state.face_down
        self.canal_scores = list(state.canal_scores)
        self.pending = state.pending
        self.places: list[str] = []

    def freeze(self, **extra: Any) -> State:
        """The new immutable state."""
        changes: dict[str, Any] = {
            "deck": tuple(self.deck),
            "hands": tuple(tuple(sorted(h)) for h in self.hands),
            "discards": tuple(tuple(d) for d in self.discards),
            "wild_location": self.wild_location,
            "wild_industry": self.wild_industry,
            "money": tuple(self.money),
            "spent": tuple(self.spent),
            "income": tuple(self.income),
            "vp": tuple(self.vp),
            "links_left": tuple(self.links_left),
            "gone": tuple(self.gone),
            "mats": tuple(tuple(tuple(c) for c in m) for m in self.mats),
            "tiles": tuple(sorted(self.tiles, key=_tile_key)),
            "links": tuple(sorted(self.links)),
            "coal": self.coal,
            "iron": self.iron,
            "merchants": tuple(self.merchants),
            "round": self.round,
            "order": tuple(self.order),
            "pos": self.pos,
            "actions_left": self.actions_left,
            "phase": self.phase,
            "shortfall": tuple(self.shortfall),
            "era": self.era,
            "rng": self.rng,
            "face_down": self.face_down,
            "canal_scores": tuple(self.canal_scores),
            "pending": self.pending,
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
