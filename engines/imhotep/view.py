"""The public view: everything on the table, nothing hidden (I8), as an ``ImhotepView``;
``kit.plain`` gives its JSON. The only thing a seat ever holds hidden is the Market-B face-down
pair it is choosing from (``Hidden``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from engines import kit
from engines.base import Result
from engines.imhotep import components as C
from engines.imhotep import scoring, tasks
from engines.imhotep.state import EMPTY, State

_DECISION_NAMES = {
    "pick": "market card",
    "keep": "keep a pair card",
    "pyramid": "choose a pyramid",
    "temple_choice": "temple bonus",
    "bonus_load": "bonus load",
}


@dataclass(frozen=True, kw_only=True)
class ImhotepMark(kit.Mark):
    """What the last move touched: its verb, and the ship, site and (ship, slot) positions it
    names (a move that ended the round keeps only its site: the ship has gone home)."""

    verb: str | None = kit.optional()
    ship: int | None = kit.optional()
    positions: tuple[tuple[int, int], ...] | None = kit.optional()
    site: str | None = kit.optional()


@dataclass(frozen=True)
class Hidden:
    """What one seat alone sees: the Market-B face-down pair it is choosing from (I8)."""

    face_down_pair: tuple[str, ...] | None = kit.optional()


@dataclass(frozen=True)
class Ship:
    """A ship of this round: its slots (the seat of each stone, ``None`` for an empty slot) and
    the site it has docked at (``None`` while in the harbour)."""

    number: int
    capacity: int
    min_load: int
    slots: tuple[int | None, ...]
    docked: str | None


@dataclass(frozen=True)
class Market:
    """The market site: the cards on offer (``None`` where one was taken), the face-down pair,
    the deck, and the discard pile with its top card."""

    offer: tuple[str | None, ...]
    face_down: int
    deck: int
    discard: int
    discard_top: str | None


@dataclass(frozen=True)
class Pyramid:
    """Side A: owners in fill order with each space's points; side B: owners per pyramid, each
    pyramid's (points, bonus) spaces, and the stones beside the complete pyramids."""

    side: str
    stones: tuple[int, ...]
    points: tuple[int, ...]
    pyramids: tuple[tuple[int, ...], ...]
    spaces_b: tuple[tuple[tuple[int, str], ...], ...]
    beside: tuple[int, ...]


@dataclass(frozen=True)
class Temple:
    """Owners in fill order, the row width, the seat on top of each column (-1: empty), and on
    side B the (layer, column, bonus) cells."""

    side: str
    width: int
    stones: tuple[int, ...]
    tops: tuple[int, ...]
    bonus_cells: tuple[tuple[int, int, str], ...]


@dataclass(frozen=True)
class BurialChamber:
    """Owners in fill order."""

    side: str
    stones: tuple[int, ...]


@dataclass(frozen=True)
class Obelisk:
    """Side A: stack height per seat; side B: waiting stones per seat, the owner of each built
    tower, and the tower slots' points."""

    side: str
    stones: tuple[int, ...]
    towers: tuple[int, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Player:
    """A player's quarry, sled, points so far and cards (card type → how many)."""

    quarry: int
    sled: int
    score: int
    cards: Mapping[str, int]


@dataclass(frozen=True)
class Decision:
    """A decision pending before play goes on: its kind, whose, the verb it is taken with and
    the tokens that may follow it (none listed for the face-down pair, which is private)."""

    kind: str
    seat: int
    verb: str
    label: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class WaitingStone:
    """A stone of the ship being unloaded that still waits for its turn (E12)."""

    seat: int
    site: str


@dataclass(frozen=True, kw_only=True)
class ImhotepView(kit.View[ImhotepMark, Hidden]):
    """The table (I8): the round, the sites' sides, the ships, the five sites, the players, what
    is pending; the final result once the game is over."""

    mark = ImhotepMark

    game: str = "imhotep"
    round: int
    rounds: int
    round_card: str
    round_cards_left: int
    #: site word → the side played (A or B)
    sides: Mapping[str, str]
    #: the sites whose side is played from stand-in numbers (I64)
    approximate: tuple[str, ...]
    wrath: bool
    ships: tuple[Ship, ...]
    market: Market
    pyramid: Pyramid
    temple: Temple
    burial_chamber: BurialChamber
    obelisk: Obelisk
    player: tuple[Player, ...]
    scores: tuple[int, ...]
    current: int
    decision: Decision | None
    #: the site whose ship is being unloaded ("" when none)
    unloading: str
    waiting_stones: tuple[WaitingStone, ...]
    moves: int
    over: bool
    result: Result | None = kit.optional()


def _seat_or_none(owner: int) -> int | None:
    return None if owner == EMPTY else owner


@cache
def _ship(number: int, slots: tuple[int, ...], docked: str) -> Ship:
    """A ship as the view shows it; shared between views (frozen, and most ships stay as they
    were from one move to the next: building them was most of the cost of a view)."""
    return Ship(
        number=number,
        capacity=len(slots),
        min_load=C.min_load(len(slots)) if slots else 0,
        slots=tuple(_seat_or_none(o) for o in slots),
        docked=C.SITE_WORD[docked] if docked else None,
    )


def make_view(
    state: State,
    to_act: list[int],
    seat: int | None = None,
    *,
    hidden: Hidden | None = None,
    result: Result | None = None,
) -> ImhotepView:
    """The view of a state: the same table for every seat, with ``seat``'s ``hidden`` part and,
    once the game is over, its ``result``."""
    n = state.players
    decision: Decision | None = None
    if state.tasks and state.tasks[0][0] in tasks.DECISION_VERBS:  # not a deal to come
        kind, who, _ = state.tasks[0]
        decision = Decision(
            kind=kind,
            seat=who,
            verb=tasks.DECISION_VERBS[kind],
            label=_DECISION_NAMES[kind],
            options=tuple(tasks.options(state, state.tasks[0])) if kind != "keep" else (),
        )
    # Stones of the ship being unloaded that still wait for their turn (E12).
    waiting = tuple(
        WaitingStone(seat=s, site=a) for k, s, a in state.tasks if k in tasks.CARRIES_STONE
    )
    approx = {s: C.approximate(s, state.side(s)) for s in C.SITES}
    cards = []
    for s in range(n):
        counts: dict[str, int] = {}
        for c in state.cards[s]:
            t = C.card_type(c).id
            counts[t] = counts.get(t, 0) + 1
        cards.append(counts)
    width = C.temple_width(n)
    return ImhotepView(
        seat=seat,
        players=n,
        to_act=tuple(to_act),
        last=kit.from_plain(ImhotepMark, state.last),
        private=hidden,
        round=state.round,
        rounds=C.ROUNDS,
        round_card=C.round_card_label(state.round_card) if state.round_card else "",
        round_cards_left=len(state.round_deck),
        sides={C.SITE_WORD[s]: state.side(s) for s in C.SITES},
        approximate=tuple(C.SITE_WORD[s] for s in C.SITES if approx[s]),
        wrath=state.wrath,
        ships=tuple(_ship(i + 1, slots, state.docked[i]) for i, slots in enumerate(state.ships)),
        market=Market(
            offer=tuple(C.card_type(c).id if c else None for c in state.offer),
            face_down=len(state.pair),
            deck=len(state.market_deck),
            discard=len(state.discard),
            discard_top=_card_id(state.discard_top()),
        ),
        pyramid=Pyramid(
            side=state.side("pyramid"),
            stones=tuple(state.pyramid),
            points=C.pyramid_a_points(),
            pyramids=tuple(tuple(p) for p in state.pyramids_b),
            spaces_b=C.pyramid_b_spaces(),
            beside=tuple(state.pyramid_overflow),
        ),
        temple=Temple(
            side=state.side("temple"),
            width=width,
            stones=tuple(state.temple),
            tops=tuple(scoring.temple_tops(state.temple, width)),
            bonus_cells=(
                tuple((layer, col, b) for (layer, col), b in sorted(C.temple_b_bonus().items()))
                if state.side("temple") == "B"
                else ()
            ),
        ),
        burial_chamber=BurialChamber(side=state.side("burial_chamber"), stones=tuple(state.burial)),
        obelisk=Obelisk(
            side=state.side("obelisk"),
            stones=tuple(state.obelisk),
            towers=tuple(state.towers),
            slots=C.obelisk_b_slots() if state.side("obelisk") == "B" else (),
        ),
        player=tuple(
            Player(
                quarry=state.quarry[s],
                sled=state.sled[s],
                score=state.score(s),
                cards=cards[s],
            )
            for s in range(n)
        ),
        scores=tuple(state.score(s) for s in range(n)),
        current=state.current,
        decision=decision,
        unloading=C.SITE_WORD.get(state.unloading, ""),
        waiting_stones=waiting,
        moves=state.moves,
        over=state.over,
        result=result,
    )


def _card_id(card: str | None) -> str | None:
    """The type id of a physical card, or ``None``."""
    return C.card_type(card).id if card else None
