#ifndef TESSERA_CPANGO_SHIM_H
#define TESSERA_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
