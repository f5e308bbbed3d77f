#!/bin/sh
# One command: install the peers' packages when missing, build Tessera (release) and the peers, run
# Tessera's `tessera bench` and the GTK4 / Qt peers on fresh Xvfb servers, print the table (with
# Tessera/peer ratios and the issue's targets) and write bench/results/latest.md (+ latest.jsonl).
# Extra arguments go to bench/run.py, e.g.  bench/compare.sh --ns 1000,10000,100000 --reps 5
set -e
cd "$(dirname "$0")"
./install-deps.sh
exec python3 ./run.py "$@"
