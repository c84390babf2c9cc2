#!/usr/bin/env bash
# Puts axe-core (the accessibility checker the browser tests inject into every page) into
# tests/browser/vendor/ (not committed) from the npm registry, pinned by version and checked
# against its SHA-256. Run by scripts/setup.sh when the `test` extras are installed.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.11.0
sha256=e9e5863c33a874f09bc01acd9234b7e3c871479f5eef8802fa582544465e6d01
target=tests/browser/vendor/axe.min.js
have() { [ -f "$target" ] && [ "$(sha256sum "$target" | cut -d' ' -f1)" = "$sha256" ]; }
if have; then exit 0; fi
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "npm is needed to fetch axe-core: apt-get install npm" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq npm >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "axe-core@$version" >/dev/null && tar xzf "axe-core-$version.tgz")
mkdir -p "$(dirname "$target")"
cp "$work/package/axe.min.js" "$target"
if ! have; then
    echo "axe-core $version does not match the pinned SHA-256 in scripts/fetch-axe.sh" >&2
    rm -f "$target"
    exit 1
fi
