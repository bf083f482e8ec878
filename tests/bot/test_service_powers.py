"""Votes count only current seats (#11.6) and the creator's powers last only while they hold a
seat of their own (#11.7)."""

from __future__ import annotations

import pytest

from bot.service import Service, ServiceError, User
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, DEE, GUILD, OUTSIDER, started_game

EVE = User(5, "Eve")
FAY = User(6, "Fay")
FIVE = (ANA, BEN, CAL, DEE, EVE)


async def _five_player_bombay(svc: Service) -> None:
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", seed=3)
    for u in FIVE[1:]:
        await svc.join(CHANNEL, u)
    await svc.start(CHANNEL, ANA, order=[u.id for u in FIVE], render=False)


async def _refused(coro: object, key: str) -> None:
    with pytest.raises(ServiceError) as err:
        await coro  # type: ignore[misc]
    assert err.value.key == key, str(err.value)


async def test_an_abort_vote_of_a_player_voted_out_since_no_longer_counts(
    service: Service,
) -> None:
    await _five_player_bombay(service)
    # Ben and Cal vote to abort (2 of 3 needed among 5 seats).
    assert not (await service.abort(CHANNEL, BEN)).done
    assert not (await service.abort(CHANNEL, CAL)).done
    # Cal is voted out by three of the four others.
    for voter in (ANA, DEE, EVE):
        vote = await service.vote_seat(CHANNEL, voter, CAL.id)
    assert vote.done
    # One more vote: Ben and Dee are 2 of the 4 players left, 3 needed — not aborted.
    out = await service.abort(CHANNEL, DEE)
    assert (out.done, out.votes, out.needed) == (False, 2, 3)
    assert (await service.game(CHANNEL)).status == "active"


async def test_an_abort_vote_of_a_player_whose_seat_was_handed_over_no_longer_counts(
    service: Service,
) -> None:
    await _five_player_bombay(service)
    assert not (await service.abort(CHANNEL, BEN)).done
    assert not (await service.abort(CHANNEL, CAL)).done
    for voter in (ANA, DEE, EVE):
        vote = await service.vote_seat(CHANNEL, voter, CAL.id, FAY)
    assert vote.done
    out = await service.abort(CHANNEL, DEE)
    assert (out.done, out.votes, out.needed) == (False, 2, 3)
    # Fay, who now holds Cal's seat, may vote herself: that makes the majority.
    assert (await service.abort(CHANNEL, FAY)).done


async def test_a_seat_vote_of_a_player_voted_out_since_no_longer_counts(
    service: Service,
) -> None:
    await _five_player_bombay(service)
    # Ben votes to remove Eve, then Ben himself is removed.
    await service.vote_seat(CHANNEL, BEN, EVE.id)
    for voter in (ANA, CAL, DEE):
        await service.vote_seat(CHANNEL, voter, BEN.id)
    # Of the 3 players left besides Eve, 2 are needed; Ben's old vote is void, so Ana's is 1.
    vote = await service.vote_seat(CHANNEL, ANA, EVE.id)
    assert (vote.done, vote.votes, vote.needed) == (False, 1, 2)


async def test_a_creator_voted_out_can_no_longer_abort_or_change_settings(
    service: Service,
) -> None:
    await started_game(service, (ANA, BEN, CAL))
    await service.vote_seat(CHANNEL, BEN, ANA.id)
    assert (await service.vote_seat(CHANNEL, CAL, ANA.id)).done
    await _refused(service.abort(CHANNEL, ANA), "service.not_seated")
    await _refused(
        service.update_settings(CHANNEL, ANA, reminder_delay_hours=2), "service.creator_gone"
    )
    assert (await service.game(CHANNEL)).status == "active"
    # A member who can manage the channel still can; the players abort by vote.
    settings = await service.update_settings(
        CHANNEL, OUTSIDER, can_manage=True, reminder_delay_hours=2
    )
    assert settings.reminder_delay_hours == 2
    assert not (await service.abort(CHANNEL, BEN)).done
    assert (await service.abort(CHANNEL, CAL)).done


async def test_a_creator_who_handed_their_seat_over_keeps_no_power(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    await service.vote_seat(CHANNEL, BEN, ANA.id, DEE)
    assert (await service.vote_seat(CHANNEL, CAL, ANA.id, DEE)).done
    await _refused(service.abort(CHANNEL, ANA), "service.not_seated")
    await _refused(service.update_settings(CHANNEL, ANA, reminder_max=1), "service.creator_gone")
    # Nor does the new holder of the seat inherit them.
    await _refused(service.update_settings(CHANNEL, DEE, reminder_max=1), "service.creator_gone")
    assert not (await service.abort(CHANNEL, DEE)).done
    assert (await service.abort(CHANNEL, OUTSIDER, can_manage=True)).done


async def test_a_seated_creator_keeps_both_powers(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    assert (await service.update_settings(CHANNEL, ANA, reminder_max=1)).reminder_max == 1
    assert (await service.abort(CHANNEL, ANA)).done


async def test_a_removal_that_makes_the_abort_votes_a_majority_aborts_at_once(
    service: Service,
) -> None:
    """#11.6: only current seats count, at the moment of counting — and a removal is such a
    moment, not only the next vote."""
    await started_game(service, (ANA, BEN, CAL, DEE))
    # Ben and Cal vote to abort: 2 of the 3 needed among 4 players.
    assert not (await service.abort(CHANNEL, BEN)).done
    assert not (await service.abort(CHANNEL, CAL)).done
    # Dee is voted out (2 of the 3 others needed): 3 players are left, of whom 2 are a majority.
    assert not (await service.vote_seat(CHANNEL, ANA, DEE.id)).done
    vote = await service.vote_seat(CHANNEL, BEN, DEE.id)
    assert vote.done and vote.move is None
    assert vote.lines == (
        "Dee was voted out; their seat now plays automatically (the game's timeout move, or a"
        " random legal move).",
        "The votes already cast to abort are now a majority of the players left:"
        " Tally (test game) was aborted.",
    )
    assert (await service.game(CHANNEL)).status == "aborted"
    assert (await service.my_games(BEN.id)) == []


async def test_a_removal_short_of_an_abort_majority_leaves_the_game_running(
    service: Service,
) -> None:
    await started_game(service, (ANA, BEN, CAL, DEE))
    assert not (await service.abort(CHANNEL, BEN)).done
    # Dee is voted out by Ana and Cal: Ben's lone vote is 1 of the 2 now needed.
    await service.vote_seat(CHANNEL, ANA, DEE.id)
    vote = await service.vote_seat(CHANNEL, CAL, DEE.id)
    assert vote.done and vote.move is not None and len(vote.lines) == 1
    assert (await service.game(CHANNEL)).status == "active"
    out = await service.abort(CHANNEL, CAL)
    assert (out.done, out.votes, out.needed) == (True, 2, 2)


async def test_a_removal_that_makes_another_removal_vote_a_majority_removes_that_seat_too(
    service: Service,
) -> None:
    await _five_player_bombay(service)
    # Ana and Ben vote to remove Eve: 2 of the 3 needed among the 4 others.
    await service.vote_seat(CHANNEL, ANA, EVE.id)
    assert not (await service.vote_seat(CHANNEL, BEN, EVE.id)).done
    # Dee is voted out; among Ana, Ben and Cal (Eve's others), 2 are now enough.
    for voter in (ANA, BEN, CAL):
        vote = await service.vote_seat(CHANNEL, voter, DEE.id)
    assert vote.done and len(vote.lines) == 2
    assert vote.lines[1].startswith("Eve was voted out")
    seats = (await service.game(CHANNEL)).seats
    assert [s.removed for s in seats] == [False, False, False, True, True]


async def test_a_removal_that_makes_a_replacement_vote_a_majority_hands_the_seat_over(
    service: Service,
) -> None:
    await _five_player_bombay(service)
    await service.vote_seat(CHANNEL, ANA, EVE.id, FAY)
    assert not (await service.vote_seat(CHANNEL, BEN, EVE.id, FAY)).done
    for voter in (ANA, BEN, CAL):
        vote = await service.vote_seat(CHANNEL, voter, DEE.id)
    assert vote.done and vote.lines[1] == "Fay takes over Eve's seat."
    info = await service.game(CHANNEL)
    assert info.seat_of(FAY.id) == 4 and info.seat_of(EVE.id) is None
    assert info.status == "active"
