"""The move builder's service part: a screen of ``engines.builder`` for the player to act, on the
game's current version, in the reader's language.

A builder is addressed by (game id, version, path): the path is the player's choices so far as
indices, so the adapter keeps nothing in memory and a click after a restart still works. A
builder opened on an older version is refused ``service.stale`` (the board moved on); only the
player who must act now gets one (``service.not_your_turn`` otherwise)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.results import ServiceError, User
from bot.service.session import Session, seat_of
from engines import builder
from engines.catalog import CATALOG
from engines.kit import private_fields


@dataclass(frozen=True)
class BuilderScreen:
    """One builder screen for one player, with what addresses it."""

    game_id: int
    version: int
    game: str
    screen: builder.Screen
    #: What only this player may know and needs now (the first screen of a turn only).
    private: tuple[str, ...] = ()


def essentials(
    engine: Any, state: Any, seat: int, lang: str, names: Sequence[str]
) -> tuple[str, ...]:
    """What only the seat may know and needs now, in ``lang``: the game describer's own lines
    (goals by city, a hand by name) where it has them, else the private fields as "label:
    value" (what "My hand" lists)."""
    game = engine.meta.id
    own = getattr(builder.describer(game), "essentials", None)
    if own is not None:
        return tuple(
            CATALOG.text(key, params, lang=lang, names=names) for key, params in own(state, seat)
        )
    out = []
    for key, value in private_fields(engine.view(state, seat)):
        if key == "seat":
            continue
        label_key = f"{game}.private.{key}"
        label = (
            CATALOG.text(label_key, lang=lang) if CATALOG.has(label_key) else key.replace("_", " ")
        )
        out.append(
            CATALOG.text(
                "service.private_line", {"label": label, "value": value}, lang=lang, names=names
            )
        )
    return tuple(out)


class Builders:
    """Builder screens over the shared session (reads only: playing the built move is
    ``Playing.act``, with the version the screen was built on)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    async def builder(
        self,
        channel_id: int,
        user: User,
        path: Sequence[int] = (),
        *,
        lang: str,
        game_id: int | None = None,
        version: int | None = None,
    ) -> BuilderScreen:
        """The builder screen after ``path`` for ``user``, who must be the one to act now.
        ``version`` None: the current version (a fresh builder)."""
        async with self.session.db.read():
            g = await self.session.load(channel_id, game_id, live=True, expected_version=version)
        engine, state, names = g.engine, g.state, g.names
        seat = seat_of(g.seats, user.id)
        if seat is None:
            raise ServiceError("service.not_seated")
        to_act = engine.to_act(state)
        if not to_act:
            raise ServiceError("service.game_over")
        if seat not in to_act or g.seats[seat].removed:
            raise ServiceError(
                "service.not_your_turn", names=[s.name for s in g.seats if s.seat in to_act]
            )
        # A screen walks the engine's completion (up to a few hundred ms for Brass under load):
        # in a worker thread, so other interactions' first responses are not held up by it.
        try:
            shown = await asyncio.to_thread(
                builder.screen, engine, state, seat, path, lang=lang, names=names
            )
        except builder.PathGone as gone:
            raise ServiceError("service.stale") from gone
        private = (
            await asyncio.to_thread(essentials, engine, state, seat, lang, names)
            if not path
            else ()
        )
        return BuilderScreen(g.row.id, g.row.version, g.row.engine, shown, private)

    async def turn_essentials(
        self, channel_id: int, game_id: int, user_id: int, *, lang: str
    ) -> tuple[str, ...]:
        """What only ``user_id`` may know at game ``game_id`` and needs now, in ``lang``: the
        lines of a turn's direct message (#26.3). Empty when they hold no seat there."""
        async with self.session.db.read():
            g = await self.session.load(channel_id, game_id, live=False)
        seat = seat_of(g.seats, user_id)
        if seat is None:
            return ()
        return essentials(g.engine, g.state, seat, lang, g.names)
