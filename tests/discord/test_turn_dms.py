"""#26.3: ``/game remind dm:on`` — when your turn comes, a direct message in your own language
with what only you may know and need now; a DM that cannot be delivered (DMs closed: 403, code
50007) is recorded, shown in your settings, and changes nothing else."""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB
from tests.discord.helpers import send, to_act
from tests.discord.loopback import FakeDiscord, Player, deliver, slash

PLAYERS = {p.id: p for p in (ALICE, BOB)}


async def _opt(bot: TurnpostBot, fake: FakeDiscord, player: Player, dm: str, locale: str) -> str:
    (reply,) = await send(bot, fake, slash(player, "game remind", dm=dm, _locale=locale))
    assert reply.ephemeral
    return reply.content


async def _bombay(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await deliver(bot, slash(ALICE, "game new", game="bombay", players=2))
    await deliver(bot, slash(BOB, "game join"))
    await deliver(bot, slash(ALICE, "game start"))


async def test_an_opted_in_player_gets_their_private_essentials_by_dm_in_their_language(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    assert "mensaje directo" in await _opt(bot, fake, BOB, "on", "es-ES")
    await _bombay(bot, fake)
    mark = await _turn_passes_to(bot, fake, BOB)
    dms = fake.direct_messages(mark)
    assert [uid for uid, _ in dms] == [BOB.id]
    (_, dm) = dms[0]
    # In Bob's own language (Spanish), with his rupees: what only he may know.
    assert dm.content.startswith("Tu turno en Bombay")
    assert "Rupias: " in dm.content
    # The channel's table message still pings exactly Bob, once; nothing private in public.
    assert fake.notified(mark) == [BOB.id]
    public = "\n".join(s.text for s in fake.public_messages(mark))
    assert "Rupias" not in public and "Rupees" not in public


async def _turn_passes_to(bot: TurnpostBot, fake: FakeDiscord, player: Player) -> int:
    """Whoever acts plays ``end`` (Bombay: ends the turn) until ``player``'s turn comes; where
    in ``fake.sent`` the command that made it theirs began."""
    for _ in range(10):
        (uid,) = await to_act(bot)
        if uid == player.id:
            await deliver(bot, slash(player, "play", move="end"))
            continue
        mark = len(fake.sent)
        await deliver(bot, slash(PLAYERS[uid], "play", move="end"))
        if (await to_act(bot)) == (player.id,):
            return mark
    raise AssertionError("the turn never came")


async def test_nobody_gets_a_dm_without_asking_and_dm_off_stops_them(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await _bombay(bot, fake)
    mark = len(fake.sent)
    await _turn_passes_to(bot, fake, BOB)
    await _turn_passes_to(bot, fake, ALICE)
    assert fake.direct_messages(mark) == []
    await _opt(bot, fake, BOB, "on", "en-US")
    said = await _opt(bot, fake, BOB, "off", "en-US")
    assert "No direct message when your turn comes" in said
    mark = len(fake.sent)
    await _turn_passes_to(bot, fake, BOB)
    assert fake.direct_messages(mark) == []


async def test_a_dm_to_closed_dms_is_recorded_and_breaks_nothing(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    said = await _opt(bot, fake, BOB, "on", "en-US")
    assert "Your turn also comes to you as a direct message." in said
    fake.closed_dms.add(BOB.id)
    await _bombay(bot, fake)
    mark = await _turn_passes_to(bot, fake, BOB)
    refused = [s for s in fake.since(mark) if s.status == 403]
    assert len(refused) == 1 and fake.direct_messages(mark) == []
    # The turn was posted and pinged as ever, and is settled (nothing left owed).
    assert fake.notified(mark) == [BOB.id]
    assert len(fake.public_messages(mark)) == 1
    # Bob's settings say the last one could not be delivered; the game plays on.
    (reply,) = await send(bot, fake, slash(BOB, "game remind"))
    assert "could not be delivered" in reply.content
    await deliver(bot, slash(BOB, "play", move="end"))
    assert (await to_act(bot)) == (ALICE.id,)
