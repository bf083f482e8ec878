"""What a computer seat knows in Imhotep.

Unknown to everyone: the order of the round-card deck and the card set aside unseen (I10), the
order of the market deck, the Market-B face-down pair (I47) and the pairs discarded face down
without being looked at (I8, I19). The player looking at a pair it took knows those two cards
(I48); nobody else does. ``determinize`` deals each unknown group again from the cards nobody (or
this seat) has seen, keeps every face-up card, and re-seeds the generator.

How it judges a position is ``engines.imhotep.evaluation`` (the final scoring as it stands with
the obelisk at its expected places, plus the temple's tops, the stones under way and the cards
still working). Which commands the search
compares comes from a shipper's rule of thumb (``shortlist``): quarry with an empty sled, sail a
ship whose stones pay its sailer more than its rivals, load a stone, one or two loads per ship.
Past the search tree the game goes on by uniformly random commands: a rule-of-thumb player there
made the search read every rival as that player and lost to ``v1`` in three games of four, and
with 30 % of its commands random it still won fewer screen games than random rollouts (15 of 32
against 27 of 40, docs/games/imhotep.md, "How the computer judges a position").
"""

from __future__ import annotations

from typing import Any

from engines import kit
from engines.ai.knowledge import reshuffle
from engines.base import Engine
from engines.imhotep import components as C
from engines.imhotep import evaluation
from engines.imhotep.notation import Action
from engines.imhotep.state import EMPTY, State, given, task_of
from engines.rng import Rng

#: How much a rival's point counts against the sailer's own when choosing a ship and site (a
#: point to one of three rivals hurts less than a point to the only one).
RIVAL_WEIGHT = {2: 1.0, 3: 0.7, 4: 0.55}


class ImhotepKnowledge:
    """Imhotep's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: a round is a few turns of each player: look about one ahead
    rollout_depth = 8
    #: a few points are a clear lead
    scale = 5.0
    #: ``turns`` lists single commands, each a whole turn or the start of one (I17): nothing to
    #: cut where the turn passes
    turns_cut = True

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
        """Points so far, the end-of-game awards as if the game ended now (I76–I81), and what
        the temple's tops, the stones under way and the cards still working are worth
        (``engines.imhotep.evaluation``)."""
        return evaluation.scores(state)

    def turns(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng, limit: int
    ) -> list[tuple[str, ...]]:
        """Up to ``limit`` of ``seat``'s commands (an Imhotep turn is one action, I17),
        best-looking first by the shipper's rule of thumb (``shortlist``), so the search
        compares different plans (a quarry, a sail, a load on each ship) instead of a dozen
        positions on one ship."""
        return [(text,) for text in shortlist(engine, state, seat, limit)]


#: Commands of one kind a shortlist keeps at most (per ship for a load).
KEEP = {"load": 2, "lever": 3, "hammer": 2, "sailcard": 3, "chisel": 3}
#: A list this short (the search's nodes below the root) keeps one load per ship.
SHORT = 6


def shortlist(engine: Engine[Any, Any], state: State, seat: int, limit: int) -> list[str]:
    """``seat``'s legal commands ranked by ``rule_of_thumb`` (ties by notation), at most
    ``KEEP`` of a kind, the first ``limit``."""
    actions = engine.legal_actions(state, seat)
    rated = sorted((-rule_of_thumb(state, seat, a), str(a), a) for a in actions or [])
    kept: dict[tuple[str, str], int] = {}
    out: list[str] = []
    for _, text, action in rated:
        key = (action.verb, action.args[0] if action.verb == "load" else "")
        most = 1 if action.verb == "load" and limit <= SHORT else KEEP.get(action.verb, 99)
        if kept.get(key, 0) >= most:
            continue
        kept[key] = kept.get(key, 0) + 1
        out.append(text)
        if len(out) >= limit:
            break
    return out


def rule_of_thumb(state: State, seat: int, action: Action) -> float:
    """How much a shipper likes ``action`` now, in points, roughly: a sail by what its stones
    bring their owners there (the sailer's own less its rivals', ``stone_worth``), a quarry by
    how empty the sled is, a load a little less than a good sail, a market card by what it
    adds to the seat's cards."""
    verb = action.verb
    if state.pending:
        return _decision(state, seat, action)
    if verb == "quarry":
        return (2.0, 1.2, 0.5)[min(state.sled[seat], 2)]
    if verb == "load":
        ship = int(action.args[0]) - 1
        slots = state.ships[ship]
        # A stone beside one's own keeps a ship worth sailing for its owner.
        return 0.9 + 0.1 * slots.count(seat) - 0.05 * (len(slots) - slots.count(EMPTY))
    if verb == "sail":
        return sail_worth(state, seat, int(action.args[0]) - 1, C.SITE_WORDS[action.args[1]])
    return 1.0  # a blue card: about an action and a bit


def sail_worth(state: State, seat: int, ship: int, site: str) -> float:
    """What sailing ``ship`` to ``site`` brings ``seat`` against its rivals, in points."""
    rival = RIVAL_WEIGHT.get(state.players, 0.55)
    total = 0.0
    order = 0
    for owner in state.ships[ship]:
        if owner == EMPTY:
            continue
        worth = evaluation.stone_worth(state, owner, site, order)
        # A stone sailed is no longer on its way: count what it brings above that.
        gain = worth - evaluation.ON_SHIP
        total += gain if owner == seat else -rival * gain
        order += 1
    return total + 0.8


def _decision(state: State, seat: int, action: Action) -> float:
    """A decision during unloading: which market card to take; the rest about alike."""
    kind = task_of(state.pending[0])[0]
    if kind != "pick" or not action.args:
        return 0.0
    card = action.args[0]
    if card == "pair":
        return 1.4
    ctype = C.card_types()[card]
    if ctype.colour == "purple":
        held = sum(1 for c in state.cards[seat] if C.card_type(c).colour == "purple")
        return 1.0 + held  # the next statue of a set pays its size (I69)
    if ctype.colour == "red":
        return 2.0 if state.quarry[seat] else 0.0
    if ctype.colour == "green":
        return 1.0 + 0.4 * evaluation.rounds_after(state)
    return 1.5


KNOWLEDGE = ImhotepKnowledge()
