"""The working copy of a ``State`` that one action changes, frozen again at the end.

Every change made while an action resolves goes through a ``Draft``: it holds mutable copies of
the state's fields under the same names (lists for tuples, ``PlayerDraft`` for ``Player``), the
events said so far, and the decisions raised by the current effect, which go to the front of the
pending stack when the effect is over (M48-M49: one effect completely before the next). The
input state is never touched. Rules that only read take a ``Board``: a frozen state or a draft.
"""

from __future__ import annotations

from typing import Any, NoReturn

from engines.base import Event, IllegalAction
from engines.marco_polo.state import Pending, Placed, PlayerDraft, State
from engines.rng import Rng


class Draft:
    """Field-by-field mutable copy of a ``State``."""

    def __init__(self, state: State) -> None:
        self.base = state
        self.n = state.n
        self.setup = state.setup
        self.round = state.round
        self.phase = state.phase
        self.start = state.start
        self.current = state.current
        self.last_travel = state.last_travel
        self.players = [PlayerDraft.of(p) for p in state.players]
        self.spaces: dict[str, list[Placed]] = {k: list(v) for k, v in state.spaces.items()}
        self.khan = list(state.khan)
        self.cards = dict(state.cards)
        self.used_cards = dict(state.used_cards)
        self.first_post = dict(state.first_post)
        self.city_bonus = dict(state.city_bonus)
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
        #: What happened, in order.
        self.events: list[Event] = []
        #: Decisions raised by the effect being resolved (see ``flush``).
        self.new_pending: list[Pending] = []

    def freeze(self) -> State:
        """The new frozen state."""
        return State(
            n=self.n,
            setup=self.setup,
            round=self.round,
            phase=self.phase,
            start=self.start,
            current=self.current,
            last_travel=self.last_travel,
            players=tuple(p.freeze() for p in self.players),
            spaces={k: tuple(v) for k, v in self.spaces.items()},
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

    def emit(self, key: str, *, reveals: bool = False, **params: Any) -> None:
        """Record an event ``marco_polo.<key>`` (``reveals``: it showed hidden information)."""
        self.events.append(Event(f"marco_polo.{key}", params, reveals=reveals))

    def refuse(self, key: str, **params: Any) -> NoReturn:
        """Stop: the action is illegal, for the reason ``marco_polo.<key>`` says."""
        raise IllegalAction(f"marco_polo.{key}", **params)

    def push(self, item: Pending) -> None:
        """Queue a decision (resolved after the current effect, before older ones)."""
        self.new_pending.append(item)

    def flush(self) -> None:
        """Put the new decisions at the front of the stack (depth first, M49)."""
        if self.new_pending:
            self.pending[0:0] = self.new_pending
            self.new_pending = []

    def roll(self) -> int:
        """One die roll from the state's generator."""
        r = Rng(self.rng)
        value = r.die()
        self.rng = r.state
        return value


#: A position to read: frozen, or being changed inside a ``Draft``.
Board = State | Draft
