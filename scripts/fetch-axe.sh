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
bash scripts/npm-file.sh axe-core "$version" axe.min.js "$target"
if ! have; then
    echo "axe-core $version does not match the pinned SHA-256 in scripts/fetch-axe.sh" >&2
    rm -f "$target"
    exit 1
fi
