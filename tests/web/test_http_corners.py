"""The HTTP corners an attacker tries, each against a real `copenhagen serve` started as
scripts/run.sh starts it (two workers of four threads): push streams at odd spellings of a
code, a chunked form, bodies held back (under and over the size limit), clients that hang up
mid-body and mid-answer. After each, `/healthz` must answer at once: no page thread may be
held by a client (issue 36)."""

from __future__ import annotations

import http.client
import re
import socket
import time
from collections.abc import Iterator

import pytest

from benchmarks.servers import AppServer
from benchmarks.web import Phone, Tally

pytestmark = pytest.mark.slow  # a real server

HEALTH_WITHIN_S = 2.0  # a free thread answers /healthz in milliseconds
BODY_SECONDS = 1.0  # the server's body deadline in this test (COPENHAGEN_BODY_SECONDS)
HEADER_SECONDS = 1.0  # and its head deadline (COPENHAGEN_HEADER_SECONDS)
PAGE_THREADS = 8  # two workers of four threads: more held requests than this stop a server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    folder = tmp_path_factory.mktemp("corners")
    app = AppServer(f"sqlite:///{folder / 'c.sqlite3'}", folder / "s.log",
                    env={"COPENHAGEN_BODY_SECONDS": str(BODY_SECONDS),
                         "COPENHAGEN_HEADER_SECONDS": str(HEADER_SECONDS)})
    with app:
        yield app


def _healthy(port: int, times: int = 6) -> int:
    """How many of `times` /healthz requests (a new connection each) answered 200 within
    HEALTH_WITHIN_S."""
    answered = 0
    for _ in range(times):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=HEALTH_WITHIN_S)
        try:
            conn.request("GET", "/healthz")
            answered += conn.getresponse().status == 200
        except OSError:
            pass
        finally:
            conn.close()
    return answered


def _open(port: int, raw: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(raw)
    return sock


def _first_bytes(sock: socket.socket, until: float) -> bytes:
    """What the server sent on `sock` until it sent a whole head (or closed, or `until`)."""
    got = b""
    while b"\r\n\r\n" not in got:  # at least one look, even past `until`
        sock.settimeout(max(0.05, until - time.monotonic()))
        try:
            part = sock.recv(4096)
        except TimeoutError:
            break
        if not part:
            break
        got += part
        if time.monotonic() >= until:
            break
    return got


def _table(port: int) -> str:
    return Phone(port, Tally(), 100).create_table(2)


def test_push_streams_at_odd_addresses_hold_no_page_thread(server: AppServer):
    """`/push/ABC-DEF`, `/push/ABCDEF/`, `/push/abc-DEF`: each is answered at once (the
    stream on the event loop, or a refusal), and once they hang up the server answers."""
    code = _table(server.port)
    spellings = [f"{code[:3]}-{code[3:]}", f"{code}/", f"{code[:3].lower()}-{code[3:]}"]
    socks = [_open(server.port, f"GET /push/{s} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                f"Accept: text/event-stream\r\n\r\n".encode())
             for s in spellings * 8]
    try:
        until = time.monotonic() + 5
        heads = [_first_bytes(sock, until) for sock in socks]
        answered = [h.split(b"\r\n", 1)[0] for h in heads]
        assert all(re.match(rb"HTTP/1.1 (200|30\d|40\d)", a) for a in answered), answered
        assert _healthy(server.port) == 6  # while they are open
    finally:
        for sock in socks:
            sock.close()
    assert _healthy(server.port) == 6, server.tail()


def test_a_chunked_form_reaches_the_app_whole(server: AppServer):
    """Some proxies and clients send a form with Transfer-Encoding: chunked (no length)."""
    phone = Phone(server.port, Tally(), 100)
    phone.page_token("/rollwrite/new")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    form = f"csrf_token={phone.token}&name=Host&seats=2&dice=app".encode()
    conn.request("POST", "/rollwrite/new", body=iter([form[:10], form[10:]]), encode_chunked=True,
                 headers={"Content-Type": "application/x-www-form-urlencoded",
                          "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())})
    resp = conn.getresponse()
    resp.read()
    assert resp.status == 303, resp.status
    assert "/rollwrite/" in resp.getheader("Location", "")


def test_a_chunked_body_over_the_limit_is_refused(server: AppServer):
    sock = _open(server.port, b"POST /r HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              b"Content-Type: application/x-www-form-urlencoded\r\n"
                              b"Transfer-Encoding: chunked\r\n\r\n")
    try:
        piece = b"x" * 16_000
        for _ in range(6):  # 96 kB: over the 64 kB limit
            sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
        head = _first_bytes(sock, time.monotonic() + 10)
        assert head.startswith(b"HTTP/1.1 413"), head[:200]
    finally:
        sock.close()


def _held_body(port: int, length: int) -> socket.socket:
    return _open(port, b"POST /r HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       b"Content-Type: application/x-www-form-urlencoded\r\n"
                       b"Content-Length: %d\r\n\r\ntext=abc" % length)


def test_bodies_held_back_hold_no_thread_and_meet_a_deadline(server: AppServer):
    """Forms that never finish, under the limit and over it (a 413 the app would drain):
    the server keeps answering, and each held body is cut off after the body deadline."""
    socks = [_held_body(server.port, n) for n in [200] * 6 + [300_000] * (PAGE_THREADS + 4)]
    try:
        assert _healthy(server.port) == 6, server.tail()
        until = time.monotonic() + BODY_SECONDS + 5
        heads = [_first_bytes(sock, until) for sock in socks]
        assert all(h.startswith((b"HTTP/1.1 408", b"HTTP/1.1 413", b"HTTP/1.1 429"))
                   or h == b"" for h in heads), heads
        assert time.monotonic() < until  # each was answered or closed, not held to the end
    finally:
        for sock in socks:
            sock.close()


def test_one_client_may_hold_back_only_a_few_bodies(server: AppServer):
    socks = [_held_body(server.port, 200) for _ in range(40)]
    try:
        until = time.monotonic() + BODY_SECONDS / 2
        heads = [_first_bytes(sock, until) for sock in socks]
        assert any(h.startswith(b"HTTP/1.1 429") for h in heads), heads
    finally:
        for sock in socks:
            sock.close()


def test_clients_that_hang_up_mid_body_and_mid_answer_hold_no_thread(server: AppServer):
    for _ in range(PAGE_THREADS * 2):
        _held_body(server.port, 500).close()  # mid-body
        _open(server.port, b"GET /rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").close()
    assert _healthy(server.port) == 6, server.tail()


def test_a_body_over_the_limit_is_refused_at_once(server: AppServer):
    """A declared length far over the limit: 413 before the body comes."""
    sock = _held_body(server.port, 50_000_000)
    try:
        head = _first_bytes(sock, time.monotonic() + 5)
        assert head.startswith(b"HTTP/1.1 413"), head[:200]
    finally:
        sock.close()


def test_a_head_sent_a_byte_at_a_time_meets_a_deadline(server: AppServer):
    """A client that never finishes its request's head is disconnected (uvicorn alone
    waits for ever once the first byte came)."""
    sock = _open(server.port, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    try:
        until = time.monotonic() + HEADER_SECONDS + 5
        closed = False
        while time.monotonic() < until and not closed:
            try:
                sock.sendall(b"a")
                sock.settimeout(0.2)
                closed = sock.recv(1) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        assert closed, "the server still waits for the head"
    finally:
        sock.close()


def test_a_body_still_sent_after_its_refusal_is_cut_off(server: AppServer):
    """One body too many from a client (429, unread), then its bytes a trickle: the server
    hangs up after the head deadline instead of reading them for ever."""
    socks = [_held_body(server.port, 10_000) for _ in range(40)]
    try:
        until = time.monotonic() + BODY_SECONDS / 2
        refused = [s for s in socks if _first_bytes(s, until).startswith(b"HTTP/1.1 429")]
        assert refused
        sock = refused[0]
        deadline = time.monotonic() + HEADER_SECONDS + 5
        closed = False
        while time.monotonic() < deadline and not closed:
            try:
                sock.sendall(b"x")
                sock.settimeout(0.2)
                closed = sock.recv(4096) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        assert closed, "the server still reads a refused body"
    finally:
        for sock in socks:
            sock.close()
