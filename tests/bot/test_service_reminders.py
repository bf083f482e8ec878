"""Reminder scheduling through the service: due queries, never twice, restarts, deadlines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.reminders import HOUR, Prefs, in_quiet_hours
from bot.service import DueReminder, Service, ServiceError
from tests.bot.conftest import ANA, BEN, CHANNEL, T0, FakeClock, started_game

DAY = 24 * HOUR


async def test_a_reminder_falls_due_after_the_delay(service: Service, clock: FakeClock) -> None:
    info = await started_game(service)  # at T0, Ana to move
    assert await service.due_reminders(T0 + DAY - 1) == []
    due = await service.due_reminders(T0 + DAY)
    assert due == [DueReminder(info.game_id, CHANNEL, (ANA.id,), T0 + DAY, "reminder")]
    clock.now = T0 + DAY
    assert await service.due_reminders() == due  # the service clock by default


async def test_a_sent_reminder_is_never_returned_again(service: Service) -> None:
    await started_game(service)
    [due] = await service.due_reminders(T0 + DAY + 5)
    await service.mark_reminder_sent(due, T0 + DAY + 5)
    await service.mark_reminder_sent(due, T0 + DAY + 6)  # a second mark changes nothing
    assert await service.due_reminders(T0 + 2 * DAY) == []
    # The next one follows a whole interval after the send (default 24 h).
    [nxt] = await service.due_reminders(T0 + 2 * DAY + 5)
    assert nxt.due_at == T0 + 2 * DAY + 5


async def test_reminders_stop_at_the_cap(service: Service) -> None:
    await started_game(service)
    now, sent = T0, 0
    for _ in range(10):
        now += DAY
        for due in await service.due_reminders(now):
            await service.mark_reminder_sent(due, now)
            sent += 1
    assert sent == 3


async def test_a_move_moves_the_reminder_to_the_next_player(
    service: Service, clock: FakeClock
) -> None:
    info = await started_game(service)
    clock.now = T0 + 10 * HOUR
    await service.act(CHANNEL, ANA, "play 8", render=False)
    assert await service.due_reminders(T0 + DAY) == []  # Ana's is gone
    due = await service.due_reminders(T0 + 34 * HOUR)
    assert due == [DueReminder(info.game_id, CHANNEL, (BEN.id,), T0 + 34 * HOUR, "reminder")]
    # Marking a reminder the move already superseded does nothing.
    await service.mark_reminder_sent(
        DueReminder(info.game_id, CHANNEL, (ANA.id,), T0 + DAY, "reminder"), T0 + 34 * HOUR
    )
    assert await service.due_reminders(T0 + 34 * HOUR) == due


async def test_a_finished_or_aborted_game_reminds_nobody(service: Service) -> None:
    await started_game(service)
    await service.abort(CHANNEL, ANA)
    assert await service.due_reminders(T0 + 100 * DAY) == []


async def test_quiet_hours_and_away_delay_the_reminder(service: Service) -> None:
    await service.update_user_settings(ANA.id, quiet_start=22, quiet_end=7)
    await service.update_user_settings(BEN.id, away_until=T0 + 5 * DAY + 3 * HOUR)
    assert (await service.user_settings(ANA.id)).quiet_end == 7
    with pytest.raises(ServiceError):
        await service.update_user_settings(ANA.id, quiet_start=24)
    await started_game(service)  # at 00:00, so the reminder would fall at 00:00: Ana is asleep
    assert await service.due_reminders(T0 + DAY + 6 * HOUR) == []
    [due] = await service.due_reminders(T0 + DAY + 7 * HOUR)
    assert due.due_at == T0 + DAY + 7 * HOUR
    await service.act(CHANNEL, ANA, "play 8", render=False)
    [due] = await service.due_reminders(T0 + 6 * DAY)
    assert due.user_ids == (BEN.id,) and due.due_at == T0 + 5 * DAY + 3 * HOUR


async def test_changing_quiet_hours_reschedules_pending_reminders(service: Service) -> None:
    await started_game(service)
    [due] = await service.due_reminders(T0 + DAY)
    await service.update_user_settings(ANA.id, quiet_start=0, quiet_end=9)
    assert await service.due_reminders(T0 + DAY) == []
    [due] = await service.due_reminders(T0 + DAY + 9 * HOUR)
    assert due.due_at == T0 + DAY + 9 * HOUR


async def test_game_settings_change_the_schedule(service: Service) -> None:
    await started_game(service)
    with pytest.raises(ServiceError) as err:
        await service.update_settings(CHANNEL, BEN, reminder_delay_hours=2)
    assert err.value.key == "service.creator_only"
    with pytest.raises(ServiceError) as err:
        await service.update_settings(CHANNEL, ANA, reminder_delay_hours=0)
    assert err.value.key == "service.bad_hours"
    settings = await service.update_settings(
        CHANNEL, BEN, can_manage=True, reminder_delay_hours=2, reminder_max=1
    )
    assert (settings.reminder_delay_hours, settings.reminder_max) == (2, 1)
    assert await service.settings(CHANNEL) == settings
    [due] = await service.due_reminders(T0 + 2 * HOUR)
    await service.mark_reminder_sent(due, T0 + 2 * HOUR)
    assert await service.due_reminders(T0 + 100 * DAY) == []  # the one allowed was sent


async def test_a_deadline_plays_the_timeout_move(service: Service, clock: FakeClock) -> None:
    info = await started_game(service)
    await service.update_settings(CHANNEL, ANA, deadline_hours=48)
    due = await service.due_reminders(T0 + 2 * DAY)
    assert [(d.kind, d.due_at) for d in due] == [("reminder", T0 + DAY), ("deadline", T0 + 2 * DAY)]
    deadline = due[1]
    await service.mark_reminder_sent(deadline, T0 + 2 * DAY)
    clock.now = T0 + 2 * DAY
    out = await service.resolve_deadline(info.game_id, ANA.id, render=False)
    assert out is not None
    assert out.lines[0] == "Ana ran out of time; the rules' default move is played for them."
    assert out.action == "draw" and out.auto_actions == ("draw",)
    assert out.mention == (BEN.id,)
    # It is Ben's turn now: a deadline for Ana no longer applies.
    with pytest.raises(ServiceError):
        await service.resolve_deadline(info.game_id, ANA.id)


async def test_reminders_over_days_with_a_restart_are_each_sent_once(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    """A reminder loop over ten simulated days, restarted in the middle: every reminder the
    policy allows is sent exactly once, none in quiet hours, including one that fell due while
    the bot was down."""
    await service.update_user_settings(ANA.id, quiet_start=22, quiet_end=7, tz_offset_minutes=60)
    await service.update_user_settings(BEN.id, quiet_start=1, quiet_end=9)
    await started_game(service)
    await started_game(service, (BEN, ANA), channel=CHANNEL + 1)
    sent: list[tuple[int, int, float]] = []
    svc = service
    hours_down = range(44, 55)  # the bot is down from hour 44 to 55 (07:00 UTC on day 3)
    for hour in range(0, 10 * 24):
        clock.now = T0 + hour * HOUR + 17  # the loop ticks a little after each hour
        if hour == hours_down.start:
            await svc.close()
            continue
        if hour in hours_down:
            continue
        if hour == hours_down.stop:
            svc = await open_service()
        for due in await svc.due_reminders():
            for user in due.user_ids:
                sent.append((due.game_id, user, clock.now))
            await svc.mark_reminder_sent(due)
    await svc.close()
    assert len(sent) == 6  # three for Ana in one game, three for Ben in the other
    assert len(set(sent)) == len(sent)
    for _game, user, at in sent:
        prefs = Prefs(22, 7, 60) if user == ANA.id else Prefs(1, 9)
        assert not in_quiet_hours(at, prefs)
    # Both second reminders fell due while the bot was down (Ben's at 48 h, Ana's at 54 h). Ana's
    # went out as soon as it was back; Ben's waited for the end of his quiet hours (09:00).
    late = sorted((at, user) for _, user, at in sent if T0 + 44 * HOUR <= at < T0 + 60 * HOUR)
    assert late == [(T0 + 55 * HOUR + 17, ANA.id), (T0 + 57 * HOUR + 17, BEN.id)]


async def test_the_table_quiet_hours_hold_back_everyone_s_reminders(service: Service) -> None:
    await started_game(service)
    settings = await service.update_settings(CHANNEL, ANA, quiet_start=23, quiet_end=8)
    assert (settings.quiet_start, settings.quiet_end, settings.tz_offset_minutes) == (23, 8, 0)
    with pytest.raises(ServiceError) as err:
        await service.update_settings(CHANNEL, ANA, quiet_start=25)
    assert err.value.key == "service.bad_hour"
    # Ana's reminder at 00:00 on day 2 waits for the table to wake at 08:00.
    assert await service.due_reminders(T0 + DAY + 7 * HOUR) == []
    [due] = await service.due_reminders(T0 + DAY + 8 * HOUR)
    assert due.due_at == T0 + DAY + 8 * HOUR


async def test_a_deadline_waits_while_its_player_is_away(service: Service) -> None:
    await started_game(service)
    await service.update_settings(CHANNEL, ANA, deadline_hours=24, reminder_max=0)
    await service.update_user_settings(ANA.id, away_until=T0 + 3 * DAY, quiet_start=0, quiet_end=9)
    assert await service.due_reminders(T0 + 2 * DAY) == []
    [due] = await service.due_reminders(T0 + 3 * DAY)  # 00:00, quiet for Ana: deadlines ignore it
    assert (due.kind, due.due_at) == ("deadline", T0 + DAY)


async def test_a_player_sets_their_time_zone_once_by_its_iana_name(service: Service) -> None:
    settings = await service.update_user_settings(ANA.id, time_zone="asia/tokyo")
    assert settings.time_zone == "Asia/Tokyo"  # spelt as the zone database spells it
    await service.update_user_settings(ANA.id, quiet_start=0, quiet_end=8)
    assert (await service.user_settings(ANA.id)).time_zone == "Asia/Tokyo"  # kept


async def test_an_unknown_time_zone_is_refused_and_changes_nothing(service: Service) -> None:
    await service.update_user_settings(ANA.id, time_zone="Europe/Madrid")
    with pytest.raises(ServiceError) as err:
        await service.update_user_settings(ANA.id, time_zone="Mars/Olympus", quiet_start=3)
    assert err.value.key == "service.bad_time_zone"
    after = await service.user_settings(ANA.id)
    assert after.time_zone == "Europe/Madrid" and after.quiet_start == 0


async def test_a_reminder_waits_for_the_end_of_quiet_hours_in_the_players_zone(
    service: Service,
) -> None:
    # T0 is 2026-01-05 00:00 UTC = 09:00 in Tokyo; the first reminder falls due a day later,
    # at 09:00 Tokyo time, inside Ana's quiet hours 08–12 there: it waits until 12:00 (03:00 UTC).
    await service.update_user_settings(ANA.id, time_zone="Asia/Tokyo", quiet_start=8, quiet_end=12)
    info = await started_game(service)
    assert await service.due_reminders(T0 + DAY + 3 * HOUR - 1) == []
    due = await service.due_reminders(T0 + DAY + 3 * HOUR)
    assert due == [DueReminder(info.game_id, CHANNEL, (ANA.id,), T0 + DAY + 3 * HOUR, "reminder")]


async def test_the_tables_quiet_hours_follow_its_time_zone_by_iana_name(service: Service) -> None:
    """#13.5: a table in Madrid keeps quiet 22–07 Madrid time; a fixed offset is the old way."""
    await started_game(service)  # at T0 (2026-01-05 00:00 UTC), Ana to move: due a day later
    s = await service.update_settings(
        CHANNEL, ANA, quiet_start=22, quiet_end=7, time_zone="europe/madrid"
    )
    assert s.time_zone == "Europe/Madrid"
    # Due at 01:00 in Madrid (UTC+1 in January), which is quiet: it waits for 07:00 there.
    assert await service.due_reminders(T0 + DAY + 6 * HOUR - 1) == []
    [due] = await service.due_reminders(T0 + DAY + 6 * HOUR)
    assert due.due_at == T0 + DAY + 6 * HOUR
    s = await service.update_settings(CHANNEL, ANA, tz_offset_minutes=120)  # clears the zone
    assert s.time_zone == ""
    # A fixed UTC+2 says 07:00 an hour earlier in January (the schedule is recomputed at once).
    [row] = [r for r in await service.db.reminders() if r.kind == "reminder"]
    assert row.due_at == T0 + DAY + 5 * HOUR
    with pytest.raises(ServiceError) as err:
        await service.update_settings(CHANNEL, ANA, time_zone="Mars/Olympus", quiet_start=3)
    assert err.value.key == "service.bad_time_zone"
    assert (await service.settings(CHANNEL)).quiet_start == 22  # nothing changed
