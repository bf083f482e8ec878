"""#28.3 through the service: a move's mark is logged with what it earned (from its events), and
the board drawn from the log says it in its last-move box."""

from __future__ import annotations

import pytest

import engines
import renderers
from bot.service import Service
from engines.kit import with_recent
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from renderers import kit
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, GUILD


async def test_the_service_logs_what_a_bombay_sale_earned_and_the_board_says_it(
    service: Service,
) -> None:
    users = (ANA, BEN, CAL)
    await service.create_lobby(GUILD, CHANNEL, ANA, "bombay", seed=3)
    for u in users[1:]:
        await service.join(CHANNEL, u)
    await service.start(CHANNEL, ANA, order=[u.id for u in users], render=False)
    engine = engines.get("bombay")
    rng = Rng(seed_state(9))
    for _ in range(400):
        info = await service.game(CHANNEL)
        user = {u.id: u for u in users}[info.to_act[0]]
        state = service.session.states[info.game_id][1]
        seat = info.seat_of(user.id) or 0
        legal = [str(a) for a in engine.legal_actions(state, seat) or []]
        sells = [m for m in legal if m.startswith("sell")]
        text = sells[0] if sells else random_action(engine, state, seat, rng)
        assert text is not None
        out = await service.act(CHANNEL, user, text, render=False)
        if sells:
            break
    else:
        pytest.fail("nobody could sell")
    (sold,) = [a for a in await service.db.actions(info.game_id)][-1:]
    rupees = next(e["params"]["rupees"] for e in sold.events if e["key"] == "bombay.sold")
    recent = await service.play.recent_marks(info.game_id, [])
    assert recent[-1]["earned"][0] == [seat, "bombay.count.rupee", rupees]
    assert out.board is not None
    view = with_recent(engine.view(out.board.state, None), recent)
    line = kit.last_line(view, "en")
    unit = "rupee" if rupees == 1 else "rupees"
    assert f"{text} (+{rupees} {unit}" in line, line
    renderers.get("bombay").render(view, names=["Ana", "Ben", "Cal"], lang="en")
