"""The attacker's loads (part of `copenhagen bench --reliability`, issue 36), each against a
fresh `copenhagen serve` as scripts/run.sh starts it (two workers of four threads) while two
phones play a table: push streams at odd spellings of a code, bodies held back (under and
over the size limit), chunked forms, a flood of hints, many idle streams from one client.
Figures per load: `healthz_p99_ms` (a `/healthz` every 50 ms during it, a new connection
each, 2 s at most; goal <= 100), `stuck_after` (of 16 `/healthz` sent at once after the
load, those unanswered within 2 s: page threads still held; goal 0), `moves_lost` (moves
answered 200 that the game's log lacks; goal 0), and what the load itself was answered.
The raw loads come from another loopback address than the phones (ATTACKER): the server's
per-client limits tell them apart, as they would a stranger's phone."""

from __future__ import annotations

import http.client
import json
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.servers import AppServer
from benchmarks.web import Phone, Tally

ATTACKER = ("127.0.0.2", 0)  # the raw loads' own address: the phones playing are 127.0.0.1
HEALTH_TIMEOUT_S = 2.0
HEALTH_EVERY_S = 0.05
SKIPPED = ("undo", "unpick")


def _health_once(port: int) -> float:
    """Milliseconds /healthz took (HEALTH_TIMEOUT_S * 1000 when it did not answer)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=HEALTH_TIMEOUT_S)
    try:
        conn.request("GET", "/healthz")
        ok = conn.getresponse().status == 200
    except OSError:
        ok = False
    finally:
        conn.close()
    return (time.perf_counter() - start) * 1000 if ok else HEALTH_TIMEOUT_S * 1000


def _p99(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1)


def stuck(port: int, count: int = 16) -> int:
    """Of `count` /healthz sent at once, how many did not answer within HEALTH_TIMEOUT_S."""
    with ThreadPoolExecutor(max_workers=count) as pool:
        times = list(pool.map(lambda _i: _health_once(port), range(count)))
    return sum(t >= HEALTH_TIMEOUT_S * 1000 for t in times)


class Table:
    """Two phones playing one app-dice table, one move after another, counting the moves
    answered 200; `lost` compares them with the game's log at the end."""

    def __init__(self, port: int) -> None:
        tally = Tally()
        self.phones = [Phone(port, tally, 10**6), Phone(port, tally, 10**6)]
        self.code = self.phones[0].create_table(2)
        self.phones[1].join(self.code, 1)
        for phone in self.phones:
            phone.page_token(f"/rollwrite/{self.code}")
        self.start = self._seq()
        self.acknowledged = 0

    def _info(self, phone: Phone) -> dict[str, Any] | None:
        status, data, _ms, _r = phone.request("GET", f"/rollwrite/{self.code}/api")
        return json.loads(data) if status == 200 else None

    def _seq(self) -> int:
        info = self._info(self.phones[0])
        return int(info["seq"]) if info else 0

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            for phone in self.phones:
                info = self._info(phone)
                legal = [a for a in (info or {}).get("legal", [])
                         if a.split()[1] not in SKIPPED]
                if info and legal:
                    status, _d, _ms, _r = phone.request("POST", f"/rollwrite/{self.code}/act", {
                        "csrf_token": phone.token, "seq": str(info["seq"]),
                        "action": legal[0]})
                    self.acknowledged += status == 200
                    break
            else:
                return  # the game is over
            time.sleep(0.05)

    def lost(self) -> int:
        return max(0, self.acknowledged - (self._seq() - self.start))


def _raw(port: int, data: bytes) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5,
                                        source_address=ATTACKER)
        sock.sendall(data)
        return sock
    except OSError:
        return None


def _status(sock: socket.socket | None, wait_s: float) -> str:
    """The status the server sent on `sock` within `wait_s` ('none' if nothing)."""
    if sock is None:
        return "refused"
    sock.settimeout(wait_s)
    try:
        head = sock.recv(64)
    except OSError:
        return "none"
    return head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/1.1 ") else "closed"


def _held(port: int, requests: list[bytes], seconds: float) -> dict[str, Any]:
    """Each request sent on a connection of its own and held `seconds`: what each was
    answered by then, and the connections closed."""
    socks = [_raw(port, data) for data in requests]
    time.sleep(seconds)
    statuses = Counter(_status(s, 0.05) for s in socks)
    for sock in socks:
        if sock is not None:
            sock.close()
    return {"answered": dict(statuses)}


def odd_streams(port: int, table: Table, seconds: float) -> dict[str, Any]:
    """24 streams at `/push/ABC-DEF`, `/push/ABCDEF/`, `/push/abc-DEF`, held, then dropped."""
    code = table.code
    spellings = [f"{code[:3]}-{code[3:]}", f"{code}/", f"{code[:3].lower()}-{code[3:]}"]
    return _held(port, [f"GET /push/{s} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        "Accept: text/event-stream\r\n\r\n".encode() for s in spellings * 8],
                 seconds)


def held_bodies(port: int, table: Table, seconds: float) -> dict[str, Any]:
    """40 forms under the size limit and 12 over it (which the app would read to drain),
    each sent its head and a few bytes, then held."""
    head = (b"POST /r HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            b"application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\ntext=abc")
    return _held(port, [head % n for n in [300] * 40 + [300_000] * 12], seconds)


def chunked_forms(port: int, table: Table, seconds: float) -> dict[str, Any]:
    """New tables asked for with a chunked form (as some proxies send forms), for `seconds`."""
    phone = Phone(port, Tally(), 10**6)
    phone.page_token("/rollwrite/new")
    statuses: Counter[int] = Counter()
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        form = f"csrf_token={phone.token}&name=Host&seats=2&dice=app".encode()
        try:
            conn.request("POST", "/rollwrite/new", body=iter([form[:9], form[9:]]),
                         encode_chunked=True, headers={
                             "Content-Type": "application/x-www-form-urlencoded",
                             "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())})
            resp = conn.getresponse()
            resp.read()
            statuses[resp.status] += 1
        except OSError:
            statuses[0] += 1
        finally:
            conn.close()
    return {"answered": {str(k): v for k, v in statuses.items()},
            "created": statuses[303]}


def _solo_at_a_hint(port: int, seed: str) -> tuple[Phone, str] | None:
    """A solo challenge played forward until a hint can be asked for."""
    phone = Phone(port, Tally(), 10**6)
    phone.page_token("/s/")
    status, _d, _ms, resp = phone.request("POST", "/s/challenge", {
        "csrf_token": phone.token, "name": "Ann", "seed": seed})
    if status != 303 or resp is None:
        return None
    code = resp.getheader("Location", "").rsplit("/", 1)[1]
    phone.page_token(f"/rollwrite/{code}")
    for _ in range(40):
        status, _d, _ms, _r = phone.request("GET", f"/rollwrite/{code}/hint",
                                            headers={"Accept": "text/html"})
        if status == 200:
            return phone, code
        s2, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
        info = json.loads(data)
        legal = [a for a in info.get("legal", []) if a.split()[1] not in SKIPPED]
        if not legal:
            return None
        phone.request("POST", f"/rollwrite/{code}/act", {"csrf_token": phone.token,
                                                 "seq": str(info["seq"]), "action": legal[0]})
    return None


def hint_flood(port: int, table: Table, seconds: float) -> dict[str, Any]:
    """8 clients asking for hints as fast as they are answered, each on a game of its own
    played forward a move whenever a hint came (a new position: a new search)."""
    games = [g for g in (_solo_at_a_hint(port, f"flood-{i}") for i in range(8)) if g]
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def ask(phone: Phone, code: str) -> None:
        while time.monotonic() < until:
            status, _d, _ms, _r = phone.request("GET", f"/rollwrite/{code}/hint",
                                                headers={"Accept": "text/html"})
            with lock:
                statuses[status] += 1

    threads = [threading.Thread(target=ask, args=g) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"games": len(games), "answered": {str(k): v for k, v in statuses.items()}}


def idle_streams(port: int, table: Table, seconds: float) -> dict[str, Any]:
    """200 streams of the table from one client, held idle, then dropped."""
    return _held(port, [f"GET /push/{table.code} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        "Accept: text/event-stream\r\n\r\n".encode()] * 200, seconds)


LOADS: dict[str, Callable[[int, Table, float], dict[str, Any]]] = {
    "odd_streams": odd_streams, "held_bodies": held_bodies, "chunked_forms": chunked_forms,
    "hint_flood": hint_flood, "idle_streams": idle_streams,
}


def one_load(name: str, folder: Path, seconds: float) -> dict[str, Any]:
    """One load against a fresh server, with /healthz sampled and a table played meanwhile."""
    app = AppServer(f"sqlite:///{folder / f'{name}.sqlite3'}", folder / f"{name}.log").start()
    try:
        table = Table(app.port)
        stop = threading.Event()
        times: list[float] = []

        def sample() -> None:
            while not stop.is_set():
                times.append(_health_once(app.port))
                stop.wait(HEALTH_EVERY_S)

        workers = [threading.Thread(target=sample), threading.Thread(target=table.play,
                                                                     args=(stop,))]
        for worker in workers:
            worker.start()
        try:
            result = LOADS[name](app.port, table, seconds)
        finally:
            stop.set()
            for worker in workers:
                worker.join()
        return {**result, "healthz_p99_ms": _p99(times), "healthz_samples": len(times),
                "healthz_unanswered": sum(t >= HEALTH_TIMEOUT_S * 1000 for t in times),
                "stuck_after": stuck(app.port), "moves_acknowledged": table.acknowledged,
                "moves_lost": table.lost()}
    finally:
        app.stop()


def run_loads(quick: bool = False) -> dict[str, Any]:
    """Every load, each on its own server: {load: figures}, and the worst of each figure.
    Part of `bench --reliability` (benchmarks/reliability.py), not a bench of its own: named
    `measure`, the plain `bench` would run it and start servers."""
    seconds = 3.0 if quick else 8.0
    with tempfile.TemporaryDirectory(prefix="copenhagen-attacks-") as tmp:
        out = {name: one_load(name, Path(tmp), seconds) for name in LOADS}
    return {"loads": out,
            "healthz_p99_ms_worst": max((r["healthz_p99_ms"] or 0) for r in out.values()),
            "stuck_after_worst": max(r["stuck_after"] for r in out.values()),
            "moves_lost": sum(r["moves_lost"] for r in out.values())}


if __name__ == "__main__":
    print(json.dumps(run_loads(quick=True), indent=1))
