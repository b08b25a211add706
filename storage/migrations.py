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
    # 3: correspondence play: a clock per session, reminder rows the scheduler
    # claims once, take-backs (undo markers beside the append-only log), users'
    # notification preferences and the scheduler's heartbeat.
    """
    CREATE TABLE clocks (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        control     TEXT NOT NULL,                  -- canonical time-control text
        period      INTEGER NOT NULL DEFAULT 0,     -- +1 each time the clock changes hands
        side        TEXT,                           -- the side whose time runs; NULL: stopped
        turn        INTEGER,                        -- the session's next_turn for that side
        started_at  REAL,                           -- when the running side's time started
        budget      REAL,                           -- seconds it had then (+ credit, grants)
        deadline    REAL,                           -- when the budget runs out
        banks       TEXT NOT NULL DEFAULT '{}',     -- JSON {side: seconds} of stopped clocks
        previous    TEXT,                           -- JSON: the state before the last move
        updated_at  REAL NOT NULL
    );

    CREATE TABLE reminders (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        period      INTEGER NOT NULL,
        point       REAL NOT NULL,                  -- seconds before the deadline; 0: time up
        turn        INTEGER NOT NULL,
        side        TEXT NOT NULL,
        due_at      REAL NOT NULL,
        forfeit     TEXT,                           -- result to record on an automatic loss
        sent_at     REAL,
        PRIMARY KEY (session_id, period, point)
    );
    CREATE INDEX reminders_due ON reminders (due_at) WHERE sent_at IS NULL;

    CREATE TABLE undos (
        session_id   INTEGER NOT NULL REFERENCES sessions (id),
        seq_undone   INTEGER NOT NULL,              -- the turns.seq taken back
        requested_by TEXT NOT NULL,
        requested_at REAL NOT NULL,
        accepted     INTEGER,                       -- NULL: open, 1: undone, 0: refused
        answered_by  TEXT,
        answered_at  REAL,
        PRIMARY KEY (session_id, seq_undone)
    );

    CREATE TABLE users (
        user_id     TEXT PRIMARY KEY,
        notify      TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
        updated_at  REAL NOT NULL
    );

    CREATE TABLE scheduler_state (
        key         TEXT PRIMARY KEY,
        value       REAL NOT NULL
    );
    """,
    # 4: what each turn did, as the JSON of its typed events (games/events.py
    # events_to_json), so pictures and narration never read move text again.
    # NULL on rows logged before: those are replayed when asked for.  Adding a
    # column is no UPDATE: the append-only triggers stand as they were.
    """
    ALTER TABLE turns ADD COLUMN events TEXT;
    """,
    # 5: how boards look: a server's theme, and each user's own theme (NULL:
    # the server's) and whether their private pictures are seen from the
    # opponent's chair (flip 1) and in the phone layout (phone 1).  Public
    # pictures use the server's theme.
    """
    ALTER TABLE users ADD COLUMN theme TEXT CHECK (theme IS NULL OR theme IN ('light', 'dark'));
    ALTER TABLE users ADD COLUMN flip INTEGER NOT NULL DEFAULT 0 CHECK (flip IN (0, 1));
    ALTER TABLE users ADD COLUMN phone INTEGER NOT NULL DEFAULT 0 CHECK (phone IN (0, 1));

    CREATE TABLE guild_settings (
        guild_id    TEXT PRIMARY KEY,
        theme       TEXT NOT NULL CHECK (theme IN ('light', 'dark')),
        updated_at  REAL NOT NULL
    );
    """,
    # 6: the hints a player asked for (/hint), so the record can mark a game in which
    # one was used and ratings can leave it out.  One row per player and turn.
    """
    CREATE TABLE hints (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        user_id     TEXT NOT NULL,
        name        TEXT NOT NULL,
        turn        INTEGER NOT NULL,
        asked_at    REAL NOT NULL,
        PRIMARY KEY (session_id, user_id, turn)
    );
    """,
    # 7: ratings per server and game (bot/ratings.py: OpenSkill), derived from the
    # finished games: ``rated_games`` notes each finished game once (rated or why
    # not), so ratings are kept up to date once and can be rebuilt from scratch.
    """
    CREATE TABLE ratings (
        guild_id    TEXT NOT NULL,                  -- '' outside a server
        game        TEXT NOT NULL,
        user_id     TEXT NOT NULL,
        name        TEXT NOT NULL,
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        games       INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        losses      INTEGER NOT NULL,
        points      INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        updated_at  REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE rated_games (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        rated       INTEGER NOT NULL,               -- 1 rated, 0 left out (see reason)
        reason      TEXT NOT NULL,
        rated_at    REAL NOT NULL
    );
    """,
    # 8: matches to N points (bot/service/matches.py).  A match is named by its first
    # game's session id; ``match_games`` links each game's session to it, with the
    # game's number, whether it is the Crawford game, and (once it is over) who won
    # it and how many points.  No foreign key from match_games to matches: the
    # SQLite-to-PostgreSQL copy (bot/migrate.py) fills later tables in name order.
    """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY REFERENCES sessions (id),
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,
        game        TEXT NOT NULL,
        target      INTEGER NOT NULL CHECK (target >= 1),
        options     TEXT NOT NULL,                  -- JSON: every game's options
        control     TEXT NOT NULL,                  -- every game's time control
        status      TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
        winner      TEXT,                           -- user id once finished
        result      TEXT,                           -- how it ended, in words
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE match_games (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        match_id    INTEGER NOT NULL,
        number      INTEGER NOT NULL,               -- 1, 2, ... in the match
        crawford    INTEGER NOT NULL DEFAULT 0 CHECK (crawford IN (0, 1)),
        winner      TEXT,                           -- user id once the game is over
        points      INTEGER NOT NULL DEFAULT 0,
        UNIQUE (match_id, number)
    );
    """,
    # 9: nudges for games without a clock (bot/service/nudges.py): each user's nudge
    # period (``users.nudge``: seconds; 0 none; NULL the server's), each server's
    # (``nudge_settings``), and per active game the player it waits for and since
    # when (``nudge_waits``, one row a session, renewed at each new version; ``rounds``
    # nudges sent, claimed once like reminders).  ``unrated_sessions``: the games
    # started with ``rated=false``, kept apart from ``rated_games`` so that a rebuild
    # keeps them out.  ``computer_claims``: the process thinking about a computer's
    # move at one session version (one a move across processes; taken over when stale).
    """
    ALTER TABLE users ADD COLUMN nudge REAL CHECK (nudge IS NULL OR nudge >= 0);

    CREATE TABLE nudge_settings (
        guild_id    TEXT PRIMARY KEY,
        period      REAL NOT NULL CHECK (period >= 0),   -- seconds; 0: no nudges here
        updated_at  REAL NOT NULL
    );

    CREATE TABLE nudge_waits (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        version     INTEGER NOT NULL,               -- the session version it was read at
        side        TEXT,                           -- the side waited for
        user_id     TEXT,                           -- its player; NULL: nobody to nudge
        since       REAL NOT NULL,                  -- silent since (downtime added back)
        rounds      INTEGER NOT NULL DEFAULT 0,     -- nudge periods already nudged for
        claimable_at REAL,                          -- when the others were told to /claim
        updated_at  REAL NOT NULL
    );

    CREATE TABLE unrated_sessions (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        asked_by    TEXT NOT NULL,
        asked_at    REAL NOT NULL
    );

    CREATE TABLE computer_claims (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        version     INTEGER NOT NULL,
        owner       TEXT NOT NULL,                  -- the claiming process's token
        claimed_at  REAL NOT NULL,
        PRIMARY KEY (session_id, version)
    );
    """,
    # 10: the language of the bot's messages (bot/catalogue): a user's or a server's
    # choice (``chosen``; NULL: follow Discord's locale) and the server's Discord
    # locale last seen (``seen``), for the posts no command asks for (reminders).
    """
    CREATE TABLE languages (
        scope       TEXT NOT NULL CHECK (scope IN ('user', 'guild')),
        owner_id    TEXT NOT NULL,
        chosen      TEXT CHECK (chosen IS NULL OR chosen IN ('en', 'ru')),
        seen        TEXT,
        updated_at  REAL NOT NULL,
        PRIMARY KEY (scope, owner_id)
    );
    """,
    # 11: claims and posts tied to a living process.  ``processes``: one row per start
    # of a bot process (``start_id``, random), with where it runs, so that another
    # process can tell that it died (storage/liveness.py): a claim or a post of a dead
    # process holds nobody up.  ``outbox``: each computer turn committed and not yet
    # posted (its session version, its log entries, the process that is to post it),
    # removed once posted; a restart posts what a killed process left (bot/service/
    # computer.py ``unposted``); and each game the scheduler ended on time whose notice
    # is not yet posted (``kind`` 'forfeit'; bot/scheduler.py).
    """
    CREATE TABLE processes (
        start_id    TEXT PRIMARY KEY,               -- random, new at each start
        host        TEXT NOT NULL,
        pid         INTEGER NOT NULL,
        pid_started TEXT,                           -- the kernel's start time of pid (Linux)
        started_at  REAL NOT NULL
    );

    CREATE TABLE outbox (
        session_id  INTEGER NOT NULL REFERENCES sessions (id),
        version     INTEGER NOT NULL,               -- the session version the commit made
        kind        TEXT NOT NULL CHECK (kind IN ('computer', 'forfeit')),
        first_seq   INTEGER NOT NULL,               -- its first log entry (0: a forfeit)
        entries     INTEGER NOT NULL,               -- how many entries it logged
        owner       TEXT NOT NULL,                  -- start_id of the process to post it
        created_at  REAL NOT NULL,
        PRIMARY KEY (session_id, version)
    );
    """,
    # 12: how a game ended, as data (games/outcome.py ``Outcome`` as JSON), beside
    # the result text, which stays the record's words.  Rows finished before keep
    # NULL here: ``Session.outcome`` reads their result text (the one place that does).
    """
    ALTER TABLE sessions ADD COLUMN outcome TEXT;
    """,
    # 13: tournaments (bot/service/tournaments.py, storage/tournaments.py): the
    # tournament, its entrants, its rounds and each round's pairings.  A round is
    # paired once: its ``tournament_rounds`` row and its pairings go in one
    # transaction, and a second process (or a restart) that pairs the same round loses
    # on the primary key and writes nothing.  A pairing's ``session_id`` is its game
    # (a match's first game, whose id is the match's), set once when the game opens.
    """
    CREATE TABLE tournaments (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,                  -- where it was made: threads open here
        name        TEXT NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,                  -- JSON, the game's options
        format      TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin', 'knockout')),
        rounds      INTEGER NOT NULL,               -- Swiss: as asked; else set at the start
        control     TEXT NOT NULL,                  -- the games' clock ('none': without)
        target      INTEGER NOT NULL,               -- a match to N points; 0: single games
        rated       INTEGER NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('signup', 'playing', 'finished')),
        created_by  TEXT NOT NULL,
        starts_at   REAL,                           -- the sign-up deadline, if one was set
        round_hours REAL NOT NULL,                  -- how long a round may run (0: no limit)
        event_id    TEXT,                           -- the Discord scheduled event, if made
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );

    CREATE TABLE tournament_entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        user_id     TEXT NOT NULL,
        name        TEXT NOT NULL,
        rating      REAL NOT NULL,                  -- at sign-up: the seeding
        joined_at   REAL NOT NULL,
        withdrawn_at REAL,                          -- NULL: still playing
        PRIMARY KEY (tournament_id, user_id)
    );

    CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        number      INTEGER NOT NULL,
        paired_at   REAL NOT NULL,
        deadline    REAL,                           -- NULL: no round deadline
        PRIMARY KEY (tournament_id, number)
    );

    CREATE TABLE tournament_pairings (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round       INTEGER NOT NULL,
        board       INTEGER NOT NULL,
        first_id    TEXT NOT NULL,                  -- moves first (seat 0)
        second_id   TEXT,                           -- NULL: a bye
        session_id  INTEGER REFERENCES sessions (id),
        result      INTEGER,                        -- first_id's half points; NULL: playing
        how         TEXT,                           -- played, bye, forfeit, withdrawn, deadline
        table_ids   TEXT,                           -- a table of 3-4: its players (JSON)
        table_points TEXT,                          -- ... and their points once over
        created_at  REAL NOT NULL,
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE UNIQUE INDEX tournament_pairings_session ON tournament_pairings (session_id);

    -- leagues (bot/service/leagues.py): recurring seasons per server and game, each
    -- season's divisions round-robin tournaments, promotion and relegation between them
    CREATE TABLE leagues (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,
        name        TEXT NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,                  -- JSON, the game's options
        control     TEXT NOT NULL,
        size        INTEGER NOT NULL,               -- players a division
        movers      INTEGER NOT NULL,               -- promoted (and relegated) a division
        created_by  TEXT NOT NULL,
        created_at  REAL NOT NULL
    );
    CREATE UNIQUE INDEX leagues_per_game ON leagues (guild_id, game);

    CREATE TABLE league_members (
        league_id   INTEGER NOT NULL REFERENCES leagues (id),
        user_id     TEXT NOT NULL,
        name        TEXT NOT NULL,
        rating      REAL NOT NULL,                  -- at joining: a newcomer's place
        joined_at   REAL NOT NULL,
        active      INTEGER NOT NULL,               -- 0: left (plays no further season)
        PRIMARY KEY (league_id, user_id)
    );

    CREATE TABLE league_divisions (
        league_id   INTEGER NOT NULL REFERENCES leagues (id),
        season      INTEGER NOT NULL,
        division    INTEGER NOT NULL,               -- 1: the top
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        PRIMARY KEY (league_id, season, division)
    );
    """,
    # 14: direct messages.  Each user's daily digest (``digest_hour``: the hour in
    # their own ``time_zone``, an IANA name; NULL: no digest) and their own reminder
    # points (``remind``: seconds before the deadline, comma-separated, largest
    # first; NULL: the server's).  ``digests``: one row per user and local day a
    # digest was claimed (the claim is the insert: a restart or a second process
    # never sends one twice).  ``guild_names``: each server's name as last seen, and
    # ``game_posts``: each game's latest public message, for the list of one's games
    # across servers (its link opens the game where it stands).
    """
    ALTER TABLE users ADD COLUMN digest_hour INTEGER
        CHECK (digest_hour IS NULL OR (digest_hour >= 0 AND digest_hour <= 23));
    ALTER TABLE users ADD COLUMN time_zone TEXT;
    ALTER TABLE users ADD COLUMN remind TEXT;

    CREATE TABLE digests (
        user_id     TEXT NOT NULL,
        day         TEXT NOT NULL,                  -- the user's local date, YYYY-MM-DD
        sent_at     REAL NOT NULL,
        PRIMARY KEY (user_id, day)
    );

    CREATE TABLE guild_names (
        guild_id    TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        updated_at  REAL NOT NULL
    );

    CREATE TABLE game_posts (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        channel_id  TEXT NOT NULL,
        message_id  TEXT NOT NULL,                  -- the game's latest public message
        updated_at  REAL NOT NULL
    );
    """,
    # 15: game analysis (computer/analysis.py; storage/analysis.py).  ``analyses``: one
    # row per analysed finished game (its JSON, the format ``version``, the seconds it
    # took), computed once; ``posted_at`` is set when the post-game message is claimed
    # (the claim is the update: never posted twice).  ``analysis_servers``: each
    # server's choices: the post-game analysis (``post``, default on) and the daily
    # puzzle (``puzzle``, opt-in, and the day it was last posted).
    """
    CREATE TABLE analyses (
        session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
        version     INTEGER NOT NULL,
        data        TEXT NOT NULL,
        seconds     REAL NOT NULL,
        computed_at REAL NOT NULL,
        posted_at   REAL
    );

    CREATE TABLE analysis_servers (
        guild_id    TEXT PRIMARY KEY,
        post        INTEGER NOT NULL DEFAULT 1,
        puzzle      INTEGER NOT NULL DEFAULT 0,
        puzzle_day  TEXT,
        updated_at  REAL NOT NULL
    );
    """,
]

LATEST = len(MIGRATIONS)
