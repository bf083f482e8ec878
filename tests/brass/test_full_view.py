"""The view fields of the full game (issue 16.3): era and round, link kinds, each era's lines,
survivors, the pending second link and the two-era score sheet."""

from __future__ import annotations

from engines.brass import ENGINE as E
from engines.brass import components as C
from engines.brass.view import SheetRow
from engines.kit import plain
from engines.randomplay import random_game


def _full(players: int = 2, seed: int = 4):
    return E.setup(players, E.meta.validate_options({"mode": "full"}), seed)


def test_view_names_the_era_and_the_round_within_it() -> None:
    """Given a new full game, then the view says canal era, round 1 of 10, one action (R4, R5)."""
    v = E.view(_full(2), None)
    assert (v.mode, v.eras, v.era, v.round) == ("full", ("canal", "rail"), "canal", 1)
    assert v.rounds == v.rounds_in_era == 10
    assert v.actions_per_turn == 1
    assert v.pending_link is None
    zero = SheetRow(
        in_play=0, canal_links=0, canal_industries=0, rail_links=0, rail_industries=0, total=0
    )
    assert v.sheet == (zero, zero)


def test_view_lists_the_lines_each_era_may_use() -> None:
    """The board's 31 canal lines and 38 rail lines (board.json line_counts)."""
    lines = E.view(_full(), None).era_lines
    counts = C._raw("board.json")["line_counts"]
    assert (len(lines.canal), len(lines.rail)) == (counts["canal"], counts["rail"])
    assert "burton_on_trent-walsall" in lines.canal
    assert "burton_on_trent-walsall" not in lines.rail
    assert set(counts["rail_only"]) == set(lines.rail) - set(lines.canal)


def test_intro_view_keeps_its_shape_with_mode_intro_and_no_sheet() -> None:
    """An intro game's view: mode intro, one era, no full-game score sheet."""
    v = E.view(E.setup(3, {}, 1), None)
    assert (v.mode, v.eras, v.sheet, v.rounds) == ("intro", ("canal",), None, 9)
    assert plain(v)["sheet"] is None  # the key is there, empty


def test_view_marks_survivors_and_rail_links_in_the_rail_era() -> None:
    """Played to the end: every tile on the board in the rail era built in the canal era is a
    survivor of level 2 or more; every link is a rail link; the sheet adds up to the score."""
    end, log = random_game(E, 3, {"mode": "full"}, seed=8)
    v = E.view(end, None)
    assert v.era == "rail" and v.over
    assert all(link.kind == "rail" for link in v.links)
    assert all(t.level >= 2 for t in v.tiles if t.survivor)
    result = E.result(end)
    assert result is not None and v.sheet is not None
    assert tuple(row.total for row in v.sheet) == result.scores
    assert log
