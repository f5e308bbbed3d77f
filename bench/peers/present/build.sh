#!/bin/sh
# Builds the Present probe. Needs: libx11-dev libxext-dev libxrandr-dev libxpresent-dev (bench/install-deps.sh).
cd "$(dirname "$0")"
gcc -O2 -o present_probe present_probe.c $(pkg-config --cflags --libs x11 xext xrandr xpresent)
