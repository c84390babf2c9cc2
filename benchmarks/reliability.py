"""The web app under load, faults and bad input, on real servers (issue 13).

Each check starts `copenhagen serve` (gunicorn) itself, drives it with simulated phones
(threads, plain HTTP, the same requests a browser sends) and then reads the database to judge:

- durability: tables in play, the servers killed with SIGKILL mid-load and started again
  (SQLite, and PostgreSQL with two servers), or PostgreSQL itself restarted mid-load: every
  move that was acknowledged (HTTP 200) is in its game's log, every log replays, play goes on,
  and while the database is away the answers are 503 with a retry message, never 500;
- races: two servers on one PostgreSQL database, the same move sent to both at once: exactly
  one wins, the other gets 409; the other phone sees every move within 2 s;
- duplicates: 50 phones on 10 tables sending the same move at once: one applied per move;
- forged requests: random routes, fields, tokens and bodies: no 5xx, no change from a refused
  request;
- the attacker's loads (benchmarks/attacks.py, issue 36): push streams at odd addresses,
  bodies held back, chunked forms, a flood of hints, many idle streams from one client, each
  with `/healthz` p99 during it (`attack_healthz_p99_ms`, the worst; goal <= 100), requests
  still stuck after it (`attack_stuck_after`; goal 0) and moves lost (counted in `lost`).

`copenhagen bench --reliability --json` runs them with bounded counts (keys in `measure`;
`requests` counts every request any of its phones sent); tests/web/test_reliability.py runs
them small, tests/test_cli.py runs `measure(quick=True)`. Without a PostgreSQL server the
PostgreSQL parts are left out, and the report says so (`postgres`)."""

from __future__ import annotations

import hashlib
import html
import random
import re
import secrets
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import text

from benchmarks import attacks
from benchmarks.databases import pg_answers, pg_schema, start_pg, stop_pg, wait_for_pg
from benchmarks.servers import AppServer
from benchmarks.web import Phone, Tally, _json, _percentile
from boardgame import actions as card_actions
from boardgame.material import COLOURS as CARD_COLOURS
from webapp.games.engines import FACTORIES
from webapp.platform.db import make_engine
from webapp.platform.startup import settle_startup_objects
from webapp.platform.store import Store

SKIPPED_VERBS = ("undo", "unpick")
SEEN_WITHIN_S = 2.0


@dataclass
class Answers(Tally):
    """Every answer the phones of one check got (Tally counts them), kept by status too."""

    statuses: Counter[int] = field(default_factory=Counter)

    def count(self, status: int, what: str) -> None:
        """Book one answer."""
        super().count(status, what)
        with self.lock:
            self.statuses[status] += 1

    def server_errors(self) -> int:
        """Answers 500 and over, except 503 (the store is away: "try again")."""
        return sum(n for s, n in self.statuses.items() if s >= 500 and s != 503)


@dataclass
class Ledger:
    """What the phones were told: acknowledged moves, answers by status, move times; `answers`
    has every request of the check (table creation, joins and pages too)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: Answers = field(default_factory=Answers)
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)  # code, seq, action
    statuses: Counter[int] = field(default_factory=Counter)
    move_ms: list[float] = field(default_factory=list)
    unreadable: int = 0  # a 5xx or 503 whose body tells a person nothing

    def book(self, status: int, body: bytes) -> None:
        with self.lock:
            self.statuses[status] += 1
            if status == 503 and b"try again" not in body.lower():
                self.unreadable += 1


# ---------------------------------------------------------------------------- tables
def seat_table(ports: list[int], tally: Tally, seats: int = 2) -> tuple[str, list[Phone]]:
    """A table created on the first server, each seat taken by its own phone (on the servers
    in turn); returns its code and the phones, seat by seat."""
    host = Phone(ports[0], tally, 10**9)
    code = host.create_table(seats)
    phones = [host]
    for seat in range(1, seats):
        phone = Phone(ports[seat % len(ports)], tally, 10**9)
        phone.join(code, seat)
        phones.append(phone)
    for phone in phones:
        phone.page_token(f"/rollwrite/{code}")
    return code, phones


@dataclass
class Deadline:
    """When the phones stop: a fault may move it later, so play is seen to go on after it."""

    at: float

    def passed(self) -> bool:
        return time.monotonic() >= self.at


def table_worker(ports: list[int], until: Deadline, rng: random.Random, ledger: Ledger,
                 codes: list[str], seats: int = 3) -> None:
    """Keep one table in play until the deadline: the phone whose move it is asks the API and sends
    a random legal move, each request to the next server in turn; a finished game is followed
    by a new table. Connection failures (a server being killed) are waited out."""
    tally = ledger.answers
    turn = 0
    code, phones = "", []
    while not until.passed():
        if not code:
            try:
                code, phones = seat_table(ports, tally, seats)
            except (RuntimeError, OSError):
                time.sleep(0.2)  # the servers are down: try again
                continue
            with ledger.lock:
                codes.append(code)
        turn += 1
        status, data, _ms, _r = phones[0].request("GET", f"/rollwrite/{code}/version")
        ledger.book(status, data)
        head = _json(data)
        if status != 200:
            time.sleep(0.2)
            continue
        if head.get("status") == "over":
            code = ""
            continue
        # whose move: ask seat by seat, each on the next server
        for phone in rng.sample(phones, len(phones)):
            phone.use(ports[turn % len(ports)])
            turn += 1
            status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
            ledger.book(status, data)
            info = _json(data)
            if status != 200 or not info:
                time.sleep(0.2)
                break
            legal = [a for a in info["legal"] if a.split()[1] not in SKIPPED_VERBS]
            if not legal:
                continue
            action = rng.choice(legal)
            status, data, ms, _r = phone.request("POST", f"/rollwrite/{code}/act", {
                "csrf_token": phone.token, "seq": str(info["seq"]), "action": action})
            ledger.book(status, data)
            if status == 200:
                seq = int(_json(data).get("seq", -1))
                with ledger.lock:
                    ledger.acknowledged.append((code, seq, action))
                    ledger.move_ms.append(ms)
            elif status == 0:
                time.sleep(0.2)
            break


def run_tables(count: int, ports: list[int], seconds: float, ledger: Ledger, seed: int,
               during: Callable[[Deadline], None] | None = None) -> list[str]:
    """`count` tables in play for `seconds`; `during` runs meanwhile (a fault) in this thread
    and may move the deadline. Returns the codes of every game played."""
    rng = random.Random(seed)
    until = Deadline(time.monotonic() + seconds)
    codes: list[str] = []
    threads = [threading.Thread(target=table_worker, args=(ports, until,
                                                           random.Random(rng.random()),
                                                           ledger, codes))
               for _ in range(count)]
    for t in threads:
        t.start()
    if during is not None:
        during(until)
    for t in threads:
        t.join()
    return codes


# ---------------------------------------------------------------------------- judging
def judge(url: str, ledger: Ledger, codes: list[str]) -> dict[str, Any]:
    """Read the database: acknowledged moves missing from their logs, logs that do not replay
    (a fresh engine must accept every row and reach the stored head)."""
    engine = make_engine(url)
    store = Store(engine, FACTORIES, cache_size=0)
    try:
        logs: dict[str, dict[int, str]] = {}
        replay_failures = 0
        for code in codes:
            game = store.game(code)
            rows = store.log(game)
            logs[code] = {r.seq: r.text for r in rows}
            try:
                state = FACTORIES[game.edition](game.config)
                for r in rows:
                    state.apply(r.text)
                if len(state.log) != game.seq or list(state.log) != [r.text for r in rows]:
                    replay_failures += 1
            except Exception:
                replay_failures += 1
        lost = [(c, s, a) for c, s, a in ledger.acknowledged
                if logs.get(c, {}).get(s) is None
                or logs[c][s].split()[:2] != a.split()[:2]]
        return {"lost": len(lost), "replay_failures": replay_failures, "lost_moves": lost[:5]}
    finally:
        engine.dispose()


def _p95(values: list[float]) -> float | None:
    return round(_percentile(values, 0.95), 1) if values else None


# ---------------------------------------------------------------------------- durability
def _acknowledged(ledger: Ledger, count: int, guard_at: float) -> None:
    """Wait until `count` moves are acknowledged in all (or the guard's moment passes)."""
    while time.monotonic() < guard_at:
        with ledger.lock:
            if len(ledger.acknowledged) >= count:
                return
        time.sleep(0.05)


def durability(url: str, folder: Path, servers: int = 1, tables: int = 4,
               seconds: float = 10.0, seed: int = 1, fault: str = "kill",
               moves: int | None = None, guard: float = 600.0) -> dict[str, Any]:
    """Tables in play on `servers` app servers; halfway, `fault` = "kill" (SIGKILL to every
    server, then start them again) or "database" (PostgreSQL stopped for 2 s, then started).
    Then every acknowledged move must be in its log and every log must replay.

    Halfway is `seconds / 2` of play before the fault and as long after it; with `moves`, it
    is counted in moves instead (half of them acknowledged before the fault, half after it;
    `guard` seconds at most in all), so that a loaded machine plays as many, only slower."""
    secret = secrets.token_hex(16)
    apps = [AppServer(url, folder / f"server{i}.log", secret=secret).start()
            for i in range(servers)]
    ports = [a.port for a in apps]
    ledger = Ledger()
    outage: dict[str, Any] = {}
    codes: list[str] = []
    try:
        guard_at = time.monotonic() + guard

        def fault_midway(until: Deadline) -> None:
            if moves:
                _acknowledged(ledger, moves // 2, guard_at)
            else:
                time.sleep(seconds / 2)
            with ledger.lock:
                outage["acknowledged_before"] = len(ledger.acknowledged)
                outage["statuses_before"] = Counter(ledger.statuses)
            until.at = float("inf")  # the phones keep trying for as long as the fault lasts
            if fault == "kill":
                for a in apps:
                    a.kill9()
                time.sleep(0.5)
                for a in apps:
                    a.start()
            else:
                stop_pg()
                time.sleep(2.0)
                start_pg()
            with ledger.lock:
                outage["statuses_during"] = ledger.statuses - outage["statuses_before"]
                outage["back_at"] = len(ledger.acknowledged)
            # then as long again after the fault as before it, however long the restart took
            if moves:
                _acknowledged(ledger, outage["back_at"] + moves - moves // 2, guard_at)
                until.at = time.monotonic()
            else:
                until.at = time.monotonic() + seconds / 2

        codes = run_tables(tables, ports, guard if moves else seconds, ledger, seed,
                           fault_midway)
    finally:
        for a in apps:
            a.stop()
    if fault == "database":
        wait_for_pg()
    verdict = judge(url, ledger, codes)
    during = outage.get("statuses_during", Counter())
    return {
        "acknowledged": len(ledger.acknowledged),
        "acknowledged_after_fault": len(ledger.acknowledged) - outage.get("back_at", 0),
        "lost": verdict["lost"],
        "lost_moves": verdict["lost_moves"],
        "replay_failures": verdict["replay_failures"],
        "server_errors": ledger.answers.server_errors(),
        "unavailable_503": ledger.answers.statuses.get(503, 0),
        "unreadable_503": ledger.unreadable,
        "no_answer": ledger.answers.statuses.get(0, 0),
        "statuses_during_fault": {str(k): v for k, v in sorted(during.items())},
        "requests": ledger.answers.requests,
        "games": len(codes),
        "move_p95_ms": _p95(ledger.move_ms),
    }


# ---------------------------------------------------------------------------- races
def _same_move_at_once(phones: list[Phone], code: str, form: dict[str, str]) -> list[int]:
    """Every phone sends the same POST at the same moment; their statuses."""
    barrier = threading.Barrier(len(phones))
    out = [0] * len(phones)

    def send(i: int) -> None:
        barrier.wait()
        out[i] = phones[i].request("POST", f"/rollwrite/{code}/act", form)[0]

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def _clone(phone: Phone, port: int) -> Phone:
    """The same browser (cookies, form token) on its own connection to `port`."""
    twin = Phone(port, phone.tally, 10**9)
    twin.cookies = dict(phone.cookies)
    twin.token = phone.token
    return twin


def races(ports: list[int], count: int, copies: int = 2, tables: int = 1,
          seed: int = 1) -> dict[str, Any]:
    """`count` races per table: the phone whose move it is sends one legal move `copies` times
    at once, spread over the servers. Exactly one may win (200), the rest must get 409. After
    each move the other phone, on another server, must see it within 2 s. `requests` counts
    every request: the tables' creation and joins, the API reads, the copies, the watching."""
    tally = Answers()
    rng = random.Random(seed)
    results = {"races": 0, "races_won_once": 0, "seen_late": 0, "seen_max_ms": 0.0,
               "statuses": Counter()}
    lock = threading.Lock()

    def one_table() -> None:
        code, phones = seat_table(ports, tally)
        done = 0
        while done < count:
            info = _json(phones[0].request("GET", f"/rollwrite/{code}/api")[1])
            if info["view"]["over"]:
                code, phones = seat_table(ports, tally)
                continue
            seat = info["view"]["to_act"][0]
            mover = phones[seat]
            mine = _json(mover.request("GET", f"/rollwrite/{code}/api")[1])
            legal = [a for a in mine["legal"] if a.split()[1] not in SKIPPED_VERBS]
            if not legal:
                continue
            form = {"csrf_token": mover.token, "seq": str(mine["seq"]),
                    "action": rng.choice(legal)}
            twins = [_clone(mover, ports[i % len(ports)]) for i in range(copies)]
            statuses = _same_move_at_once(twins, code, form)
            done += 1
            won = statuses.count(200) == 1 and statuses.count(409) == copies - 1
            watcher = phones[(seat + 1) % len(phones)]
            watcher.use(ports[(ports.index(watcher.port) + 1) % len(ports)])
            start = time.monotonic()
            target = int(mine["seq"]) + 1
            while time.monotonic() - start < SEEN_WITHIN_S * 2:
                seen = _json(watcher.request("GET", f"/rollwrite/{code}/version")[1]).get("seq", -1)
                if seen >= target:
                    break
                time.sleep(0.02)
            waited = (time.monotonic() - start) * 1000
            with lock:
                results["races"] += 1
                results["races_won_once"] += int(won)
                results["statuses"].update(statuses)
                results["seen_max_ms"] = max(results["seen_max_ms"], waited)
                results["seen_late"] += int(waited > SEEN_WITHIN_S * 1000)

    threads = [threading.Thread(target=one_table) for _ in range(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results["statuses"] = {str(k): v for k, v in sorted(results["statuses"].items())}
    results["seen_max_ms"] = round(results["seen_max_ms"], 1)
    results["requests"] = tally.requests
    results["server_errors"] = tally.server_errors()
    return results


# ---------------------------------------------------------------------------- forged
FORGED_PATHS = ("/rollwrite/{code}/act", "/rollwrite/{code}/join", "/rollwrite/{code}/skip",
                "/rollwrite/{code}/again",
                "/rollwrite/{code}/host/free/{n}", "/rollwrite/{code}/host/pass/{n}",
                "/rollwrite/new", "/s/bots",
                "/s/challenge", "/d/new", "/r", "/rollwrite/{code}/hint", "/rollwrite/{code}/poll",
                "/s/{code}/result", "/lang/{n}")
FORGED_FIELDS = ("action", "seq", "seat", "name", "faces", "seats", "dice", "bots", "level1",
                 "seed", "text", "step", "reroll", "change", "to", "mirror")
FORGED_VALUES = ("p1 roll", "p2 end", "p1 draw R3:A1,a2,b2", "-1", "0", "999999", "x" * 300,
                 "<script>alert(1)</script>", "", "4", "strong", "genius", "RRRRR", "1,2",
                 "p1 pick 9 Q", "\u0000", "é" * 50,
                 # what issue 18 found: whitespace runs (backtracking patterns), digits that
                 # are no ASCII or too long for int(), nesting past a recursive parser
                 "p1 roll R" + " " * 30_000 + "W", "p1 take 3,4" + "\t" * 20_000 + "x",
                 "copenhagen-game: 1" + " " * 30_000 + "x", "²", "①", "١", "9" * 5000,
                 "[" * 20_000 + "]" * 20_000)


SLOWEST_SHOWN = 5  # the slowest refusals the report describes


def fingerprint(url: str) -> str:
    """A hash of everything a refused request must not change: games, seats, logs."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            rows = [
                *conn.execute(text("SELECT id, code, seq, status, next_code FROM games "
                                   "ORDER BY id")).all(),
                *conn.execute(text("SELECT game_id, seat, name, token, bot FROM seats "
                                   "ORDER BY game_id, seat")).all(),
                *conn.execute(text("SELECT game_id, seq, text FROM actions "
                                   "ORDER BY game_id, seq")).all(),
            ]
    finally:
        engine.dispose()
    # plain tuples: a Row's repr cuts long values short (a change past the cut would not
    # show), and it is slower (the forged-request test: 34.3 -> 29.6 s, median of 3)
    return hashlib.sha256(repr([tuple(row) for row in rows]).encode()).hexdigest()


def forged(url: str, port: int, count: int, seed: int = 1) -> dict[str, Any]:
    """`count` forged requests, one at a time: random route, fields, CSRF token (valid,
    wrong, missing), cookies (the seat's, another seat's, none), stale or absurd sequence
    numbers, now and then a body over the size limit. `forged_requests` counts the forged
    ones, `requests` every request (the table's setup too)."""
    tally = Tally()
    rng = random.Random(seed)
    settle_startup_objects()  # this process's own full collections would count as waiting
    code, phones = seat_table([port], tally, seats=3)
    for _ in range(6):  # a few moves, so that the game is not at its very start
        info = _json(phones[0].request("GET", f"/rollwrite/{code}/api")[1])
        mover = phones[info["view"]["to_act"][0]]
        legal = _json(mover.request("GET", f"/rollwrite/{code}/api")[1])["legal"]
        mover.request("POST", f"/rollwrite/{code}/act", {"csrf_token": mover.token,
                                                 "seq": str(info["seq"]), "action": legal[0]})
    stranger = Phone(port, tally, 10**9)
    stranger.page_token("/")
    out: dict[str, Any] = {"forged_requests": 0, "server_errors": 0, "refused_changed": 0,
                           "refused": 0, "unreadable": 0, "slowest_refusal_ms": 0.0,
                           "slowest_refusal": None}
    refusal_ms: list[float] = []
    slowest: list[tuple[float, dict[str, Any]]] = []
    for _ in range(count):
        who = rng.choice(phones + [stranger])
        path = rng.choice(FORGED_PATHS).format(
            code=rng.choice([code, code.lower(), "ZZZZZZ", "0"]), n=rng.choice(["0", "1", "9"]))
        form = {rng.choice(FORGED_FIELDS): rng.choice(FORGED_VALUES)
                for _ in range(rng.randint(0, 5))}
        csrf = rng.choice(["valid", "wrong", "missing"])
        if csrf == "valid":
            form["csrf_token"] = who.token
        elif csrf == "wrong":
            form["csrf_token"] = secrets.token_hex(20)
        if rng.random() < 0.03:
            form["text"] = "x" * 70_000  # over the request size limit
        before = fingerprint(url)
        method = "POST" if rng.random() < 0.8 else "GET"
        if method == "GET":
            query = urlencode({k: v[:2000] for k, v in form.items()})
            status, body, ms, resp = who.request("GET", f"{path}?{query}",
                                               headers={"Accept": "text/html"})
        else:
            status, body, ms, resp = who.request("POST", path, form,
                                               headers={"Accept": "text/html"})
        out["forged_requests"] += 1
        if status >= 500 or status == 0:
            out["server_errors"] += 1
        elif status >= 400:
            out["refused"] += 1
            refusal_ms.append(ms)
            slowest.append((ms, which_request(method, path, status, ms, resp, form)))
            slowest = sorted(slowest, key=lambda x: -x[0])[:SLOWEST_SHOWN]
            if fingerprint(url) != before:
                out["refused_changed"] += 1
            if not (b'role="alert"' in body or b'class="error' in body or b"<h1" in body):
                out["unreadable"] += 1
    out["refusal_p50_ms"] = round(_percentile(refusal_ms, 0.5), 1) if refusal_ms else None
    if slowest:
        out["slowest_refusal_ms"] = round(slowest[0][0], 1)
        out["slowest_refusal"] = slowest[0][1]
        out["slowest_refusals"] = [w for _ms, w in slowest]
    out["requests"] = tally.requests
    return out


def server_ms(resp: Any) -> float | None:
    """The app's own time for a request, from its `Server-Timing: app;dur=<ms>` header."""
    timing = resp.getheader("Server-Timing", "") if resp is not None else ""
    m = re.search(r"\bapp;dur=([\d.]+)", timing or "")
    return float(m.group(1)) if m else None


def which_request(method: str, path: str, status: int, ms: float, resp: Any,
                  form: dict[str, str]) -> dict[str, Any]:
    """What a slow request was: method, path, status, the fields it sent (long values cut,
    with their length), the time the phone waited, the app's own time (Server-Timing) and
    the difference (the connection, gunicorn's queue, the machine's other work)."""
    app_ms = server_ms(resp)
    return {
        "method": method, "path": path, "status": status,
        "fields": {k: v if len(v) <= 40 else f"{v[:20]!r}... ({len(v)} chars)"
                   for k, v in form.items() if k != "csrf_token"},
        "total_ms": round(ms, 1),
        "server_ms": app_ms,
        "waiting_ms": round(ms - app_ms, 1) if app_ms is not None else None,
    }


HAND_RE = re.compile(rb'data-hand="([^"]*)"')


def hand_text(state: Any, seat: int) -> str:
    """A seat's hand as the table page writes it in `data-hand` (e.g. "R,Y,Y")."""
    hand = state.player_view(seat)["hand"]
    return card_actions.cards_text(tuple(hand[c] for c in CARD_COLOURS))


def rightful_hand(state: Any, revealed: tuple[int, int] | None) -> str | None:
    """The one hand a hot-seat page may show now: that of the person who showed theirs during
    this very turn, while they still act (a take that left 8 cards: their discard; their
    abilities), as the rules move the turn on; nobody's once the turn passed or the game
    is over (None)."""
    if revealed is None or state.is_over():
        return None
    seat, turn = revealed
    return hand_text(state, seat) if seat == state.active and turn == state.turn else None


def page_leaks(body: bytes, cache_control: str | None, allowed: str | None) -> bool:
    """Does this answer leak a hand: one that is not `allowed` (the person holding the phone
    now; None: nobody), or any hand that a browser, a proxy or the service worker may keep
    (no `Cache-Control: no-store`)?"""
    hands = [html.unescape(h.decode()) for h in HAND_RE.findall(body)]
    kept = "no-store" not in (cache_control or "")
    return bool(hands) and (kept or any(h != allowed for h in hands))


def hidden_info(port: int, url: str, turns: int = 6) -> dict[str, Any]:
    """A hot-seat card game played on a live server as the phone passed round the table does:
    the person whose turn it is shows their hand and acts (a take; then, while the rules keep
    the turn with them, a discard or an ability), and after each action asks for every page
    again (a reload, Back through htmx's history, a poll, the log, the hint). Whose hand may
    show is read from the game itself (the database, `rightful_hand`), not assumed: after a
    take that leaves 8 cards the same person discards and rightly sees their hand. A leak is
    a page that shows another hand, or lets a cache keep one (`page_leaks`).
    `hidden_info_check_caught` feeds the check a page it must count (a shown hand judged as
    the next person's view: the previous player's hand): false means the check is broken."""
    tally = Tally()
    phone = Phone(port, tally, 10**6)
    phone.page_token("/card/new")
    status, _body, _ms, resp = phone.request("POST", "/card/new", {
        "csrf_token": phone.token, "mode": "hotseat", "kind0": "person", "kind1": "person"},
        headers={"Accept": "text/html"})
    assert status == 303 and resp is not None, status
    code = resp.getheader("Location", "").rsplit("/", 1)[-1]
    out: dict[str, Any] = {"hidden_info_leaks": 0, "hidden_info_pages": 0, "leaks": [],
                           "hidden_info_actions": 0, "hidden_info_kept_turn": 0}
    engine = make_engine(url)
    store = Store(engine, FACTORIES, cache_size=0)
    shown: list[tuple[bytes, int]] = []  # pages that rightly showed a hand, and whose

    def now() -> Any:
        return store.state(store.game(code))

    def look(path: str, allowed: str | None, headers: dict[str, str] | None = None) -> None:
        status, body, _ms, resp = phone.request("GET", path, headers={
            "Accept": "text/html", **(headers or {})})
        out["hidden_info_pages"] += 1
        cache_control = resp.getheader("Cache-Control") if resp is not None else None
        if page_leaks(body, cache_control, allowed):
            out["hidden_info_leaks"] += 1
            out["leaks"].append(f"{status} {path}")
        elif allowed is not None and HAND_RE.search(body):
            shown.append((body, now().active))

    revealed: tuple[int, int] | None = None
    try:
        for _step in range(turns * 4):
            state = now()
            if state.is_over() or state.turn >= turns:
                break
            seat, seq = state.active, store.game(code).seq
            if revealed != (seat, state.turn):  # the phone is handed on: the next one asks
                phone.request("POST", f"/card/{code}/reveal", {"csrf_token": phone.token,
                                                            "seat": str(seat)})
                revealed = (seat, state.turn)
            else:
                out["hidden_info_kept_turn"] += 1  # the rules kept the turn with them
            look(f"/card/{code}", rightful_hand(state, revealed))
            _s, page, _ms, _r = phone.request("GET", f"/card/{code}?pick=1,2",  # two harbour
                                              headers={"Accept": "text/html"})  # cards
            takes = re.findall(rb'name="action" value="([^"]+ take [^"]+)"', page)
            mine = [str(a) for a in state.legal_actions() if a.player == seat]
            action = html.unescape(takes[0].decode()) if takes else (mine or [""])[0]
            status, _b, _ms, _r = phone.request("POST", f"/card/{code}/act", {
                "csrf_token": phone.token, "seq": str(seq), "action": action})
            if store.game(code).seq == seq:
                break  # refused: the game did not move
            out["hidden_info_actions"] += 1
            allowed = rightful_hand(now(), revealed)  # still theirs, or nobody's
            for path, headers in ((f"/card/{code}", None),
                                  (f"/card/{code}", {"HX-Request": "true",
                                                  "HX-History-Restore-Request": "true"}),
                                  (f"/card/{code}/poll?seq=0", {"HX-Request": "true"}),
                                  (f"/card/{code}/log", None), (f"/card/{code}/hint", None),
                                  (f"/card/{code}?pick=1,2", None)):
                look(path, allowed, headers)
        # the check itself: a page that rightly showed one person's hand, judged as what the
        # other person may see, must count (the previous player's hand on the next one's turn)
        if shown:
            body, owner = shown[-1]
            other = hand_text(now(), 1 - owner)
            out["hidden_info_check_caught"] = (page_leaks(body, "no-store", other)
                                               and page_leaks(body, "max-age=60", None))
        else:
            out["hidden_info_check_caught"] = False  # nothing shown: the run proves nothing
    finally:
        engine.dispose()
    out["leaks"] = out["leaks"][:5]
    return out


# ---------------------------------------------------------------------------- report
QUICK_FORGED = 150  # forged requests in the quick run
QUICK_RACES = 12  # one move sent to two servers at once
QUICK_DUPLICATES = 3  # races on each of 10 tables, the same move from 5 phones
NO_RACES: dict[str, Any] = {"races": 0, "races_won_once": 0, "requests": 0, "server_errors": 0}
POSTGRES_PARTS = ("two servers killed mid-load, one move sent to two servers at once, "
                  "duplicates from 50 phones, a database restart")


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --reliability`: `requests` (every request sent, by every
    check), `acknowledged`, `lost`, `server_errors`, `refused_changed`, `races` and
    `races_won_once` (the races of one move sent to two servers and those of the duplicates),
    `slowest_refusal_ms` (the slowest refused forged request; goal <= 100),
    `hidden_info_leaks` (pages of a hot-seat game that showed or let a cache keep a hand that
    was not the viewer's own turn's, out of `hidden_info_pages`; goal 0),
    `move_p95_ms_sqlite`, `move_p95_ms_postgres_two_servers` (null without PostgreSQL, and
    `postgres` says why), and the details of each check."""
    # quick: about 50 s in all on the 2-core test machine (tests/test_cli.py runs it)
    seconds = 4.0 if quick else 20.0
    out: dict[str, Any] = {}
    race, dup = dict(NO_RACES), dict(NO_RACES)
    with tempfile.TemporaryDirectory(prefix="copenhagen-reliability-") as tmp:
        folder = Path(tmp)
        sqlite = f"sqlite:///{folder / 'reliability.sqlite3'}"
        kill = durability(sqlite, folder, tables=4 if quick else 10, seconds=seconds)
        app = AppServer(sqlite, folder / "forged.log").start()
        try:
            bad = forged(sqlite, app.port, QUICK_FORGED if quick else 1000)
            secrets_kept = hidden_info(app.port, sqlite, turns=4 if quick else 12)
        finally:
            app.stop()
        parts = [kill]
        out["move_p95_ms_sqlite"] = kill["move_p95_ms"]
        out["move_p95_ms_postgres_two_servers"] = None
        why = pg_answers()
        if why is not None:
            start_pg()
            why = pg_answers()
        if why is None:
            out["postgres"] = "used"
            with pg_schema() as pg:
                two = durability(pg, folder, servers=2, tables=4 if quick else 10,
                                 seconds=seconds, seed=2)
                parts.append(two)
                out["move_p95_ms_postgres_two_servers"] = two["move_p95_ms"]
                secret = secrets.token_hex(16)
                apps = [AppServer(pg, folder / f"race{i}.log", secret=secret).start()
                        for i in range(2)]
                try:
                    race = races([a.port for a in apps], QUICK_RACES if quick else 100)
                    dup = races([a.port for a in apps], QUICK_DUPLICATES if quick else 20,
                                copies=5, tables=10)
                finally:
                    for a in apps:
                        a.stop()
            with pg_schema() as pg:
                outage = durability(pg, folder, tables=4, seconds=8.0 if quick else 20.0,
                                    seed=3, fault="database")
                parts.append(outage)
            out["database_restart"] = {k: outage[k] for k in (
                "acknowledged", "acknowledged_after_fault", "lost", "unavailable_503",
                "unreadable_503", "server_errors", "statuses_during_fault")}
            out["duplicates"] = dup
            out["seen_max_ms_two_servers"] = race["seen_max_ms"]
        else:
            out["postgres"] = (f"not available ({why}): no PostgreSQL server answers, so these "
                               f"checks were not run: {POSTGRES_PARTS}; "
                               "move_p95_ms_postgres_two_servers is null and races are 0")
    out.update({
        "requests": sum(p["requests"] for p in parts) + bad["requests"] + race["requests"]
        + dup["requests"],
        "acknowledged": sum(p["acknowledged"] for p in parts),
        "lost": sum(p["lost"] for p in parts),
        "replay_failures": sum(p["replay_failures"] for p in parts),
        "server_errors": sum(p["server_errors"] for p in parts) + bad["server_errors"]
        + race["server_errors"] + dup["server_errors"],
        "refused_changed": bad["refused_changed"],
        "forged_requests": bad["forged_requests"],
        "forged_unreadable": bad["unreadable"],
        "slowest_refusal_ms": bad["slowest_refusal_ms"],
        "slowest_refusal": bad.get("slowest_refusal"),
        "slowest_refusals": bad.get("slowest_refusals", []),
        "refusal_p50_ms": bad.get("refusal_p50_ms"),
        "hidden_info_leaks": secrets_kept["hidden_info_leaks"],
        "hidden_info_pages": secrets_kept["hidden_info_pages"],
        "hidden_info_kept_turn": secrets_kept.get("hidden_info_kept_turn", 0),
        "hidden_info_check_caught": secrets_kept.get("hidden_info_check_caught", False),
        "races": race["races"] + dup["races"],
        "races_won_once": race["races_won_once"] + dup["races_won_once"],
        "kill9": {k: kill[k] for k in ("acknowledged", "acknowledged_after_fault", "lost",
                                        "no_answer", "server_errors")},
    })
    # push streams through a kill -9 of one of two servers (benchmarks/push_faults.py)
    from benchmarks.push_faults import push_after_kill

    with tempfile.TemporaryDirectory(prefix="copenhagen-push-faults-") as tmp:
        pushed = push_after_kill(Path(tmp), seconds=8.0 if quick else 20.0)
    out["push_gaps"], out["push_duplicates"] = pushed["push_gaps"], pushed["push_duplicates"]
    out["push_kill9"] = pushed
    out["lost"] += pushed["lost"]
    # the attacker's loads, each on a fresh server (benchmarks/attacks.py)
    attacked = attacks.run_loads(quick)
    out["attacks"] = attacked["loads"]
    out["attack_healthz_p99_ms"] = attacked["healthz_p99_ms_worst"]
    out["attack_stuck_after"] = attacked["stuck_after_worst"]
    out["lost"] += attacked["moves_lost"]
    return out


__all__ = ["durability", "fingerprint", "forged", "hidden_info", "judge", "measure",
           "page_leaks", "races", "rightful_hand"]
