#ifndef TESSERA_A11Y_API_H
#define TESSERA_A11Y_API_H
// What the app and its accessibility bridge (libTesseraA11y.so, loaded with dlopen only when an
// accessibility bus is there) agree on. Header only: the app links nothing of ATK.
#include <stdint.h>
#include <poll.h>

// A node of the accessible tree, by the handle the app gave it: 0 is the window's frame; the app
// numbers the rest (sections, items, the caption, the menu and its entries, the title field).
typedef struct TesseraA11yCallbacks {
    void *context;
    int32_t (*child_count)(void *context, int64_t node);
    int64_t (*child_at)(void *context, int64_t node, int32_t index);   // -1: none
    int64_t (*parent_of)(void *context, int64_t node);                 // -1: the application
    int32_t (*index_in_parent)(void *context, int64_t node);
    char *(*name)(void *context, int64_t node);                        // malloc'd UTF-8, or NULL
    char *(*description)(void *context, int64_t node);                 // malloc'd UTF-8, or NULL
    int32_t (*role)(void *context, int64_t node);                      // a TESSERA_ROLE_
    uint64_t (*states)(void *context, int64_t node);                   // TESSERA_STATE_ bits
    void (*extents)(void *context, int64_t node, int32_t *x, int32_t *y, int32_t *w, int32_t *h); // screen pixels
    int32_t (*action_count)(void *context, int64_t node);
    char *(*action_name)(void *context, int64_t node, int32_t index);  // malloc'd
    int32_t (*do_action)(void *context, int64_t node, int32_t index);  // 1 done
    char *(*attributes)(void *context, int64_t node);                  // malloc'd "k=v\n…", or NULL
} TesseraA11yCallbacks;

// Roles and states as the app says them (the bridge maps them to ATK's).
enum { TESSERA_ROLE_FRAME, TESSERA_ROLE_LIST, TESSERA_ROLE_LIST_ITEM, TESSERA_ROLE_LIVE_REGION, TESSERA_ROLE_DIALOG,
       TESSERA_ROLE_MENU, TESSERA_ROLE_MENU_ITEM, TESSERA_ROLE_EDITABLE_TEXT };
enum { TESSERA_STATE_ENABLED = 1, TESSERA_STATE_VISIBLE = 2, TESSERA_STATE_SHOWING = 4, TESSERA_STATE_FOCUSABLE = 8,
       TESSERA_STATE_FOCUSED = 16, TESSERA_STATE_SELECTABLE = 32, TESSERA_STATE_SELECTED = 64, TESSERA_STATE_CHECKED = 128,
       TESSERA_STATE_ACTIVE = 256, TESSERA_STATE_EDITABLE = 512 };

typedef int (*tessera_a11y_start_fn)(const TesseraA11yCallbacks *callbacks);
typedef void (*tessera_a11y_node_fn)(int64_t node);
typedef void (*tessera_a11y_text_fn)(int64_t node, const char *text);
typedef int (*tessera_a11y_prepare_fn)(struct pollfd *fds, int max, int *timeout_ms);
typedef void (*tessera_a11y_dispatch_fn)(struct pollfd *fds, int count);
#endif
