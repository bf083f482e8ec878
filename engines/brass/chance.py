"""Brass's chance nodes: the cards a player draws after a turn (B21, B22) and the rail era's new
deck dealt (R19, R20). Each card goes to one seat and is seen by that seat only (B23, R50).

- **A refill** (``draw``): a turn whose player holds fewer than 8 cards while the deck lasts ends
  at a chance node (phase ``draw``, the turn's player still ``current``). The outcome is written
  ``draw birmingham,iron_works`` (the cards, sorted, comma separated): as many as the hand lacks,
  or what is left of the deck. Applying it moves those cards from the deck into the hand, tells
  the table how many (``brass.drew``) and the drawer which (``brass.you_drew``, seen by that seat
  only), and passes the turn on (B15, B76).
- **The rail era's deal** (``deal``): the end of the canal era (R13–R18) stops at a chance node
  (phase ``deal``). The outcome names each seat's 8 cards in seat order, ``deal
  <cards of seat 0> <cards of seat 1> ...``. Applying it makes the new deck of every card (R19:
  the discards and the face-down cards are the whole setup deck again, F9), shuffled with the
  state's generator, gives the named hands (R20), leaves the rest as the deck in its shuffled
  order and starts rail round 1 (R21). The move that ended the canal era already said that the
  rail era begins (``brass.rail_era``: the deck's size after the deal is known to all, R50).

No chance row of Brass is public (``Engine.public_chance`` stays empty): a log page and a running
game's export show only the verb; the table learns the public events (how many cards, the rail
era's start) and each seat its own cards.

``sample`` draws what the moves drew before chance was explicit: a refill takes the top of the
deck, the deal shuffles the setup deck with the same generator calls and deals it in seat order,
so old logs (which have no chance rows) replay to the same states. A chosen outcome (a test)
takes the named cards out of the deck wherever they lie, the rest keeping their order; the deal
moves the generator on as the shuffle does, whichever hands are named. The setup's deal is part
of ``setup`` (the seed shuffles the deck).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import CHANCE, Event, IllegalAction, tokens
from engines.brass import components as C
from engines.brass.draft import Draft, display_name
from engines.brass.notation import Action
from engines.brass.rounds import next_turn, start_round
from engines.brass.state import ACT, DEAL, DRAW, State
from engines.kit import Decision
from engines.rng import Rng

#: The verb of each chance node, by the phase that waits for it.
VERBS = {DRAW: "draw", DEAL: "deal"}

#: The pending decision of each chance node (``rules.decisions``), by phase.
NODES = {phase: (Decision(CHANCE, verb),) for phase, verb in VERBS.items()}


def wanted(state: State) -> int:
    """Cards a refill draws: what the current player's hand lacks, as far as the deck goes."""
    return min(C.hand_size() - len(state.hands[state.current]), len(state.deck))


def _new_deck(state: State) -> tuple[list[str], int]:
    """The rail era's deck, shuffled with the state's generator (R19), and the generator after."""
    rng = Rng(state.rng)
    deck = list(C.deck_cards(state.players))
    rng.shuffle(deck)
    return deck, rng.state


def _cards(cards: Sequence[str]) -> str:
    return ",".join(sorted(cards))


def sample(state: State) -> Action:
    """The outcome the deck (and, for the deal, the state's generator) gives."""
    if state.phase == DRAW:
        return Action("draw", (_cards(state.deck[: wanted(state)]),))
    deck, _ = _new_deck(state)
    size = C.hand_size()
    return Action(
        "deal", tuple(_cards(deck[s * size : (s + 1) * size]) for s in range(state.players))
    )


def parse(text: str) -> Action:
    """``draw <cards>`` or ``deal <cards> <cards> ...`` (cards comma separated) → the action in
    canonical spelling (each list sorted); whether the deck holds them is checked by ``apply``."""
    toks = tokens(text)
    if len(toks) < 2 or toks[0] not in VERBS.values() or (toks[0] == "draw" and len(toks) != 2):
        raise IllegalAction("brass.chance_bad", text=text.strip()[:60])
    hands = []
    for tok in toks[1:]:
        cards = tok.split(",")
        if not all(c and (c.replace("_", "").isalnum()) for c in cards):
            raise IllegalAction("brass.chance_bad", text=text.strip()[:60])
        hands.append(_cards(cards))
    return Action(toks[0], tuple(hands))


def _take(deck: list[str], cards: Sequence[str]) -> None:
    """Take ``cards`` out of ``deck`` (the first of each), refused unless the deck holds them."""
    for card in cards:
        if card not in deck:
            raise IllegalAction("brass.chance_not_in_deck", card=card[:30])
        deck.remove(card)


def _count(cards: Sequence[str], want: int) -> None:
    if len(cards) != want:
        raise IllegalAction("brass.chance_count", count=len(cards), want=want)


def you_drew(seat: int, cards: Sequence[str]) -> Event:
    """The drawer's own news: which cards (B23: nobody else learns them)."""
    return Event(
        "brass.you_drew",
        {"cards": [display_name(c) for c in sorted(cards)], "card_ids": sorted(cards)},
        reveals=True,
        visible_to=(seat,),
    )


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Deal the drawn cards (B21, R19, R20) and let play go on. Refused unless the state waits
    for this kind of draw and the deck holds the named cards, as many as the rules draw."""
    verb = VERBS.get(state.phase)
    if verb is None or action.verb != verb:
        raise IllegalAction("core.not_your_decision")
    if verb == "draw":
        return _refill(state, action)
    return _deal(state, action)


def _refill(state: State, action: Action) -> tuple[State, list[Event]]:
    """B21: the turn's player draws up to 8 cards while the deck lasts; then the next turn."""
    seat = state.current
    cards = action.args[0].split(",") if action.args else []
    _count(cards, wanted(state))
    d = Draft(state)
    if sorted(state.deck[: len(cards)]) == cards:
        d.deck = list(state.deck[len(cards) :])  # the deck's top, as a drawn outcome is
    else:
        _take(d.deck, cards)
    d.hands[seat] += cards
    d.events.append(Event("brass.drew", {"seat": seat, "count": len(cards)}, reveals=True))
    d.events.append(you_drew(seat, cards))
    d.phase = ACT
    next_turn(d)
    return d.freeze(), d.events


def _deal(state: State, action: Action) -> tuple[State, list[Event]]:
    """R19: a new deck of every card, shuffled; R20: 8 cards each in seat order; then rail
    round 1 in the turn order just set (R21; the move that ended the canal era began the rail
    era and told the table, ``rounds.end_canal_era``)."""
    if len(action.args) != state.players:
        raise IllegalAction("brass.chance_hands", count=len(action.args), want=state.players)
    deck, rng = _new_deck(state)
    d = Draft(state)
    d.rng = rng
    d.discards = [[] for _ in range(d.players)]
    d.face_down = ()
    for seat, named in enumerate(action.args):
        cards = named.split(",")
        _count(cards, min(C.hand_size(), len(deck)))
        _take(deck, cards)
        d.hands[seat] = cards
        d.events.append(you_drew(seat, cards))
    d.deck = deck
    d.phase = ACT
    start_round(d)
    return d.freeze(), d.events
