"""Which moves the Brass computer compares, a cheap move for rollouts, and whole turns.

The legal lists of Brass are long mostly because of the card: every build, link, develop, sale,
loan and pass comes once per card that may pay for it (B17). Which card goes matters far less
than what is done, so the computer keeps each move once, with the card it needs least
(``spare_card``): wild cards last (B38), then the cards that allow most builds. It also drops the
moves an experienced player does not consider: a loan while there is money for a build (B67), a
develop that opens no better tile (B55), more than one way to scout (B70) or to pass (B71).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engines.base import CHANCE
from engines.brass import build, moves, sell
from engines.brass import components as C
from engines.brass import rules as R
from engines.brass.ai_value import era_rounds_left, turns_to_come
from engines.brass.network import free_lines_for
from engines.brass.resources import iron_supplies
from engines.brass.state import ACT, State, lowest_level
from engines.rng import Rng

#: Below this much money a loan is worth a look (a level-2 build with its coal and iron costs
#: £10–£25).
LOAN_BELOW = 12
#: Value of holding a wild card, in "builds it allows" (it allows almost every build).
WILD = 50


def _split_card(text: str) -> tuple[str, str]:
    """``text`` without its `` card=…``, and the card ("" when it has none)."""
    head, sep, card = text.rpartition(" card=")
    if not sep:
        return text, ""
    return head, card


def card_uses(texts: Sequence[str]) -> dict[str, int]:
    """Per card, how many listed builds it pays for (wild cards count ``WILD``)."""
    uses: dict[str, int] = {}
    for text in texts:
        if text.startswith("build "):
            card = text.rpartition(" card=")[2]
            uses[card] = uses.get(card, 0) + 1
    for wild in C.WILDS:
        if wild in uses:
            uses[wild] = WILD
    return uses


def spare_card(cards: Sequence[str], uses: dict[str, int]) -> str:
    """The card among ``cards`` the seat needs least (ties: the first in notation order)."""
    return min(cards, key=lambda c: (WILD if c in C.WILDS else uses.get(c, 0), c))


def _useful_develop(state: State, seat: int, head: str) -> bool:
    """A develop that opens a better tile: each industry developed has on top a tile that cannot
    be built in this era (B40, B58, R23) or, in the rail era or the canal era's last two rounds,
    a level-1 tile (removed at the canal era's end and never built in the rail era, R17, R23)."""
    late = state.era == C.RAIL or era_rounds_left(state) <= 2
    for industry in head.split()[1:]:
        if industry.startswith("iron="):
            continue
        level = lowest_level(state, seat, industry)
        data = C.level(industry, level)
        if data.buildable_in(state.era) and not (late and level == 1):
            return False
    return True


def candidates(state: State, seat: int) -> list[str]:
    """The moves worth comparing for ``seat`` (see the module docstring), legal ones only. In
    the act phase they are built straight from the rules' plans with one card each, never
    spelt out once per card first."""
    if state.phase != ACT:
        return list(R.legal_texts(state, seat))
    key = ("ai_candidates", seat)
    got: list[str] | None = state.memo.get(key)
    if got is None:
        got = state.memo[key] = _act_candidates(state, seat)
    return got


def _act_candidates(state: State, seat: int) -> list[str]:
    hand = sorted(set(state.hands[seat]))
    if seat not in R.to_act(state) or not hand:
        return list(R.legal_texts(state, seat))
    builds = build.build_options(state, seat)
    uses: dict[str, int] = {}
    for _, cards in builds:
        for c in cards:
            uses[c] = uses.get(c, 0) + 1
    spare = spare_card(hand, uses)
    out = [f"{head} card={spare_card(cards, uses)}" for head, cards in builds]
    out += [f"{head} card={spare}" for head in _networks(state, seat)]
    out += [
        f"{head} card={spare}"
        for head in _develops(state, seat)
        if _useful_develop(state, seat, head)
    ]
    out += [f"{head} card={spare}" for head in sell.legal_sells(state, seat, with_card=False)]
    if (
        state.money[seat] < LOAN_BELOW
        and moves.can_loan(state, seat)
        and _loan_can_fund(state, seat)
    ):
        out.append(f"loan card={spare}")
    if not builds and moves.can_scout(state, seat):
        out.append(_scout(state.hands[seat], uses))
    if not out or state.actions_left == 1:
        out.append(f"pass card={spare}")
    return out


def _loan_can_fund(state: State, seat: int) -> bool:
    """Whether a loan's money could still be spent: in the full game not as the seat's last
    action of the game (money scores nothing there, R46, and the lower income only loses a tie,
    B82). The introductory game scores money (B80), so a last loan may pay there."""
    return state.mode != C.FULL or state.actions_left > 1 or turns_to_come(state, seat) > 1


def _networks(state: State, seat: int) -> list[str]:
    """Every legal Network action without its card (B52, R33)."""
    if state.era == C.RAIL:
        return [f"network {o.line}{o.coal_param}" for o in moves.first_link_options(state, seat)]
    if state.links_left[seat] == 0 or state.money[seat] < C.link_cost():
        return []
    return [f"network {line}" for line in free_lines_for(state, seat)]


def _develops(state: State, seat: int) -> list[str]:
    """Every legal Develop action without its card (B55–B58)."""
    out: list[str] = []
    for head, n in moves.develop_heads(state.mats[seat]):
        supplies = iron_supplies(state, n)
        if supplies[0].cost > state.money[seat]:
            continue
        if len(supplies) > 1:
            out += [f"{head} iron={sup.token}" for sup in supplies]
        else:
            out.append(head)
    return out


def _scout(hand: Sequence[str], uses: dict[str, int]) -> str:
    """The Scout that gives up the three cards needed least (B70)."""
    spare = sorted(hand, key=lambda c: (uses.get(c, 0), c))[:3]
    card, rest = spare[0], sorted(spare[1:])
    return f"scout card={card} discard={rest[0]},{rest[1]}"


# -- a quick look at a move, without playing it -----------------------------------------------------

#: Rough worth of each verb before looking closer (a sale flips a tile: VP and income).
VERB_PRIOR = {
    "sell": 9.0,
    "build": 4.0,
    "network": 2.5,
    "develop": 0.5,
    "loan": 0.0,
    "pass": -3.0,
    "scout": -1.0,
    "done": 0.0,
    "remove": 0.0,
}


def quick_score(state: State, seat: int, text: str) -> float:
    """A static guess of a move's worth, in VP, for rollouts and ordering: a sale first, then a
    build by its tile's VP and income for its price, a link next to merchants and own tiles."""
    parts = text.split()
    verb = parts[0]
    score = VERB_PRIOR.get(verb, 0.0)
    if verb == "build":
        industry, location = parts[1], parts[2]
        level = lowest_level(state, seat, industry)
        if level:
            data = C.level(industry, level)
            score += (data.vp + 0.5 * data.income_spaces + data.link_vp) - 0.2 * data.money
            if industry in C.SELLABLE:
                score += 1.0
        if "slot=" in text and any(t.location == location for t in state.tiles):
            score -= 0.5  # an overbuild or a second tile: fine, but not first choice
    elif verb == "network" and len(parts) > 1 and "-" in parts[1]:
        ends = C.lines()[parts[1]].ends
        mine = {t.location for t in state.tiles if t.owner == seat}
        for end in ends:
            if C.locations()[end].kind == "merchant":
                score += 2.0
            elif end in mine:
                score += 1.0
            score += 0.5 * sum(t.data.link_vp for t in state.tiles if t.location == end)
    elif verb == "develop":
        score -= 0.5 * (len(parts) - 2)
    elif verb == "loan":
        score += 3.0 if state.money[seat] < 5 else 0.0
    return score


def softmax_pick(rng: Rng, moves: Sequence[str], scores: Sequence[float], temper: float) -> str:
    """A move drawn with weights ``exp(score / temper)``."""
    top = max(scores)
    weights = [math.exp((s - top) / temper) for s in scores]
    total = sum(weights)
    x = rng.below(1 << 30) / (1 << 30) * total
    for move, w in zip(moves, weights, strict=True):
        x -= w
        if x <= 0:
            return move
    return moves[-1]


def policy(state: State, seat: int, rng: Rng) -> str | None:
    """A sensible move for rollouts, drawn among the candidates by ``quick_score``: sell when a
    sale is ready, else mostly the build or link that looks best."""
    if seat not in R.to_act(state):
        return None
    moves = candidates(state, seat)
    if not moves:
        return None
    if len(moves) == 1:
        return moves[0]
    scores = [quick_score(state, seat, m) for m in moves]
    return softmax_pick(rng, moves, scores, 1.5)


# -- whole turns ------------------------------------------------------------------------------------

Play = Callable[[Any, int, str], tuple[Any, Any]]
Value = Callable[[Any], float]


def turn_over(state: State, seat: int, turn: tuple[str, int, int]) -> bool:
    """Whether ``seat``'s turn (``turn``: its era, round and place in the order) has passed in
    ``state``, reached by its command with chance not settled: someone else decides, a card
    draw waits (B21), or the turn order moved on (the same seat may open the next round)."""
    who = R.to_act(state)
    return seat not in who or who == [CHANCE] or (state.era, state.round, state.pos) != turn


def whole_turns(
    state: State, seat: int, play: Play, value: Value, limit: int, width: int = 6
) -> list[tuple[tuple[str, ...], float]]:
    """Up to ``limit`` whole turns of ``seat`` (each a tuple of moves legal in order, ending when
    the turn passes), best first by ``value`` of the position after them. ``play`` applies a
    command without settling chance (a draw ends the turn).

    A beam over the turn's commands: every candidate first action is played and valued, the
    ``width`` best go on; each of those continues with its best few next commands (a Sell
    action's further sales and ``done`` are commands too), until every turn has passed."""
    turn = (state.era, state.round, state.pos)
    beam: list[tuple[tuple[str, ...], Any, float]] = [((), state, 0.0)]
    done: list[tuple[tuple[str, ...], float]] = []
    for _ in range(12):  # 2 actions, each with a Sell action's sales: far below 12 commands
        grown: list[tuple[tuple[str, ...], Any, float]] = []
        for done_moves, st, _ in beam:
            for move in candidates(st, seat):
                after, _ = play(st, seat, move)
                seq = (*done_moves, move)
                v = value(after)
                if turn_over(after, seat, turn):
                    done.append((seq, v))
                else:
                    grown.append((seq, after, v))
        if not grown:
            break
        grown.sort(key=lambda g: -g[2])
        keep = width if not beam[0][0] else max(2, width // 2)
        beam = grown[:keep]
    done.sort(key=lambda d: (-d[1], d[0]))
    seen: set[tuple[str, ...]] = set()
    out = []
    for seq, v in done:
        if seq not in seen:
            seen.add(seq)
            out.append((seq, v))
        if len(out) >= limit:
            break
    return out


def quick_turns(state: State, seat: int, play: Play, limit: int) -> list[tuple[str, ...]]:
    """Up to ``limit`` whole turns of ``seat`` without valuing positions (for the search's tree,
    where many are needed): the ``limit`` first commands ``quick_score`` likes best, each
    finished by the command it likes best at every later step."""
    turn = (state.era, state.round, state.pos)
    firsts = candidates(state, seat)
    ranked = sorted(firsts, key=lambda m: (-quick_score(state, seat, m), m))[:limit]
    out: list[tuple[str, ...]] = []
    for first in ranked:
        moves = [first]
        at, _ = play(state, seat, first)
        while not turn_over(at, seat, turn) and len(moves) < 12:
            options = candidates(at, seat)
            move = max(options, key=lambda m: (quick_score(at, seat, m), m))
            moves.append(move)
            at, _ = play(at, seat, move)
        out.append(tuple(moves))
    return out
