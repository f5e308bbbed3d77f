#ifndef TESSERA_CCAIRO_SHIM_H
#define TESSERA_CCAIRO_SHIM_H
#include <cairo.h>
#endif
