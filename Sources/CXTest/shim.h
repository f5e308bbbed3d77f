#ifndef TESSERA_CXTEST_SHIM_H
#define TESSERA_CXTEST_SHIM_H
// XTest: how the end-to-end tests press keys and move the pointer; XFixes: which cursor the
// pointer shows. The app itself never links them.
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xfixes.h>
#endif
