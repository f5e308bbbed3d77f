#ifndef TESSERA_CCAIRO_SHIM_H
#define TESSERA_CCAIRO_SHIM_H
#include <cairo.h>
// mallopt: the renderer's warm-up thread shares the main thread's malloc arena.
#include <malloc.h>
#endif
