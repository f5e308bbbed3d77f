#!/usr/bin/env bash
# Builds Tessera (release) and launches it on the built-in sample data.
# Extra arguments go to the app, e.g. scripts/run.sh --layout masonry
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh run
command -v swift >/dev/null || { echo "tessera: the Swift toolchain (6.0 or newer) is not on PATH; install it from swift.org first" >&2; exit 1; }
# The Swift runtime is linked in: the binary starts faster and uses less memory (README, Performance).
swift build -c release --static-swift-stdlib --product tessera
exec "$(swift build -c release --show-bin-path)/tessera" "$@"
