"""The app's background jobs: a small pool of threads in this process that computes derived
data (a finished game's review, a solitaire seed's par) after the request that made it due
has answered. A request hands a job over and returns at once; a job that fails is logged, and
what it was computing says so in its own row (webapp/reviews.py, webapp/solo/pars.py).

The threads ask the operating system to run them after anything else (the lowest priority),
so that a page served meanwhile by this process, or another one, is not kept waiting; the
bots' searches a job asks for run in a process of their own (`elsewhere`), so that they do
not hold this process's interpreter lock while it serves pages."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from flask import Flask, current_app

log = logging.getLogger(__name__)

WORKERS = 1  # threads per process: jobs queue one after another, one core at most
# The search process's niceness: 19, after everything else of the machine (pages first). The
# test suite sets COPENHAGEN_SEARCH_NICE=0: its own workers keep every core busy, and a job
# at 19 behind them would wait minutes for its turn.
SEARCH_NICE_VARIABLE = "COPENHAGEN_SEARCH_NICE"
_searcher: ProcessPoolExecutor | None = None  # the process bots' searches run in (`elsewhere`)
_searcher_lock = threading.Lock()


def _lowest_priority() -> None:
    """Run this thread after every other one of the machine (Linux: a thread's own nice)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):  # not Linux, or not allowed: run at the usual priority
        pass


def _search_priority(niceness: int) -> None:
    """Give the search process `niceness` itself, not an increment: it starts from a job
    thread, whose nice (19) it inherits. Lowering it needs the right to (root, or
    CAP_SYS_NICE); without that the process stays at its parent thread's."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
    except OSError:
        pass


def _searcher_pool() -> ProcessPoolExecutor:
    """The one process of this web process that runs bots' searches, started when first
    needed ("spawn": a fresh interpreter, never a fork of a process with threads)."""
    global _searcher
    with _searcher_lock:
        if _searcher is None:
            _searcher = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_search_priority,
                initargs=(int(os.environ.get(SEARCH_NICE_VARIABLE, "19")),))
        return _searcher


def elsewhere(work: Callable[..., Any], *args: Any) -> Any:  # noqa: ANN401 - work's own result
    """`work(*args)` (a module-level function, its arguments picklable) run in the search
    process, waited for by the calling job thread; its exceptions are raised here. A search
    process that died (killed, out of memory) is replaced for the next call."""
    global _searcher
    pool = _searcher_pool()
    try:
        return pool.submit(work, *args).result()
    except BrokenProcessPool:
        with _searcher_lock:
            if _searcher is pool:
                _searcher = None
        raise


class Jobs:
    """The pool of one app."""

    def __init__(self, workers: int = WORKERS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="copenhagen-job",
                                        initializer=_lowest_priority)
        self._running: set[Future[Any]] = set()
        self._lock = threading.Lock()

    def submit(self, name: str, job: Callable[..., Any], *args: Any) -> Future[Any] | None:
        """Run `job(*args)` in the background (None when the pool is shut down)."""

        def run() -> Any:  # noqa: ANN401 - whatever the job gives back
            try:
                return job(*args)
            except Exception:
                log.exception("background job %s failed", name)
                raise

        try:
            future = self._pool.submit(run)
        except RuntimeError:  # shut down: the page that asks again hands it over anew
            return None
        with self._lock:
            self._running.add(future)
        future.add_done_callback(self._done)
        return future

    def _done(self, future: Future[Any]) -> None:
        with self._lock:
            self._running.discard(future)

    def drain(self, timeout: float = 60.0) -> bool:
        """Wait until every job handed over so far has finished; False on timeout."""
        with self._lock:
            running = set(self._running)
        return not wait(running, timeout=timeout).not_done

    def shutdown(self) -> None:
        """Stop: jobs not started are dropped, the running one is waited for."""
        self._pool.shutdown(wait=True, cancel_futures=True)


def init_jobs(app: Flask) -> Jobs:
    """Give the app its pool."""
    jobs = Jobs(int(app.config.get("JOB_WORKERS", WORKERS)))
    app.extensions["jobs"] = jobs
    return jobs


def jobs() -> Jobs:
    """The pool of the current app."""
    return current_app.extensions["jobs"]
