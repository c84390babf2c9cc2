#!/usr/bin/env bash
# Measures the app's pages with Lighthouse (SEO, accessibility, best practices; mobile, its
# default) and prints one line per page. A measurement tool, not a test: neither
# scripts/test.sh nor CI runs it. Lighthouse is installed with npm into a cache folder outside
# the repository (LIGHTHOUSE_HOME, default ~/.cache/copenhagen-lighthouse) when missing; the
# app is started from this tree on a free loopback port with a throwaway SQLite database.
# Exits 1 when a page scores under 95 in SEO (LIGHTHOUSE_MIN_SEO), 2 when a run fails.
#   bash scripts/lighthouse.sh                   # the default page list
#   bash scripts/lighthouse.sh / /rules/card     # some pages (paths, with a query if any)
#   LIGHTHOUSE_REPORTS=/tmp/lh bash scripts/lighthouse.sh   # keep the JSON reports there
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
version=12.8.2
home=${LIGHTHOUSE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/copenhagen-lighthouse}
min_seo=${LIGHTHOUSE_MIN_SEO:-95}
chrome=${CHROME_PATH:-/usr/bin/chromium}
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
    # the sitemap's pages, the guided games' first steps, and French and German versions
    pages=(/ /rules/ /rules/rollwrite /rules/card /s/ /learn/rollwrite/1 /learn/card/1 /print/
           /t/new /d/new /c/new "/?lang=fr" "/rules/?lang=fr" "/rules/rollwrite?lang=fr"
           "/rules/card?lang=de" "/s/?lang=de")
fi

if [ ! -x "$home/node_modules/.bin/lighthouse" ] \
        || [ "$("$home/node_modules/.bin/lighthouse" --version)" != "$version" ]; then
    mkdir -p "$home"
    (cd "$home" && { [ -f package.json ] || npm init -y >/dev/null; } \
        && npm install --silent --no-audit --no-fund "lighthouse@$version" >/dev/null)
fi
[ -x .venv/bin/copenhagen ] || bash scripts/setup.sh

work=$(mktemp -d)
reports=${LIGHTHOUSE_REPORTS:-$work/reports}
mkdir -p "$reports"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

port=$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export COPENHAGEN_DATABASE_URL="sqlite:///$work/lighthouse.db"
export COPENHAGEN_TRUSTED_HOSTS="127.0.0.1"
# The page's own copy of htmx: this measures the app, not whether a CDN answers.
export COPENHAGEN_HTMX_URL="/static/vendor/htmx.min.js"
.venv/bin/copenhagen migrate >/dev/null
.venv/bin/copenhagen serve --host 127.0.0.1 --port "$port" --workers 1 >"$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 60); do
    if .venv/bin/python -c "import urllib.request; urllib.request.urlopen('$base/robots.txt', timeout=2)" 2>/dev/null; then
        break
    fi
    sleep 1
done

flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking"
flags="$flags --disable-component-update --disable-sync --no-first-run"
status=0
printf '%-28s %5s %5s %5s  %s\n' page seo a11y bp "failed audits (SEO, accessibility, best practices)"
for page in "${pages[@]}"; do
    name=$(printf '%s' "$page" | tr -c 'A-Za-z0-9' '_')
    out="$reports/lighthouse$name.json"
    if ! CHROME_PATH=$chrome "$home/node_modules/.bin/lighthouse" "$base$page" \
            --only-categories=seo,accessibility,best-practices --output=json \
            --output-path="$out" --quiet --chrome-flags="$flags" 2>"$work/lighthouse.err"; then
        echo "$page: lighthouse failed" >&2
        tail -5 "$work/lighthouse.err" >&2
        status=2
        continue
    fi
    line=$(.venv/bin/python - "$out" "$page" "$min_seo" <<'EOF'
import json
import sys

report = json.load(open(sys.argv[1]))
cats = report["categories"]
score = {key: round(100 * (cats[key]["score"] or 0)) for key in cats}
failed = []
for key in ("seo", "accessibility", "best-practices"):
    for ref in cats[key]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            failed.append(ref["id"])
print(f"{sys.argv[2]:<28} {score['seo']:>5} {score['accessibility']:>5} "
      f"{score['best-practices']:>5}  {' '.join(failed) or '-'}")
sys.exit(1 if score["seo"] < int(sys.argv[3]) else 0)
EOF
    ) || { [ $status -ne 0 ] || status=1; }
    echo "$line"
done
exit $status
