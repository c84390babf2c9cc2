"""`python -m benchmarks.request_cpu` (the server's CPU per request, by kind) measures a real
server: every kind gets a figure, and drawing a table page costs more than a health check."""

from __future__ import annotations

import pytest

from benchmarks.request_cpu import measure

KINDS = {"healthz_cpu_ms", "poll_unchanged_cpu_ms", "api_cpu_ms", "table_page_cpu_ms",
         "move_with_api_cpu_ms"}


@pytest.mark.slow  # a real server (copenhagen serve)
def test_request_cpu_gives_each_kind_its_cost() -> None:
    figures = measure(count=40)
    assert set(figures) == KINDS
    assert all(ms > 0 for ms in figures.values()), figures
    # 4-5 ms against about 1 (CPU ticks are 10 ms: 40 checks make 4 of them, 10 pages 4 or 5)
    assert figures["table_page_cpu_ms"] > 2 * figures["healthz_cpu_ms"], figures
