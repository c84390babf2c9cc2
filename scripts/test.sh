#!/usr/bin/env bash
# Runs ruff and the test suite, after setting up what the tests need (the Debian packages,
# .venv with the project and its Python packages). The setup runs on a fresh clone and again
# only when pyproject.toml or a setup script changed since it last succeeded (the stamp
# .venv/.test-setup holds their hash); the fetched files (htmx, ...) are checked every time.
#
# Usage: scripts/test.sh [--fast] [pytest arguments]
#   (nothing)  everything: engines, web on SQLite and PostgreSQL, browser, slow runs
#   --fast     the engine and web tests on SQLite: no browser, no PostgreSQL, no slow runs
set -euo pipefail
cd "$(dirname "$0")/.."
selection=()
if [ "${1:-}" = "--fast" ]; then
    shift
    selection=(-m "not browser and not postgres and not slow")
fi
stamp=.venv/.test-setup
setup_hash=$(cat pyproject.toml scripts/setup.sh scripts/system-packages.sh | sha256sum | cut -c1-64)
# The Debian packages (apt, mostly downloading and unpacking) install while pip fills .venv and
# ruff and mypy run: alone they took 40 s of wall here (chromium and poppler-utils, 20 s of
# CPU); beside the rest, everything before pytest took 34 s on a fresh machine (2026-12-07),
# where installing them first had taken about 73 s and, with chromium already there, 36 s.
packages=
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$setup_hash" ]; then
    bash scripts/system-packages.sh &
    packages=$!
    bash scripts/setup.sh test
else
    for fetch in scripts/fetch-*.sh; do bash "$fetch"; done  # htmx (and the like): one hash each
fi
# Bytecode kept: where the environment sets PYTHONDONTWRITEBYTECODE (this machine's does), every
# process of the suite (three workers, their search processes, the servers and commands the
# tests start) compiled the project from source, and pytest rewrote every test module again in
# each worker: collecting the tests took 7.3 s of CPU without the cache, 2.3 s with it; a
# search process's imports 0.68 s against 0.62 s (medians of alternating runs, 2026-11-29).
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m compileall -q -j 0 facade rollwrite boardgame bots webapp printables \
    commandline benchmarks
# A finding of ruff or mypy fails the run once the install is over and the stamp written: a
# fix of a lint error does not set the machine up again.
lint=0
.venv/bin/ruff check . || lint=1
# Types of the web app and the bots (the engines they import are read, not reported on).
.venv/bin/python -m mypy --follow-imports=silent --ignore-missing-imports --no-error-summary \
    --cache-dir .mypy_cache webapp bots || lint=1
if [ -n "$packages" ]; then
    wait "$packages"  # set -e: a failed install stops here, before the tests and the stamp
    echo "$setup_hash" > "$stamp"
fi
[ "$lint" -eq 0 ] || exit 1
# Temporary files (each test's SQLite files, the browser's profiles, the servers' logs) go to
# a memory file system when it has room, removed at the end: this machine's disk is mounted
# with online discard, where closing a SQLite file in WAL mode took 15 ms (its checkpoint and
# the unlinks) against 0.1 ms in /dev/shm, and the web tests on SQLite took 69 and 63 s
# against 69 and 77 s of wall (3 workers, alternating, 2026-12-04). A TMPDIR already set wins.
# The names stay short: a test's Unix socket lives in its tmp_path, and a socket's path may
# not pass 107 bytes: the doorbell tests' came to 84 under /tmp/pytest-of-root/pytest-12/, to
# 111 under a longer name in /dev/shm (they failed), and to 76 here.
temp=()
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] \
        && [ "$(df -Pk /dev/shm | awk 'NR == 2 {print $4}')" -gt 2097152 ]; then
    TMPDIR=$(mktemp -d /dev/shm/cph.XXXXXX)
    export TMPDIR
    trap 'rm -rf "$TMPDIR"' EXIT
    temp=(--basetemp "$TMPDIR/t")
fi
# Three workers (pytest-xdist) on two cores: the browser tests spend most of their time waiting
# for pages, so a third worker keeps both cores busy. TEST_WORKERS=0 runs in this process.
workers=(-n "${TEST_WORKERS:-3}" --dist worksteal)
.venv/bin/python -m pytest "${workers[@]}" "${temp[@]}" "${selection[@]}" "$@"
