#ifndef TESSERA_PORTAL_API_H
#define TESSERA_PORTAL_API_H
// What the app and its desktop-portal client (libTesseraPortal.so, loaded with dlopen after the
// first frame, only when a session bus is there) agree on. Header only: the app links no GIO.
#include <stdint.h>
#include <poll.h>

// The portal's org.freedesktop.appearance settings, as they arrive (ReadAll, then SettingChanged).
typedef struct TesseraPortalCallbacks {
    void *context;
    void (*color_scheme)(void *context, uint32_t value);          // 0 none, 1 dark, 2 light
    void (*accent_color)(void *context, double r, double g, double b);
    void (*contrast)(void *context, uint32_t value);              // 0 normal, 1 high
    // A value of the wrong type: the key and the type it came as ("s", "(dd)", ...).
    void (*refused)(void *context, const char *key, const char *type);
    // The first reading is over: 1 the portal answered, 0 there is none (or no bus).
    void (*answered)(void *context, int32_t found);
} TesseraPortalCallbacks;

typedef int (*tessera_portal_start_fn)(const TesseraPortalCallbacks *callbacks);
typedef int (*tessera_portal_prepare_fn)(struct pollfd *fds, int max, int *timeout_ms);
typedef void (*tessera_portal_dispatch_fn)(struct pollfd *fds, int count);
#endif
