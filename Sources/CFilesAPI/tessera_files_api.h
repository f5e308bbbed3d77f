#ifndef TESSERA_FILES_API_H
#define TESSERA_FILES_API_H
// What the app and its files helper (libTesseraFiles.so: gdk-pixbuf, librsvg, GIO; loaded with
// dlopen the first time a tile made from a file or link is drawn or opened) agree on. Header
// only: the app links none of those libraries. Every function may be called from any thread;
// none keeps state between calls.
#include <stdint.h>

// Pixels in Cairo's ARGB32 layout (premultiplied, native-endian 32-bit words), malloc'd.
typedef struct TesseraPixels {
    unsigned char *data;
    int32_t width, height, stride;
} TesseraPixels;

// The image file's format ("png", "jpeg", ...) and size in pixels, read from its header only.
// 1 when gdk-pixbuf knows the format, else 0.
typedef int32_t (*tessera_files_image_info_fn)(const char *path, char *format, int32_t format_len,
                                               int32_t *width, int32_t *height);
// Decodes an image scaled down (never up) to fit in side x side, turned as its EXIF orientation
// says. A JPEG is decoded at the reduced size itself. 0 when done; else a message.
typedef int32_t (*tessera_files_decode_fn)(const char *path, int32_t side, TesseraPixels *out,
                                           char *message, int32_t message_len);
// A freedesktop thumbnail PNG: its pixels and its Thumb::URI and Thumb::MTime keys ("" and -1
// when absent). 0 when read.
typedef int32_t (*tessera_files_read_thumbnail_fn)(const char *path, TesseraPixels *out,
                                                   char *uri, int32_t uri_len, int64_t *mtime);
// Writes `pixels` as a thumbnail PNG at `path` with the spec's keys (Thumb::URI, Thumb::MTime,
// Thumb::Size, Thumb::Image::Width/Height, Software). 0 when written; else a message.
typedef int32_t (*tessera_files_write_thumbnail_fn)(const char *path, const TesseraPixels *pixels,
                                                    const char *uri, int64_t mtime, int64_t size,
                                                    int32_t image_width, int32_t image_height,
                                                    char *message, int32_t message_len);
// The MD5 of `text` in lower-case hex (33 bytes with the NUL): a thumbnail's file name.
typedef void (*tessera_files_md5_fn)(const char *text, char out[33]);
// The file's content type (shared-mime-info, by name and first bytes) and the icon names the
// desktop gives it, most specific first, one a line. 0 when known.
typedef int32_t (*tessera_files_icon_names_fn)(const char *path, char *content_type, int32_t type_len,
                                               char *names, int32_t names_len);
// An SVG file rendered to fit in side x side. 0 when done; else a message.
typedef int32_t (*tessera_files_render_svg_fn)(const char *path, int32_t side, TesseraPixels *out,
                                               char *message, int32_t message_len);
// Starts the user's default application for `uri` (GIO's default handler). 0 when started;
// else a message that says why not.
typedef int32_t (*tessera_files_launch_fn)(const char *uri, char *message, int32_t message_len);
typedef void (*tessera_files_free_fn)(void *data);
#endif
