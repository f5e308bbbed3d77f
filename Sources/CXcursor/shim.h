#ifndef TESSERA_CXCURSOR_SHIM_H
#define TESSERA_CXCURSOR_SHIM_H
// Cursors from the user's cursor theme (XCURSOR_THEME, the Xcursor.theme resource), by name.
#include <X11/Xlib.h>
#include <X11/Xcursor/Xcursor.h>
#endif
