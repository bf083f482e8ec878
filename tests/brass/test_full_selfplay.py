"""Random complete full games (mode=full) for 2, 3 and 4 players, with invariants after every
action: cards, tiles, links, cubes and money conserved as the rules imply, the era's lines and
levels respected (R3, R4, R8, R15, R17, R22, R32, R41)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.brass import components as C
from engines.brass.scoring import FULL_CATEGORIES
from engines.brass.state import LINK2, OVER, SHORTFALL, State
from engines.rng import Rng
from tests.brass.helpers import E
from tests.brass.test_selfplay import random_text


def check_invariants(s: State, before: State) -> None:
    """What must hold after every action of a full game, given the state before it."""
    n = s.players
    assert all(m >= 0 for m in s.money) and all(v >= 0 for v in s.vp)
    # Cards (B7, R8): in the canal era the setup deck is in the deck, hands, discards and the
    # face-down cards; in the rail era in the rail deck, hands and rail-era discards.
    cards = list(s.deck) + list(s.face_down)
    cards += [c for h in s.hands for c in h if c not in C.WILDS]
    cards += [c for d in s.discards for c in d]
    assert Counter(cards) == Counter(C.deck_cards(n))
    held = Counter(c for h in s.hands for c in h if c in C.WILDS)
    assert s.wild_location + held[C.WILD_LOCATION] == n
    assert s.wild_industry + held[C.WILD_INDUSTRY] == n
    assert all(len(h) <= C.hand_size() for h in s.hands)
    if s.era == C.RAIL:
        assert s.face_down == ()
    # Tiles: on the mat, on the board or gone (B3); link tiles: 14 each (F5).
    for seat in range(n):
        on_board = [t for t in s.tiles if t.owner == seat]
        assert sum(map(sum, s.mats[seat])) + len(on_board) + s.gone[seat] == C.tile_count()
        assert s.links_left[seat] + sum(1 for _, o in s.links if o == seat) == 14
        if s.era == C.CANAL:
            towns = [t.location for t in on_board]
            assert len(towns) == len(set(towns)), "one tile per town in the canal era (B42)"
    assert len({(t.location, t.slot) for t in s.tiles}) == len(s.tiles)
    for t in s.tiles:
        assert t.cubes >= 0
        if t.industry in ("coal_mine", "iron_works", "brewery"):
            assert t.flipped == (t.cubes == 0)
        if s.era == C.RAIL:
            # No level-1 tile survives (R17); Pottery I may be built in the rail era (R23).
            assert t.level >= 2 or (t.industry == "pottery" and not t.survivor)
        else:
            assert not t.survivor
        assert not t.survivor or t.level >= 2  # R41
    # Links on the era's lines (B26, R32).
    assert {line for line, _ in s.links} <= set(C.era_lines(s.era))
    assert len({line for line, _ in s.links}) == len(s.links)
    # Markets and merchant beer: refilled once, at the end of the canal era (R18, R30).
    assert 0 <= s.coal <= 14 and 0 <= s.iron <= 10
    beer, beer_before = sum(m.beer for m in s.merchants), sum(m.beer for m in before.merchants)
    if s.era == before.era:
        assert beer <= beer_before
    else:
        assert (before.era, s.era) == (C.CANAL, C.RAIL)
        assert all(m.beer == bool(C.merchant_accepts()[m.tile]) for m in s.merchants)
    # Rounds (R4, F6) and the pending second link (R33).
    assert 1 <= s.round <= C.rounds_per_era(n)
    assert (s.phase == LINK2) == bool(s.pending)
    # VP fall only through a shortfall at a round's end (B79), never below 0 (F8).
    if any(s.vp[e] < before.vp[e] for e in range(n)):
        ended = (s.era, s.round) != (before.era, before.round)
        assert SHORTFALL in (before.phase, s.phase) or ended


def play_full_game(players: int, seed: int) -> State:
    """One random full game with the invariants checked after every action."""
    s = E.setup(players, E.meta.validate_options({"mode": "full"}), seed)
    rng = Rng(seed * 7919 + players)
    mode = seed % 3
    eras = [s.era]
    for _ in range(4000):
        who = E.to_act(s)
        if not who:
            break
        seat = who[0]
        before = s
        s, _ = E.play(s, seat, random_text(s, seat, rng, mode))
        check_invariants(s, before)
        if s.era != eras[-1]:
            eras.append(s.era)
    assert s.phase == OVER and eras == [C.CANAL, C.RAIL]
    assert s.round == C.rounds_per_era(players)  # R4
    result = E.result(s)
    assert result is not None
    assert sorted(x for g in result.ranking for x in g) == list(range(players))
    for seat in range(players):
        assert tuple(result.breakdown[seat]) == FULL_CATEGORIES
        assert sum(result.breakdown[seat].values()) == result.scores[seat] >= 0
    return s


@pytest.mark.rules("R3", "R4", "R8", "R15", "R17", "R22", "R32", "R41")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_games_keep_invariants(players: int) -> None:
    for seed in range(68):  # 3 player counts x 68 = 204 games
        play_full_game(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_full_games_keep_invariants(players: int) -> None:
    for seed in range(1000, 3000):  # 2,000 games per player count
        play_full_game(players, seed)


@pytest.mark.rules("R33", "R34", "R36", "R37")
@pytest.mark.parametrize("players", [2, 4])
def test_every_listed_action_applies_along_random_full_games(players: int) -> None:
    """Along a whole full game, every action the engine lists (rail links, doubles, builds of
    the rail era included) is accepted as written, and ``complete`` offers the same verbs."""
    s = E.setup(players, E.meta.validate_options({"mode": "full"}), 77)
    rng = Rng(players)
    while E.to_act(s):
        seat = E.to_act(s)[0]
        texts = E.legal_texts(s, seat)
        assert len(set(texts)) == len(texts)
        for text in texts[:: max(1, len(texts) // 60)]:
            assert str(E.parse(s, seat, text)) == text
            E.play(s, seat, text)
        assert set(E.complete(s, seat, "")) == {t.split()[0] for t in texts}
        s, _ = E.play(s, seat, random_text(s, seat, rng, 2))
    assert s.era == C.RAIL and s.phase == OVER


def test_near_miss_actions_never_crash_in_full_games() -> None:
    """Near-miss text in both eras of full games (rail lines, coal=, beer=, tile refs): applied
    only when it is exactly a listed action, else refused with a catalog reason, changing
    nothing (B85, R52)."""
    from tests.brass.test_fuzz import probe_near_misses

    rng = Rng(2026)
    for players in (2, 4):
        s = E.setup(players, E.meta.validate_options({"mode": "full"}), players + 60)
        step = 0
        while E.to_act(s):
            seat = E.to_act(s)[0]
            if step % 5 == 0:
                probe_near_misses(s, seat, rng, 30)
            s, _ = E.play(s, seat, random_text(s, seat, rng, 2))
            step += 1
        assert s.era == C.RAIL
