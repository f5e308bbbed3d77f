#!/usr/bin/env bash
# Runs the whole test suite: core, renderer and end-to-end tests under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
command -v swift >/dev/null || { echo "tessera: the Swift toolchain (6.0 or newer) is not on PATH; install it from swift.org first" >&2; exit 1; }
# The end-to-end tests launch the built app; build it first so they find it.
swift build --product tessera
# The accessibility bridge the app loads when an accessibility bus is there (the AT-SPI test uses it).
swift build --product TesseraA11y
# The desktop portal's client the app loads when a session bus is there (the portal test uses it).
swift build --product TesseraPortal
swift build --product TesseraFiles
# swift-argument-parser's man page generator, for the install test (scripts/install.sh uses it).
swift build --product generate-manual
swift test "$@"
