"""The app on a machine with no system program at all (issue 26): a real server started with
PATH set to an empty folder, and every page a newcomer reaches from the home page (its links,
and the links of the pages they lead to; same site, GET only) answers 200, with every picture
the pages show, the print page's preview included, in the size its page announces (twice it
for the `2x` picture of srcset)."""

from __future__ import annotations

import http.client
import struct
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest

from benchmarks.servers import AppServer

pytestmark = pytest.mark.slow  # a real server (gunicorn) in its own process

DEPTH = 2  # the home page's links, and the links of the pages they lead to
MOST_PAGES = 150  # a bound on the walk; a fresh database has far fewer


class Links(HTMLParser):
    """The addresses a page links to (<a href>) and the pictures it shows (<img>, with the
    width and height it announces)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[tuple[str, int, str | None, str | None]] = []  # src, density, w, h

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        elif tag == "img" and a.get("src"):
            self.images.append((a["src"] or "", 1, a.get("width"), a.get("height")))
            for candidate in (a.get("srcset") or "").split(","):  # "url 2x, ..."
                if candidate.strip():
                    url, _sp, density = candidate.strip().partition(" ")
                    times = int(float(density.strip().rstrip("x") or 1))
                    self.images.append((url, times, a.get("width"), a.get("height")))


def _get(port: int, path: str) -> tuple[int, str, bytes]:
    """One GET, redirects followed on the same site: status, content type, body."""
    for _hop in range(5):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            conn.request("GET", path, headers={"Accept": "text/html,image/*;q=0.9"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        where = resp.getheader("Location")
        if resp.status in (301, 302, 303, 307, 308) and where:
            assert urlsplit(where).netloc in ("", f"127.0.0.1:{port}"), where
            path = urlsplit(urljoin(f"http://127.0.0.1:{port}{path}", where))._replace(
                scheme="", netloc="").geturl()
            continue
        return resp.status, resp.getheader("Content-Type", ""), body
    raise AssertionError(f"{path}: more than 5 redirects")


def _local(base: str, href: str, port: int) -> str | None:
    """The path of a same-site link (None for another site, mailto:, javascript: ...)."""
    url = urldefrag(urljoin(f"http://127.0.0.1:{port}{base}", href)).url
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.netloc != f"127.0.0.1:{port}":
        return None
    return parts._replace(scheme="", netloc="").geturl()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_every_page_a_newcomer_reaches_works_without_any_system_program(tmp_path: Path):
    empty = tmp_path / "no-programs"
    empty.mkdir()
    server = AppServer(f"sqlite:///{tmp_path / 'bare.sqlite3'}", tmp_path / "server.log",
                       workers=1, env={"PATH": str(empty)})
    seen: dict[str, int] = {}
    pictures: dict[str, tuple[str, int, str | None, str | None]] = {}
    with server:
        todo = [("/", 0)]
        while todo:
            path, depth = todo.pop(0)
            if path in seen:
                continue
            assert len(seen) < MOST_PAGES, sorted(seen)
            status, kind, body = _get(server.port, path)
            seen[path] = status
            assert status == 200, f"{path} answered {status}: {body[:300]!r}\n{server.tail()}"
            if not kind.startswith("text/html"):
                continue
            page = Links()
            page.feed(body.decode("utf-8", "replace"))
            for src, times, width, height in page.images:
                where = _local(path, src, server.port)
                if where is not None:
                    pictures.setdefault(where, (path, times, width, height))
            if depth < DEPTH:
                todo += [(p, depth + 1) for href in page.links
                         if (p := _local(path, href, server.port)) is not None]
        for src, (on, times, width, height) in pictures.items():
            status, kind, body = _get(server.port, src)
            assert status == 200, f"{src} (on {on}) answered {status}: {body[:300]!r}"
            assert kind.startswith("image/"), (src, kind)
            if kind == "image/png":
                assert width and height, f"{src} on {on}: no width and height announced"
                assert _png_size(body) == (times * int(width), times * int(height)), (src, on)
    assert "/print/" in seen, sorted(seen)  # the walk reached the print page ...
    previews = [p for p in pictures if p.startswith("/print/preview.png")]
    assert len(previews) == 2, sorted(pictures)  # ... and its preview, for 1x and 2x screens
    assert len(seen) >= 8, sorted(seen)
