#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer) of what Tessera reads from disk.
#
#   scripts/fuzz.sh [state|store|xsettings] [seconds]     (default: state, 600 s; 0 = build only)
#
# state: the JSON state-file decoder (fuzz/StateFileFuzzTarget.swift), checked against Foundation's
#   decoder (fuzz/FoundationReference.swift); seeds: Tests/Fixtures/bad-state and good-state.
#   FUZZ_STRICT=1 adds the check that every refusal has a position.
# store: store files (SQLite databases) as start-up opens them, and `tessera import` (a JSON file
#   decoded, written into a store, read back) — fuzz/StoreFuzzTarget.swift; seeds: stores of the
#   sample and generated data, the sample store damaged by every script of Tests/Fixtures/bad-store,
#   and the good state files.
# xsettings: the XSETTINGS parser and the checks on what it reads (fuzz/XSettingsFuzzTarget.swift);
#   seeds: the blob captured from xsettingsd (Tests/TesseraDesktopTests/XSettingsFixtures.swift),
#   written out by the target's seed step.
# Builds .build/fuzz/<target>-fuzzer from its target and the TesseraCore (and TesseraStore) sources
# as one module, then runs it at low priority with one worker on a fresh working corpus. Prints the
# executions, coverage and corpus size at the end; exits non-zero on a crash (the input is kept in
# .build/fuzz/artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
target=state
if [ "${1:-}" = state ] || [ "${1:-}" = store ] || [ "${1:-}" = xsettings ]; then target="$1"; shift; fi
seconds="${1:-600}"
out=.build/fuzz
mkdir -p "$out/artifacts"
command -v swiftc >/dev/null || { echo "fuzz: swiftc (Swift 6) is not on PATH" >&2; exit 1; }

core=(Sources/TesseraCore/{Geometry,Model,Persistence,Support}/*.swift)
flags=()
case "$target" in
state)
    sources=(fuzz/StateFileFuzzTarget.swift fuzz/FoundationReference.swift "${core[@]}")
    module=StateFileFuzz ;;
store)
    # TesseraStore's files import TesseraCore; built as one module, they get copies without it.
    rm -rf "$out/store-sources" && mkdir -p "$out/store-sources"
    for f in Sources/TesseraStore/*.swift Sources/TesseraStore/SQLite/*.swift; do
        sed '/^import TesseraCore$/d' "$f" > "$out/store-sources/$(basename "$f")"
    done
    sources=(fuzz/StoreFuzzTarget.swift "${core[@]}" "$out"/store-sources/*.swift)
    flags=(-I Sources/CSQLite)
    module=StoreFuzz ;;
xsettings)
    sources=(fuzz/XSettingsFuzzTarget.swift Sources/TesseraDesktop/*.swift)
    core=(Sources/TesseraDesktop/*.swift)
    module=XSettingsFuzz ;;
esac
binary="$out/$target-fuzzer"
if [ ! -x "$binary" ] || [ -n "$(find fuzz "${core[@]}" Sources/TesseraStore -newer "$binary" | head -1)" ]; then
    echo "fuzz: building $binary" >&2
    nice -n 19 swiftc -sanitize=fuzzer -parse-as-library -O -g -module-name "$module" "${flags[@]}" \
        "${sources[@]}" -o "$binary"
fi
[ "$seconds" = 0 ] && exit 0

# Each run starts afresh from the committed seeds (copied, never fuzzed in place), so its figures
# are what a clean clone gets.
rm -rf "$out/corpus-$target"
mkdir -p "$out/corpus-$target"
options=(-timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/artifacts/")
case "$target" in
state)
    cp Tests/Fixtures/bad-state/*.json Tests/Fixtures/good-state/*.json "$out/corpus-$target/"
    options+=(-dict=fuzz/state.dict -max_len=65536) ;;
store)
    cp Tests/Fixtures/good-state/*.json "$out/corpus-$target/"
    export FUZZ_SEEDS="$out/corpus-$target" FUZZ_BAD_STORE=Tests/Fixtures/bad-store
    options+=(-max_len=262144) ;;
xsettings)
    # The captured blob, from the test's byte list, as the one seed.
    grep -o '0x[0-9a-f][0-9a-f]' Tests/TesseraDesktopTests/XSettingsFixtures.swift \
        | while read -r b; do printf "\\x${b#0x}"; done > "$out/corpus-$target/xsettingsd.bin"
    options+=(-max_len=4096) ;;
esac
log="$out/fuzz-$target-$(date +%Y%m%d-%H%M%S).log"
echo "fuzz: running $target for ${seconds}s (nice 19, one worker); log in $log" >&2
set +e
SWIFT_BACKTRACE=enable=no nice -n 19 "$binary" "$out/corpus-$target" "${options[@]}" >"$log" 2>&1
status=$?
set -e
grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)" "$log" || true
tail -n 3 "$log" | grep -E "cov:" || grep -E "cov:" "$log" | tail -n 1
echo "fuzz: exit status $status (0: no crash; the DONE line gives executions, coverage (cov: edges) and corpus)"
exit $status
