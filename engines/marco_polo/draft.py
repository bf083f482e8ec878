"""The working copy of a ``State`` that one action changes, frozen again at the end.

Every change made while an action resolves goes through a ``Draft``: it holds mutable copies of
the state's fields under the same names (lists for tuples, ``PlayerDraft`` for ``Player``), the
events said so far, and the decisions raised by the current effect, which go to the front of the
pending stack when the effect is over (M48-M49: one effect completely before the next). The
input state is never touched. Rules that only read take a ``Board``: a frozen state or a draft.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, SupportsIndex

from engines import kit
from engines.base import CHANCE
from engines.marco_polo.state import Pending, Placed, Player, PlayerDraft, State


class Seats(list[PlayerDraft]):
    """The players of a draft: each is copied (``PlayerDraft.of``) the first time it is looked
    at, so an action that touches one player does not copy the other three."""

    def __init__(self, players: tuple[Player, ...]) -> None:
        # ``list.__init__`` called straight, as in ``__getitem__`` (a draft per move).
        _INIT(self, players)  # type: ignore[misc]  # made PlayerDraft on first sight
        self.frozen = players
        #: The seats copied so far (``freeze`` freezes these, the others are ``frozen``'s).
        self.copied: list[int] = []

    def __getitem__(self, i: SupportsIndex) -> PlayerDraft:  # type: ignore[override]
        # ``list.__getitem__`` called straight: rules read a player many times per action, and
        # ``super()`` made each look-up several times dearer.
        p: PlayerDraft | Player = _ITEM(self, i)
        if p.__class__ is Player:
            p = PlayerDraft.of(p)
            _SET(self, i, p)
            self.copied.append(i.__index__())
        return p  # type: ignore[return-value]

    def peek(self, i: int) -> Player | PlayerDraft:
        """Player ``i`` to read only: not copied when no rule has changed it yet (the turn
        passing reads every seat's dice, and copying a player in and out costs more than a
        reading rule)."""
        p: Player | PlayerDraft = _ITEM(self, i)
        return p

    def __iter__(self) -> Iterator[PlayerDraft]:
        return (self[i] for i in range(len(self)))

    def freeze(self) -> tuple[Player, ...]:
        """The frozen players (untouched ones are the very same objects)."""
        if not self.copied:
            return self.frozen
        out = list(self.frozen)
        for i in self.copied:
            out[i] = _ITEM(self, i).freeze()
        return tuple(out)


#: ``list``'s own item access and set-up, for ``Seats`` (which overrides them).
_ITEM = list.__getitem__
_INIT = list.__init__
_SET = list.__setitem__

#: Fields of ``State`` held as lists in a ``Draft``, copied from the state only when a rule
#: first reads them (``Draft.__getattr__``): most actions never touch Khan's space, Beijing,
#: the display, the pile or the set-up draft.
_LAZY = frozenset(("khan", "beijing", "display", "pile", "draft_offer", "draft_order"))


class Draft(kit.Draft[State]):
    """The kit's working copy, holding field-by-field mutable copies of a ``State``: rules read
    and change these fields (``d.players[seat].coin -= fee``), never ``state``, which stays the
    state the action started from until ``freeze``. Mappings and the spaces' dice are replaced,
    never changed in place (``d.spaces[s] = (*d.spaces[s], die)``), so they are not copied."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.n = state.n
        self.setup = state.setup
        self.round = state.round
        self.phase = state.phase
        self.start = state.start
        self.current = state.current
        self.last_travel = state.last_travel
        self.players = Seats(state.players)
        self.spaces: dict[str, tuple[Placed, ...]] = dict(state.spaces)
        self.cards = state.cards
        self.used_cards = state.used_cards
        self.first_post = state.first_post
        self.city_bonus = state.city_bonus
        self.black_pool = state.black_pool
        self.pending = list(state.pending)
        self.last_seat = state.last_seat
        self.last_text = state.last_text
        self.moves = state.moves
        self.rng = state.rng
        #: Decisions raised by the effect being resolved (see ``flush``).
        self.new_pending: list[Pending] = []

    # The list fields copied on first sight (``_LAZY``), declared for the type checker.
    khan: list[Placed]
    beijing: list[int | None]
    display: list[str]
    pile: list[str]
    draft_offer: list[str]
    draft_order: list[int]

    def __getattr__(self, name: str) -> object:
        """A ``_LAZY`` field asked for the first time: a list copy of the state's, kept (only
        fields not set yet come here)."""
        if name not in _LAZY:
            raise AttributeError(name)
        copy = list(getattr(self.base, name))
        self.__dict__[name] = copy
        return copy

    def freeze(self) -> State:
        """The new frozen state (built at once: the fields are all here, nothing to evolve)."""
        # A ``_LAZY`` field never read is the state's own; the arguments go in field order (a
        # call by 25 keywords matches each name, and every move of a search freezes a state).
        held = self.__dict__.get
        base = self.base
        khan, beijing, display = held("khan"), held("beijing"), held("display")
        pile, offer, order = held("pile"), held("draft_offer"), held("draft_order")
        return _STATE(
            self.n,
            self.setup,
            self.round,
            self.phase,
            self.start,
            self.current,
            self.last_travel,
            self.players.freeze(),
            self.spaces,
            base.khan if khan is None else tuple(khan),
            self.cards,
            self.used_cards,
            self.first_post,
            self.city_bonus,
            base.beijing if beijing is None else tuple(beijing),
            base.display if display is None else tuple(display),
            base.pile if pile is None else tuple(pile),
            self.black_pool,
            tuple(self.pending),
            base.draft_offer if offer is None else tuple(offer),
            base.draft_order if order is None else tuple(order),
            self.last_seat,
            self.last_text,
            self.moves,
            self.rng,
        )

    def push(self, item: Pending) -> None:
        """Queue a decision (resolved after the current effect, before older ones)."""
        self.new_pending.append(item)

    def flush(self) -> None:
        """Put the new decisions at the front of the stack (depth first, M49), behind any
        chance node waiting (dice are rolled before anyone decides anything more)."""
        if self.new_pending:
            at = self.leading_chance()
            self.pending[at:at] = self.new_pending
            self.new_pending = []

    def leading_chance(self) -> int:
        """How many chance nodes (dice to roll) are first on the stack."""
        n = 0
        while n < len(self.pending) and self.pending[n].owner == CHANCE:
            n += 1
        return n

    def wait_for_dice(self, node: Pending) -> None:
        """Stop at a chance node (engines.marco_polo.chance): ``node`` goes after any chance
        node already waiting and before every player's decision, so dice are rolled in the
        order the rules ask for them."""
        self.pending.insert(self.leading_chance(), node)


class QuietDraft(Draft):
    """A ``Draft`` that says nothing: for the computer's own moves (``engine.apply_listed``),
    whose events nobody reads (a search applies tens of thousands of moves and keeps only the
    positions), and recording them was a tenth of a move's cost. The rules run the same."""

    def emit(
        self,
        key: str,
        *,
        reveals: bool = False,
        visible_to: tuple[int, ...] | None = None,
        **params: Any,
    ) -> None:
        """Nothing is recorded."""


#: ``State``'s constructor without its frozen ``__init__`` (``kit.builder``).
_STATE = kit.builder(State)

#: A position to read: frozen, or being changed inside a ``Draft``.
Board = State | Draft
