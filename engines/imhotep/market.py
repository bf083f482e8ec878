"""The market deck: dealing the round's offer and drawing cards (I16, I47, E7)."""

from __future__ import annotations

from engines.imhotep import components as C
from engines.imhotep.state import Board, Draft
from engines.rng import Rng


def draw(state: Draft) -> str | None:
    """The top market card, or ``None``. An empty deck is refilled from the shuffled discard pile
    (E7, an engine decision: the rules never need it outside Pyramid-B/Temple-B card bonuses)."""
    if not state.market_deck and state.discard:
        rng = Rng(state.rng)
        deck = list(state.discard)
        rng.shuffle(deck)
        state.rng = rng.state
        state.market_deck = deck
        state.discard = []
        state.discard_face_down = []
        state.emit("imhotep.deck_reshuffled", reveals=True, cards=len(deck))
    if not state.market_deck:
        return None
    return state.market_deck.pop(0)


def deal_offer(state: Draft) -> None:
    """Lay out the round's offer: side A 4 face up; side B 3 face up + a face-down pair (I16, I47).
    Deals what is available if the deck runs dry (E7)."""
    spec = C.sites()["market"][state.side("market")]
    offer: list[str] = []
    for _ in range(spec["face_up"]):
        card = draw(state)
        if card is not None:
            offer.append(card)
    pair: list[str] = []
    for _ in range(spec["face_down_pair"]):
        card = draw(state)
        if card is not None:
            pair.append(card)
    state.offer = offer
    state.pair = pair
    state.pair_hand = []
    state.emit(
        "imhotep.market_dealt",
        reveals=True,
        cards=[C.card_type(c).name for c in offer],
        face_down=len(pair),
    )


def clear_offer(state: Draft) -> None:
    """End of round: every card left on the market, an untaken pair included, is discarded (I19).

    The untaken pair was never seen by anyone, so it goes on the pile face down and stays secret
    (I8): it never becomes the visible top of the discard pile."""
    state.discard.extend(c for c in state.offer if c)
    state.discard.extend(state.pair)
    state.discard_face_down.extend(state.pair)
    state.offer = []
    state.pair = []


def offer_types(state: Board) -> list[str]:
    """Card types a market pick may take now, plus ``pair`` while the face-down pair is there."""
    kinds = sorted({C.card_type(c).id for c in state.offer if c})
    if state.pair:
        kinds.append("pair")
    return kinds
