"""Versioned schema migrations, applied in order inside one transaction each.

The schema version lives in SQLite's ``PRAGMA user_version``.  Never edit a
migration that has shipped: append a new one.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: sessions, seats, the append-only turn log.
    """
    CREATE TABLE sessions (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id        TEXT,
        channel_id      TEXT NOT NULL,
        game            TEXT NOT NULL,
        status          TEXT NOT NULL CHECK (status IN
                          ('challenge', 'active', 'finished', 'aborted', 'declined', 'expired')),
        options         TEXT NOT NULL,             -- JSON object of normalised options
        initial_position TEXT,                     -- listing the log replays from
        position        TEXT,                      -- current listing (= replay of the log)
        next_turn       INTEGER NOT NULL DEFAULT 1,
        dice            TEXT NOT NULL DEFAULT '[]', -- JSON: next turn's dice, stored before shown
        seed            TEXT NOT NULL,             -- hex; revealed only when the game ends
        seed_hash       TEXT NOT NULL,             -- SHA-256 of the seed, published at the start
        opening         TEXT NOT NULL DEFAULT '[]', -- JSON: opening throw rounds
        result          TEXT,
        version         INTEGER NOT NULL DEFAULT 0,
        created_by      TEXT NOT NULL,
        created_at      REAL NOT NULL,
        updated_at      REAL NOT NULL,
        expires_at      REAL
    );
    CREATE UNIQUE INDEX one_live_session_per_channel
        ON sessions (channel_id) WHERE status IN ('challenge', 'active');
    CREATE INDEX sessions_by_guild ON sessions (guild_id, status);

    CREATE TABLE seats (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        seat        INTEGER NOT NULL,               -- 0-based turn-order index
        side        TEXT NOT NULL,
        user_id     TEXT NOT NULL,
        name        TEXT NOT NULL,
        accepted    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat),
        UNIQUE (session_id, side)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE turns (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        seq         INTEGER NOT NULL,               -- 1, 2, ... in play order
        number      INTEGER NOT NULL,               -- the record's turn number
        side        TEXT NOT NULL,
        dice        TEXT NOT NULL,                  -- JSON list
        record      TEXT NOT NULL,                  -- canonical record line (after "7W: ")
        moves       TEXT NOT NULL,                  -- canonical move text as a player types it
        actor       TEXT NOT NULL,                  -- user id, or 'bot' for automatic passes
        played_at   REAL NOT NULL,
        PRIMARY KEY (session_id, seq)
    );

    -- Append-only: the log is history; nothing may rewrite it.
    CREATE TRIGGER turns_no_update BEFORE UPDATE ON turns
        BEGIN SELECT RAISE(ABORT, 'the turn log is append-only'); END;
    CREATE TRIGGER turns_no_delete BEFORE DELETE ON turns
        BEGIN SELECT RAISE(ABORT, 'the turn log is append-only'); END;
    """,
    # 2: log entries that are not turns: 'amend' completes the previous turn's
    # record line (a taunt answer), 'line' stands on its own (a vote).
    """
    ALTER TABLE turns ADD COLUMN kind TEXT NOT NULL DEFAULT 'turn'
        CHECK (kind IN ('turn', 'amend', 'line'));
    """,
]

LATEST = len(MIGRATIONS)
