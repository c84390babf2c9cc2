"""`asyncio.run` for tests that may share a pytest worker with the browser tests: Playwright's
sync API keeps an event loop running in the worker's main thread for the whole session, and
`asyncio.run` refuses to start another one in that thread ("cannot be called from a running
event loop"), so such a test failed or passed by the order the workers took the tests in."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to its end in a new event loop on a thread of its own; its result."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="own-loop") as pool:
        return pool.submit(asyncio.run, coro).result()
