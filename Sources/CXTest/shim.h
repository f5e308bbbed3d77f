#ifndef TESSERA_CXTEST_SHIM_H
#define TESSERA_CXTEST_SHIM_H
// XTest: how the end-to-end tests press keys and move the pointer. The app itself never links it.
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#endif
