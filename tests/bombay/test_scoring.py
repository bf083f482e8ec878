"""End of the game and scoring (Y85–Y91)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engines.base import Event
from engines.bombay import ENGINE
from engines.bombay.scoring import city_bonus, empire_prizes
from engines.bombay.state import State
from engines.catalog import CATALOG
from tests.bombay.helpers import new, play, sites_of

G = sites_of("palace_token_site")
SPOTS = G + sites_of("empty_site") + sites_of("hill")


def _final(
    players: int,
    *,
    money: tuple[int, ...],
    palaces: tuple[int, ...] = (),
    clients: tuple[int, ...] = (),
    cities: tuple[tuple[str, ...], ...] = (),
    kept: tuple[tuple[str, ...], ...] = (),
    **options: str,
) -> State:
    s = new(players, **options)
    spots = iter(SPOTS)
    built = tuple(sorted((next(spots), seat) for seat, n in enumerate(palaces) for _ in range(n)))
    return replace(
        s,
        set_no=s.sets,
        money=money,
        palaces=built,
        clients=clients or (0,) * players,
        cities=cities or ((),) * players,
        kept=kept or ((),) * players,
    )


def test_Y85_screens_open_at_the_end() -> None:
    s = _final(2, money=(7, 9))
    v = ENGINE.view(s, None)
    assert v.over and v.screens and [x.money for x in v.screens] == [7, 9]
    assert ENGINE.to_act(s) == []


def test_Y85_last_end_of_the_game_comes_after_the_last_set() -> None:
    s = new(2)
    s = replace(s, set_no=s.sets - 1, game_turn=s.turns_per_set - 1, current=1)
    s2, events = play(s, 1, "end")
    assert s2.over and events[-1].key == "bombay.game_over"
    assert ENGINE.result(s) is None and ENGINE.result(s2) is not None
    # no "Set N is over; X is the first player now" for a set that never comes (issue 12.7)
    assert "bombay.set_ended" not in [e.key for e in events]
    assert s2.first == s.first


def test_Y86_bonuses_add_to_rupees_unsold_bales_worth_nothing() -> None:
    s = _final(2, money=(10, 3), palaces=(2, 0), cities=(("bombay", "nagpur", "indora"), ()))
    s = replace(s, loads=(("blue", "blue"), ()))
    r = ENGINE.result(s)
    assert r is not None
    assert r.breakdown[0] == {"rupees": 10, "empire": 4, "city": 4}
    assert r.scores == (18, 3)


def test_Y87_empire_score_is_palaces_plus_clients_plus_client_tokens() -> None:
    s = _final(3, money=(0, 0, 0), palaces=(1, 2, 0), clients=(2, 0, 1), kept=(("client",), (), ()))
    r = ENGINE.result(s)
    assert r is not None
    # empire 4, 2, 1 → 6, 2, 0
    assert [b["empire"] for b in r.breakdown] == [6, 2, 0]

    # the sheet carries every number the prizes and the tie-break are paid on (Y87, Y90, Y91)
    assert r.details[0] == {
        "empire_score": 4,
        "palaces": 1,
        "clients": 2,
        "client_palace_tokens": 1,
        "city_count": 0,
        "city_tokens": 0,
        "city_palace_tokens": 0,
        "tie_clients": 3,
    }
    assert [d["empire_score"] for d in r.details] == [4, 2, 1]
    view = ENGINE.view(s, None)  # the board draws the same numbers, ranked as the text
    assert view.score_details == tuple(dict(d) for d in r.details)
    assert view.ranking == r.ranking


def test_Y88_seed_example_tied_sixes_share_first_and_second() -> None:
    # Grey 3 palaces + 3 clients, Black 4 + 2, Brown 2 + 2, Pink 0 + 2
    s = _final(4, money=(0, 0, 0, 0), palaces=(3, 4, 2, 0), clients=(3, 2, 2, 2))
    r = ENGINE.result(s)
    assert r is not None
    assert [b["empire"] for b in r.breakdown] == [6, 6, 2, 0]


def test_Y88_uneven_split_rounds_down_or_exact() -> None:
    # three tied for first with 3 players: 6 + 2 + 0 = 8, 8/3
    assert empire_prizes([1, 1, 1], [6, 2, 0], exact=False) == [2, 2, 2]
    assert empire_prizes([1, 1, 1], [6, 2, 0], exact=True) == [Fraction(8, 3)] * 3
    s = _final(3, money=(1, 1, 0), palaces=(1, 1, 1), empire_split_rounding="exact")
    r = ENGINE.result(s)
    assert r is not None and r.scores == (3, 3, 2)
    note = r.notes[0]
    assert isinstance(note, Event) and "exactly 2 2/3" in CATALOG.text(note.key, note.params)
    assert r.ranking == ((0, 1), (2,))


def test_Y89_everyone_is_ranked_a_zero_included() -> None:
    assert empire_prizes([0, 0, 3, 0, 0], [8, 6, 4, 2, 0], exact=False) == [3, 3, 8, 3, 3]
    assert empire_prizes([0, 2], [4, 0], exact=False) == [0, 4]


@pytest.mark.parametrize(("count", "rupees"), [(0, 0), (2, 0), (3, 4), (4, 8), (5, 8), (6, 8)])
def test_Y90_city_bonus(count: int, rupees: int) -> None:
    assert city_bonus(count) == rupees


def test_Y90_city_palace_tokens_count_as_city_tokens() -> None:
    s = _final(2, money=(0, 0), cities=(("bombay", "nagpur"), ()), kept=(("city",), ()))
    r = ENGINE.result(s)
    assert r is not None and r.breakdown[0]["city"] == 4


def test_Y91_most_rupees_wins_ties_broken_by_clients_then_shared() -> None:
    s = _final(3, money=(10, 10, 10), clients=(1, 0, 0), kept=((), ("client",), ()))
    r = ENGINE.result(s)
    assert r is not None
    # empire: seat0 1, seat1 1, seat2 0 → 6+2 shared = 4 each; seat 2 gets 0
    assert r.scores == (14, 14, 10)
    assert r.ranking == ((0, 1), (2,))  # same clients (1 each, token included): shared win
    s2 = replace(s, clients=(2, 0, 0))
    r2 = ENGINE.result(s2)
    assert r2 is not None and r2.scores[0] == 16 and r2.winners == (0,)
