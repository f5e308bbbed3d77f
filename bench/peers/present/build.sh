#!/bin/sh
# Builds the Present probe and the DAMAGE frame counter. Needs: libx11-dev libxext-dev libxrandr-dev
# libxpresent-dev libxdamage-dev (bench/install-deps.sh).
cd "$(dirname "$0")"
gcc -O2 -o present_probe present_probe.c $(pkg-config --cflags --libs x11 xext xrandr xpresent)
gcc -O2 -o frame_counter frame_counter.c $(pkg-config --cflags --libs x11 xdamage)
