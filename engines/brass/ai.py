"""What a computer seat knows in Brass: Birmingham, and how it judges a position.

Secret (B23, R50): every hand but one's own, the face-down setup cards, and the order of the draw
pile. ``determinize`` gathers those cards (the seat's own hand stays), shuffles them and deals them
back in the same sizes, and re-seeds the generator, so later draws are unknown as well. Money,
tiles, links, merchants and discard piles are public (B18, D15) and stay.

The evaluation (``engines.brass.ai_value``) is each seat's projected final VP: build–sell cycles,
income raised early, links next to what will flip, money only while it can still be spent. The
moves compared, the rollout policy and whole turns are in ``engines.brass.ai_moves``.
"""

from __future__ import annotations

from typing import Any

from engines.ai.knowledge import reshuffle
from engines.brass import ai_moves, ai_value
from engines.brass import components as C
from engines.brass.state import State, evolve
from engines.rng import Rng

#: Kept for callers of the old name.
rounds_left = ai_value.rounds_left


#: Asked for this many turns or fewer (the search's tree), ``turns`` ranks them by the quick
#: score alone; more (the root, hints) come from a beam valued by the evaluation.
QUICK_TURNS = 4
#: Partial turns the beam keeps after the first action (half as many after later commands): a
#: first action that looks plain alone (a brewery, a loan, a link) is often the half of the best
#: turn (the sale it allows, the build it funds), so the beam keeps many.
ROOT_WIDTH = 16
#: ``strong``'s root compares this many whole turns (``normal``: 12), from a beam this wide: a
#: Brass position's value is read almost whole from the evaluation (no rollouts), so more
#: iterations only add replies of rivals played by the quick score, while turns the narrower
#: beam never listed (a second build, a link and a sale) are where a better turn lies.
STRONG_TURNS = 20
STRONG_WIDTH = 40


class BrassKnowledge:
    """Brass's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: moves played past the search tree before a position is scored: the evaluation already
    #: counts what an unflipped tile and the income will bring, and a random move in Brass
    #: mostly wastes money, so the leaf is scored where the tree ends
    rollout_depth = 0
    #: a few VP are a clear lead
    scale = 8.0
    #: a share of the value for the score margin (``engines.ai.knowledge.margin_values``): a game
    #: lasts long enough for leads of dozens of VP, where the chance to win alone stops telling
    #: moves apart
    margin = 0.3
    #: the root's own rating of each whole turn (the evaluation after it) counts as this many
    #: visits: with the evaluation already reading a turn's sales, flips and income, a few
    #: visits of rivals' quick replies below it should refine that order, not replace it by
    #: their noise (2-player duel at 30 iterations, 15 games: 9 won, margin +7.7 VP a game)
    prior = 3
    strong_width = STRONG_TURNS

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Other hands, the face-down cards and the draw pile dealt again from what ``seat``
        has not seen."""
        others = [s for s in range(state.players) if s != seat]
        # Wild cards never lie in the deck or face down (B8), and who took one by scouting is
        # public: they stay in the hands that hold them, only the rest is dealt again.
        pools = [list(state.deck), list(state.face_down)] + [
            [c for c in state.hands[s] if c not in C.WILDS] for s in others
        ]
        dealt = reshuffle(rng, pools)
        hands = list(state.hands)
        for s, cards in zip(others, dealt[2:], strict=True):
            hands[s] = tuple(sorted(cards + [c for c in state.hands[s] if c in C.WILDS]))
        return evolve(
            state,
            deck=tuple(dealt[0]),
            face_down=tuple(dealt[1]),
            hands=tuple(hands),
            rng=rng.next64(),
        )

    def scores(self, state: State) -> list[float]:
        """Each seat's projected final VP (``engines.brass.ai_value.projected``)."""
        return ai_value.projected(state)

    def candidates(self, engine: Any, state: State, seat: int, rng: Rng) -> list[str]:
        """The moves worth comparing: each once with the card least needed, no loan while there
        is money to build, no develop that opens no better tile (``ai_moves.candidates``)."""
        return ai_moves.candidates(state, seat)

    def policy(self, engine: Any, state: State, seat: int, rng: Rng) -> str | None:
        """A cheap sensible move for rollouts (``ai_moves.policy``)."""
        return ai_moves.policy(state, seat, rng)

    def turns(
        self, engine: Any, state: State, seat: int, rng: Rng, limit: int
    ) -> list[tuple[str, ...]]:
        """Up to ``limit`` whole turns of ``seat`` (both actions with their cards, a Sell
        action's sales), best-looking first by the projected score margin."""

        def margin(after: State) -> float:
            scores = ai_value.projected(after)
            return scores[seat] - max(x for i, x in enumerate(scores) if i != seat)

        def play(at: State, mover: int, move: str) -> tuple[State, Any]:
            # Chance not settled: a draw coming ends the turn.
            after: tuple[State, Any] = engine.apply(at, mover, engine.parse(at, mover, move))
            return after

        if limit <= QUICK_TURNS:
            # The search's tree asks at every new node: turns by the quick score alone.
            return ai_moves.quick_turns(state, seat, play, limit)
        width = ROOT_WIDTH if limit < STRONG_TURNS else STRONG_WIDTH
        found = ai_moves.whole_turns(state, seat, play, margin, limit, width)
        return [moves for moves, _ in found]


KNOWLEDGE = BrassKnowledge()
