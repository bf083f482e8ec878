"""The game state: plain lists and ints, cheap to clone and exact through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

#: A pending step of the current turn: (kind, seat, argument). See ``tasks.py``.
Task = tuple[str, int, str]

EMPTY = -1  # an empty ship position


@dataclass
class State:
    """Everything about one game. Engines clone it before changing anything (``clone``)."""

    players: int
    sides: dict[str, str]  # site → "A" | "B"; never mutated after setup
    wrath: bool  # Pharaoh's wrath variant (I79)
    rng: int
    round: int
    round_deck: list[str]  # round cards still to reveal, next first
    removed_card: str  # the round card set aside unseen (I10): secret, never in a view
    round_card: str
    ships: list[list[int]]  # per ship, owner seat per position (bow first) or EMPTY
    docked: list[str]  # per ship, the site it sailed to this round, "" while in the harbour
    market_deck: list[str]  # hidden order
    discard: list[str]
    offer: list[str]  # face-up market spaces, "" once taken
    pair: list[str]  # Market B face-down pair (hidden), [] once taken or on side A
    pair_hand: list[str]  # the pair being looked at by the player who took it (private)
    quarry: list[int]
    sled: list[int]
    points: list[dict[str, int]]  # points scored so far, per seat and category
    cards: list[list[str]]  # face-up displays (green, purple, blue cards)
    pyramid: list[int]  # Pyramid A: owners in fill order (beyond 14 = overflow)
    pyramids_b: list[list[int]]  # Pyramid B: owners per pyramid in fill order
    pyramid_overflow: list[int]  # Pyramid B: stones beside the complete pyramids
    temple: list[int]  # owners in fill order
    burial: list[int]  # owners in fill order
    obelisk: list[int]  # side A: stack height per seat; side B: waiting stones per seat
    towers: list[int]  # Obelisk B: owner of each built tower, leftmost slot first
    current: int  # the seat whose turn it is
    tasks: list[Task]  # pending steps of the current turn, first = now
    unloading: str  # site being unloaded ("" when none)
    moves: int
    last: dict[str, Any]  # the last move, for captions and the highlight
    over: bool
    #: Discarded cards lying face down (an untaken Market-B pair, I8/I19): never shown, and the
    #: visible top of the discard pile is the last card NOT in this list. Defaulted so snapshots
    #: written before it existed still load.
    discard_face_down: list[str] = field(default_factory=list)

    def clone(self) -> State:
        """A copy whose lists can be changed without touching this state."""
        new = object.__new__(State)
        d = dict(self.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        for name in _NESTED:
            d[name] = [type(v)(v) for v in d[name]]
        new.__dict__ = d
        return new

    def side(self, site: str) -> str:
        """The side ("A" or "B") this game uses for ``site``."""
        return self.sides[site]

    def score(self, seat: int) -> int:
        """Points on the score track now."""
        return sum(self.points[seat].values())

    def add_points(self, seat: int, category: str, points: int) -> None:
        """Score ``points`` for ``seat`` under ``category``."""
        if points:
            self.points[seat][category] = self.points[seat].get(category, 0) + points

    def discard_top(self) -> str | None:
        """The visible top card of the discard pile: face-down cards (I8) are skipped."""
        hidden = set(self.discard_face_down)
        return next((c for c in reversed(self.discard) if c not in hidden), None)


#: What ``clone`` copies: the fields holding a flat list, and those holding lists of lists or
#: dicts (``sides`` never changes after setup and ``last`` is replaced whole, so both are shared).
_NESTED = ("ships", "points", "cards", "pyramids_b")
_LISTS = tuple(
    f.name
    for f in fields(State)
    if f.name not in _NESTED and isinstance(f.type, str) and f.type.startswith("list[")
)


def dump_state(state: State, format_version: int) -> dict[str, Any]:
    """JSON-compatible data of a state."""
    out: dict[str, Any] = {"format": format_version}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "tasks":
            value = [list(t) for t in value]
        elif f.name in ("ships", "points", "cards", "pyramids_b"):
            value = [type(v)(v) for v in value]
        elif isinstance(value, list | dict):
            value = type(value)(value)
        out[f.name] = value
    return out


def load_state(data: dict[str, Any]) -> State:
    """Inverse of ``dump_state`` (format already checked)."""
    values: dict[str, Any] = {}
    for f in fields(State):
        if f.name not in data and f.name == "discard_face_down":
            continue  # an older snapshot: the dataclass default applies
        value = data[f.name]
        if f.name == "tasks":
            value = [(str(k), int(s), str(a)) for k, s, a in value]
        elif f.name in ("ships", "points", "cards", "pyramids_b"):
            value = [type(v)(v) for v in value]
        elif isinstance(value, list | dict):
            value = type(value)(value)
        values[f.name] = value
    return State(**values)
