"""The working copy of a ``State`` that one action changes, frozen again at the end.

Every change made while an action resolves goes through a ``Draft``: it holds mutable copies of
the state's fields under the same names (lists for tuples, ``PlayerDraft`` for ``Player``), the
events said so far, and the decisions raised by the current effect, which go to the front of the
pending stack when the effect is over (M48-M49: one effect completely before the next). The
input state is never touched. Rules that only read take a ``Board``: a frozen state or a draft.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import SupportsIndex

from engines import kit
from engines.base import CHANCE
from engines.marco_polo.state import Pending, Placed, Player, PlayerDraft, State


class Seats(list[PlayerDraft]):
    """The players of a draft: each is copied (``PlayerDraft.of``) the first time it is looked
    at, so an action that touches one player does not copy the other three."""

    def __init__(self, players: tuple[Player, ...]) -> None:
        super().__init__(players)  # type: ignore[arg-type]  # made PlayerDraft on first sight
        self.frozen = players
        #: Whether some player has been copied (else ``freeze`` gives ``frozen`` back).
        self.copied = False

    def __getitem__(self, i: SupportsIndex) -> PlayerDraft:  # type: ignore[override]
        p: PlayerDraft | Player = super().__getitem__(i)
        if isinstance(p, Player):
            p = PlayerDraft.of(p)
            super().__setitem__(i, p)
            self.copied = True
        return p

    def peek(self, i: int) -> Player | PlayerDraft:
        """Player ``i`` to read only: not copied when no rule has changed it yet (the turn
        passing reads every seat's dice, and copying a player in and out costs more than a
        reading rule)."""
        p: Player | PlayerDraft = super().__getitem__(i)
        return p

    def __iter__(self) -> Iterator[PlayerDraft]:
        return (self[i] for i in range(len(self)))

    def freeze(self) -> tuple[Player, ...]:
        """The frozen players (untouched ones are the very same objects)."""
        if not self.copied:
            return self.frozen
        held: list[PlayerDraft | Player] = list(super().__iter__())
        return tuple(p.freeze() if isinstance(p, PlayerDraft) else p for p in held)


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
        self.khan = list(state.khan)
        self.cards = state.cards
        self.used_cards = state.used_cards
        self.first_post = state.first_post
        self.city_bonus = state.city_bonus
        self.beijing = list(state.beijing)
        self.display = list(state.display)
        self.pile = list(state.pile)
        self.black_pool = state.black_pool
        self.pending = list(state.pending)
        self.draft_offer = list(state.draft_offer)
        self.draft_order = list(state.draft_order)
        self.last_seat = state.last_seat
        self.last_text = state.last_text
        self.moves = state.moves
        self.rng = state.rng
        #: Decisions raised by the effect being resolved (see ``flush``).
        self.new_pending: list[Pending] = []

    def freeze(self) -> State:
        """The new frozen state (built at once: the fields are all here, nothing to evolve)."""
        return _STATE(
            n=self.n,
            setup=self.setup,
            round=self.round,
            phase=self.phase,
            start=self.start,
            current=self.current,
            last_travel=self.last_travel,
            players=self.players.freeze(),
            spaces=self.spaces,
            khan=tuple(self.khan),
            cards=self.cards,
            used_cards=self.used_cards,
            first_post=self.first_post,
            city_bonus=self.city_bonus,
            beijing=tuple(self.beijing),
            display=tuple(self.display),
            pile=tuple(self.pile),
            black_pool=self.black_pool,
            pending=tuple(self.pending),
            draft_offer=tuple(self.draft_offer),
            draft_order=tuple(self.draft_order),
            last_seat=self.last_seat,
            last_text=self.last_text,
            moves=self.moves,
            rng=self.rng,
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


#: ``State``'s constructor without its frozen ``__init__`` (``kit.builder``).
_STATE = kit.builder(State)

#: A position to read: frozen, or being changed inside a ``Draft``.
Board = State | Draft
