"""The reminder policy: delay, interval and cap; quiet hours; away-until; deadlines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.reminders import (
    DAY,
    HOUR,
    Policy,
    Prefs,
    deadline_at,
    earliest_allowed,
    end_of_quiet,
    in_quiet_hours,
    next_reminder,
)

MIDNIGHT = 1_767_571_200.0  # 2026-01-05 00:00 UTC
POLICY = Policy(delay=24 * HOUR, interval=12 * HOUR, cap=3)
NIGHT_OWL = Prefs(quiet_start=22, quiet_end=7)  # quiet from 22:00 to 07:00 UTC


def test_first_reminder_comes_after_the_delay() -> None:
    assert next_reminder(MIDNIGHT + 10 * HOUR, 0, POLICY, Prefs()) == MIDNIGHT + 34 * HOUR


def test_later_reminders_follow_the_interval_until_the_cap() -> None:
    start = MIDNIGHT + 10 * HOUR
    assert next_reminder(start, 1, POLICY, Prefs()) == start + 36 * HOUR
    assert next_reminder(start, 2, POLICY, Prefs()) == start + 48 * HOUR
    assert next_reminder(start, 3, POLICY, Prefs()) is None


def test_a_cap_of_zero_means_no_reminders() -> None:
    assert next_reminder(MIDNIGHT, 0, Policy(cap=0), Prefs()) is None


def test_quiet_hours_spanning_midnight() -> None:
    assert in_quiet_hours(MIDNIGHT + 23 * HOUR, NIGHT_OWL)
    assert in_quiet_hours(MIDNIGHT + 3 * HOUR, NIGHT_OWL)
    assert not in_quiet_hours(MIDNIGHT + 7 * HOUR, NIGHT_OWL)  # the end is not quiet
    assert not in_quiet_hours(MIDNIGHT + 12 * HOUR, NIGHT_OWL)
    assert in_quiet_hours(MIDNIGHT + 22 * HOUR, NIGHT_OWL)


def test_quiet_hours_within_one_day() -> None:
    siesta = Prefs(quiet_start=13, quiet_end=15)
    assert in_quiet_hours(MIDNIGHT + 14 * HOUR, siesta)
    assert not in_quiet_hours(MIDNIGHT + 15 * HOUR, siesta)
    assert end_of_quiet(MIDNIGHT + 13.5 * HOUR, siesta) == MIDNIGHT + 15 * HOUR


def test_equal_start_and_end_means_no_quiet_hours() -> None:
    assert not in_quiet_hours(MIDNIGHT + 3 * HOUR, Prefs(quiet_start=5, quiet_end=5))


def test_a_reminder_due_at_night_waits_for_the_morning() -> None:
    # The turn began at 01:00, so the reminder would fall at 01:00 the next night.
    due = next_reminder(MIDNIGHT + 1 * HOUR, 0, POLICY, NIGHT_OWL)
    assert due == MIDNIGHT + DAY + 7 * HOUR


def test_quiet_hours_are_local_time() -> None:
    # Quiet 22–7 in UTC+9 (Tokyo) is 13:00–22:00 UTC.
    tokyo = Prefs(quiet_start=22, quiet_end=7, tz_offset_minutes=9 * 60)
    assert in_quiet_hours(MIDNIGHT + 14 * HOUR, tokyo)
    assert not in_quiet_hours(MIDNIGHT + 23 * HOUR, tokyo)
    assert end_of_quiet(MIDNIGHT + 14 * HOUR, tokyo) == MIDNIGHT + 22 * HOUR


def test_nothing_is_sent_while_away() -> None:
    away = Prefs(away_until=MIDNIGHT + 5 * DAY + 9 * HOUR)
    assert next_reminder(MIDNIGHT, 0, POLICY, away) == MIDNIGHT + 5 * DAY + 9 * HOUR


def test_returning_from_away_at_night_waits_for_the_quiet_hours_to_end() -> None:
    prefs = Prefs(quiet_start=22, quiet_end=7, away_until=MIDNIGHT + 2 * DAY + 23 * HOUR)
    assert earliest_allowed(MIDNIGHT, prefs) == MIDNIGHT + 3 * DAY + 7 * HOUR


def test_a_late_send_does_not_cause_a_burst() -> None:
    # Two reminders fell due while the bot was down; it sent one at +100 h: the next waits a
    # whole interval after that send instead of following at once.
    start = MIDNIGHT
    sent_at = start + 100 * HOUR
    assert next_reminder(start, 1, POLICY, Prefs(), last_sent=sent_at) == sent_at + 12 * HOUR


def test_deadline_is_fixed_after_the_turn_began() -> None:
    assert deadline_at(MIDNIGHT, Policy(deadline=48 * HOUR)) == MIDNIGHT + 48 * HOUR
    assert deadline_at(MIDNIGHT, Policy()) is None


@given(
    start=st.floats(min_value=MIDNIGHT, max_value=MIDNIGHT + 400 * DAY),
    sent=st.integers(min_value=0, max_value=5),
    quiet_start=st.integers(min_value=0, max_value=23),
    quiet_end=st.integers(min_value=0, max_value=23),
    offset=st.integers(min_value=-14 * 4, max_value=14 * 4).map(lambda q: q * 15),
    away=st.floats(min_value=0, max_value=MIDNIGHT + 400 * DAY),
)
def test_a_reminder_never_falls_in_quiet_hours_or_while_away(
    start: float, sent: int, quiet_start: int, quiet_end: int, offset: int, away: float
) -> None:
    prefs = Prefs(quiet_start, quiet_end, offset, away)
    due = next_reminder(start, sent, Policy(cap=5), prefs)
    if sent >= 5:
        assert due is None
        return
    assert due is not None
    assert due >= away
    assert due >= start + 24 * HOUR + sent * 24 * HOUR
    assert not in_quiet_hours(due, prefs)
    # ...and it is not pushed later than needed: at most one quiet stretch after the earliest.
    assert due - max(start + 24 * HOUR * (sent + 1), away) <= DAY


def test_the_table_quiet_hours_apply_on_top_of_the_player_s() -> None:
    # The player sleeps 22–7; the table (say, a school club) is quiet 7–9 too: a reminder falling
    # at 23:00 waits past both, until 09:00 the next morning.
    table = Policy(delay=23 * HOUR, interval=HOUR, cap=3, table_quiet=Prefs(7, 9))
    assert next_reminder(MIDNIGHT, 0, table, NIGHT_OWL) == MIDNIGHT + DAY + 9 * HOUR
    # ...and the other way round: leaving the table's window may land in the player's.
    assert (
        earliest_allowed(MIDNIGHT + 21 * HOUR, NIGHT_OWL, Prefs(20, 23))
        == MIDNIGHT + DAY + 7 * HOUR
    )


@given(
    t=st.floats(min_value=MIDNIGHT, max_value=MIDNIGHT + 400 * DAY),
    mine=st.tuples(st.integers(0, 23), st.integers(0, 23)),
    table=st.tuples(st.integers(0, 23), st.integers(0, 23)),
)
def test_an_allowed_time_is_in_neither_quiet_window(
    t: float, mine: tuple[int, int], table: tuple[int, int]
) -> None:
    prefs, quiet = Prefs(*mine), Prefs(*table)
    covered = {h for h in range(24) if in_quiet_hours(MIDNIGHT + h * HOUR, prefs)}
    covered |= {h for h in range(24) if in_quiet_hours(MIDNIGHT + h * HOUR, quiet)}
    allowed = earliest_allowed(t, prefs, quiet)
    assert allowed >= t
    if len(covered) < 24:
        assert not in_quiet_hours(allowed, prefs)
        assert not in_quiet_hours(allowed, quiet)


def _utc(text: str) -> float:
    """A UTC time written 'YYYY-MM-DD HH:MM'."""
    from datetime import UTC, datetime

    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()


MADRID_NIGHTS = Prefs(quiet_start=22, quiet_end=7, time_zone="Europe/Madrid")


def test_quiet_hours_in_a_named_zone_end_at_the_same_local_hour_in_winter_and_summer() -> None:
    # Madrid is UTC+1 in winter and UTC+2 in summer: 07:00 local is 06:00 or 05:00 UTC.
    assert end_of_quiet(_utc("2026-01-10 23:00"), MADRID_NIGHTS) == _utc("2026-01-11 06:00")
    assert end_of_quiet(_utc("2026-07-10 23:00"), MADRID_NIGHTS) == _utc("2026-07-11 05:00")
    assert in_quiet_hours(_utc("2026-01-11 05:30"), MADRID_NIGHTS)  # 06:30 in Madrid
    assert not in_quiet_hours(_utc("2026-07-11 05:30"), MADRID_NIGHTS)  # 07:30 in Madrid


def test_a_night_across_the_daylight_saving_change_still_ends_at_local_seven() -> None:
    # Summer time starts in Madrid on 2026-03-29 at 02:00 (clocks jump to 03:00): a night
    # begun at 23:00 (UTC+1) ends at 07:00 local, which is already UTC+2.
    assert end_of_quiet(_utc("2026-03-28 22:00"), MADRID_NIGHTS) == _utc("2026-03-29 05:00")
    # A fixed offset cannot know that: the same night would end an hour late.
    fixed = Prefs(quiet_start=22, quiet_end=7, tz_offset_minutes=60)
    assert end_of_quiet(_utc("2026-03-28 22:00"), fixed) == _utc("2026-03-29 06:00")


def test_a_zone_without_daylight_saving_keeps_one_offset() -> None:
    tokyo = Prefs(quiet_start=0, quiet_end=8, time_zone="Asia/Tokyo")  # UTC+9 all year
    for day in ("2026-01-10", "2026-07-10"):
        assert end_of_quiet(_utc(f"{day} 16:00"), tokyo) == _utc(f"{day} 23:00")
