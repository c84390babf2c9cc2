"""The push streams under load (`copenhagen bench --push`): one `copenhagen serve` (2 uvicorn
workers, SQLite, no Redis) holds open /push/<CODE> streams of idle phones, four at each of
many quiet tables (a game night's phones between moves), while simulated phones play at a
person's pace at other tables (benchmarks/web.py `play`), each also holding its table's
stream, as the page does. Figures:

- push_idle_streams: idle streams open and ready at the end (goal >= 2,000 on one 2-core
  server); push_streams: all streams (idle and the players');
- push_move_p50_ms / push_move_p95_ms: one POST /act as the phone sees it meanwhile (goal
  p95 <= 50 ms), and the server's own time (push_move_server_p50_ms / _p95_ms); the same
  play just before, with no stream open, is the control (push_move_no_streams_*): on a
  shared machine the difference is what the streams cost;
- push_kib_per_stream: the server's resident memory (all its processes) added per open stream;
- push_idle_cpu_pct: the server's CPU time (all its processes, % of one core) while it holds
  the streams and nobody plays (IDLE_S): what the heartbeats and wake-up paths cost;
  push_play_cpu_pct / push_play_no_streams_cpu_pct: the same while the phones play, with the
  streams and in the control (a figure the machine's other load hardly changes);
- push_lag_p50_ms / push_lag_p95_ms: from a move's answer to its event at the idle streams;
- push_events, push_gaps, push_duplicates: events received by the idle streams, and sequence
  numbers a stream skipped or got twice (both must be 0).

The idle streams are held by one asyncio loop in this process (a few lines of HTTP/1.1 each);
the players are threads with http.client, as in benchmarks/web.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.servers import AppServer
from benchmarks.web import (
    THINK_S,
    Phone,
    Tally,
    _guarded,
    _percentile,
    log_stamp,
    play,
    server_times,
    table_sizes,
)
from webapp.games.engines import FACTORIES
from webapp.platform.db import make_engine
from webapp.platform.store import Store

CONNECT_AT_ONCE = 100  # streams being opened at the same moment
IDLE_S = 10.0  # how long the server's CPU time is measured with the streams open, no play


@dataclass(frozen=True)
class Plan:
    """How big a run is."""

    streams: int
    players: int
    play_s: float
    idle_s: float = IDLE_S


FULL = Plan(streams=2000, players=20, play_s=30.0)
PHONES_PER_ADDRESS = 4  # idle phones behind one address (a household's)
# quick: 4 s of play a half (8 s made its test take 20 s of CPU rather than 5, one run each)
QUICK = Plan(streams=200, players=8, play_s=4.0, idle_s=2.0)


@dataclass
class Received:
    """What the idle streams got: (code, seq) -> receipt times, and streams ready."""

    at: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    per_stream: list[list[int]] = field(default_factory=list)
    ready: int = 0
    failed: int = 0


def phone_address(n: int) -> str:
    """The loopback address the `n`th idle phone connects from: PHONES_PER_ADDRESS phones to
    an address (a household), as phones come from many addresses, so the server's limits per
    client (webapp/platform/budgets.py STREAMS_PER_CLIENT_IN_ALL) fall on none of them."""
    house = n // PHONES_PER_ADDRESS
    return f"127.1.{house // 250}.{house % 250 + 1}"


async def _stream(port: int, code: str, got: Received, mine: list[int],
                  gate: asyncio.Semaphore, stop: asyncio.Event, source: str = "127.0.0.1",
                  ) -> None:
    """One idle phone: open the stream from `source`, then note each move event until
    `stop`."""
    async with gate:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=(source, 0))
            writer.write(f"GET /push/{code} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            while True:
                line = await reader.readline()
                if not line:
                    raise ConnectionError("closed before ready")
                if line.startswith(b"event: ready"):
                    break
        except (OSError, ConnectionError):
            got.failed += 1
            return
    got.ready += 1
    closing = asyncio.ensure_future(stop.wait())
    try:
        while not stop.is_set():
            reading = asyncio.ensure_future(reader.readline())
            done, _ = await asyncio.wait({reading, closing}, return_when=asyncio.FIRST_COMPLETED)
            if reading not in done:
                reading.cancel()
                break
            line = reading.result()
            if not line:
                got.ready -= 1
                got.failed += 1
                break
            if line.startswith(b"id: "):
                seq = int(line[4:].strip())
                mine.append(seq)
                got.at.setdefault((code, seq), []).append(time.monotonic())
    finally:
        closing.cancel()
        writer.close()


def _hold(port: int, codes: list[str], got: Received, opened: threading.Event,
          stop: threading.Event) -> None:
    """Open one stream per code in `codes` and hold them until `stop`."""

    async def main() -> None:
        gate = asyncio.Semaphore(CONNECT_AT_ONCE)
        quit_ = asyncio.Event()
        tasks = []
        for n, code in enumerate(codes):
            mine: list[int] = []
            got.per_stream.append(mine)
            tasks.append(asyncio.ensure_future(_stream(port, code, got, mine, gate, quit_,
                                                       phone_address(n))))
        while got.ready + got.failed < len(codes):
            await asyncio.sleep(0.05)
        opened.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        quit_.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


def _group(app: AppServer) -> tuple[int, float]:
    """Resident memory (KiB) and CPU time so far (s) of the server's whole process group
    (master and workers)."""
    assert app.proc is not None
    rss, ticks = 0, 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != app.proc.pid:  # field 5 of stat: the process group
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError, ValueError):
            continue
        ticks += int(fields[11]) + int(fields[12])  # fields 14 and 15: utime, stime
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss += int(line.split()[1])
    return rss, ticks / os.sysconf("SC_CLK_TCK")


def server_rss_kib(app: AppServer) -> int:
    """Resident memory of the server's whole process group (master and workers), in KiB."""
    return _group(app)[0]


def server_cpu_s(app: AppServer) -> float:
    """CPU time the server's whole process group has used so far, in seconds."""
    return _group(app)[1]


def cpu_share(app: AppServer, during: Callable[[], object]) -> float:
    """The server's CPU time while `during()` runs, as a share of one core."""
    cpu_at, clock_at = server_cpu_s(app), time.monotonic()
    during()
    return (server_cpu_s(app) - cpu_at) / (time.monotonic() - clock_at)


def gaps_and_duplicates(seqs: list[int], head_from: int, head_to: int) -> tuple[int, int]:
    """Sequence numbers a stream that started at `head_from` skipped (up to `head_to`) and
    got more than once."""
    duplicates = len(seqs) - len(set(seqs))
    gaps = len(set(range(head_from + 1, head_to + 1)) - set(seqs))
    return gaps, duplicates


def run(plan: Plan, seed: int = 1) -> dict[str, Any]:
    """Start the server, seat the players, open the idle streams, play; the figures."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    tally = Tally()
    inside: dict[str, list[tuple[str, float]]] = {}
    got = Received()
    acked: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory(prefix="copenhagen-push-") as tmp:
        log = Path(tmp) / "server.log"
        app = AppServer(f"sqlite:///{Path(tmp) / 'push.sqlite3'}", log, workers=2)
        try:
            app.start()
            port = app.port
            tables: list[tuple[str, list[Phone]]] = []
            for size in table_sizes(plan.players):
                host = Phone(port, tally, 10**9)
                code = host.create_table(size)
                seated = [host]
                for seat in range(1, size):
                    phone = Phone(port, tally, 10**9)
                    phone.join(code, seat)
                    seated.append(phone)
                tables.append((code, seated))
            codes = [code for code, _s in tables]
            # the same play without any stream first: the control, on the same machine
            control_from, control_start = len(tally.move_ms), log_stamp()
            control_cpu = cpu_share(app, lambda: _play(
                tables, [threading.Event() for _ in tables], plan.play_s, tally, {},
                random.Random(seed + 1)))
            control = tally.move_ms[control_from:]
            moves_from, control_end = len(tally.move_ms), log_stamp()
            heads_before = {code: _head(tables, code) for code in codes}
            quiet = quiet_tables(app.database_url, -(-plan.streams // 4))
            watched = [c for c in quiet for _ in range(4)][:plan.streams]
            watched += [code for code, seated in tables for _p in seated]
            time.sleep(1.0)
            rss_before = server_rss_kib(app)
            opened, stop = threading.Event(), threading.Event()
            holder = threading.Thread(target=_hold, args=(port, watched, got, opened, stop),
                                      daemon=True)
            started = time.monotonic()
            holder.start()
            opened.wait(300)
            open_s = time.monotonic() - started
            time.sleep(2.0)
            rss_after = server_rss_kib(app)
            idle_cpu = cpu_share(app, lambda: time.sleep(plan.idle_s))
            idle_mark = log_stamp()

            rng = random.Random(seed)
            overs = [threading.Event() for _ in tables]
            play_cpu = cpu_share(app, lambda: _play(tables, overs, plan.play_s, tally, acked,
                                                    rng))
            settle(got)  # the last events reach the streams
            ready_at_end = got.ready
            heads_after = {code: _head(tables, code) for code in codes}
            stop.set()
            holder.join(30)
        finally:
            app.stop()
            server_times(log, inside)
    moves_ms = tally.move_ms[moves_from:]
    server_ms = [ms for at, ms in inside.get("act", []) if at >= idle_mark]
    control_server = [ms for at, ms in inside.get("act", [])
                      if control_start <= at <= control_end]
    lags = [(t - acked[key]) * 1000 for key, times in got.at.items() if key in acked
            for t in times]
    gaps = duplicates = 0
    for code, seqs in zip(watched, got.per_stream):
        if code in heads_before:
            g, d = gaps_and_duplicates(seqs, heads_before[code], heads_after[code])
            gaps, duplicates = gaps + g, duplicates + d
    return {
        "push_idle_streams": min(plan.streams, ready_at_end),
        "push_streams": ready_at_end,
        "push_streams_failed": got.failed,
        "push_open_s": round(open_s, 1),
        "push_kib_per_stream": round((rss_after - rss_before) / max(1, got.ready), 1),
        "push_server_rss_mib": round(rss_after / 1024, 1),
        "push_idle_cpu_pct": round(idle_cpu * 100, 1),
        "push_play_cpu_pct": round(play_cpu * 100, 1),
        "push_play_no_streams_cpu_pct": round(control_cpu * 100, 1),
        "push_move_p50_ms": _round(statistics.median, moves_ms),
        "push_move_p95_ms": _round(lambda v: _percentile(v, 0.95), moves_ms),
        "push_move_server_p50_ms": _round(statistics.median, server_ms),
        "push_move_server_p95_ms": _round(lambda v: _percentile(v, 0.95), server_ms),
        "push_moves": len(moves_ms),
        "push_move_no_streams_p50_ms": _round(statistics.median, control),
        "push_move_no_streams_p95_ms": _round(lambda v: _percentile(v, 0.95), control),
        "push_move_no_streams_server_p95_ms": _round(lambda v: _percentile(v, 0.95),
                                                     control_server),
        "push_lag_p50_ms": _round(statistics.median, lags),
        "push_lag_p95_ms": _round(lambda v: _percentile(v, 0.95), lags),
        "push_events": sum(len(s) for s in got.per_stream),
        "push_gaps": gaps,
        "push_duplicates": duplicates,
        "push_players": plan.players,
        "push_tables": len(tables),
        "push_errors": tally.errors,
    }


def _play(tables: list[tuple[str, list[Phone]]], overs: list[threading.Event], seconds: float,
          tally: Tally, acked: dict[tuple[str, int], float], rng: random.Random) -> None:
    """Every seated phone plays its table at a person's pace for `seconds`."""
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=_guarded(_acking(acked), tally),
                                args=(p, code, until, random.Random(rng.random()), over,
                                      THINK_S))
               for (code, seated), over in zip(tables, overs) for p in seated]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def quiet_tables(database_url: str, count: int) -> list[str]:
    """`count` new two-player tables where nobody moves (made in the database directly: the
    bench is about the streams, not about creating tables)."""
    engine = make_engine(database_url)
    try:
        store = Store(engine, FACTORIES, cache_size=0)
        config = {"players": ["A", "B", "C", "D"], "seed": "quiet",
                  "options": {"dice": "seeded", "mirror": False}}
        return [store.create_game("table", "rollwrite", config, 4).code for _ in range(count)]
    finally:
        engine.dispose()


def settle(got: Received, quiet_s: float = 1.0, limit_s: float = 15.0) -> None:
    """Wait until no stream has received an event for `quiet_s` (at most `limit_s`)."""
    end = time.monotonic() + limit_s
    last = -1
    while time.monotonic() < end:
        now = sum(len(s) for s in got.per_stream)
        if now == last:
            return
        last = now
        time.sleep(quiet_s)


def _head(tables: list[tuple[str, list[Phone]]], code: str) -> int:
    """The table's move number, asked of the server."""
    phone = next(seated[0] for c, seated in tables if c == code)
    status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/version")
    return int(json.loads(data)["seq"]) if status == 200 else 0


def _acking(acked: dict[tuple[str, int], float]) -> Any:
    """`play`, noting when each of its moves was answered (for the push lag)."""

    def wrapped(phone: Phone, code: str, *args: Any) -> None:
        original = phone.request

        def request(method: str, path: str, form: dict[str, str] | None = None,
                    headers: dict[str, str] | None = None) -> Any:
            out = original(method, path, form, headers)
            if method == "POST" and path.endswith("/act") and out[0] == 200:
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    acked[(code, int(json.loads(out[1])["seq"]))] = time.monotonic()
            return out

        phone.request = request  # type: ignore[method-assign]
        play(phone, code, *args)

    return wrapped


def _round(stat: Any, values: list[float]) -> float | None:
    return round(stat(values), 1) if values else None


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --push`."""
    return run(QUICK if quick else FULL)
