"""#10.9: /game settings offers exactly the reminder ranges .env and the service accept."""

from __future__ import annotations

from bot.config import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, MAX_REMINDERS, MIN_REMINDER_HOURS
from bot.discord_adapter import TurnpostBot
from tests.discord.loopback import FakeDiscord


def _by_name(items: list[dict]) -> dict[str, dict]:
    return {i["name"]: i for i in items}


async def test_game_settings_options_carry_the_one_reminder_range(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    game = _by_name(fake.commands)["game"]
    options = _by_name(_by_name(game["options"])["settings"]["options"])
    ranges = {n: (o["min_value"], o["max_value"]) for n, o in options.items() if n != "time_zone"}
    assert ranges == {
        "delay_hours": (MIN_REMINDER_HOURS, MAX_REMINDER_HOURS),
        "interval_hours": (MIN_REMINDER_HOURS, MAX_REMINDER_HOURS),
        "reminders": (0, MAX_REMINDERS),
        "deadline_hours": (0, MAX_DEADLINE_HOURS),
        "quiet_from": (0, 23),  # the table's quiet hours, whole local hours
        "quiet_until": (0, 23),
    }
