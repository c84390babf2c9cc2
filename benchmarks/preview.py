"""The print page's preview (issue 26): a first drawing (the sheet made, drawn by PDFium, PNG
written) and a repeat served from the server's cache, each as a whole request through the app
(Flask's test client: no network), over many sets of options.

Figures: preview_first_draw_p95_ms (goal <= 300), preview_cached_p95_ms (goal <= 5),
preview_not_modified_p95_ms (a 304 to the browser's If-None-Match), medians, and the same
p95 in CPU time (`_cpu_`: what the process itself spent, unmoved by a busy machine)."""

from __future__ import annotations

import tempfile
import time
from itertools import product
from pathlib import Path
from typing import Any

from benchmarks.web import _percentile
from printables.pad import KINDS
from printables.style import PAPERS
from printables.words import LANGS

REPEATS, QUICK_REPEATS = 10, 3  # cached requests per set of options


def _options(quick: bool) -> list[str]:
    """Every kind, paper, language, ink saver and two-player choice; 1 and 500 sheets; every
    other one at scale 2 (the srcset picture for phones), the others at 1."""
    sets = [f"kind={k}&pages={n}&paper={p}&pad_lang={lang}"
            + "&ink_saver=1" * ink + "&two_player=1" * two + f"&scale={1 + i % 2}"
            for i, (k, n, p, lang, ink, two) in enumerate(product(
                KINDS, (1, 500), sorted(PAPERS), LANGS, (False, True), (False, True)))]
    return sets[::8] if quick else sets


class Clock:
    """Wall and CPU milliseconds of timed spans (CPU time: the same on a busy machine, where
    another process may take the core in the middle of a span)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self._start = (0.0, 0.0)

    def start(self) -> None:
        """Start a span."""
        self._start = (time.perf_counter(), time.process_time())

    def stop(self) -> None:
        """End the span: note its wall and CPU time."""
        self.wall.append((time.perf_counter() - self._start[0]) * 1000)
        self.cpu.append((time.process_time() - self._start[1]) * 1000)


def _run(client: Any, pads: Any, quick: bool
         ) -> tuple[Clock, Clock, Clock]:
    """The times of each first drawing, cached answer and 304."""
    client.get("/print/preview.png")  # the process warmed up: imports, fonts, PDFium
    pads.preview_png.cache_clear()
    first, cached, not_modified = Clock(), Clock(), Clock()
    for query in _options(quick):
        url = f"/print/preview.png?{query}"
        first.start()
        resp = client.get(url)
        first.stop()
        assert resp.status_code == 200 and resp.mimetype == "image/png", (url, resp.status)
        etag = resp.headers["ETag"]
        for _ in range(QUICK_REPEATS if quick else REPEATS):
            cached.start()
            again = client.get(url)
            cached.stop()
            not_modified.start()
            same = client.get(url, headers={"If-None-Match": etag})
            not_modified.stop()
            assert again.status_code == 200 and same.status_code == 304
    return first, cached, not_modified


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`."""
    from webapp import create_app
    from webapp.printing import routes as pads

    with tempfile.TemporaryDirectory(prefix="copenhagen-preview-bench-") as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"})
        try:
            first, cached, not_modified = _run(app.test_client(), pads, quick)
        finally:
            app.extensions["jobs"].shutdown()
            app.extensions["store"].engine.dispose()
    return {
        "preview_first_draw_p50_ms": round(_percentile(first.wall, 0.5), 1),
        "preview_first_draw_p95_ms": round(_percentile(first.wall, 0.95), 1),
        "preview_first_draw_cpu_p95_ms": round(_percentile(first.cpu, 0.95), 1),
        "preview_cached_p50_ms": round(_percentile(cached.wall, 0.5), 2),
        "preview_cached_p95_ms": round(_percentile(cached.wall, 0.95), 2),
        "preview_cached_cpu_p95_ms": round(_percentile(cached.cpu, 0.95), 2),
        "preview_not_modified_p95_ms": round(_percentile(not_modified.wall, 0.95), 2),
        "preview_option_sets": len(first.wall),
    }
