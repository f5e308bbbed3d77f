/* frame_counter: counts the frames a window presents, from outside, with DAMAGE.
 *
 *   frame_counter WINDOW-ID SECONDS
 *
 * A DAMAGE object (DamageReportNonEmpty) on the window, subtracted after each notify, yields one
 * event per batch of drawing the server sees: with Tessera, one per presented frame (its scroll
 * copy and its loads come back to back). Prints {"frames":N,"seconds":S,"fps":F,"gap_max_ms":G}.
 * Build: bench/peers/present/build.sh.
 */
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <poll.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: frame_counter WINDOW-ID SECONDS\n"); return 2; }
    Window win = (Window)strtoul(argv[1], NULL, 0);
    double seconds = atof(argv[2]);
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "frame_counter: cannot open display\n"); return 1; }
    int ev, err;
    if (!XDamageQueryExtension(dpy, &ev, &err)) { fprintf(stderr, "frame_counter: no DAMAGE\n"); return 1; }
    Damage damage = XDamageCreate(dpy, win, XDamageReportNonEmpty);
    XSync(dpy, False);
    /* A new damage object reports the window's whole area once: not a frame. */
    XDamageSubtract(dpy, damage, None, None);
    XSync(dpy, False);
    while (XPending(dpy)) { XEvent e; XNextEvent(dpy, &e); }
    int frames = 0;
    double start = now_s(), end = start + seconds, last = start, gap = 0;
    while (now_s() < end) {
        while (XPending(dpy)) {
            XEvent e;
            XNextEvent(dpy, &e);
            if (e.type == ev + XDamageNotify) {
                double t = now_s();
                if (frames > 0 && t - last > gap) gap = t - last;
                last = t;
                frames++;
                XDamageSubtract(dpy, damage, None, None);
            }
        }
        struct pollfd p = { ConnectionNumber(dpy), POLLIN, 0 };
        int ms = (int)((end - now_s()) * 1000);
        if (ms > 0) poll(&p, 1, ms);
    }
    printf("{\"frames\":%d,\"seconds\":%.3f,\"fps\":%.1f,\"gap_max_ms\":%.2f}\n", frames, seconds, frames / seconds, gap * 1000);
    return 0;
}
