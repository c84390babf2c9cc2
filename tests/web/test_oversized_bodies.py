"""A body over the size limit, refused unread (413), is read and dropped by the app so that
gunicorn keeps the connection (issue 26): it used to close it after an answer that said
keep-alive, and that close held the worker's main thread up to 2 s."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from benchmarks.servers import AppServer
from webapp.platform import bodies


def _post(conn: http.client.HTTPConnection, path: str, size: int) -> tuple[int, bool]:
    body = b"text=" + b"x" * size
    conn.request("POST", path, body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"})
    resp = conn.getresponse()
    resp.read()
    return resp.status, resp.will_close


@pytest.mark.slow  # a real server (gunicorn)
def test_a_refused_oversized_body_leaves_the_connection_open(tmp_path: Path):
    with AppServer(f"sqlite:///{tmp_path / 'b.sqlite3'}", tmp_path / "s.log", workers=1) as app:
        conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=30)
        try:
            assert _post(conn, "/r", 70_000) == (413, False)  # over 64 KiB, refused
            sock = conn.sock
            conn.request("GET", "/healthz")
            resp = conn.getresponse()
            assert resp.status == 200 and resp.read()
            assert conn.sock is sock  # the same connection served the next request
        finally:
            conn.close()


def test_the_drain_keeps_every_refusal_a_413(client, app):
    """Past the drain limit the body is left to the server to cut off; under it, drained."""
    assert bodies.DRAIN_LIMIT > app.config["MAX_CONTENT_LENGTH"]
    resp = client.post("/r", data=b"x" * (bodies.DRAIN_LIMIT + 1),
                       content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 413
    small = client.post("/r", data=b"text=" + b"x" * 70_000,
                        content_type="application/x-www-form-urlencoded")
    assert small.status_code == 413
