"""The service hands the adapter a glance image beside every board it renders (#10.5)."""

from __future__ import annotations

from bot.service import Service
from tests.bot.conftest import ANA, CHANNEL, started_game


async def test_a_rendered_move_and_the_board_carry_a_glance(service: Service) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "play 8", render=True)
    assert out.board_png is not None and out.glance_png is not None
    assert out.glance_png.startswith(b"\x89PNG") and out.glance_png != out.board_png
    board = await service.board(CHANNEL)
    assert board.glance_png is not None and board.glance_png.startswith(b"\x89PNG")


async def test_an_unrendered_move_has_no_glance(service: Service) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "play 8", render=False)
    assert out.glance_png is None
