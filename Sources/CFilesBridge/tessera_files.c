// The app's files helper: pictures of image files (gdk-pixbuf, decoded at the size shown),
// freedesktop thumbnails read and written (PNG with the spec's tEXt keys), a file's content type
// and icon names (GIO, shared-mime-info), SVG icons (librsvg) and the default application for a
// URI (GIO). Loaded with dlopen the first time a tile made from a file or link is drawn or
// opened; every function is safe on any thread and keeps no state.
#include <cairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <librsvg/rsvg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tessera_files.h"

static void say(char *message, int32_t len, const char *text) {
    if (message && len > 0) g_strlcpy(message, text ? text : "unknown error", (gsize)len);
}

// A pixbuf's RGB(A) turned into Cairo's premultiplied ARGB32 words.
static int from_pixbuf(GdkPixbuf *pb, TesseraPixels *out) {
    int w = gdk_pixbuf_get_width(pb), h = gdk_pixbuf_get_height(pb);
    int n = gdk_pixbuf_get_n_channels(pb), rs = gdk_pixbuf_get_rowstride(pb);
    int alpha = gdk_pixbuf_get_has_alpha(pb);
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w);
    if (w <= 0 || h <= 0 || stride <= 0 || gdk_pixbuf_get_bits_per_sample(pb) != 8 || n < 3) return -1;
    unsigned char *data = malloc((size_t)stride * (size_t)h);
    if (!data) return -1;
    const guchar *src = gdk_pixbuf_read_pixels(pb);
    for (int y = 0; y < h; y++) {
        const guchar *s = src + (size_t)y * (size_t)rs;
        uint32_t *d = (uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++, s += n) {
            uint32_t a = alpha ? s[3] : 255;
            uint32_t r = s[0], g = s[1], b = s[2];
            if (a != 255) {
                r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255;
            }
            d[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    out->data = data; out->width = w; out->height = h; out->stride = stride;
    return 0;
}

// Cairo's premultiplied words back into a pixbuf with alpha (for saving a thumbnail).
static GdkPixbuf *to_pixbuf(const TesseraPixels *p) {
    GdkPixbuf *pb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, TRUE, 8, p->width, p->height);
    if (!pb) return NULL;
    guchar *dst = gdk_pixbuf_get_pixels(pb);
    int rs = gdk_pixbuf_get_rowstride(pb);
    for (int y = 0; y < p->height; y++) {
        const uint32_t *s = (const uint32_t *)(p->data + (size_t)y * (size_t)p->stride);
        guchar *d = dst + (size_t)y * (size_t)rs;
        for (int x = 0; x < p->width; x++, d += 4) {
            uint32_t v = s[x], a = v >> 24;
            uint32_t r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            }
            d[0] = (guchar)(r > 255 ? 255 : r); d[1] = (guchar)(g > 255 ? 255 : g);
            d[2] = (guchar)(b > 255 ? 255 : b); d[3] = (guchar)a;
        }
    }
    return pb;
}

int32_t tessera_files_image_info(const char *path, char *format, int32_t format_len, int32_t *width, int32_t *height) {
    gint w = 0, h = 0;
    GdkPixbufFormat *f = gdk_pixbuf_get_file_info(path, &w, &h);
    if (!f) return 0;
    gchar *name = gdk_pixbuf_format_get_name(f);
    say(format, format_len, name);
    g_free(name);
    *width = w; *height = h;
    return 1;
}

// Asks the loader for the image at a size that fits in side x side (a JPEG loader then decodes
// at 1/2, 1/4 or 1/8 scale itself), never larger than it is.
static void fit_size(GdkPixbufLoader *loader, gint w, gint h, gpointer data) {
    int side = GPOINTER_TO_INT(data);
    if (w <= 0 || h <= 0 || (w <= side && h <= side)) return;
    double k = w > h ? (double)side / w : (double)side / h;
    int nw = (int)(w * k + 0.5), nh = (int)(h * k + 0.5);
    gdk_pixbuf_loader_set_size(loader, nw < 1 ? 1 : nw, nh < 1 ? 1 : nh);
}

int32_t tessera_files_decode(const char *path, int32_t side, TesseraPixels *out, char *message, int32_t message_len) {
    GError *error = NULL;
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        say(message, message_len, g_strerror(errno));
        return -1;
    }
    // Fed in chunks: a large file is never held whole besides its (reduced) picture.
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(fit_size), GINT_TO_POINTER(side));
    guchar chunk[65536];
    gboolean ok = TRUE;
    size_t n;
    while (ok && (n = fread(chunk, 1, sizeof chunk, f)) > 0) ok = gdk_pixbuf_loader_write(loader, chunk, n, &error);
    int short_read = ok && ferror(f);
    if (short_read) ok = FALSE;
    fclose(f);
    if (ok) ok = gdk_pixbuf_loader_close(loader, &error);
    else gdk_pixbuf_loader_close(loader, NULL);
    GdkPixbuf *pb = ok ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (!pb) {
        say(message, message_len, error ? error->message
                                  : short_read ? "the file could not be read to its end" : "the image holds no picture");
        if (error) g_error_free(error);
        g_object_unref(loader);
        return -1;
    }
    // Cameras store a photo on its side and say so in EXIF; viewers turn it upright.
    GdkPixbuf *upright = gdk_pixbuf_apply_embedded_orientation(pb);
    int status = upright ? from_pixbuf(upright, out) : -1;
    if (upright) g_object_unref(upright);
    g_object_unref(loader);
    if (status != 0) say(message, message_len, "the picture is in a form that cannot be shown");
    return status;
}

int32_t tessera_files_read_thumbnail(const char *path, TesseraPixels *out, char *uri, int32_t uri_len, int64_t *mtime) {
    memset(out, 0, sizeof *out);
    GdkPixbuf *pb = gdk_pixbuf_new_from_file(path, NULL);
    if (!pb) return -1;
    const gchar *u = gdk_pixbuf_get_option(pb, "tEXt::Thumb::URI");
    const gchar *m = gdk_pixbuf_get_option(pb, "tEXt::Thumb::MTime");
    say(uri, uri_len, u ? u : "");
    *mtime = m ? g_ascii_strtoll(m, NULL, 10) : -1;
    int status = from_pixbuf(pb, out);
    g_object_unref(pb);
    return status;
}

int32_t tessera_files_write_thumbnail(const char *path, const TesseraPixels *pixels, const char *uri, int64_t mtime,
                                      int64_t size, int32_t image_width, int32_t image_height,
                                      char *message, int32_t message_len) {
    GdkPixbuf *pb = to_pixbuf(pixels);
    if (!pb) { say(message, message_len, "out of memory"); return -1; }
    gchar *m = g_strdup_printf("%" G_GINT64_FORMAT, (gint64)mtime);
    gchar *s = g_strdup_printf("%" G_GINT64_FORMAT, (gint64)size);
    gchar *w = g_strdup_printf("%d", image_width);
    gchar *h = g_strdup_printf("%d", image_height);
    GError *error = NULL;
    gboolean ok = gdk_pixbuf_save(pb, path, "png", &error,
                                  "tEXt::Thumb::URI", uri, "tEXt::Thumb::MTime", m, "tEXt::Thumb::Size", s,
                                  "tEXt::Thumb::Image::Width", w, "tEXt::Thumb::Image::Height", h,
                                  "tEXt::Software", "Tessera", NULL);
    g_free(m); g_free(s); g_free(w); g_free(h);
    g_object_unref(pb);
    if (!ok) {
        say(message, message_len, error ? error->message : "the thumbnail could not be written");
        if (error) g_error_free(error);
        return -1;
    }
    return 0;
}

void tessera_files_md5(const char *text, char out[33]) {
    gchar *sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1);
    g_strlcpy(out, sum, 33);
    g_free(sum);
}

int32_t tessera_files_icon_names(const char *path, char *content_type, int32_t type_len, char *names, int32_t names_len) {
    // The name and the first bytes, as file managers guess (a file with no data is named only).
    guchar head[4096];
    gsize n = 0;
    FILE *f = fopen(path, "rb");
    if (f) { n = fread(head, 1, sizeof head, f); fclose(f); }
    gboolean uncertain = FALSE;
    gchar *type = g_content_type_guess(path, n > 0 ? head : NULL, n, &uncertain);
    if (!type) return -1;
    say(content_type, type_len, type);
    GString *list = g_string_new(NULL);
    GIcon *icon = g_content_type_get_icon(type);
    if (icon && G_IS_THEMED_ICON(icon)) {
        const gchar *const *all = g_themed_icon_get_names(G_THEMED_ICON(icon));
        for (int i = 0; all && all[i]; i++) g_string_append_printf(list, "%s\n", all[i]);
    }
    if (icon) g_object_unref(icon);
    gchar *generic = g_content_type_get_generic_icon_name(type);
    if (generic) { g_string_append_printf(list, "%s\n", generic); g_free(generic); }
    say(names, names_len, list->str);
    g_string_free(list, TRUE);
    g_free(type);
    return 0;
}

int32_t tessera_files_render_svg(const char *path, int32_t side, TesseraPixels *out, char *message, int32_t message_len) {
    memset(out, 0, sizeof *out);
    GError *error = NULL;
    RsvgHandle *svg = rsvg_handle_new_from_file(path, &error);
    if (!svg) {
        say(message, message_len, error ? error->message : "not an SVG");
        if (error) g_error_free(error);
        return -1;
    }
    gdouble w = side, h = side;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(svg, &w, &h) || w <= 0 || h <= 0) { w = side; h = side; }
    double k = w > h ? side / w : side / h;
    int pw = (int)(w * k + 0.5), ph = (int)(h * k + 0.5);
    if (pw < 1) pw = 1;
    if (ph < 1) ph = 1;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = { 0, 0, pw, ph };
    gboolean ok = rsvg_handle_render_document(svg, cr, &viewport, &error);
    cairo_destroy(cr);
    g_object_unref(svg);
    if (!ok || cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        say(message, message_len, error ? error->message : "the SVG could not be drawn");
        if (error) g_error_free(error);
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_surface_flush(surface);
    int stride = cairo_image_surface_get_stride(surface);
    out->data = malloc((size_t)stride * (size_t)ph);
    if (out->data) memcpy(out->data, cairo_image_surface_get_data(surface), (size_t)stride * (size_t)ph);
    out->width = pw; out->height = ph; out->stride = stride;
    cairo_surface_destroy(surface);
    if (!out->data) { say(message, message_len, "out of memory"); return -1; }
    return 0;
}

int32_t tessera_files_launch(const char *uri, char *message, int32_t message_len) {
    GError *error = NULL;
    if (!g_app_info_launch_default_for_uri(uri, NULL, &error)) {
        say(message, message_len, error ? error->message : "no application opens it");
        if (error) g_error_free(error);
        return -1;
    }
    return 0;
}

void tessera_files_free(void *data) { free(data); }
