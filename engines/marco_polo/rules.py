"""The rules table: per verb, why it may not be taken now and what it does (``engines.kit``).

``RULES[verb]`` is a ``kit.Rule``: ``why_not(state, seat, action)`` returns the reason an action
is refused (an unraised ``IllegalAction``) or ``None``; ``do(draft, seat, action)`` carries out a
legal one. ``complete`` answers "what may come next" from the same facts, so whether an action
is offered, whether it is accepted and why it is refused never disagree.

Dice placements are too many to list (up to three dice from five or six, then the action's
choices), so they are described per space by ``open_combos``: the dice combinations that may go
there now. Past the dice themselves, a placement's legality depends only on its value and on
whether one die is of the player's colour (``placement.value_problem``), so each space is judged
once per value and colour. A position's answers are kept while it is the one being asked about
(a random or autocompleted action asks about the same position token after token).
"""

from __future__ import annotations

import threading

from engines import kit
from engines.base import END, IllegalAction
from engines.marco_polo import tables as T
from engines.marco_polo.decisions import (
    Options,
    draft_options,
    goal_options,
    pending_options,
    resolve,
    turn_options,
)
from engines.marco_polo.draft import Draft
from engines.marco_polo.flow import advance
from engines.marco_polo.notation import Action, fast_tokens
from engines.marco_polo.placement import (
    SPACES,
    choice_problem,
    choices,
    classed_combos,
    dice_needed,
    dice_problem,
    place,
    space_closed,
    space_problem,
    value_closed,
    wrong_dice_count,
)
from engines.marco_polo.rewards import can_pay, words
from engines.marco_polo.state import State, die_key, die_token, parse_die

# -- one position's answers, kept while it is asked about ---------------------------------------


class Known:
    """Answers about one frozen state (so they never go stale), kept while it is among the last
    few positions asked about in this thread: a random or autocompleted action asks about the
    same position token after token, and a computer building a turn comes back to a position
    after looking at what each move there leads to."""

    __slots__ = ("state", "options", "open", "classes", "combos", "choices", "by_class", "spaces")

    def __init__(self, state: State) -> None:
        self.state = state
        self.options: dict[int, Options] = {}
        #: a seat's dice grouped by (value, own colour), per number of dice a space takes
        self.by_class: dict[tuple[int, int], dict[tuple[int, bool], tuple[tuple[str, ...], ...]]]
        self.by_class = {}
        #: the spaces a seat may place on, sorted (``complete("place")``)
        self.spaces: dict[int, list[str]] = {}
        self.open: dict[tuple[int, str], bool] = {}
        self.classes: dict[tuple[int, str, tuple[int, bool]], bool] = {}
        self.combos: dict[tuple[int, str], list[tuple[str, ...]]] = {}
        self.choices: dict[tuple[int, str, tuple[str, ...]], list[tuple[str, ...]]] = {}


_LOCAL = threading.local()


#: Positions whose answers are kept (per thread).
_KNOWN = 4


def known(state: State) -> Known:
    """The answers kept about ``state`` (new ones for a position not among the last few asked
    about; each holds its state, so an identity is never reused while kept)."""
    kept: list[Known] | None = getattr(_LOCAL, "kept", None)
    if kept is None:
        kept = _LOCAL.kept = []
    for held in kept:
        if held.state is state:
            return held
    held = Known(state)
    kept.insert(0, held)
    del kept[_KNOWN:]
    return held


# -- who may do what ----------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    """Whose decision it is: the drafter, the goal keepers, the pending decision's owner, or
    the player whose turn it is (M13, M7, M49, M21)."""
    phase = state.phase
    if phase == "over":
        return []
    if phase == "draft":
        return [state.draft_order[0]]
    if phase == "goals":
        return [s for s, p in enumerate(state.players) if p.goal_offer]
    if state.pending:
        return kit.to_act(state.pending)
    return [state.current]


def options(state: State, seat: int, k: Known | None = None) -> Options:
    """Every verb but ``place`` that ``seat`` may use now, with all its legal arguments."""
    k = k or known(state)
    found = k.options.get(seat)
    if found is None:
        found = k.options[seat] = _options(state, seat)
    return found


def _options(state: State, seat: int) -> Options:
    if seat not in to_act(state):
        return {}
    if state.phase == "draft":
        return draft_options(state, seat)
    if state.phase == "goals":
        return goal_options(state, seat)
    if state.pending:
        return pending_options(state, state.pending[0])
    return turn_options(state, seat)


def may_place(state: State, seat: int) -> bool:
    """Whether ``seat`` may take the main action now (M22: once per turn, nothing pending)."""
    return (
        state.phase == "play"
        and not state.pending
        and seat == state.current
        and not state.players[seat].main_done
    )


def _by_class(k: Known, seat: int, n: int) -> dict[tuple[int, bool], tuple[tuple[str, ...], ...]]:
    """``classed_combos`` of ``seat``'s dice for ``n`` dice, kept for the position (every space
    of a size asks the same)."""
    found = k.by_class.get((seat, n))
    if found is None:
        found = k.by_class[seat, n] = classed_combos(k.state.players[seat].dice, n)
    return found


def _space_usable(k: Known, seat: int, space: str) -> bool:
    """Whether ``seat`` may place now and ``space`` takes dice at all (M22, M24)."""
    state = k.state
    return may_place(state, seat) and space_closed(state, seat, space) is None


def _class_open(k: Known, seat: int, space: str, cls: tuple[int, bool]) -> bool:
    """Whether dice of class ``cls`` (value, own colour) may go on ``space``, judged once per
    position."""
    key = (seat, space, cls)
    ok = k.classes.get(key)
    if ok is None:
        ok = k.classes[key] = value_closed(k.state, seat, space, *cls) is None
    return ok


def _open_classes(k: Known, seat: int, space: str) -> list[tuple[int, bool]]:
    """The (value, own colour) classes of ``seat``'s dice that may go on ``space`` now."""
    if not _space_usable(k, seat, space):
        return []
    return [c for c in _by_class(k, seat, dice_needed(space)) if _class_open(k, seat, space, c)]


def space_open(state: State, seat: int, space: str, k: Known | None = None) -> bool:
    """Whether ``seat`` may put some of their dice on ``space`` now (judged class by class,
    stopping at the first open one)."""
    k = k or known(state)
    found = k.open.get((seat, space))
    if found is None:
        found = _space_usable(k, seat, space) and any(
            _class_open(k, seat, space, c) for c in _by_class(k, seat, dice_needed(space))
        )
        k.open[seat, space] = found
    return found


def open_combos(
    state: State, seat: int, space: str, k: Known | None = None
) -> list[tuple[str, ...]]:
    """The dice combinations (canonical tokens) ``seat`` may put on ``space`` now (M24-M31)."""
    k = k or known(state)
    found = k.combos.get((seat, space))
    if found is None:
        by_class = _by_class(k, seat, dice_needed(space))
        found = [c for cls in _open_classes(k, seat, space) for c in by_class[cls]]
        k.combos[seat, space] = found
    return found


def _choices(k: Known, seat: int, space: str, combo: tuple[str, ...]) -> list[tuple[str, ...]]:
    found = k.choices.get((seat, space, combo))
    if found is None:
        found = k.choices[seat, space, combo] = choices(k.state, seat, space, combo)
    return found


def _canonical(dice: tuple[str, ...]) -> tuple[str, ...]:
    """Dice tokens in canonical order (own, black, white; by value), if they are all dice."""
    if all(parse_die(t) is not None for t in dice):
        return tuple(sorted(dice, key=die_key))
    return dice


# -- completion ---------------------------------------------------------------------------------


def complete(state: State, seat: int, prefix: str) -> list[str]:
    """The legal next tokens after ``prefix`` for ``seat`` (``END`` when it is whole)."""
    if seat not in to_act(state):
        return []
    toks = fast_tokens(prefix, strict=False)
    k = known(state)
    if toks[:1] == ["place"]:
        return _complete_place(k, seat, toks[1:])
    opts = options(state, seat, k)
    if not toks:
        verbs = {v for v, lst in opts.items() if lst}
        if may_place(state, seat) and any(space_open(state, seat, s, k) for s in SPACES):
            verbs.add("place")
        return sorted(verbs)
    rest = tuple(toks[1:])
    n = len(rest)
    return sorted({t[n] if len(t) > n else END for t in opts.get(toks[0], []) if t[:n] == rest})


def _complete_place(k: Known, seat: int, rest: list[str]) -> list[str]:
    state = k.state
    if not rest:
        found = k.spaces.get(seat)
        if found is None:
            found = k.spaces[seat] = sorted(s for s in SPACES if space_open(state, seat, s, k))
        return list(found)
    space = rest[0]
    if space not in SPACES:
        return []
    combos = open_combos(state, seat, space, k)
    n = dice_needed(space)
    given = tuple(rest[1:])
    if len(given) < n:
        m = len(given)
        return sorted({c[m] for c in combos if c[:m] == given})
    combo = _canonical(given[:n])
    if combo not in combos:
        return []
    chosen = given[n:]
    m = len(chosen)
    return sorted(
        {s[m] if len(s) > m else END for s in _choices(k, seat, space, combo) if s[:m] == chosen}
    )


# -- why not ------------------------------------------------------------------------------------


def _turn_problem(state: State, seat: int) -> IllegalAction | None:
    if state.phase == "over":
        return IllegalAction("core.game_over")
    if seat not in to_act(state):
        return IllegalAction("core.not_your_decision")
    return None


def why_not_place(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why this dice placement is refused (M22, M24-M31), or ``None``."""
    problem = _turn_problem(state, seat)
    if problem is not None:
        return problem
    args = action.args
    if not may_place(state, seat):
        return verb_refusal(state, seat, "place")
    if not args or args[0] not in SPACES:
        return IllegalAction("marco_polo.unknown_space", spaces=list(SPACES))
    space = args[0]
    n = dice_needed(space)
    dice = _canonical(args[1 : 1 + n])
    suffix = args[1 + n :]
    k = known(state)
    if dice in open_combos(state, seat, space, k) and suffix in _choices(k, seat, space, dice):
        return None
    # Refused: find the most specific reason.
    problem = space_problem(state, seat, space)
    if problem is not None:
        return problem
    if len(dice) < n or any(parse_die(t) is None for t in dice):
        return wrong_dice_count(space)
    problem = dice_problem(state, seat, space, dice)
    if problem is not None:
        return problem
    problem = choice_problem(state, seat, space, dice, suffix)
    if problem is not None:
        return problem
    return IllegalAction(
        "marco_polo.bad_choice",
        verb=f"place {space}",
        given=" ".join(suffix) or "—",
        moves=_listing(_choices(k, seat, space, dice)),
    )


def why_not_listed(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why a command other than ``place`` is refused, or ``None``: it must be one of the
    arguments ``options`` lists for its verb now."""
    problem = _turn_problem(state, seat)
    if problem is not None:
        return problem
    verb, args = action.verb, action.args
    legal = options(state, seat).get(verb)
    if not legal:
        return verb_refusal(state, seat, verb, args)
    if args in legal:
        return None
    p = state.players[seat]
    if verb == "fulfil" and args:
        problem = contract_refusal(state, seat, args[0])
        if problem is not None:
            return problem
    if not args:
        return IllegalAction(
            "marco_polo.choice_needed", verb=verb, moves=_listing(legal, prefix=verb)
        )
    if (
        verb in ("coins3", "reroll", "adjust")
        and parse_die(args[0]) is not None
        and not any(die_token(k, v) == args[0] or v == 0 for k, v in p.dice)
    ):
        return IllegalAction("marco_polo.no_such_dice", dice=args[0])
    return IllegalAction(
        "marco_polo.bad_choice",
        verb=verb,
        given=" ".join(args) or "—",
        moves=_listing(legal),
    )


def verb_refusal(state: State, seat: int, verb: str, args: tuple[str, ...] = ()) -> IllegalAction:
    """The most specific reason why ``verb`` is not possible now."""
    p = state.players[seat]
    allowed = [t for t in complete(state, seat, "") if t]
    if state.phase == "draft":
        return IllegalAction("marco_polo.draft_first", verbs=allowed)
    if state.phase == "goals":
        return IllegalAction("marco_polo.goals_first", verbs=allowed)
    if state.pending:
        ev = state.pending[0].asked()
        return IllegalAction(
            "marco_polo.decision_pending",
            what={"key": ev.key, "params": dict(ev.params)},
            verbs=allowed,
        )
    if verb == "place" and p.main_done:
        return IllegalAction("marco_polo.main_done")
    if verb == "end" and not p.main_done and p.dice:
        return IllegalAction("marco_polo.main_action_first")
    if verb in ("reroll", "adjust") and p.char == "raschid":
        return IllegalAction("marco_polo.raschid_never_rolls")
    need = {"reroll": T.REROLL_CAMELS, "adjust": T.ADJUST_CAMELS, "black": T.BLACK_CAMELS}
    if verb == "black" and p.bought_black:
        return IllegalAction("marco_polo.black_once")
    if verb == "black" and state.black_pool <= 0:
        return IllegalAction("marco_polo.black_pool_empty")
    if verb in need and p.camel < need[verb]:
        return IllegalAction("marco_polo.need_camels", action=verb, camels=p.camel, need=need[verb])
    if verb == "fulfil":
        if args:
            problem = contract_refusal(state, seat, args[0])
            if problem is not None:
                return problem
        return IllegalAction("marco_polo.cannot_fulfil")
    return IllegalAction("marco_polo.verb_not_now", verb=verb, verbs=allowed)


def contract_refusal(state: State, seat: int, cid: str) -> IllegalAction | None:
    """Why contract ``cid`` cannot be fulfilled: not held, or what it needs against what is
    held (M32); ``None`` if it can."""
    p = state.players[seat]
    if cid not in p.contracts:
        return IllegalAction("marco_polo.no_such_contract", contract=cid)
    cost = T.CONTRACTS[cid]["cost"]
    if not can_pay(state, seat, cost):
        have = words({k: p.amount(k) for k in ("camel", "pepper", "silk", "gold")})
        return IllegalAction(
            "marco_polo.cannot_pay_contract", contract=cid, cost=words(cost), have=have
        )
    return None


def _listing(options: list[tuple[str, ...]], prefix: str = "") -> list[str]:
    """What would be accepted, as typed after ``prefix`` (the catalog quotes them: ``moves``);
    the first ten, then "…"."""
    shown = [" ".join((prefix, *o)).strip() for o in options[:10]]
    return shown + ["…"] if len(options) > 10 else shown


# -- doing it -----------------------------------------------------------------------------------


def do_place(d: kit.Draft[State], seat: int, action: Action) -> None:
    """Put the dice on the space and take its action (M24-M31)."""
    assert isinstance(d, Draft)
    space = action.args[0]
    k = dice_needed(space)
    place(d, seat, space, action.args[1 : 1 + k], action.args[1 + k :])
    d.flush()


def do_end(d: kit.Draft[State], seat: int, action: Action) -> None:
    """End the turn: the next player with dice plays (M21, M23)."""
    assert isinstance(d, Draft)
    d.emit("marco_polo.ended_turn", seat=seat)
    advance(d)


def do_listed(d: kit.Draft[State], seat: int, action: Action) -> None:
    """Carry out an extra action, a set-up choice or the answer to a pending decision."""
    assert isinstance(d, Draft)
    resolve(d, seat, action.verb, action.args)


def _listed(verb: str) -> kit.Rule[State, Action]:
    return kit.Rule(
        why_not_listed,
        do_end if verb == "end" else do_listed,
        lambda state, seat: [Action((verb, *a)) for a in options(state, seat).get(verb, [])],
        IDS[verb],
    )


#: The rule ids each verb carries out (docs/rules/marco_polo.md).
IDS: dict[str, tuple[str, ...]] = {
    "place": ("M22", "M24", "M25", "M26", "M27", "M28", "M29", "M30", "M31"),
    "fulfil": ("M32",),
    "coins3": ("M33",),
    "reroll": ("M34",),
    "adjust": ("M35",),
    "black": ("M36", "M38"),
    "end": ("M21", "M23"),
    "take": ("M48", "M62"),
    "give": ("M62",),
    "discard": ("M27", "M30", "D9"),
    "move": ("M39", "M40", "M41"),
    "stop": ("M28", "M41"),
    "bonus": ("M43", "M48"),
    "relocate": ("M47",),
    "compensate": ("M20", "D5", "D6"),
    "choose": ("M13",),
    "keep": ("M7",),
}

RULES: dict[str, kit.Rule[State, Action]] = {
    "place": kit.Rule(why_not_place, do_place, None, IDS["place"]),
    **{verb: _listed(verb) for verb in IDS if verb != "place"},
}
