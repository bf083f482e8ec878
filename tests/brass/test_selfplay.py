"""Random complete games over every player count and option, with invariants after every action."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import END
from engines.brass import components as C
from engines.brass.state import OVER, State
from engines.rng import Rng
from tests.brass.helpers import E

OPTIONS = [{"iron_price_when_empty": p} for p in ("6", "8")]
COMBOS = [(n, o) for n in (2, 3, 4) for o in OPTIONS]


def check_invariants(s: State, beer_before: int) -> int:
    """Conservation and bounds; returns the merchant barrels left."""
    n = s.players
    assert all(m >= 0 for m in s.money), s.money
    assert all(v >= 0 for v in s.vp) and all(x >= 0 for x in s.spent)
    assert all(0 <= i <= 99 for i in s.income)
    # Cards: every deck card is in the deck, a hand, a discard pile or face down.
    cards = list(s.deck) + list(s.face_down)
    cards += [c for h in s.hands for c in h if c not in C.WILDS] + [
        c for d in s.discards for c in d
    ]
    assert Counter(cards) == Counter(C.deck_cards(n))
    held = Counter(c for h in s.hands for c in h if c in C.WILDS)
    assert s.wild_location + held[C.WILD_LOCATION] == n
    assert s.wild_industry + held[C.WILD_INDUSTRY] == n
    assert all(len(h) <= C.hand_size() for h in s.hands)
    # Tiles and links.
    for seat in range(n):
        on_board = sum(1 for t in s.tiles if t.owner == seat)
        assert sum(map(sum, s.mats[seat])) + on_board + s.gone[seat] == C.tile_count()
        assert s.links_left[seat] + sum(1 for _, o in s.links if o == seat) == 14
        towns = [t.location for t in s.tiles if t.owner == seat]
        assert len(towns) == len(set(towns)), "one tile per town (B42)"
    slots = [(t.location, t.slot) for t in s.tiles]
    assert len(slots) == len(set(slots))
    for t in s.tiles:
        assert t.cubes >= 0
        if t.industry in ("coal_mine", "iron_works", "brewery"):
            assert t.flipped == (t.cubes == 0)
    assert 0 <= s.coal <= 14 and 0 <= s.iron <= 10
    assert len({line for line, _ in s.links}) == len(s.links)
    view = E.view(s, None)
    assert list(view.to_act) == E.to_act(s) and view.money == s.money
    beer = sum(m.beer for m in s.merchants)
    assert beer <= beer_before, "merchant beer is never refilled (B65)"
    return beer


def random_text(s: State, seat: int, rng: Rng, mode: int) -> str:
    """A random legal action: uniform over the list (mode 0), token by token so uniform over
    verbs (mode 1), or an eager trader that sells and builds whenever it can (mode 2)."""
    texts = E.legal_texts(s, seat)
    if mode == 2:
        for verb in ("sell", "build", "network"):
            some = [t for t in texts if t.startswith(verb)]
            if some and rng.below(4):
                return rng.choice(some)
    if mode != 1:
        return rng.choice(texts)
    chosen: list[str] = []
    while True:
        options = E.complete(s, seat, " ".join(chosen))
        tok = rng.choice(options)
        if tok == END:
            return " ".join(chosen)
        chosen.append(tok)


def play_game(players: int, options: dict[str, str], seed: int) -> State:
    s = E.setup(players, options, seed)
    rng = Rng(seed * 7919 + players)
    beer = check_invariants(s, 99)
    mode = seed % 3
    for _ in range(2000):
        who = E.to_act(s)
        if not who:
            break
        seat = who[0]
        s, _ = E.play(s, seat, random_text(s, seat, rng, mode))
        beer = check_invariants(s, beer)
    assert s.phase == OVER
    assert s.round == C.rounds_in_game(players)  # B14
    res = E.result(s)
    assert res is not None and sorted(x for g in res.ranking for x in g) == list(range(players))
    assert all(v >= 0 for v in res.scores)
    return s


@pytest.mark.rules("B14", "B24")
@pytest.mark.parametrize(("players", "options"), COMBOS)
def test_random_games_keep_invariants(players: int, options: dict[str, str]) -> None:
    for seed in range(36):  # 6 combos x 36 = 216 games
        play_game(players, options, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), COMBOS)
def test_many_random_games_keep_invariants(players: int, options: dict[str, str]) -> None:
    for seed in range(1000, 1334):  # 6 combos x 334 = 2004 games
        play_game(players, options, seed)


@pytest.mark.parametrize(("players", "options"), COMBOS)
def test_every_listed_action_applies_along_random_games(
    players: int, options: dict[str, str]
) -> None:
    """Along a whole game, every action the engine lists is accepted, and nothing else is
    offered by ``complete`` (the list and the token walk agree)."""
    s = E.setup(players, options, 99)
    rng = Rng(players)
    while E.to_act(s):
        seat = E.to_act(s)[0]
        texts = E.legal_texts(s, seat)
        assert len(set(texts)) == len(texts)
        for text in texts:
            assert str(E.parse(s, seat, text)) == text
            E.play(s, seat, text)
        first = {t.split()[0] for t in texts}
        assert set(E.complete(s, seat, "")) == first
        s, _ = E.play(s, seat, random_text(s, seat, rng, 2))
