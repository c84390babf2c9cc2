"""Web Push of turn-based tables, end to end against a local push service
(tests/web/push_service.py): a device subscribes with its own keys, a move makes it that
player's turn, the background delivery sends the notification encrypted for the device and
signed with the installation's VAPID key, and the service decrypts it. A gone device (410)
is forgotten, a failing service is tried again later, a forged endpoint is refused."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from flask import Flask

from benchmarks.push_service import Device, PushService, start_push_service
from tests.web.conftest import TEMPLATES
from tests.web.test_turns import START, Clock, first_move, join, new_game
from webapp import create_app
from webapp.platform.deps import Deps
from webapp.turns.records import Notice
from webapp.turns.webpush import MAX_PAYLOAD

SUBJECT = "mailto:operator@copenhagen.example"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def deps(makers, review, par, today, seeds, clock) -> Deps:
    return Deps(makers=makers, review=review, par=par, today=today, new_seed=seeds, now=clock)


@pytest.fixture
def app(db_url: str, tmp_path: Path, deps: Deps) -> Iterator[Flask]:
    application = create_app({
        "TESTING": True, "DATABASE_URL": db_url, "HTMX_URL": "/static/vendor/htmx.min.js",
        "SECRET_KEY": "test-secret", "RATELIMIT_ENABLED": False,
        "WEBPUSH_HOSTS": "127.0.0.1", "WEBPUSH_SUBJECT": SUBJECT,
    }, deps)
    application.jinja_env.bytecode_cache = TEMPLATES
    yield application
    application.extensions["jobs"].shutdown()
    application.extensions["store"].engine.dispose()


@pytest.fixture
def service() -> Iterator[PushService]:
    found, server = start_push_service()
    yield found
    server.shutdown()
    server.server_close()


def subscribe(phone, device: Device, level: str = "all"):
    phone.get("/me/games")
    return phone.client.post("/me/push/subscriptions",
                             json={**device.subscription(), "level": level},
                             headers={"X-CSRFToken": phone.token})


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_vapid(headers: dict[str, str], app_key: str, endpoint: str) -> dict:
    """The request's VAPID JWT, checked against the installation's public key."""
    auth = headers["authorization"]
    assert auth.startswith("vapid t=")
    token, key = (part.strip() for part in auth[len("vapid t="):].split(",k="[0:0] + ","))
    key = key.removeprefix("k=")
    assert key == app_key
    head, claims, sig = token.split(".")
    raw = unb64(sig)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                       int.from_bytes(raw[32:], "big")),
                  f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    body = json.loads(unb64(claims))
    assert body["sub"] == SUBJECT and body["aud"] == endpoint.split("/push/")[0]
    return body


@pytest.mark.both_databases
def test_your_move_reaches_the_device_encrypted_and_signed(app, phones, service, clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="2")
    join(bo, code)
    device = Device(service.url("bo-phone"))
    assert subscribe(bo, device).status_code == 201
    line, seq = first_move(app, code, 0)
    assert anna.post(f"/card/{code}/act", {"action": line, "seq": seq}).status_code == 303
    store = app.extensions["store"]
    state = store.engine_state(store.game(code))
    if 1 not in state.to_act():  # Anna's turn has more steps: finish it
        while 0 in state.to_act():
            line, seq = first_move(app, code, 0)
            anna.post(f"/card/{code}/act", {"action": line, "seq": seq})
            state = store.engine_state(store.game(code))
    assert service.received == []  # never sent from a request
    done = app.extensions["turns"].sender.deliver()
    assert done.sent == 1
    got = service.wait_for(1)[0]
    assert got.path == "/push/bo-phone"
    assert got.headers["content-encoding"] == "aes128gcm" and int(got.headers["ttl"]) > 0
    key = bo.client.get("/me/push/key").get_json()["key"]
    check_vapid(got.headers, key, device.endpoint)
    note = device.decrypt(got.body)
    print("decrypted notification:", json.dumps(note, ensure_ascii=False))
    assert note["title"] == "Your move"
    assert note["body"] == f"It is your move at table {code} with Anna."
    assert note["url"] == f"/me/games/{code}/open" and note["tag"] == f"table-{code}"
    assert len(got.body) <= MAX_PAYLOAD + 200 and len(json.dumps(note)) <= MAX_PAYLOAD
    seed = store.game(code).config["seed"]
    assert seed not in json.dumps(note)  # nothing hidden in it
    assert app.extensions["turns"].sender.deliver().sent == 0  # sent once


def test_a_device_in_french_gets_the_words_in_french_and_the_reminder(app, phones, service,
                                                                       clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    device = Device(service.url("anna-phone"))
    anna.client.set_cookie("lang", "fr")
    assert subscribe(anna, device).status_code == 201
    clock.at = START + timedelta(hours=18, minutes=5)
    assert app.extensions["turns"].clocks.sweep().reminded == 1
    assert app.extensions["turns"].sender.deliver().sent == 1
    note = device.decrypt(service.wait_for(1)[0].body)
    assert note["title"] == "Votre coup attend"
    assert code in note["body"] and "Bo" in note["body"]


def test_a_gone_device_is_forgotten_and_a_failing_service_is_tried_again(app, phones, service,
                                                                         clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    gone, flaky = Device(service.url("gone")), Device(service.url("flaky"))
    service.status["/push/gone"] = 410
    service.status["/push/flaky"] = 503
    assert subscribe(anna, gone).status_code == 201
    assert subscribe(anna, flaky, level="turn").status_code == 201
    t = app.extensions["turns"]
    clock.at = START + timedelta(hours=18, minutes=5)
    t.clocks.sweep()  # the reminder: to both devices
    done = t.sender.deliver()
    assert (done.sent, done.gone, done.failed) == (0, 1, 1)
    assert t.subscriptions.find(gone.endpoint) is None
    assert t.subscriptions.find(flaky.endpoint) is not None
    assert t.sender.deliver().failed == 0  # not due again yet
    service.status["/push/flaky"] = 201
    clock.at += timedelta(minutes=1)
    assert t.sender.deliver().sent == 1


def test_subscriptions_are_checked_limited_and_removed(app, phones, service):
    anna = phones[0]
    code = new_game(anna)
    assert code
    evil = Device("https://attacker.example/collect")
    resp = subscribe(anna, evil)
    assert resp.status_code == 400 and "push services" in resp.get_json()["error"]
    bad = Device(service.url("x")).subscription()
    bad["keys"]["auth"] = "short"
    anna.get("/me/games")
    assert anna.client.post("/me/push/subscriptions", json=bad,
                            headers={"X-CSRFToken": anna.token}).status_code == 400
    assert anna.client.post("/me/push/subscriptions",
                            json=Device(service.url("y")).subscription()).status_code == 400
    for n in range(10):
        assert subscribe(anna, Device(service.url(f"d{n}"))).status_code == 201
    assert subscribe(anna, Device(service.url("d10"))).status_code == 429
    resp = anna.client.delete("/me/push/subscriptions", json={"endpoint": service.url("d3")},
                              headers={"X-CSRFToken": anna.token})
    assert resp.status_code == 200
    assert app.extensions["turns"].subscriptions.find(service.url("d3")) is None
    assert subscribe(anna, Device(service.url("d10"))).status_code == 201
    assert phones[1].client.post("/me/push/subscriptions",
                                 json=Device(service.url("z")).subscription(),
                                 headers={"X-CSRFToken": anna.token}).status_code in (400, 403)


def test_the_key_pair_is_made_once_and_shared_by_every_server(app, db_url, deps):
    other = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test-secret",
                        "RATELIMIT_ENABLED": False, "WEBPUSH_SUBJECT": SUBJECT}, deps)
    try:
        with app.test_client() as a, other.test_client() as b:
            assert a.get("/me/push/key").get_json() == b.get("/me/push/key").get_json()
    finally:
        other.extensions["jobs"].shutdown()
        other.extensions["store"].engine.dispose()


def test_each_device_gets_what_it_asked_for(app, phones, service, clock):
    """all: every notice; only my move: the move and its reminder, not the game's end;
    none: nothing."""
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    every, moves, silent = (Device(service.url(n)) for n in ("every", "moves", "silent"))
    for device, level in ((every, "all"), (moves, "turn"), (silent, "none")):
        assert subscribe(anna, device, level).get_json()["level"] == level
    t = app.extensions["turns"]
    clock.at = START + timedelta(hours=18, minutes=5)
    assert t.clocks.sweep().reminded == 1
    player = t.subscriptions.find(every.endpoint).player_id
    t.records.reminded(clock.at, "no-claim", [Notice(player, "over", {"code": code,
                                                                        "others": ["Bo"]})],
                       clock.at)
    assert t.sender.deliver().sent == 3
    got = sorted((r.path, {"every": every, "moves": moves}[r.path.split("/")[-1]]
                  .decrypt(r.body)["title"]) for r in service.wait_for(3))
    assert got == [("/push/every", "Game over"), ("/push/every", "Your move is waiting"),
                   ("/push/moves", "Your move is waiting")]
    resp = anna.client.post("/me/push/subscriptions", json={**silent.subscription()},
                            headers={"X-CSRFToken": anna.token})
    assert resp.get_json()["level"] == "none"  # posted again without a level: kept


def test_copenhagen_migrate_makes_the_key_pair_once(tmp_path):
    from webapp import migrate
    from webapp.platform.db import make_engine
    from webapp.turns.push_records import PushRecords
    from webapp.turns.webpush import VAPID_KEY

    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    migrate({"DATABASE_URL": url})
    engine = make_engine(url)
    try:
        first = PushRecords(engine).key(VAPID_KEY)
        assert first and len(first) == 43  # 32 bytes, base64url
        migrate({"DATABASE_URL": url})  # again: the same key
        assert PushRecords(engine).key(VAPID_KEY) == first
    finally:
        engine.dispose()
