"""The leaderboard, profiles and a finished game's results (#27.2, #27.5) on both backends: read
from the stored ratings, their changes game by game and the log's times; refused with a clear
reason when there is nothing to show; public by construction."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.service import Service, ServiceError, User
from bot.service import community as community_module
from bot.service.ending import chart, score_track
from bot.service.ratings import shown
from bot.storage import ActionRow, GameRow, SeatRow
from engines.randomplay import random_play
from engines.rng import Rng, seed_state
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, GUILD, OUTSIDER
from tests.bot.test_ratings import OTHER_GUILD, open_game, play_out
from tests.fakes import FakeClock


async def finish(svc: Service, channel: int, users: tuple[User, ...], **kw: Any) -> None:
    await open_game(svc, channel, users, **kw)
    await play_out(svc, channel)


async def test_standings_are_best_first_by_mu_minus_three_sigma(service: Service) -> None:
    await finish(service, CHANNEL, (ANA, BEN, CAL))
    rows = await service.standings("tally", GUILD)
    assert len(rows) == 3
    values = [shown(r.mu, r.sigma) for r in rows]
    assert values == sorted(values, reverse=True)
    assert rows[0].wins == 1 and all(r.games == 1 for r in rows)


async def test_a_leaderboard_of_a_game_nobody_finished_says_so(service: Service) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.leaderboard(GUILD, "imhotep", lang="en")
    assert refused.value.key == "service.leaderboard_empty.server"
    assert str(refused.value) == ("Nobody has finished a rated game of Imhotep on this server yet.")
    with pytest.raises(ServiceError) as unknown:
        await service.leaderboard(GUILD, "chess")
    assert unknown.value.key == "core.unknown_game"
    with pytest.raises(ServiceError) as scope:
        await service.leaderboard(GUILD, "tally", scope="planet")
    assert scope.value.key == "service.bad_scope"


async def test_the_leaderboard_ranks_this_server_or_all_servers(service: Service) -> None:
    await finish(service, CHANNEL, (ANA, BEN))
    await finish(service, CHANNEL + 1, (CAL, ANA), guild=OTHER_GUILD, seed=9)
    here = await service.leaderboard(GUILD, "tally", viewer=BEN.id, lang="en")
    assert [r.name for r in here.view.rows] == sorted(
        ["Ana", "Ben"], key=lambda n: [r.name for r in here.view.rows].index(n)
    )
    assert {r.name for r in here.view.rows} == {"Ana", "Ben"} and here.view.players == 2
    assert [r.rank for r in here.view.rows] == [1, 2]
    assert [r.own for r in here.view.rows].count(True) == 1
    assert here.lines[0] == "Tally (test game): leaderboard of this server"
    everywhere = await service.leaderboard(GUILD, "tally", scope="global", lang="en")
    assert {r.name for r in everywhere.view.rows} == {"Ana", "Ben", "Cal"}
    ana = next(r for r in everywhere.view.rows if r.name == "Ana")
    assert ana.games == 2
    with pytest.raises(ServiceError):
        await service.leaderboard(OTHER_GUILD + 1, "tally")


async def test_a_reader_below_the_top_gets_their_own_line(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finish(service, CHANNEL, (ANA, BEN, CAL))
    monkeypatch.setattr(community_module, "TOP", 1)
    board = await service.leaderboard(GUILD, "tally", viewer=CAL.id, lang="en")
    top, *rest = board.view.rows
    if top.name == "Cal":
        assert rest == [] and top.own
    else:
        (own,) = rest
        assert own.name == "Cal" and own.own and own.rank in (2, 3)
        order = await service.standings("tally", GUILD)
        assert order[own.rank - 1].player == f"user:{CAL.id}"


async def test_a_profile_of_a_member_who_never_played_says_so(service: Service) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.profile(GUILD, OUTSIDER, lang="es")
    assert refused.value.key == "service.profile_none"
    assert refused.value.text("es") == "Zed aún no ha jugado ninguna partida en este servidor."


async def test_a_profile_shows_ratings_history_games_times_and_rivals(
    service: Service, clock: FakeClock
) -> None:
    # Ana takes an hour over each of her turns, Ben a minute.
    await open_game(service, CHANNEL, (ANA, BEN))
    while (info := await service.game(CHANNEL)).status == "active":
        user = ANA if ANA.id in info.to_act else BEN
        clock.advance(3600.0 if user is ANA else 60.0)
        await service.act(CHANNEL, user, (await service.legal(CHANNEL, user))[0])
    ana = await service.profile(GUILD, ANA, lang="en")
    assert "Median time to move: 1 hour" in ana.lines
    ben = await service.profile(GUILD, BEN, lang="ja")
    assert "手番にかかる時間の中央値：1分" in ben.lines
    await finish(service, CHANNEL, (BEN, ANA), seed=11)
    # A started game aborted: abandoned for both.
    await open_game(service, CHANNEL, (ANA, BEN), seed=12)
    await service.abort(CHANNEL, ANA, can_manage=True)
    profile = await service.profile(GUILD, ANA, lang="en")
    assert profile.view is not None
    (tally,) = profile.view.games
    assert tally.games == 2 and len(tally.history) == 2
    assert tally.history[-1] == pytest.approx(tally.rating, abs=0.05)
    assert profile.lines[0] == "Ana"
    assert profile.lines[1].startswith("Tally (test game): rating ")
    assert "on all servers" in profile.lines[1]
    assert "Games finished: 2 · abandoned: 1" in profile.lines
    (rival,) = [line for line in profile.lines if line.startswith("Against ")]
    assert rival.startswith("Against Ben: 2 games, ahead ")


async def test_a_finished_game_says_each_seats_rating_before_and_after(service: Service) -> None:
    await open_game(service, CHANNEL, (ANA, BEN))
    while (info := await service.game(CHANNEL)).status == "active":
        user = ANA if ANA.id in info.to_act else BEN
        outcome = await service.act(CHANNEL, user, (await service.legal(CHANNEL, user))[0])
    assert outcome.finished and outcome.results is not None
    first, second = outcome.results.shifts
    assert (first.place, second.place) == (1, 2)
    assert first.before == pytest.approx(0.0) and second.before == pytest.approx(0.0)
    assert first.after > second.after
    chart_view = outcome.results.chart
    assert chart_view is not None and not chart_view.hidden
    assert chart_view.labels[-1] == "Final"
    async with service.db.read():
        row = await service.db.game(outcome.game_id)
    assert row is not None and row.result is not None
    assert [line.final for line in chart_view.lines] == row.result["scores"]
    png = await outcome.results.render_chart()
    assert png is not None and png.startswith(b"\x89PNG")


def _random_game(game: str, seed: int) -> tuple[GameRow, list[SeatRow], list[ActionRow], Any]:
    engine = engines.get(game)
    state = engine.setup(3, {}, seed)
    final, steps = random_play(engine, state, Rng(seed_state(seed)))
    row = GameRow(
        id=1, guild_id=GUILD, channel_id=CHANNEL, engine=game, options={}, seed=seed,
        status="finished", creator_id=1, players=3, version=1, created_at=0.0, updated_at=0.0,
        snapshot=None, to_act=[], round_info="", result=None,
    )  # fmt: skip
    seats = [SeatRow(i, i + 1, n) for i, n in enumerate(("Ana", "ベン", "Cal"))]
    actions = [
        ActionRow(i, s, a, [], False, False, False, 0.0) for i, (_, s, a) in enumerate(steps)
    ]
    return row, seats, actions, final


def test_the_score_chart_reads_each_round_from_the_public_view() -> None:
    row, seats, actions, final = _random_game("imhotep", 5)
    engine = engines.get("imhotep")
    track = score_track(engine, row, 3, actions)
    assert track is not None
    labels, points = track
    # Imhotep's six rounds: a point as each of rounds 1..5 ends, and as the last one does.
    assert labels[:5] == ("1", "2", "3", "4", "5")
    assert all(len(p) == 3 for p in points)
    assert all(
        a <= b for p, q in zip(points, points[1:], strict=False) for a, b in zip(p, q, strict=True)
    )
    result = engine.result(final)
    assert result is not None
    view = chart(row, seats, result.to_json(), actions, "ja")
    assert view is not None and view.labels[-1] == "最終"
    assert [c.final for c in view.lines] == list(result.scores)


def test_a_game_that_hides_scores_until_the_end_charts_only_the_final_sheet() -> None:
    """Bombay's money stays behind the screens (Y83): nothing before the end is drawn."""
    row, seats, actions, final = _random_game("bombay", 3)
    engine = engines.get("bombay")
    assert score_track(engine, row, 3, actions) is None
    result = engine.result(final)
    assert result is not None
    view = chart(row, seats, result.to_json(), actions, "en")
    assert view is not None and view.hidden and view.labels == ("Final",)
    assert all(c.scores == () for c in view.lines)


async def test_a_japanese_tables_results_speak_japanese(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally", seed=4, lang="ja")
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    while (info := await service.game(CHANNEL)).status == "active":
        user = ANA if ANA.id in info.to_act else BEN
        outcome = await service.act(CHANNEL, user, (await service.legal(CHANNEL, user))[0])
    assert outcome.results is not None and outcome.results.chart is not None
    title, *lines = outcome.results.lines
    assert title == "このサーバーでのレーティング（μ − 3σ）："
    assert lines[0].startswith("1位 ") and " → " in lines[0]
    assert outcome.results.chart.labels[-1] == "最終"
