#!/usr/bin/env bash
# Puts htmx (the version pinned in webapp/config.py) into static/vendor/ from the npm registry,
# for tables without internet and for the tests; checks it against the pinned integrity hash.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^HTMX_VERSION = "\(.*\)"/\1/p' webapp/config.py)
sri=$(sed -n 's/^HTMX_SRI = "sha384-\(.*\)"/\1/p' webapp/config.py)
target=static/vendor/htmx.min.js
have() { [ -f "$target" ] && [ "$(openssl dgst -sha384 -binary "$target" | openssl base64 -A)" = "$sri" ]; }
if have; then exit 0; fi
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "npm is needed to fetch htmx: apt-get install npm" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq npm >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "htmx.org@$version" >/dev/null && tar xzf "htmx.org-$version.tgz")
mkdir -p static/vendor
cp "$work/package/dist/htmx.min.js" "$target"
if ! have; then
    echo "htmx $version does not match the pinned integrity hash in webapp/config.py" >&2
    rm -f "$target"
    exit 1
fi
