"""Brass's rules table: per verb, why it may not be taken, what it does, what to list.

The game on the kit's idiom (``engines.kit``): ``RULES`` maps each verb to a ``kit.Rule`` whose
``why_not`` returns the refusal (a catalog key citing the rule broken) without raising, whose
``do`` carries the action out on a ``Draft``, and whose ``candidates`` list the legal actions. A
verb's ``why_not`` and ``do`` run the same check (``check_<verb>`` in the rule family's module,
kept in the state's memo by ``draft.checked``), so "is it legal", "why not" and "do it" are one
code path; the candidates are built from the same plans (``build.build_plan``,
``moves._develop_plan``...), and ``tests/brass/test_rules_table.py`` checks that every one of
them passes its ``why_not``.

What must be decided before play goes on is a stack of kit ``Decision``s (``decisions``): the
players short of money at a round's end, each removing tiles in turn (B78, ``remove``); the rest
of a Sell action (B59, ``sell`` or ``done``); the optional second link of a rail Network action
(R33, ``network`` or ``done``); a card draw, a chance node (``engines.brass.chance``). It is
derived from the stored ``phase``, ``shortfall`` and
``pending`` fields, so dumps are the ones written before (intro dumps byte for byte) and no
format change is needed; ``to_act``, ``asked`` and which verbs may answer come from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engines import kit
from engines.base import CHANCE, IllegalAction
from engines.brass import build, chance, moves, rounds, sell
from engines.brass.draft import Draft, checked
from engines.brass.notation import Action
from engines.brass.state import (
    ACT,
    LINK2,
    OVER,
    SELL,
    SHORTFALL,
    State,
    income_level,
    tile_token,
)
from engines.kit import Decision, Rule

# -- pending decisions ----------------------------------------------------------------------------

#: The verbs that answer a pending decision, by the decision's verb.
ANSWERS: dict[str, tuple[str, ...]] = {
    "remove": ("remove",),
    "sell": ("sell", "done"),
    "network": ("network", "done"),
}


def decisions(state: State) -> tuple[Decision, ...]:
    """What must be decided before the turn goes on, first = next (``engines.kit``'s stack).

    A shortfall queues one ``remove`` decision per player short of money, in turn order (B78);
    inside a Sell action the seller decides whether to sell another tile (B59); after a rail
    action's first link, whether to add a second (R33, asked on the "Now:" line). A card draw
    (the refill after a turn, B21; the rail era's deal, R19–R20) is a decision of ``CHANCE``,
    a chance node (``engines.brass.chance``)."""
    got: tuple[Decision, ...] | None = state.memo.get("decisions")
    if got is None:
        phase = state.phase
        if phase == SHORTFALL:
            got = tuple(Decision(seat, "remove") for seat in state.shortfall)
        elif phase == SELL:
            got = (Decision(state.current, "sell"),)
        elif phase in chance.NODES:
            got = chance.NODES[phase]
        elif phase == LINK2:
            got = (
                Decision(
                    state.current,
                    "network",
                    key="brass.asked.second_link",
                    params={"money": moves.SECOND},
                ),
            )
        else:
            got = ()
        state.memo["decisions"] = got
    return got


def to_act(state: State) -> list[int]:
    """The owner of the first pending decision, else the player whose turn it is; nobody once
    the game is over."""
    if state.phase == OVER:
        return []
    return kit.to_act(decisions(state)) or [state.current]


def why_not_now(state: State, seat: int, verb: str) -> IllegalAction | None:
    """Why ``verb`` cannot be used at this point of the turn, or ``None``: a pending decision is
    answered only by its verbs (B78, B59, R33); ``done`` and ``remove`` answer nothing else."""
    pending = decisions(state)
    if pending:
        top = pending[0]
        if top.owner == CHANCE:
            return IllegalAction("core.not_your_decision")
        if verb in ANSWERS[top.verb]:
            return None
        if top.verb == "remove":
            level = income_level(state.income[seat])
            return IllegalAction("brass.must_remove", owed=-level, money=state.money[seat])
        return IllegalAction("brass.still_selling" if top.verb == "sell" else "brass.still_linking")
    if verb == "done":
        return IllegalAction("brass.not_selling")
    if verb == "remove":
        return IllegalAction("brass.no_shortfall")
    return None


# -- the table ------------------------------------------------------------------------------------

#: Canonical actions by text: the same few hundred texts come back in every state's legal list,
#: and actions are immutable, so each is built once per process (a bound keeps a long-running
#: bot's memory in check).
_ACTIONS: dict[str, Action] = {}
_MAX_ACTIONS = 200_000


def action_of(text: str) -> Action:
    """The action of a canonical text the rules listed (no checks: only for those texts)."""
    got = _ACTIONS.get(text)
    if got is None:
        if len(_ACTIONS) >= _MAX_ACTIONS:
            _ACTIONS.clear()
        parts = text.split()
        args = tuple(p for p in parts[1:] if "=" not in p)
        kw = tuple((k, v) for k, _, v in (p.partition("=") for p in parts[1:] if "=" in p))
        got = _ACTIONS[text] = Action(parts[0], args, kw)
    return got


def actions_of(texts: list[str]) -> list[Action]:
    """``action_of`` of each text (a dictionary look-up each once every text has been seen)."""
    known = _ACTIONS
    try:
        return [known[t] for t in texts]
    except KeyError:  # a text not seen yet: built once (even if the cache is cleared meanwhile)
        return [known.get(t) or action_of(t) for t in texts]


Check = Callable[[State, int, Action], object]
Lister = Callable[[State, int], list[str]]


def _why_not(
    verb: str, check: Check | None
) -> Callable[[State, int, Action], IllegalAction | None]:
    """A verb's ``why_not``: the point of the turn first, then the verb's own check."""

    def why_not(state: State, seat: int, action: Action) -> IllegalAction | None:
        reason = why_not_now(state, seat, verb)
        if reason is not None or check is None:
            return reason
        try:
            checked(check, state, seat, action)
        except IllegalAction as refusal:
            return refusal
        return None

    why_not.__doc__ = f"Why ``{verb}`` may not be taken now, or ``None``."
    return why_not


def _when(phase: str, lister: Lister) -> Lister:
    """``lister`` in ``phase`` only (the verb is asked about nowhere else)."""
    return lambda state, seat: lister(state, seat) if state.phase == phase else []


def _cards(template: str, allowed: Callable[[State, int], bool] | None = None) -> Lister:
    """One action per distinct card in hand (in the act phase, when ``allowed``)."""

    def lister(state: State, seat: int) -> list[str]:
        if allowed is not None and not allowed(state, seat):
            return []
        return [template.format(card=c) for c in sorted(set(state.hands[seat]))]

    return _when(ACT, lister)


def _networks(state: State, seat: int) -> list[str]:
    if state.phase == LINK2:
        return moves.legal_second_links(state, seat)
    return moves.legal_networks(state, seat) if state.phase == ACT else []


def _sells(state: State, seat: int) -> list[str]:
    if state.phase == SELL:
        return sell.legal_sells(state, seat, with_card=False)
    return sell.legal_sells(state, seat, with_card=True) if state.phase == ACT else []


def _done(state: State, seat: int) -> list[str]:
    return ["done"] if state.phase in (SELL, LINK2) else []


#: Per verb (in the order legal actions are listed): its check, its effect, its lister (canonical
#: texts) and the rule ids it carries out (docs/rules/brass.md).
_VERBS: dict[
    str, tuple[Check | None, Callable[[Draft, int, Action], None], Lister, tuple[str, ...]]
] = {
    "build": (
        build.check_build,
        build.do_build,
        _when(ACT, build.legal_builds),
        ("B38", "B39", "B40", "B41", "B42", "B43", "B44", "B46", "B48", "B49", "R22", "R23", "R24"),
    ),
    "network": (
        moves.check_network,
        moves.do_network,
        _networks,
        ("B52", "B53", "B54", "R32", "R33", "R34", "R35", "R36", "R37", "R38", "F3", "F4"),
    ),
    "develop": (
        moves.check_develop,
        moves.do_develop,
        _when(ACT, moves.legal_develops),
        ("B55", "B56", "B57", "B58", "R29"),
    ),
    "sell": (
        sell.check_sell,
        sell.do_sell,
        _sells,
        ("B59", "B60", "B61", "B62", "B63", "B64", "B66", "R30"),
    ),
    "done": (None, rounds.do_done, _done, ("B59", "R33")),
    "loan": (
        moves.check_loan,
        moves.do_loan,
        _cards("loan card={card}", moves.can_loan),
        ("B67", "B68", "B69", "R31"),
    ),
    "scout": (moves.check_scout, moves.do_scout, _when(ACT, moves.legal_scouts), ("B70", "R31")),
    "pass": (moves.check_pass, moves.do_pass, _cards("pass card={card}"), ("B71", "R31")),
    "remove": (
        rounds.check_remove,
        rounds.do_remove,
        _when(SHORTFALL, rounds.legal_removes),
        ("B78", "B79", "D12", "F8"),
    ),
}


def _rule(verb: str) -> Rule[State, Action]:
    check, do, lister, ids = _VERBS[verb]

    def candidates(state: State, seat: int) -> Iterable[Action]:
        return map(action_of, lister(state, seat))

    return Rule(_why_not(verb, check), do, candidates, ids)  # type: ignore[arg-type]


#: Every verb's rule, in the order legal actions are listed (see ``engines.kit``).
RULES: dict[str, Rule[State, Action]] = {verb: _rule(verb) for verb in _VERBS}


def legal_texts(state: State, seat: int) -> list[str]:
    """Every legal action of ``seat`` as canonical text, verb by verb in the table's order (kept
    in the state's memo)."""
    key = ("legal", seat)
    got: list[str] | None = state.memo.get(key)
    if got is None:
        got = []
        if seat in to_act(state):
            for _, _, lister, _ in _VERBS.values():
                got += lister(state, seat)
        state.memo[key] = got
    return got


def timeout_action(state: State, seat: int) -> str | None:
    """A pass with the first card of the hand; ``done`` to end a Sell action or a rail action
    after its first link; in a shortfall, the tile worth most (fewest removals)."""
    if seat not in to_act(state):
        return None
    pending = decisions(state)
    if pending and pending[0].verb in ("sell", "network"):
        return "done"
    if pending:
        tiles = [
            t
            for t in state.tiles
            if t.owner == seat and rounds.tile_value(t.industry, t.level) >= 1
        ]
        best = max(tiles, key=lambda t: (rounds.tile_value(t.industry, t.level), t.location))
        return f"remove {tile_token(state, best)}"
    return f"pass card={sorted(state.hands[seat])[0]}"
