"""Turn pings notify, exactly once, the right player — on Discord's semantics, not only ours.

The loopback stand-in notifies only for messages Discord creates (not for edits, nor for the
first followup after a deferred response, which edits it), only users ``allowed_mentions``
permits, and never for ephemeral messages. Given a whole random game of every engine played by
slash commands, when each command is delivered, then the users notified are exactly those whose
turn it became (each once), and nobody else.

The board image is drawn by a stand-in renderer here (a tiny PNG of the public view's digest) so
that whole games stay quick; the real renderers are exercised by the other Discord tests.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from collections.abc import Sequence
from typing import Any

import aiohttp
import pytest
from PIL import Image

import engines
from bot import drawing
from bot.discord_adapter import TurnpostBot
from engines.kit import plain
from tests.discord.conftest import ALICE, BOB
from tests.discord.driver import play_random_game
from tests.discord.loopback import APP_ID, CHANNEL_ID, DELIVERED, FakeDiscord, slash

GAMES = [e.meta.id for e in engines.all_engines()]


def quick_render(
    game: str, state: Any, names: Sequence[str], recent: Sequence[Any] = (), lang: str = "en"
) -> bytes:
    """A 4×4 PNG whose colour is a digest of the public view: cheap, still
    view-dependent."""
    view = engines.get(game).view(state, None)
    digest = hashlib.sha256(json.dumps(plain(view), sort_keys=True, default=str).encode()).digest()
    out = io.BytesIO()
    Image.new("RGB", (4, 4), tuple(digest[:3])).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def quick_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "draw_public", quick_render)


@pytest.mark.parametrize("game", GAMES)
async def test_every_turn_change_notifies_exactly_the_player_whose_turn_it_became(
    bot: TurnpostBot, fake: FakeDiscord, game: str, quick_boards: None
) -> None:
    record = await play_random_game(bot, fake, game, seed=1)
    assert record.finished, f"{game}: the game did not end in {record.moves} moves"
    assert record.mismatches == []
    assert record.turn_changes > 1
    assert record.notifications == sum(1 for n in fake.notifications if n.user_id)
    assert all(n.user_id != 0 for n in fake.notifications)  # never @everyone
    # One public message per turn: a player going on with their turn updates its board.
    assert record.messages_per_turn <= 1.2, record


async def test_the_stand_in_notifies_only_for_created_public_messages(fake: FakeDiscord) -> None:
    """Discord's rules as the stand-in applies them: after a deferred response the first
    followup is an edit (silent, and ephemeral like the defer); a later followup is created and
    notifies the users its allowed_mentions name; a channel message edit notifies nobody."""
    ping = {"content": "<@1001> <@1002>: your turn.", "allowed_mentions": {"users": ["1001"]}}
    async with aiohttp.ClientSession() as http:

        async def call(method: str, path: str, body: dict[str, Any]) -> Any:
            async with http.request(method, fake.base + path, json=body) as r:
                return await r.json() if r.status != 204 else None

        deferred = slash(ALICE, "game board")
        DELIVERED[deferred["token"]] = {"at": time.perf_counter(), "type": 2}
        hook = f"/webhooks/{APP_ID}/{deferred['token']}"
        await call(
            "POST",
            f"/interactions/{deferred['id']}/{deferred['token']}/callback",
            {"type": 5, "data": {"flags": 64}},
        )
        first = await call("POST", hook, {**ping, "flags": 0})
        assert fake.sent[-1].kind == "edit" and fake.sent[-1].visible_ephemeral
        assert first["flags"] & 64 and fake.notified() == []
        await call("POST", hook, {**ping, "flags": 0})
        assert fake.sent[-1].kind == "create" and fake.notified() == [1001]
        posted = await call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "<@1002>"})
        assert fake.notified() == [1001, 1002]  # no allowed_mentions: Discord parses them all
        await call("PATCH", f"/channels/{CHANNEL_ID}/messages/{posted['id']}", ping)
        assert fake.sent[-1].kind == "edit" and fake.notified() == [1001, 1002]
        # Too late: the first response must come within 3 seconds.
        late = slash(BOB, "game board")
        DELIVERED[late["token"]] = {"at": time.perf_counter() - 3.5, "type": 2}
        await call("POST", f"/interactions/{late['id']}/{late['token']}/callback", {"type": 5})
        assert fake.sent[-1].status == 404
