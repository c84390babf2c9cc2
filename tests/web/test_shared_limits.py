"""The creation limit holds across workers and servers when it is counted in Redis
(COPENHAGEN_RATELIMIT_STORAGE_URI): two gunicorn workers of `copenhagen serve` share one
budget. Redis is required under CI=true (every machine here runs it on 127.0.0.1:6379)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from benchmarks.servers import AppServer
from benchmarks.web import Phone, Tally

pytestmark = pytest.mark.slow  # starts real servers

REDIS_URL = "redis://127.0.0.1:6379/7"  # a database of its own, emptied before the test
BUDGET = 6  # creations per minute for the test
START_REDIS = ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port",
               "6379", "--save", "", "--appendonly", "no"]


def _redis_answers() -> bool:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        return True
    except redis.RedisError:
        return False


@pytest.fixture
def redis_url() -> str:
    """The Redis database of the test, empty; Redis is started when it does not answer."""
    import redis

    if not _redis_answers() and shutil.which("redis-server"):
        subprocess.run(START_REDIS, check=False, capture_output=True, timeout=20)
        for _ in range(50):
            if _redis_answers():
                break
            time.sleep(0.1)
    if not _redis_answers():
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is required under CI=true and does not answer on 127.0.0.1:6379")
        pytest.skip("no Redis server on 127.0.0.1:6379")
    redis.Redis.from_url(REDIS_URL).flushdb()
    return REDIS_URL


def _creations(port: int, phones: int, each: int) -> list[int]:
    """Statuses of `phones * each` new dice tables asked for by `phones` browsers, each on its
    own connection (so the two workers both take some)."""
    tally = Tally()
    statuses = []
    crowd = [Phone(port, tally, 10**6) for _ in range(phones)]
    for phone in crowd:
        phone.page_token("/d/new")
    for _ in range(each):
        for phone in crowd:
            status, _body, _ms, _resp = phone.request(
                "POST", "/d/new", {"csrf_token": phone.token, "count": "2"},
                headers={"Accept": "text/html"})
            statuses.append(status)
    return statuses


def test_two_workers_share_one_creation_budget_in_redis(redis_url: str, tmp_path: Path):
    env = {"COPENHAGEN_RATELIMIT_STORAGE_URI": redis_url,
           "COPENHAGEN_CREATE_LIMIT": f"{BUDGET} per minute"}
    with AppServer(f"sqlite:///{tmp_path / 'shared.sqlite3'}", tmp_path / "shared.log",
                   workers=2, env=env) as app:
        statuses = _creations(app.port, phones=8, each=3)
        log = app.tail(200_000)
    assert statuses.count(303) == BUDGET, statuses
    assert statuses.count(429) == len(statuses) - BUDGET, statuses
    workers = {line.split("[")[2].split("]")[0] for line in log.splitlines()
               if "Booting worker with pid" in line}
    assert len(workers) == 2, log[-2000:]
    assert "count the creation limit each on their own" not in log


def test_serve_warns_when_two_workers_count_on_their_own(tmp_path: Path):
    env = {"COPENHAGEN_RATELIMIT_STORAGE_URI": "memory://"}
    with AppServer(f"sqlite:///{tmp_path / 'own.sqlite3'}", tmp_path / "own.log",
                   workers=2, env=env) as app:
        log = app.tail(200_000)
    assert "2 workers count the creation limit each on their own" in log, log[-2000:]
