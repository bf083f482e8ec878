"""Seat votes through ``/game vote``: remove a sleeping player, or hand their seat to someone else.

Given a running table, when seated players vote with ``/game vote player:@… [replacement:@…]``,
then each vote is announced publicly with the count still needed, the deciding vote changes the seat
(and, as the seat must act now, the board follows), and anything the service refuses is answered
privately with the reason.
"""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.helpers import PNG_MAGIC, confirmed, open_table, refusal, send, to_act
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Player, Sent, slash

DAVE = Player(1005, "Dave")
ROBOT = Player(1006, "Robot", bot=True)
SEATED = {p.id: p for p in (ALICE, BOB, DAVE)}


async def open_three(bot: TurnpostBot, fake: FakeDiscord) -> None:
    """Alice opens a three-seat table; Bob and Dave join; Alice starts."""
    await send(bot, fake, slash(ALICE, "game new", game="tally", players=3))
    await send(bot, fake, slash(BOB, "game join"))
    await send(bot, fake, slash(DAVE, "game join"))
    await send(bot, fake, slash(ALICE, "game start"))


def board_followup(post: Sent) -> str:
    """The board that follows a deciding vote: public, with the PNG; returns its caption."""
    assert post.path.startswith("/channels/") and post.public_create
    (_, filename, data) = post.files[0]
    assert filename == "board.png" and data.startswith(PNG_MAGIC)
    return str(post.text)


async def test_a_majority_of_the_others_votes_the_player_to_act_out(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_three(bot, fake)
    (sleeper_id,) = await to_act(bot)
    sleeper = SEATED[sleeper_id]
    first_voter, second_voter = (p for p in SEATED.values() if p is not sleeper)
    # Refusals are private and say why.
    assert refusal(await send(bot, fake, slash(first_voter, "game vote", player=CAROL))) == (
        "That person is not playing in this game."
    )
    assert refusal(await send(bot, fake, slash(first_voter, "game vote", player=first_voter))) == (
        "You cannot vote about your own seat."
    )
    assert refusal(await send(bot, fake, slash(CAROL, "game vote", player=sleeper))) == (
        "You are not playing in this game."
    )
    # The first vote is one of the two needed (two other players still playing), for all to see.
    _, first = await confirmed(
        bot, fake, first_voter, slash(first_voter, "game vote", player=sleeper)
    )
    assert first.public_create
    assert first.content == (
        f"Vote to remove {sleeper.name} recorded: 1 of 2 needed.\n"
        f"<@{second_voter.id}>: your vote is asked; to agree, use /game vote about the same player."
    )
    # #10: the vote asks, with a notification, exactly the player who has not voted yet (never
    # the voter, nor the player it is about).
    assert first.notified == [second_voter.id]
    # The second decides it: the seat now plays itself, and its pending turn was played.
    sent = await confirmed(
        bot, fake, second_voter, slash(second_voter, "game vote", player=sleeper)
    )
    decided, post = sent[1], next(s for s in sent if s.files)
    assert decided.public_create
    assert decided.content.startswith(
        f"{sleeper.name} was voted out; their seat now plays automatically"
    )
    assert f"{sleeper.name} (automatic):" in board_followup(post)
    info = await bot.service.game(CHANNEL_ID)
    assert [s.removed for s in info.seats if s.user_id == sleeper.id] == [True]
    assert sleeper.id not in await to_act(bot)
    # Once out, nobody can vote about them again.
    assert refusal(await send(bot, fake, slash(first_voter, "game vote", player=sleeper))) == (
        f"{sleeper.name} has already been voted out; their seat plays automatically."
    )


async def test_the_seat_to_act_is_handed_to_someone_else(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)  # Alice and Bob
    (sleeper_id,) = await to_act(bot)
    sleeper, voter = (ALICE, BOB) if sleeper_id == ALICE.id else (BOB, ALICE)
    # A bot cannot take a seat, and neither can someone who already plays.
    assert refusal(
        await send(bot, fake, slash(voter, "game vote", player=sleeper, replacement=ROBOT))
    ) == ("A bot cannot take a seat.")
    assert refusal(
        await send(bot, fake, slash(voter, "game vote", player=sleeper, replacement=voter))
    ) == (f"{voter.name} already has a seat in this game.")
    # With two players one vote is a majority of the others.
    sent = await confirmed(
        bot, fake, voter, slash(voter, "game vote", player=sleeper, replacement=CAROL)
    )
    decided, post = sent[1], next(s for s in sent if s.files)
    assert decided.content == f"Carol takes over {sleeper.name}'s seat." and not decided.ephemeral
    # Carol inherits the pending turn: she is pinged under the board.
    board_followup(post)
    assert post.headline == f"<@{CAROL.id}>: your turn."
    assert post.json["allowed_mentions"] == {"users": [CAROL.id], "parse": []}
    info = await bot.service.game(CHANNEL_ID)
    assert {s.user_id for s in info.seats} == {voter.id, CAROL.id}
    assert await to_act(bot) == (CAROL.id,)


async def test_an_abort_vote_in_progress_pings_exactly_the_players_who_have_not_voted(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """#10: a vote asks the others to act, so its message is one Discord creates and notifies
    exactly the seated players who have not voted yet; the vote that decides pings nobody."""
    await open_three(bot, fake)
    _, vote = await confirmed(bot, fake, BOB, slash(BOB, "game abort"))
    assert vote.public_create
    assert sorted(vote.notified) == sorted([ALICE.id, DAVE.id])
    assert sorted(vote.json["allowed_mentions"]["users"]) == sorted([ALICE.id, DAVE.id])
    assert vote.json["allowed_mentions"]["parse"] == []
    assert vote.content.endswith(": your vote is asked; to agree, use /game abort.")
    assert f"<@{BOB.id}>" not in vote.content
    _, done = await confirmed(bot, fake, DAVE, slash(DAVE, "game abort"))
    assert "aborted" in done.content and done.notified == []
