#ifndef TESSERA_CXI_SHIM_H
#define TESSERA_CXI_SHIM_H
// XInput 2: touchpads' and fine wheels' scroll valuators, touchscreens' touches, device hotplug.
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

// XISetMask and XIMaskIsSet are macros Swift cannot call.
static inline void tessera_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int tessera_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit) ? 1 : 0; }
#endif
