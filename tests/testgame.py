"""Tally: a tiny test-only game that exercises every part of the platform contract.

2–4 players; a seeded deck of 18 cards (1–9 twice); each player is dealt 2 hidden cards. On your turn
``play N`` puts a card from your hand on the pile and scores its value, or ``draw`` takes the top
card (a reveal) if you hold fewer than 3. A player with no card and no deck to draw from is skipped.
The game ends when every hand and the deck are empty. Option ``scoring``: ``high`` (most points
win, default) or ``low``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines.base import (
    Engine,
    EngineMeta,
    Event,
    IllegalAction,
    Option,
    Param,
    Result,
    Verb,
    rank_by,
    tokens,
)
from engines.kit import Mark, View
from engines.rng import Rng, seed_state

META = EngineMeta(
    id="tally",
    title="Tally (test game)",
    min_players=2,
    max_players=4,
    options=(Option("scoring", "Who wins: most points or fewest", "high", ("high", "low")),),
    verbs=(
        Verb(
            "play",
            "Play a card from your hand onto the pile",
            (Param("card", "card value"),),
            ("play 7",),
        ),
        Verb("draw", "Draw the top card of the deck (hand limit 3)", (), ("draw",)),
    ),
)


@dataclass(frozen=True)
class State:
    players: int
    scoring: str
    rng: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    current: int
    moves: int
    last: str


@dataclass(frozen=True)
class Hand:
    """A seat's cards: its hidden information."""

    hand: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class TallyView(View[Mark, Hand]):
    """The table: the deck's size, each hand's size, the scores."""

    game: str = "tally"
    deck: int
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    moves: int
    over: bool


@dataclass(frozen=True)
class Action:
    verb: str
    card: int = 0

    def __str__(self) -> str:
        return f"play {self.card}" if self.verb == "play" else "draw"


class Tally(Engine[State, Action]):
    meta = META
    #: Which verbs are open is public: a hand's size, which everyone sees, decides whether draw is open.
    verbs_open_publicly = True

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        rng = Rng(seed_state(seed))
        deck = [v for v in range(1, 10) for _ in range(2)]
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[2 * p : 2 * p + 2])) for p in range(players))
        return State(
            players,
            options.get("scoring", "high"),
            rng.state,
            tuple(deck[2 * players :]),
            hands,
            (0,) * players,
            0,
            0,
            "",
        )

    def parse(self, state: State, seat: int, text: str) -> Action:
        t = tokens(text)
        if not t:
            raise IllegalAction("core.empty_action", verbs="play, draw")
        if t[0] == "draw" and len(t) == 1:
            return Action("draw")
        if t[0] == "play" and len(t) == 2 and t[1].isdigit() and len(t[1]) < 3:
            return Action("play", int(t[1]))
        if t[0] == "play":
            raise IllegalAction("tally.play_needs_card")
        raise IllegalAction("core.unknown_verb", verb=t[0][:30], verbs="play, draw")

    def to_act(self, state: State) -> list[int]:
        return [] if self._over(state) else [state.current]

    def _over(self, state: State) -> bool:
        return not state.deck and not any(state.hands)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        acts = [Action("play", c) for c in sorted(set(state.hands[seat]))]
        if state.deck and len(state.hands[seat]) < 3:
            acts.append(Action("draw"))
        return acts

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if self._over(state):
            raise IllegalAction("core.game_over")
        if seat != state.current:
            raise IllegalAction("core.not_your_decision")
        hands = list(state.hands)
        scores = list(state.scores)
        deck = state.deck
        if action.verb == "play":
            if action.card not in hands[seat]:
                raise IllegalAction("tally.no_such_card", card=action.card)
            h = list(hands[seat])
            h.remove(action.card)
            hands[seat] = tuple(h)
            scores[seat] += action.card
            events = [Event("tally.played", {"seat": seat, "card": action.card})]
        else:
            if not deck:
                raise IllegalAction("tally.deck_empty")
            if len(hands[seat]) >= 3:
                raise IllegalAction("tally.hand_full")
            card, deck = deck[0], deck[1:]
            hands[seat] = tuple(sorted(hands[seat] + (card,)))
            events = [
                Event("tally.drew", {"seat": seat}, reveals=True),
                Event("tally.you_drew", {"card": card}, reveals=True, visible_to=(seat,)),
            ]
        new = replace(
            state,
            deck=deck,
            hands=tuple(hands),
            scores=tuple(scores),
            moves=state.moves + 1,
            last=str(action),
        )
        # Skip players who can do nothing (no card, nothing to draw).
        nxt = seat
        for _ in range(state.players):
            nxt = (nxt + 1) % state.players
            if new.hands[nxt] or new.deck:
                break
        new = replace(new, current=nxt)
        if self._over(new):
            events.append(Event("tally.game_over", {}))
        return new, events

    def timeout_action(self, state: State, seat: int) -> str | None:
        acts = self.legal_actions(state, seat)
        return str(acts[-1]) if acts else None

    def view(self, state: State, seat: int | None) -> TallyView:
        return TallyView(
            seat=seat,
            players=state.players,
            to_act=tuple(self.to_act(state)),
            last=Mark(text=state.last) if state.last else None,
            private=Hand(hand=state.hands[seat]) if seat is not None else None,
            deck=len(state.deck),
            hand_sizes=tuple(len(h) for h in state.hands),
            scores=state.scores,
            moves=state.moves,
            over=self._over(state),
        )

    def result(self, state: State) -> Result | None:
        if not self._over(state):
            return None
        sign = 1 if state.scoring == "high" else -1
        return Result(
            scores=state.scores,
            breakdown=tuple({"cards": s} for s in state.scores),
            ranking=rank_by([(sign * s,) for s in state.scores]),
        )

    def public_scores(self, view: View[Any, Any]) -> tuple[int, ...] | None:
        """Tally's scores are public."""
        assert isinstance(view, TallyView)
        return view.scores

    def status(self, state: State) -> Event:
        return Event("tally.status", {"move": state.moves + 1, "deck": len(state.deck)})

    def dump(self, state: State) -> dict[str, Any]:
        return {
            "format": self.format_version,
            "players": state.players,
            "scoring": state.scoring,
            "rng": state.rng,
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "scores": list(state.scores),
            "current": state.current,
            "moves": state.moves,
            "last": state.last,
        }

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_format(data)
        return State(
            data["players"],
            data["scoring"],
            data["rng"],
            tuple(data["deck"]),
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["scores"]),
            data["current"],
            data["moves"],
            data["last"],
        )


ENGINE = Tally()
