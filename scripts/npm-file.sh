#!/usr/bin/env bash
# Copies one file of a pinned npm package into the tree (installing npm with apt-get when it
# is missing): scripts/npm-file.sh PACKAGE VERSION FILE-IN-PACKAGE TARGET. The scripts that
# call it (fetch-*.sh) pin the version and check the copy's hash.
set -euo pipefail
package=$1 version=$2 file=$3 target=$4
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "npm is needed to fetch $package: apt-get install npm" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq npm >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$package@$version" >/dev/null && tar xzf "$package-$version.tgz")
mkdir -p "$(dirname "$target")"
cp "$work/package/$file" "$target"
