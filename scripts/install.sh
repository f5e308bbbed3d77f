#!/usr/bin/env bash
# Installs Tessera as a desktop app, or removes it.
#
#   scripts/install.sh [--prefix DIR] [--from DIR]
#   scripts/install.sh --uninstall [--prefix DIR]
#
# --prefix: where to install (default ~/.local; /usr/local when run as root).
# --from:   a folder holding an already built tessera, libTesseraA11y.so, libTesseraPortal.so and libTesseraFiles.so
#           (default: a release build made now, as scripts/build-release.sh makes it).
#
# Installs, under the prefix:
#   bin/tessera                                        the app
#   lib/tessera/libTesseraA11y.so, libTesseraPortal.so  loaded only when a session bus is there
#   lib/tessera/libTesseraFiles.so                      loaded when a tile made from a file is drawn
#   share/tessera/assets/                               icons the tiles use (the binary finds them)
#   share/applications/org.tessera.Tessera.desktop      the menu entry
#   share/icons/hicolor/*/apps/org.tessera.Tessera.*    the app icon, PNG sizes and scalable SVG
#   share/metainfo/org.tessera.Tessera.metainfo.xml     AppStream data (software centres)
#   share/man/man1/tessera.1                            the man page (swift-argument-parser's generate-manual)
#   share/bash-completion/completions/tessera, share/zsh/site-functions/_tessera,
#   share/fish/vendor_completions.d/tessera.fish        shell completions (the binary writes them)
# and the list of what it installed in share/tessera/installed-files, which --uninstall removes
# (and the folders that leaves empty), nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

prefix="" from="" uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --from) [ $# -ge 2 ] || { echo "install: --from needs a folder" >&2; exit 2; }; from="$2"; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: unknown argument '$1' (see scripts/install.sh --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$prefix" ]; then
    if [ "$(id -u)" -eq 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
manifest="$prefix/share/tessera/installed-files"

if [ "$uninstall" = 1 ]; then
    [ -f "$manifest" ] || { echo "install: nothing to uninstall in $prefix (no $manifest)" >&2; exit 1; }
    dirs=()
    while IFS= read -r f; do
        [ -n "$f" ] || continue
        rm -f "$prefix/$f"
        dirs+=("$(dirname "$prefix/$f")")
    done < "$manifest"
    rm -f "$manifest"
    dirs+=("$prefix/share/tessera")
    # The folders the install made, deepest first, when nothing else is in them.
    printf '%s\n' "${dirs[@]}" | sort -u | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- | while IFS= read -r d; do
        while [ "$d" != "$prefix" ] && [ "${d#"$prefix"/}" != "$d" ] && rmdir "$d" 2>/dev/null; do d="$(dirname "$d")"; done
    done
    echo "install: removed Tessera from $prefix"
    exit 0
fi

if [ -z "$from" ]; then
    scripts/deps.sh run
    command -v swift >/dev/null || { echo "install: the Swift toolchain (6.0 or newer) is not on PATH; install it from swift.org first" >&2; exit 1; }
    from="$(dirname "$(scripts/build-release.sh)")"
fi
for f in tessera libTesseraA11y.so libTesseraPortal.so libTesseraFiles.so; do
    [ -f "$from/$f" ] || { echo "install: $from/$f is missing (build it first, or leave out --from)" >&2; exit 1; }
done

installed=()
put() {   # put MODE SOURCE DESTINATION (relative to the prefix)
    install -D -m "$1" "$2" "$prefix/$3"
    installed+=("$3")
}
put 755 "$from/tessera" bin/tessera
put 644 "$from/libTesseraA11y.so" lib/tessera/libTesseraA11y.so
put 644 "$from/libTesseraPortal.so" lib/tessera/libTesseraPortal.so
put 644 "$from/libTesseraFiles.so" lib/tessera/libTesseraFiles.so
while IFS= read -r f; do put 644 "assets/$f" "share/tessera/assets/$f"; done < <(cd assets && find . -type f ! -name '*.py' ! -name '*.md' | sed 's|^\./||' | sort)
put 644 data/org.tessera.Tessera.desktop share/applications/org.tessera.Tessera.desktop
put 644 data/org.tessera.Tessera.metainfo.xml share/metainfo/org.tessera.Tessera.metainfo.xml
put 644 data/icons/org.tessera.Tessera.svg share/icons/hicolor/scalable/apps/org.tessera.Tessera.svg
for d in data/icons/*x*/; do
    size="$(basename "$d")"
    put 644 "$d/org.tessera.Tessera.png" "share/icons/hicolor/$size/apps/org.tessera.Tessera.png"
done

# What swift-argument-parser makes from the command's own definition: the man page and completions.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -x .build/debug/generate-manual ] || swift build --product generate-manual >/dev/null 2>&1; then
    .build/debug/generate-manual "$prefix/bin/tessera" --output-directory "$work" --authors "The Tessera developers" >/dev/null
    put 644 "$work/tessera.1" share/man/man1/tessera.1
else
    echo "install: could not build swift-argument-parser's generate-manual; no man page installed" >&2
fi
"$prefix/bin/tessera" --generate-completion-script bash > "$work/tessera.bash"
"$prefix/bin/tessera" --generate-completion-script zsh > "$work/_tessera"
"$prefix/bin/tessera" --generate-completion-script fish > "$work/tessera.fish"
put 644 "$work/tessera.bash" share/bash-completion/completions/tessera
put 644 "$work/_tessera" share/zsh/site-functions/_tessera
put 644 "$work/tessera.fish" share/fish/vendor_completions.d/tessera.fish

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" > "$manifest"
echo "install: Tessera is in $prefix (${#installed[@]} files); run it as $prefix/bin/tessera or from the menu"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "install: $prefix/bin is not on your PATH; add it to run 'tessera' by name" ;; esac
