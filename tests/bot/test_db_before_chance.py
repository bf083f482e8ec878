"""A database written before chance became an explicit step still loads, verifies and plays on.

``tests/fixtures/db_before_chance.sqlite`` was written by the service at main 0187d55
(``tests/fixtures/write_db_before_chance.py``): one game of each kind, part-played with random
legal moves, so its logs hold draws made inside players' moves (Bombay's second restock, Marco
Polo's dice, Imhotep's round cards, Brass's card draws) and no chance rows. The compatibility
rule (docs/architecture.md, "Chance as an explicit step"): a replay that meets a chance node with
no logged chance row draws it with the state's own generator, exactly as the old ``apply`` did.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.service import Service, User
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from tests.fakes import FakeClock

STORED = Path(__file__).parent.parent / "fixtures" / "db_before_chance.sqlite"
USERS = {u.id: u for u in (User(1, "Ana"), User(2, "Ben"), User(3, "Cal"), User(4, "Dee"))}
#: channel -> game, as the fixture's writer made them
CHANNELS = {101: "bombay", 102: "marco_polo", 103: "imhotep", 104: "brass"}


@pytest.fixture
async def old_db(tmp_path: Path) -> Service:
    copy = tmp_path / "old.sqlite"
    shutil.copy(STORED, copy)
    return await Service.open(copy, clock=FakeClock(1_800_000_000.0))


@pytest.mark.parametrize("channel", sorted(CHANNELS))
async def test_a_game_stored_before_chance_rows_verifies_and_plays_on(
    old_db: Service, channel: int
) -> None:
    svc = old_db
    try:
        info = await svc.game(channel)
        assert info.game == CHANNELS[channel] and info.status == "active"
        # The stored snapshot equals a replay of the old log (draws made inside moves).
        assert await svc.verify(info.game_id)
        rng = Rng(seed_state(channel * 7))
        for _ in range(40):
            g = await svc.game(channel)
            if not g.to_act:
                break
            user = USERS[g.to_act[0]]
            async with svc.db.read():
                loaded = await svc.load(channel, live=True)
            seat = loaded.seat_of(user.id)
            assert seat is not None
            text = random_action(loaded.engine, loaded.state, seat, rng)
            assert text is not None
            await svc.act(channel, user, text, render=False)
        # Old rows and new rows together still replay to the stored snapshot.
        assert await svc.verify(info.game_id)
    finally:
        await svc.close()
