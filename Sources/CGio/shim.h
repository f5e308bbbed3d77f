#ifndef TESSERA_CGIO_SHIM_H
#define TESSERA_CGIO_SHIM_H
#include <gio/gio.h>
#endif
