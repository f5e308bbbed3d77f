#!/usr/bin/env bash
# Coverage-guided fuzzing of the state-file decoder with libFuzzer (swiftc -sanitize=fuzzer).
# Usage: scripts/fuzz.sh [seconds]   (default 600; 0 = build only; FUZZ_STRICT=1 adds the
# check that every refusal has a position, see fuzz/StateFileFuzzTarget.swift)
# Builds .build/fuzz/state-file-fuzzer from fuzz/StateFileFuzzTarget.swift and TesseraCore's
# Geometry, Model, Persistence and Support sources, then runs it at low priority with one worker on
# a fresh working corpus seeded from Tests/Fixtures/bad-state and good-state. Prints the
# executions, coverage and corpus size at the end; exits non-zero on a crash (the input is kept in
# .build/fuzz/artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
out=.build/fuzz
mkdir -p "$out/artifacts"
command -v swiftc >/dev/null || { echo "fuzz: swiftc (Swift 6) is not on PATH" >&2; exit 1; }

sources=(fuzz/StateFileFuzzTarget.swift Sources/TesseraCore/{Geometry,Model,Persistence,Support}/*.swift)
if [ ! -x "$out/state-file-fuzzer" ] || [ -n "$(find "${sources[@]}" -newer "$out/state-file-fuzzer" | head -1)" ]; then
    echo "fuzz: building $out/state-file-fuzzer" >&2
    nice -n 19 swiftc -sanitize=fuzzer -parse-as-library -O -g -module-name StateFileFuzz \
        "${sources[@]}" -o "$out/state-file-fuzzer"
fi
[ "$seconds" = 0 ] && exit 0

# Each run starts afresh from the committed seeds (copied, never fuzzed in place), so its figures
# are what a clean clone gets. The huge generated files are not seeds (max_len caps inputs anyway).
rm -rf "$out/corpus"
mkdir -p "$out/corpus"
cp Tests/Fixtures/bad-state/*.json Tests/Fixtures/good-state/*.json "$out/corpus/"
log="$out/fuzz-$(date +%Y%m%d-%H%M%S).log"
echo "fuzz: running for ${seconds}s (nice 19, one worker); log in $log" >&2
set +e
nice -n 19 "$out/state-file-fuzzer" "$out/corpus" -dict=fuzz/state.dict -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/artifacts/" \
    >"$log" 2>&1
status=$?
set -e
grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)" "$log" || true
tail -n 3 "$log" | grep -E "cov:" || grep -E "cov:" "$log" | tail -n 1
echo "fuzz: exit status $status (0: no crash; the DONE line gives executions, coverage (cov: edges) and corpus)"
exit $status
