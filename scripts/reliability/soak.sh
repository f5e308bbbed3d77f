#!/usr/bin/env bash
# Soak: random real-X drags, folder drops, cancels, clicks and scrolls against one running app for
# 30 minutes (or the number of minutes given), under its own Xvfb. Prints the app's RSS, open
# descriptors and shared-memory segments each minute, checks the state file's ids at each sample,
# and ends with the RSS growth after warm-up (the first 5 minutes). Replay a run with
# TESSERA_SOAK_SEED=<seed printed by the run>.
#
#   scripts/reliability/soak.sh [minutes]
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/deps.sh test
minutes="${1:-30}"
# The app under test is a release build, as users run it; the test harness itself is a debug build.
app=$(scripts/build-release.sh .build-release)
export TESSERA_APP_BINARY="$app"
swift build --build-tests >/dev/null
export TESSERA_SOAK_MINUTES="$minutes"
nice -n 10 swift test --skip-build --filter SoakTests 2>&1 | grep -E '^soak:|✘|✔ Test run|Test run'
