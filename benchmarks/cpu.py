"""The server's CPU per request, by kind: one `copenhagen serve` worker on a temporary SQLite
file, one phone pair at one table, N requests of each kind in a row, and the CPU time of the
server's whole process group (master and worker, from /proc) before and after each series.

Run by `copenhagen bench --cpu` only (it starts a server), in two trees to compare the cost
of the stack around the app (the event loop, the hand-off to a thread, Flask's hooks):
milliseconds of CPU per request (a move's figure includes the `GET /api` read the bench's
phones send before each move). Sequential requests: no waiting on other requests is counted,
only work. Quick: 40 requests of each kind instead of 400."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.push import server_cpu_s
from benchmarks.servers import AppServer
from benchmarks.web import SKIPPED_VERBS, Phone, Tally, _json


def measure(quick: bool = False) -> dict[str, float]:
    """Milliseconds of server CPU per request of each kind (`cpu_<kind>_ms`)."""
    count = 40 if quick else 400
    with tempfile.TemporaryDirectory(prefix="copenhagen-request-cpu-") as tmp:
        with AppServer(f"sqlite:///{Path(tmp) / 'cpu.sqlite3'}", Path(tmp) / "server.log",
                       workers=1) as app:
            tally = Tally()
            host = Phone(app.port, tally, 10**9)
            code = host.create_table(2)
            guest = Phone(app.port, tally, 10**9)
            guest.join(code, 1)
            for phone in (host, guest):
                phone.page_token(f"/rollwrite/{code}")
            seq = _json(host.request("GET", f"/rollwrite/{code}/version")[1])["seq"]
            rng = random.Random(1)
            out: dict[str, float] = {}

            def series(name: str, one: Callable[[], Any], times: int) -> None:
                before = server_cpu_s(app)
                for _ in range(times):
                    one()
                spent = server_cpu_s(app) - before
                out[f"cpu_{name}_ms"] = round(spent / times * 1000, 2)

            def move() -> None:
                for phone in (host, guest):
                    info = _json(phone.request("GET", f"/rollwrite/{code}/api")[1])
                    legal = [a for a in info.get("legal", []) if a.split()[1] not in SKIPPED_VERBS]
                    if legal:
                        phone.request("POST", f"/rollwrite/{code}/act", {
                            "csrf_token": phone.token, "seq": str(info["seq"]),
                            "action": rng.choice(legal)})
                        return

            series("healthz", lambda: host.request("GET", "/healthz"), count)
            series("poll_unchanged", lambda: host.request(
                "GET", f"/rollwrite/{code}/poll?seq={seq}", headers={"HX-Request": "true"}), count)
            series("api", lambda: host.request("GET", f"/rollwrite/{code}/api"), count)
            series("table_page", lambda: host.request(
                "GET", f"/rollwrite/{code}", headers={"Accept": "text/html"}), max(1, count // 4))
            series("move_with_api", move, max(1, count // 4))  # a game lasts ~200 moves
            return out
