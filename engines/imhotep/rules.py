"""The RULES table: per verb, why it may not be played now and what it does (engines/kit.py).

``kit.perform`` runs it inside ``apply``, so "is it legal", "why not" and "do it" are one code
path. While a step of the turn waits for an answer (the kit's pending stack: a market pick, a
pair card to keep, a pyramid, a temple bonus, a bonus load, E12), every verb is checked against
that step; otherwise against the turn's action rules (section 4). ``turn.legal_actions`` lists
the legal turn actions directly (the hot loop of self-play); a test checks that every action it
lists passes ``why_not`` and that those it leaves out are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from engines.base import IllegalAction
from engines.imhotep import components as C
from engines.imhotep import tasks, turn
from engines.imhotep.notation import Action
from engines.imhotep.state import DECISION_VERBS, Board, Draft, State, Task, task_of
from engines.kit import Draft as KitDraft
from engines.kit import Rule

Check = Callable[[Board, int, Action], None]
Do = Callable[[Draft, int, Action], None]


def card_name(token: str) -> str:
    """A card type token as players read it ("paved_path" → "Paved Path")."""
    types = C.card_types()
    return types[token].name if token in types else "face-down pair"


def why_not_answer(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why ``action`` does not answer the step waiting at the front of the stack (E12)."""
    task = task_of(state.pending[0])
    kind = task[0]
    verb = DECISION_VERBS[kind]
    answers = tasks.options(state, task)
    if action.verb != verb:
        return IllegalAction(f"imhotep.decide_{kind}", moves=[f"{verb} {a}" for a in answers])
    if " ".join(action.args) in answers:
        return None
    return _refused_answer(state, seat, task, action)


def _refused_answer(state: State, seat: int, task: Task, action: Action) -> IllegalAction:
    """The specific reason an answer of the right verb is not one of the step's answers."""
    kind = task[0]
    if kind == "pick":
        offered = [C.card_type(c).name for c in state.offer if c]
        if state.pair:
            offered.append("face-down pair")
        return IllegalAction("imhotep.not_on_offer", card=card_name(action.args[0]), offer=offered)
    if kind == "keep":
        return IllegalAction("imhotep.not_in_pair", card=card_name(action.args[0]))
    if kind == "pyramid":
        if int(action.args[0]) > len(C.pyramid_b_spaces()):
            return IllegalAction(
                "imhotep.no_such_pyramid",
                pyramid=action.args[0],
                choices=list(tasks.options(state, task)),
            )
        return IllegalAction("imhotep.pyramid_full", pyramid=action.args[0])
    if kind == "temple_choice":
        return IllegalAction("imhotep.no_stones_to_take")
    try:  # a bonus load (I51) is refused for the reasons a turn's load is
        turn.load_position(state, seat, action.args)
    except IllegalAction as reason:
        return reason
    return IllegalAction("imhotep.usage", verb="load", usage="load 2 1")  # pragma: no cover


def answer(draft: Draft, seat: int, action: Action) -> None:
    """Carry out the answer to the waiting step, then run the steps after it (E11, E12)."""
    task = draft.tasks.pop(0)
    tasks.decide(draft, task, list(action.args), auto=False)
    tasks.run(draft)


def _rule(check: Check | None, do: Do | None, ids: tuple[str, ...]) -> Rule[State, Action]:
    """A verb's rule: an answer while a step waits, else the turn action ``check``/``do``
    (``None``: the verb only ever answers a step)."""

    def why_not(state: State, seat: int, action: Action) -> IllegalAction | None:
        if state.pending:
            return why_not_answer(state, seat, action)
        if check is None or do is None:
            return IllegalAction("imhotep.not_now", verb=action.verb)
        try:
            check(state, seat, action)
        except IllegalAction as reason:
            return reason
        return None

    def act(working: KitDraft[State], seat: int, action: Action) -> None:
        draft = cast(Draft, working)  # apply opens this game's Draft
        draft.begin()
        if draft.base.pending:
            answer(draft, seat, action)
        elif do is not None:
            do(draft, seat, action)

    return Rule(why_not, act, ids=ids)


RULES: dict[str, Rule[State, Action]] = {
    "quarry": _rule(turn.check_quarry, turn.do_quarry, ("I22",)),
    "load": _rule(turn.check_load, turn.do_load, ("I23", "I51")),
    "sail": _rule(turn.check_sail, turn.do_sail, ("I24", "I25", "I26")),
    "lever": _rule(turn.check_sail, turn.do_sail, ("I73",)),
    "hammer": _rule(turn.check_hammer, turn.do_hammer, ("I72",)),
    "sailcard": _rule(turn.check_sailcard, turn.do_sailcard, ("I74",)),
    "chisel": _rule(turn.check_chisel, turn.do_chisel, ("I75",)),
    "take": _rule(None, None, ("I30", "I31", "I32", "I48")),
    "keep": _rule(None, None, ("I48",)),
    "pyramid": _rule(None, None, ("I50", "I53")),
    "bonus": _rule(None, None, ("I56",)),
}
