"""Votes as polls (#27.6), in the service: a poll per question, its answers cast or withdraw a
vote through the vote path the commands use, only seated players count, a settled question's
poll is ended and ignored. On both backends."""

from __future__ import annotations

from bot.service import PollAsk, Service, User
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, DEE, OUTSIDER, started_game

YES, NO = 11, 12


async def posted(service: Service, ask: PollAsk | None, message_id: int) -> PollAsk:
    """``ask`` posted as ``message_id`` with Yes and No as answers YES and NO."""
    assert ask is not None
    await service.poll_posted(ask, message_id, YES, NO)
    return ask


async def test_one_poll_per_question_asked_in_the_tables_words(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    info = await service.game(CHANNEL)
    ask = await service.open_poll(info.game_id, "abort")
    assert ask is not None
    assert ask.question == (
        "Abort this game of Tally (test game)? Only the seated players' answers count."
    )
    assert (ask.yes, ask.no, ask.hours) == ("Yes", "No", 168)
    # Claimed and never recorded as posted (a crash between): asked again, the same claim.
    again = await service.open_poll(info.game_id, "abort")
    assert again == ask
    await posted(service, again, 500)
    # Posted: nobody asks it a second time.
    assert await service.open_poll(info.game_id, "abort") is None
    seat = await service.open_poll(info.game_id, "remove", BEN.id)
    assert seat is not None and seat.question.startswith("Vote Ben out of this game of Tally")
    hand = await service.open_poll(info.game_id, "replace", BEN.id, DEE)
    assert hand is not None and hand.question.startswith("Hand Ben's seat in Tally (test game)")
    # Nobody to ask about: no poll.
    assert await service.open_poll(info.game_id, "remove", OUTSIDER.id) is None


async def test_only_seated_players_answers_count(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    info = await service.game(CHANNEL)
    await posted(service, await service.open_poll(info.game_id, "abort"), 500)
    # Someone not seated answers Yes: the poll shows it, the tally does not.
    assert await service.poll_vote(500, OUTSIDER, YES, added=True) is None
    # A message that is not one of our polls, or an answer of another poll: nothing.
    assert await service.poll_vote(501, BEN, YES, added=True) is None
    first = await service.poll_vote(500, BEN, YES, added=True)
    assert first is not None and not first.done
    assert (first.votes, first.needed) == (1, 2)
    assert first.lines == ("Vote to abort recorded: 1 of 2 needed.",)
    # The creator's Yes is a vote like any other here (the command asks first).
    done = await service.poll_vote(500, ANA, YES, added=True)
    assert done is not None and done.done
    assert (await service.game(CHANNEL, game_id=info.game_id)).status == "aborted"
    ended = await service.settled_polls(info.game_id)
    assert [(e.channel_id, e.message_id) for e in ended] == [(CHANNEL, 500)]
    # Ended: later answers are ignored, and it is not ended twice.
    assert await service.poll_vote(500, CAL, YES, added=True) is None
    assert await service.settled_polls(info.game_id) == []


async def test_taking_back_yes_or_answering_no_withdraws_the_vote(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    info = await service.game(CHANNEL)
    await posted(service, await service.open_poll(info.game_id, "abort"), 500)
    await service.abort(CHANNEL, BEN)  # the command's vote: the same question
    out = await service.poll_vote(500, BEN, NO, added=True)
    assert out is not None and not out.done
    assert out.lines == ("A vote to abort was withdrawn: 0 of 2 needed.",)
    assert set(out.waiting) == {ANA.id, BEN.id, CAL.id}
    # Taking back No, or withdrawing a vote never cast, changes nothing.
    assert await service.poll_vote(500, BEN, NO, added=False) is None
    assert await service.poll_vote(500, CAL, NO, added=True) is None
    again = await service.poll_vote(500, BEN, YES, added=True)
    assert again is not None and again.votes == 1
    back = await service.poll_vote(500, BEN, YES, added=False)
    assert back is not None and back.votes == 0
    assert (await service.game(CHANNEL)).status == "active"


async def test_a_seat_poll_ignores_the_player_it_is_about_and_ends_once_decided(
    service: Service,
) -> None:
    await started_game(service, (ANA, BEN, CAL))
    info = await service.game(CHANNEL)
    await posted(service, await service.open_poll(info.game_id, "remove", BEN.id), 600)
    await posted(service, await service.open_poll(info.game_id, "replace", CAL.id, DEE), 601)
    # Ben may not vote about his own seat.
    assert await service.poll_vote(600, BEN, YES, added=True) is None
    one = await service.poll_vote(600, ANA, YES, added=True)
    assert one is not None and not one.done
    assert one.lines == ("Vote to remove Ben recorded: 1 of 2 needed.",)
    # Withdrawn by No, cast again, then Cal's Yes decides it.
    assert (await service.poll_vote(600, ANA, NO, added=True)) is not None
    assert (await service.poll_vote(600, ANA, YES, added=True)) is not None
    done = await service.poll_vote(600, CAL, YES, added=True)
    assert done is not None and done.done
    assert done.lines[0].startswith("Ben was voted out")
    assert done.move is not None
    # The remove question is settled; the replace question about Cal is still open.
    ended = await service.settled_polls(info.game_id)
    assert [e.message_id for e in ended] == [600]
    assert await service.poll_vote(600, ANA, YES, added=True) is None
    # Ben, voted out, has no say on the other poll any more; Ana's Yes hands Cal's seat on
    # (one other seat still played by a person: a majority of one).
    assert await service.poll_vote(601, BEN, YES, added=True) is None
    handed = await service.poll_vote(601, ANA, YES, added=True)
    assert handed is not None and handed.done
    assert handed.lines[0] == "Dee takes over Cal's seat."
    assert [e.message_id for e in await service.settled_polls(info.game_id)] == [601]
    seats = (await service.game(CHANNEL)).seats
    assert [s.user_id for s in seats] == [ANA.id, BEN.id, DEE.id]


async def test_a_poll_that_could_not_be_posted_is_asked_again_later(service: Service) -> None:
    await started_game(service, (ANA, BEN))
    info = await service.game(CHANNEL)
    ask = await service.open_poll(info.game_id, "remove", BEN.id)
    assert ask is not None
    await service.poll_failed(ask)
    later = await service.open_poll(info.game_id, "remove", BEN.id)
    assert later is not None and later.opened == ask.opened


async def test_a_withdrawn_replacement_vote_must_name_the_same_replacement(
    service: Service,
) -> None:
    await started_game(service, (ANA, BEN, CAL))
    await service.vote_seat(CHANNEL, ANA, BEN.id, DEE, render=False)
    info = await service.game(CHANNEL)
    other = User(77, "Eve")
    # Ana's vote names Dee: withdrawing a vote for Eve takes nothing back.
    assert await service.withdraw_vote(info.game_id, ANA, "replace", 1, other) is None
    out = await service.withdraw_vote(info.game_id, ANA, "replace", 1, DEE)
    assert out is not None
    assert out.lines == ("A vote to hand Ben's seat to Dee was withdrawn: 0 of 2 needed.",)
