#!/usr/bin/env python3
"""Generate Tessera's icon set (assets/icons/*.png).

Every icon is a flat white glyph on a transparent 128x128 canvas, drawn with
cairo paths only (no fonts). Details are cut out of the glyph (so the tile
colour shows through) or drawn in a dimmer white, never outlined. Content sits
inside a 100x100 box (14 px padding) and strokes are ~9 px.

Usage (from the repository root):

    python3 scripts/make-icons.py                          # write assets/icons/
    python3 scripts/make-icons.py --sheet /tmp/sheet.png   # also a contact sheet

Needs pycairo (Debian/Ubuntu: apt install python3-cairo). The output is
deterministic: the same cairo version writes the same bytes on every run.
"""

import math
import os
import sys

try:
    import cairo
except ImportError:
    # python3 on PATH may be a pyenv/venv interpreter that cannot see Debian's
    # python3-cairo; retry once with the system interpreter.
    system = "/usr/bin/python3"
    if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system) \
            and not os.environ.get("TESSERA_ICONS_REEXEC"):
        os.environ["TESSERA_ICONS_REEXEC"] = "1"
        os.execv(system, [system] + sys.argv)
    sys.exit("make-icons: pycairo is missing (Debian/Ubuntu: apt install python3-cairo)")

SIZE = 128
# Ready-made sizes, drawn from the same paths: the icon of a 96 px grid tile (55% of it, 53 px)
# at 1x and 2x. The renderer decodes these small files at start-up instead of decoding every
# 128 px original and resampling it (icons/<px>/<name>.png; see IconCache). Each folder's
# sources.txt gives the FNV-1a hash of the original each copy was drawn with: a copy whose
# original has changed since (an icon replaced by hand) is not used.
PRESIZED = (53, 106)


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return h
STROKE = 9.0
WHITE = (1.0, 1.0, 1.0)
DIM = 0.72  # alpha of secondary ("darker") parts
PI = math.pi


# ---------------------------------------------------------------- helpers

def rrect(c, x, y, w, h, r):
    """Rounded-rectangle sub-path."""
    r = min(r, w / 2, h / 2)
    c.new_sub_path()
    c.arc(x + w - r, y + r, r, -PI / 2, 0)
    c.arc(x + w - r, y + h - r, r, 0, PI / 2)
    c.arc(x + r, y + h - r, r, PI / 2, PI)
    c.arc(x + r, y + r, r, PI, 3 * PI / 2)
    c.close_path()


def circle(c, x, y, r):
    c.new_sub_path()
    c.arc(x, y, r, 0, 2 * PI)
    c.close_path()


def poly(c, pts):
    c.move_to(*pts[0])
    for p in pts[1:]:
        c.line_to(*p)
    c.close_path()


def white(c, alpha=1.0):
    c.set_operator(cairo.OPERATOR_OVER)
    c.set_source_rgba(*WHITE, alpha)


def cut(c):
    """Following fills/strokes erase to transparent (tile shows through)."""
    c.set_operator(cairo.OPERATOR_CLEAR)


def line(c, *pts, width=STROKE):
    c.move_to(*pts[0])
    for p in pts[1:]:
        c.line_to(*p)
    c.set_line_width(width)
    c.stroke()


# ---------------------------------------------------------------- glyphs
# Each function draws into a 128x128 context with white already selected.

def star(c):
    cx, cy, ro, ri = 64, 67, 52, 21
    pts = []
    for i in range(10):
        a = -PI / 2 + i * PI / 5
        r = ro if i % 2 == 0 else ri
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    poly(c, pts)
    c.fill_preserve()
    c.set_line_width(6)  # softens the points a little
    c.stroke()


def heart(c):
    c.move_to(64, 110)
    c.curve_to(40, 92, 14, 72, 14, 46)
    c.curve_to(14, 28, 27, 18, 41, 18)
    c.curve_to(52, 18, 60, 25, 64, 34)
    c.curve_to(68, 25, 76, 18, 87, 18)
    c.curve_to(101, 18, 114, 28, 114, 46)
    c.curve_to(114, 72, 88, 92, 64, 110)
    c.close_path()
    c.fill()


def cloud(c):
    for x, y, r in ((34, 82, 18), (56, 64, 26), (84, 60, 26), (96, 82, 18)):
        circle(c, x, y, r)
        c.fill()
    c.rectangle(34, 70, 62, 30)
    c.fill()


def sun(c):
    circle(c, 64, 64, 22)
    c.fill()
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    for i in range(8):
        a = i * PI / 4
        line(c, (64 + 34 * math.cos(a), 64 + 34 * math.sin(a)),
             (64 + 47 * math.cos(a), 64 + 47 * math.sin(a)))


def moon(c):
    circle(c, 62, 66, 46)
    c.fill()
    cut(c)
    circle(c, 88, 44, 40)
    c.fill()


def leaf(c):
    c.move_to(30, 98)
    c.curve_to(16, 58, 48, 20, 108, 20)
    c.curve_to(110, 80, 72, 112, 30, 98)
    c.close_path()
    c.fill()
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    line(c, (16, 112), (36, 92))  # stem
    cut(c)
    c.set_line_cap(cairo.LINE_CAP_BUTT)
    c.move_to(36, 92)
    c.curve_to(56, 70, 74, 52, 96, 32)
    c.set_line_width(6)
    c.stroke()


def music(c):
    for x, y in ((36, 94), (84, 84)):
        c.save()
        c.translate(x, y)
        c.rotate(-0.4)
        c.scale(16, 12)
        circle(c, 0, 0, 1)
        c.restore()
        c.fill()
    c.rectangle(44, 34, 8, 60)
    c.rectangle(92, 24, 8, 60)
    c.fill()
    poly(c, [(44, 30), (100, 16), (100, 34), (44, 48)])
    c.fill()


def camera(c):
    poly(c, [(42, 36), (50, 22), (78, 22), (86, 36)])
    c.fill()
    rrect(c, 14, 32, 100, 76, 14)
    c.fill()
    cut(c)
    circle(c, 64, 70, 27)
    c.fill()
    circle(c, 97, 48, 5)
    c.fill()
    white(c)
    circle(c, 64, 70, 17)
    c.fill()


def book(c):
    # left page
    c.move_to(60, 36)
    c.curve_to(46, 26, 30, 24, 14, 28)
    c.line_to(14, 98)
    c.curve_to(30, 94, 46, 96, 60, 106)
    c.close_path()
    c.fill()
    # right page
    c.move_to(68, 36)
    c.curve_to(82, 26, 98, 24, 114, 28)
    c.line_to(114, 98)
    c.curve_to(98, 94, 82, 96, 68, 106)
    c.close_path()
    c.fill()
    cut(c)
    c.set_line_width(5)
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    for dy in (0, 16, 32):
        c.move_to(24, 44 + dy)
        c.curve_to(32, 42 + dy, 42, 42 + dy, 50, 46 + dy)
        c.move_to(78, 46 + dy)
        c.curve_to(86, 42 + dy, 96, 42 + dy, 104, 44 + dy)
    c.stroke()


def mail(c):
    rrect(c, 14, 28, 100, 72, 10)
    c.fill()
    cut(c)
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    line(c, (24, 40), (64, 70), (104, 40), width=7)


def phone(c):
    # classic handset, drawn upright (cups facing right) then tilted 45 degrees
    c.save()
    c.translate(64, 64)
    c.rotate(-PI / 4)
    c.move_to(26, -54)
    c.line_to(-4, -54)
    c.curve_to(-20, -54, -26, -30, -26, 0)
    c.curve_to(-26, 30, -20, 54, -4, 54)
    c.line_to(26, 54)
    c.line_to(26, 30)
    c.line_to(8, 30)
    c.curve_to(-2, 22, -6, 12, -6, 0)
    c.curve_to(-6, -12, -2, -22, 8, -30)
    c.line_to(26, -30)
    c.close_path()
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    c.set_line_width(6)
    c.fill_preserve()
    c.stroke()
    c.restore()


def map_(c):
    panels = [
        [(14, 30), (46, 20), (46, 98), (14, 108)],
        [(46, 20), (82, 30), (82, 108), (46, 98)],
        [(82, 30), (114, 20), (114, 98), (82, 108)],
    ]
    for i, p in enumerate(panels):
        white(c, DIM if i == 1 else 1.0)
        poly(c, p)
        c.fill()


def gear(c):
    teeth = 8
    circle(c, 64, 64, 38)
    c.fill()
    for i in range(teeth):
        c.save()
        c.translate(64, 64)
        c.rotate(i * 2 * PI / teeth)
        rrect(c, -10, -50, 20, 24, 4)
        c.restore()
        c.fill()
    cut(c)
    circle(c, 64, 64, 15)
    c.fill()


def bell(c):
    c.move_to(26, 88)
    c.curve_to(34, 78, 34, 70, 34, 56)
    c.curve_to(34, 36, 46, 24, 64, 24)
    c.curve_to(82, 24, 94, 36, 94, 56)
    c.curve_to(94, 70, 94, 78, 102, 88)
    c.close_path()
    c.fill()
    rrect(c, 16, 84, 96, 12, 6)
    c.fill()
    circle(c, 64, 20, 7)
    c.fill()
    circle(c, 64, 104, 10)
    c.fill()
    cut(c)
    c.rectangle(16, 96, 96, 3)  # hairline gap between lip and clapper
    c.fill()


def flag(c):
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    line(c, (30, 18), (30, 112))
    c.move_to(30, 20)
    c.curve_to(54, 8, 76, 34, 108, 20)
    c.line_to(108, 74)
    c.curve_to(76, 88, 54, 62, 30, 74)
    c.close_path()
    c.fill()


def home(c):
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    c.rectangle(82, 24, 14, 30)  # chimney
    c.fill()
    poly(c, [(64, 16), (114, 62), (14, 62)])
    c.fill_preserve()
    c.set_line_width(6)
    c.stroke()
    c.rectangle(26, 56, 76, 56)
    c.fill()
    cut(c)
    rrect(c, 54, 78, 20, 40, 6)
    c.fill()


def chat(c):
    rrect(c, 14, 18, 100, 72, 22)
    c.fill()
    poly(c, [(34, 80), (28, 112), (62, 86)])
    c.fill()
    cut(c)
    for x in (40, 64, 88):
        circle(c, x, 54, 7.5)
        c.fill()


def cart(c):
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    line(c, (14, 22), (28, 22), (42, 82), (104, 82))
    poly(c, [(30, 34), (114, 34), (104, 72), (40, 72)])
    c.fill()
    circle(c, 48, 102, 10)
    circle(c, 96, 102, 10)
    c.fill()
    cut(c)
    for x in (56, 76, 96):
        c.rectangle(x - 2.5, 34, 5, 38)
    c.fill()


def gift(c):
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    # bow
    c.set_line_width(8)
    c.move_to(64, 40)
    c.curve_to(56, 12, 26, 16, 38, 34)
    c.curve_to(44, 40, 56, 40, 64, 40)
    c.curve_to(72, 12, 102, 16, 90, 34)
    c.curve_to(84, 40, 72, 40, 64, 40)
    c.stroke()
    rrect(c, 14, 42, 100, 22, 5)
    c.fill()
    rrect(c, 22, 62, 84, 50, 5)
    c.fill()
    cut(c)
    c.rectangle(14, 62, 100, 5)   # lid gap
    c.rectangle(52, 42, 5, 70)    # ribbon edges
    c.rectangle(71, 42, 5, 70)
    c.fill()


def clock(c):
    circle(c, 64, 64, 46)
    c.set_line_width(STROKE)
    c.stroke()
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    line(c, (64, 36), (64, 64), (84, 76))


def key(c):
    circle(c, 40, 40, 26)
    c.fill()
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    line(c, (52, 52), (108, 108), width=12)
    c.set_line_cap(cairo.LINE_CAP_BUTT)
    line(c, (96, 96), (106, 86), width=10)
    line(c, (82, 82), (92, 72), width=10)
    cut(c)
    circle(c, 34, 34, 9)
    c.fill()


def lock(c):
    c.set_line_width(11)
    c.move_to(40, 60)
    c.line_to(40, 42)
    c.arc(64, 42, 24, PI, 2 * PI)
    c.line_to(88, 60)
    c.stroke()
    rrect(c, 22, 54, 84, 60, 12)
    c.fill()
    cut(c)
    circle(c, 64, 78, 9)
    c.fill()
    poly(c, [(60, 80), (68, 80), (70, 98), (58, 98)])
    c.fill()


def puzzle(c):
    # piece body with knobs on top and right, sockets on left and bottom
    x0, y0, s = 18, 38, 72
    c.rectangle(x0, y0, s, s)
    c.fill()
    circle(c, x0 + s / 2, y0 - 6, 14)
    circle(c, x0 + s + 6, y0 + s / 2, 14)
    c.fill()
    c.rectangle(x0 + s / 2 - 8, y0 - 6, 16, 8)
    c.rectangle(x0 + s - 2, y0 + s / 2 - 8, 8, 16)
    c.fill()
    cut(c)
    circle(c, x0 + 2, y0 + s / 2, 12)
    circle(c, x0 + s / 2, y0 + s - 2, 12)
    c.fill()


def rocket(c):
    c.save()
    c.translate(66, 62)
    c.rotate(PI / 4)
    c.scale(1.12, 1.12)
    c.move_to(0, -54)
    c.curve_to(22, -38, 24, -10, 16, 18)
    c.line_to(-16, 18)
    c.curve_to(-24, -10, -22, -38, 0, -54)
    c.close_path()
    c.fill()
    for sx in (-1, 1):  # fins
        poly(c, [(sx * 14, -6), (sx * 32, 12), (sx * 32, 30), (sx * 13, 18)])
        c.fill()
    # flame
    c.move_to(-10, 24)
    c.curve_to(-10, 36, -4, 42, 0, 50)
    c.curve_to(4, 42, 10, 36, 10, 24)
    c.close_path()
    c.fill()
    cut(c)
    circle(c, 0, -18, 9)
    c.fill()
    c.restore()


def pencil(c):
    c.save()
    c.translate(64, 64)
    c.rotate(-PI / 4)
    c.set_line_join(cairo.LINE_JOIN_ROUND)
    rrect(c, 34, -13, 28, 26, 7)  # eraser end
    c.rectangle(-30, -13, 72, 26)  # shaft
    c.fill()
    poly(c, [(-30, -13), (-60, 0), (-30, 13)])  # sharpened wood
    c.fill_preserve()
    c.set_line_width(3)
    c.stroke()
    cut(c)
    c.rectangle(-32, -15, 4, 30)  # where the paint ends
    c.rectangle(34, -15, 4, 30)   # ferrule
    c.fill()
    c.restore()


def palette(c):
    # a painter's palette: rounded blob with a bite, thumb hole and paint dabs
    c.move_to(64, 14)
    c.curve_to(94, 14, 114, 34, 114, 58)
    c.curve_to(114, 78, 100, 80, 90, 78)
    c.curve_to(78, 76, 72, 86, 78, 96)
    c.curve_to(84, 106, 76, 114, 62, 114)
    c.curve_to(34, 114, 14, 92, 14, 64)
    c.curve_to(14, 36, 36, 14, 64, 14)
    c.close_path()
    c.fill()
    cut(c)
    for x, y, r in ((42, 42, 9), (68, 34, 9), (92, 48, 9), (36, 70, 9), (52, 92, 10)):
        circle(c, x, y, r)
        c.fill()


def coffee(c):
    c.set_line_cap(cairo.LINE_CAP_ROUND)
    # steam
    c.set_line_width(7)
    for x in (44, 66):
        c.move_to(x, 38)
        c.curve_to(x - 8, 30, x + 8, 24, x, 14)
        c.stroke()
    # handle
    circle(c, 90, 70, 15)
    c.set_line_width(STROKE)
    c.stroke()
    # mug
    c.move_to(16, 46)
    c.line_to(96, 46)
    c.line_to(96, 86)
    c.curve_to(96, 100, 86, 110, 72, 110)
    c.line_to(40, 110)
    c.curve_to(26, 110, 16, 100, 16, 86)
    c.close_path()
    c.fill()


def film(c):
    rrect(c, 14, 24, 100, 80, 8)
    c.fill()
    cut(c)
    for i in range(6):
        x = 20 + i * 16
        rrect(c, x, 30, 8, 8, 2)
        rrect(c, x, 90, 8, 8, 2)
    c.fill()
    rrect(c, 22, 46, 38, 36, 4)
    rrect(c, 68, 46, 38, 36, 4)
    c.fill()


def globe(c):
    r = 46
    circle(c, 64, 64, r)
    c.set_line_width(STROKE)
    c.stroke()
    c.save()
    circle(c, 64, 64, r)
    c.clip()
    c.set_line_width(7)
    # meridians
    c.save()
    c.translate(64, 64)
    c.scale(20, r)
    circle(c, 0, 0, 1)
    c.restore()
    c.stroke()
    c.move_to(64, 14)
    c.line_to(64, 114)
    # parallels
    for y in (41, 64, 87):
        c.move_to(10, y)
        c.line_to(118, y)
    c.stroke()
    c.restore()


def trophy(c):
    # handles
    c.set_line_width(8)
    c.arc_negative(34, 42, 16, 3 * PI / 2, PI / 2)
    c.stroke()
    c.arc(94, 42, 16, -PI / 2, PI / 2)
    c.stroke()
    # cup
    c.move_to(30, 18)
    c.line_to(98, 18)
    c.line_to(98, 42)
    c.curve_to(98, 64, 84, 78, 64, 78)
    c.curve_to(44, 78, 30, 64, 30, 42)
    c.close_path()
    c.fill()
    c.rectangle(57, 74, 14, 20)  # stem
    c.fill()
    rrect(c, 38, 92, 52, 10, 3)  # plinth
    rrect(c, 30, 100, 68, 12, 4)  # base
    c.fill()
    cut(c)
    c.rectangle(30, 99, 68, 3)
    c.fill()


def folder(c):
    c.move_to(14, 28)
    c.arc(22, 28, 8, PI, 3 * PI / 2)
    c.line_to(46, 20)
    c.curve_to(52, 20, 54, 22, 56, 26)
    c.line_to(58, 30)
    c.line_to(106, 30)
    c.arc(106, 38, 8, -PI / 2, 0)
    c.line_to(114, 96)
    c.arc(106, 96, 8, 0, PI / 2)
    c.line_to(22, 104)
    c.arc(22, 96, 8, PI / 2, PI)
    c.close_path()
    c.fill()
    cut(c)
    c.rectangle(14, 44, 100, 5)
    c.fill()


ICONS = [
    ("star", star), ("heart", heart), ("cloud", cloud), ("sun", sun),
    ("moon", moon), ("leaf", leaf), ("music", music), ("camera", camera),
    ("book", book), ("mail", mail), ("phone", phone), ("map", map_),
    ("gear", gear), ("bell", bell), ("flag", flag), ("home", home),
    ("chat", chat), ("cart", cart), ("gift", gift), ("clock", clock),
    ("key", key), ("lock", lock), ("puzzle", puzzle), ("rocket", rocket),
    ("pencil", pencil), ("palette", palette), ("coffee", coffee), ("film", film),
    ("globe", globe), ("trophy", trophy), ("folder", folder),
]


def render(draw, size=SIZE):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    c = cairo.Context(surface)
    c.set_antialias(cairo.ANTIALIAS_BEST)
    c.scale(size / SIZE, size / SIZE)
    white(c)
    draw(c)
    surface.flush()
    return surface


def contact_sheet(surfaces, path, per_row=8, tile=96, gap=16, label=18):
    """Each icon on a coloured rounded tile at ~55% scale, name underneath."""
    rows = (len(surfaces) + per_row - 1) // per_row
    cell_w, cell_h = tile + gap, tile + gap + label
    sheet = cairo.ImageSurface(cairo.FORMAT_RGB24, per_row * cell_w + gap, rows * cell_h + gap)
    c = cairo.Context(sheet)
    c.set_source_rgb(0.93, 0.93, 0.95)
    c.paint()
    hues = [(0.91, 0.30, 0.24), (0.95, 0.61, 0.07), (0.18, 0.80, 0.44), (0.20, 0.60, 0.86),
            (0.61, 0.35, 0.71), (0.10, 0.74, 0.61), (0.90, 0.49, 0.13), (0.36, 0.43, 0.55)]
    for i, (name, surf) in enumerate(surfaces):
        x = gap + (i % per_row) * cell_w
        y = gap + (i // per_row) * cell_h
        c.set_source_rgb(*hues[i % len(hues)])
        rrect(c, x, y, tile, tile, tile * 0.22)
        c.fill()
        s = tile * 0.55 / SIZE
        c.save()
        c.translate(x + (tile - SIZE * s) / 2, y + (tile - SIZE * s) / 2)
        c.scale(s, s)
        c.set_source_surface(surf, 0, 0)
        c.get_source().set_filter(cairo.FILTER_GOOD)
        c.paint()
        c.restore()
        c.set_source_rgb(0.15, 0.15, 0.18)
        c.select_font_face("sans-serif")
        c.set_font_size(13)
        ext = c.text_extents(name)
        c.move_to(x + (tile - ext.x_advance) / 2, y + tile + 15)
        c.show_text(name)
    sheet.write_to_png(path)


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "assets", "icons")
    os.makedirs(out, exist_ok=True)
    rendered = []
    for px in PRESIZED:
        os.makedirs(os.path.join(out, str(px)), exist_ok=True)
    sources = []
    for name, draw in ICONS:
        surf = render(draw)
        original = os.path.join(out, name + ".png")
        surf.write_to_png(original)
        rendered.append((name, surf))
        with open(original, "rb") as f:
            sources.append(f"{name} {fnv1a64(f.read()):016x}\n")
        for px in PRESIZED:
            render(draw, px).write_to_png(os.path.join(out, str(px), name + ".png"))
    for px in PRESIZED:
        with open(os.path.join(out, str(px), "sources.txt"), "w") as f:
            f.write("".join(sorted(sources)))
    sizes = ", ".join(f"{px} px" for px in PRESIZED)
    print(f"make-icons: wrote {len(rendered)} icons to {os.path.relpath(out)} (and at {sizes})")
    if "--sheet" in argv:
        path = argv[argv.index("--sheet") + 1]
        contact_sheet(rendered, path)
        print(f"make-icons: contact sheet {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
