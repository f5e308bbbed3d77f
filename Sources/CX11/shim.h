#ifndef TESSERA_CX11_SHIM_H
#define TESSERA_CX11_SHIM_H
// Xutil's XDestroyImage & co. are macros unless this is set before the include.
#define XUTIL_DEFINE_FUNCTIONS 1
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/cursorfont.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
// Frame synchronisation with a compositing manager (_NET_WM_SYNC_REQUEST counters).
#include <X11/extensions/sync.h>
#include <sys/ipc.h>
#include <sys/shm.h>
// malloc_trim: the shell hands start-up's freed memory back once the first frame is shown.
#include <malloc.h>
#include <locale.h>

// XCreateIC takes a NULL-terminated list of name/value pairs (C varargs, which Swift cannot call):
// an input context with no pre-edit or status area of ours (the input method shows its own
// candidate window), on `window`.
static inline XIC tessera_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

// The events the input method needs to see through XFilterEvent (added to the window's mask).
static inline long tessera_ic_filter_events(XIC ic) {
    long mask = 0;
    XGetICValues(ic, XNFilterEvents, &mask, NULL);
    return mask;
}
#endif
