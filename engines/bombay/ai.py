"""What a computer seat knows in Bombay, and how it judges a position and a turn.

Rupees, client tokens, city tokens and kept palace tokens are behind the screens (Y82), but every
action and what it paid is announced to the table (Y84): a seat that keeps count knows them
exactly, and ``engines.bombay.tally`` shows that the public events alone give every screen (the
decision is written in docs/rules/bombay.md, "What the computer reads"). What no seat knows is
the future: which bales the bag gives at the next restock. ``determinize`` therefore re-seeds the
bag's draws and keeps the rest.

The evaluation (``engines.bombay.evaluation``) counts a position in rupees the way a trader
does; ``turns`` lists whole turns of up to 3 action points (Y40) best-looking first, and
``policy`` is the cheap trader the rollouts play: sell into demand, buy what a city buys back,
build where a palace pays, else walk towards the next of these.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from engines.base import Engine
from engines.bombay import evaluation
from engines.bombay import rules as R
from engines.bombay.components import CAPACITY, MARKETS, board, rules
from engines.bombay.notation import Action
from engines.bombay.state import State
from engines.rng import Rng

#: Share of rollout moves drawn at random instead of by the trader's rule of thumb.
EXPLORE = 0.15
FORTUNE = ("fortune",)
#: Lists of whole turns this short come from the rule of thumb, not from rating every turn.
CHEAP_LIMIT = 6


class BombayKnowledge:
    """Bombay's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    #: a turn is up to four commands: look a few turns ahead
    rollout_depth = 12
    #: a few rupees are a clear lead
    scale = 4.0
    #: ``strong`` keeps UCB at its root. Sequential halving (its turns are often a few
    #: hundredths apart, which UCB visits nearly evenly) won at 60 iterations but fell behind at 300,
    #: nearer the bot's budget: 6.5 of 20 games against ``normal``, UCB 41 of 66
    #: (docs/games/bombay.md)
    strong_halving = False

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """The same table with unknown future draws from the bag (Y38)."""
        return replace(state, rng=rng.next64())

    def scores(self, state: State) -> list[float]:
        """Each seat's position in rupees: rupees, the empire and city bonuses as they stand,
        palaces' income to come, carried bales at the best plan for them, and the best purchase
        within reach (``engines.bombay.evaluation``)."""
        return evaluation.scores(state)

    def policy(self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng) -> str | None:
        """A trader's next command, cheaply: sell the best-paying bale here, buy a bale a city
        pays more for than its price, build where a palace pays, else step towards the best
        city (carrying) or post (with room); ``fortune`` only when nothing is worth a walk."""
        actions = R.legal(state, seat)
        if not actions:
            return None
        if rng.below(1000) < EXPLORE * 1000:
            return str(rng.choice(actions))
        return str(max(actions, key=lambda a: _rule_of_thumb(state, seat, a)))

    def turns(
        self, engine: Engine[Any, Any], state: State, seat: int, rng: Rng, limit: int
    ) -> list[tuple[str, ...]]:
        """Up to ``limit`` whole turns for ``seat`` (every sensible way to spend up to 3 AP,
        Y40), best-looking first by the evaluation's margin after the turn. A short list (the
        search asks for a few inside its tree, where it must be cheap) is the trader's rule of
        thumb played out: its own turn first, then a few with some of its choices drawn at
        random."""
        if limit <= CHEAP_LIMIT:
            return rule_of_thumb_turns(engine, state, seat, rng, limit)
        found = whole_turns(engine, state, seat)
        if FORTUNE in found and any("sell" in text for turn in found for text in turn):
            # A bale this turn can sell is money now; a rupee for the turn instead only puts
            # the sale off, while rivals may sell into that demand or take the city's last
            # token first (Y59, Y60).
            del found[FORTUNE]
        rated = sorted(found, key=lambda t: (-margin(found[t], seat), t))
        return rated[:limit]


def rule_of_thumb_turns(
    engine: Engine[Any, Any], state: State, seat: int, rng: Rng, limit: int
) -> list[tuple[str, ...]]:
    """Up to ``limit`` different turns the rollouts' trader would play: the first without any
    random choice, the others with ``EXPLORE`` of them random (a few tries each)."""
    out: dict[tuple[str, ...], None] = {}
    for attempt in range(3 * limit):
        explore = 0.0 if attempt == 0 else EXPLORE * 2
        turn: list[str] = []
        now = state
        while engine.to_act(now) == [seat] and len(turn) < 8:
            actions = R.legal(now, seat)
            if explore and rng.below(1000) < explore * 1000:
                action = rng.choice(actions)
            else:
                action = max(actions, key=lambda a: _rule_of_thumb(now, seat, a))
            turn.append(str(action))
            now, _ = engine.apply(now, seat, action)
        out[tuple(turn)] = None
        if len(out) >= limit:
            break
    return list(out)


def margin(state: State, seat: int) -> float:
    """``seat``'s evaluation less its rivals', in rupees: half the best rival's, half their
    average (a rupee paid to the leader counts, but with four players not as if the leader were
    the only rival)."""
    values = evaluation.scores(state)
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - 0.5 * (max(others) + sum(others) / len(others))


def _end_key(state: State) -> tuple[Any, ...]:
    """What two ways of playing a turn may differ in (not the log of how it was played)."""
    return (
        state.sites,
        state.loads,
        state.money,
        state.clients,
        state.cities,
        state.kept,
        state.palaces,
        state.tokens,
        state.stock,
        state.demand,
        state.current,
        state.set_no,
    )


def whole_turns(engine: Engine[Any, Any], state: State, seat: int) -> dict[tuple[str, ...], State]:
    """Every different way ``seat`` can play out its turn from ``state`` (the commands, and the
    position when the turn has passed): each walk, purchase, sale and build in every order the
    AP allow, without walking back into a site already stood on since the last action (that
    only spends points) and without ending the turn early while a step somewhere new is left
    (points left are lost, Y40). One sequence per different outcome, the shortest."""
    out: dict[tuple[str, ...], State] = {}
    seen: dict[tuple[Any, ...], tuple[str, ...]] = {}

    def keep(seq: tuple[str, ...], end: State) -> None:
        key = _end_key(end)
        old = seen.get(key)
        if old is None or (len(seq), seq) < (len(old), old):
            if old is not None:
                del out[old]
            seen[key] = seq
            out[seq] = end

    def walk(now: State, seq: tuple[str, ...], visited: frozenset[str]) -> None:
        actions = [a for a in R.legal(now, seat) if not (a.verb == "move" and a.arg in visited)]
        if len(actions) > 1:
            # Points left are points lost (Y40): a step somewhere new is never worse than none.
            actions = [a for a in actions if a.verb != "end"]
        for action in actions:
            after, _ = engine.apply(now, seat, action)
            text = (*seq, str(action))
            if engine.to_act(after) != [seat]:
                keep(text, after)
                continue
            if action.verb == "move":
                walk(after, text, visited | {action.arg})
            else:
                walk(after, text, frozenset({after.sites[seat]}))

    walk(state, (), frozenset({state.sites[seat]}))
    return out


def _rule_of_thumb(state: State, seat: int, action: Action) -> float:
    """How much a trader likes ``action`` now, in rupees, roughly (the rollouts' policy)."""
    verb = action.verb
    here = state.sites[seat]
    if verb == "sell":
        column = state.demand[state.city_index(here)]
        rupees, clients = R.sale_income(column, action.arg)
        first = here not in state.cities[seat] and state.stacks[state.city_index(here)] > 0
        return 10.0 + rupees + clients + (1.5 if first else 0.0)
    if verb == "buy":
        i = rules().colours.index(action.arg)
        price = rules().market_cost[MARKETS[state.market[i]]][0]
        return 8.0 + _best_price(state, action.arg) - 2 * price
    if verb == "build":
        worth = 3.0 if state.token_at(here) else 1.0
        worth += 4 * evaluation.traffic()[here] * evaluation.game_left(state)
        return 1.0 + worth - _best_price(state, state.loads[seat][0])
    if verb == "move":
        goal = _target(state, seat)
        if goal is None:
            return 0.0
        d = evaluation.distances()
        return 1.0 + d[here][goal] - d[action.arg][goal]
    if verb == "fortune":
        return 0.6
    return -1.0  # end


def _target(state: State, seat: int) -> str | None:
    """The site a trader walks to: the goal worth most for the walk (``_goals``)."""
    goals = _goals(state, seat)
    if not goals:
        return None
    d = evaluation.distances()[state.sites[seat]]
    return max(goals, key=lambda g: (g[1] - evaluation.RATE * d[g[0]], g[0]))[0]


def _best_price(state: State, colour: str) -> int:
    """The most rupees any city's demand would pay for ``colour`` now (Y56)."""
    return _top_price(state.demand, colour)


@lru_cache(maxsize=4096)
def _top_price(demand: tuple[tuple[str, ...], ...], colour: str) -> int:
    return max((R.sale_income(c, colour)[0] for c in demand if colour in c), default=0)


def _goals(state: State, seat: int) -> tuple[tuple[str, float], ...]:
    """Sites worth walking to, with what they pay: cities that buy a carried bale, open posts
    whose colour some city buys well (with room on the elephant)."""
    is_open = tuple(n > 0 for n in state.stock)
    return _goal_sites(state.demand, state.loads[seat], state.posts, is_open)


@lru_cache(maxsize=4096)
def _goal_sites(
    demand: tuple[tuple[str, ...], ...],
    load: tuple[str, ...],
    posts: tuple[tuple[str, str], ...],
    is_open: tuple[bool, ...],
) -> tuple[tuple[str, float], ...]:
    out: list[tuple[str, float]] = []
    for i, city in enumerate(board().cities):
        column = demand[i]
        paid = [R.sale_income(column, c)[0] for c in load if c in column]
        if paid:
            out.append((city, float(max(paid))))
    if len(load) < CAPACITY:
        colours = rules().colours
        for site, colour in posts:
            price = _top_price(demand, colour)
            if is_open[colours.index(colour)] and price >= 3:
                # A second bale is worth less than selling the first.
                out.append((site, (price - 1.0) * (0.5 if load else 1.0)))
    return tuple(out)


KNOWLEDGE = BombayKnowledge()
