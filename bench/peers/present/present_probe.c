/* present_probe: does the Present extension pace frames more steadily than Tessera's own path?
 *
 *   present_probe [frames] [hz]      (default 600 frames; hz: the rate to pace the SHM path at,
 *                                    default the RandR rate of the CRTC under the window, else 60)
 *
 * Shows `frames` frames of a 1280x800 window (a band moving down a grey field, every pixel new
 * each frame, as a whole-window repaint is) two ways, one after the other, on the same server:
 *
 *   shm      Tessera's path: paint into a MIT-SHM XImage, XShmPutImage + XSync, then sleep to the
 *            next frame time (the refresh interval from RandR, as the app paces its frames).
 *   present  paint into one of two MIT-SHM pixmaps, PresentPixmap it for the next MSC and wait
 *            for its PresentCompleteNotify; the server says when (UST) and at which MSC it showed.
 *
 * For each it prints one line: the interval between frames shown (median, p99, max, and how many
 * were more than half an interval late), the client time per frame spent handing the frame over
 * (put + sync, or PresentPixmap until its complete notify), and for present how the server
 * completed them (flip / copy, MSCs skipped). Build: bench/peers/present/build.sh.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/Xrandr.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 1280, H = 800 };

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_until(double t) {
    struct timespec ts = { (time_t)t, (long)((t - (time_t)t) * 1e9) };
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void paint(uint32_t *pixels, int stride_px, int frame) {
    int band = (frame * 7) % H;
    for (int y = 0; y < H; y++) {
        uint32_t c = (y >= band && y < band + 40) ? 0x3070c0 : 0xe8e8e8 - (uint32_t)(frame & 15);
        uint32_t *row = pixels + (size_t)y * stride_px;
        for (int x = 0; x < W; x++) row[x] = c;
    }
}

static void report(const char *name, double *shown, int n, double interval, double *handover, const char *extra) {
    double *d = malloc(sizeof(double) * n);
    int late = 0;
    for (int i = 1; i < n; i++) {
        d[i - 1] = (shown[i] - shown[i - 1]) * 1000;
        if (d[i - 1] > interval * 1000 * 1.5) late++;
    }
    qsort(d, n - 1, sizeof(double), cmp);
    qsort(handover, n, sizeof(double), cmp);
    printf("{\"path\":\"%s\",\"frames\":%d,\"interval_target_ms\":%.3f,\"shown_interval_median_ms\":%.3f,"
           "\"shown_interval_p99_ms\":%.3f,\"shown_interval_max_ms\":%.3f,\"late_frames\":%d,"
           "\"handover_median_ms\":%.3f,\"handover_p99_ms\":%.3f%s}\n",
           name, n, interval * 1000, d[(n - 1) / 2], d[(int)((n - 1) * 0.99)], d[n - 2], late,
           handover[n / 2] * 1000, handover[(int)(n * 0.99)] * 1000, extra);
    free(d);
}

static double randr_rate(Display *dpy, Window win) {
    XRRScreenResources *res = XRRGetScreenResourcesCurrent(dpy, win);
    double best = 0;
    if (!res) return 0;
    for (int c = 0; c < res->ncrtc; c++) {
        XRRCrtcInfo *crtc = XRRGetCrtcInfo(dpy, res, res->crtcs[c]);
        if (!crtc) continue;
        for (int m = 0; crtc->mode && m < res->nmode; m++) {
            XRRModeInfo *mi = &res->modes[m];
            if (mi->id == crtc->mode && mi->hTotal && mi->vTotal)
                best = (double)mi->dotClock / ((double)mi->hTotal * mi->vTotal);
        }
        XRRFreeCrtcInfo(crtc);
    }
    XRRFreeScreenResources(res);
    return best;
}

int main(int argc, char **argv) {
    int frames = argc > 1 ? atoi(argv[1]) : 600;
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "present_probe: cannot open display\n"); return 1; }
    int op, ev, err, major = 0, minor = 0;
    if (!XShmQueryExtension(dpy)) { fprintf(stderr, "present_probe: no MIT-SHM\n"); return 1; }
    if (!XQueryExtension(dpy, "Present", &op, &ev, &err) || !XPresentQueryVersion(dpy, &major, &minor)) {
        fprintf(stderr, "present_probe: the server has no Present extension\n");
        return 1;
    }
    int scr = DefaultScreen(dpy);
    Window win = XCreateSimpleWindow(dpy, RootWindow(dpy, scr), 0, 0, W, H, 0, 0, 0);
    XSelectInput(dpy, win, ExposureMask | StructureNotifyMask);
    XMapWindow(dpy, win);
    for (XEvent e;;) { XNextEvent(dpy, &e); if (e.type == MapNotify) break; }
    double hz = argc > 2 ? atof(argv[2]) : randr_rate(dpy, win);
    if (hz < 1) hz = 60;
    double interval = 1 / hz;
    GC gc = XCreateGC(dpy, win, 0, NULL);
    Visual *visual = DefaultVisual(dpy, scr);
    int depth = DefaultDepth(dpy, scr);

    /* shm: Tessera's path. */
    XShmSegmentInfo seg;
    XImage *img = XShmCreateImage(dpy, visual, depth, ZPixmap, NULL, &seg, W, H);
    seg.shmid = shmget(IPC_PRIVATE, (size_t)img->bytes_per_line * H, IPC_CREAT | 0600);
    seg.shmaddr = img->data = shmat(seg.shmid, NULL, 0);
    seg.readOnly = False;
    XShmAttach(dpy, &seg);
    XSync(dpy, False);
    shmctl(seg.shmid, IPC_RMID, NULL);
    double *shown = calloc(frames, sizeof(double)), *handover = calloc(frames, sizeof(double));
    double next = now_s();
    for (int i = 0; i < frames; i++) {
        sleep_until(next);
        paint((uint32_t *)img->data, img->bytes_per_line / 4, i);
        double a = now_s();
        XShmPutImage(dpy, win, gc, img, 0, 0, 0, 0, W, H, False);
        XSync(dpy, False);
        shown[i] = now_s();
        handover[i] = shown[i] - a;
        next += interval;
        if (next < shown[i]) next = shown[i];     /* late: the next frame as soon as may be */
    }
    report("shm", shown, frames, interval, handover, "");

    /* present: two SHM pixmaps in turn, each presented at the next MSC. */
    XShmSegmentInfo pseg[2];
    Pixmap pix[2];
    uint32_t *pdata[2];
    for (int b = 0; b < 2; b++) {
        pseg[b].shmid = shmget(IPC_PRIVATE, (size_t)W * 4 * H, IPC_CREAT | 0600);
        pseg[b].shmaddr = shmat(pseg[b].shmid, NULL, 0);
        pseg[b].readOnly = False;
        XShmAttach(dpy, &pseg[b]);
        XSync(dpy, False);
        shmctl(pseg[b].shmid, IPC_RMID, NULL);
        pix[b] = XShmCreatePixmap(dpy, win, pseg[b].shmaddr, &pseg[b], W, H, depth);
        pdata[b] = (uint32_t *)pseg[b].shmaddr;
    }
    XPresentSelectInput(dpy, win, PresentCompleteNotifyMask | PresentIdleNotifyMask);
    int idle[2] = { 1, 1 }, flips = 0, copies = 0, skipped = 0;
    uint64_t last_msc = 0;
    for (int i = 0; i < frames; i++) {
        int b = i & 1;
        while (!idle[b]) {                         /* the server still reads this pixmap */
            XEvent e;
            XNextEvent(dpy, &e);
            if (e.type == GenericEvent && e.xcookie.extension == op && XGetEventData(dpy, &e.xcookie)) {
                if (e.xcookie.evtype == PresentIdleNotify) {
                    XPresentIdleNotifyEvent *in = e.xcookie.data;
                    idle[in->pixmap == pix[0] ? 0 : 1] = 1;
                }
                XFreeEventData(dpy, &e.xcookie);
            }
        }
        paint(pdata[b], W, i);
        double a = now_s();
        idle[b] = 0;
        XPresentPixmap(dpy, win, pix[b], (uint32_t)i, None, None, 0, 0, None, None, None, 0,
                       last_msc ? last_msc + 1 : 0, 0, 0, NULL, 0);
        XFlush(dpy);
        for (int done = 0; !done;) {
            XEvent e;
            XNextEvent(dpy, &e);
            if (e.type != GenericEvent || e.xcookie.extension != op || !XGetEventData(dpy, &e.xcookie)) continue;
            if (e.xcookie.evtype == PresentCompleteNotify) {
                XPresentCompleteNotifyEvent *ce = e.xcookie.data;
                if (ce->kind == PresentCompleteKindPixmap && ce->serial_number == (uint32_t)i) {
                    shown[i] = ce->ust / 1e6;
                    if (ce->mode == PresentCompleteModeFlip) flips++; else copies++;
                    if (last_msc && ce->msc > last_msc + 1) skipped += (int)(ce->msc - last_msc - 1);
                    last_msc = ce->msc;
                    done = 1;
                }
            } else if (e.xcookie.evtype == PresentIdleNotify) {
                XPresentIdleNotifyEvent *in = e.xcookie.data;
                idle[in->pixmap == pix[0] ? 0 : 1] = 1;
            }
            XFreeEventData(dpy, &e.xcookie);
        }
        handover[i] = now_s() - a;
    }
    char extra[160];
    snprintf(extra, sizeof extra, ",\"completed_by_flip\":%d,\"completed_by_copy\":%d,\"msc_skipped\":%d,\"present_version\":\"%d.%d\"",
             flips, copies, skipped, major, minor);
    report("present", shown, frames, interval, handover, extra);
    XCloseDisplay(dpy);
    return 0;
}
