"""The pictures of docs/community.md, drawn the way the bot draws them (#27.2, #27.5).

    python -m bench.community_pictures docs/images

Seeded random games of Imhotep are played through the service on a scratch SQLite file by four
members (one with a Japanese name) and a computer level; the last game's results message gives
the score chart (``MoveOutcome.results``), and ``Service.leaderboard`` and ``Service.profile``
give the leaderboard and a profile, each drawn by ``bot/drawing.py`` as the Discord adapter does.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot import drawing
from bot.service import MoveOutcome, Service, User
from engines.randomplay import random_action
from engines.rng import Rng
from tests.fakes import FakeClock

GUILD = 1
PEOPLE = (User(11, "Alice"), User(12, "田中 花子"), User(13, "Bob"), User(14, "Zoë"))


async def play(svc: Service, channel: int, seats: tuple[User, ...], seed: int) -> MoveOutcome:
    """One Imhotep game played to its end with seeded random moves; the last move's outcome."""
    await svc.create_lobby(GUILD, channel, seats[0], "imhotep", seed=seed, lang="en")
    for user in seats[1:]:
        await svc.join(channel, user)
    await svc.start(channel, seats[0], order=[u.id for u in seats], render=False)
    rng = Rng(seed)
    by_id = {u.id: u for u in seats}
    while True:
        info = await svc.game(channel)
        user = by_id[info.to_act[0]]
        engine, state, seat = await svc.session.cached_turn(channel, user.id)
        move = random_action(engine, state, seat, rng)
        assert move is not None
        outcome = await svc.act(channel, user, move, render=False)
        if outcome.finished:
            return outcome


async def draw(folder: Path, games: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        svc = await Service.open(str(Path(scratch) / "pictures.db"), clock=FakeClock(1.8e9))
        try:
            last: MoveOutcome | None = None
            for i in range(games):
                seats = tuple(PEOPLE[(i + k) % len(PEOPLE)] for k in range(3))
                last = await play(svc, 100 + i, seats, seed=i + 1)
            assert last is not None and last.results is not None
            chart = await last.results.render_chart()
            assert chart is not None
            (folder / "score-chart.png").write_bytes(chart)
            board = await svc.leaderboard(GUILD, "imhotep", viewer=PEOPLE[3].id, lang="en")
            (folder / "leaderboard.png").write_bytes(drawing.draw_leaderboard(board.view))
            ja = await svc.leaderboard(GUILD, "imhotep", viewer=PEOPLE[1].id, lang="ja")
            (folder / "leaderboard-ja.png").write_bytes(drawing.draw_leaderboard(ja.view))
            profile = await svc.profile(GUILD, PEOPLE[1], lang="ja")
            assert profile.view is not None
            (folder / "profile-ja.png").write_bytes(drawing.draw_profile(profile.view))
            print("\n".join((*last.results.lines, *board.lines, *profile.lines)))
        finally:
            await svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    asyncio.run(draw(args.folder, args.games))


if __name__ == "__main__":
    main()
