#!/usr/bin/env bash
# Screenshot sequences of the gestures (issue 15), taken from the app itself under Xvfb every
# ~50 ms, the strips in docs/screenshots/feel-*.png made from them, and the README's stills.
#
#   scripts/screenshots/feel.sh [out-dir]      # default /tmp/tessera-feel; strips into docs/screenshots
#
# Needs, besides the app's own packages: xvfb xdotool x11-apps (xwd) imagemagick (convert, montage).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-/tmp/tessera-feel}"
for tool in Xvfb xdotool xwd convert montage; do
    command -v "$tool" >/dev/null || { echo "feel.sh: $tool is missing (apt-get install xvfb xdotool x11-apps imagemagick)" >&2; exit 1; }
done
mkdir -p "$out"
swift build --product tessera >&2
app=.build/debug/tessera
display=:93
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY="$display"

# shoot NAME COUNT: COUNT frames of the window, one every ~50 ms (xwd's own time included).
shoot() {
    for i in $(seq 1 "$2"); do xwd -root -silent > "$out/$1-$(printf %02d "$i").xwd"; sleep 0.02; done
    for f in "$out/$1"-*.xwd; do convert "xwd:$f" -crop 1024x720+0+0 +repage "${f%.xwd}.png"; rm "$f"; done
}
# strip NAME GEOMETRY FRAMES...: the chosen frames, cropped, side by side.
strip() {
    local name=$1 crop=$2; shift 2
    local files=()
    for i in "$@"; do convert "$out/$name-$i.png" -crop "$crop" +repage "$out/c-$name-$i.png"; files+=("$out/c-$name-$i.png"); done
    montage "${files[@]}" -tile "${#files[@]}x" -geometry +4+0 -background '#cccccc' "docs/screenshots/feel-$name.png"
}
start() {
    rm -f "$out/state.json"
    "$app" --state "$out/state.json" "$@" >/dev/null 2>&1 &
    appid=$!
    sleep 2.5
}
stop() { xdotool key ctrl+q; wait "$appid" || true; }
glide() { # glide X0 Y0 X1 Y1
    for k in 1 2 3 4 5 6 7 8; do xdotool mousemove $(( $1 + ($3 - $1) * k / 8 )) $(( $2 + ($4 - $2) * k / 8 )); sleep 0.02; done
}

# A reorder dwell: Photos held by its middle over the gap between 音乐播放器 and Notes.
start
xdotool mousemove 64 92 mousedown 1; sleep 0.7; glide 64 92 568 92
shoot reorder 16; xdotool mouseup 1; sleep 0.5; stop
strip reorder 470x130+330+30 01 04 08 16

# A folder dwell: Photos held by its middle over Travel's centre.
start
xdotool mousemove 64 92 mousedown 1; sleep 0.7; glide 64 92 400 92
shoot folder 22; xdotool key Escape; xdotool mouseup 1; sleep 0.5; stop
strip folder 420x160+190+20 01 06 12 22

# A drop after a row's last item: Photos to the right of Movies, in Today's last row.
start
xdotool mousemove 64 92 mousedown 1; sleep 0.7; glide 64 92 900 300
shoot end 12; xdotool mouseup 1; shoot end-dropped 6; stop
strip end 1024x390+0+0 01 10
convert "$out/end-dropped-06.png" -crop 1024x390+0+0 +repage "$out/c-end-dropped.png"
montage "$out/c-end-01.png" "$out/c-end-10.png" "$out/c-end-dropped.png" -tile 3x -geometry 512x195+4+0 -background '#cccccc' docs/screenshots/feel-end.png

# A drag out of a folder: Travel opened, Maps carried down into Next.
start
xdotool mousemove 400 92 click 1; sleep 0.6
xdotool mousemove 350 378 mousedown 1; sleep 0.7; glide 350 378 350 590; xdotool mousemove 240 590
shoot out 14; xdotool mouseup 1; sleep 0.5; shoot out-dropped 1; stop
montage "$out/out-02.png" "$out/out-06.png" "$out/out-14.png" "$out/out-dropped-01.png" -tile 4x -geometry 400x281+4+0 -background '#cccccc' docs/screenshots/feel-folder-out.png

# Layout switches each way: grid → board → masonry → grid.
start
xdotool key 3; shoot grid-board 8; sleep 0.5
xdotool key 2; shoot board-masonry 8; sleep 0.5
xdotool key 1; shoot masonry-grid 8; stop
for s in grid-board board-masonry masonry-grid; do
    montage "$out/$s-01.png" "$out/$s-03.png" "$out/$s-05.png" "$out/$s-08.png" -tile 4x -geometry 400x281+4+0 -background '#cccccc' "docs/screenshots/feel-$s.png"
done

# A folder opening and closing.
start
xdotool mousemove 400 92 click 1; shoot open 5; sleep 0.3; xdotool key Escape; shoot close 5; stop
montage "$out/open-01.png" "$out/open-03.png" "$out/close-01.png" "$out/close-04.png" -tile 4x -geometry 400x281+4+0 -background '#cccccc' docs/screenshots/feel-open-close.png
# The README's stills: each layout, an open folder, a tile carried over a gap.
still() { xwd -root -silent | convert xwd:- -crop 1024x720+0+0 +repage "docs/screenshots/$1.png"; }
start
still grid
xdotool key 2; sleep 0.8; still masonry
xdotool key 3; sleep 0.8; still board
xdotool key 1; sleep 0.8
xdotool mousemove 400 92 click 1; sleep 0.8; still folder; xdotool key Escape; sleep 0.5
xdotool mousemove 176 198 mousedown 1; sleep 0.7; glide 176 198 456 304; sleep 0.35; still drag
xdotool key Escape; xdotool mouseup 1; sleep 0.4; stop
echo "frames in $out; strips and stills in docs/screenshots/" >&2
