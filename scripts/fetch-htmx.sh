#!/usr/bin/env bash
# Puts htmx (the version pinned in webapp/platform/config.py) into static/vendor/ from the npm registry,
# for tables without internet and for the tests; checks it against the pinned integrity hash.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^HTMX_VERSION = "\(.*\)"/\1/p' webapp/platform/config.py)
sri=$(sed -n 's/^HTMX_SRI = "sha384-\(.*\)"/\1/p' webapp/platform/config.py)
target=static/vendor/htmx.min.js
have() { [ -f "$target" ] && [ "$(openssl dgst -sha384 -binary "$target" | openssl base64 -A)" = "$sri" ]; }
if have; then exit 0; fi
bash scripts/npm-file.sh htmx.org "$version" dist/htmx.min.js "$target"
if ! have; then
    echo "htmx $version does not match the pinned integrity hash in webapp/platform/config.py" >&2
    rm -f "$target"
    exit 1
fi
