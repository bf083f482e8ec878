"""Views are typed dataclasses (#14); their JSON (``kit.plain``) is the shape the views had as
dicts, which the log's marks, the export of finished games and the replay tests keep.

The fixtures (``tests/<game>/views.json``, written by ``tests/views.py``
from the dict views before the change) hold seeded positions: the state's dump and the JSON of the
public view and of every seat's view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.kit import Mark, View, from_plain, plain, with_recent
from tests import games

#: A game's fixture is ``tests/<game>/views.json``.
FIXTURES = Path(__file__).parent
GAMES = games.shipped()


def _positions(game: str) -> list[dict[str, Any]]:
    path = FIXTURES / game / "views.json"
    if not path.is_file():
        pytest.fail(
            f"no view fixtures for {game}: run python -m tests.views {game}",
            pytrace=False,
        )
    data: list[dict[str, Any]] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize("game", GAMES)
def test_plain_view_is_the_stored_json_shape(game: str) -> None:
    """Given seeded positions, the view's JSON for the public and for each seat is exactly
    the one written before views were typed (key for key, value for value)."""
    engine = engines.get(game)
    for pos in _positions(game):
        state = engine.load(pos["state"])
        for who, expected in pos["views"].items():
            seat = None if who == "None" else int(who)
            got = json.loads(json.dumps(plain(engine.view(state, seat))))
            assert got == expected, f"{game} seed {pos['seed']} seat {who}"


@pytest.mark.parametrize("game", GAMES)
def test_typed_view_is_frozen_and_built_of_tuples(game: str) -> None:
    """A typed view cannot be changed by whoever draws it, and holds no lists (in any of the
    fixtures' positions, for every seat)."""
    engine = engines.get(game)

    def lists(value: Any) -> int:
        if isinstance(value, list):
            return 1
        if isinstance(value, tuple):
            return sum(lists(v) for v in value)
        if isinstance(value, Mapping):
            return sum(lists(v) for v in value.values())
        if hasattr(value, "__dataclass_fields__"):
            return sum(lists(getattr(value, f)) for f in value.__dataclass_fields__)
        return 0

    for pos in _positions(game):
        state = engine.load(pos["state"])
        for seat in (None, *range(len(pos["views"]) - 1)):
            view = engine.view(state, seat)
            assert isinstance(view, View)
            with pytest.raises(AttributeError):
                view.seat = 1  # type: ignore[misc]
            assert lists(view) == 0, (pos["seed"], pos["steps"], seat)


def test_a_mark_reads_back_from_its_json() -> None:
    """A mark logged as JSON (``plain``) reads back as the same mark; keys a mark no longer has
    (an older log) are passed over."""
    mark = Mark(seat=1, text="move e3", turn=("move e3", "buy blue"))
    assert from_plain(Mark, plain(mark)) == mark
    assert from_plain(Mark, {"seat": 0, "text": "sail 1 market", "gone": 3}) == Mark(
        seat=0, text="sail 1 market"
    )


def test_the_view_drawn_carries_the_marks_since_the_last_turn_and_the_whole_last_turn() -> None:
    """#10.4, #12.3: the service hands the renderer the marks of the moves since the acting
    player's last turn, and the "Last:" line every command of the last player's turn; the
    view's JSON is unchanged but for the turn its ``last`` now says."""
    marks = [Mark(seat=0, text="a"), Mark(seat=1, text="b"), Mark(seat=1, text="c")]
    view = View[Mark, None](players=2, to_act=(0,), last=Mark(seat=1, text="c"))
    drawn = with_recent(view, [plain(m) for m in marks])
    assert drawn.recent == tuple(marks)
    assert drawn.last == Mark(seat=1, text="c", turn=("b", "c"))
    assert plain(drawn) == plain(view) | {"last": {"seat": 1, "text": "c", "turn": ["b", "c"]}}
