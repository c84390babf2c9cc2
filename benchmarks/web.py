"""The web app under load: gunicorn (2 workers) on a temporary SQLite file, simulated phones
(threads, plain http.client) playing real Roll & Write games at tables of 2 to 4 seats
through /rollwrite/<CODE>/api and /act while polling /rollwrite/<CODE>/poll, then polling flat out.

Run by `copenhagen bench --web` only (it starts a server). Three phases on one server:

1. play at a person's pace: every phone waits THINK_S before each move it sends, as a person
   tapping does, and polls three times as often as a real phone: web_move_p50_ms /
   web_move_p95_ms (one POST /act as the phone sees it, goal <= 25 ms);
2. play flat out: the same phones with no pause at all, about a hundred moves a second from
   50 robots, far beyond any game night on one server, so queueing shows:
   web_move_flat_out_p50_ms / web_move_flat_out_p95_ms, and most games reach their end;
3. poll flat out: web_poll_rps (poll answers per second the server gives 50 phones polling
   without pause, goal >= 500).

The server's own time per /act (from its request log, for each play phase) and per /poll,
requests, errors (5xx and broken connections), conflicts (409) and refused moves (other 4xx)
come with them."""

from __future__ import annotations

import contextlib
import http.client
import random
import re
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from benchmarks.servers import AppServer

SEAT_CYCLE = (2, 3, 4)  # table sizes, in turn, until every phone has a seat
POLL_EVERY_S = 0.5  # while playing: three times as often as a real phone (POLL_SECONDS 1.5)
# A person's pause before each tap that makes a move: 1 s is a quick player (a turn of roll,
# choose, draw, end takes a person far longer); 50 such phones send about 30 moves a second.
THINK_S = 1.0
SKIPPED_VERBS = ("undo", "unpick")  # a random player taking moves back only lengthens games
CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|"X-CSRFToken": "([^"]+)"')
CODE_RE = re.compile(r"/rollwrite/([A-Z0-9]+)")
# The app's request log line (webapp/platform/requestlog.py):
# "... POST /rollwrite/ABC234/act 200 ... 12.3ms".
LOG_RE = re.compile(
    r"^(\S+ \S+) (GET|POST) /rollwrite/[A-Z0-9]+/(act|poll)\S* (\d{3}) .* ([\d.]+)ms$")


@dataclass(frozen=True)
class Plan:
    """How big a run is."""

    phones: int
    play_s: float  # the playing phase at a person's pace stops after this long
    flat_out_s: float  # the playing phase without pauses, finished or not
    flood_s: float  # the flat-out polling phase
    max_requests: int  # per phone, over both phases


QUICK = Plan(phones=12, play_s=8.0, flat_out_s=6.0, flood_s=3.0, max_requests=2_000)
FULL = Plan(phones=50, play_s=40.0, flat_out_s=45.0, flood_s=10.0, max_requests=20_000)


@dataclass
class Tally:
    """What the phones saw, shared between their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    move_ms: list[float] = field(default_factory=list)
    requests: int = 0
    errors: int = 0
    conflicts: int = 0
    refused: int = 0
    polls: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)

    def count(self, status: int, what: str) -> None:
        """Book one answer."""
        with self.lock:
            self.requests += 1
            if status >= 500 or status == 0:
                self.errors += 1
                if len(self.problems) < 5:
                    self.problems.append(f"{status} for {what}")
            elif status == 409:
                self.conflicts += 1
            elif status >= 400 and "/act" in what:
                self.refused += 1
                if len(self.problems) < 5:
                    self.problems.append(f"{status} for {what}")


class Phone:
    """One simulated phone: a keep-alive connection, its cookies and the page's CSRF token."""

    def __init__(self, port: int, tally: Tally, budget: int) -> None:
        self.port = port
        self.tally = tally
        self.budget = budget
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def use(self, port: int) -> None:
        """Talk to another server from now on (cookies kept: one browser, two servers)."""
        if port != self.port:
            self.conn.close()
            self.port = port
            self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes, float, http.client.HTTPResponse | None]:
        """One request (reconnecting once if the server closed the idle connection):
        status (0: no answer), body, milliseconds, response."""
        body = urlencode(form).encode() if form is not None else None
        head = {"Accept": "application/json", **(headers or {})}
        if body is not None:
            head["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.budget -= 1
        for attempt in (0, 1):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=body, headers=head)
                resp = self.conn.getresponse()
                data = resp.read()
            except (http.client.HTTPException, ConnectionError, TimeoutError, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 0:
                    continue
                self.tally.count(0, f"{method} {path}")
                return 0, b"", (time.perf_counter() - start) * 1000, None
            ms = (time.perf_counter() - start) * 1000
            for line in resp.headers.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(line)
                for key, morsel in jar.items():
                    self.cookies[key] = morsel.value
            if resp.will_close:
                self.conn.close()
            self.tally.count(resp.status, f"{method} {path}")
            return resp.status, data, ms, resp
        raise AssertionError("unreachable")

    def page_token(self, path: str) -> str:
        """GET a page and keep its CSRF token; returns the page."""
        status, data, _ms, _resp = self.request("GET", path, headers={"Accept": "text/html"})
        html = data.decode("utf-8", "replace")
        m = CSRF_RE.search(html)
        if status != 200 or not m:
            raise RuntimeError(f"GET {path} answered {status} without a form token")
        self.token = m.group(1) or m.group(2)
        return html

    def create_table(self, seats: int) -> str:
        """Create an app-dice table as its host; returns its code."""
        self.page_token("/rollwrite/new")
        status, _d, _ms, resp = self.request("POST", "/rollwrite/new", {
            "csrf_token": self.token, "name": "Host", "seats": str(seats), "dice": "app",
        })
        where = resp.getheader("Location", "") if resp else ""
        m = CODE_RE.search(where)
        if status != 303 or not m:
            raise RuntimeError(f"creating a table answered {status} ({where!r})")
        return m.group(1)

    def join(self, code: str, seat: int) -> None:
        """Take a seat at the table."""
        self.page_token(f"/rollwrite/{code}/join")
        status, _d, _ms, _r = self.request("POST", f"/rollwrite/{code}/join", {
            "csrf_token": self.token, "seat": str(seat), "name": f"Phone {seat + 1}",
        })
        if status != 303:
            raise RuntimeError(f"joining {code} seat {seat} answered {status}")


def _json(data: bytes) -> dict[str, Any]:
    import json

    try:
        out = json.loads(data)
    except ValueError:
        return {}
    return out if isinstance(out, dict) else {}


def play(phone: Phone, code: str, until: float, rng: random.Random, done: threading.Event,
         think_s: float = 0.0) -> None:
    """Play the phone's seat: poll; when the table moved, ask the API what this seat may
    do and send a random legal action after `think_s` (again while it is still this seat's
    go)."""
    seen = -1
    phone.page_token(f"/rollwrite/{code}")  # the token for /act (the table page carries it)
    while time.monotonic() < until and phone.budget > 0 and not done.is_set():
        status, data, _ms, _r = phone.request(
            "GET", f"/rollwrite/{code}/poll?seq={seen}", headers={"HX-Request": "true"})
        with phone.tally.lock:
            phone.tally.polls += 1
        if status == 204:
            time.sleep(POLL_EVERY_S)
            continue
        while time.monotonic() < until and phone.budget > 0:
            status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
            info = _json(data)
            if status != 200 or not info:
                break
            seen = int(info["seq"])
            if info["view"].get("over"):
                done.set()
                return
            legal = [a for a in info["legal"] if a.split()[1] not in SKIPPED_VERBS]
            if not legal:
                break
            if think_s:
                time.sleep(think_s)
            status, _d, ms, _r = phone.request("POST", f"/rollwrite/{code}/act", {
                "csrf_token": phone.token, "seq": str(seen), "action": rng.choice(legal),
            })
            if status == 200:
                with phone.tally.lock:
                    phone.tally.move_ms.append(ms)
                    phone.tally.moves += 1
            elif status != 409:
                break
        time.sleep(POLL_EVERY_S if status != 200 else 0)


def flood(phone: Phone, code: str, until: float) -> None:
    """Poll the table without pause, as htmx does (204 while nothing changed)."""
    status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/version")
    seq = _json(data).get("seq", -1)
    while time.monotonic() < until and phone.budget > 0:
        status, _d, _ms, _r = phone.request(
            "GET", f"/rollwrite/{code}/poll?seq={seq}", headers={"HX-Request": "true"})
        if status == 200:  # the game moved (a straggler): follow the head
            status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/version")
            seq = _json(data).get("seq", seq)
        with phone.tally.lock:
            phone.tally.polls += 1


def _guarded(target: Any, tally: Tally) -> Any:
    """`target` run in a thread: an exception is booked as an error, not lost on stderr."""

    def run(*args: Any) -> None:
        try:
            target(*args)
        except Exception as err:
            with tally.lock:
                tally.errors += 1
                if len(tally.problems) < 5:
                    tally.problems.append(f"{type(err).__name__}: {err}")

    return run


@contextlib.contextmanager
def server(workers: int = 2,
           seen: dict[str, list[tuple[str, float]]] | None = None) -> Iterator[int]:
    """`copenhagen serve` on a free loopback port and a temporary SQLite file, in its own
    process group, which is killed on the way out whatever happens; yields the port. The
    milliseconds the server itself took for each /act and /poll go to `seen` at the end, with
    the moment each was logged."""
    with tempfile.TemporaryDirectory(prefix="copenhagen-bench-") as tmp:
        log = Path(tmp) / "server.log"
        app = AppServer(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", log, workers=workers)
        try:
            app.start()
            yield app.port
        finally:
            app.stop()
            if seen is not None:
                server_times(log, seen)


def server_times(log: Path, seen: dict[str, list[tuple[str, float]]]) -> None:
    """(when, milliseconds) the server logged for each /act and /poll, by kind; `when` is the
    log's own time stamp ("2026-11-24 19:01:57,716"), which sorts as text."""
    for line in log.read_text(errors="replace").splitlines():
        m = LOG_RE.search(line)
        if m:
            seen.setdefault(m.group(3), []).append((m.group(1), float(m.group(5))))


def log_stamp() -> str:
    """Now, written as the request log writes its time stamps."""
    now = time.time()
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now)) + f",{int(now % 1 * 1000):03d}"


def table_sizes(phones: int) -> list[int]:
    """Seats per table, cycling 2, 3, 4, so that the sizes add up to `phones` (>= 2)."""
    sizes: list[int] = []
    left = phones
    i = 0
    while left > 0:
        size = SEAT_CYCLE[i % len(SEAT_CYCLE)]
        if left - size == 1 or left < size:
            size = left if left <= max(SEAT_CYCLE) else left - 2
        sizes.append(size)
        left -= size
        i += 1
    return sizes


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rounded(stat: Any, values: list[float] | None) -> float | None:
    return round(stat(values), 1) if values else None


def run(plan: Plan, seed: int = 1) -> dict[str, Any]:
    """Start the server, seat the phones, play, flood, stop the server; the figures."""
    tally = Tally()
    inside: dict[str, list[tuple[str, float]]] = {}
    with server(seen=inside) as port:
        tables: list[tuple[str, list[Phone]]] = []
        for size in table_sizes(plan.phones):
            host = Phone(port, tally, plan.max_requests)
            code = host.create_table(size)
            seated = [host]
            for seat in range(1, size):
                phone = Phone(port, tally, plan.max_requests)
                phone.join(code, seat)
                seated.append(phone)
            tables.append((code, seated))

        rng = random.Random(seed)
        overs = [threading.Event() for _ in tables]

        def play_phase(seconds: float, think_s: float) -> float:
            until = time.monotonic() + seconds
            threads = [
                threading.Thread(target=_guarded(play, tally),
                                 args=(p, code, until, random.Random(rng.random()), over,
                                       think_s))
                for (code, seated), over in zip(tables, overs) for p in seated
            ]
            start = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return time.monotonic() - start

        play_s = play_phase(plan.play_s, THINK_S)
        paced = list(tally.move_ms)
        paced_until = log_stamp()
        play_s += play_phase(plan.flat_out_s, 0.0)
        flat_out = tally.move_ms[len(paced):]

        polls_before = tally.polls
        until = time.monotonic() + plan.flood_s
        threads = [threading.Thread(target=_guarded(flood, tally), args=(p, code, until))
                   for code, seated in tables for p in seated]
        start = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        flood_s = time.monotonic() - start

    acts = inside.get("act", [])
    paced_server = [ms for at, ms in acts if at <= paced_until]
    flat_out_server = [ms for at, ms in acts if at > paced_until]
    return {
        "web_move_p50_ms": _rounded(statistics.median, paced),
        "web_move_p95_ms": _rounded(lambda v: _percentile(v, 0.95), paced),
        "web_move_flat_out_p50_ms": _rounded(statistics.median, flat_out),
        "web_move_flat_out_p95_ms": _rounded(lambda v: _percentile(v, 0.95), flat_out),
        "web_think_s": THINK_S,
        "web_move_server_p50_ms": _rounded(statistics.median, paced_server),
        "web_move_server_p95_ms": _rounded(lambda v: _percentile(v, 0.95), paced_server),
        "web_move_flat_out_server_p95_ms": _rounded(lambda v: _percentile(v, 0.95),
                                                    flat_out_server),
        "web_poll_rps": round((tally.polls - polls_before) / flood_s, 1),
        "web_poll_server_p50_ms": _rounded(statistics.median,
                                           [ms for _at, ms in inside.get("poll", [])]),
        "web_phones": plan.phones,
        "web_tables": len(tables),
        "web_games_over": sum(e.is_set() for e in overs),
        "web_moves": tally.moves,
        "web_play_s": round(play_s, 1),
        "web_requests": tally.requests,
        "web_errors": tally.errors,
        "web_conflicts": tally.conflicts,
        "web_refused": tally.refused,
        "web_problems": tally.problems,
    }


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --web`."""
    return run(QUICK if quick else FULL)
