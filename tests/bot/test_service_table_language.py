"""#28.1: a table's language is stored with its game, on both backends, and every public word
the service makes for that table (the start, move lines, the "Now:" line, the board caption,
votes) is in it, whatever the deployment's language; what one person reads alone may be asked
for in theirs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.service import Service, ServiceError
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD


async def test_a_table_opened_in_japanese_speaks_japanese_on_an_english_deployment(
    open_service: Callable[..., Any],
) -> None:
    svc: Service = await open_service(lang="en")
    try:
        info = await svc.create_lobby(GUILD, CHANNEL, ANA, "imhotep", 2, lang="ja")
        assert info.lang == "ja" and info.title == "イムホテップ"
        await svc.join(CHANNEL, BEN)
        out = await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
        assert out.lang == "ja"
        assert out.lines[0] == "イムホテップ 開始！手番順："
        assert out.lines[-1].startswith("次：")
        moved = await svc.act(CHANNEL, ANA, "load 1 1", render=False)
        assert moved.lang == "ja" and moved.lines[-1].startswith("次：")
        board = await svc.board(CHANNEL)
        assert board.lang == "ja" and not board.lines[0].isascii()
        # One reader's own view may be in their language; by default it is the table's.
        assert (await svc.private_view(CHANNEL, BEN)).lines[0] == "Ben の非公開情報："
        mine = await svc.private_view(CHANNEL, BEN, lang="en")
        assert mine.lines[0] == "Ben's hidden information:"
        vote = await svc.abort(CHANNEL, BEN)
        assert vote.lang == "ja" and not vote.lines[0].isascii()
    finally:
        await svc.close()
    # Stored with the game: another process (another deployment language) reads it back.
    again: Service = await open_service(lang="es")
    try:
        assert (await again.game(CHANNEL)).lang == "ja"
        assert (await again.board(CHANNEL)).lines[-1].startswith("次：")
    finally:
        await again.close()


async def test_a_table_without_a_language_speaks_the_deployments(service: Service) -> None:
    info = await service.create_lobby(GUILD, CHANNEL, ANA, "tally", 2)
    assert info.lang == "en"


async def test_a_language_the_catalog_lacks_is_refused_naming_those_it_has(
    service: Service,
) -> None:
    with pytest.raises(ServiceError) as err:
        await service.create_lobby(GUILD, CHANNEL, ANA, "tally", 2, lang="fr")
    assert err.value.key == "service.bad_language"
    assert "en, es, ja" in str(err.value)
    with pytest.raises(ServiceError):
        await service.game(CHANNEL)  # nothing was opened
