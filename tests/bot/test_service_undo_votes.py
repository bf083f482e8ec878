"""Undo (BGA policy), abort, and votes to remove or replace a seat."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import engines
from bot.service import Service, ServiceError
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, DEE, OUTSIDER, started_game
from tests.testgame import META, Tally

# Seed 7 deals Ana (seat 0) 2 and 8, Ben (seat 1) 1 and 7, Cal (seat 2) 5 and 9.


async def _refused(coro: object, key: str) -> ServiceError:
    with pytest.raises(ServiceError) as err:
        await coro  # type: ignore[misc]
    assert err.value.key == key, str(err.value)
    return err.value


async def test_a_player_may_take_back_their_own_last_move(service: Service) -> None:
    await started_game(service)
    await service.act(CHANNEL, ANA, "play 8", render=False)
    preview = await service.undo_preview(CHANNEL, ANA)
    assert preview.action == "play 8" and preview.move == 1
    assert preview.lines == ("Undo will take back Ana's action: play 8.",)
    out = await service.undo(CHANNEL, ANA, render=False)
    assert out.lines == ("Ana took back: play 8.", "Now: Ana.")
    assert out.to_act == (ANA.id,)
    assert out.mention == ()  # it was never anyone else's turn
    # The state is as before the move, and the log no longer counts it.
    assert await service.legal(CHANNEL, ANA) == ["play 2", "play 8", "draw"]
    assert (await service.export(CHANNEL))["actions"] == []
    await _refused(service.undo_preview(CHANNEL, ANA), "service.undo_nothing")
    # The move numbers keep counting: the taken-back row stays in the database.
    await service.act(CHANNEL, ANA, "play 2", render=False)
    assert [a["move"] for a in (await service.export(CHANNEL))["actions"]] == [2]


async def test_nobody_else_may_have_acted_since(service: Service) -> None:
    await started_game(service)
    await service.act(CHANNEL, ANA, "play 8", render=False)
    await service.act(CHANNEL, BEN, "play 7", render=False)
    err = await _refused(service.undo_preview(CHANNEL, ANA), "service.undo_not_yours")
    assert str(err) == (
        "You can only take back your own last action, and the last action was Ben's."
    )
    await _refused(service.undo(CHANNEL, ANA), "service.undo_not_yours")
    await _refused(service.undo(CHANNEL, OUTSIDER), "service.not_seated")


async def test_nothing_revealed_may_be_taken_back(service: Service) -> None:
    await started_game(service)
    await service.act(CHANNEL, ANA, "draw", render=False)  # Ana saw the 9
    err = await _refused(service.undo(CHANNEL, ANA), "service.undo_revealed")
    assert "hidden information" in str(err)
    assert len((await service.export(CHANNEL))["actions"]) == 1


async def test_the_creator_or_a_channel_manager_aborts_at_once(service: Service) -> None:
    await started_game(service)
    out = await service.abort(CHANNEL, BEN, can_manage=True)
    assert out.done and out.lines == ("Tally (test game) was aborted.",)
    assert (await service.game(CHANNEL)).status == "aborted"
    await started_game(service, seed=9)
    assert (await service.abort(CHANNEL, ANA)).done


async def test_players_abort_by_majority_vote(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL, DEE))
    await _refused(service.abort(CHANNEL, OUTSIDER), "service.not_seated")
    first = await service.abort(CHANNEL, BEN)
    assert (first.done, first.votes, first.needed) == (False, 1, 3)
    assert first.lines == ("Vote to abort recorded: 1 of 3 needed.",)
    # Those with a say who have not voted yet are asked (#10), in seat order.
    assert first.waiting == (ANA.id, CAL.id, DEE.id)
    again = await service.abort(CHANNEL, BEN)  # voting twice counts once
    assert again.votes == 1
    second = await service.abort(CHANNEL, CAL)
    assert not second.done and second.waiting == (ANA.id, DEE.id)
    assert (await service.game(CHANNEL)).status == "active"
    assert (await service.abort(CHANNEL, DEE)).done
    assert (await service.game(CHANNEL)).status == "aborted"


async def test_a_seat_is_handed_to_a_new_player_by_vote(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    await _refused(service.vote_seat(CHANNEL, ANA, ANA.id, DEE), "service.vote_self")
    await _refused(service.vote_seat(CHANNEL, ANA, OUTSIDER.id, DEE), "service.target_not_seated")
    await _refused(service.vote_seat(CHANNEL, ANA, BEN.id, CAL), "service.already_playing")
    # Ana is to move; Ben and Cal vote to give her seat to Dee (2 of the 2 others needed).
    vote = await service.vote_seat(CHANNEL, BEN, ANA.id, DEE)
    assert (vote.done, vote.votes, vote.needed) == (False, 1, 2)
    assert vote.lines == ("Vote to hand Ana's seat to Dee recorded: 1 of 2 needed.",)
    assert vote.waiting == (CAL.id,)  # never the voter, nor the seat the vote is about (#10)
    vote = await service.vote_seat(CHANNEL, CAL, ANA.id, DEE)
    assert vote.done and vote.move is not None and vote.waiting == ()
    assert vote.lines == ("Dee takes over Ana's seat.",)
    assert vote.move.mention == (DEE.id,)  # the seat must act, so its new holder is pinged
    info = await service.game(CHANNEL)
    assert [s.name for s in info.seats] == ["Dee", "Ben", "Cal"]
    await _refused(service.act(CHANNEL, ANA, "play 8"), "service.not_seated")
    out = await service.act(CHANNEL, DEE, "play 8", render=False)
    assert out.lines[0] == "Dee: play 8"
    assert [g.channel_id for g in await service.my_games(DEE.id)] == [CHANNEL]
    assert await service.my_games(ANA.id) == []


async def test_a_removed_seat_is_played_automatically(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    await service.act(CHANNEL, ANA, "play 8", render=False)  # Ben to move
    await service.vote_seat(CHANNEL, ANA, BEN.id)
    vote = await service.vote_seat(CHANNEL, CAL, BEN.id)
    assert vote.done and vote.move is not None
    # Tally's timeout move is the last legal action (draw); then it is Cal's turn.
    assert vote.move.auto_actions == ("draw",)
    assert vote.move.to_act == (CAL.id,) and vote.move.mention == (CAL.id,)
    info = await service.game(CHANNEL)
    assert [s.removed for s in info.seats] == [False, True, False]
    # From now on every time Ben's seat comes up, it moves by itself.
    await service.act(CHANNEL, CAL, "play 9", render=False)
    out = await service.act(CHANNEL, ANA, "play 2", render=False)
    assert out.auto_actions and out.to_act == (CAL.id,)
    log = await service.log(CHANNEL)
    assert "Ben (automatic): draw" in log.lines[1]
    await _refused(service.vote_seat(CHANNEL, ANA, BEN.id), "service.already_removed")
    # Ben has no say any more: he can neither move nor vote.
    await _refused(service.act(CHANNEL, BEN, "draw"), "service.seat_removed")
    await _refused(service.abort(CHANNEL, BEN), "service.not_seated")
    # Aborting now needs a majority of the two players left: both.
    vote = await service.abort(CHANNEL, CAL)
    assert (vote.done, vote.votes, vote.needed) == (False, 1, 2)


class NoTimeoutTally(Tally):
    """Tally whose rules give no timeout move (many games have none)."""

    meta = dataclasses.replace(META, id="tally_no_timeout")

    def timeout_action(self, state: Any, seat: int) -> str | None:
        return None


async def test_without_a_timeout_move_a_removed_seat_plays_a_random_legal_move(
    service: Service,
) -> None:
    engines.register(NoTimeoutTally())
    try:
        await service.create_lobby(1, CHANNEL, ANA, "tally_no_timeout", seed=7)
        await service.join(CHANNEL, BEN)
        await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
        # Deadline: no timeout move, so the table is told to vote instead.
        info = await service.game(CHANNEL)
        assert await service.resolve_deadline(info.game_id, ANA.id) is None
        vote = await service.vote_seat(CHANNEL, BEN, ANA.id)  # 1 of 1 other seat
        assert vote.done and vote.move is not None
        [auto] = vote.move.auto_actions
        assert auto in ("play 2", "play 8", "draw")
        assert vote.move.to_act == (BEN.id,)
        assert (await service.export(CHANNEL))["actions"][0]["action"] == auto
    finally:
        engines.unregister("tally_no_timeout")
