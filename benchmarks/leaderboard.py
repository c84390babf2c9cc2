"""`copenhagen bench --leaderboard`: 100,000 results on one seed in PostgreSQL (a fresh
schema, dropped afterwards), then the leaderboard page (the Flask app, through its test
client, as a visitor and as a ranked player) and a player's rank, timed many times each:
medians and 95th percentiles, and the plans PostgreSQL chose (EXPLAIN ANALYZE), which must
read the board index `ix_results_board`, never the whole table."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from sqlalchemy import text

from benchmarks.databases import explain, pg_schema

SEED = "2026-11-26"
RESULTS = 100_000
PAGE_GOAL_MS = 50.0
RANK_GOAL_MS = 20.0

_FILL_GAMES = """
INSERT INTO games (code, kind, edition, config, host_token, seq, status, owner)
SELECT 'B' || lpad(to_hex(i), 8, '0'), 'solo', 'rollwrite', '{}'::json, md5('h' || i), 0,
       'over', md5('p' || i)
FROM generate_series(1, :n) AS i
"""
_FILL_RESULTS = """
INSERT INTO results (seed, player_id, game_id, code, name, ranked, outcome, turns, score,
                     reached, rank_key, finished_at, player_hidden, operator_hidden, listed,
                     started_at)
SELECT :seed, g.owner, g.id, g.code, 'Player ' || g.id, true, 'done', t.turns, t.score,
       t.reached,
       (CASE WHEN t.reached THEN t.turns ELSE 500 END) * 1000 + (999 - t.score),
       now() - make_interval(secs => g.id), false, false, true, now() - interval '1 day'
FROM games g
CROSS JOIN LATERAL (SELECT 7 + (abs(hashtext(g.code)) % 19) AS turns,
                           (abs(hashtext(g.code || 's')) % 25) AS score,
                           (abs(hashtext(g.code || 'r')) % 20) <> 0 AS reached) t
WHERE g.code LIKE 'B%'
"""

_FILL_COUNTS = """
INSERT INTO board_counts (seed, rank_key, n)
SELECT seed, rank_key, count(*) FROM results WHERE seed = :seed AND listed GROUP BY 1, 2
"""


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _timed(fn: Any, times: int) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --leaderboard`."""
    from webapp import create_app

    count = 10_000 if quick else RESULTS
    times = 40 if quick else 300
    rng = random.Random(27)
    with pg_schema() as url:
        app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "bench",
                          "RATELIMIT_ENABLED": False})
        store = app.extensions["store"]
        boards = app.extensions["boards"]
        start = time.perf_counter()
        with store.engine.begin() as conn:
            conn.execute(text(_FILL_GAMES), {"n": count})
            conn.execute(text(_FILL_RESULTS), {"seed": SEED})
            conn.execute(text(_FILL_COUNTS), {"seed": SEED})
        with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE results"))
            conn.execute(text("VACUUM ANALYZE games"))
            conn.execute(text("VACUUM ANALYZE board_counts"))
        fill_s = time.perf_counter() - start
        assert boards.listed_count(SEED) == count
        # a ranked player who views the page (their own line and rank on it)
        player, secret = boards.create_player("Bench")
        client = app.test_client()
        visitor = app.test_client()
        client.set_cookie("player", secret)
        game = store.create_game("solo", "rollwrite", {"players": ["Bench"], "seed": SEED,
                                                     "options": {"dice": "seeded"}}, 1,
                                 owner=player.id)
        boards.enter(game, SEED, player, True)
        boards.finish(game.id, 13, 14, True)
        for c in (client, visitor):
            assert c.get(f"/s/leaderboard/{SEED}").status_code == 200  # warm up
        page_player = _timed(lambda: client.get(f"/s/leaderboard/{SEED}"), times)
        page_visitor = _timed(lambda: visitor.get(f"/s/leaderboard/{SEED}"), times)
        page_json = _timed(lambda: visitor.get(f"/s/leaderboard/{SEED}?format=json"), times)
        ids = rng.sample(range(1, count + 1), min(times, count))
        entries = [boards.entry(SEED, f"{_md5('p' + str(i))}") for i in ids]
        entries = [e for e in entries if e is not None]
        rank_ms = []
        for e in entries:
            t0 = time.perf_counter()
            boards.rank(e)
            rank_ms.append((time.perf_counter() - t0) * 1000)
        worst = max(entries, key=lambda e: (e.rank_key, e.finished_at, e.id))
        plan_rank = (explain(store.engine, boards.above_query(worst))
                     + explain(store.engine, boards.rank_query(worst)))
        plan_page = explain(store.engine, boards.board_query(SEED))
        app.extensions["jobs"].shutdown()
        store.engine.dispose()
    return {
        "leaderboard_results": count,
        "leaderboard_fill_s": round(fill_s, 1),
        "leaderboard_page_p50_ms": round(statistics.median(page_player), 2),
        "leaderboard_page_p95_ms": round(_percentile(page_player, 0.95), 2),
        "leaderboard_page_visitor_p95_ms": round(_percentile(page_visitor, 0.95), 2),
        "leaderboard_json_p95_ms": round(_percentile(page_json, 0.95), 2),
        "leaderboard_rank_p50_ms": round(statistics.median(rank_ms), 2),
        "leaderboard_rank_p95_ms": round(_percentile(rank_ms, 0.95), 2),
        "leaderboard_page_goal_ms": PAGE_GOAL_MS,
        "leaderboard_rank_goal_ms": RANK_GOAL_MS,
        "leaderboard_explain_rank_last": plan_rank,
        "leaderboard_explain_page": plan_page,
    }


def _md5(text_: str) -> str:
    import hashlib

    return hashlib.md5(text_.encode()).hexdigest()
