#!/usr/bin/env bash
# Installs the Debian packages the tests use when missing: pdftoppm (poppler-utils) for the
# printables, and chromium, which Playwright drives for the browser tests (tests/browser/).
set -euo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "please install: ${need[*]} (apt-get install ${need[*]})" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
fi
