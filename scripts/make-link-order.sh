#!/usr/bin/env bash
# Regenerates scripts/link-order.txt: every function of the release binary that runs while the
# benchmark starts, scrolls and moves (`--script scroll`: the whole every-path script would take
# hours under callgrind) and while the app starts and runs on its sample data,
# recorded with valgrind's callgrind. scripts/build-release.sh links them next to each other.
# Run it after large changes to the code; a stale list still works, it only places less well.
#
#   scripts/make-link-order.sh        # about 5 minutes; needs valgrind and Xvfb
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind Xvfb python3; do
    command -v "$tool" >/dev/null || { echo "make-link-order: needs $tool (apt-get install -y valgrind xvfb python3)" >&2; exit 1; }
done
bin=$(scripts/build-release.sh .build-order)
work=$(mktemp -d)
display=:97
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
sleep 1
echo "make-link-order: benchmark under callgrind" >&2
DISPLAY=$display PEERBENCH_FRAMES=40 valgrind --tool=callgrind --callgrind-out-file="$work/bench.cg" \
    "$bin" bench --items 100000 --fast --script scroll >/dev/null 2>"$work/bench.log"
echo "make-link-order: the app on its sample data under callgrind (30 s)" >&2
DISPLAY=$display timeout -s TERM 30 valgrind --tool=callgrind --callgrind-out-file="$work/app.cg" \
    "$bin" --state "$work/state.json" >/dev/null 2>"$work/app.log" || true
python3 scripts/link_order.py "$bin" "$work/bench.cg" "$work/app.cg" > scripts/link-order.txt
echo "make-link-order: $(wc -l < scripts/link-order.txt) functions in scripts/link-order.txt" >&2
