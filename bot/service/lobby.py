"""The lobby: opening a table, taking and leaving seats, and starting the game."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.clock import PRESETS, ClockRules
from bot.reminders import HOUR
from bot.service.narrate import Narrator, game_title
from bot.service.play import Playing
from bot.service.results import (
    GameInfo,
    MoveOutcome,
    ServiceError,
    User,
)
from bot.service.session import (
    Session,
    engine_of,
    seat_of,
)
from bot.service.takeover import has_computer
from bot.storage import (
    Conflict,
    GameRow,
    SeatRow,
)
from engines.base import IllegalAction
from engines.catalog import CATALOG
from engines.rng import Rng, seed_state


class Lobbies:
    """Lobbies: create, join, leave, start. Needs the session, words, and the play part to
    commit the start (the deal is the game's first change)."""

    def __init__(self, session: Session, words: Narrator, play: Playing) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.play = play

    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        creator: User,
        game: str,
        players: int | None = None,
        options: Mapping[str, str] | None = None,
        *,
        seed: int | None = None,
        hints: bool = True,
        lang: str | None = None,
        seated: Sequence[User] = (),
        clock: str | ClockRules | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel; the creator takes the first seat and ``seated`` (a
        rematch's players) the next ones, in the same transaction.

        Raises ServiceError for an unknown game, bad option/player count, or a channel that
        already has a lobby or active game (``service.channel_busy``). ``seed`` fixes the game's
        randomness (tests, replays); by default it is drawn at random. ``hints=False`` makes a
        competitive table: nobody may ask for a hint. ``lang`` is the table's language
        (#28.1: its boards, glances and public lines; None: the deployment's), one the catalog
        speaks (``service.bad_language`` otherwise). ``clock``: a time bank from the start,
        one of ``bot.clock.PRESETS`` (filled each round; a computer takes over where one can
        play the game, else the table votes) or a rematch's rules, set with the lobby.
        """
        engine = engine_of(game)
        rules = clock if isinstance(clock, ClockRules) or clock is None else None
        if isinstance(clock, str):
            if clock not in PRESETS:
                raise ServiceError(
                    "service.bad_clock_preset", clock=clock, choices=", ".join(PRESETS)
                )
            per_move, bank = PRESETS[clock]
            policy = "computer" if has_computer(engine.meta.id) else "vote"
            rules = ClockRules(per_move * HOUR, bank * HOUR, "round", policy)
        table_lang = self.words.lang if lang is None else lang.strip().lower()
        if table_lang not in CATALOG.languages():
            raise ServiceError(
                "service.bad_language", lang=table_lang, choices=", ".join(CATALOG.languages())
            )
        try:
            if players is not None:
                engine.meta.validate_players(players)
            opts = engine.meta.validate_options(options)
        except IllegalAction as exc:
            raise ServiceError.from_illegal(exc) from exc
        now = self.session.clock()
        the_seed = secrets.randbits(62) if seed is None else int(seed)
        async with self.session.write():
            try:
                game_id = await self.db.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    engine=engine.meta.id,
                    options=opts,
                    seed=the_seed,
                    creator_id=creator.id,
                    players=players,
                    now=now,
                    lang=table_lang,
                )
            except Conflict:
                # The partial unique index is the guard; this only picks the message.
                busy = await self.db.live_game(channel_id)
                raise ServiceError(
                    "service.channel_busy",
                    game=game_title(busy.engine, self.words.lang) if busy else "?",
                    status=busy.status if busy else "?",
                ) from None
            sitting = [creator, *(u for u in seated if u.id != creator.id)]
            await self.db.set_seats(
                game_id, [SeatRow(i, u.id, u.name) for i, u in enumerate(sitting)]
            )
            await self.db.put_settings(game_id, replace(self.session.defaults, hints=hints))
            if rules is not None:
                await self.db.put_clock_rules(game_id, rules)
            row = await self.session.row(channel_id, game_id, live=True)
            seats = await self.session.seats_of(row)
        return self.words.info(row, seats)

    async def rematch(self, channel_id: int, user: User, game_id: int) -> GameInfo:
        """Open a lobby for a rematch of finished game ``game_id`` (#27.5): the same game,
        options, language and hints, with every seat that finished it already seated (people
        and computers alike; a seat voted out is not), ``user`` its creator. Only a player of
        that game may ask; refused when the channel already has a lobby or a game
        (``service.channel_busy``, so a second click opens nothing more). One transaction:
        the lobby is opened with its seats or not at all."""
        async with self.db.read():
            old = await self.db.game(game_id)
            seats = await self.db.seats(game_id) if old is not None else []
            settings = await self.db.settings(game_id) if old is not None else None
            rules = await self.db.clock_rules(game_id) if old is not None else None
        if old is None or old.channel_id != channel_id or old.status != "finished":
            raise ServiceError("service.stale")
        held = [s for s in seats if not s.removed]
        if all(s.user_id != user.id for s in held):
            raise ServiceError("service.rematch_players_only")
        # The asker sits first (they create the lobby); the others keep their order.
        order = sorted(held, key=lambda s: (s.user_id != user.id, s.seat))
        return await self.create_lobby(
            old.guild_id,
            channel_id,
            user,
            old.engine,
            len(order),
            old.options,
            hints=settings.hints if settings is not None else True,
            lang=old.lang or None,
            seated=[User(s.user_id, s.name) for s in order],
            clock=rules,
        )

    async def join(self, channel_id: int, user: User) -> GameInfo:
        """Take a seat in the channel's lobby."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.lobby_of(channel_id)
            seats = await self.session.seats_of(row)
            if seat_of(seats, user.id) is not None:
                raise ServiceError("service.already_seated")
            await self.seat(row, seats, user, now)
            row = await self.session.row(channel_id, row.id, live=True)
            seats = await self.session.seats_of(row)
        return self.words.info(row, seats)

    async def leave(self, channel_id: int, user: User) -> GameInfo:
        """Leave the lobby (the creator leaving closes it: status "aborted")."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.lobby_of(channel_id)
            seats = await self.session.seats_of(row)
            if seat_of(seats, user.id) is None:
                raise ServiceError("service.not_seated")
            if user.id == row.creator_id:
                await self.db.set_status(row.id, "aborted", now)
            else:
                await self.unseat(row, seats, user.id, now)
            row = await self.session.row(channel_id, row.id, live=False)
            seats = await self.session.seats_of(row)
        return self.words.info(row, seats)

    async def seat(self, row: GameRow, seats: Sequence[SeatRow], user: User, now: float) -> None:
        """Seat ``user`` last at the lobby's table; refused when it is full. Caller holds the
        write lock."""
        limit = row.players or engine_of(row.engine).meta.max_players
        if len(seats) >= limit:
            raise ServiceError("service.lobby_full", players=limit)
        await self.db.set_seats(row.id, (*seats, SeatRow(len(seats), user.id, user.name)))
        await self.db.touch(row.id, now)

    async def unseat(
        self, row: GameRow, seats: Sequence[SeatRow], user_id: int, now: float
    ) -> None:
        """Take ``user_id`` from the lobby's table; those after move up a seat."""
        rest = [s for s in seats if s.user_id != user_id]
        await self.db.set_seats(row.id, [SeatRow(i, s.user_id, s.name) for i, s in enumerate(rest)])
        await self.db.touch(row.id, now)

    async def lobby_of(self, channel_id: int) -> GameRow:
        row = await self.session.row(channel_id, None, live=True)
        if row.status != "lobby":
            raise ServiceError("service.already_started")
        return row

    async def start(
        self,
        channel_id: int,
        user: User,
        order: list[int] | None = None,
        *,
        render: bool = True,
    ) -> MoveOutcome:
        """Start the lobby (creator only). ``order`` lists user ids in seat order; by default the
        seat order is a shuffle drawn from the game's seed."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.lobby_of(channel_id)
            words = self.words.of(row)
            seats = list(await self.session.seats_of(row))
            if user.id != row.creator_id:
                creator = next((s.name for s in seats if s.user_id == row.creator_id), "?")
                raise ServiceError("service.creator_only", name=creator)
            engine = engine_of(row.engine)
            meta = engine.meta
            if len(seats) < meta.min_players or (row.players and len(seats) != row.players):
                raise ServiceError(
                    "service.too_few",
                    game=game_title(meta.id, words.lang),
                    needed=row.players or meta.min_players,
                    seated=len(seats),
                )
            if order is not None:
                if sorted(order) != sorted(s.user_id for s in seats):
                    raise ServiceError("service.bad_order")
                by_user = {s.user_id: s for s in seats}
                seats = [by_user[u] for u in order]
            else:
                Rng(seed_state(row.seed ^ 0x5EA75)).shuffle(seats)
            seated = tuple(SeatRow(i, s.user_id, s.name) for i, s in enumerate(seats))
            try:
                state = engine.setup(len(seated), row.options, row.seed)
            except IllegalAction as exc:
                raise ServiceError.from_illegal(exc) from exc
            await self.db.set_seats(row.id, seated)
            title = game_title(meta.id, words.lang)
            turns = engine.turn_order(state, len(seated))
            # A seat order given to ``start`` is kept, but some games draw who goes first
            # (Brass its whole order, B13; Marco Polo the start player): say so (#28.4).
            drawn = order is not None and turns != list(range(len(seated)))
            head = (
                words.t("service.started", {"game": title}),
                # The order turns are actually taken in, never merely the seat order.
                *(
                    words.t("service.seat_line", {"number": i + 1, "name": seated[s].name})
                    for i, s in enumerate(turns)
                ),
                *(
                    [words.t("service.first_drawn", {"game": title, "name": seated[turns[0]].name})]
                    if drawn
                    else []
                ),
                *words.event_lines(engine.setup_events(state), [s.name for s in seated], None),
            )
            change = await self.play.commit(row, engine, seated, state, [], now, head=head)
        return await self.play.outcome(change, render=render)
