"""Real app servers for benchmarks and fault tests: `copenhagen serve` (gunicorn) in its own
process group on a loopback port and a given database, which can be stopped, killed with
SIGKILL (what a crash or an OOM kill does) and started again on the same port and data."""

from __future__ import annotations

import contextlib
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from webapp import migrate

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class AppServer:
    """One `copenhagen serve` process group. Its output goes to `log`."""

    def __init__(self, database_url: str, log: Path, workers: int = 2,
                 port: int | None = None, secret: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.database_url = database_url
        self.env = env or {}  # more settings (COPENHAGEN_...) for this server
        self.log = log
        self.workers = workers
        self.port = port or free_port()
        self.secret = secret or secrets.token_hex(16)  # servers of one site share it
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> AppServer:
        """Start and wait until /healthz answers 200 (at most 60 s)."""
        env = {
            **os.environ,
            "COPENHAGEN_DATABASE_URL": self.database_url,
            "COPENHAGEN_SECRET_KEY": self.secret,
            "COPENHAGEN_CREATE_LIMIT": "100000 per minute",
            **self.env,
        }
        # The schema first (serve would refuse without it): `copenhagen migrate`'s own function,
        # in this process, which has the app's modules loaded already; the command in a process
        # of its own spent 1.4 s of CPU importing them, for each of the 34 servers a run of the
        # tests starts (counted on 2026-11-29).
        migrate({"DATABASE_URL": self.database_url})
        out = open(self.log, "ab")  # the child keeps it; the OS closes it
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "commandline.main", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", str(self.workers)],
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=ROOT,
        )
        out.close()
        self._wait_until_up()
        return self

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        assert self.proc is not None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server stopped at start:\n" + self.tail())
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    conn.close()
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("the server did not answer within 60 s:\n" + self.tail())

    def tail(self, chars: int = 2000) -> str:
        """The end of the server's output."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def kill9(self) -> None:
        """SIGKILL to the whole process group at once: no worker finishes anything."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        """SIGTERM (gunicorn's graceful stop), then SIGKILL after 10 s."""
        if self.proc is None:
            return
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # workers left behind by a dying master
        self.proc = None

    def __enter__(self) -> AppServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
