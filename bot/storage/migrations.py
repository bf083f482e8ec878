"""The schema: numbered migrations, numbered alike for every backend (SQLite's text here,
PostgreSQL's in ``postgres_schema.py``; ``PRAGMA user_version`` on SQLite, a one-row table on
PostgreSQL record how many have run), and running the pending ones in one transaction."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from bot.storage.errors import SchemaTooNew

if TYPE_CHECKING:
    from bot.storage.backend import Backend

#: Numbered schema migrations; ``PRAGMA user_version`` records how many have run.
MIGRATIONS: tuple[str, ...] = (
    # 1: the initial schema.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        engine      TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        creator_id  INTEGER NOT NULL,
        players     INTEGER,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        snapshot    TEXT,
        to_act      TEXT    NOT NULL DEFAULT '[]',
        round_info  TEXT    NOT NULL DEFAULT '',
        result      TEXT
    );
    CREATE UNIQUE INDEX games_one_live_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games (channel_id, id);

    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT    NOT NULL,
        removed  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE actions (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        move     INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   TEXT    NOT NULL,
        events   TEXT    NOT NULL,
        reveals  INTEGER NOT NULL DEFAULT 0,
        auto     INTEGER NOT NULL DEFAULT 0,
        undone   INTEGER NOT NULL DEFAULT 0,
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, move)
    ) WITHOUT ROWID;

    CREATE TABLE game_settings (
        game_id            INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        reminder_delay     REAL    NOT NULL,
        reminder_interval  REAL    NOT NULL,
        reminder_max       INTEGER NOT NULL,
        deadline           REAL    NOT NULL DEFAULT 0
    );

    CREATE TABLE user_settings (
        user_id            INTEGER PRIMARY KEY,
        quiet_start        INTEGER NOT NULL DEFAULT 0,
        quiet_end          INTEGER NOT NULL DEFAULT 0,
        tz_offset_minutes  INTEGER NOT NULL DEFAULT 0,
        away_until         REAL    NOT NULL DEFAULT 0
    );

    CREATE TABLE reminders (
        game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id       INTEGER NOT NULL,
        kind          TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
        turn_started  REAL    NOT NULL,
        due_at        REAL,
        sent          INTEGER NOT NULL DEFAULT 0,
        last_sent_at  REAL,
        PRIMARY KEY (game_id, user_id, kind)
    );
    CREATE INDEX reminders_due ON reminders (due_at) WHERE due_at IS NOT NULL;

    CREATE TABLE votes (
        game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind              TEXT    NOT NULL CHECK (kind IN ('abort', 'remove', 'replace')),
        target            INTEGER NOT NULL,
        voter_id          INTEGER NOT NULL,
        replacement_id    INTEGER NOT NULL DEFAULT 0,
        replacement_name  TEXT    NOT NULL DEFAULT '',
        at                REAL    NOT NULL,
        PRIMARY KEY (game_id, kind, target, voter_id)
    );
    """,
    # 2: the table's own quiet hours (on top of each player's).
    """
    ALTER TABLE game_settings ADD COLUMN quiet_start INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_settings ADD COLUMN quiet_end INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_settings ADD COLUMN tz_offset_minutes INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: the bot's own bookkeeping, e.g. the hash of the command payload last synced to Discord.
    """
    CREATE TABLE bot_state (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    );
    """,
    # 4: the outbox: a change committed but not yet announced in its channel (written in the
    # change's own transaction, deleted once its message is posted), so a crash between the two
    # never leaves a move silent. ``claimed_until`` is a lease: whoever holds an unexpired one is
    # posting the row now, and nobody else may.
    """
    CREATE TABLE outbox (
        id             INTEGER PRIMARY KEY,
        game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version        INTEGER NOT NULL,
        first_move     INTEGER NOT NULL,
        head           TEXT    NOT NULL DEFAULT '[]',
        created_at     REAL    NOT NULL,
        claimed_by     TEXT    NOT NULL DEFAULT '',
        claimed_until  REAL    NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_by_game ON outbox (game_id, version);
    """,
    # 5: what each move changed on the board, as the engine's public view tells it (its "last"),
    # so a board can mark every move since the acting player's last turn, not only the newest.
    """
    ALTER TABLE actions ADD COLUMN mark TEXT;
    """,
    # 6: a player's time zone by IANA name (e.g. Asia/Tokyo), so daylight saving never moves
    # their quiet hours or away time; '' keeps the fixed tz_offset_minutes.
    """
    ALTER TABLE user_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
    """,
    # 7: a table may turn hints off at creation (competitive games, #15.5).
    """
    ALTER TABLE game_settings ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
    """,
    # 8: Brass games stored before the full game (issue 16) name no ``mode``: they are
    # introductory games, and say so, so that validating their options again (a replay of their
    # record) keeps them introductory instead of filling in the new default, ``full``.
    """
    UPDATE games SET options = json_set(options, '$.mode', 'intro')
    WHERE engine = 'brass' AND json_extract(options, '$.mode') IS NULL;
    """,
    # 9: the table's quiet hours in an IANA zone, so daylight saving does not move them (#13.5).
    """
    ALTER TABLE game_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
    """,
    # 10: every running service beats here every few seconds, so a claim (an outbox lease) held
    # by a process that stopped beating (killed, its machine gone) is taken over within seconds
    # instead of when its lease runs out (#22.2). In the database, so it holds across machines.
    """
    CREATE TABLE processes (
        owner    TEXT PRIMARY KEY,
        beat_at  REAL NOT NULL
    );
    """,
    # 11: background work as jobs claimed with short leases (#25.3): computer moves and hints
    # (``jobs``, at most one computer job per game), and reminders claimed before they are sent.
    """
    CREATE TABLE jobs (
        id             INTEGER PRIMARY KEY,
        kind           TEXT    NOT NULL CHECK (kind IN ('computer', 'hint')),
        game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version        INTEGER NOT NULL,
        payload        TEXT    NOT NULL DEFAULT '{}',
        result         TEXT,
        created_at     REAL    NOT NULL,
        claimed_by     TEXT    NOT NULL DEFAULT '',
        claimed_until  REAL    NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX jobs_one_computer_per_game ON jobs (game_id) WHERE kind = 'computer';
    CREATE INDEX jobs_waiting ON jobs (kind, claimed_until);
    ALTER TABLE reminders ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
    ALTER TABLE reminders ADD COLUMN claimed_until REAL NOT NULL DEFAULT 0;
    """,
    # 12: ratings (#27.1). ``rated_games`` holds one row per finished game the ratings have
    # taken in, numbered in the order they took it in (``seq``): its key makes a second rating of
    # a game impossible, and ``turnpost ratings --rebuild`` replays in that order. ``ratings``
    # holds each player's Plackett-Luce rating per game and server (``guild_id`` 0: across all
    # servers); ``player`` is "user:<id>", or "computer:<level>" (one player per level).
    """
    CREATE TABLE rated_games (
        seq       INTEGER PRIMARY KEY,
        game_id   INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
        rated_at  REAL    NOT NULL
    );
    CREATE TABLE ratings (
        engine    TEXT    NOT NULL,
        guild_id  INTEGER NOT NULL,
        player    TEXT    NOT NULL,
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        games     INTEGER NOT NULL DEFAULT 0,
        wins      INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (engine, guild_id, player)
    );
    """,
    # 13: each table speaks its own language (#28.1): boards, glances, public turn messages and
    # lines in it, whoever reads them. '' (every game stored before) means the deployment's
    # TURNPOST_LANG, which was the only language those tables had.
    """
    ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT '';
    """,
    # 14: players who asked for a direct message when their turn comes (#26.3): a row while
    # opted in, in the language they asked in; the last DM that failed (DMs closed: Discord's
    # 50007) is recorded, so /game remind can say so, and nothing else depends on it.
    """
    CREATE TABLE turn_dms (
        user_id   INTEGER PRIMARY KEY,
        lang      TEXT    NOT NULL DEFAULT '',
        failed_at REAL    NOT NULL DEFAULT 0,
        error     TEXT    NOT NULL DEFAULT ''
    );
    """,
    # 15: time banks (#27.3). ``clock_settings`` holds a table's clock (none: no clock, as every
    # table before had); ``clocks`` each seat's bank, the running turn's time used up to
    # ``started`` (NULL: not running), when it runs out (``due_at``, claimed like a reminder so
    # one process alone acts on it) and the computer level standing in for its player ('').
    """
    CREATE TABLE clock_settings (
        game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        per_move  REAL    NOT NULL,
        bank      REAL    NOT NULL,
        refill    TEXT    NOT NULL CHECK (refill IN ('round', 'era', 'never')),
        policy    TEXT    NOT NULL CHECK (policy IN ('computer', 'vote')),
        level     TEXT    NOT NULL
    );
    CREATE TABLE clocks (
        game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat           INTEGER NOT NULL,
        bank           REAL    NOT NULL,
        used           REAL    NOT NULL DEFAULT 0,
        started        REAL,
        due_at         REAL,
        standin        TEXT    NOT NULL DEFAULT '',
        claimed_by     TEXT    NOT NULL DEFAULT '',
        claimed_until  REAL    NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX clocks_due ON clocks (due_at) WHERE due_at IS NOT NULL;
    """,
    # 16: what each rated game did to each player's rating (#27.2, #27.5): the place and the
    # rating before and after, per server and across servers, written with the rating itself.
    # A profile's history and head-to-head, and the end-of-game message, read it. The leaderboard
    # reads ratings best first by the shown rating, mu - 3 sigma: an index in that order.
    """
    CREATE TABLE rating_changes (
        game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        guild_id      INTEGER NOT NULL,
        player        TEXT    NOT NULL,
        engine        TEXT    NOT NULL,
        place         INTEGER NOT NULL,
        mu_before     REAL    NOT NULL,
        sigma_before  REAL    NOT NULL,
        mu_after      REAL    NOT NULL,
        sigma_after   REAL    NOT NULL,
        at            REAL    NOT NULL,
        PRIMARY KEY (game_id, guild_id, player)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes (player, guild_id, engine, at);
    CREATE INDEX ratings_by_shown ON ratings (engine, guild_id, (mu - 3 * sigma));
    CREATE INDEX ratings_by_player ON ratings (player, guild_id);
    CREATE INDEX games_by_guild_status ON games (guild_id, status);
    """,
    # 17: votes as Discord polls (#27.6). One poll per question (game, kind, seat, replacement),
    # claimed before it is posted (message_id 0) so two processes never post two; the answers'
    # ids are Discord's (read back from the posted message); ``ended`` once the question was
    # decided or the game is over, after which the poll's votes are ignored.
    """
    CREATE TABLE vote_polls (
        game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind              TEXT    NOT NULL CHECK (kind IN ('abort', 'remove', 'replace')),
        target            INTEGER NOT NULL,
        replacement_id    INTEGER NOT NULL DEFAULT 0,
        replacement_name  TEXT    NOT NULL DEFAULT '',
        target_user       INTEGER NOT NULL DEFAULT 0,
        channel_id        INTEGER NOT NULL,
        message_id        INTEGER NOT NULL DEFAULT 0,
        yes_answer        INTEGER NOT NULL DEFAULT 0,
        no_answer         INTEGER NOT NULL DEFAULT 0,
        opened            REAL    NOT NULL,
        ended             INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind, target, replacement_id)
    );
    CREATE INDEX vote_polls_by_message ON vote_polls (message_id);
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


async def migrate(backend: Backend) -> None:
    """Run the migrations the database has not had yet, all in one write transaction.

    Raises :class:`~bot.storage.errors.SchemaTooNew` when the file was migrated by newer code."""
    async with backend.write(exclusive=True):
        scripts = scripts_for(backend)
        current = await backend.schema_version()
        latest = len(scripts)
        if current > latest:
            raise SchemaTooNew(
                f"This database has schema version {current}, but this Turnpost only "
                f"knows versions up to {latest}. Upgrade Turnpost, or point "
                f"TURNPOST_DB at another file."
            )
        for number in range(current, latest):
            for statement in statements(scripts[number]):
                await backend.run(statement)
            await backend.set_schema_version(number + 1)


def scripts_for(backend: Backend) -> tuple[str, ...]:
    """The migrations in ``backend``'s dialect (the same numbers for every backend)."""
    if backend.dialect == "postgresql":
        from bot.storage.postgres_schema import POSTGRES_MIGRATIONS

        assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS), "a migration is missing a dialect"
        return POSTGRES_MIGRATIONS
    return MIGRATIONS


def statements(script: str) -> list[str]:
    """Split a migration script into statements (``sqlite3.complete_statement`` boundaries)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
