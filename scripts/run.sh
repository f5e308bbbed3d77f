#!/usr/bin/env bash
# Builds Tessera (release) and launches it on the built-in sample data.
# Extra arguments go to the app, e.g. scripts/run.sh --layout masonry
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh run
command -v swift >/dev/null || { echo "tessera: the Swift toolchain (6.0 or newer) is not on PATH; install it from swift.org first" >&2; exit 1; }
# Release build as scripts/build-release.sh says why (README, Performance).
bin=$(scripts/build-release.sh)
exec "$bin" "$@"
