"""The game state: a frozen dataclass of tuples, changed only through a ``Draft`` (engines/kit.py).

``apply`` opens a ``Draft`` on the state it is given; the rules read and change the draft's
fields under the state's own names (lists where the state has tuples), and ``freeze`` makes the
next state. A draft copies a field the first time a rule touches it, so a move copies the few
fields it changes, not the whole state (issue #15: cheap copies for self-play).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engines import kit
from engines.kit import Decision

#: A pending step of the current turn as the rules handle it: (kind, seat, argument). See
#: ``tasks.py``. The frozen state keeps them as the kit's pending ``Decision`` stack.
Task = tuple[str, int, str]

EMPTY = -1  # an empty ship position

#: Step kinds that wait for a player's answer, and the verb that answers each.
DECISION_VERBS: dict[str, str] = {
    "pick": "take",
    "keep": "keep",
    "pyramid": "pyramid",
    "temple_choice": "bonus",
    "bonus_load": "load",
}


def decision(task: Task) -> Decision:
    """A step as an entry of the kit's pending stack: its owner, the verb that answers it (the
    step's kind for a step nobody answers), and the step itself in ``params``."""
    kind, seat, arg = task
    return Decision(seat, DECISION_VERBS.get(kind, kind), params={"kind": kind, "arg": arg})


def task_of(entry: Decision) -> Task:
    """Inverse of ``decision``."""
    return (str(entry.params["kind"]), entry.owner, str(entry.params["arg"]))


@dataclass(frozen=True)
class State:
    """Everything about one game; never changed (see ``Draft``)."""

    players: int
    sides: Mapping[str, str]  # site → "A" | "B"
    wrath: bool  # Pharaoh's wrath variant (I79)
    rng: int
    round: int
    round_deck: tuple[str, ...]  # round cards still to reveal, next first
    removed_card: str  # the round card set aside unseen (I10): secret, never in a view
    round_card: str
    ships: tuple[tuple[int, ...], ...]  # per ship, owner seat per position (bow first) or EMPTY
    docked: tuple[str, ...]  # per ship, the site it sailed to this round, "" in the harbour
    market_deck: tuple[str, ...]  # hidden order
    discard: tuple[str, ...]
    offer: tuple[str, ...]  # face-up market spaces, "" once taken
    pair: tuple[str, ...]  # Market B face-down pair (hidden), () once taken or on side A
    pair_hand: tuple[str, ...]  # the pair being looked at by the player who took it (private)
    quarry: tuple[int, ...]
    sled: tuple[int, ...]
    points: tuple[Mapping[str, int], ...]  # points scored so far, per seat and category
    cards: tuple[tuple[str, ...], ...]  # face-up displays (green, purple, blue cards)
    pyramid: tuple[int, ...]  # Pyramid A: owners in fill order (beyond 14 = overflow)
    pyramids_b: tuple[tuple[int, ...], ...]  # Pyramid B: owners per pyramid in fill order
    pyramid_overflow: tuple[int, ...]  # Pyramid B: stones beside the complete pyramids
    temple: tuple[int, ...]  # owners in fill order
    burial: tuple[int, ...]  # owners in fill order
    obelisk: tuple[int, ...]  # side A: stack height per seat; side B: waiting stones per seat
    towers: tuple[int, ...]  # Obelisk B: owner of each built tower, leftmost slot first
    current: int  # the seat whose turn it is
    pending: tuple[Decision, ...]  # pending steps of the current turn, first = now
    unloading: str  # site being unloaded ("" when none)
    moves: int
    last: Mapping[str, Any]  # the last move, for captions and the highlight
    over: bool
    #: Discarded cards lying face down (an untaken Market-B pair, I8/I19): never shown, and the
    #: visible top of the discard pile is the last card NOT in this list.
    discard_face_down: tuple[str, ...] = ()

    @property
    def tasks(self) -> tuple[Task, ...]:
        """The pending steps as (kind, seat, argument), first = now."""
        return tuple(task_of(d) for d in self.pending)

    def side(self, site: str) -> str:
        """The side ("A" or "B") this game uses for ``site``."""
        return self.sides[site]

    def score(self, seat: int) -> int:
        """Points on the score track now."""
        return sum(self.points[seat].values())

    def discard_top(self) -> str | None:
        """The visible top card of the discard pile: face-down cards (I8) are skipped."""
        return _discard_top(self.discard, self.discard_face_down)


def _discard_top(discard: Any, face_down: Any) -> str | None:
    hidden = set(face_down)
    return next((c for c in reversed(discard) if c not in hidden), None)


#: How a draft copies each field it changes, and how ``freeze`` makes it a tuple again.
_FLAT = frozenset(
    {
        "round_deck",
        "docked",
        "market_deck",
        "discard",
        "offer",
        "pair",
        "pair_hand",
        "quarry",
        "sled",
        "pyramid",
        "pyramid_overflow",
        "temple",
        "burial",
        "obelisk",
        "towers",
        "discard_face_down",
    }
)
_NESTED = frozenset({"ships", "cards", "pyramids_b"})
_FIELDS = tuple(f.name for f in fields(State))
#: Fields a draft copies only when a rule first reaches them.
_LAZY = (_FLAT | _NESTED | {"points"}) - {"sled", "quarry", "docked", "ships"}
#: The same, as a tuple to loop over.
_LAZY_NAMES = tuple(sorted(_LAZY))
#: How many entries a draft's dictionary has before a rule reaches a lazy field: the state's
#: fields but the lazy ones, with ``tasks`` for ``pending``.
_EAGER_COUNT = len(_FIELDS) - len(_LAZY)


class Draft(kit.Draft[State]):
    """The working copy of a ``State`` inside ``apply``: the same field names, lists for tuples
    (``points`` a list of dicts, ``tasks`` the pending steps as ``Task`` tuples). The fields
    nearly every move uses are copied at once; any other field the first time a rule reads or
    assigns it, so the fields a move never touches cost nothing."""

    sides: Mapping[str, str]
    players: int
    wrath: bool
    rng: int
    round: int
    round_deck: list[str]
    removed_card: str
    round_card: str
    ships: list[list[int]]
    docked: list[str]
    market_deck: list[str]
    discard: list[str]
    offer: list[str]
    pair: list[str]
    pair_hand: list[str]
    quarry: list[int]
    sled: list[int]
    points: list[dict[str, int]]
    cards: list[list[str]]
    pyramid: list[int]
    pyramids_b: list[list[int]]
    pyramid_overflow: list[int]
    temple: list[int]
    burial: list[int]
    obelisk: list[int]
    towers: list[int]
    current: int
    tasks: list[Task]
    unloading: str
    moves: int
    last: Mapping[str, Any]
    over: bool
    discard_face_down: list[str]

    # The draft's own bookkeeping lives in slots, so that its instance dictionary holds the
    # state's fields only, under their names: a draft is made with one copy of the state's
    # dictionary and frozen with one copy and one update (every move does both, issue #15).
    __slots__ = ("base", "_state", "_changes", "events", "_pristine")

    def __init__(self, state: State) -> None:
        super().__init__(state)
        #: True until a rule starts changing the draft (``begin``): ``state`` is the base then.
        self._pristine = True
        # Copied at once: the scalars, and what nearly every move reads or changes (reaching a
        # field through ``__getattr__`` costs more than copying these few); the other fields
        # are left to ``__getattr__``.
        own = state.__dict__.copy()  # a copy is several times cheaper than an update
        self.__dict__ = own
        for name in _LAZY_NAMES:
            del own[name]
        own["sled"] = list(state.sled)
        own["quarry"] = list(state.quarry)
        own["docked"] = list(state.docked)
        own["ships"] = [list(s) for s in state.ships]
        del own["pending"]
        own["tasks"] = [task_of(d) for d in state.pending] if state.pending else []

    def __getattr__(self, name: str) -> Any:
        # Only called for a field not copied yet; the copy then lives in the instance.
        if name not in _LAZY:
            raise AttributeError(name)
        value = getattr(self.base, name)
        if name in _NESTED:
            value = [list(v) for v in value]
        elif name == "points":
            value = [dict(v) for v in value]
        else:
            value = list(value)
        self.__dict__[name] = value
        return value

    def begin(self) -> None:
        """A rule starts changing the draft: from now on ``state`` shows the changes."""
        self._pristine = False

    @property
    def state(self) -> State:
        """The state with every change so far (the base itself before ``begin``)."""
        return self.base if self._pristine else self.freeze()

    def freeze(self) -> State:
        """The new frozen state: the fields this draft copied, frozen again."""
        own = self.__dict__
        base = self.base
        # The new state's fields: the base's, then this draft's (scalars as they are, the
        # copies frozen again), in one dict built in place and given to the new object.
        changes = base.__dict__.copy()
        changes.update(own)
        changes["sled"] = tuple(own["sled"])
        changes["quarry"] = tuple(own["quarry"])
        changes["docked"] = tuple(own["docked"])
        changes["ships"] = tuple([tuple(s) for s in own["ships"]])
        tasks = changes.pop("tasks")
        if tasks or base.pending:
            changes["pending"] = tuple([decision(t) for t in tasks])
        if len(own) > _EAGER_COUNT:  # a lazy field was read first, or assigned whole
            for name in own.keys() & _LAZY:
                value = own[name]
                if name in _NESTED:
                    changes[name] = tuple([tuple(v) for v in value])
                else:
                    changes[name] = tuple(value)
        new = object.__new__(State)
        object.__setattr__(new, "__dict__", changes)
        return new

    def side(self, site: str) -> str:
        """The side ("A" or "B") this game uses for ``site``."""
        return self.base.sides[site]

    def score(self, seat: int) -> int:
        """Points on the score track now."""
        return sum(self.points[seat].values())

    def add_points(self, seat: int, category: str, points: int) -> None:
        """Score ``points`` for ``seat`` under ``category``."""
        if points:
            self.points[seat][category] = self.points[seat].get(category, 0) + points

    def discard_top(self) -> str | None:
        """The visible top card of the discard pile: face-down cards (I8) are skipped."""
        return _discard_top(self.discard, self.discard_face_down)


#: A position the rules may read: frozen, or being changed inside a ``Draft``.
Board = State | Draft


def given(state: State, **changes: Any) -> State:
    """``state`` with some fields replaced, lists accepted for tuples (for setting up a position
    in tests and tools; the rules change a state only through a ``Draft``). ``tasks`` sets the
    pending steps as (kind, seat, argument) tuples."""
    d = Draft(state)
    for name, value in changes.items():
        if name not in _FIELDS and name != "tasks":
            raise TypeError(f"State has no field {name!r}")
        if name == "pending":  # a draft keeps the pending stack as its steps
            name, value = "tasks", [task_of(entry) for entry in value]
        if name == "tasks":
            value = [tuple(t) for t in value]
        elif name in _NESTED:
            value = [list(v) for v in value]
        elif name == "points":
            value = [dict(v) for v in value]
        elif name in _FLAT:
            value = list(value)
        d.__dict__[name] = value
    return d.freeze()


def dump_state(state: State, format_version: int) -> dict[str, Any]:
    """JSON-compatible data of a state (format 1: lists, pending steps as ``tasks``)."""
    out: dict[str, Any] = {"format": format_version}
    for name in _FIELDS:
        value = getattr(state, name)
        if name == "pending":
            out["tasks"] = [list(t) for t in state.tasks]
            continue
        if name in _NESTED:
            value = [list(v) for v in value]
        elif name == "points":
            value = [dict(v) for v in value]
        elif name == "sides" or name == "last":
            value = dict(value)
        elif name in _FLAT:
            value = list(value)
        out[name] = value
    return out


def load_state(data: dict[str, Any]) -> State:
    """Inverse of ``dump_state`` (format already checked)."""
    values: dict[str, Any] = {}
    for name in _FIELDS:
        if name == "pending":
            values[name] = tuple(decision((str(k), int(s), str(a))) for k, s, a in data["tasks"])
            continue
        if name not in data and name == "discard_face_down":
            continue  # an older snapshot: the dataclass default applies
        value = data[name]
        if name in _NESTED:
            value = tuple(tuple(v) for v in value)
        elif name == "points":
            value = tuple(dict(v) for v in value)
        elif name == "sides" or name == "last":
            value = dict(value)
        elif name in _FLAT:
            value = tuple(value)
        values[name] = value
    return State(**values)
