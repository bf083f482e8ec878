"""End of game: final scoring, tie-break, Pharaoh's wrath (RULES sections 8 and 9)."""

from __future__ import annotations

from engines.base import Event
from engines.catalog import CATALOG
from engines.imhotep.scoring import final_breakdown

from .helpers import ENGINE, edit, game, keys, play, ships


def last_ship_of_round_six(players: int = 2, **options: str):  # type: ignore[no-untyped-def]
    st = ships(game(players, **options), "", "", "", "0")
    st = edit(st, round=6)
    st = edit(st, round_deck=[])
    st = edit(st, docked=["market", "pyramid", "obelisk", ""])
    return st


def test_I15_I21_I76_game_ends_after_round_six_temple_then_final_scoring() -> None:
    st = last_ship_of_round_six()
    st = edit(st, temple=[1])
    st = edit(st, obelisk=[2, 1])
    end, events = play(st, 0, "sail 4 temple")
    k = keys(events)
    assert k.index("temple_scored") < k.index("game_over")
    assert end.over and ENGINE.to_act(end) == []
    res = ENGINE.result(end)
    assert res is not None
    # temple after round 6: cols 1 and 2 → seat 1, seat 0: 1 point each; obelisk A: 10 / 1
    assert res.breakdown[0]["temple"] == 1 and res.breakdown[1]["temple"] == 1
    assert res.breakdown[0]["obelisk"] == 10 and res.breakdown[1]["obelisk"] == 1
    assert ENGINE.round_info(end) == "Game over"
    assert ENGINE.result(st) is None


def test_I77_tie_broken_by_stones_on_the_sled_then_shared() -> None:
    st = game(3)
    st = edit(st, over=True)
    st = edit(st, points=[{"pyramid": 10}, {"pyramid": 10}, {"pyramid": 10}])
    st = edit(st, sled=[1, 3, 1])
    res = ENGINE.result(st)
    assert res is not None
    assert res.ranking == ((1,), (0, 2))
    assert res.winners == (1,)


def test_I78_I79_wrath_can_make_a_score_negative() -> None:
    st = game(2, wrath="on")
    st = edit(st, over=True)
    st = edit(st, pyramid=[0])
    st = edit(st, temple=[0])
    st = edit(st, burial=[0])
    st = edit(st, obelisk=[1, 0])
    sheets = final_breakdown(st)
    assert sheets[0]["wrath"] == 0
    assert sheets[1]["wrath"] == -5
    res = ENGINE.result(st)
    assert res is not None and res.scores[1] < 0  # shown as it is (I78)


def test_I80_wrath_applies_once_however_many_sites_are_missing() -> None:
    # the seed's example: no stone in the temple nor the burial chamber → -5, not -10
    st = game(2, wrath="on")
    st = edit(st, over=True)
    st = edit(st, pyramid=[0, 1])
    st = edit(st, obelisk=[1, 1])
    st = edit(st, temple=[1])
    st = edit(st, burial=[1])
    assert [s["wrath"] for s in final_breakdown(st)] == [-5, 0]
    st = edit(st, wrath=False)
    assert [s["wrath"] for s in final_breakdown(st)] == [0, 0]


def test_I81_market_does_not_count_but_covered_and_red_card_stones_do() -> None:
    st = game(2, sides="b", wrath="on")
    st = edit(st, over=True)
    st = edit(st, pyramid_overflow=[0])  # beside the pyramids
    st = edit(st, temple=[0, 1, 1, 1, 1])  # covered? col 1 topped by seat 1 later? still counts
    st = edit(st, burial=[0])
    st = edit(st, towers=[0])  # an obelisk-B tower
    assert final_breakdown(st)[0]["wrath"] == 0
    st = edit(st, towers=[])
    st = edit(st, obelisk=[1, 0])  # a waiting stone
    assert final_breakdown(st)[0]["wrath"] == 0
    st = edit(st, obelisk=[0, 0])
    assert final_breakdown(st)[0]["wrath"] == -5


def test_I64_final_score_sheet_says_approximate() -> None:
    st = game(2, sides="b")
    st = edit(st, over=True)
    res = ENGINE.result(st)
    assert res is not None
    said = [CATALOG.text(n.key, n.params) if isinstance(n, Event) else n for n in res.notes]
    assert any("approximate" in n for n in said)
