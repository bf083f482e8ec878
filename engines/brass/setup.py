"""Setting up a new game (B7–B13)."""

from __future__ import annotations

from engines.brass import components as C
from engines.brass.state import ACT, Merchant, State
from engines.rng import Rng, seed_state


def new_game(players: int, iron_empty_price: int, seed: int, mode: str = C.INTRO) -> State:
    """Shuffled deck, merchants, markets, hands of 8 and a face-down card each, random order
    (B7–B13; the same for both modes, R6)."""
    rng = Rng(seed_state(seed))
    deck = list(C.deck_cards(players))
    rng.shuffle(deck)  # B7
    pool = list(C.merchant_tile_pool(players))
    rng.shuffle(pool)  # B9
    merchants = tuple(
        Merchant(s.location, s.index, tile, bool(C.merchant_accepts()[tile]))
        for s, tile in zip(C.merchant_slots(players), pool, strict=True)
    )
    size = C.hand_size()
    hands = []
    face_down = []
    for _ in range(players):  # B12
        hands.append(tuple(sorted(deck[:size])))
        face_down.append(deck[size])
        del deck[: size + 1]
    order = list(range(players))
    rng.shuffle(order)  # B13
    mat = tuple(tuple(lv.count for lv in C.levels()[ind]) for ind in C.INDUSTRIES)
    return State(
        players=players,
        era="canal",
        iron_empty_price=iron_empty_price,
        rng=rng.state,
        deck=tuple(deck),
        hands=tuple(hands),
        discards=((),) * players,
        face_down=tuple(face_down),
        wild_location=players,  # B8, D8
        wild_industry=players,
        money=(17,) * players,  # B11
        spent=(0,) * players,
        income=(C.start_space(),) * players,
        vp=(0,) * players,
        links_left=(C.link_tiles_per_player(),) * players,
        gone=(0,) * players,
        mats=(mat,) * players,
        tiles=(),
        links=(),
        coal=C.market("coal").start,  # B10
        iron=C.market("iron").start,
        merchants=merchants,
        round=1,
        order=tuple(order),
        pos=0,
        actions_left=1,
        phase=ACT,
        shortfall=(),
        last_seat=-1,
        last_text="",
        last_places=(),
        moves=0,
        mode=mode,
        canal_scores=((0, 0),) * players,
    )
