"""The game store's tables (SQLAlchemy Core) and the engine that reaches them.

A game is one row of `games` (its config, seed and options as JSON), its seats, and an
append-only log in `actions` whose primary key (game_id, seq) lets exactly one writer win
each sequence number. The state of a game is the replay of its log; nothing else is truth.

Derived data is kept beside it, computed once by a background job and never by a page: the
review of a finished game (`reviews`) and the solitaire par of a seed (`pars`). Each row is
claimed by the one worker that computes it (its `worker` token), carries the `version` of the
algorithm that made it (a newer one recomputes it), and says `pending`, `ready` or `failed`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    make_url,
    text,
)

from webapp.platform.budgets import LOCK_MS, SQLITE_BUSY_SECONDS, STATEMENT_MS
from webapp.platform.security import private_file

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("kind", String(16), nullable=False),  # table, dice, solo, card
    Column("edition", String(16), nullable=False),  # rollwrite, boardgame, dice
    Column("config", JSON, nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("seq", Integer, nullable=False, default=0),  # head of the log, for cheap polling
    Column("status", String(16), nullable=False, default="open"),  # open, over
    Column("parent_id", Integer, nullable=True),  # the game this one is a rematch of
    Column("next_code", String(12), nullable=True),  # the rematch, once made
    Column("owner", String(64), nullable=True),  # browser id of who started a solo game
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=True),
    Column("token", String(64), nullable=True, unique=True),
    Column("bot", String(16), nullable=True),  # level, for a bot's seat
    Column("joined_at", DateTime(timezone=True), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1 for the first action
    Column("seat", Integer, nullable=True),  # who sent it (None: the server, e.g. a roll)
    Column("by_host", Integer, nullable=False, default=0),  # sent by the host for that seat
    Column("text", Text, nullable=False),  # one line of the game's notation
    Column("events", JSON, nullable=False),  # what it caused, as the engine reported it
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

reviews = Table(
    "reviews",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    # of the review algorithm (webapp/review/reviews.py)
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # pending, ready, failed
    Column("worker", String(32), nullable=False),  # the claim: who computes it
    Column("claimed_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("body", JSON, nullable=True),  # the review (ready), or what went wrong (failed)
)

pars = Table(
    "pars",
    metadata,
    Column("seed", String(64), primary_key=True),  # the solitaire challenge's seed
    Column("level", String(16), primary_key=True),  # the bot whose result is the par
    Column("version", Integer, nullable=False),  # of the par's bot (webapp/solo/pars.py)
    Column("status", String(16), nullable=False),  # pending, ready, failed
    Column("worker", String(32), nullable=False),
    Column("claimed_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("turns", Integer, nullable=True),
    Column("score", Integer, nullable=True),
    Column("reached_12", Boolean, nullable=True),
)

# Players without an account and the solitaire leaderboards (issue 27, migration 0006).
players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),  # random; games.owner of the player's games
    Column("name", String(40), nullable=False),
    Column("hidden", Boolean, nullable=False, default=False),  # kept off the leaderboards
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

player_keys = Table(  # one per device: the SHA-256 of the secret its cookie holds
    "player_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

device_codes = Table(  # "use on another device": single-use, expiring, stored as a hash
    "device_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True), nullable=True),
)

results = Table(  # a player's first game on a seed: ranked (or practice, `ranked` false)
    "results",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("seed", String(64), nullable=False),
    Column("player_id", String(32), nullable=False),
    Column("game_id", Integer, ForeignKey("games.id"), nullable=False, unique=True),
    Column("code", String(12), nullable=False),  # the game's code (its replay)
    Column("name", String(40), nullable=False),
    Column("ranked", Boolean, nullable=False),  # started within its seed's day or week
    Column("outcome", String(8), nullable=True),  # None (playing), done, gave_up
    Column("turns", Integer, nullable=True),
    Column("score", Integer, nullable=True),
    Column("reached", Boolean, nullable=True),
    Column("rank_key", Integer, nullable=True),  # turns, then points: smaller ranks higher
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("player_hidden", Boolean, nullable=False, default=False),
    Column("operator_hidden", Boolean, nullable=False, default=False),
    Column("listed", Boolean, nullable=False, default=False),  # ranked, done, not hidden
    Column("started_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("hinted", Boolean, nullable=False, default=False),  # a hint was asked (assisted)
    Column("address", String(64), nullable=True),  # keyed hash of the address it began from
)

board_counts = Table(  # how many listed entries each (seed, rank_key) holds: ranks in O(keys)
    "board_counts",
    metadata,
    Column("seed", String(64), primary_key=True),
    Column("rank_key", Integer, primary_key=True),
    Column("n", Integer, nullable=False),
)

friend_challenges = Table(
    "friend_challenges",
    metadata,
    Column("code", String(12), primary_key=True),
    Column("seed", String(64), nullable=False),
    Column("creator", String(32), ForeignKey("players.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

challenge_members = Table(
    "challenge_members",
    metadata,
    Column("challenge", String(12), ForeignKey("friend_challenges.code"), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("joined_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

# The installation's own secrets (migration 0007): `dice_key`, from which every challenge's
# dice are derived (webapp/solo/dice.py), the same for every server of the installation.
installation = Table(
    "installation",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

# Turn-based tables (issue 39, migration 0008; webapp/turns/): a game's clock, each seat's
# player and missed moves, players' vacations, Web Push subscriptions and their outbox (the
# VAPID key pair every server signs pushes with is `vapid_key` in `installation`).
turn_games = Table(
    "turn_games",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("clock_s", Integer, nullable=True),  # seconds a move may take; None: no clock
    Column("seq", Integer, nullable=False, default=-1),  # the game's move this row follows
    Column("waiting", JSON, nullable=False),  # the seats of people who must act now
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("reminded", Boolean, nullable=False, default=False),
    # when the sweep must look at it next (a reminder, a clock run out, a lapsed claim);
    # None: nothing will happen without a move. The sweep reads `due_at <= now` on its index.
    Column("due_at", DateTime(timezone=True), nullable=True),
    Column("over", Boolean, nullable=False, default=False),
    Column("claim", String(32), nullable=True),  # the sweep that claimed it last
)

turn_seats = Table(
    "turn_seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=True),
    Column("waiting", Boolean, nullable=False, default=False),  # this seat must act now
    Column("missed", Integer, nullable=False, default=0),  # moves the bot played on time-out
    Column("bot_actions", Integer, nullable=False, default=0),  # the actions of those moves
)

vacations = Table(
    "vacations",
    metadata,
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("month", String(7), nullable=False),  # 2026-11: the month `used` counts
    Column("used", Integer, nullable=False, default=0),  # days taken that month
    Column("until", DateTime(timezone=True), nullable=True),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("endpoint_hash", String(64), nullable=False, unique=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("level", String(8), nullable=False, default="all"),  # all, turn, none
    Column("lang", String(8), nullable=False, default="en"),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

push_outbox = Table(
    "push_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("subscription_id", Integer, ForeignKey("push_subscriptions.id"), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("due_at", DateTime(timezone=True), nullable=False),  # claims push it forward
)

Index("ix_turn_games_due", turn_games.c.due_at)
Index("ix_turn_seats_player", turn_seats.c.player_id, turn_seats.c.game_id)
Index("ix_push_subscriptions_player", push_subscriptions.c.player_id)
Index("ix_push_outbox_due", push_outbox.c.due_at)
Index("ix_push_outbox_subscription", push_outbox.c.subscription_id)

Index("ix_seats_token", seats.c.token)
Index("ix_player_keys_player", player_keys.c.player_id)
Index("ux_results_seed_player", results.c.seed, results.c.player_id, unique=True)
Index("ix_results_player", results.c.player_id)
# the ranking order: a page is a range of it, a rank is a COUNT over it (no full scan)
Index("ix_results_board", results.c.seed, results.c.listed, results.c.rank_key,
      results.c.finished_at, results.c.id)
Index("ix_results_seed_address", results.c.seed, results.c.address)
Index("ix_challenge_members_player", challenge_members.c.player_id)
Index("ux_games_parent", games.c.parent_id, unique=True)  # one rematch per game
Index("ix_games_owner", games.c.owner)


def database_url(setting: str | None, instance_path: str) -> str:
    """The configured URL, or the SQLite file `copenhagen.sqlite3` in the instance folder."""
    if setting:
        return setting
    Path(instance_path).mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(instance_path) / 'copenhagen.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for the store; SQLite gets WAL, a busy timeout and enforced foreign keys, and
    its file (with the seat tokens in it) is readable by this user alone: SQLite gives its
    WAL and shared-memory files the database file's permissions."""
    kwargs: dict[str, Any] = {"future": True}
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        private_file(Path(parsed.database))
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": SQLITE_BUSY_SECONDS, "check_same_thread": False}
    else:
        kwargs["pool_pre_ping"] = True
        if parsed.get_backend_name() == "postgresql":  # no request waits on it for ever
            # added to the URL's own `options` (a schema's search_path), never instead of it
            given = parsed.query.get("options", "")
            given = " ".join(given) if isinstance(given, tuple) else given
            kwargs["connect_args"] = {"options": f"{given} -c statement_timeout={STATEMENT_MS} "
                                                 f"-c lock_timeout={LOCK_MS}".strip()}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a commit survives the process being killed (what a server restart
            # or kill -9 does); only a power cut can lose the last commits. FULL costs one
            # fsync per move (about 10 ms here) and made moves queue under load.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_SECONDS * 1000)}")
            cur.close()

    return engine


MIGRATIONS = Path(__file__).parent / "migrations"
_LOCK_ID = 0x0C0FE  # PostgreSQL advisory lock held while migrating: one server at a time


def alembic_config(connection: Connection) -> Config:
    """Alembic's configuration for the store's migrations, on an open connection."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


class SchemaBehind(RuntimeError):
    """The database's schema is older than this version of the app: `copenhagen migrate`."""


def local_sqlite(url: str) -> bool:
    """Whether `url` is a SQLite database (a file of this machine, one server at most)."""
    return make_url(url).get_backend_name() == "sqlite"


def schema_revision(engine: Engine) -> tuple[str | None, str | None]:
    """(the database's migration, the newest one this version has); None: none yet."""
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
        head = ScriptDirectory.from_config(alembic_config(conn)).get_current_head()
    return current, head


def check_schema(engine: Engine) -> None:
    """SchemaBehind, naming the command that fixes it, unless the schema is the newest."""
    current, head = schema_revision(engine)
    if current != head:
        raise SchemaBehind(
            f"the database's schema is at {current or 'nothing (an empty database)'}, this "
            f"version of Copenhagen needs {head}: run `copenhagen migrate` (with the same "
            "COPENHAGEN_DATABASE_URL) once, then start the servers")


def create_schema(engine: Engine) -> None:
    """Bring the schema to the newest migration (on first start: create it): what
    `copenhagen migrate` does. Several at once on PostgreSQL take turns through an advisory
    lock."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # a migration may wait for another server's and take long: no request's deadline
            conn.execute(text("SET LOCAL statement_timeout = 0"))
            conn.execute(text("SET LOCAL lock_timeout = 0"))
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_ID})
        command.upgrade(alembic_config(conn), "head")
