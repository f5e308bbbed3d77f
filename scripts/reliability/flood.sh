#!/usr/bin/env bash
# Flood: 10,000 pointer motions a second for 10 s (or the seconds given) during a drag, sent through
# XTest to the real app under its own Xvfb. Prints the frames per second and the longest gap between
# frames during the flood (the app's own TESSERA_FRAME_STATS counters), motions sent, received and
# delivered to the engine after coalescing, and the app's RSS before, during and after.
#
#   scripts/reliability/flood.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/deps.sh test
# The app under test is a release build, as users run it; the test harness itself is a debug build.
app=$(scripts/build-release.sh .build-release)
export TESSERA_APP_BINARY="$app"
swift build --build-tests >/dev/null
export TESSERA_FLOOD_SECONDS="${1:-10}"
nice -n 10 swift test --skip-build --filter FloodTests 2>&1 | grep -E '^flood:|✘|✔ Test run|Test run'
