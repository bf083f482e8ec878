"""Issue 10.4: the board marks every move since the acting player's last turn, not only the last
command: the service keeps each move's public board mark and hands the window to the renderer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import engines
import renderers
from bot import drawing
from bot.recap import turn_window
from bot.service import Service, User
from engines.base import END
from engines.kit import Mark, View, plain, turn_of, with_recent
from engines.marco_polo.view import MarcoPoloView
from renderers import brass as brass_renderer
from renderers import kit
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, GUILD, started_game

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
    real = drawing.draw_public

    def spy(game: str, state: Any, names: Any, recent: Any = (), lang: str = "en") -> bytes:
        seen.append(tuple(recent))
        return real(game, state, names, recent, lang)

    monkeypatch.setattr(drawing, "draw_public", spy)
    await service.board(CHANNEL)
    # Tally's board mark is the last action's text: Ben's and Cal's moves, new to Ana.
    assert seen == [({"text": played[1]}, {"text": played[2]})]


def test_earlier_marks_are_the_window_without_the_last_move() -> None:
    dudley, walsall = Mark(seat=0, text="build dudley"), Mark(seat=1, text="build walsall")
    view = View[Mark, None](players=2, to_act=(0,), last=walsall, recent=(dudley, walsall))
    assert kit.earlier_marks(view) == [dudley]
    assert kit.earlier_marks(replace(view, last=None, recent=())) == []


def test_brass_board_frames_the_earlier_moves_too() -> None:
    engine = engines.get("brass")
    view = engine.view(engine.setup(2, {}, 3), None)
    unmarked = brass_renderer.render(view)
    # As the service hands it over: the log's marks, the last move's last.
    logged = [{"seat": 1, "text": "build", "places": ["dudley"]}, plain(view.last)]
    marked = brass_renderer.render(with_recent(view, logged))
    assert unmarked != marked


def test_last_turn_is_the_run_of_the_last_movers_marks() -> None:
    """#12.3: the "Last:" line says the last player's whole turn, not only its last command."""
    recent = [
        Mark(seat=B, text="place 1 coins3"),
        Mark(seat=A, text="place 2 bazaar"),
        Mark(seat=A, text="travel 2 venezia"),
        Mark(seat=A, text="end"),
    ]
    assert turn_of(recent) == ("place 2 bazaar", "travel 2 venezia", "end")
    assert turn_of(recent[:2]) == ("place 2 bazaar",)
    # Marks that do not say whose move they were give nothing.
    assert turn_of([Mark(text="play 8"), Mark(text="play 3")]) == ()
    assert turn_of([]) == ()


async def test_the_board_is_given_the_last_players_whole_multi_command_turn(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#12.3 through the service: after a Marco Polo turn of several commands has passed to the
    next player, the view handed to the renderer carries every command of it in ``last.turn``."""
    views: list[MarcoPoloView] = []

    class Spy:  # a renderers.Renderer that keeps the views it is given
        @staticmethod
        def render(view: MarcoPoloView, *, names: list[str], lang: str | None) -> bytes:
            views.append(view)
            return b"png"

        @staticmethod
        def render_glance(view: MarcoPoloView, *, names: list[str], lang: str | None) -> bytes:
            return b"glance"

        @staticmethod
        def glance_text(view: MarcoPoloView, *, names: list[str], lang: str | None) -> list[str]:
            return ["glance"]

    monkeypatch.setattr(renderers, "get", lambda game: Spy)
    await service.create_lobby(GUILD, CHANNEL, ANA, "marco_polo", seed=3)
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    users = {ANA.id: ANA, BEN.id: BEN}
    rng = random.Random(5)
    run: list[str] = []
    mover: int | None = None
    for _ in range(300):
        info = await service.game(CHANNEL)
        user = users[info.to_act[0]]
        move = await _random_move(service, user, rng)
        out = await service.act(CHANNEL, user, move, render=False)
        run = [*run, out.action] if run and out.seat == mover else [out.action]
        mover = out.seat
        if len(run) >= 3 and out.mention:
            break  # a turn of three commands or more has just passed to the other player
    else:
        pytest.fail("no turn of three commands in 300 moves")
    await service.board(CHANNEL)
    last = views[-1].last
    assert last is not None and last.turn is not None
    assert len(last.turn) == len(run) and last.turn[-1] == last.text


async def _random_move(service: Service, user: User, rng: random.Random) -> str:
    """A random legal move, token by token from the service's completion."""
    chosen: list[str] = []
    while True:
        options = await service.complete(CHANNEL, user, " ".join(chosen))
        token = rng.choice(sorted(options))
        if token == END:
            return " ".join(chosen)
        chosen.append(token)
