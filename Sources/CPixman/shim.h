#ifndef TESSERA_CPIXMAN_SHIM_H
#define TESSERA_CPIXMAN_SHIM_H
// pixman converts the frames Cairo paints (x8r8g8b8) into a visual of another layout (depth 16,
// depth 30, BGR) at present time, and copies cached cell images into a frame (DirectBlit). Cairo
// already links it.
#include <pixman.h>
#endif
