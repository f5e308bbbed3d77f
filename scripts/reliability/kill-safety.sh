#!/usr/bin/env bash
# Kill safety, the long run: SIGKILL the real app at random moments of scripted drags and drops
# under Xvfb, N times (default 200), checking the state file after every kill; prints the figures.
# Usage: scripts/reliability/kill-safety.sh [kills] [seed]
# Takes about 2 s per kill. The checks are in Tests/TesseraEndToEndTests/KillSafety.swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
kills="${1:-200}"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
scripts/deps.sh test
swift build --product tessera
swift build --build-tests
status=0
env TESSERA_KILLS="$kills" TESSERA_KILL_REPORT="$report" ${2:+TESSERA_KILL_SEED="$2"} \
    swift test --skip-build --filter 'KillSafetyTests/manyKills' 2>&1 | grep -E '^kill-safety: round|✘|error:' || true
[ -s "$report" ] || { echo "kill-safety: no report written: the run failed before the end" >&2; exit 1; }
cat "$report"
grep -q "(failures: 0)" "$report" || status=1
exit $status
