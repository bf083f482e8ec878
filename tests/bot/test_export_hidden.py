"""#11.3: the export of a running game reveals nothing a spectator may not know. Two games that
differ only in hidden information (another seed dealing the same public table, or another secret
choice) export identically until their public history parts; once over, the export is complete."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.service import Service, ServiceError, User, replay
from engines.base import Engine
from engines.kit import plain
from engines.randomplay import random_action
from engines.rng import Rng
from tests import games
from tests.fakes import FakeClock

USERS = (User(1, "Ana"), User(2, "Ben"), User(3, "Cal"))
SEED_A, SEED_B = 5, 6
LOCKSTEP_MOVES = 40


def _lists(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths of every list in a dumped state holding at least two different items."""
    if isinstance(obj, list):
        if len({json.dumps(x, sort_keys=True) for x in obj}) > 1:
            yield path
        for i, x in enumerate(obj):
            yield from _lists(x, (*path, i))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _lists(v, (*path, k))


def _public(engine: Engine[Any, Any], state: Any) -> str:
    return json.dumps(plain(engine.view(state, None)), sort_keys=True)


def hidden_twin(engine: Engine[Any, Any], state: Any, players: int) -> Any:
    """``state`` with some hidden information changed and the public view unchanged: a list of
    the dumped state (a deck, a hand, goal cards...) reversed, preferring one that changes what
    some seat sees privately."""
    dumped = engine.dump(state)
    public = _public(engine, state)
    fallback = None
    for path in _lists(dumped):
        changed = copy.deepcopy(dumped)
        node = changed
        for key in path:
            node = node[key]
        node.reverse()
        try:
            twin = engine.load(changed)
            if _public(engine, twin) != public:
                continue
        except Exception:  # a reversal the state does not accept: not a twin
            continue
        private = any(
            json.dumps(plain(engine.view(twin, s)), sort_keys=True)
            != json.dumps(plain(engine.view(state, s)), sort_keys=True)
            for s in range(players)
        )
        if private:
            return twin
        fallback = fallback or twin
    assert fallback is not None, f"{engine.meta.id}: no hidden information to vary"
    return fallback


async def _start(svc: Service, channel: int, game: str, seed: int, players: int) -> None:
    await svc.create_lobby(0, channel, USERS[0], game, seed=seed)
    for u in USERS[1:players]:
        await svc.join(channel, u)
    await svc.start(channel, USERS[0], order=[u.id for u in USERS[:players]], render=False)


@pytest.mark.parametrize("game", ["tally", *games.shipped()])
async def test_running_games_differing_only_in_hidden_information_export_identically(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = engines.get(game)
    players = games.players(game)
    real_setup = engine.setup

    # Game B's seed deals game A's table with some hidden information changed.
    def setup(n: int, options: Any, seed: int) -> Any:
        if seed == SEED_B:
            return hidden_twin(engine, real_setup(n, options, SEED_A), n)
        return real_setup(n, options, seed)

    monkeypatch.setattr(engine, "setup", setup)
    svc = await Service.open(tmp_path / "t.db", clock=FakeClock(1_000_000.0))
    try:
        await _start(svc, 1, game, SEED_A, players)
        await _start(svc, 2, game, SEED_B, players)
        assert await svc.record((await svc.game(1)).game_id) != await svc.record(
            (await svc.game(2)).game_id
        ), "the two games must differ"
        compared = 0
        rng = Rng(1)
        # Play the same moves in both while their public history stays the same.
        for _ in range(LOCKSTEP_MOVES):
            a, b = await svc.export(1), await svc.export(2)
            if a["view"] != b["view"] or a["actions"] != b["actions"]:
                break  # hidden information came out publicly (a card drawn): they part here
            assert a == b
            assert "seed" not in a and not a["complete"]
            assert json.loads(json.dumps(a)) == a  # plain JSON data, as the console writes it
            compared += 1
            info = await svc.game(1)
            if info.status != "active":
                break
            user = next(u for u in USERS if u.id == info.to_act[0])
            state = svc.session.states[info.game_id][1]
            text = random_action(engine, state, info.seat_of(user.id) or 0, rng)
            assert text is not None
            await svc.act(1, user, text, render=False)
            try:
                await svc.act(2, user, text, render=False)
            except ServiceError:
                break  # not legal in the twin: the histories part
        assert compared >= 1
    finally:
        await svc.close()


async def test_secret_goal_choices_do_not_show_in_the_export(tmp_path: Path) -> None:
    """Marco Polo's advanced set-up: each player keeps two of four goal cards in secret."""
    svc = await Service.open(tmp_path / "t.db", clock=FakeClock(1_000_000.0))
    engine = engines.get("marco_polo")
    try:
        for channel in (1, 2):
            await svc.create_lobby(0, channel, USERS[0], "marco_polo", seed=11,
                                   options={"setup": "advanced"})  # fmt: skip
            await svc.join(channel, USERS[1])
            await svc.start(channel, USERS[0], order=[1, 2], render=False)
        kept = 0
        rng = Rng(2)
        for _ in range(20):
            info = await svc.game(1)
            user = next(u for u in USERS if u.id == info.to_act[0])
            seat = info.seat_of(user.id) or 0
            state = svc.session.states[info.game_id][1]
            if engine.complete(state, seat, "") != ["keep"]:
                text = random_action(engine, state, seat, rng)
                assert text is not None
                await svc.act(1, user, text, render=False)
                await svc.act(2, user, text, render=False)
                continue
            # Game 1 keeps the first pair of goal cards offered, game 2 the last pair.
            choices = []
            for pick in (0, -1):
                first = engine.complete(state, seat, "keep ")[pick].strip()
                second = engine.complete(state, seat, f"keep {first} ")[pick].strip()
                choices.append(f"keep {first} {second}")
            assert choices[0] != choices[1]
            await svc.act(1, user, choices[0], render=False)
            await svc.act(2, user, choices[1], render=False)
            kept += 1
            if kept == 2:
                break
        assert kept == 2
        one, two = await svc.export(1), await svc.export(2)
        assert one == two
        assert all(not a["action"].startswith("keep ") for a in one["actions"])
        with pytest.raises(ServiceError) as err:
            replay(one)
        assert err.value.key == "service.export_running"
    finally:
        await svc.close()


async def test_the_export_of_a_finished_game_is_complete_and_replays(tmp_path: Path) -> None:
    svc = await Service.open(tmp_path / "t.db", clock=FakeClock(1_000_000.0))
    try:
        await _start(svc, 1, "tally", SEED_A, 2)
        rng = Rng(3)
        while (info := await svc.game(1)).status == "active":
            user = next(u for u in USERS if u.id == info.to_act[0])
            text = random_action(
                engines.get("tally"),
                svc.session.states[info.game_id][1],
                info.seat_of(user.id) or 0,
                rng,
            )
            assert text is not None
            await svc.act(1, user, text, render=False)
        export = await svc.export(1)
        assert export["complete"] and export["seed"] == SEED_A
        assert replay(export).result == export["result"]
    finally:
        await svc.close()
