"""What a computer seat knows in Bombay.

Rupees, client tokens, city tokens and kept palace tokens are behind the screens (Y82), but every
action and what it paid is seen at the table (Y84), so a seat that keeps count knows them: the
screens hide nothing a careful player cannot work out. What no seat knows is the future: which
bales the bag gives at the next restock. ``determinize`` therefore re-seeds the bag's draws and
keeps the rest.

Frozen as ``v1``: a copy of commit 26d3b23's ``engines/bombay/ai.py``, importing only engine rules
and the other ``v1`` modules, so later work on the computer player cannot change it.
"""

from __future__ import annotations

from dataclasses import replace

from engines.bombay import scoring
from engines.bombay.rules import sale_income
from engines.bombay.state import State
from engines.rng import Rng


class BombayKnowledge:
    """Bombay's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: a turn is up to four commands: look a few turns ahead
    rollout_depth = 12
    #: a few rupees are a clear lead
    scale = 4.0

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """The same table with unknown future draws from the bag (Y38)."""
        return replace(state, rng=rng.next64())

    def scores(self, state: State) -> list[float]:
        """Rupees plus the empire and city bonuses as if the game ended now (Y86–Y90), plus the
        bales each elephant carries at part of the best price a city pays for them today: bought
        bales are rupees on the way, and without them the search would never buy (Y56)."""
        sheets = scoring.sheets(state)
        return [
            float(sheets[s].total) + CARRIED * sum(_best_sale(state, c) for c in state.loads[s])
            for s in range(state.players)
        ]


#: The share of a carried bale's best sale price counted before it is sold (the walk and the
#: competition for the demand are still ahead).
CARRIED = 0.6


def _best_sale(state: State, colour: str) -> int:
    """The most rupees any city's demand column would pay for ``colour`` now."""
    return max(
        (sale_income(column, colour)[0] for column in state.demand if colour in column), default=0
    )


KNOWLEDGE = BombayKnowledge()
