#!/usr/bin/env bash
# Runs the whole suite (scripts/test.sh: ruff, mypy, pytest) RUNS times in a row while two
# CPU-bound processes spin beside it, as on a machine someone else is using; records each run's
# result, wall time and the tests that failed, then prints a summary. The spinners are killed
# at the end whatever happens (a failed run, Ctrl-C). Exit status 1 when any run failed.
#
# Usage: scripts/load-test.sh [RUNS] [scripts/test.sh arguments]
#   scripts/load-test.sh              three runs of everything
#   scripts/load-test.sh 1 --fast     one run of the fast tier
# SPINNERS=2 (default) sets how many CPU-bound processes run beside the suite.
# The runs are CI's (CI=true unless the environment says otherwise): browser and PostgreSQL
# tests fail rather than skip, and no screenshots are taken.
# Each run's output goes to LOG_DIR (default: a new folder under /tmp), one file per run.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
if [ $# -gt 0 ]; then shift; fi
case "$runs" in
    ''|*[!0-9]*) echo "RUNS must be a number, not '$runs'" >&2; exit 2 ;;
esac
spinners="${SPINNERS:-2}"
log_dir="${LOG_DIR:-$(mktemp -d /tmp/copenhagen-load-test.XXXXXX)}"
mkdir -p "$log_dir"
python=python3
[ -x .venv/bin/python ] && python=.venv/bin/python

pids=()
stop_spinners() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null
    done
    pids=()
}
trap stop_spinners EXIT
trap 'stop_spinners; exit 130' INT TERM

for _ in $(seq "$spinners"); do
    "$python" -c 'while True: pass' &
    pids+=("$!")
done
echo "load test: $runs run(s) of scripts/test.sh $* beside $spinners CPU-bound processes" \
     "(pids ${pids[*]}); logs in $log_dir"

failed=0
summary=()
for run in $(seq "$runs"); do
    log="$log_dir/run-$run.log"
    start=$(date +%s)
    CI="${CI:-true}" bash scripts/test.sh "$@" > "$log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - start ))
    took="$((seconds / 60)) min $((seconds % 60)) s"
    tally=$(grep -E "^=* ?[0-9]+ (passed|failed|error)" "$log" | tail -1 | tr -d '=' | xargs)
    if [ "$status" -eq 0 ]; then
        line="run $run: green in $took ($tally)"
    else
        failed=$((failed + 1))
        line="run $run: FAILED (exit $status) in $took (${tally:-no pytest summary: see $log})"
        while read -r test; do
            line+=$'\n'"    $test"
        done < <(grep -E "^(FAILED|ERROR) " "$log" | cut -c1-200)
    fi
    echo "$line"
    summary+=("$line")
done
stop_spinners

echo
echo "summary: $((runs - failed)) of $runs run(s) green beside $spinners CPU-bound processes"
printf '%s\n' "${summary[@]}"
echo "logs: $log_dir"
[ "$failed" -eq 0 ]
