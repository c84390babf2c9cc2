"""A local push service for the tests and `copenhagen bench --async`: an HTTP server on
127.0.0.1 that takes what the app sends a browser's push endpoint (`POST /push/<id>`), keeps
each request, and answers with the status a test sets per endpoint (201 by default; 410 for a
device that is gone). A test device (`Device`) holds a real P-256 key pair and auth secret,
gives the app its PushSubscription.toJSON(), and decrypts what the service received with them
(http_ece, aes128gcm): the real encryption, end to end."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(raw: bytes) -> str:
    """base64url without padding, as browsers write keys."""
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@dataclass
class Received:
    """One request the service took."""
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """The server and what it received."""

    received: list[Received] = field(default_factory=list)
    status: dict[str, int] = field(default_factory=dict)  # path -> the answer
    arrived: threading.Condition = field(default_factory=threading.Condition)
    port: int = 0

    def url(self, name: str) -> str:
        """The endpoint of a device called `name`."""
        return f"http://127.0.0.1:{self.port}/push/{name}"

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Received]:
        """Wait (with a deadline) until `count` requests have arrived."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received) >= count, timeout)
        return list(self.received)


def start_push_service() -> tuple[PushService, ThreadingHTTPServer]:
    """The service, listening on a free loopback port in a thread (shut the server down)."""
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with service.arrived:
                service.received.append(Received(
                    self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                service.arrived.notify_all()
            self.send_response(service.status.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return service, server


class Device:
    """A browser's push subscription: its own key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict[str, Any]:
        """What PushSubscription.toJSON() gives."""
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        """The notification's JSON, decrypted with this device's keys."""
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                 version="aes128gcm")
        return json.loads(plain)
