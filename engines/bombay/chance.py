"""Bombay's chance node: the restock that starts every set after the first (Y31–Y36).

When a set ends (Y80) the markets are emptied into the bag and the state stops at a chance node
(``Decision(CHANCE, "restock")`` on its pending stack): nobody at the table chooses the nine
bales. ``sample`` draws them with the state's generator exactly as the restock inside the last
``end`` drew before chance was explicit (``rules.draw_from_bag``, the same calls in the same
order), so logs written then replay to the same states; ``apply`` puts a drawn (or, in a test,
chosen) outcome into the markets. The outcome is written ``restock yellow=3 blue=2 purple=2
orange=2``: counts per colour, colours not drawn left out, in colour order. The first set's
restock is part of ``setup`` (the seed deals it, as it deals the board).
"""

from __future__ import annotations

from functools import cache

from engines.base import Event, IllegalAction, tokens
from engines.bombay.components import rules
from engines.bombay.notation import Action
from engines.bombay.rules import RESTOCK, draw_from_bag, restock_events, sort_into_markets
from engines.bombay.state import State
from engines.kit import Draft, chance_node, drawn_once
from engines.rng import Rng

VERB = RESTOCK.verb


def at_restock(state: State) -> bool:
    """Whether the state waits for the restock's draw."""
    return chance_node(state.pending, VERB)


@drawn_once
def _draw(state: State) -> tuple[tuple[int, ...], int]:
    """The bales the state's own generator draws (Y31), and the generator's state after it
    (asked by ``sample`` and again by ``apply``: drawn once)."""
    rng = Rng(state.rng)
    drawn, _ = draw_from_bag(state.bag, rules().restock_draw, rng)
    return tuple(drawn), rng.state


#: The counts of every outcome made so far, by its canonical argument text (a few hundred at
#: most: nine bales in four colours), so ``apply`` reads an outcome's counts without parsing
#: its text again; an argument not in it (an action built by hand) is parsed.
_COUNTS: dict[str, tuple[int, ...]] = {}


@cache
def outcome(drawn: tuple[int, ...]) -> Action:
    """The restock action that draws ``drawn`` (counts in colour order)."""
    counts = [f"{c}={n}" for c, n in zip(rules().colours, drawn, strict=True) if n]
    action = Action(VERB, " ".join(counts))
    _COUNTS[action.arg] = drawn
    return action


def sample(state: State) -> Action:
    """The restock the state's generator draws."""
    return outcome(_draw(state)[0])


def parse(text: str) -> Action:
    """``restock yellow=3 blue=2 ...`` → the action in canonical spelling (colours in colour
    order, none twice, counts whole numbers)."""
    t = tokens(text)
    if not t or t[0] != VERB:
        raise IllegalAction("bombay.chance_bad", text=text[:60])
    colours = rules().colours
    drawn = [0] * len(colours)
    for token in t[1:]:
        name, _, number = token.partition("=")
        colour = rules().colour_by_text(name)
        if colour is None or not number.isdigit() or drawn[colours.index(colour)]:
            raise IllegalAction("bombay.chance_bad", text=text[:60])
        drawn[colours.index(colour)] = int(number)
    return outcome(tuple(drawn))


def _counts(action: Action) -> tuple[int, ...]:
    """The counts per colour (colour order) an outcome draws (``parse`` checks a hand-built
    one's text and makes its canonical spelling, whose counts ``outcome`` remembered)."""
    known = _COUNTS.get(action.arg)
    if known is None:
        known = _COUNTS[parse(str(action)).arg]
    return known


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Put a restock's bales into the markets (Y31–Y36) and let the set's first player play.

    Refused unless the state waits for the restock and the bag holds what is drawn: as many
    bales as the rules draw (all that are left, if fewer, Y31). The generator moves on as though
    it drew, whichever outcome is applied, so a chosen outcome and a drawn one leave the same
    generator (and the later draws of a replayed game do not depend on how this one came)."""
    if not at_restock(state) or action.verb != VERB:
        raise IllegalAction("core.not_your_decision")
    drawn = _counts(action)
    want = min(rules().restock_draw, sum(state.bag))
    for colour, n, left in zip(rules().colours, drawn, state.bag, strict=True):
        if n > left:
            raise IllegalAction("bombay.chance_not_in_bag", colour=colour, count=n, left=left)
    if sum(drawn) != want:
        raise IllegalAction("bombay.chance_wrong_count", count=sum(drawn), want=want)
    d = Draft(state)
    d.set(
        rng=_draw(state)[1],
        bag=tuple(b - n for b, n in zip(state.bag, drawn, strict=True)),
        stock=drawn,
        market=sort_into_markets(drawn),
        pending=state.pending[1:],
    )
    d.events += restock_events(d.state)
    return d.freeze(), d.events
