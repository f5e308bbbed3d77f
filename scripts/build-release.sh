#!/usr/bin/env bash
# Builds the release app as users run it and prints the binary's path (build output on stderr).
#
#   scripts/build-release.sh [scratch-path]      # default .build
#
# - The Swift runtime is linked in (--static-swift-stdlib): no Swift libraries to load and relocate
#   at start, fewer dirty pages.
# - The functions start-up, scrolling and dragging run are laid out together (lld and
#   scripts/link-order.txt, made by scripts/make-link-order.sh): the kernel maps code in 64 KB
#   runs, so scattered hot functions kept 7.3 MB of the binary resident where 4 MB now do. A
#   function missing from the list (renamed since) is only placed elsewhere, never an error.
# - Relative relocations are packed (DT_RELR, `-z pack-relative-relocs`) where the C library reads
#   them (glibc 2.36 and later; the binary is built where it runs): the loader no longer reads a
#   1 MB table of 54,000 entries at every start (peak RSS 1 MB lower, `tessera --help` 2% faster).
#   The executable stays position-independent.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
flags=(-c release --static-swift-stdlib --product tessera --scratch-path "$scratch")
if [ -f scripts/link-order.txt ]; then
    flags+=(-Xswiftc -use-ld=lld -Xlinker "--symbol-ordering-file=$PWD/scripts/link-order.txt"
            -Xlinker --no-warn-symbol-ordering)
fi
glibc="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')"
if [ -n "$glibc" ] && [ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = "2.36" ]; then
    flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
fi
swift build "${flags[@]}" >&2
# The accessibility bridge, beside the binary: loaded only when an accessibility bus is there.
swift build -c release --product TesseraA11y --scratch-path "$scratch" >&2
# The desktop portal's client, beside it: loaded only when a session bus is there.
swift build -c release --product TesseraPortal --scratch-path "$scratch" >&2
swift build -c release --product TesseraFiles --scratch-path "$scratch" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/tessera"
