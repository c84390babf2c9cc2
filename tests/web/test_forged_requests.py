"""Forged and random requests against every route (property-based, hypothesis): never a server
error, never a change to a game from a refused request, always a message a person can read."""

from __future__ import annotations

import hashlib
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.store import Store

TOTAL = {"requests": 0}
FIELD_NAMES = ["action", "seq", "seat", "name", "faces", "cell", "i", "code", "mirror", "dice",
               "seats", "pages", "paper", "kind", "players", "seed", "bot", "lang", "target",
               "csrf_token", "at", "turn", "text"]


def _tables(app: Any) -> list[dict[str, Any]]:
    """A few games in different phases, every seat held by a token."""
    store: Store = app.extensions["store"]
    rng = random.Random(5)
    out = []
    for seats, steps, dice in ((2, 0, "seeded"), (2, 9, "seeded"), (3, 25, "seeded"),
                               (4, 60, "seeded"), (3, 4, "manual")):
        config = {"players": [f"P{i + 1}" for i in range(seats)], "seed": f"s{steps}",
                  "options": {"mirror": False, "dice": dice}}
        game = store.create_game("table", "rollwrite", config, seats)
        tokens = [store.claim_seat(game, s, f"P{s + 1}") for s in range(seats)]
        for _ in range(steps):
            state = store.state(game)
            if state.is_over():
                break
            legal = state.legal_actions()
            if not legal:
                break
            action = rng.choice(legal)
            store.act(game, action.player, str(action), None)
        out.append({"game": game, "tokens": tokens})
    return out


def _fingerprint(app: Any, tables: list[dict[str, Any]]) -> str:
    store: Store = app.extensions["store"]
    h = hashlib.sha256()
    for t in tables:
        for row in store.log(t["game"]):
            h.update(f"{t['game'].code}|{row.seq}|{row.text}\n".encode())
    return h.hexdigest()


def _routes(app: Any) -> list[tuple[str, list[str], list[str]]]:
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        methods = sorted(m for m in rule.methods if m in ("GET", "POST"))
        out.append((rule.rule, methods, list(rule.arguments)))
    return out


VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(-5, 100).map(str),
    st.sampled_from(["p1 roll", "p2 pick 1 R", "p1 end", "p1 undo", "p2 unpick", "p1 choose R2",
                     "p1 draw R2:A1,a2", "<script>alert(1)</script>", "RRGBW", "ZZZZZ", "", "on",
                     "2", "4", "app", "real", "a4", "999999999999", "-1", "../../etc/passwd"]),
    st.just("x" * 5000),
)


@settings(max_examples=520, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_forged_requests_never_fail_the_server_nor_change_a_game(app, data):
    if "tables" not in app.extensions:
        app.extensions["tables"] = _tables(app)
        app.extensions["routes"] = _routes(app)
    tables = app.extensions["tables"]
    routes = app.extensions["routes"]
    client = app.test_client()
    table = data.draw(st.sampled_from(tables))
    code = table["game"].code
    rule, methods, args = data.draw(st.sampled_from(routes))
    url = rule
    for arg in args:
        value = data.draw(st.one_of(
            st.just(code), st.just(code.lower()), st.sampled_from(["ZZZZZZ", "0", "1", "7"]),
            st.text(alphabet="ABCDEFGHJK23456789", min_size=1, max_size=8)))
        url = re.sub(rf"<(?:[a-z]+:)?{arg}>", value, url)
    method = data.draw(st.sampled_from(methods or ["GET"]))
    who = data.draw(st.sampled_from(["nobody", "seat", "other", "host"]))
    if who in ("seat", "other"):
        seat = data.draw(st.integers(0, len(table["tokens"]) - 1))
        client.set_cookie(f"seat_{code}", table["tokens"][seat])
    elif who == "host":
        client.set_cookie(f"host_{code}", table["game"].host_token)
    form = data.draw(st.dictionaries(st.sampled_from(FIELD_NAMES), VALUES, max_size=6))
    csrf = data.draw(st.sampled_from(["valid", "missing", "wrong"]))
    if method == "POST" and csrf == "valid":
        page = client.get(f"/t/{code}" if "tables.table" in app.view_functions else "/")
        m = re.search(r'name="csrf_token"[^>]*value="([^"]+)"|"X-CSRFToken": "([^"]+)"',
                      page.get_data(as_text=True))
        if m:
            form["csrf_token"] = m.group(1) or m.group(2)
    elif csrf == "missing":
        form.pop("csrf_token", None)
    before = _fingerprint(app, tables)
    if method == "GET":
        resp = client.get(url, query_string=form)
    else:
        resp = client.post(url, data=form)
    TOTAL["requests"] += 1
    textual = resp.mimetype.startswith("text/") or resp.mimetype.endswith(("json", "xml"))
    body = resp.get_data(as_text=True) if textual else ""
    assert resp.status_code < 500, (method, url, form, body[:500])
    if resp.status_code >= 400:
        assert _fingerprint(app, tables) == before, (method, url, form, resp.status_code)
        assert "Traceback" not in body
        if "text/html" in resp.content_type:
            assert re.search(r'role="alert"|class="error', body), (url, resp.status_code)
    if method == "POST" and csrf != "valid":
        assert resp.status_code >= 400 and _fingerprint(app, tables) == before
