// Tessera's window on the Linux accessibility bus: ATK objects for the app's accessible tree,
// exported over AT-SPI by ATK's bridge (at-spi2-atk). Built as its own shared library
// (libTesseraA11y.so) that the app loads with dlopen only when an accessibility bus is there, so a
// start without one loads none of ATK, GObject or D-Bus.
//
// The tree lives in the app: every question (children, name, role, states, extents, actions) goes
// to its callbacks, keyed by the node handles it gave. Objects are made on demand (a screen reader
// asks for the items it reads; a million items are not a million objects) and kept per handle.
// Everything runs on the app's main thread: the app iterates GLib's main context from its own
// poll loop (tessera_a11y_prepare / tessera_a11y_dispatch), where the bridge's D-Bus calls land.
#include "tessera_a11y.h"
#include <atk/atk.h>
#include <atk-bridge.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(GPollFD) == sizeof(struct pollfd), "GPollFD is a struct pollfd on this platform");

static TesseraA11yCallbacks app;
static GHashTable *objects;          // int64 handle -> AtkObject (one reference held)
static AtkObject *application;
static int started;

// MARK: - The accessible object

typedef struct { AtkObject parent; gint64 node; gchar *name, *description, *action, *text; } TesseraAccessible;
typedef struct { AtkObjectClass parent_class; } TesseraAccessibleClass;

static void component_init(AtkComponentIface *iface);
static void action_init(AtkActionIface *iface);
static void text_init(AtkTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(TesseraAccessible, tessera_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_init))

// The same with text (the caption of announcements, the title being typed): a separate type, so
// list items do not claim to be text.
typedef struct { TesseraAccessible parent; } TesseraTextAccessible;
typedef struct { TesseraAccessibleClass parent_class; } TesseraTextAccessibleClass;
G_DEFINE_TYPE_WITH_CODE(TesseraTextAccessible, tessera_text_accessible, tessera_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_init))

#define NODE(obj) (((TesseraAccessible *)(obj))->node)
#define APPLICATION_NODE (-1)

static AtkObject *object_for(gint64 node);

// Keeps the last string handed out for a field (ATK returns const strings the caller does not free).
static const gchar *keep(gchar **slot, char *fresh) {
    g_free(*slot);
    *slot = fresh ? g_strdup(fresh) : NULL;
    free(fresh);
    return *slot;
}

static const gchar *get_name(AtkObject *obj) {
    TesseraAccessible *a = (TesseraAccessible *)obj;
    if (a->node == APPLICATION_NODE) return "Tessera";
    return keep(&a->name, app.name(app.context, a->node));
}

static const gchar *get_description(AtkObject *obj) {
    TesseraAccessible *a = (TesseraAccessible *)obj;
    if (a->node == APPLICATION_NODE) return NULL;
    return keep(&a->description, app.description(app.context, a->node));
}

static AtkRole atk_role(int32_t role) {
    switch (role) {
    case TESSERA_ROLE_FRAME: return ATK_ROLE_FRAME;
    case TESSERA_ROLE_LIST: return ATK_ROLE_LIST;
    case TESSERA_ROLE_LIST_ITEM: return ATK_ROLE_LIST_ITEM;
    case TESSERA_ROLE_LIVE_REGION: return ATK_ROLE_NOTIFICATION;
    case TESSERA_ROLE_DIALOG: return ATK_ROLE_DIALOG;
    case TESSERA_ROLE_MENU: return ATK_ROLE_MENU;
    case TESSERA_ROLE_MENU_ITEM: return ATK_ROLE_MENU_ITEM;
    case TESSERA_ROLE_EDITABLE_TEXT: return ATK_ROLE_ENTRY;
    default: return ATK_ROLE_UNKNOWN;
    }
}

static AtkRole get_role(AtkObject *obj) {
    if (NODE(obj) == APPLICATION_NODE) return ATK_ROLE_APPLICATION;
    return atk_role(app.role(app.context, NODE(obj)));
}

static gint get_n_children(AtkObject *obj) {
    if (NODE(obj) == APPLICATION_NODE) return 1;
    return app.child_count(app.context, NODE(obj));
}

static AtkObject *ref_child(AtkObject *obj, gint i) {
    gint64 child = NODE(obj) == APPLICATION_NODE ? (i == 0 ? 0 : -1) : app.child_at(app.context, NODE(obj), i);
    if (child < 0) return NULL;
    return g_object_ref(object_for(child));
}

static AtkObject *get_parent(AtkObject *obj) {
    if (NODE(obj) == APPLICATION_NODE) return NULL;
    if (NODE(obj) == 0) return application;
    gint64 parent = app.parent_of(app.context, NODE(obj));
    return parent < 0 ? application : object_for(parent);
}

static gint get_index_in_parent(AtkObject *obj) {
    if (NODE(obj) <= 0) return 0;
    return app.index_in_parent(app.context, NODE(obj));
}

static AtkStateSet *ref_state_set(AtkObject *obj) {
    AtkStateSet *set = atk_state_set_new();
    if (NODE(obj) == APPLICATION_NODE) return set;
    static const struct { uint64_t bit; AtkStateType state; } map[] = {
        {TESSERA_STATE_ENABLED, ATK_STATE_ENABLED}, {TESSERA_STATE_ENABLED, ATK_STATE_SENSITIVE},
        {TESSERA_STATE_VISIBLE, ATK_STATE_VISIBLE}, {TESSERA_STATE_SHOWING, ATK_STATE_SHOWING},
        {TESSERA_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {TESSERA_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {TESSERA_STATE_SELECTABLE, ATK_STATE_SELECTABLE}, {TESSERA_STATE_SELECTED, ATK_STATE_SELECTED},
        {TESSERA_STATE_CHECKED, ATK_STATE_CHECKED}, {TESSERA_STATE_ACTIVE, ATK_STATE_ACTIVE},
        {TESSERA_STATE_EDITABLE, ATK_STATE_EDITABLE},
    };
    uint64_t bits = app.states(app.context, NODE(obj));
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
        if (bits & map[k].bit) atk_state_set_add_state(set, map[k].state);
    }
    return set;
}

static AtkAttributeSet *get_attributes(AtkObject *obj) {
    if (NODE(obj) == APPLICATION_NODE || !app.attributes) return NULL;
    char *text = app.attributes(app.context, NODE(obj));
    if (!text) return NULL;
    AtkAttributeSet *set = NULL;
    gchar **lines = g_strsplit(text, "\n", -1);
    for (gchar **line = lines; *line; line++) {
        gchar *eq = strchr(*line, '=');
        if (!eq) continue;
        AtkAttribute *attribute = g_new(AtkAttribute, 1);
        attribute->name = g_strndup(*line, (gsize)(eq - *line));
        attribute->value = g_strdup(eq + 1);
        set = g_slist_prepend(set, attribute);
    }
    g_strfreev(lines);
    free(text);
    return set;
}

static void finalize(GObject *obj) {
    TesseraAccessible *a = (TesseraAccessible *)obj;
    g_free(a->name); g_free(a->description); g_free(a->action); g_free(a->text);
    G_OBJECT_CLASS(tessera_accessible_parent_class)->finalize(obj);
}

static void tessera_accessible_class_init(TesseraAccessibleClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = finalize;
    atk->get_name = get_name;
    atk->get_description = get_description;
    atk->get_role = get_role;
    atk->get_n_children = get_n_children;
    atk->ref_child = ref_child;
    atk->get_parent = get_parent;
    atk->get_index_in_parent = get_index_in_parent;
    atk->ref_state_set = ref_state_set;
    atk->get_attributes = get_attributes;
}

static void tessera_accessible_init(TesseraAccessible *a) { a->node = 0; }
static void tessera_text_accessible_class_init(TesseraTextAccessibleClass *klass) { (void)klass; }
static void tessera_text_accessible_init(TesseraTextAccessible *a) { (void)a; }

// MARK: - Component: where it is on screen

static void get_extents(AtkComponent *c, gint *x, gint *y, gint *w, gint *h, AtkCoordType type) {
    int32_t ex = 0, ey = 0, ew = 0, eh = 0;
    if (NODE(c) != APPLICATION_NODE) app.extents(app.context, NODE(c), &ex, &ey, &ew, &eh);
    if (type == ATK_XY_WINDOW && NODE(c) > 0) {
        // Relative to the window: the frame's own screen position taken off.
        int32_t fx = 0, fy = 0, fw = 0, fh = 0;
        app.extents(app.context, 0, &fx, &fy, &fw, &fh);
        ex -= fx; ey -= fy;
    } else if (type == ATK_XY_WINDOW && NODE(c) == 0) {
        ex = 0; ey = 0;
    }
    *x = ex; *y = ey; *w = ew; *h = eh;
}

static void component_init(AtkComponentIface *iface) { iface->get_extents = get_extents; }

// MARK: - Actions: activate (open), menu

static gint get_n_actions(AtkAction *a) {
    return NODE(a) == APPLICATION_NODE ? 0 : app.action_count(app.context, NODE(a));
}

static const gchar *get_action_name(AtkAction *a, gint i) {
    if (NODE(a) == APPLICATION_NODE) return NULL;
    return keep(&((TesseraAccessible *)a)->action, app.action_name(app.context, NODE(a), i));
}

static gboolean do_action(AtkAction *a, gint i) {
    return NODE(a) != APPLICATION_NODE && app.do_action(app.context, NODE(a), i) != 0;
}

static void action_init(AtkActionIface *iface) {
    iface->get_n_actions = get_n_actions;
    iface->get_name = get_action_name;
    iface->do_action = do_action;
}

// MARK: - Text: the node's name, as text

static gchar *get_text(AtkText *t, gint start, gint end) {
    const gchar *name = get_name(ATK_OBJECT(t));
    if (!name) return g_strdup("");
    glong length = g_utf8_strlen(name, -1);
    if (end < 0 || end > length) end = (gint)length;
    if (start < 0) start = 0;
    if (start > end) start = end;
    return g_utf8_substring(name, start, end);
}

static gint get_character_count(AtkText *t) {
    const gchar *name = get_name(ATK_OBJECT(t));
    return name ? (gint)g_utf8_strlen(name, -1) : 0;
}

static gint get_caret_offset(AtkText *t) { (void)t; return -1; }

static void text_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_character_count = get_character_count;
    iface->get_caret_offset = get_caret_offset;
}

// MARK: - Objects by handle

static AtkObject *object_for(gint64 node) {
    AtkObject *obj = g_hash_table_lookup(objects, &node);
    if (obj) return obj;
    int32_t role = node == APPLICATION_NODE ? -1 : app.role(app.context, node);
    GType type = (role == TESSERA_ROLE_LIVE_REGION || role == TESSERA_ROLE_EDITABLE_TEXT)
        ? tessera_text_accessible_get_type() : tessera_accessible_get_type();
    obj = g_object_new(type, NULL);
    NODE(obj) = node;
    atk_object_initialize(obj, NULL);
    gint64 *key = g_new(gint64, 1);
    *key = node;
    g_hash_table_insert(objects, key, obj);
    return obj;
}

// MARK: - Where the bridge finds the application

static AtkObject *util_get_root(void) { return application; }
static const gchar *util_toolkit_name(void) { return "Tessera"; }
static const gchar *util_toolkit_version(void) { return "1"; }

int tessera_a11y_start(const TesseraA11yCallbacks *callbacks) {
    if (started) return 0;
    app = *callbacks;
    objects = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    AtkUtilClass *util = ATK_UTIL_CLASS(g_type_class_ref(ATK_TYPE_UTIL));
    util->get_root = util_get_root;
    util->get_toolkit_name = util_toolkit_name;
    util->get_toolkit_version = util_toolkit_version;
    application = object_for(APPLICATION_NODE);
    g_main_context_acquire(g_main_context_default());
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) return 1;
    started = 1;
    return 0;
}

// MARK: - Telling the screen reader what changed

void tessera_a11y_focus(int64_t node) {
    if (!started) return;
    AtkObject *obj = object_for(node);
    atk_object_notify_state_change(obj, ATK_STATE_FOCUSED, TRUE);
}

// A live region's new text (the caption of a move): its name changes, and its text is replaced.
void tessera_a11y_text(int64_t node, const char *text) {
    if (!started) return;
    AtkObject *obj = object_for(node);
    TesseraAccessible *a = (TesseraAccessible *)obj;
    gint old = a->text ? (gint)g_utf8_strlen(a->text, -1) : 0;
    g_free(a->text);
    a->text = g_strdup(text);
    if (old > 0) g_signal_emit_by_name(obj, "text-changed::delete", 0, old);
    atk_object_set_name(obj, text);
    g_signal_emit_by_name(obj, "text-changed::insert", 0, (gint)g_utf8_strlen(text, -1));
}

// MARK: - GLib's main context, iterated from the app's poll loop

static gint prepared_priority;

int tessera_a11y_prepare(struct pollfd *fds, int max, int *timeout_ms) {
    if (!started) return 0;
    GMainContext *context = g_main_context_default();
    g_main_context_prepare(context, &prepared_priority);
    return g_main_context_query(context, prepared_priority, timeout_ms, (GPollFD *)fds, max);
}

void tessera_a11y_dispatch(struct pollfd *fds, int count) {
    if (!started) return;
    GMainContext *context = g_main_context_default();
    if (g_main_context_check(context, prepared_priority, (GPollFD *)fds, count)) g_main_context_dispatch(context);
}
