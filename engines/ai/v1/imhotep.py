"""What a computer seat knows in Imhotep.

Unknown to everyone: the order of the round-card deck and the card set aside unseen (I10), the
order of the market deck, the Market-B face-down pair (I47) and the pairs discarded face down
without being looked at (I8, I19). The player looking at a pair it took knows those two cards
(I48); nobody else does. ``determinize`` deals each unknown group again from the cards nobody (or
this seat) has seen, keeps every face-up card, and re-seeds the generator.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/imhotep/ai.py``, importing only engine rules
and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

from engines import kit
from engines.ai.v1.knowledge import reshuffle
from engines.imhotep.scoring import final_breakdown
from engines.imhotep.state import State, given
from engines.rng import Rng


class ImhotepKnowledge:
    """Imhotep's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: a round is a few turns of each player: look about one ahead
    rollout_depth = 8
    #: a few points are a clear lead
    scale = 5.0

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """The unseen round cards and market cards dealt again (see the module docstring)."""
        removed = [state.removed_card] if state.removed_card else []
        rounds = reshuffle(rng, [state.round_deck, removed])
        looking = bool(state.pair_hand) and kit.to_act(state.pending) == [seat]
        hand = [] if looking else list(state.pair_hand)
        pools = [state.market_deck, state.pair, state.discard_face_down, hand]
        market = reshuffle(rng, pools)
        # Face-down discards lie in the discard pile too: swap them there one for one.
        swap = dict(zip(state.discard_face_down, market[2], strict=True))
        return given(
            state,
            round_deck=rounds[0],
            removed_card=rounds[1][0] if removed else "",
            market_deck=market[0],
            pair=market[1],
            discard=[swap.get(c, c) for c in state.discard],
            discard_face_down=market[2],
            pair_hand=state.pair_hand if looking else market[3],
            rng=rng.next64(),
        )

    def scores(self, state: State) -> list[float]:
        """Points so far plus the end-of-game awards as if the game ended now (I76–I81)."""
        return [float(sum(sheet.values())) for sheet in final_breakdown(state)]


KNOWLEDGE = ImhotepKnowledge()
