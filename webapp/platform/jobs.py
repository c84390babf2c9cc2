"""The app's background jobs: a small pool of threads in this process that computes derived
data (a finished game's review, a solitaire seed's par) after the request that made it due
has answered. A request hands a job over and returns at once; the queue is bounded (a job
beyond QUEUE_LIMIT is dropped, logged: the page that asks for it hands it over again) and
holds one job of a name at a time. A job claims its row when it starts, not when queued, so a
claim never expires while the job waits behind others.

A passing fault (the database not answering, the search process killed) does not fail the
work: `Retry` runs it again after 1, 2, 4, 8 s ...; a job that still meets it leaves its claim
to expire and be taken over. Only what the work itself refuses (a game the reviewer cannot
read) or a bug is stored as failed, in its own row (webapp/review/reviews.py, webapp/solo/pars.py).

The threads ask the operating system to run them after anything else (the lowest priority),
so that a page served meanwhile by this process, or another one, is not kept waiting; the
bots' searches a job asks for run in a process of their own (the app's `Searchers.jobs`), so
that they do not hold this process's interpreter lock while it serves pages."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

from flask import Flask, current_app
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from webapp.platform.budgets import HINT_NICENESS, HINTS_AT_ONCE

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKERS = 1  # threads per process: jobs queue one after another, one core at most
QUEUE_LIMIT = 64  # jobs waiting per process at most: a day's pars and a busy evening's reviews
# Attempts of a job that meets a passing fault, the first wait, doubled each time: 1 + 2 + 4 +
# 8 + 16 = 31 s in all, longer than the PostgreSQL restart of the reliability check (the
# server answered again within 5 s of its stop there, tests/web/test_reliability.py).
ATTEMPTS = 6
FIRST_WAIT = 1.0
# The search process's niceness: 19, after everything else of the machine (pages first). The
# test suite sets COPENHAGEN_SEARCH_NICE=0: its own workers keep every core busy, and a job
# at 19 behind them would wait minutes for its turn.
SEARCH_NICE_VARIABLE = "COPENHAGEN_SEARCH_NICE"
SEARCHERS_KEY = "searchers"  # the app.extensions entry that holds the app's Searchers


def _lowest_priority() -> None:
    """Run this thread after every other one of the machine (Linux: a thread's own nice):
    19, or COPENHAGEN_SEARCH_NICE where it is set (the suite's 0: a job thread at 19 behind
    three busy test workers waited past its test's 60-second deadline on a loaded machine)."""
    try:
        niceness = int(os.environ.get(SEARCH_NICE_VARIABLE, "19"))
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
    except (AttributeError, OSError, ValueError):  # not Linux, not allowed: the usual priority
        pass


def _search_priority(niceness: int) -> None:
    """Give the search process `niceness` itself, not an increment: it starts from a job
    thread, whose nice (19) it inherits. Lowering it needs the right to (root, or
    CAP_SYS_NICE); without that the process stays at its parent thread's."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
    except OSError:
        pass


class Searcher:
    """The one process of a web process that runs bots' searches, started when first needed
    ("spawn": a fresh interpreter, never a fork of a process with threads) and replaced when
    it died. An app has three (`Searchers`); a test may start its own."""

    def __init__(self, niceness: int | None = None) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.niceness = niceness  # None: COPENHAGEN_SEARCH_NICE, else 19 (after all else)

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_search_priority,
                    initargs=(self.niceness if self.niceness is not None
                              else int(os.environ.get(SEARCH_NICE_VARIABLE, "19")),))
            return self._pool

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        """`work(*args)` (a module-level function, its arguments picklable) handed to the
        search process; its future. A search process found dead is replaced."""
        pool = self._current()
        try:
            future = pool.submit(work, *args)
        except BrokenProcessPool:
            self._forget(pool)
            pool = self._current()
            future = pool.submit(work, *args)

        def died(done: Future[Any]) -> None:
            if not done.cancelled() and isinstance(done.exception(), BrokenProcessPool):
                self._forget(pool)

        future.add_done_callback(died)
        return future

    def run(self, work: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        """`work(*args)` run in the search process, waited for by the calling thread at most
        `timeout` seconds; its exceptions are raised here. A search process that died
        (killed, out of memory) is replaced for the next call; one still searching after
        `timeout` is let go (it finishes that search, then exits) and TimeoutError raised,
        so that the next call does not queue behind it."""
        pool = self._current()
        try:
            return pool.submit(work, *args).result(timeout=timeout)
        except BrokenProcessPool:
            self._forget(pool)
            raise
        except TimeoutError:
            self._forget(pool)
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    def _forget(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None

    def shutdown(self) -> None:
        """Stop the search process, if one was started."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown()


@dataclass(frozen=True)
class Searchers:
    """The search processes of one app, made by create_app from its settings and kept on the
    app (`searchers()`), never in module globals: a test gives its own or stops the app's."""

    jobs: Searcher  # a job's searches (a review's play-outs, a par): after everything else
    bots: Searcher  # a searching bot's turn: a player waits for it (never behind a review)
    hints: Searcher  # hints: below the pages and the bots' turns
    hint_slots: threading.BoundedSemaphore  # hint searches running at once, at most

    def shutdown(self) -> None:
        """Stop every search process started."""
        for searcher in (self.jobs, self.bots, self.hints):
            searcher.shutdown()


def make_searchers(config: Mapping[str, Any]) -> Searchers:
    """An app's search processes (none started until needed), from its settings: the jobs'
    at COPENHAGEN_SEARCH_NICE (19 unless set), the bots' at 0, the hints' at HINT_NICENESS
    with HINTS_AT_ONCE slots (webapp/platform/budgets.py)."""
    return Searchers(jobs=Searcher(), bots=Searcher(niceness=0),
                     hints=Searcher(niceness=int(config.get("HINT_NICENESS", HINT_NICENESS))),
                     hint_slots=threading.BoundedSemaphore(
                         int(config.get("HINTS_AT_ONCE", HINTS_AT_ONCE))))


def searchers() -> Searchers:
    """The search processes of the current app."""
    found: Searchers = current_app.extensions[SEARCHERS_KEY]
    return found


def passing(err: BaseException) -> bool:
    """Whether `err` is a fault that passes by itself: the database not answering (or its
    connection lost), the search process killed, a timeout; not a bug, not a refusal."""
    if isinstance(err, DBAPIError):
        return isinstance(err, OperationalError | InterfaceError) or err.connection_invalidated
    return isinstance(err, BrokenProcessPool | ConnectionError | TimeoutError)


@dataclass(frozen=True)
class Retry:
    """How a job meets a passing fault: `attempts` in all, waiting `first_wait` seconds after
    the first failure and twice as long after each next one; `stop` (the pool shutting down)
    ends the waiting."""

    attempts: int = ATTEMPTS
    first_wait: float = FIRST_WAIT
    stop: threading.Event = field(default_factory=threading.Event)

    def __call__(self, name: str, work: Callable[[], T]) -> T:
        """`work()`, again after each passing fault until `attempts` are spent (then that
        fault is raised); any other exception at once."""
        for attempt in range(1, self.attempts + 1):
            try:
                return work()
            except Exception as err:
                if not passing(err) or attempt == self.attempts:
                    raise
                wait_s = self.first_wait * 2 ** (attempt - 1)
                log.warning("%s: a passing fault (%s: %s); attempt %d of %d in %.2f s", name,
                            type(err).__name__, str(err).splitlines()[0] if str(err) else "",
                            attempt + 1, self.attempts, wait_s)
                if self.stop.wait(wait_s):
                    raise
        raise AssertionError("unreachable")  # the loop returns or raises


@dataclass(frozen=True)
class Derivation:
    """Derived data computed once and kept in a row of its own (a game's review, a seed's
    par): how to claim the row, compute the data and store it or why it failed."""

    name: str  # what the logs call it: "review ABC234", "par 2026-11-24"
    claim: Callable[[], str | None]  # the claim's token; None: another worker has it, or done
    compute: Callable[[], dict[str, Any]]  # the data (the app's service, a minute of CPU)
    finish: Callable[[str, str, dict[str, Any]], bool]  # (token, status, body) -> kept
    limit: timedelta  # a pending claim older than this is a dead worker's
    refused: tuple[type[Exception], ...] = ()  # what the work refuses: stored as failed


def derive(work: Derivation, retry: Retry | None = None) -> str:
    """The job: claim the row, compute the data, store it, each step again after a passing
    fault (`retry`) without losing what was done (the claim, the data computed). What the
    work refuses (`work.refused`) is stored as `failed` with its reason; a claim held
    elsewhere does nothing. Returns what became of it: ready, failed, taken (another worker
    has it) or later (the fault did not pass: the claim expires and is taken over when
    asked). Any other error is stored as `failed` (its type) and raised."""
    claim: list[str] = []  # kept across attempts, as the data once computed
    done: list[dict[str, Any]] = []

    def attempt() -> str:
        if not claim:
            token = work.claim()
            if token is None:
                return "taken"
            claim.append(token)
        if not done:
            try:
                done.append(work.compute())
            except work.refused as err:
                work.finish(claim[0], "failed", {"error": str(err)})
                return "failed"
        return "ready" if work.finish(claim[0], "ready", done[0]) else "taken"

    try:
        return (retry or Retry())(work.name, attempt)
    except Exception as err:
        if passing(err):
            log.error("%s: a fault that did not pass (%s); its claim expires in %s",
                      work.name, type(err).__name__, work.limit)
            return "later"
        if claim:
            work.finish(claim[0], "failed", {"error": type(err).__name__})
        raise


class Jobs:
    """The pool of one app: its threads, its bounded queue, its retry policy."""

    def __init__(self, workers: int = WORKERS, queue_limit: int = QUEUE_LIMIT,
                 retry: Retry | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="copenhagen-job",
                                        initializer=_lowest_priority)
        self._running: dict[Future[Any], str] = {}  # queued or running, with its name
        self._started: set[Future[Any]] = set()
        self._lock = threading.Lock()
        self.queue_limit = queue_limit
        self.retry = retry or Retry()

    def submit(self, name: str, job: Callable[..., Any], *args: Any) -> Future[Any] | None:
        """Run `job(*args)` in the background. None when a job of that name is queued or
        running already, when the queue is full (logged), or when the pool is shut down: the
        page that asks again hands it over anew."""
        with self._lock:
            if name in self._running.values():
                return None
            if len(self._running) - len(self._started) >= self.queue_limit:
                log.warning("background queue full (%d waiting): %s dropped for now",
                            self.queue_limit, name)
                return None
            holder: list[Future[Any]] = []

            def run() -> Any:
                with self._lock:
                    self._started.update(holder)
                try:
                    return job(*args)
                except Exception:
                    log.exception("background job %s failed", name)
                    raise

            try:
                future = self._pool.submit(run)
            except RuntimeError:  # shut down
                return None
            holder.append(future)
            self._running[future] = name
        future.add_done_callback(self._done)
        return future

    def _done(self, future: Future[Any]) -> None:
        with self._lock:
            self._running.pop(future, None)
            self._started.discard(future)

    def drain(self, timeout: float = 60.0) -> bool:
        """Wait until every job handed over so far has finished; False on timeout."""
        with self._lock:
            running = set(self._running)
        return not wait(running, timeout=timeout).not_done

    def shutdown(self) -> None:
        """Stop: jobs not started are dropped, the running one is waited for (a retry's wait
        ends at once)."""
        self.retry.stop.set()
        self._pool.shutdown(wait=True, cancel_futures=True)


def init_jobs(app: Flask) -> Jobs:
    """Give the app its pool."""
    jobs = Jobs(int(app.config.get("JOB_WORKERS", WORKERS)),
                int(app.config.get("JOB_QUEUE_LIMIT", QUEUE_LIMIT)),
                Retry(int(app.config.get("JOB_ATTEMPTS", ATTEMPTS)),
                      float(app.config.get("JOB_FIRST_WAIT", FIRST_WAIT))))
    app.extensions["jobs"] = jobs
    return jobs


def jobs() -> Jobs:
    """The pool of the current app."""
    found: Jobs = current_app.extensions["jobs"]
    return found
