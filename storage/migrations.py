"""The SQLite schema as a numbered list of migrations.

Migration *N* is ``MIGRATIONS[N - 1]``; a database records each applied number in
``schema_version``. Migrations only ever get appended: an edited old migration would leave
existing databases and fresh ones with different schemas. The SQL is kept as data here rather
than in ``.sql`` files so it ships inside the wheel without package-data rules.

JSON columns are TEXT checked with ``json_valid`` so a hand edit with the ``sqlite3`` shell
cannot plant a value the bot would choke on when it next loads the match.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the initial schema.
    (
        """
        CREATE TABLE users (
            user_id    TEXT PRIMARY KEY,
            name       TEXT,
            created_at REAL NOT NULL
        )
        """,
        """
        CREATE TABLE matches (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            game       TEXT    NOT NULL,
            options    TEXT    NOT NULL CHECK (json_valid(options)),
            seed       INTEGER NOT NULL,
            status     TEXT    NOT NULL,
            created_by TEXT    NOT NULL,
            guild_id   TEXT,
            channel_id TEXT,
            thread_id  TEXT,
            created_at REAL    NOT NULL,
            updated_at REAL    NOT NULL,
            version    INTEGER NOT NULL CHECK (version >= 1),
            result     TEXT    CHECK (result IS NULL OR json_valid(result)),
            meta       TEXT    NOT NULL CHECK (json_valid(meta))
        )
        """,
        """
        CREATE TABLE seats (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL CHECK (seat >= 0),
            user_id  TEXT    NOT NULL REFERENCES users(user_id),
            PRIMARY KEY (match_id, seat)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE actions (
            match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            ply        INTEGER NOT NULL CHECK (ply >= 1),
            seat       INTEGER NOT NULL CHECK (seat >= 0),
            notation   TEXT    NOT NULL,
            created_at REAL    NOT NULL,
            detail     TEXT    NOT NULL CHECK (json_valid(detail)),
            undone     INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
            PRIMARY KEY (match_id, ply)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE snapshots (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            version  INTEGER NOT NULL,
            state    TEXT    NOT NULL CHECK (json_valid(state))
        )
        """,
        # "My games" lists: seat holders via seats, challenge creators via matches.
        "CREATE INDEX seats_by_user ON seats (user_id, match_id)",
        "CREATE INDEX matches_by_creator ON matches (created_by, status)",
        "CREATE INDEX matches_by_status ON matches (status, updated_at)",
        # Every message in a match thread is looked up by its thread id.
        "CREATE INDEX matches_by_thread ON matches (thread_id) WHERE thread_id IS NOT NULL",
    ),
    # 2: per-user and per-guild settings; Glicko-2 ratings and the matches they counted.
    (
        # Keyed by Discord ids without a foreign key to users: a guild is no user, and a
        # setting or rating must not depend on whether the bot has stored a display name.
        """
        CREATE TABLE user_settings (
            user_id    TEXT PRIMARY KEY,
            settings   TEXT NOT NULL
                       CHECK (json_valid(settings) AND json_type(settings) = 'object'),
            updated_at REAL NOT NULL
        )
        """,
        """
        CREATE TABLE guild_settings (
            guild_id   TEXT PRIMARY KEY,
            settings   TEXT NOT NULL
                       CHECK (json_valid(settings) AND json_type(settings) = 'object'),
            updated_at REAL NOT NULL
        )
        """,
        """
        CREATE TABLE ratings (
            guild_id   TEXT    NOT NULL,
            game       TEXT    NOT NULL,
            user_id    TEXT    NOT NULL,
            rating     REAL    NOT NULL,
            rd         REAL    NOT NULL CHECK (rd > 0),
            volatility REAL    NOT NULL CHECK (volatility > 0),
            games      INTEGER NOT NULL CHECK (games >= 0),
            updated_at REAL    NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID
        """,
        # The ladder reads by (guild, game) through the primary key; a profile by user.
        "CREATE INDEX ratings_by_user ON ratings (guild_id, user_id, game)",
        # A match is rated at most once: the row is the receipt that makes retries harmless.
        """
        CREATE TABLE rated_matches (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            guild_id TEXT NOT NULL,
            game     TEXT NOT NULL,
            rated_at REAL NOT NULL
        )
        """,
    ),
    # 3: liveness — the last heartbeat of a running bot, and the outages between runs, during
    # which every clock is paused.
    (
        """
        CREATE TABLE heartbeat (
            id      INTEGER PRIMARY KEY CHECK (id = 1),
            seen_at REAL NOT NULL
        )
        """,
        """
        CREATE TABLE outages (
            started REAL NOT NULL,
            ended   REAL NOT NULL CHECK (ended > started),
            PRIMARY KEY (started)
        ) WITHOUT ROWID
        """,
    ),
    # 4: indexed deadlines — the earliest moment the scheduler must look at a match. The
    # index holds only active matches with a deadline, so a tick with nothing due reads one
    # index page however many matches exist. Queries must spell ``status = 'active'`` as a
    # literal for SQLite to see that the partial index applies.
    (
        "ALTER TABLE matches ADD COLUMN due_at REAL",
        "CREATE INDEX matches_due ON matches (due_at, id)"
        " WHERE status = 'active' AND due_at IS NOT NULL",
        # Matches already running when the bot is upgraded: due at once, so the first tick
        # looks at each and sets its real deadline.
        "UPDATE matches SET due_at = 0 WHERE status = 'active'",
    ),
    # -- rating history --
    # 5: every player's rating after each rated match, for the chart of ``/me rating``. The
    # store writes a row wherever it writes ratings, in the same transaction. Ratings from
    # before this migration have no past to recover; each becomes one point at its last
    # update, under match id 0 (``storage.base.HISTORY_CARRIED_OVER``), which is also why
    # ``match_id`` has no foreign key.
    (
        """
        CREATE TABLE rating_history (
            guild_id TEXT    NOT NULL,
            game     TEXT    NOT NULL,
            user_id  TEXT    NOT NULL,
            match_id INTEGER NOT NULL CHECK (match_id >= 0),
            at       REAL    NOT NULL,
            rating   REAL    NOT NULL,
            rd       REAL    NOT NULL CHECK (rd > 0),
            games    INTEGER NOT NULL CHECK (games >= 0),
            PRIMARY KEY (guild_id, game, user_id, match_id)
        ) WITHOUT ROWID
        """,
        "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, rating, rd, games)"
        " SELECT guild_id, game, user_id, 0, updated_at, rating, rd, games FROM ratings",
    ),
    # -- end of rating history --
    # -- tournaments --
    # 6: tournaments.
    # Leagues and Swiss tournaments, one row each: the service reads a tournament whole, so
    # its entrants, rounds and match links are one JSON object in ``data``.
    (
        """
        CREATE TABLE tournaments (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   TEXT    NOT NULL,
            channel_id TEXT,
            game       TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            status     TEXT    NOT NULL
                       CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
            created_by TEXT    NOT NULL,
            created_at REAL    NOT NULL,
            updated_at REAL    NOT NULL,
            version    INTEGER NOT NULL CHECK (version >= 1),
            data       TEXT    NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
            due_at     REAL,
            CHECK (due_at IS NULL OR status IN ('signup', 'running'))
        )
        """,
        # A server's listing, filtered by status.
        "CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status)",
        # The scheduler's tick: only tournaments with a deadline are in it, and a closed one
        # never has one (the table's CHECK), so a tick with nothing due reads one page.
        "CREATE INDEX tournaments_due ON tournaments (due_at, id) WHERE due_at IS NOT NULL",
    ),
    # -- end of tournaments --
    # -- counted uses --
    # 7: counted uses — one row per use of a per-user allowance over a rolling window (hints
    # an hour), so the count outlives a restart. A row of its own per use rather than a
    # counter: the window rolls, and the oldest use in it says when the next one is free.
    # Rows leave when their user next asks, so a table holds at most a window's worth each.
    (
        """
        CREATE TABLE uses (
            id      INTEGER PRIMARY KEY,
            user_id TEXT NOT NULL,
            kind    TEXT NOT NULL,
            at      REAL NOT NULL
        )
        """,
        "CREATE INDEX uses_by_user ON uses (user_id, kind, at)",
    ),
    # -- end of counted uses --
    # -- match reviews --
    # 8: match reviews — one row per finished match whose review was asked for: the request is
    # stored first (``pending``) so a restart resumes it, then the result (``done``), which is
    # shown again rather than worked out a second time.
    (
        """
        CREATE TABLE reviews (
            match_id     INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            status       TEXT NOT NULL CHECK (status IN ('pending', 'done')),
            requested_by TEXT NOT NULL,
            requested_at REAL NOT NULL,
            result       TEXT CHECK (result IS NULL OR json_valid(result)),
            finished_at  REAL,
            CHECK ((status = 'done') = (result IS NOT NULL))
        )
        """,
        "CREATE INDEX reviews_pending ON reviews (requested_at) WHERE status = 'pending'",
    ),
    # -- end of match reviews --
    # -- news of changes --
    # 9: PostgreSQL announces each change of a match (a trigger); a SQLite file is only ever
    # shared by the processes of one machine, whose web board asks instead: nothing to do.
    (),
    # -- end of news of changes --
    # -- direct play --
    # 10: play where the bot cannot post (DMs, group DMs, servers without the bot). A match's
    # ``venue`` says how its news travels (every match before this one was in a server), and
    # ``notices`` keeps each DM that could not be delivered until its player is next seen:
    # one row per message, a ``topic`` of its own replacing the older of the same topic. Ids
    # are never reused (AUTOINCREMENT), so "the notices shown, up to id N" never takes a newer.
    (
        "ALTER TABLE matches ADD COLUMN venue TEXT NOT NULL DEFAULT 'server'"
        " CHECK (venue IN ('server', 'direct'))",
        """
        CREATE TABLE notices (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id    TEXT    NOT NULL,
            topic      TEXT    NOT NULL DEFAULT '',
            match_id   INTEGER,
            text       TEXT    NOT NULL,
            created_at REAL    NOT NULL
        )
        """,
        "CREATE INDEX notices_by_user ON notices (user_id, id)",
        # One notice per topic and user; a topic-less one never replaces another.
        "CREATE UNIQUE INDEX notices_by_topic ON notices (user_id, topic) WHERE topic <> ''",
    ),
    # -- end of direct play --
    # -- analysis: a player's lines and note per match --
    # 11: each player's analysis board of a match (its tree of lines as the service shapes it)
    # and private note, one row per player and match beside the match, never in it, so saving
    # changes nothing another seat reads; ``nodes`` and ``size`` are kept for the per-player
    # totals a save checks.
    (
        """
        CREATE TABLE analyses (
            match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            user_id    TEXT    NOT NULL,
            tree       TEXT NOT NULL CHECK (json_valid(tree)),
            note       TEXT    NOT NULL DEFAULT '',
            nodes      INTEGER NOT NULL,
            size       INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (match_id, user_id)
        )
        """,
        "CREATE INDEX analyses_by_user ON analyses (user_id)",
    ),
    # -- end of analysis --
    # -- people --
    # 12: what the bot keeps of a person beyond their name: the language their Discord client
    # (or the console's --locale) last spoke, so a DM or a reminder sent with no interaction
    # to read it from still speaks it; and whom they block (one row per pair: a blocked
    # person can neither challenge them nor take a seat in their seeks and lobbies).
    (
        "ALTER TABLE users ADD COLUMN locale TEXT",
        """
        CREATE TABLE blocks (
            user_id    TEXT NOT NULL,
            blocked_id TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (user_id, blocked_id)
        )
        """,
        "CREATE INDEX blocks_by_blocked ON blocks (blocked_id)",
        # The daily digest asks for its subscribers only, however many others keep settings
        # (quiet hours, who may challenge them): Store.users_with_settings(having=...).
        "CREATE INDEX user_settings_by_notify"
        " ON user_settings (json_extract(settings, '$.notify'))",
    ),
    # -- end of people --
    # -- live status --
    # 13: where a match's live status card is and which message holds its live "your turn"
    # ping, one row per match beside it (Discord ids as text), so the next post edits the same
    # card and un-pings the same message after a restart. The row goes with its match.
    (
        """
        CREATE TABLE live_messages (
            match_id   INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            channel_id TEXT NOT NULL,
            status_id  TEXT NOT NULL,
            ping_id    TEXT
        )
        """,
    ),
    # 14: each player's status card of a direct match, in their DM with the bot (the match has
    # no thread): the first board DM sent to them and the latest, one row per match and
    # player, so the next change edits the same card after a restart. Goes with its match.
    (
        """
        CREATE TABLE live_player_messages (
            match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            user_id    TEXT NOT NULL,
            channel_id TEXT NOT NULL,
            status_id  TEXT NOT NULL,
            latest_id  TEXT NOT NULL,
            PRIMARY KEY (match_id, user_id)
        )
        """,
    ),
    # -- end of live status --
)

LATEST_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The database was written by a newer bot; running old code on it could corrupt it."""


def migrate(conn: sqlite3.Connection, now: float) -> int:
    """Bring the database up to :data:`LATEST_VERSION` in one transaction; return the version.

    ``BEGIN IMMEDIATE`` takes the write lock before reading the version, so two processes
    opening a fresh file at once cannot both apply migration 1. Runs in the store's own
    thread (:mod:`storage.sqlite`), like every transaction.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
        current = int(row[0]) if row else 0
        if current > LATEST_VERSION:
            raise SchemaTooNew(
                f"database schema is version {current} but this bot only knows up to "
                f"version {LATEST_VERSION}; upgrade the bot or use another database file"
            )
        for number in range(current + 1, LATEST_VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (number, now)
            )
        conn.execute("COMMIT")
    except BaseException:
        rollback_if_open(conn)
        raise
    return LATEST_VERSION


def rollback_if_open(conn: sqlite3.Connection) -> None:
    """Roll back the connection's transaction, if one is open (after an error)."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")
