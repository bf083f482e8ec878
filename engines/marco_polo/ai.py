"""What a computer seat knows and values in The Voyages of Marco Polo.

Secret (M65): the other players' goal cards (and, in the advanced set-up, the goal cards they are
still choosing from), the goal cards nobody was dealt, and the order of the contract pile. Contracts
in hand, resources, dice, city cards and bonus tiles are public. ``determinize`` deals the unseen
goal cards to the other seats again in the same numbers, shuffles the contract pile, and re-seeds
the generator, so the dice of later rounds are unknown as well.

The evaluation (``scores``) is ``ai_value.worth``: the score sheet as if the game ended now (M60)
plus what the position is worth for the turns still to come, the journey of trading posts still
to build above all (see ``engines.marco_polo.ai_value`` and ``docs/games/marco_polo.md``). The
moves compared are listed whole and without dominated dice (``ai_moves``); whole turns and the
rollout move are in ``ai_turns``.
"""

from __future__ import annotations

from typing import Any

from engines.base import Engine
from engines.kit import evolve
from engines.marco_polo import ai_turns
from engines.marco_polo import tables as T
from engines.marco_polo.ai_moves import legal_moves, shortlist
from engines.marco_polo.ai_value import worth
from engines.marco_polo.engine import apply_listed
from engines.marco_polo.state import State
from engines.rng import Rng


class MarcoPoloKnowledge:
    """Marco Polo's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: the evaluation already looks ahead: score the position where the tree stops
    rollout_depth = 0
    #: a few VP are a clear lead
    scale = 8.0
    #: many moves rate almost alike after a few hundred iterations: the one-move look-ahead's
    #: rating of each root move counts as this many visits (measured: normal against easy 7 of
    #: 9 with it, 6 of 10 without)
    prior = 4
    #: the goal cards and the pile a sample deals anew seldom change what may be done
    reuse_moves = True
    #: ``turns`` ends every turn where it passes (a roll, a draw, the next seat): the search
    #: need not replay them to cut them (``ai_turns._play``)
    turns_cut = True
    #: ``strong``'s extra time (#24.5): a wider root, shared by sequential halving, each sweep
    #: over the turns still in play on one common sample (``engines.ai.seats.root_paired``).
    #: Measured with ``bench/root_regret`` against a 30-turn oracle (48 positions, 100
    #: iterations): three times the search as two merged UCB trees of 12 turns chose the
    #: oracle's best turn about as often as ``normal`` (50 % against 47 %, regret 0.0137 against
    #: 0.0141), the turn values being a few hundredths apart while a sample moves them by more;
    #: this way 60 %, regret 0.0095 (docs/games/marco_polo.md, "Strength")
    strong_width = 20
    strong_halving = True
    strong_paired = True

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Other seats' goal cards dealt again from the goals this seat has not seen; the
        contract pile shuffled.

        The unseen goals are gathered and sorted before the shuffle (fairness, #24.7b): which
        seat holds which of them, and in what order, is what the seat cannot see, so it must
        not change the sample; only which goals are unseen may."""
        mine = set(state.players[seat].goals) | set(state.players[seat].goal_offer)
        others = [s for s in range(state.n) if s != seat]
        unseen = sorted(g for g in T.GOALS if g not in mine)
        rng.shuffle(unseen)
        players = list(state.players)
        at = 0
        for s in others:
            p = players[s]
            goals = tuple(sorted(unseen[at : at + len(p.goals)]))
            at += len(p.goals)
            offer = tuple(sorted(unseen[at : at + len(p.goal_offer)]))
            at += len(p.goal_offer)
            players[s] = p.with_goals(goals, offer)
        pile = sorted(state.pile)
        rng.shuffle(pile)
        return evolve(state, players=tuple(players), pile=tuple(pile), rng=rng.next64())

    def graft(self, state: State, origin: State, sample: State) -> State | None:
        """``state``, which whole turns reached from the sample ``origin``, as the same turns
        reach it from ``sample`` (another sample of the same position, ``determinize``), or
        ``None`` where those turns may have read or changed what samples deal anew. Samples
        differ only in the other seats' goal cards, the pile's order and the generator; the
        rules read goal cards only while they are chosen and at the end (M7, M60), the pile only
        to draw from it or put a contract under it (M27, M63, D8), and the generator only to
        roll (M19, M34, M38). So where the game stayed in play, no die was rolled (the
        generator as it was) and the pile is as it was, the turns went the same way in
        ``sample``: ``state`` with ``sample``'s goal cards, pile and generator."""
        if (
            state.rng != origin.rng
            or state.phase != "play"
            or origin.phase != "play"
            or state.pile != origin.pile
        ):
            return None
        players = tuple(
            p
            if p.goals == dealt.goals and p.goal_offer == dealt.goal_offer
            else p.with_goals(dealt.goals, dealt.goal_offer)
            for p, dealt in zip(state.players, sample.players, strict=True)
        )
        return evolve(state, players=players, pile=sample.pile, rng=sample.rng)

    def candidates(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng
    ) -> list[str] | None:
        """Every legal move, listed whole, without the placements another one dominates (a
        placement does what its lowest die says, M24; Raschid sets his dice, M51; see
        ``ai_moves.shortlist``)."""
        return shortlist(legal_moves(state, seat))

    def play_listed(self, engine: Engine[Any, Any], state: State, seat: int, move: str) -> State:
        """``move``, one of ``policy``'s (taken from ``ai_moves.legal_moves`` in ``state``),
        applied without asking the rules again whether it is legal (``engine.apply_listed``),
        chance not settled."""
        return apply_listed(state, seat, engine.parse(state, seat, move))[0]

    def scores(self, state: State) -> list[float]:
        """VP as if the game ended now (M59-M61) plus the position's worth for the rest of the
        game (``ai_value.worth``)."""
        return worth(state)

    def policy(self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng) -> str | None:
        """A quick sensible move for rollouts (``ai_turns.policy``)."""
        return ai_turns.policy(engine, state, seat, rng)

    def turns(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng, limit: int
    ) -> list[tuple[str, ...]]:
        """Up to ``limit`` whole turns for ``seat``: a die placement with its decisions and its
        extra actions, best-looking first (``ai_turns.turns``)."""
        return ai_turns.turns(engine, state, seat, ai_turns.seat_value(seat), limit)

    def turns_after(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng, limit: int
    ) -> list[tuple[tuple[str, ...], State]]:
        """``turns``, each with the position it leads to (chance not settled), so the search
        need not play it again (``ai_turns.turns_after``)."""
        return ai_turns.turns_after(engine, state, seat, ai_turns.seat_value(seat), limit)


KNOWLEDGE = MarcoPoloKnowledge()
