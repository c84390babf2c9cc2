"""Every wait's deadline and every client's share, in one place, each with the measurement
that chose it (issue 36): no request may hold the server for a client that went away or for
a search that runs long."""

from __future__ import annotations

# A searching bot's turn (webapp/games/botplay.py): after this the greedy move is played instead
# (logged). Measured on this machine, on positions of games played by random bots (docs/
# performance.md, "Deadlines"): the expert decides in 0.09 s median, 0.43 s p95, 0.86 s at
# most (Roll & Write; the card edition 0.31 / 0.68 / 0.86 s), and the bots' process starts
# in 0.5 s: five seconds is six times the slowest, for a machine under load.
BOT_TURN_SECONDS = 5.0
# The searching decisions one request plays (a person's move hands the turn to every bot after
# it: at a 4-player table of expert bots about nine searched decisions, 0.09 s each at the
# median) share this; once it is spent, the rest play the greedy move at once (logged). Without
# it a loaded server could hold the person's tap for each bot's five seconds in turn (a browser
# test's POST outlasted 10 s on a slow machine, 2026-11-29): two slow decisions still fit.
BOT_REQUEST_SECONDS = 10.0
# A hint (the expert's search, in the bots' process): after this, "No hint just now". The
# hints measured as the expert's turns (0.08 s median, 0.86 s at most), plus the 0.5 s start.
HINT_SECONDS = 3.0
# Hint searches one web process runs at once in the bots' process; more: "No hint just now".
HINTS_AT_ONCE = 2
# Hints one client address may ask for (Flask-Limiter): a person reads a hint for seconds
# (one every two seconds is more than anyone reads); a flood would keep the bots' process
# busy for everyone.
HINT_LIMIT = "30 per minute"
# A request's body (a form of at most 64 kB) is read on the event loop within this; a phone
# sends one in milliseconds (a move's form is under 200 bytes: one packet even on a slow
# carrier), a held-back body is answered 408 and cut off. nginx's client_body_timeout is 60 s
# between two reads; ten seconds for the whole body is still far above a real phone's.
BODY_SECONDS = 10.0
# A request's head (its first line and headers, a few hundred bytes) must arrive within this
# of the connection (or of the last answer on it), else the connection is closed
# (commandline/serve.py TimedHead): as the body's deadline, far above a real phone's.
HEADER_SECONDS = 10.0
# Bodies one client address may have in flight at once per worker (more: 429): a household
# behind one address sends a few moves at a time, each read in milliseconds.
BODIES_PER_CLIENT = 8
# Push streams one client address may hold open in one worker, all games together (more:
# 429); per game the limit is webapp/push/hub.py STREAMS_PER_CLIENT.
STREAMS_PER_CLIENT_IN_ALL = 64
# A stream waits at most this for its worker to listen for wake-ups (Redis subscribed, the
# doorbell open) before it says `ready` anyway (the page's catch-up covers a missed move).
LISTEN_WAIT_SECONDS = 5.0
# Redis publishes waiting for the publisher thread (a move's answer never waits on Redis);
# past this, a wake-up is dropped (logged): the other servers' sweeps and catch-ups read it.
PUBLISH_QUEUE = 10_000
# A publish to Redis gives up after this (the publisher thread, not a request).
REDIS_SECONDS = 2.0
# Database waits. PostgreSQL: a statement longer than this is cancelled, a lock waited for
# longer is given up (the request answers 503 "try again", webapp/platform/errors.py); the slowest
# request of `copenhagen bench --web` on PostgreSQL took well under a second. SQLite: a
# writer waits this long for the file's lock (as before: WAL writers queue behind a
# checkpoint); a migration has neither deadline (webapp/platform/db.py).
STATEMENT_MS = 10_000
LOCK_MS = 5_000
SQLITE_BUSY_SECONDS = 15.0

# The hints' search process's niceness (webapp/games/hint_search.py): below the pages and the bots'
# turns (nice 0), above the reviews' and pars' (19). `python -m benchmarks.attacks`, 3 runs
# each on a quiet machine, /healthz p99 during the hint flood: 146.6, 87.4, 148.0 ms in the
# bots' process; 24.7, 98.2, 110.6 ms here (medians 146.6 and 98.2; the goal is 100).
HINT_NICENESS = 10
