"""The service's parts, each built alone with only what it needs (issue #23.2): the narrator needs
a language, the scheduler and the archive a session, the play part a scheduler, the lobby the
play part. The façade (``Service``) offers every part's public methods under their usual names."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.reminders import HOUR
from bot.service import Service, ServiceError
from bot.service.archive import Archive
from bot.service.lobby import Lobbies
from bot.service.narrate import Narrator
from bot.service.play import Playing
from bot.service.schedule import Scheduler
from bot.service.session import Session
from bot.storage import SettingsRow, Storage
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD, T0, started_game
from tests.fakes import FakeClock

DEFAULTS = SettingsRow(24 * HOUR, 24 * HOUR, 3, 0.0)


@pytest.fixture
async def session(db_path: Path) -> AsyncIterator[Session]:
    """One session over a fresh database: the only thing the parts share."""
    s = Session(await Storage.open(db_path), clock=FakeClock(T0), lang="en", defaults=DEFAULTS)
    yield s
    await s.close()


def test_the_narrator_needs_only_a_language() -> None:
    assert Narrator("en").t("service.now", {"names": ["Ana"]}) == "Now: Ana."
    assert Narrator("ja").t("service.now", {"names": ["Ana"]}) != "Now: Ana."


async def test_the_scheduler_alone_keeps_a_players_quiet_hours(session: Session) -> None:
    schedule = Scheduler(session, Narrator("en"))
    await schedule.update_user_settings(ANA.id, quiet_start=22, quiet_end=7)
    mine = await schedule.user_settings(ANA.id)
    assert (mine.quiet_start, mine.quiet_end) == (22, 7)
    with pytest.raises(ServiceError) as refused:
        await schedule.update_user_settings(ANA.id, quiet_start=24)
    assert refused.value.key == "service.bad_hour"
    assert (await schedule.user_settings(ANA.id)).quiet_start == 22


async def test_the_lobby_and_play_parts_alone_open_start_and_play_a_table(
    session: Session,
) -> None:
    words = Narrator("en")
    play = Playing(session, words, Scheduler(session, words))
    lobby = Lobbies(session, words, play)
    await lobby.create_lobby(GUILD, CHANNEL, ANA, "tally", seed=7)
    info = await lobby.join(CHANNEL, BEN)
    assert [s.name for s in info.seats] == ["Ana", "Ben"]
    started = await lobby.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    assert started.to_act == (ANA.id,)
    legal = await play.legal(CHANNEL, ANA) or []
    moved = await play.act(CHANNEL, ANA, legal[0], render=False)
    assert moved.action == legal[0]
    assert (await play.game(CHANNEL)).to_act == (BEN.id,)


async def test_the_archive_alone_reads_a_game_another_service_wrote(
    database: str, service: Service
) -> None:
    info = await started_game(service, (ANA, BEN))
    legal = await service.legal(CHANNEL, ANA) or []
    await service.act(CHANNEL, ANA, legal[0], render=False)
    reader = Session(
        await Storage.open(database), clock=FakeClock(T0), lang="en", defaults=DEFAULTS
    )
    try:
        archive = Archive(reader, Narrator("en"))
        page = await archive.log(CHANNEL)
        assert any(legal[0] in line for line in page.lines)
        assert await archive.verify(info.game_id)
        assert (await archive.record(info.game_id))["seed"] == 7
    finally:
        await reader.close()


#: Methods one part offers the others (inside their transactions), not the adapters.
BETWEEN_PARTS = {
    "reschedule",
    "commit",
    "outcome",
    "deciding_seat",
    "since_turn",
    "recent_marks",
    "autoplay",
    "lobby_of",
    "seat",
    "unseat",
    "close",
    "hint_inline",
    "hint_position",
    "hint_lines",
    "standins",
}


async def test_the_facade_offers_every_public_method_of_its_parts(service: Service) -> None:
    parts = (
        service.schedule,
        service.play,
        service.announcements,
        service.lobby,
        service.governance,
        service.archive,
        service.community,
        service.computers,
        service.jobs,
        service.takeover,
    )
    for part in parts:
        for name, method in inspect.getmembers(part, inspect.ismethod):
            if name.startswith("_") or name in BETWEEN_PARTS:
                continue
            assert getattr(service, name) == method, f"Service.{name} is not {part}.{name}"
