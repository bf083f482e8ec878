"""Every real game registered in engines (Bombay, Imhotep, Marco Polo, Brass as they land) played
through /play slash-command payloads, each move picked from the bot's own autocomplete.

Given a table of the game's minimum players, when whoever must decide picks a suggestion (walking
token by token where the suggestion is only a prefix) and submits it, then the move is accepted
and posted with the board image; the suggestions never include an illegal move.
"""

from __future__ import annotations

import random

import pytest

import engines
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.limits import discord_name
from bot.service import User
from tests.discord.conftest import ALICE, BOB
from tests.discord.helpers import board_post, choices, refusal, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Player, click, slash

SEATS = [ALICE, BOB, Player(1005, "Dave"), Player(1006, "Erin"), Player(1007, "Fay")]
REAL = engines.builtin_ids()
#: Moves per game in the default run; the slow run plays every game to its end.
QUICK_MOVES = 10


async def pick_move(bot: TurnpostBot, fake: FakeDiscord, player: Player, rng: random.Random) -> str:
    """Choose a move the way a player would: from the suggestions, extending a prefix ("…")."""
    user = User(player.id, player.name)
    legal = await bot.service.legal(CHANNEL_ID, user)
    typed = ""
    for _ in range(40):
        offered = await choices(bot, fake, player, "play", "move", move=typed)
        assert 0 < len(offered) <= 25, typed
        assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)
        for c in offered:
            whole = not c["name"].endswith(" …")
            if whole and legal is not None:
                assert c["value"] in legal, c
            nxt = await bot.service.complete(CHANNEL_ID, user, c["value"])
            assert ("" in nxt) == whole, c  # "…" marks exactly the prefixes
        chosen = rng.choice(offered)
        if not chosen["name"].endswith(" …"):
            return str(chosen["value"])
        typed = chosen["value"] + " "
    raise AssertionError("no whole move after 40 steps")


async def play(
    bot: TurnpostBot,
    fake: FakeDiscord,
    game: str,
    moves: int | None,
    players: int | None = None,
    seed: object = None,
) -> int:
    """Open, fill and start a table of ``players`` (the game's minimum by default), then play
    ``moves`` moves picked from the autocomplete (all of them when ``None``); return how many."""
    meta = engines.get(game).meta
    seats = SEATS[: players or max(2, meta.min_players)]
    (lobby,) = await send(bot, fake, slash(seats[0], "game new", game=game, players=len(seats)))
    assert not lobby.ephemeral, lobby.content
    for p in seats[1:]:
        await send(bot, fake, slash(p, "game join"))
    board_post(await send(bot, fake, slash(seats[0], "game start")))
    by_id = {p.id: p for p in seats}
    rng = random.Random(game if seed is None else seed)
    played = 0
    while moves is None or played < moves:
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        player = by_id[info.to_act[0]]
        move = await pick_move(bot, fake, player, rng)
        board_post(await send(bot, fake, slash(player, "play", move=move)))
        played += 1
    return played


@pytest.mark.parametrize("game", REAL)
async def test_real_game_through_slash_commands(
    bot: TurnpostBot, fake: FakeDiscord, game: str
) -> None:
    played = await play(bot, fake, game, QUICK_MOVES)
    assert played == QUICK_MOVES or (await bot.service.game(CHANNEL_ID)).status == "finished"


@pytest.mark.slow
@pytest.mark.parametrize("game", REAL)
async def test_real_game_to_the_end(bot: TurnpostBot, fake: FakeDiscord, game: str) -> None:
    await play(bot, fake, game, None)
    info = await bot.service.game(CHANNEL_ID)
    assert info.status == "finished"
    final = fake.sent[-1]
    assert "Final scores:" in final.text


@pytest.mark.parametrize("game", REAL)
async def test_game_commands_autocomplete_each_parameter_from_legal_tokens(
    bot: TurnpostBot, fake: FakeDiscord, game: str
) -> None:
    """``/<game> <verb> <param>:`` suggests exactly the legal next tokens for that parameter."""
    await play(bot, fake, game, 0)
    info = await bot.service.game(CHANNEL_ID)
    player = next(p for p in SEATS if p.id == info.to_act[0])
    user = User(player.id, player.name)
    meta = engines.get(game).meta
    checked = 0
    for verb in meta.verbs[:25]:
        if not verb.params:
            continue
        first = verb.params[0]
        offered = await choices(
            bot,
            fake,
            player,
            f"{discord_name(game)} {verb.name}",
            discord_name(first.name),
            **{discord_name(first.name): ""},
        )
        tokens = await bot.service.complete(CHANNEL_ID, user, verb.name)
        if first.keyword:
            legal = [t.split("=", 1)[1] for t in tokens if t.startswith(first.name + "=")]
        else:
            legal = [t for t in tokens if t and "=" not in t]
        assert [c["value"] for c in offered] == [v for v in legal if len(v) <= 100][:25]
        checked += bool(offered)
    assert checked or not any(v.params for v in meta.verbs)


@pytest.mark.parametrize("game", REAL)
async def test_a_move_from_the_turn_message_components(
    bot: TurnpostBot, fake: FakeDiscord, game: str
) -> None:
    """On a phone: the public board carries only "Your move" and "My hand"; "Your move" opens,
    for the player to act only, the private move builder: selects whose options are only
    indices (the words are in the labels, which the clicker alone sees), then a Confirm that
    plays the move and the board follows for everyone."""
    await play(bot, fake, game, 0)
    start = next(s for s in reversed(fake.sent) if s.files)
    info = await bot.service.game(CHANNEL_ID)
    player = next(p for p in SEATS if p.id == info.to_act[0])
    message = fake.messages[start.message_id or ""]
    ids = start.custom_ids()
    assert [i.split(":")[1] for i in ids] == ["walk", "hand", "hint", "log"]
    rng = random.Random(game)
    walk = ids[0]
    other = next(
        p for p in SEATS if p.id not in info.to_act and p.id in {s.user_id for s in info.seats}
    )
    assert refusal(await send(bot, fake, click(other, message, walk))).endswith("turn, not yours.")
    (picker,) = await send(bot, fake, click(player, message, walk))
    assert picker.callback_type == 4 and picker.ephemeral
    for _ in range(40):
        step_message = fake.messages[picker.message_id or ""]
        items = [c for row in picker.message["components"] for c in row["components"]]
        confirm = [c["custom_id"] for c in items if c["custom_id"].startswith("tp:bc:")]
        if confirm:
            sent = await send(bot, fake, click(player, step_message, confirm[0]))
            assert sent[0].callback_type == 7 and sent[0].content.startswith("Played: ")
            played = sent[0].content.split("(`")[1].split("`)")[0]
            post = board_post(sent)
            assert post.files[0][2].startswith(b"\x89PNG")
            assert f"{player.name}: {played}" in post.text
            return
        selects = [c for c in items if c["type"] == 3]
        for c in selects:
            assert 0 < len(c["options"]) <= 25
            assert all(o["value"].isdigit() for o in c["options"])
        select = rng.choice(selects)
        choice = rng.choice(select["options"])["value"]
        (picker,) = await send(
            bot, fake, click(player, step_message, select["custom_id"], values=[choice])
        )
        assert picker.callback_type == 7  # the private builder is edited in place
    raise AssertionError("the picker never reached a whole move")


def as_options(meta: engines.EngineMeta, action: str) -> tuple[str, dict[str, str]] | None:
    """The per-game command for ``action``: its verb and one option per parameter, or None when
    the notation cannot be split that way (e.g. a skipped optional positional parameter)."""
    verb_name, *rest = action.split()
    verb = meta.verb(verb_name)
    if verb is None:
        return None
    positional = [p for p in verb.params if not p.keyword]
    keyword = {p.name for p in verb.params if p.keyword}
    options: dict[str, str] = {}
    i = 0
    for tok in rest:
        name, eq, value = tok.partition("=")
        if eq and name in keyword:
            options[discord_name(name)] = value
        elif i < len(positional):
            options[discord_name(positional[i].name)] = tok
            i += 1
        else:
            return None
    return verb.name, options


@pytest.mark.parametrize("game", REAL)
async def test_real_moves_through_the_games_own_commands(
    bot: TurnpostBot, fake: FakeDiscord, game: str
) -> None:
    """``/<game> <verb> <param>:<value>…`` assembles the same notation as ``/play``."""
    meta = engines.get(game).meta
    await play(bot, fake, game, 0)
    by_id = {p.id: p for p in SEATS}
    rng = random.Random(f"{game} verbs")
    used = 0
    for _ in range(8):
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        player = by_id[info.to_act[0]]
        move = await pick_move(bot, fake, player, rng)
        command = as_options(meta, move)
        if command is None:
            board_post(await send(bot, fake, slash(player, "play", move=move)))
            continue
        verb, options = command
        post = board_post(
            await send(bot, fake, slash(player, f"{discord_name(game)} {verb}", **options))
        )
        assert move in post.text or meta.verb(verb).secret  # type: ignore[union-attr]
        used += 1
    assert used
