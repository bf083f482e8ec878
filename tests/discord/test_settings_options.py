"""#10.9: /game settings says each option's allowed range in its description, in every language,
from the one set of constants in bot.config (the same range Discord enforces on the option)."""

from __future__ import annotations

from typing import Any

from bot.config import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, MAX_REMINDERS, MIN_REMINDER_HOURS
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.limits import limit_problems
from tests.discord.loopback import FakeDiscord

#: option -> (lowest, highest) as Discord is told to enforce them.
RANGES = {
    "delay_hours": (MIN_REMINDER_HOURS, MAX_REMINDER_HOURS),
    "interval_hours": (MIN_REMINDER_HOURS, MAX_REMINDER_HOURS),
    "reminders": (0, MAX_REMINDERS),
    "deadline_hours": (0, MAX_DEADLINE_HOURS),
    "quiet_from": (0, 23),
    "quiet_until": (0, 23),
}


def _settings_options(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    (put,) = [s for s in fake.sent if s.method == "PUT"]
    game = next(c for c in put.json if c["name"] == "game")
    settings = next(o for o in game["options"] if o["name"] == "settings")
    return {o["name"]: o for o in settings["options"]}


async def test_every_settings_option_states_its_range_in_every_language(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    options = _settings_options(fake)
    assert set(options) == {*RANGES, "time_zone"}  # a zone is a name, autocompleted
    for name, (low, high) in RANGES.items():
        option = options[name]
        assert (option.get("min_value"), option.get("max_value")) == (low, high)
        texts = [option["description"], *option["description_localizations"].values()]
        assert {"ja", "es-ES"} <= set(option["description_localizations"])
        for text in texts:
            # Placeholders were filled, and with the configured bounds.
            assert "{" not in text and str(high) in text, (name, text)
            if low:
                assert str(low) in text, (name, text)
    (put,) = [s for s in fake.sent if s.method == "PUT"]
    assert limit_problems(put.json) == []
