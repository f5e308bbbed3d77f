#ifndef TESSERA_CGDKPIXBUF_SHIM_H
#define TESSERA_CGDKPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <gio/gio.h>
#endif
