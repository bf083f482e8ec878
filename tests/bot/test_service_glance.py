"""A table message shows the glance as text beside the board (#10.5, #19): the service hands
out the board picture and the glance's words, and draws no glance picture nobody is shown."""

from __future__ import annotations

from typing import Any

import pytest

import renderers
from bot.service import Service
from tests.bot.conftest import ANA, CHANNEL, started_game


@pytest.fixture
def glances_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every glance picture drawn, by game (the tally renderer's, spied on)."""
    drawn: list[str] = []
    renderer = renderers.get("tally")
    real = renderer.render_glance

    def spy(view: Any, **kw: Any) -> bytes:
        drawn.append("tally")
        return real(view, **kw)

    monkeypatch.setattr(renderer, "render_glance", spy)
    return drawn


async def test_a_rendered_move_carries_the_board_and_the_glance_as_words(
    service: Service, glances_drawn: list[str]
) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "play 8", render=True)
    assert out.board_png is not None and out.board_png.startswith(b"\x89PNG")
    assert out.board is not None and out.board.glance_text()
    board = await service.board(CHANNEL)
    assert board.png.startswith(b"\x89PNG") and board.glance_text
    assert glances_drawn == []


async def test_an_unrendered_move_draws_nothing(service: Service, glances_drawn: list[str]) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "play 8", render=False)
    assert out.board_png is None
    assert glances_drawn == []
