"""Playing: seat and turn checks, engine reasons, mentions, private lines, the end of a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Service, ServiceError, User
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, OUTSIDER, started_game, whose_turn

# Seed 7 deals Ana (seat 0) 2 and 8, Ben (seat 1) 1 and 7; the deck starts 9, 5, 4, 1...


async def _unchanged(service: Service, coro: object, key: str) -> ServiceError:
    """Run a refused call; check the reason and that the game did not move."""
    before = await service.export(CHANNEL)
    version = (await service.game(CHANNEL)).version
    with pytest.raises(ServiceError) as err:
        await coro  # type: ignore[misc]
    assert err.value.key == key, str(err.value)
    assert await service.export(CHANNEL) == before
    assert (await service.game(CHANNEL)).version == version
    return err.value


async def test_a_move_is_applied_logged_and_announced(service: Service) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "  PLAY 8 ", render=False)
    assert out.action == "play 8"  # canonical text
    assert out.seat == 0
    assert out.lines == ("Ana: play 8", "Ana played a 8.", "Now: Ben.")
    assert out.mention == (BEN.id,)
    assert out.to_act == (BEN.id,)
    assert out.board_png is None and not out.finished
    log = await service.log(CHANNEL)
    assert log.lines == ("1. Ana: play 8 — Ana played a 8.",)


async def test_someone_without_a_seat_is_refused(service: Service) -> None:
    await started_game(service)
    err = await _unchanged(service, service.act(CHANNEL, OUTSIDER, "play 8"), "service.not_seated")
    assert str(err) == "You are not playing in this game."


async def test_a_player_out_of_turn_is_told_whose_turn_it_is(service: Service) -> None:
    await started_game(service)
    err = await _unchanged(service, service.act(CHANNEL, BEN, "play 7"), "service.not_your_turn")
    assert str(err) == "It is Ana's turn, not yours."


async def test_the_engine_reason_comes_through(service: Service) -> None:
    await started_game(service)
    err = await _unchanged(service, service.act(CHANNEL, ANA, "play 5"), "tally.no_such_card")
    assert str(err) == "You have no 5 in your hand."
    await _unchanged(service, service.act(CHANNEL, ANA, "dance"), "core.unknown_verb")
    await _unchanged(service, service.act(CHANNEL, ANA, ""), "core.empty_action")
    await _unchanged(service, service.act(CHANNEL, ANA, "ä" * 50), "core.unknown_verb")
    err = await _unchanged(service, service.act(CHANNEL, ANA, "play " * 1000), "core.too_long")
    assert str(err) == (
        'That action is too long (5000 characters); actions are short, e.g. "play 7".'
    )


async def test_a_stale_button_is_refused(service: Service) -> None:
    info = await started_game(service)
    await service.act(CHANNEL, ANA, "play 8", expected_version=info.version, render=False)
    err = await _unchanged(
        service,
        service.act(CHANNEL, BEN, "play 7", expected_version=info.version),
        "service.stale",
    )
    assert str(err) == "This board has moved on; use the latest one."
    # A button of an older game in the same channel is stale too.
    await service.abort(CHANNEL, ANA)
    await started_game(service, seed=8)
    await _unchanged(
        service, service.act(CHANNEL, ANA, "draw", game_id=info.game_id), "service.stale"
    )


async def test_a_drawn_card_is_told_only_to_its_drawer(service: Service) -> None:
    await started_game(service)
    out = await service.act(CHANNEL, ANA, "draw", render=False)
    assert out.lines == ("Ana: draw", "Ana drew a card.", "Now: Ben.")
    assert out.private_lines == {ANA.id: ("You drew a 9.",)}
    # The log shows the private line to Ana only.
    assert (await service.log(CHANNEL, viewer=ANA.id)).lines == (
        "1. Ana: draw — Ana drew a card. You drew a 9.",
    )
    assert (await service.log(CHANNEL, viewer=BEN.id)).lines == ("1. Ana: draw — Ana drew a card.",)
    hand = await service.private_view(CHANNEL, ANA)
    assert hand.lines == ("Ana's hidden information:", "hand: 2, 8, 9")
    assert hand.png is not None and hand.png.startswith(b"\x89PNG")
    with pytest.raises(ServiceError):
        await service.private_view(CHANNEL, OUTSIDER)


async def test_mention_only_when_the_turn_passes(service: Service) -> None:
    # Three players where Cal has nothing left: tally skips players who cannot act, so after
    # some plays the same player may move twice in a row. Here we only check the simple rule:
    # whoever is mentioned was not pending before.
    await started_game(service, (ANA, BEN, CAL))
    seen = []
    while True:
        user = await whose_turn(service)
        legal = await service.legal(CHANNEL, user)
        assert legal
        out = await service.act(CHANNEL, user, legal[0], render=False)
        seen.append((user.id, out.mention, out.to_act))
        if out.finished:
            break
    for (who, mention, to_act), _ in zip(seen, seen[1:], strict=False):
        assert mention == (() if to_act == (who,) else to_act)


async def test_autocomplete_offers_only_legal_tokens_to_the_player_to_act(
    service: Service,
) -> None:
    await started_game(service)
    assert await service.complete(CHANNEL, ANA, "") == ["draw", "play"]
    assert await service.complete(CHANNEL, ANA, "play") == ["2", "8"]
    assert await service.complete(CHANNEL, ANA, "play 8") == [""]
    assert await service.legal(CHANNEL, ANA) == ["play 2", "play 8", "draw"]
    assert await service.complete(CHANNEL, BEN, "") == []
    assert await service.legal(CHANNEL, BEN) == []
    with pytest.raises(ServiceError):
        await service.complete(CHANNEL, OUTSIDER, "")
    await service.act(CHANNEL, ANA, "play 8", render=False)
    assert await service.complete(CHANNEL, BEN, "play") == ["1", "7"]


async def test_a_finished_game_keeps_its_board_score_sheet_and_log(service: Service) -> None:
    await started_game(service)
    last = None
    while True:
        user = await whose_turn(service)
        legal = await service.legal(CHANNEL, user)
        assert legal
        last = await service.act(CHANNEL, user, legal[0])
        if last.finished:
            break
    assert last.to_act == () and last.mention == ()
    assert last.board_png is not None
    sheet = last.score_sheet
    assert sheet is not None
    assert [(r.place, r.name) for r in sheet.rows] == [(1, "Ana"), (2, "Ben")]
    assert sheet.winners == (ANA.id,)
    assert sheet.rows[0].breakdown == {"cards": sheet.rows[0].score}
    assert sheet.lines[0] == "Final scores:"
    assert sheet.lines[-1] == "Winner: Ana."
    # printed once: the sheet travels in score_sheet, which every adapter prints (issue 12.7)
    assert not set(sheet.lines) & set(last.lines)
    # Later, the channel still shows it.
    info = await service.game(CHANNEL)
    assert info.status == "finished"
    board = await service.board(CHANNEL)
    assert board.png.startswith(b"\x89PNG") and board.score_sheet == sheet
    assert board.lines[0] == "Tally (test game): finished."
    assert not set(sheet.lines) & set(board.lines)
    assert await service.score_sheet(CHANNEL) == sheet
    log = await service.log(CHANNEL, page=-1, per_page=10)
    assert log.page == log.pages == 4
    total = 0
    for p in (1, 2, 3, 4):
        total += len((await service.log(CHANNEL, page=p, per_page=10)).lines)
    assert total == len((await service.export(CHANNEL))["actions"])
    # A move after the end is refused, and a new game may open in the channel.
    with pytest.raises(ServiceError) as err:
        await service.act(CHANNEL, ANA, "draw")
    assert err.value.key == "service.no_game"
    assert await service.my_games(ANA.id) == []
    await service.create_lobby(1, CHANNEL, BEN, "tally")


async def test_my_games_shows_my_turn_first_then_recent(service: Service, clock: object) -> None:
    await started_game(service, (BEN, ANA), channel=1)  # Ben to move
    clock.advance(60)  # type: ignore[attr-defined]
    await started_game(service, (ANA, BEN), channel=2)  # Ana to move
    clock.advance(60)  # type: ignore[attr-defined]
    await started_game(service, (CAL, ANA), channel=3)  # Cal to move, most recent
    games = await service.my_games(ANA.id)
    assert [(g.channel_id, g.my_turn) for g in games] == [(2, True), (3, False), (1, False)]
    assert games[0].round_info == "move 1, deck 14"
    clock.advance(60)  # type: ignore[attr-defined]
    await service.act(1, BEN, "play 8", render=False)  # now it is Ana's turn in channel 1
    games = await service.my_games(ANA.id)
    assert [(g.channel_id, g.my_turn) for g in games] == [(1, True), (2, True), (3, False)]
    assert [g.channel_id for g in await service.my_games(CAL.id)] == [3]


async def test_names_in_captions_are_display_names(service: Service) -> None:
    await started_game(service, (User(5, "Ana María"), BEN))
    out = await service.act(CHANNEL, User(5, "Ana María"), "play 2", render=False)
    assert out.lines[0] == "Ana María: play 2"


def test_engine_refusal_names_seats_by_player_name() -> None:
    from bot.service import ServiceError
    from engines.base import IllegalAction

    exc = IllegalAction("tally.played", seat=1, card=3)  # any message with a seat parameter
    assert str(ServiceError.from_illegal(exc)) == "player 2 played a 3."
    assert str(ServiceError.from_illegal(exc, ["Ana", "Ben"])) == "Ben played a 3."


def test_now_line_says_what_a_player_is_asked_when_only_one_verb_is_open() -> None:
    import time
    from dataclasses import replace

    from bot.service import Service
    from tests.testgame import ENGINE as TALLY

    service = Service(None, clock=time.time, lang="en", defaults=None)  # type: ignore[arg-type]
    state = TALLY.setup(2, {"scoring": "high"}, 1)
    names = ["Ana", "Ben"]
    # Two verbs open (play or draw): just whose turn it is.
    assert service.words.now_line(TALLY, state, [0], names) == "Now: Ana."
    # A full hand leaves only "play": the line says what Ana is asked.
    full = replace(state, hands=((1, 2, 3), state.hands[1]))
    assert service.words.now_line(TALLY, full, [0], names) == (
        "Now: Ana — Play a card from your hand onto the pile (`play`)."
    )


def test_score_sheet_shows_each_seats_note_and_the_games_notes() -> None:
    import time

    from bot.service import Service
    from bot.storage import SeatRow

    service = Service(None, clock=time.time, lang="en", defaults=None)  # type: ignore[arg-type]
    result = {
        "scores": [12, 12],
        "breakdown": [{"cards": 12}, {"cards": 12}],
        "ranking": [[1], [0]],
        "winners": [1],
        "notes": ["sled 0", "sled 4", "approximate: pyramid"],
    }
    seats = (SeatRow(0, 10, "Ana"), SeatRow(1, 11, "Ben"))
    sheet = service.words.sheet("tally", result, seats)
    text = "\n".join(sheet.lines)
    assert "sled 4" in sheet.lines[1] and "Ben" in sheet.lines[1]
    assert "sled 0" in sheet.lines[2] and "Ana" in sheet.lines[2]
    assert sheet.lines[-1] == "approximate: pyramid"
    assert text.count("approximate") == 1


async def test_start_message_announces_what_setup_showed(tmp_path: Path) -> None:
    service = await Service.open(tmp_path / "start.db")
    ana, ben = User(1, "Ana"), User(2, "Ben")
    await service.create_lobby(0, 7, ana, "bombay", 2, {}, seed=3)
    await service.join(7, ben)
    out = await service.start(7, ana, [1, 2], render=False)
    await service.close()
    restock = [line for line in out.lines if line.startswith("Set 1: Ana restocks the markets.")]
    assert len(restock) == 1, out.lines


def test_score_sheet_keeps_the_games_category_order_after_storage_sorted_the_keys() -> None:
    import time

    from bot.service import Service
    from bot.storage import SeatRow

    service = Service(None, clock=time.time, lang="en", defaults=None)  # type: ignore[arg-type]
    # as stored: objects with sorted keys, the order in the lists (Result.to_json)
    result = {
        "scores": [9, 3],
        "breakdown": [{"city": 0, "empire": 6, "rupees": 3}, {"city": 0, "empire": 2, "rupees": 1}],
        "categories": ["rupees", "empire", "city"],
        "ranking": [[0], [1]],
        "winners": [0],
        "notes": [],
        "details": [{"clients": 1, "empire_score": 2}, {"clients": 0, "empire_score": 1}],
        "detail_keys": ["empire_score", "clients"],
    }
    seats = (SeatRow(0, 10, "Ana"), SeatRow(1, 11, "Ben"))
    sheet = service.words.sheet("bombay", result, seats)
    assert list(sheet.rows[0].breakdown.values()) == [3, 6, 0]
    line = sheet.lines[1]
    assert line.index("Rupees") < line.index("Empire bonus") < line.index("City bonus")
    assert line.index("empire score") < line.index("clients 1")


def test_now_line_names_no_verb_a_hidden_hand_may_have_decided(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game that does not say its open verbs are public (``Engine.verbs_open_publicly``) gets
    only whose turn it is: "only discard is left" would tell everyone that no card of the hand
    can be played (found by the scratch game of #23.1, a hidden-information leak)."""
    import time
    from dataclasses import replace

    from bot.service import Service
    from tests.testgame import ENGINE as TALLY

    service = Service(None, clock=time.time, lang="en", defaults=None)  # type: ignore[arg-type]
    state = TALLY.setup(2, {"scoring": "high"}, 1)
    full = replace(state, hands=((1, 2, 3), state.hands[1]))
    monkeypatch.setattr(type(TALLY), "verbs_open_publicly", False)
    assert service.words.now_line(TALLY, full, [0], ["Ana", "Ben"]) == "Now: Ana."
