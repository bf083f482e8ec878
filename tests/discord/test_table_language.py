"""#28.1: each table speaks its own language. ``/game new language:`` (default: the creator's
Discord locale, else the deployment's ``TURNPOST_LANG``) fixes what everyone at the table reads
publicly: the lobby, the turn messages with their pings, the board's caption and its buttons.
What one person alone reads (a receipt, My hand, the log, a refusal) is in that person's locale.

Each test plays through discord.py's real code paths against the loopback stand-in, with a
Japanese and an English player at the same table."""

from __future__ import annotations

from typing import Any

from bot.discord_adapter import TurnpostBot
from bot.service import User
from tests.discord.conftest import BotFactory
from tests.discord.helpers import refusal, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Player, Sent, click, slash

ANA = Player(3001, "Ana")  # her Discord client is Japanese
BEN = Player(3002, "Ben")  # his is English
LOCALE = {ANA.id: "ja", BEN.id: "en-US"}


async def say(bot: TurnpostBot, fake: FakeDiscord, who: Player, path: str, **kw: Any) -> list[Sent]:
    return await send(bot, fake, slash(who, path, _locale=LOCALE[who.id], **kw))


def public_posts(sent: list[Sent]) -> list[Sent]:
    """The turn messages the bot created in the channel (not interaction replies, nor the
    edit that takes the buttons off the previous board)."""
    return [s for s in sent if s.path.startswith("/channels/") and s.public_create]


def private_replies(sent: list[Sent]) -> list[str]:
    """Texts only the person who asked sees (ephemeral replies and followups)."""
    return [s.content for s in sent if s.ephemeral and s.content]


def button_labels(sent: Sent) -> list[str]:
    out: list[str] = []

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            if obj.get("type") == 2 and "label" in obj:
                out.append(str(obj["label"]))
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(sent.message.get("components") or [])
    return out


async def open_table(bot: TurnpostBot, fake: FakeDiscord, creator: Player, **kw: Any) -> None:
    """``creator`` opens an Imhotep table (``kw``: e.g. ``language``), the other joins, start."""
    other = BEN if creator is ANA else ANA
    await say(bot, fake, creator, "game new", game="imhotep", players=2, **kw)
    await say(bot, fake, other, "game join")
    await say(bot, fake, creator, "game start")


async def mover(bot: TurnpostBot) -> Player:
    info = await bot.service.game(CHANNEL_ID)
    return ANA if info.to_act[0] == ANA.id else BEN


async def legal_move(bot: TurnpostBot, player: Player) -> str:
    moves = await bot.service.legal(CHANNEL_ID, User(player.id, player.name))
    assert moves
    return sorted(moves)[0]


async def test_an_english_player_at_a_japanese_table_is_pinged_in_japanese_and_answered_in_english(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(lang="en")
    await open_table(bot, fake, ANA, language="ja")
    # Make Ben the one pinged: whoever moves first, play until the turn passes to Ben.
    while (who := await mover(bot)) is not BEN:
        await say(bot, fake, who, "play", move=await legal_move(bot, who))
    sent = await say(bot, fake, BEN, "play", move=await legal_move(bot, BEN))
    (post,) = public_posts(sent)
    # The public message speaks the table's language, though Ben (English) moved...
    assert "：あなたの手番です。" in post.headline  # Ana is pinged, in Japanese
    assert "次：" in post.text
    assert "Now:" not in post.text and "your turn" not in post.text
    assert button_labels(post) and all(label.isascii() is False for label in button_labels(post))
    # ...and what Ben alone reads is in English.
    assert any(text.startswith("Played: ") for text in private_replies(sent))
    # /game mine lists the game in each reader's own language.
    (ben_mine,) = await say(bot, fake, BEN, "game mine")
    (ana_mine,) = await say(bot, fake, ANA, "game mine")
    assert "Imhotep" in ben_mine.content and "イムホテップ" in ana_mine.content


async def test_a_japanese_player_at_an_english_table_reads_the_table_in_english_and_her_hand_in_japanese(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(lang="ja")  # the deployment speaks Japanese; this table does not
    await open_table(bot, fake, BEN, language="en")
    while (who := await mover(bot)) is not ANA:
        await say(bot, fake, who, "play", move=await legal_move(bot, who))
    sent = await say(bot, fake, ANA, "play", move=await legal_move(bot, ANA))
    (post,) = public_posts(sent)
    assert post.headline.endswith(": your turn.")
    assert "Now: " in post.text
    assert "次：" not in post.text
    assert "実行しました" in "\n".join(private_replies(sent))
    # My hand, clicked by Ana under the English board, answers in Japanese.
    hand_id = next(c for c in post.custom_ids() if ":hand:" in c)
    message = fake.messages[post.message_id or ""]
    clicked = await send(bot, fake, click(ANA, message, hand_id, locale="ja"))
    assert any("の非公開情報" in text for text in private_replies(clicked))
    # A refusal goes to one person: in her language.
    refused = await say(bot, fake, ANA, "game start")
    assert not refusal(refused).isascii()


async def test_a_table_speaks_its_creators_language_unless_told_otherwise(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(lang="en")
    await open_table(bot, fake, ANA)  # no language: Ana's client is Japanese
    assert (await bot.service.game(CHANNEL_ID)).lang == "ja"
    await say(bot, fake, ANA, "game abort")
    await bot.service.abort(CHANNEL_ID, User(ANA.id, ANA.name))
    # A client language the catalog lacks falls back to the deployment's.
    sent = await send(bot, fake, slash(BEN, "game new", game="imhotep", players=2, _locale="fr"))
    (lobby,) = [s for s in sent if s.callback_type == 4]
    assert "lobby opened by" in lobby.content
    assert (await bot.service.game(CHANNEL_ID)).lang == "en"


async def test_the_lobby_of_a_spanish_table_is_spanish_for_an_english_creator(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(lang="en")
    sent = await say(bot, fake, BEN, "game new", game="bombay", language="es")
    (lobby,) = [s for s in sent if s.callback_type == 4]
    assert "sala abierta por" in lobby.content
    joined = await say(bot, fake, ANA, "game join")  # a Japanese player joins: still Spanish
    assert any("sala abierta por" in s.content for s in joined)
