"""`copenhagen bench --cpu` (the server's CPU per request, by kind) measures a real server:
every kind gets a figure, and drawing a table page costs more than a health check."""

from __future__ import annotations

import json

import pytest

from commandline.main import main

KINDS = {"cpu_healthz_ms", "cpu_poll_unchanged_ms", "cpu_api_ms", "cpu_table_page_ms",
         "cpu_move_with_api_ms"}


@pytest.mark.slow  # a real server (copenhagen serve)
def test_bench_cpu_gives_each_kind_its_cost(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--json", "--quick", "--cpu"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == KINDS
    assert all(ms > 0 for ms in figures.values()), figures
    # 4-5 ms against about 1 (CPU ticks are 10 ms: 40 checks make 4 of them, 10 pages 4 or 5)
    assert figures["cpu_table_page_ms"] > 2 * figures["cpu_healthz_ms"], figures
