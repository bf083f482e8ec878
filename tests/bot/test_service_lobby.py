"""Lobbies: validation against the engine's metadata, one game per channel, join/leave/start."""

from __future__ import annotations

import pytest

from bot.service import Service, ServiceError
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, DEE, GUILD, OUTSIDER, started_game


async def _refused(key: str, coro: object) -> ServiceError:
    with pytest.raises(ServiceError) as err:
        await coro  # type: ignore[misc]
    assert err.value.key == key, str(err.value)
    return err.value


async def test_a_lobby_records_the_game_the_creator_and_default_options(
    service: Service,
) -> None:
    info = await service.create_lobby(GUILD, CHANNEL, ANA, "tally", 3, {})
    assert info.status == "lobby"
    assert info.game == "tally" and info.title == "Tally (test game)"
    assert info.options == {"scoring": "high"}
    assert info.players == 3
    assert [(s.seat, s.user_id, s.name) for s in info.seats] == [(0, ANA.id, "Ana")]
    assert info.creator_id == ANA.id


async def test_unknown_game_bad_option_and_bad_player_count_are_explained(
    service: Service,
) -> None:
    err = await _refused("core.unknown_game", service.create_lobby(GUILD, 1, ANA, "chess"))
    assert "tally" in str(err)
    err = await _refused(
        "core.unknown_option", service.create_lobby(GUILD, 1, ANA, "tally", None, {"speed": "x"})
    )
    assert "scoring" in str(err)
    err = await _refused(
        "core.bad_option_value",
        service.create_lobby(GUILD, 1, ANA, "tally", None, {"scoring": "median"}),
    )
    assert "high, low" in str(err)
    err = await _refused("core.bad_player_count", service.create_lobby(GUILD, 1, ANA, "tally", 5))
    assert str(err) == "Tally (test game) is for 2–4 players, not 5."
    assert await service.my_games(ANA.id) == []


async def test_one_lobby_or_game_per_channel(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    err = await _refused("service.channel_busy", service.create_lobby(GUILD, CHANNEL, BEN, "tally"))
    assert "lobby" in str(err)
    # Another channel (or thread) is free.
    await service.create_lobby(GUILD, CHANNEL + 1, BEN, "tally")


async def test_a_finished_or_aborted_game_frees_the_channel(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    await service.abort(CHANNEL, ANA)
    info = await service.create_lobby(GUILD, CHANNEL, BEN, "tally")
    assert info.creator_id == BEN.id


async def test_join_fills_seats_in_order_up_to_the_limit(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally", 3)
    await service.join(CHANNEL, BEN)
    await _refused("service.already_seated", service.join(CHANNEL, BEN))
    info = await service.join(CHANNEL, CAL)
    assert [s.name for s in info.seats] == ["Ana", "Ben", "Cal"]
    err = await _refused("service.lobby_full", service.join(CHANNEL, DEE))
    assert "3 players" in str(err)


async def test_without_a_fixed_count_the_game_maximum_applies(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    for u in (BEN, CAL, DEE):
        await service.join(CHANNEL, u)
    await _refused("service.lobby_full", service.join(CHANNEL, OUTSIDER))


async def test_leaving_renumbers_seats_and_the_creator_leaving_closes_the_lobby(
    service: Service,
) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    await service.join(CHANNEL, BEN)
    await service.join(CHANNEL, CAL)
    info = await service.leave(CHANNEL, BEN)
    assert [(s.seat, s.name) for s in info.seats] == [(0, "Ana"), (1, "Cal")]
    await _refused("service.not_seated", service.leave(CHANNEL, BEN))
    info = await service.leave(CHANNEL, ANA)
    assert info.status == "aborted"
    await _refused("service.no_game", service.join(CHANNEL, BEN))


async def test_only_the_creator_starts_and_only_with_enough_players(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally", 3)
    await service.join(CHANNEL, BEN)
    err = await _refused("service.creator_only", service.start(CHANNEL, BEN))
    assert "Ana" in str(err)
    err = await _refused("service.too_few", service.start(CHANNEL, ANA))
    assert str(err) == "Tally (test game) needs 3 players to start; 2 have joined."
    await service.join(CHANNEL, CAL)
    await _refused("service.bad_order", service.start(CHANNEL, ANA, order=[ANA.id, BEN.id]))
    out = await service.start(CHANNEL, ANA, order=[CAL.id, ANA.id, BEN.id], render=False)
    assert out.lines[1:4] == ("1. Cal", "2. Ana", "3. Ben")
    assert out.mention == (CAL.id,) and out.to_act == (CAL.id,)
    await _refused("service.already_started", service.join(CHANNEL, DEE))
    await _refused("service.already_started", service.start(CHANNEL, ANA))


async def test_the_default_seat_order_is_drawn_from_the_seed(
    service: Service, open_service: object
) -> None:
    orders = []
    for channel, seed in ((1, 42), (2, 42), (3, 43), (4, 44), (5, 45)):
        await service.create_lobby(GUILD, channel, ANA, "tally", seed=seed)
        for u in (BEN, CAL, DEE):
            await service.join(channel, u)
        await service.start(channel, ANA, render=False)
        orders.append([s.name for s in (await service.game(channel)).seats])
    assert orders[0] == orders[1]  # same seed, same order
    assert len({tuple(o) for o in orders}) > 1  # not always the join order
    assert all(sorted(o) == ["Ana", "Ben", "Cal", "Dee"] for o in orders)


async def test_starting_posts_the_board_and_pings_the_first_player(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally", seed=7)
    await service.join(CHANNEL, BEN)
    out = await service.start(CHANNEL, ANA, order=[BEN.id, ANA.id])
    assert out.board_png is not None and out.board_png.startswith(b"\x89PNG")
    assert out.mention == (BEN.id,)
    assert out.lines[-1] == "Now: Ben."
    assert not out.finished


async def test_a_lobby_has_no_board_yet(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    await _refused("service.not_started", service.board(CHANNEL))
    await _refused("service.not_started", service.act(CHANNEL, ANA, "draw"))


async def test_my_games_lists_lobbies_too(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally")
    await started_game(service, (ANA, BEN), channel=CHANNEL + 1)  # Ana moves first
    games = await service.my_games(ANA.id)
    assert [(g.channel_id, g.status) for g in games] == [
        (CHANNEL + 1, "active"),
        (CHANNEL, "lobby"),
    ]


async def test_the_service_opens_from_the_settings(tmp_path: object) -> None:
    from pathlib import Path

    from bot.config import Config

    config = Config(db_path=Path(str(tmp_path)) / "t.db", reminder_delay_hours=5)
    svc = await Service.from_config(config, clock=lambda: 0.0)
    try:
        await svc.create_lobby(GUILD, CHANNEL, ANA, "tally")
        settings = await svc.settings(CHANNEL)
        assert (settings.reminder_delay_hours, settings.reminder_max) == (5, 3)
    finally:
        await svc.close()


async def test_the_start_message_states_the_turn_order_played_not_the_seat_order(
    service: Service,
) -> None:
    # Brass draws its own first turn order (B13): the message must list that one (issue 12.5)
    for channel, seed in ((1, 1), (2, 2), (3, 3), (4, 4)):
        await service.create_lobby(GUILD, channel, ANA, "brass", seed=seed)
        for u in (BEN, CAL):
            await service.join(channel, u)
        out = await service.start(channel, ANA, order=[BEN.id, ANA.id, CAL.id], render=False)
        assert out.lines[0].endswith("begins! Turn order:")
        stated = [line.split(". ", 1)[1] for line in out.lines[1:4]]
        first = {u.id: u.name for u in (ANA, BEN, CAL)}[out.to_act[0]]
        assert stated[0] == first
        assert sorted(stated) == ["Ana", "Ben", "Cal"]
        if stated != ["Ben", "Ana", "Cal"]:
            break  # an order that differs from the seats was stated and is the one played
    else:
        pytest.fail("every seed dealt the seat order: the test shows nothing")


@pytest.mark.parametrize("game", ["brass", "marco_polo", "tally"])
async def test_a_seat_order_given_to_start_says_when_the_game_draws_who_goes_first(
    service: Service, game: str
) -> None:
    """#28.4: `start NAME…` fixes the seats; Brass (B13) and Marco Polo (the start player) still
    draw who goes first, and the start message says so whenever that is not the first seat."""
    import engines

    await service.create_lobby(GUILD, CHANNEL, ANA, game, 3, {}, seed=5)
    await service.join(CHANNEL, BEN)
    await service.join(CHANNEL, CAL)
    out = await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id, CAL.id], render=False)
    engine = engines.get(game)
    state = service.session.states[out.game_id][1]
    turns = engine.turn_order(state, 3)
    said = [line for line in out.lines if "draws who goes first" in line]
    if turns == [0, 1, 2]:
        assert said == []
    else:
        first = ("Ana", "Ben", "Cal")[turns[0]]
        assert len(said) == 1 and said[0].endswith(f"the turns start with {first}.")
    assert game != "brass" or said  # this seed's Brass draws Cal first (B13)
