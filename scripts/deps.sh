#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Tessera needs, only when some are missing.
# Usage: scripts/deps.sh run|test
set -euo pipefail

run_pkgs=(libx11-dev libsqlite3-dev libglib2.0-dev libgdk-pixbuf-2.0-dev librsvg2-dev webp-pixbuf-loader shared-mime-info libxext-dev libxtst-dev libxcursor-dev libxrandr-dev libxi-dev libcairo2-dev libpixman-1-dev libpango1.0-dev libfontconfig-dev libatk1.0-dev libatk-bridge2.0-dev pkg-config fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core)
test_pkgs=(libxfixes-dev xvfb xserver-xorg-core xserver-xorg-video-dummy xauth xdotool x11-utils xclip dbus at-spi2-core python3-pyatspi python3-gi xsettingsd desktop-file-utils appstream)

pkgs=("${run_pkgs[@]}")
if [ "${1:-run}" = "test" ]; then pkgs+=("${test_pkgs[@]}"); fi

missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "tessera: installing missing packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "tessera: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
