"""Imhotep's chance nodes: a round's deal (I16, I47) and a bonus card's draw (I51, I56), turned
up by nobody at the table.

When a round ends (I19) and another follows, the state stops at a chance node (the step
``("deal", CHANCE, "")`` first on the pending stack): the next round card is revealed and the
market dealt from the top of the shuffled deck, refilled from the shuffled discard pile if it
runs dry (E7). The outcome is written ``deal p3-05 statue#7,sail#3,chisel#2,lever#1
pair=paved_path#1,statue#2`` (the round card, the face-up offer in order, ``-`` for none, and on
Market B the face-down pair): the pair is seen by nobody, so a deal row shows only its verb and
its public events (the round's ships, the face-up cards) to the table.

``sample`` deals exactly as the round's start dealt inside the move before chance was explicit
(the same cards from the same deck, the same generator calls for a reshuffle), so old logs
replay to the same states. A chosen deal (a test) puts the named cards on top of their decks and
deals as always; it must name cards the decks hold without a reshuffle. The first round's deal
is part of ``setup`` (the seed shuffles the decks).

A Pyramid-B or Temple-B ``card`` bonus (I51, I56) stops the turn's steps at a chance node too
(the step ``("draw", CHANCE, "<seat>")``, ``<seat>`` the stone's owner who keeps the card): the
top market card is drawn, after shuffling the discard pile into a new deck if the deck is empty
(E7). The outcome is written ``draw statue`` (the card's type, ``draw -`` when neither deck nor
discard pile holds a card). The drawn card goes face up into its taker's display (or, red, is
used at once, I65), so everyone sees it: ``draw`` is a public chance verb. Then the turn's steps
go on (E11) and, once none is left, the turn ends as it would have inside the move. ``sample``
draws exactly as the move drew before (the same card, the same generator calls for a
reshuffle); a chosen draw takes the first card of the named type from the deck (reshuffled first
when empty, with the same generator calls) instead of the top one.
"""

from __future__ import annotations

from engines.base import CHANCE, Event, IllegalAction, tokens
from engines.imhotep import components as C
from engines.imhotep import market, sites, tasks, turn
from engines.imhotep.notation import Action
from engines.imhotep.state import Draft, State
from engines.kit import chance_node, drawn_once

VERB = "deal"
#: The verb of a bonus card's draw (I51, I56).
DRAW = "draw"
#: Chance verbs whose outcome everyone sees: a drawn bonus card is kept face up (I51, I56).
PUBLIC = frozenset({DRAW})

#: The pending step a round's end leaves: the next round's deal.
DEAL = (VERB, CHANCE, "")


def at_deal(state: State) -> bool:
    """Whether the state waits for a round's deal."""
    return chance_node(state.pending, VERB)


def at_draw(state: State) -> bool:
    """Whether the state waits for a bonus card's draw."""
    return chance_node(state.pending, DRAW)


def _dealt(d: Draft) -> Action:
    """The outcome a deal just made on ``d``."""
    offer = ",".join(c.lower() for c in d.offer) or "-"
    toks = [VERB, d.round_card.lower(), offer]
    if d.side("market") == "B":
        toks.append("pair=" + (",".join(c.lower() for c in d.pair) or "-"))
    return Action(toks[0], tuple(toks[1:]))


def _deal(state: State) -> Draft:
    """A draft of ``state`` with its deal made as the rules make it (I16, I47, E7)."""
    d = Draft(state)
    d.tasks.pop(0)
    turn.reveal_round(d)
    return d


@drawn_once
def _made(state: State) -> tuple[State, tuple[Event, ...], Action]:
    """The deal the decks give, made: the dealt state, its events and its outcome (asked twice
    per chance step, by ``sample`` and by ``apply``: made once)."""
    d = _deal(state)
    return d.freeze(), tuple(d.events), _dealt(d)


def sample(state: State) -> Action:
    """The deal or the draw the decks (and, for a reshuffle, the state's generator) give."""
    if at_draw(state):
        card = market.draw(Draft(state))
        return Action(DRAW, (C.card_type(card).id if card else "-",))
    return _made(state)[2]


def parse(text: str) -> Action:
    """``deal <round card> <offer|-> [pair=<cards|->]`` or ``draw <card type|->`` → the action
    (names checked by apply)."""
    toks = tokens(text)
    if toks[:1] == [DRAW]:
        if len(toks) != 2 or not (toks[1] == "-" or toks[1] in C.card_types()):
            raise IllegalAction("imhotep.chance_bad_draw", text=text.strip()[:60])
        return Action(DRAW, (toks[1],))
    ok = len(toks) in (3, 4) and toks[0] == VERB
    if ok and len(toks) == 4:
        ok = toks[3].startswith("pair=")
    if not ok:
        raise IllegalAction("imhotep.chance_bad", text=text.strip()[:60])
    return Action(toks[0], tuple(toks[1:]))


def _names(token: str) -> list[str]:
    return [] if token in ("-", "") else token.split(",")


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Reveal the round card and deal the market (I16, I47), then pass the turn to the next
    player who can act (I17, I28). Refused unless the state waits for a deal and the named
    cards are what the decks can give. A draw: see ``apply_draw``."""
    if action.verb == DRAW and at_draw(state):
        return apply_draw(state, action)
    if not at_deal(state) or action.verb != VERB:
        raise IllegalAction("core.not_your_decision")
    dealt, events, outcome = _made(state)
    if outcome == action:
        d = Draft(dealt)
        d.events = list(events)
    else:
        d = _forced(state, action)
    # The round that ended took the ships the highlight pointed at: only a site stays marked.
    last = dict(d.last)
    last.pop("ship", None)
    last.pop("positions", None)
    d.last = last
    turn.pass_turn(d)
    return d.freeze(), d.events


def _forced(state: State, action: Action) -> Draft:
    """The deal ``action`` names: its cards put on top of their decks, then dealt as always."""
    args = action.args
    round_card = args[0]
    face_up = _names(args[1])
    pair = _names(args[2][len("pair=") :]) if len(args) == 3 else []
    by_name = {c.lower(): c for c in (*state.round_deck, *state.market_deck)}
    rounds = list(state.round_deck)
    deck = list(state.market_deck)
    if round_card not in by_name or by_name[round_card] not in rounds:
        raise IllegalAction("imhotep.chance_not_in_deck", card=round_card)
    rounds.remove(by_name[round_card])
    top: list[str] = []
    for name in (*face_up, *pair):
        card = by_name.get(name)
        if card is None or card not in deck:
            raise IllegalAction("imhotep.chance_not_in_deck", card=name)
        deck.remove(card)
        top.append(card)
    spec = C.sites()["market"][state.side("market")]
    if len(face_up) != spec["face_up"] or len(pair) != spec["face_down_pair"]:
        raise IllegalAction(
            "imhotep.chance_cards", face_up=spec["face_up"], pair=spec["face_down_pair"]
        )
    d = Draft(state)
    d.tasks.pop(0)
    d.round_deck = [by_name[round_card], *rounds]
    d.market_deck = [*top, *deck]
    turn.reveal_round(d)
    return d


def apply_draw(state: State, action: Action) -> tuple[State, list[Event]]:
    """A Pyramid-B or Temple-B ``card`` bonus (I51, I56): the drawn card is kept by the stone's
    owner (a red one used at once, I65), the deck refilled from the discard pile first if it is
    empty (E7); then the turn's remaining steps run and, once none is left, the turn ends, as
    it did inside the move before the draw was a chance step (E11). Refused unless the deck
    (after the reshuffle) holds a card of the named type, or, for ``draw -``, holds nothing."""
    d = Draft(state)
    _, _, arg = d.tasks.pop(0)
    seat = int(arg)
    card = market.draw(d)  # the top card, after the reshuffle an empty deck needs (E7)
    wanted = action.args[0]
    if card is None and wanted != "-":
        raise IllegalAction("imhotep.chance_not_drawable", card=_type_name(wanted))
    if card is not None and wanted == "-":
        raise IllegalAction("imhotep.chance_draw_not_empty")
    if card is not None and C.card_type(card).id != wanted:
        # A chosen card: the first of its type from the deck, the top card put back.
        deck = [card, *d.market_deck]
        chosen = next((c for c in deck if C.card_type(c).id == wanted), None)
        if chosen is None:
            raise IllegalAction("imhotep.chance_not_drawable", card=_type_name(wanted))
        deck.remove(chosen)
        d.market_deck = deck
        card = chosen
    if card is None:
        d.emit("imhotep.deck_empty", seat=seat)
    else:
        d.emit("imhotep.drew_card", reveals=True, seat=seat, card=C.card_type(card).name)
        sites.push_front(d, ("gain", seat, card))
    tasks.run(d)
    if not d.tasks:
        turn.end_turn(d)
    return d.freeze(), d.events


def _type_name(token: str) -> str:
    """A card type token as players read it (``-`` for no card)."""
    types = C.card_types()
    return types[token].name if token in types else token
