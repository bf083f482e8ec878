"""What a computer seat knows in The Voyages of Marco Polo.

Secret (M65): the other players' goal cards (and, in the advanced set-up, the goal cards they are
still choosing from), the goal cards nobody was dealt, and the order of the contract pile. Contracts
in hand, resources, dice, city cards and bonus tiles are public. ``determinize`` deals the unseen
goal cards to the other seats again in the same numbers, shuffles the contract pile, and re-seeds
the generator, so the dice of later rounds are unknown as well.
"""

from __future__ import annotations

from dataclasses import replace

from engines.ai.knowledge import reshuffle
from engines.marco_polo import tables as T
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.state import State
from engines.rng import Rng

#: VP counted for each coin, camel and good in hand: they buy contracts and travel later.
GOODS_WEIGHT = 0.15


class MarcoPoloKnowledge:
    """Marco Polo's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: random dice placements say little: look only a couple of moves past the tree
    rollout_depth = 2
    #: a few VP are a clear lead
    scale = 6.0

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Other seats' goal cards dealt again from the goals this seat has not seen; the
        contract pile shuffled."""
        mine = set(state.players[seat].goals) | set(state.players[seat].goal_offer)
        others = [s for s in range(state.n) if s != seat]
        held = {g for s in others for g in (*state.players[s].goals, *state.players[s].goal_offer)}
        unused = sorted(g for g in T.GOALS if g not in mine and g not in held)
        pools = [list(state.players[s].goals) for s in others]
        pools += [list(state.players[s].goal_offer) for s in others]
        pools.append(unused)
        dealt = reshuffle(rng, pools)
        players = list(state.players)
        for i, s in enumerate(others):
            goals, offer = dealt[i], dealt[len(others) + i]
            players[s] = replace(
                players[s], goals=tuple(sorted(goals)), goal_offer=tuple(sorted(offer))
            )
        pile = reshuffle(rng, [state.pile])[0]
        return replace(state, players=tuple(players), pile=tuple(pile), rng=rng.next64())

    def scores(self, state: State) -> list[float]:
        """VP as if the game ended now (M58–M61), plus a little for coins, camels and goods."""
        sheets = breakdown(state)
        out = []
        for s, p in enumerate(state.players):
            stock = p.coin + p.camel + p.pepper + p.silk + p.gold
            out.append(sum(sheets[s].values()) + GOODS_WEIGHT * stock)
        return out


KNOWLEDGE = MarcoPoloKnowledge()
