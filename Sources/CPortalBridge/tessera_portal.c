// The XDG desktop portal's appearance settings (org.freedesktop.portal.Settings on the session
// bus), read with GIO's GDBus: one ReadAll of "org.freedesktop.appearance", then every
// SettingChanged. Everything is asynchronous and runs on a main context of our own, which the
// app iterates from its poll loop (tessera_portal_prepare / _dispatch), so a slow or missing
// portal never blocks a frame. GLib's default context is left to the accessibility bridge.
#include <gio/gio.h>
#include <string.h>
#include "tessera_portal.h"

static TesseraPortalCallbacks app;
static GMainContext *context;
static GDBusConnection *bus;
static gint prepared_priority;
static int started;

static const char *const appearance = "org.freedesktop.appearance";

// A setting's value: the portal wraps it in a variant (ReadAll: a{sv}; the old Read: v in v).
static void report(const char *key, GVariant *value) {
    GVariant *v = g_variant_ref(value);
    while (g_variant_is_of_type(v, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(v);
        g_variant_unref(v);
        v = inner;
    }
    if (strcmp(key, "color-scheme") == 0 || strcmp(key, "contrast") == 0) {
        if (g_variant_is_of_type(v, G_VARIANT_TYPE_UINT32)) {
            guint32 n = g_variant_get_uint32(v);
            if (strcmp(key, "color-scheme") == 0) app.color_scheme(app.context, n);
            else app.contrast(app.context, n);
        } else {
            app.refused(app.context, key, g_variant_get_type_string(v));
        }
    } else if (strcmp(key, "accent-color") == 0) {
        if (g_variant_is_of_type(v, G_VARIANT_TYPE("(ddd)"))) {
            gdouble r, g, b;
            g_variant_get(v, "(ddd)", &r, &g, &b);
            app.accent_color(app.context, r, g, b);
        } else {
            app.refused(app.context, key, g_variant_get_type_string(v));
        }
    }
    g_variant_unref(v);
}

void tessera_portal_decode_value(const TesseraPortalCallbacks *callbacks, const char *key, void *value) {
    app = *callbacks;
    report(key, (GVariant *)value);
}

// ReadAll's reply, (a{sa{sv}}): each appearance setting reported, other namespaces skipped.
static void decode_read_all(GVariant *reply) {
    GVariant *namespaces = g_variant_get_child_value(reply, 0);
    GVariantIter outer;
    const gchar *ns;
    GVariant *settings;
    g_variant_iter_init(&outer, namespaces);
    while (g_variant_iter_next(&outer, "{&s@a{sv}}", &ns, &settings)) {
        if (strcmp(ns, appearance) == 0) {
            GVariantIter inner;
            const gchar *key;
            GVariant *value;
            g_variant_iter_init(&inner, settings);
            while (g_variant_iter_next(&inner, "{&sv}", &key, &value)) {
                report(key, value);
                g_variant_unref(value);
            }
        }
        g_variant_unref(settings);
    }
    g_variant_unref(namespaces);
}

void tessera_portal_decode_read_all(const TesseraPortalCallbacks *callbacks, void *reply) {
    app = *callbacks;
    decode_read_all((GVariant *)reply);
}

static void read_all_done(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(bus, result, &error);
    if (!reply) {
        g_error_free(error);            // no portal, or one without Settings: not an error to report
        app.answered(app.context, 0);
        return;
    }
    decode_read_all(reply);
    g_variant_unref(reply);
    app.answered(app.context, 1);
}

static void setting_changed(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                            const gchar *signal, GVariant *parameters, gpointer data) {
    (void)connection; (void)sender; (void)path; (void)interface; (void)signal; (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return;
    const gchar *ns, *key;
    GVariant *value;
    g_variant_get(parameters, "(&s&sv)", &ns, &key, &value);
    if (strcmp(ns, appearance) == 0) report(key, value);
    g_variant_unref(value);
}

static void bus_ready(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    GError *error = NULL;
    bus = g_bus_get_finish(result, &error);
    if (!bus) {
        g_error_free(error);
        app.answered(app.context, 0);
        return;
    }
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings",
                                       "SettingChanged", "/org/freedesktop/portal/desktop", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, setting_changed, NULL, NULL);
    const gchar *wanted[] = { appearance, NULL };
    // 5 s: a portal that has not answered by then is not coming (a later SettingChanged still is).
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                           "org.freedesktop.portal.Settings", "ReadAll", g_variant_new("(^as)", wanted),
                           G_VARIANT_TYPE("(a{sa{sv}})"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, read_all_done, NULL);
}

int tessera_portal_start(const TesseraPortalCallbacks *callbacks) {
    if (started) return 0;
    app = *callbacks;
    context = g_main_context_new();
    g_main_context_acquire(context);
    // Asynchronous calls answer on the context that is the thread's default when they are made.
    g_main_context_push_thread_default(context);
    g_bus_get(G_BUS_TYPE_SESSION, NULL, bus_ready, NULL);
    g_main_context_pop_thread_default(context);
    started = 1;
    return 0;
}

int tessera_portal_prepare(struct pollfd *fds, int max, int *timeout_ms) {
    if (!started) return 0;
    g_main_context_prepare(context, &prepared_priority);
    return g_main_context_query(context, prepared_priority, timeout_ms, (GPollFD *)fds, max);
}

void tessera_portal_dispatch(struct pollfd *fds, int count) {
    if (!started) return;
    g_main_context_push_thread_default(context);
    if (g_main_context_check(context, prepared_priority, (GPollFD *)fds, count)) g_main_context_dispatch(context);
    g_main_context_pop_thread_default(context);
}
