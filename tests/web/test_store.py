"""The store's contract on SQLite and PostgreSQL: the migrations from an empty database, codes,
seats that one claimant wins, an append-only log where one writer wins each seq, the rematch
recorded once, a browser's games newest first, and states that replay the same elsewhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from facade.errors import IllegalAction
from tests.dbs import database, fresh_schema
from webapp.games.engines import FACTORIES
from webapp.platform.db import create_schema, make_engine, metadata
from webapp.platform.store import Conflict, NotFound, Store

pytestmark = pytest.mark.both_databases

CONFIG = {"players": ["Ann", "Bo"], "seed": "store-1",
          "options": {"mirror": False, "dice": "seeded"}}


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store on the test's database, as one server holds it."""
    engine = make_engine(db_url)
    yield Store(engine, FACTORIES)
    engine.dispose()


@pytest.fixture
def other_store(db_url: str) -> Iterator[Store]:
    """A second server's store on the same database (its own engine and state cache)."""
    engine = make_engine(db_url)
    yield Store(engine, FACTORIES)
    engine.dispose()


def _play(store: Store, game, moves: int, seed: int = 5) -> None:
    """`moves` random legal actions (rolls included) through the store."""
    rng = random.Random(seed)
    for _ in range(moves):
        state = store.state(game)
        if state.is_chance():
            store.act(game, None, str(state.chance_action()), state.seq)
            continue
        seat = state.to_act()[0]
        legal = [str(a) for a in state.legal_actions(seat) if not str(a).endswith("undo")]
        store.act(game, seat, rng.choice(legal), state.seq)


@pytest.mark.parametrize("kind", [
    pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres),
])
def test_the_migrations_build_the_tables_of_the_code_from_an_empty_database(kind, tmp_path):
    """The real migrations, from nothing: the schema webapp/platform/db.py describes at the newest
    revision; a second start changes nothing."""
    with database(kind, tmp_path) as url:
        engine = make_engine(url)
        try:
            with engine.connect() as conn:
                assert MigrationContext.configure(conn).get_current_revision() is None
            create_schema(engine)
            create_schema(engine)
            with engine.connect() as conn:
                context = MigrationContext.configure(conn)
                assert compare_metadata(context, metadata) == []
                head = context.get_current_revision()
                revisions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
            assert head is not None and [r[0] for r in revisions] == [head]
        finally:
            engine.dispose()


def test_a_cloned_database_has_the_schema_of_the_migrations(db_url):
    """What each test starts from is what the migrations build."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    finally:
        engine.dispose()


def test_a_game_is_found_by_its_code_in_any_case_and_an_unknown_code_is_not(store):
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    assert store.game(game.code.lower()).id == game.id
    assert store.head(game.code) == (0, "open")
    with pytest.raises(NotFound):
        store.game("ZZZZZZ")
    with pytest.raises(NotFound):
        store.head("ZZZZZZ")


def test_a_bad_config_stores_nothing(store):
    with pytest.raises(IllegalAction):
        store.create_game("table", "rollwrite", {"players": []}, 0)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 0


def test_a_seat_goes_to_the_first_claimant_and_never_to_a_bot(store, other_store):
    game = store.create_game("solo", "rollwrite", CONFIG, 2, bots={1: "greedy"})
    token = store.claim_seat(game, 0, "Ann")
    assert token and other_store.claim_seat(game, 0, "Eve") is None
    assert store.claim_seat(game, 1, "Eve") is None
    assert [(s.seat, s.name, s.bot) for s in other_store.seats(game)] == [
        (0, "Ann", None), (1, "Bo", "greedy")]
    assert other_store.seat_of(game, token) == 0 and store.seat_of(game, "nobody") is None
    store.free_seat(game, 0)
    assert store.seat_of(game, token) is None
    assert other_store.claim_seat(game, 0, "Eve")


def test_one_writer_wins_each_seq_and_the_loser_gets_a_conflict(store, other_store):
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    _play(store, game, 3)
    seen = store.state(game).seq
    here, there = store.state(game), other_store.state(game)
    assert here.to_dict() == there.to_dict()
    assert not here.is_chance()
    seat = here.to_act()[0]
    legal = [str(a) for a in here.legal_actions(seat) if not str(a).endswith("undo")]
    store.act(game, seat, legal[0], seen)
    with pytest.raises(Conflict):
        other_store.act(game, seat, legal[-1], seen)
    log = other_store.log(game)
    assert [r.seq for r in log] == list(range(1, seen + 2))
    assert log[-1].text == store.state(game).log[-1]
    assert other_store.head(game.code) == (seen + 1, "open")


def test_a_writer_that_lost_the_race_for_a_seq_retries_on_the_new_state(store, other_store):
    """Without a seen seq (the server's own rolls), a writer whose cached state is behind
    looks again and appends after the winner: no gap, no duplicate seq."""
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    other_store.state(game)  # the second server caches the game at seq 0
    _play(store, game, 4)
    assert other_store.state(game).seq == 0  # the game as read before: its cache is current
    state = other_store.state(other_store.game(game.code))  # read again: the log's tail too
    assert state.seq == 4
    _play(other_store, game, 2, seed=9)  # `game` read at seq 0: the first write loses, retries
    assert [r.seq for r in store.log(game)] == [1, 2, 3, 4, 5, 6]
    now = store.game(game.code)
    assert store.state(now).to_dict() == other_store.state(now).to_dict()


def test_the_log_is_the_state_replayed_and_after_reads_the_tail(store, other_store):
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    _play(store, game, 12)
    fresh = FACTORIES["rollwrite"](CONFIG)
    for row in other_store.log(game):
        fresh.apply(row.text)
    assert fresh.to_dict() == store.state(game).to_dict()
    assert [r.seq for r in store.log(game, after=10)] == [11, 12]


def test_a_game_gets_one_rematch_and_a_second_is_a_conflict_that_stores_nothing(
        store, other_store):
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    rematch = store.create_game("table", "rollwrite", CONFIG, 2, parent_id=game.id)
    with pytest.raises(Conflict):
        other_store.create_game("table", "rollwrite", CONFIG, 2, parent_id=game.id)
    assert store.game(game.code).next_code == rematch.code
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 2


def test_a_browser_has_its_own_games_of_a_kind_newest_first(store):
    """Newest first: by the last move's time, then (within SQLite's one-second clock) by
    the order of creation."""
    first = store.create_game("solo", "rollwrite", CONFIG, 2, owner="browser-1")
    second = store.create_game("solo", "rollwrite", CONFIG, 2, owner="browser-1")
    store.create_game("table", "rollwrite", CONFIG, 2, owner="browser-1")
    store.create_game("solo", "rollwrite", CONFIG, 2, owner="browser-2")
    assert [g.code for g, _ in store.owned("browser-1", "solo")] == [second.code, first.code]
    assert store.owned("browser-3", "solo") == []


def test_the_game_is_kept_when_the_server_restarts(db_url, store):
    game = store.create_game("table", "rollwrite", CONFIG, 2)
    _play(store, game, 7)
    before = store.state(game).to_dict()
    store.engine.dispose()
    engine = make_engine(db_url)
    try:
        assert Store(engine, FACTORIES).state(game).to_dict() == before
    finally:
        engine.dispose()


def test_each_test_starts_from_an_empty_store(store):
    """The clone holds the schema and no games."""
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 0



@pytest.mark.postgres
def test_a_postgresql_url_keeps_its_own_options_beside_the_timeouts():
    """The timeouts are added to a URL's `options` (a test schema's search_path), never put
    in their place (without this every PostgreSQL test ran in the public schema)."""
    with fresh_schema() as url:
        engine = make_engine(url)
        try:
            with engine.connect() as conn:
                path = conn.execute(text("SHOW search_path")).scalar()
                timeout = conn.execute(text("SHOW statement_timeout")).scalar()
                commits = conn.execute(text("SHOW synchronous_commit")).scalar()
        finally:
            engine.dispose()
    assert url.split("search_path%3D")[1].split("%20")[0] in str(path)
    assert path != "public" and timeout not in ("0", None)
    assert commits == "off"  # the tests' own option (tests/dbs.py), kept beside the others
