"""#13.5: the table's quiet hours in its own IANA time zone, set with ``/game settings`` (seated
creator or Manage Channels) and shown in the settings summary; the zone is autocompleted and a
zone the database lacks is a clear refusal that changes nothing."""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB
from tests.discord.helpers import choices, open_table, refusal, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, slash


async def test_the_creator_sets_the_tables_quiet_hours_in_a_named_zone(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    (shown,) = await send(
        bot,
        fake,
        slash(ALICE, "game settings", quiet_from=22, quiet_until=7, time_zone="europe/madrid"),
    )
    assert not shown.ephemeral
    assert shown.content.endswith("No reminders from 22:00 to 7:00 (Europe/Madrid).")
    s = await bot.service.settings(CHANNEL_ID)
    assert (s.quiet_start, s.quiet_end, s.time_zone) == (22, 7, "Europe/Madrid")
    # Shown again without changes; the zone alone can change, the hours stay.
    (again,) = await send(bot, fake, slash(BOB, "game settings"))
    assert again.content == shown.content
    (moved,) = await send(bot, fake, slash(ALICE, "game settings", time_zone="Asia/Tokyo"))
    assert moved.content.endswith("No reminders from 22:00 to 7:00 (Asia/Tokyo).")


async def test_a_zone_the_database_lacks_is_refused_and_changes_nothing(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    await send(bot, fake, slash(ALICE, "game settings", quiet_from=23, quiet_until=6))
    before = await bot.service.settings(CHANNEL_ID)
    bad = refusal(
        await send(bot, fake, slash(ALICE, "game settings", quiet_from=1, time_zone="Mars/Olympus"))
    )
    assert bad.startswith('"Mars/Olympus" is not a time zone name')
    assert await bot.service.settings(CHANNEL_ID) == before  # not even the quiet hour moved


async def test_only_the_creator_changes_the_tables_quiet_hours(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    refused = refusal(await send(bot, fake, slash(BOB, "game settings", time_zone="Asia/Tokyo")))
    assert refused.startswith("Only Alice, who opened this game")
    assert (await bot.service.settings(CHANNEL_ID)).time_zone == ""


async def test_the_settings_zone_is_autocompleted_from_what_was_typed(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    tokyo = await choices(bot, fake, ALICE, "game settings", "time_zone", time_zone="tokyo")
    assert tokyo[0] == {"name": "Asia/Tokyo", "value": "Asia/Tokyo"}
    america = await choices(bot, fake, ALICE, "game settings", "time_zone", time_zone="america/")
    assert len(america) == 25 and all("america/" in c["value"].lower() for c in america)


async def test_a_japanese_table_reads_its_quiet_hours_in_japanese(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    (shown,) = await send(
        bot,
        fake,
        slash(
            ALICE,
            "game settings",
            quiet_from=0,
            quiet_until=8,
            time_zone="Asia/Tokyo",
            _locale="ja",
        ),
    )
    assert shown.content.startswith("通知：最初は")
    assert shown.content.endswith("0:00 から 8:00 まで通知停止（Asia/Tokyo）。")
    (none,) = await send(
        bot, fake, slash(ALICE, "game settings", quiet_from=5, quiet_until=5, _locale="es")
    )
    assert none.content.endswith("La mesa no tiene horas de silencio (zona horaria Asia/Tokyo).")
