#ifndef TESSERA_CATK_SHIM_H
#define TESSERA_CATK_SHIM_H
#include <atk/atk.h>
#include <atk-bridge.h>
#endif
