#!/bin/sh
# Installs what bench/compare.sh needs to build and run the peer programs (Debian 12).
# Idempotent: packages already installed are skipped; nothing runs when all are present.
# Needs root (or sudo). Tessera's own build dependencies are handled by scripts/run.sh / scripts/test.sh.
set -e
PKGS="xvfb xauth x11-utils xdotool time dbus fonts-dejavu-core pkg-config gcc g++ \
libgtk-4-dev libcairo2-dev libpango1.0-dev libx11-dev libxext-dev libxrandr-dev libxpresent-dev libxdamage-dev \
qt6-base-dev qt6-qpa-plugins libgl-dev libxkbcommon-x11-0 libxcb-cursor0"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "install-deps: all peer packages present"
    exit 0
fi
echo "install-deps: installing:$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends $missing
