"""`copenhagen bench --async`: turn-based tables at scale in PostgreSQL (a fresh schema,
dropped afterwards): 10,000 open games with 30,000 seats of 3,000 players, then My games
(the JSON and the page, through the Flask app, as players with 10 games each), the clocks'
sweep (a round over the 10,000 games: the one indexed query, and the reminders due in it),
and the push worker sending 1,000 notifications to a local push service (encrypted for each
device, VAPID-signed, over HTTP), with the plans PostgreSQL chose (EXPLAIN ANALYZE)."""

from __future__ import annotations

import json
import random
import statistics
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import text

from benchmarks.databases import explain, pg_schema
from benchmarks.push_service import Device, start_push_service
from webapp import create_app
from webapp.platform.deps import Deps
from webapp.platform.player_store import Boards
from webapp.turns.records import TurnRecords

GAMES = 10_000
SEATS = 3  # per game: 30,000 seats
GAMES_PER_PLAYER = 10  # 3,000 players
CLOCK_S = 3 * 24 * 3600
SPREAD_S = CLOCK_S // 4 - 60  # the reminders fall due over the first 18 hours
NOTICES = 1_000
MY_GAMES_GOAL_MS = 50.0
SWEEP_GOAL_S = 1.0  # per 10,000 games
NOTICES_GOAL_PER_MIN = 1_000
BASE = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)

_FILL = [
    """INSERT INTO games (code, kind, edition, config, host_token, seq, status)
       SELECT 'T' || upper(lpad(to_hex(i), 8, '0')), 'table', 'rollwrite',
              '{"players": ["A", "B", "C"], "seed": "s", "options": {"dice": "seeded"},
                "turns": {"clock_days": 3}}'::json, md5('h' || i), 5, 'open'
       FROM generate_series(1, :n) AS i""",
    """INSERT INTO seats (game_id, seat, name, token)
       SELECT g.id, s, 'Player ' || (((g.id * 3 + s) % :p) + 1), md5(g.code || s)
       FROM games g CROSS JOIN generate_series(0, 2) AS s WHERE g.code LIKE 'T%'""",
    """INSERT INTO players (id, name, hidden)
       SELECT 'p' || lpad(i::text, 8, '0'), 'Player ' || i, false
       FROM generate_series(1, :p) AS i""",
    """INSERT INTO turn_seats (game_id, seat, player_id, waiting, missed, bot_actions)
       SELECT g.id, s, 'p' || lpad((((g.id * 3 + s) % :p) + 1)::text, 8, '0'),
              s = g.id % 3, 0, 0
       FROM games g CROSS JOIN generate_series(0, 2) AS s WHERE g.code LIKE 'T%'""",
    # each game's reminder (a quarter of the clock before its deadline) falls in the next
    # SPREAD seconds, its deadline after the last of them
    """INSERT INTO turn_games (game_id, clock_s, seq, waiting, deadline, reminded, due_at,
                               over)
       SELECT g.id, :clock, 5, json_build_array(g.id % 3),
              :base + make_interval(secs => (abs(hashtext(g.code)) % :spread) + :clock / 4),
              false, :base + make_interval(secs => abs(hashtext(g.code)) % :spread), false
       FROM games g WHERE g.code LIKE 'T%'""",
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class _Clock:
    def __init__(self) -> None:
        self.at = BASE

    def __call__(self) -> datetime:
        return self.at


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --async`."""
    games = 2_000 if quick else GAMES
    players = games * SEATS // GAMES_PER_PLAYER
    notices = 200 if quick else NOTICES
    times = 60 if quick else 300
    clock = _Clock()
    service, server = start_push_service()
    rng = random.Random(39)
    out: dict[str, Any] = {}
    try:
        with pg_schema() as url:
            app = create_app({
                "TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "bench",
                "MIGRATE_ON_START": True,
                "RATELIMIT_ENABLED": False, "TURNS_WORKER": False,
                "WEBPUSH_SUBJECT": "mailto:operator@copenhagen.example",
                "WEBPUSH_HOSTS": "127.0.0.1"}, Deps(now=clock))
            store, turns = app.extensions["store"], app.extensions["turns"]
            start = time.perf_counter()
            with store.engine.begin() as conn:
                for sql in _FILL:
                    conn.execute(text(sql), {"n": games, "p": players, "clock": CLOCK_S,
                                             "spread": SPREAD_S, "base": BASE})
            with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                for table in ("games", "seats", "players", "turn_seats", "turn_games"):
                    c.execute(text(f"VACUUM ANALYZE {table}"))
            out["async_fill_s"] = round(time.perf_counter() - start, 1)
            with store.engine.connect() as conn:
                out["async_open_games"] = conn.execute(text(
                    "SELECT count(*) FROM turn_games WHERE NOT over")).scalar()
                out["async_seats"] = conn.execute(text(
                    "SELECT count(*) FROM turn_seats")).scalar()
            # players with a key each, holding the seats of filled players (10 games each)
            boards = Boards(store.engine)
            clients = []
            for i in rng.sample(range(1, players + 1), 100 if not quick else 30):
                player, secret = boards.create_player(f"Bench {i}")
                with store.engine.begin() as conn:
                    conn.execute(text("UPDATE turn_seats SET player_id = :new "
                                      "WHERE player_id = :old"),
                                 {"new": player.id, "old": f"p{i:08d}"})
                client = app.test_client()
                client.set_cookie("player", secret)
                clients.append((client, player.id))
            for client, _pid in clients:
                found = client.get("/me/games?format=json").get_json()["games"]
                assert len(found) == GAMES_PER_PLAYER, len(found)
            json_ms, page_ms = [], []
            for n in range(times):
                client, _pid = clients[n % len(clients)]
                t0 = time.perf_counter()
                assert client.get("/me/games?format=json").status_code == 200
                json_ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                assert client.get("/me/games").status_code == 200
                page_ms.append((time.perf_counter() - t0) * 1000)
            out.update({
                "my_games_p50_ms": round(statistics.median(json_ms), 2),
                "my_games_p95_ms": round(_percentile(json_ms, 0.95), 2),
                "my_games_page_p50_ms": round(statistics.median(page_ms), 2),
                "my_games_page_p95_ms": round(_percentile(page_ms, 0.95), 2),
                "my_games_goal_ms": MY_GAMES_GOAL_MS,
                "my_games_explain": explain(store.engine,
                                             TurnRecords.mine_query(clients[0][1])),
            })
            # devices subscribed (the players measured first): reminders are queued for them
            devices = [Device(service.url(f"d{i}")) for i in range(notices)]
            owners = [pid for _c, pid in clients]
            for i, device in enumerate(devices):
                sub = device.subscription()
                kept = turns.subscriptions.save(f"p{(i % players) + 1:08d}" if i >= len(owners)
                                                else owners[i], device.endpoint,
                                                sub["keys"]["p256dh"], sub["keys"]["auth"],
                                                "all", "en")
                assert kept
            # the sweep: a round with nothing due (the query alone), then rounds as the
            # reminders of the next hour and of the next 10 minutes fall due
            records: TurnRecords = turns.records
            clock.at = BASE - timedelta(days=1)
            t0 = time.perf_counter()
            empty = turns.clocks.sweep()
            out["sweep_empty_ms"] = round((time.perf_counter() - t0) * 1000, 2)
            assert empty.looked == 0
            out["sweep_explain"] = explain(store.engine,
                                            records.due_query(BASE + timedelta(hours=1), 500))
            rounds = []
            for minutes in (10, 60, SPREAD_S / 60):  # the last: every game's reminder is due
                clock.at = BASE + timedelta(minutes=minutes)
                t0 = time.perf_counter()
                done = turns.clocks.sweep(limit=games)
                rounds.append((minutes, done.reminded, time.perf_counter() - t0))
            out["sweep_rounds"] = [{"window_min": round(m), "reminders": r, "s": round(s, 3)}
                                   for m, r, s in rounds]
            assert rounds[-1][1] + rounds[0][1] + rounds[1][1] == games
            with store.engine.connect() as conn:
                out["sweep_reminders_queued"] = conn.execute(text(
                    "SELECT count(*) FROM push_outbox")).scalar()
            # every one of the 10,000 games' clocks handled in one sweep
            out["sweep_s_per_10000_games"] = round(
                sum(s for _m, _r, s in rounds) * GAMES / games, 3)
            # a 30-second round of the worker (3-day clocks: about 2 reminders or run-out
            # clocks per game in 3 days): the query plus the rows due in 30 s (the bots' moves
            # of run-out clocks are the game's work, measured by the bots' benchmarks)
            per_due_ms = 1000 * rounds[-1][2] / max(1, rounds[-1][1])
            out["sweep_per_due_ms"] = round(per_due_ms, 3)
            out["sweep_round_30s_ms"] = round(
                out["sweep_empty_ms"] + games * 2 * 30 / CLOCK_S * per_due_ms, 2)
            out["sweep_goal_s"] = SWEEP_GOAL_S
            # notifications: one worker, to the local push service, each encrypted for its
            # device and signed with the installation's key
            with store.engine.begin() as conn:
                conn.execute(text("DELETE FROM push_outbox"))
                conn.execute(text(
                    "INSERT INTO push_outbox (subscription_id, payload, attempts, due_at) "
                    "SELECT id, :payload, 0, :now FROM push_subscriptions"),
                    {"payload": json.dumps({"kind": "turn", "code": "T00000001",
                                            "edition": "rollwrite", "seat": 0,
                                            "others": ["Player 2", "Player 3"]}),
                     "now": clock.at})
            t0 = time.perf_counter()
            sent = 0
            while True:
                done = turns.sender.deliver(limit=200)
                sent += done.sent
                if not (done.sent or done.failed):
                    break
            elapsed = time.perf_counter() - t0
            got = service.wait_for(notices)
            assert sent == notices and len(got) == notices, (sent, len(got))
            sample = got[0]
            device = {d.endpoint.split(str(service.port))[1]: d for d in devices}[sample.path]
            out.update({
                "notifications_sent": sent,
                "notifications_s": round(elapsed, 2),
                "notifications_per_min": round(sent / elapsed * 60),
                "notifications_goal_per_min": NOTICES_GOAL_PER_MIN,
                "notification_bytes": len(sample.body),
                "notification_decrypted": device.decrypt(sample.body),
            })
            app.extensions["jobs"].shutdown()
            store.engine.dispose()
    finally:
        server.shutdown()
        server.server_close()
    return out
