"""Safe in the open, set up in one place: security headers on every response (Flask-Talisman:
a Content-Security-Policy without inline script, no framing, nosniff, a referrer policy),
the hosts the app answers to, cookies that are `Secure` whenever the request came over TLS,
`Cache-Control` for pages that show hidden information, and private files (0600)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, abort, request
from flask.sessions import SecureCookieSessionInterface
from flask_talisman import Talisman

from webapp.platform.server_keys import REFUSE_KEY

PRIVATE = "no-store"  # a page with a hand: never kept by a browser, a proxy or the worker
LIVE = "no-cache, private"  # a game page: kept for offline reading, always checked first


def content_security_policy(htmx_url: str) -> dict[str, Any]:
    """The policy: everything from this site, htmx also from its CDN when the page loads it
    from there; no inline script, no plugins, no framing, forms only back to this site."""
    scripts = ["'self'"]
    parts = urlsplit(htmx_url)
    if parts.scheme and parts.netloc:
        scripts.append(f"{parts.scheme}://{parts.netloc}")
    return {
        "default-src": "'self'",
        "script-src": scripts,
        "connect-src": scripts,  # the htmx loader fetches the CDN copy before running it
        "style-src": "'self'",
        "img-src": ["'self'", "data:"],
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
        "manifest-src": "'self'",
        "worker-src": "'self'",
    }


class TLSAwareSessions(SecureCookieSessionInterface):
    """The session cookie is `Secure` whenever the request itself came over TLS (directly or
    through a trusted proxy): phones on a table's plain-HTTP network still get a session."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure when configured so, or when this request is HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def machine_hosts() -> list[str]:
    """The names and addresses this machine answers to on a local network (for the trusted
    hosts of a server started without a list): localhost, its host names, its addresses."""
    host = socket.gethostname()  # (no getfqdn: a reverse lookup can hang without a network)
    names = {"localhost", "127.0.0.1", "::1", host, f"{host}.local"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            names.add(str(info[4][0]))
    except OSError:
        pass
    try:  # the address of the interface that leads out (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            names.add(s.getsockname()[0])
    except OSError:
        pass
    return sorted(n for n in names if n)


def trusted_hosts(setting: str | Iterable[str] | None) -> list[str] | None:
    """The TRUSTED_HOSTS setting as a list (a comma-separated text is split); None: any host."""
    if setting is None or setting == "":
        return None
    if isinstance(setting, str):
        return [h.strip() for h in setting.split(",") if h.strip()]
    return list(setting)


def private_file(path: Path) -> None:
    """Create `path` (if missing) readable and writable by this user alone."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)


def init_security(app: Flask) -> None:
    """Install the headers, the host check and the cookie rule on the app."""
    app.session_interface = TLSAwareSessions()
    hosts = trusted_hosts(app.config.get("TRUSTED_HOSTS"))
    if app.config["PRODUCTION"] and not hosts:
        raise RuntimeError(
            "COPENHAGEN_ENV=production needs the host names the app answers to: set "
            "COPENHAGEN_TRUSTED_HOSTS (for example copenhagen.example.org), comma-separated"
        )
    app.config["TRUSTED_HOSTS"] = hosts
    # One Talisman per app: it keeps the options of the app it was given, and one shared by
    # the module served every app of a process with the last app's policy (and kept it alive).
    app.extensions["talisman"] = Talisman(
        app,
        force_https=False,  # a table's laptop serves plain HTTP; a TLS proxy may sit in front
        session_cookie_secure=False,  # TLSAwareSessions decides per request
        frame_options="DENY",
        content_security_policy=content_security_policy(app.config["HTMX_URL"]),
        referrer_policy="same-origin",
        permissions_policy={"camera": "()", "microphone": "()", "geolocation": "()"},
        strict_transport_security=True,  # sent on HTTPS requests only
    )

    def _refused_by_server() -> None:
        # A body the server refused unread (webapp/asgi.py: too large, too slow, too many at
        # once from one client): answered here as a page, before anything reads the form.
        status = request.environ.get(REFUSE_KEY)
        if status:
            abort(int(status))

    app.before_request_funcs.setdefault(None, []).insert(0, _refused_by_server)

    @app.after_request
    def _default_cache(resp: Response) -> Response:
        # Dynamic pages are never taken from a shared cache; a view may say more (PRIVATE).
        if "Cache-Control" not in resp.headers and request.endpoint != "static":
            resp.headers["Cache-Control"] = LIVE
        return resp
