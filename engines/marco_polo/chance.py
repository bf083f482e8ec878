"""Marco Polo's chance nodes: the dice (M19-M20, M34, M38), rolled by nobody at the table.

Three moments roll dice, and each leaves a chance node first on the pending stack, so the draw
is a step of its own (docs/architecture.md, "Chance as an explicit step"):

* a round's start (M19-M20): every player's own dice, and Matteo's white die; Raschid does not
  roll (M51). The outcome is written per seat in seat order, ``roll 3,5 2,6,4 -`` (``-`` for
  Raschid's unrolled dice), and compensation (M20) follows from it;
* a re-roll (M34, ``reroll 3``): ``die 5``, the rolled die back in the player's hand;
* a black die taken (M38, as an extra action or a reward): ``die 2`` likewise.

Every die is public. ``sample`` rolls with the state's generator in the very order the rules
rolled inside the moves before chance was explicit (seats clockwise from the start player, each
player's own dice then the white one), so old logs replay to the same states; applying any
outcome moves the generator on as rolling it did. A chance node stays first on the stack while
the action that raised it goes on (``Draft.flush`` puts new decisions after it), so the dice are
rolled in the order the old rules rolled them.
"""

from __future__ import annotations

from engines.base import CHANCE, Event, IllegalAction
from engines.kit import drawn_once, evolve
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Draft
from engines.marco_polo.flow import seats_from, settle, turn_over
from engines.marco_polo.notation import Action, fast_tokens
from engines.marco_polo.state import DIE, ROLL, Pending, Player, State
from engines.rng import Rng

VERBS = frozenset({ROLL, DIE})


def _own_dice(state: State, seat: int) -> int:
    """How many dice ``seat`` rolls at a round's start: none for Raschid (M51), a white one
    more for Matteo (M57)."""
    char = state.players[seat].char
    if char == "raschid":
        return 0
    return int(T.START["dice_per_player"]) + (1 if char == "matteo" else 0)


def _round_values(state: State, rng: Rng) -> list[tuple[int, ...]]:
    """Every seat's dice as ``rng`` rolls them, by seat (rolled clockwise from the start)."""
    values: list[tuple[int, ...]] = [()] * state.n
    for seat in seats_from(state, state.start):
        values[seat] = tuple(rng.die() for _ in range(_own_dice(state, seat)))
    return values


@drawn_once
def _rolled(state: State) -> tuple[Action, int]:
    """The outcome the state's generator rolls at its chance node, and the generator after
    (asked by ``sample`` and again by ``apply``: rolled once)."""
    rng = Rng(state.rng)
    if state.pending[0].k == ROLL:
        values = _round_values(state, rng)
        toks = [",".join(map(str, v)) if v else "-" for v in values]
        return Action((ROLL, *toks)), rng.state
    return Action((DIE, str(rng.die()))), rng.state


def at_chance(state: State) -> bool:
    """Whether the state waits for dice."""
    return bool(state.pending) and state.pending[0].owner == CHANCE


def sample(state: State) -> Action:
    """The dice the state's generator rolls at its chance node."""
    return _rolled(state)[0]


def outcomes(state: State) -> list[tuple[Action, float]] | None:
    """One die's six faces, a sixth each; ``None`` for a round's roll (6^6 and more)."""
    if state.pending[0].k == ROLL:
        return None
    return [(Action((DIE, str(v))), 1 / 6) for v in range(1, 7)]


def parse(text: str) -> Action:
    """``roll 3,5 2,6,4 -`` or ``die 4`` → the action (syntax only; ``apply`` checks counts)."""
    toks = fast_tokens(text)
    ok = bool(toks) and toks[0] in VERBS
    for tok in toks[1:]:
        ok = ok and (tok == "-" or all(v in "123456" and v for v in tok.split(",")))
    if toks and toks[0] == DIE:
        ok = ok and len(toks) == 2 and toks[1] in "123456" and len(toks[1]) == 1
    if not ok:
        raise IllegalAction("marco_polo.chance_bad", text=text.strip()[:60])
    return Action(tuple(toks))


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Put rolled dice in the players' hands (M19-M20, M34, M38), then go on as the rules did
    after the roll: compensation for a low round roll (M20), the turn passing when it must.
    Refused unless the state waits for this kind of roll and the outcome has one value per
    die rolled. The generator moves on as though it rolled, whichever outcome is applied.

    A roll changes only the dice, the pending stack and the generator, so the new state is
    built from those three fields at once, without a ``Draft`` (a chance step is one step in
    ten of a game); a ``Draft`` takes over only when the turn passes after it (``turn_over``).
    """
    if not at_chance(state) or action.verb != state.pending[0].verb:
        raise IllegalAction("core.not_your_decision")
    node = state.pending[0]
    values = [tuple(map(int, t.split(","))) if t != "-" else () for t in action.args]
    if node.k == ROLL:
        if len(values) != state.n or any(
            len(values[s]) != _own_dice(state, s) for s in range(state.n)
        ):
            want = " ".join(str(_own_dice(state, s)) for s in range(state.n))
            raise IllegalAction("marco_polo.chance_dice", want=want)
        players, pending, events = _round(state, values)
    else:
        if len(values) != 1 or len(values[0]) != 1:
            raise IllegalAction("marco_polo.chance_dice", want="1")
        players, events = _one(state, node, values[0][0])
        pending = list(state.pending[1:])
    new = evolve(state, players=players, pending=tuple(pending), rng=_rolled(state)[1])
    if turn_over(new):
        d = Draft(new)
        settle(d)
        new = d.freeze()
        events += d.events
    return new, events


def _round(
    state: State, values: list[tuple[int, ...]]
) -> tuple[tuple[Player, ...], list[Pending], list[Event]]:
    """M19-M20: every player's dice, and compensation for a roll under the threshold."""
    players = list(state.players)
    pending = list(state.pending[1:])
    events: list[Event] = []
    per = int(T.START["dice_per_player"])
    for seat in seats_from(state, state.start):
        p = players[seat]
        if p.char == "raschid":
            players[seat] = p.with_dice((("o", 0),) * per)
            events.append(Event("marco_polo.raschid_dice", {"seat": seat}))
            continue
        rolled = values[seat]
        dice = tuple([("o", v) for v in rolled[:per]])
        if p.char == "matteo":
            dice += (("w", rolled[-1]),)
        players[seat] = p.with_dice(dice)
        shown = " ".join(map(str, rolled))
        events.append(Event("marco_polo.rolled", {"seat": seat, "dice": shown}, reveals=True))
        total = sum(rolled)
        if total < T.COMPENSATION_THRESHOLD:
            # after the decisions the round's income raised (M17), as the rules order them
            pending.append(Pending.of("comp", seat, T.COMPENSATION_THRESHOLD - total))
    if state.round > 1 and not pending:
        # as the round's start said before
        events.append(Event("marco_polo.turn", {"seat": state.current}))
    return tuple(players), pending, events


def _one(state: State, node: Pending, value: int) -> tuple[tuple[Player, ...], list[Event]]:
    """M34, M38: one die into the hand of the seat that re-rolled or took it."""
    seat = node.for_seat
    players = list(state.players)
    players[seat] = players[seat].with_dice((*players[seat].dice, (node.die, value)))
    if node.was:
        params = {"seat": seat, "die": node.was, "value": value}
        event = Event("marco_polo.rerolled", params, reveals=True)
    else:
        event = Event("marco_polo.black_die_rolled", {"seat": seat, "value": value}, reveals=True)
    return tuple(players), [event]
