"""#10.9: a reminder setting has one range, checked the same way by .env, the service and Discord."""

from __future__ import annotations

import re

import pytest

from bot.config import (
    MAX_DEADLINE_HOURS,
    MAX_REMINDER_HOURS,
    MAX_REMINDERS,
    MIN_REMINDER_HOURS,
    Config,
)
from bot.service import Service, ServiceError
from engines.catalog import CATALOG
from tests.bot.conftest import ANA, CHANNEL, started_game

ENV = (
    "TURNPOST_REMINDER_DELAY_HOURS",
    "TURNPOST_REMINDER_INTERVAL_HOURS",
    "TURNPOST_REMINDER_MAX",
)


def _config(monkeypatch: pytest.MonkeyPatch, **env: str) -> Config:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Config.from_env(env_file=None)


@pytest.mark.parametrize(
    ("setting", "value", "key", "params"),
    [
        (
            "TURNPOST_REMINDER_DELAY_HOURS",
            MIN_REMINDER_HOURS - 1,
            "service.bad_hours",
            {"setting": "delay", "low": MIN_REMINDER_HOURS, "high": MAX_REMINDER_HOURS},
        ),
        (
            "TURNPOST_REMINDER_INTERVAL_HOURS",
            MAX_REMINDER_HOURS + 1,
            "service.bad_hours",
            {"setting": "interval", "low": MIN_REMINDER_HOURS, "high": MAX_REMINDER_HOURS},
        ),
        ("TURNPOST_REMINDER_MAX", MAX_REMINDERS + 1, "service.bad_count", {"high": MAX_REMINDERS}),
    ],
)
def test_an_env_reminder_setting_out_of_range_is_refused_at_start_with_the_catalog_message(
    monkeypatch: pytest.MonkeyPatch, setting: str, value: int, key: str, params: dict
) -> None:
    with pytest.raises(SystemExit) as exc:
        _config(monkeypatch, **{setting: str(value)})
    line = str(exc.value)
    assert line == f"Setting {setting}={value}: {CATALOG.text(key, params)}"
    assert "\n" not in line


def test_the_ends_of_the_range_are_accepted_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    config = _config(
        monkeypatch,
        TURNPOST_REMINDER_DELAY_HOURS=str(MIN_REMINDER_HOURS),
        TURNPOST_REMINDER_INTERVAL_HOURS=str(MAX_REMINDER_HOURS),
        TURNPOST_REMINDER_MAX="0",
    )
    assert (config.reminder_delay_hours, config.reminder_interval_hours) == (
        MIN_REMINDER_HOURS,
        MAX_REMINDER_HOURS,
    )


async def test_the_service_accepts_exactly_the_range_env_accepts(service: Service) -> None:
    await started_game(service)
    ok = await service.update_settings(
        CHANNEL,
        ANA,
        reminder_delay_hours=MIN_REMINDER_HOURS,
        reminder_interval_hours=MAX_REMINDER_HOURS,
        reminder_max=MAX_REMINDERS,
        deadline_hours=MAX_DEADLINE_HOURS,
    )
    assert (ok.reminder_delay_hours, ok.reminder_interval_hours) == (
        MIN_REMINDER_HOURS,
        MAX_REMINDER_HOURS,
    )
    for kwargs, key in (
        ({"reminder_delay_hours": MIN_REMINDER_HOURS - 0.5}, "service.bad_hours"),
        ({"reminder_interval_hours": MAX_REMINDER_HOURS + 1}, "service.bad_hours"),
        ({"reminder_max": MAX_REMINDERS + 1}, "service.bad_count"),
        ({"deadline_hours": MAX_DEADLINE_HOURS + 1}, "service.bad_deadline"),
    ):
        with pytest.raises(ServiceError) as err:
            await service.update_settings(CHANNEL, ANA, **kwargs)
        assert err.value.key == key
    assert await service.settings(CHANNEL) == ok  # nothing changed by a refusal


@pytest.mark.parametrize("lang", ["ja", "es"])
@pytest.mark.parametrize("setting", ["delay", "interval"])
def test_the_out_of_range_message_names_the_setting_in_the_players_language(
    lang: str, setting: str
) -> None:
    """service.bad_hours names the setting through the catalog (service.value.<setting>), never
    the internal English word."""
    params = {"setting": setting, "low": MIN_REMINDER_HOURS, "high": MAX_REMINDER_HOURS}
    text = CATALOG.text("service.bad_hours", params, lang=lang)
    assert re.search(rf"\b{setting}\b", text) is None, text
    assert CATALOG.text(f"service.value.{setting}", lang=lang) in text
    assert str(MAX_REMINDER_HOURS) in text
