"""The engine and renderer depend on board.json only: a differently wired board plays and draws
with no code change (Y15: the stand-in is to be replaced by the printed board one day)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

import engines.bombay.components as components
from engines.base import IllegalAction
from engines.bombay import ENGINE, rules
from engines.data import load_json
from renderers import bombay as renderer
from renderers.bombay import layout, static
from tests.bombay.test_selfplay import play_game


def _rewired() -> dict[str, Any]:
    """Same sites, other trails: a ring in reverse number order plus a few chords."""
    raw = copy.deepcopy(load_json("bombay", "board.json"))
    ids = [s["id"] for s in sorted(raw["sites"], key=lambda s: -s["num"])]
    pairs = [(ids[i], ids[(i + 1) % len(ids)]) for i in range(len(ids))]
    pairs += [(ids[i], ids[(i + 7) % len(ids)]) for i in range(0, len(ids), 3)]
    raw["trails"] = [{"id": f"t{k}", "a": a, "b": b} for k, (a, b) in enumerate(pairs)]
    for s in raw["sites"]:
        s["x"], s["y"] = 1000 - s["x"], s["y"]  # mirrored drawing too
        s.pop("neighbours", None)  # derived data may be absent: trails are the truth
    return raw


def _clear() -> None:
    components.board.cache_clear()
    # the rules remember each site's walks once per process: read from the board in use
    rules._walks.cache_clear()
    rules._entry_costs.cache_clear()
    for f in (layout.board, layout.sites, static.static_layer, static.palette):
        f.cache_clear()


@pytest.fixture
def rewired(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    raw = _rewired()

    def fake(game: str, name: str) -> Any:
        return raw if name == "board.json" else load_json(game, name)

    monkeypatch.setattr(components, "load_json", fake)
    monkeypatch.setattr(layout, "load_json", fake)
    _clear()
    yield
    _clear()


@pytest.mark.rules("Y10", "Y15")
def test_games_play_and_draw_on_a_rewired_board(rewired: None) -> None:
    hill = components.board().sites[components.board().start]
    assert set(hill.neighbours) != {"e3", "f4", "g5", "h3"}  # really another graph
    # the walks offered and allowed are the new trails' (nothing remembered from the old board)
    state = ENGINE.setup(3, ENGINE.meta.validate_options({}), 1)
    walks = {a.arg for a in ENGINE.legal_actions(state, state.current) if a.verb == "move"}
    assert walks == set(hill.neighbours)
    stale = next(n for n in ("e3", "f4", "g5", "h3") if n not in hill.neighbours)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.play(state, state.current, f"move {stale}")
    assert refused.value.key == "bombay.not_adjacent"
    for players in (2, 3, 4, 5):
        state = play_game(players, {"setup": "random"}, seed=players)
        assert ENGINE.result(state) is not None
        view = ENGINE.view(state, None)
        assert renderer.render(view)[:8] == b"\x89PNG\r\n\x1a\n"
