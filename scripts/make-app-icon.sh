#!/usr/bin/env bash
# Renders the app icon (data/icons/org.tessera.Tessera.svg) into the hicolor PNG sizes that
# scripts/install.sh installs beside the SVG. Run after changing the SVG; commit the PNGs.
# Needs rsvg-convert (librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "make-app-icon: rsvg-convert is missing (apt install librsvg2-bin)" >&2; exit 1; }
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "data/icons/${size}x${size}"
    rsvg-convert -w "$size" -h "$size" data/icons/org.tessera.Tessera.svg -o "data/icons/${size}x${size}/org.tessera.Tessera.png"
done
echo "make-app-icon: rendered $(ls data/icons/*/org.tessera.Tessera.png | wc -l) sizes"
