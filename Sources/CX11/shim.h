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
#include <sys/ipc.h>
#include <sys/shm.h>
// malloc_trim: the shell hands start-up's freed memory back once the first frame is shown.
#include <malloc.h>
#endif
