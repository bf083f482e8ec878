"""What a computer seat knows in Brass: Birmingham.

Secret (B23, R50): every hand but one's own, the face-down setup cards, and the order of the draw
pile. ``determinize`` gathers those cards (the seat's own hand stays), shuffles them and deals them
back in the same sizes, and re-seeds the generator, so later draws are unknown as well. Money,
tiles, links, merchants and discard piles are public (B18, D15) and stay.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/brass/ai.py``, importing only engine rules
and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

from engines.ai.v1.knowledge import reshuffle
from engines.brass import components as C
from engines.brass.scoring import final_result, industries_score, links_score
from engines.brass.state import OVER, State, evolve, income_level
from engines.rng import Rng

#: VP one pound is worth while it can still be spent: it pays for the builds that score. An
#: income level is that pound again in every round still to come, so a loan (money now, income
#: lost for the rest of the game) is dear early and cheap late (B74). Counting income at a flat
#: rate and money not at all made the search take loans early and lose its tiles to shortfalls.
MONEY_WEIGHT = 0.1
#: Share of an unflipped tile's VP counted: it scores only once its coal, iron or beer is used
#: or its goods sold (B35), which is likely but not certain.
UNFLIPPED_WEIGHT = 0.5


class BrassKnowledge:
    """Brass's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: random Brass moves waste money fast: look only a turn or two ahead
    rollout_depth = 4
    #: a few VP are a clear lead
    scale = 6.0
    #: a share of the value for the score margin (``engines.ai.knowledge.with_margin``): a game
    #: lasts long enough for leads of dozens of VP, where the chance to win alone stops telling
    #: moves apart and play got careless (two 4-player games ended with normal on 0 VP)
    margin = 0.2

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Other hands, the face-down cards and the draw pile dealt again from what ``seat``
        has not seen."""
        others = [s for s in range(state.players) if s != seat]
        pools = [list(state.deck), list(state.face_down)] + [list(state.hands[s]) for s in others]
        dealt = reshuffle(rng, pools)
        hands = list(state.hands)
        for s, cards in zip(others, dealt[2:], strict=True):
            hands[s] = tuple(sorted(cards))
        return evolve(
            state,
            deck=tuple(dealt[0]),
            face_down=tuple(dealt[1]),
            hands=tuple(hands),
            rng=rng.next64(),
        )

    def scores(self, state: State) -> list[float]:
        """VP with links and flipped industries scored as if the era ended now (B80; full game
        R14 and R16 in the canal era, R46 in the rail era), plus money and income for the rounds
        still to come, and part of the tiles that may still flip."""
        if state.mode == C.FULL and state.phase != OVER:
            # The full game: the era's scoring as if it ended now (R14 + R16, or R46).
            now = [
                state.vp[s] + links_score(state, s) + industries_score(state, s)
                for s in range(state.players)
            ]
        else:
            now = list(final_result(state).scores)
        waiting = [0] * state.players
        for tile in state.tiles:
            if not tile.flipped:
                waiting[tile.owner] += tile.data.vp
        left = rounds_left(state)
        # Money buys the builds that score; the last round's money buys little, the end's none.
        cash = MONEY_WEIGHT * min(1.0, left / 3)
        return [
            now[s]
            + cash * state.money[s]
            + MONEY_WEIGHT * max(0, left - 1) * income_level(state.income[s])
            + UNFLIPPED_WEIGHT * waiting[s]
            for s in range(state.players)
        ]


def rounds_left(state: State) -> int:
    """Rounds still to play, this one included (both eras' in the canal era of a full game)."""
    if state.phase == OVER:
        return 0
    if state.mode == C.FULL:
        per = C.rounds_per_era(state.players)
        return per - state.round + 1 + (per if state.era == C.CANAL else 0)
    return C.rounds_in_game(state.players) - state.round + 1


KNOWLEDGE = BrassKnowledge()
