"""A solo game against three strong bots on the real server (gunicorn, SQLite), played by one
simulated phone: how long from the person's last action of a turn until their next turn is
playable, bots included.

Run by `copenhagen bench --solo` only (it starts a server). The person plays random legal
actions through /rollwrite/<CODE>/act, whose answer comes once the bots have played every
action that
is due (they play in the request that hands them the turn); when they did, the table page is
fetched: the turnaround is the time from sending the person's action to receiving that page.
The page then shows the bots' actions one per `BOT_STEP_SECONDS` (0.8 s) so a person can
follow them; that pace is a choice, not a cost, and is given apart
(`solo_bot_actions_per_turnaround_p50`).

Figures: solo_turnaround_p50_ms / solo_turnaround_p95_ms (goal p95 <= 1000), the number of
turnarounds and games, and errors (5xx or no answer)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from benchmarks.web import CODE_RE, Phone, Tally, _json, _percentile, server

LEVELS = ("strong", "strong", "strong")
SKIPPED_VERBS = ("undo", "unpick")


def start(phone: Phone) -> str:
    """Create a game against the three bots; its code."""
    phone.page_token("/s/")
    form = {"csrf_token": phone.token, "name": "Bench", "bots": str(len(LEVELS)),
            **{f"level{i + 1}": lv for i, lv in enumerate(LEVELS)}}
    status, _d, _ms, resp = phone.request("POST", "/s/bots", form)
    where = resp.getheader("Location", "") if resp else ""
    m = CODE_RE.search(where)
    if status != 303 or not m:
        raise RuntimeError(f"creating a solo game answered {status} ({where!r})")
    return m.group(1)


def play_game(phone: Phone, rng: random.Random, turnarounds: list[float],
              bot_actions: list[int]) -> int:
    """Play one game to its end; returns the person's actions."""
    code = start(phone)
    mine = 0
    for _ in range(5000):
        status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
        api = _json(data)
        if status != 200 or api.get("view", {}).get("over"):
            return mine
        if 0 not in api["view"]["to_act"]:  # never: the bots answer every move at once
            raise RuntimeError(f"game {code}: the bots left the person waiting")
        legal = [a for a in api["legal"] if a.split()[1] not in SKIPPED_VERBS]
        action = rng.choice(legal)
        sent = time.perf_counter()
        status, data, _ms, _r = phone.request("POST", f"/rollwrite/{code}/act", {
            "csrf_token": phone.token, "seq": str(api["seq"]), "action": action})
        mine += 1
        if status != 200:
            continue
        moved = _json(data).get("seq", 0)  # the person's action; the bots' came after it
        status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
        played = _json(data).get("seq", 0) - moved
        if played <= 0:
            continue  # the turn goes on: no bot had anything to do
        phone.request("GET", f"/rollwrite/{code}?at={moved}", headers={"Accept": "text/html"})
        turnarounds.append((time.perf_counter() - sent) * 1000)
        bot_actions.append(played)
    raise RuntimeError(f"game {code} did not end")


def measure(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """Figures for `copenhagen bench --solo`."""
    games = 1 if quick else 3
    tally = Tally()
    turnarounds: list[float] = []
    bot_actions: list[int] = []
    rng = random.Random(seed)
    with server(workers=2) as port:
        phone = Phone(port, tally, budget=10**6)
        for _ in range(games):
            play_game(phone, rng, turnarounds, bot_actions)
    return {
        "solo_turnaround_p50_ms": round(statistics.median(turnarounds), 1),
        "solo_turnaround_p95_ms": round(_percentile(turnarounds, 0.95), 1),
        "solo_turnaround_max_ms": round(max(turnarounds), 1),
        "solo_turnarounds": len(turnarounds),
        "solo_games": games,
        "solo_bot_actions_per_turnaround_p50": statistics.median(bot_actions),
        "solo_errors": tally.errors,
    }
