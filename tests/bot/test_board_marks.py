"""Issue 10.4: the board marks every move since the acting player's last turn, not only the last
command: the service keeps each move's public board mark and hands the window to the renderer."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.recap import turn_window
from bot.service import Service
from renderers import brass as brass_renderer
from renderers import kit
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, started_game

A, B, C = 0, 1, 2


def test_window_starts_after_the_acting_players_previous_turn() -> None:
    # A, B, C moved in turn; A acts now: B's and C's moves are new to A.
    assert turn_window([(A, False), (B, False), (C, False)], [A]) == 1


def test_window_spans_the_acting_players_own_turn_so_far() -> None:
    # A is in the middle of a turn of several commands: the others' turns and A's own commands.
    moves = [(A, False), (B, False), (B, False), (A, False), (A, False)]
    assert turn_window(moves, [A]) == 1


def test_window_moves_played_for_a_seat_voted_out_are_not_its_turns() -> None:
    moves = [(A, False), (B, False), (A, True), (C, False)]
    assert turn_window(moves, [A]) == 1


def test_window_a_player_who_never_moved_sees_everything() -> None:
    assert turn_window([(A, False), (B, False)], [C]) == 0


def test_window_of_a_finished_game_is_the_last_move() -> None:
    assert turn_window([(A, False), (B, False)], []) == 1
    assert turn_window([], []) == 0


async def test_the_board_is_drawn_with_every_mark_since_the_acting_players_turn(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started_game(service, (ANA, BEN, CAL))
    played = []
    for user in (ANA, BEN, CAL):
        legal = await service.legal(CHANNEL, user) or []
        played.append((await service.act(CHANNEL, user, legal[0], render=False)).action)
    seen: list[tuple[Any, ...]] = []
    real = Service._render_public

    def spy(game: str, state: Any, names: Any, recent: Any = ()) -> tuple[bytes, bytes | None]:
        seen.append(tuple(recent))
        return real(game, state, names, recent)

    monkeypatch.setattr(Service, "_render_public", staticmethod(spy))
    await service.board(CHANNEL)
    # Tally's board mark is the last action's text: Ben's and Cal's moves, new to Ana.
    assert seen == [(played[1], played[2])]


def test_earlier_marks_are_the_window_without_the_last_move() -> None:
    view = {
        "last": {"places": ["walsall"]},
        "recent": [{"places": ["dudley"]}, {"places": ["walsall"]}],
    }
    assert kit.earlier_marks(view) == [{"places": ["dudley"]}]
    assert kit.earlier_marks({"last": None}) == []


def test_brass_board_frames_the_earlier_moves_too() -> None:
    engine = engines.get("brass")
    view = engine.view(engine.setup(2, {}, 3), None)
    plain = brass_renderer.render(view)
    view["recent"] = [{"seat": 1, "text": "build", "places": ["dudley"]}, view["last"]]
    marked = brass_renderer.render(view)
    assert plain != marked
