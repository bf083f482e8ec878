"""Nothing hidden in any public message (issue 10.2), components included.

Given a position of a random game of every engine, and variants of it that differ ONLY in hidden
information (found by perturbing the saved state — reordering a list, changing a number — and
keeping each perturbation whose public view, ``engine.view(state, None)``, is unchanged while the
state itself differs), when the board is posted for everyone, then the whole public payload —
content, embeds, components with their labels, options and custom ids, allowed mentions,
attachment names and bytes — is identical for the position and every variant.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot.discord_adapter import TurnpostBot
from bot.service import User
from engines.kit import plain
from tests.discord.driver import SEATS, play_random_game, random_move
from tests.discord.helpers import send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, slash

GAMES = [e.meta.id for e in engines.all_engines()]
#: Positions checked per game, moves between them, and hidden variants per position.
POSITIONS = 4
STRIDE = 7
VARIANTS = 3


def _walk(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, (*path, i))


def _replaced(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(obj, dict):
        return {**obj, head: _replaced(obj[head], tuple(rest), value)}
    out = list(obj)
    out[head] = _replaced(obj[head], tuple(rest), value)
    return out


def _mutations(node: Any) -> Iterator[Any]:
    if isinstance(node, list) and len(node) >= 2:
        yield list(reversed(node))
        yield node[1:] + node[:1]
    elif isinstance(node, int) and not isinstance(node, bool):
        yield node + 1
        yield node - 1


def _canon(view: Any) -> str:
    return json.dumps(plain(view), sort_keys=True, default=str)


def hidden_variants(game: str, state: Any, seats: int, limit: int) -> list[Any]:
    """States that differ from ``state`` only in what the public view does not show; those that
    change some seat's own view (a hand, a face-down card, money kept secret) come first."""
    engine = engines.get(game)
    text = engine.dumps(state)
    base = json.loads(text)
    public = _canon(engine.view(state, None))
    private = [_canon(engine.view(state, s)) for s in range(seats)]
    seen_private: list[Any] = []
    only_order: list[Any] = []
    for path, node in list(_walk(base)):
        for mutated in _mutations(node):
            try:
                variant = engine.loads(json.dumps(_replaced(base, path, mutated)))
                if engine.dumps(variant) == text:
                    continue
                if _canon(engine.view(variant, None)) != public:
                    continue
                changed = any(_canon(engine.view(variant, s)) != private[s] for s in range(seats))
            except Exception:
                continue  # not a state the engine accepts: not a variant
            (seen_private if changed else only_order).append(variant)
            if len(seen_private) >= limit:
                return seen_private
    return (seen_private + only_order)[:limit]


def public_payload(fake: FakeDiscord, mark: int) -> list[Any]:
    """Everything public the bot sent after ``mark``: message bodies and attached files."""
    out: list[Any] = []
    for s in fake.since(mark):
        if s.visible_ephemeral or s.kind in ("defer", ""):
            continue
        # discord.py's nonce is a random number per request, the same for any content.
        body = {k: v for k, v in (s.json or {}).items() if k not in ("nonce", "enforce_nonce")}
        out.append((s.method, s.path.rsplit("/", 1)[0], body, s.files))
    return out


@pytest.mark.parametrize("game", GAMES)
async def test_the_public_board_is_the_same_whatever_the_hidden_information(
    bot: TurnpostBot, fake: FakeDiscord, game: str
) -> None:
    rng = random.Random(game)
    await play_random_game(bot, fake, game, seed=3, max_moves=STRIDE)
    info = await bot.service.game(CHANNEL_ID)
    compared = positions = 0
    while positions < POSITIONS and info.status == "active":
        version, state = bot.service.session.states[info.game_id]
        assert version == info.version
        variants = hidden_variants(game, state, len(info.seats), VARIANTS)
        payloads = []
        # The board of this position first: each post below then retires a board of the same
        # public position (a retired table message is edited to its layout without buttons).
        await send(bot, fake, slash(SEATS[0], "game board"))
        for st in [state, *variants]:
            bot.service.session.remember(info.game_id, info.version, st)
            mark = len(fake.sent)
            await send(bot, fake, slash(SEATS[0], "game board"))
            payloads.append(public_payload(fake, mark))
        bot.service.session.remember(info.game_id, info.version, state)
        assert payloads[0], "the board was not posted"
        for variant_payload in payloads[1:]:
            assert variant_payload == payloads[0]
        compared += len(variants)
        positions += 1
        for _ in range(STRIDE):
            info = await bot.service.game(CHANNEL_ID)
            if info.status != "active":
                break
            player = next(p for p in SEATS if p.id == rng.choice(info.to_act))
            move = await random_move(bot, User(player.id, player.name), rng)
            await send(bot, fake, slash(player, "play", move=move))
        info = await bot.service.game(CHANNEL_ID)
    assert compared, f"{game}: no state differing only in hidden information was found"
