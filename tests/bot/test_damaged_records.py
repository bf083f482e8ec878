"""#11.8: a damaged row in a real SQLite file harms only its own game. A damaged snapshot is
rebuilt from the action log (the log is the truth); a row that cannot be read gives its game a
clear "record damaged" state; verify and undo report instead of raising; the console lives on."""

from __future__ import annotations

import io
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.console import run_console, user_id_for
from bot.outbox import drain
from bot.service import OUTBOX_LEASE, MoveOutcome, Service, ServiceError, User, replay
from tests.bot.conftest import ANA, BEN, CAL
from tests.fakes import FakeClock

DAMAGED, HEALTHY = 1, 2


async def _two_games(path: Path) -> None:
    """Ana and Ben play in channel 1 (three moves) and channel 2 (one move)."""
    svc = await Service.open(path, clock=FakeClock(1_000_000.0))
    try:
        for channel in (DAMAGED, HEALTHY):
            await svc.create_lobby(0, channel, ANA, "tally", seed=7)
            await svc.join(channel, BEN)
            await svc.start(channel, ANA, order=[ANA.id, BEN.id], render=False)
        await svc.act(DAMAGED, ANA, "play 8", render=False)
        await svc.act(DAMAGED, BEN, "play 7", render=False)
        await svc.act(DAMAGED, ANA, "play 2", render=False)
        await svc.act(HEALTHY, ANA, "play 8", render=False)
    finally:
        await svc.close()


def _damage(path: Path, sql: str, *params: Any) -> None:
    """Write straight into the file, as a disk fault or a bad manual edit would."""
    con = sqlite3.connect(path)
    with con:
        con.execute(sql, params)
    con.close()


async def _refused(coro: Any, key: str) -> None:
    with pytest.raises(ServiceError) as err:
        await coro
    assert err.value.key == key, str(err.value)


@pytest.fixture
async def db(tmp_path: Path) -> Path:
    path = tmp_path / "turnpost.db"
    await _two_games(path)
    return path


async def _open(path: Path) -> Service:
    return await Service.open(path, clock=FakeClock(1_000_100.0))


async def _game_id(svc: Service, channel: int) -> int:
    async with svc.db.read():
        row = await svc.db.latest_game(channel)
    assert row is not None
    return row.id


async def _other_game_is_unharmed(svc: Service) -> None:
    assert (await svc.game(HEALTHY)).status == "active"
    await svc.board(HEALTHY)
    await svc.act(HEALTHY, BEN, "play 7", render=False)
    assert await svc.verify(await _game_id(svc, HEALTHY))


@pytest.mark.parametrize("snapshot", ['{"players": 2, "deck": [', "null", None, "[]"])
async def test_a_damaged_snapshot_is_rebuilt_from_the_log(db: Path, snapshot: str | None) -> None:
    _damage(db, "UPDATE games SET snapshot = ? WHERE channel_id = ?", snapshot, DAMAGED)
    svc = await _open(db)
    try:
        game_id = await _game_id(svc, DAMAGED)
        # The log still says what happened: the rebuilt game goes on where it was.
        board = await svc.board(DAMAGED)
        assert board.png
        assert (await svc.game(DAMAGED)).to_act == (BEN.id,)
        assert not await svc.verify(game_id)  # the stored snapshot is not the log's state
        out = await svc.act(DAMAGED, BEN, "draw", render=False)
        assert out.to_act == (ANA.id,)
        assert await svc.verify(game_id)  # the move stored a sound snapshot again
        assert replay(await svc.record(game_id)).actions == 4
        await _other_game_is_unharmed(svc)
    finally:
        await svc.close()


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("to_act", "[1,"),
        ("to_act", '"ana"'),
        ("options", "{scoring: high"),
        ("options", "[1, 2]"),
        ("result", '{"ranking": '),
    ],
)
async def test_an_unreadable_game_row_marks_only_that_game_damaged(
    db: Path, column: str, value: str
) -> None:
    _damage(db, f"UPDATE games SET {column} = ? WHERE channel_id = ?", value, DAMAGED)
    svc = await _open(db)
    try:
        game_id = await _game_id(svc, DAMAGED)
        for call in (
            svc.game(DAMAGED),
            svc.board(DAMAGED),
            svc.act(DAMAGED, BEN, "draw", render=False),
            svc.log(DAMAGED),
            svc.undo(DAMAGED, ANA, render=False),
            svc.export(DAMAGED),
        ):
            await _refused(call, "service.damaged")
        assert not await svc.verify(game_id)
        # "my games" still lists every game of both players, the damaged one said so.
        for user in (ANA, BEN):
            mine = {g.channel_id: g for g in await svc.my_games(user.id)}
            assert set(mine) == {DAMAGED, HEALTHY}
            assert not mine[DAMAGED].my_turn and mine[DAMAGED].round_info == "record damaged"
        await _other_game_is_unharmed(svc)
        # Its players are not reminded of a game they cannot play; the other game's are.
        due = await svc.due_reminders(1_000_000.0 + 400 * 24 * 3600)
        assert {d.channel_id for d in due} == {HEALTHY}
        # The channel is not blocked for good: the creator aborts the damaged game.
        assert (await svc.abort(DAMAGED, ANA)).done
        await svc.create_lobby(0, DAMAGED, CAL, "tally")
    finally:
        await svc.close()


async def test_a_log_row_with_damaged_events_still_shows_its_action(db: Path) -> None:
    _damage(
        db,
        "UPDATE actions SET events = ? WHERE move = 2 AND game_id ="
        " (SELECT id FROM games WHERE channel_id = ?)",
        "[{'key': ",
        DAMAGED,
    )
    svc = await _open(db)
    try:
        page = await svc.log(DAMAGED)
        assert page.lines[1].startswith("2. Ben: play 7")
        await svc.private_view(DAMAGED, ANA)
        assert len((await svc.export(DAMAGED))["actions"]) == 3
        assert await svc.verify(await _game_id(svc, DAMAGED))  # the moves themselves are intact
        await svc.act(DAMAGED, BEN, "draw", render=False)
    finally:
        await svc.close()


async def test_a_log_that_no_longer_replays_is_reported_not_raised(db: Path) -> None:
    _damage(
        db,
        "UPDATE actions SET action = 'play 99' WHERE move = 2 AND game_id ="
        " (SELECT id FROM games WHERE channel_id = ?)",
        DAMAGED,
    )
    svc = await _open(db)
    try:
        game_id = await _game_id(svc, DAMAGED)
        assert not await svc.verify(game_id)
        # Undo replays the log: it reports the damage and changes nothing.
        await _refused(svc.undo(DAMAGED, ANA, render=False), "service.damaged")
        assert len((await svc.record(game_id))["actions"]) == 3
    finally:
        await svc.close()
    # With the snapshot gone too, nothing can rebuild the game: it is damaged, the rest is not.
    _damage(db, "UPDATE games SET snapshot = 'x' WHERE channel_id = ?", DAMAGED)
    svc = await _open(db)
    try:
        await _refused(svc.board(DAMAGED), "service.damaged")
        await _refused(svc.act(DAMAGED, BEN, "draw", render=False), "service.damaged")
        assert not await svc.verify(await _game_id(svc, DAMAGED))
        await _other_game_is_unharmed(svc)
    finally:
        await svc.close()


async def test_the_console_survives_a_damaged_game(tmp_path: Path) -> None:
    path = tmp_path / "turnpost.db"
    svc = await Service.open(path)
    ann, bob = User(user_id_for("ann"), "ann"), User(user_id_for("bob"), "bob")
    try:
        await svc.create_lobby(0, 1, ann, "tally", seed=3)  # the console's own channel
        await svc.join(1, bob)
        await svc.start(1, ann, order=[ann.id, bob.id], render=False)
        await svc.create_lobby(0, 5, ann, "tally", seed=4)  # another channel
    finally:
        await svc.close()
    _damage(path, "UPDATE games SET to_act = '{' WHERE channel_id = 1")
    out = io.StringIO()
    stdin = io.StringIO("as ann\nboard\nlog\nmine\nundo\nhelp\n")
    assert await run_console(path, tmp_path / "boards", stdin, out) == 0
    text = out.getvalue()
    assert text.count("This game's record is damaged") >= 3
    assert "Commands" in text  # it read on to the last line


async def test_a_damaged_outbox_row_is_skipped_once_and_harms_neither_the_drain_nor_other_games(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An outbox row that cannot be read (its head lines not JSON, its version not a number)
    is skipped and logged once; its game is still announced, every other game too, and the
    rows are gone once the announcement is posted."""
    _damage(db, "UPDATE outbox SET head = '{not json' WHERE game_id = 1 AND version = 2")
    _damage(db, "UPDATE outbox SET version = 'x' WHERE game_id = 1 AND version = 3")
    svc = await Service.open(db, clock=FakeClock(1_000_000.0 + OUTBOX_LEASE + 1))
    try:
        rows = await svc.db.outbox()
        assert sum(r.damaged for r in rows) == 2
        failing = True
        posted: list[MoveOutcome] = []

        async def announce(outcome: MoveOutcome) -> None:
            if failing:
                raise OSError("Discord is down")
            posted.append(outcome)

        with caplog.at_level(logging.WARNING, logger="turnpost"):
            assert await drain(svc, announce) == 0  # posting failed: rows handed back
            failing = False
            assert await drain(svc, announce) == 2
        damaged_logs = [
            r for r in caplog.records if r.getMessage() == "outbox row damaged, skipped"
        ]
        assert len(damaged_logs) == 2  # once per row, not once per drain
        assert {o.channel_id for o in posted} == {DAMAGED, HEALTHY}
        late = next(o for o in posted if o.channel_id == DAMAGED)
        assert late.lines and "{not json" not in "\n".join(late.lines)
        assert await svc.db.outbox() == []
        await _other_game_is_unharmed(svc)
    finally:
        await svc.close()
