#!/usr/bin/env bash
# Extracts the web app's messages into webapp/translations/messages.pot, then brings the French
# and German catalogs up to date (creating a catalog that is missing). New or changed messages
# arrive untranslated or marked fuzzy; tests/web/test_i18n.py fails until they are translated.
# The .po files are committed; the app compiles them at start (webapp/platform/i18n.py). They are written
# 100 columns wide, as babel's write_po(width=100) writes them when a script edits them.
# Usage: scripts/i18n.sh
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=.venv/bin/pybabel
[ -x "$pybabel" ] || pybabel=pybabel
pot=webapp/translations/messages.pot
mkdir -p webapp/translations
"$pybabel" extract -F babel.cfg -k _l --project=Copenhagen -o "$pot" .
for lang in fr de; do
    if [ -f "webapp/translations/$lang/LC_MESSAGES/messages.po" ]; then
        "$pybabel" update -w 100 -i "$pot" -d webapp/translations -l "$lang"
    else
        "$pybabel" init -w 100 -i "$pot" -d webapp/translations -l "$lang"
    fi
done
