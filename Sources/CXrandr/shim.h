#ifndef TESSERA_CXRANDR_SHIM_H
#define TESSERA_CXRANDR_SHIM_H
// RandR: the monitors (CRTCs) and their modes, for the refresh rate frames are paced at.
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
#endif
