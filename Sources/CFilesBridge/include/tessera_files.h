#ifndef TESSERA_FILES_H
#define TESSERA_FILES_H
#include "../../CFilesAPI/tessera_files_api.h"
int32_t tessera_files_image_info(const char *path, char *format, int32_t format_len, int32_t *width, int32_t *height);
int32_t tessera_files_decode(const char *path, int32_t side, TesseraPixels *out, char *message, int32_t message_len);
int32_t tessera_files_read_thumbnail(const char *path, TesseraPixels *out, char *uri, int32_t uri_len, int64_t *mtime);
int32_t tessera_files_write_thumbnail(const char *path, const TesseraPixels *pixels, const char *uri, int64_t mtime,
                                      int64_t size, int32_t image_width, int32_t image_height,
                                      char *message, int32_t message_len);
void tessera_files_md5(const char *text, char out[33]);
int32_t tessera_files_icon_names(const char *path, char *content_type, int32_t type_len, char *names, int32_t names_len);
int32_t tessera_files_render_svg(const char *path, int32_t side, TesseraPixels *out, char *message, int32_t message_len);
int32_t tessera_files_launch(const char *uri, char *message, int32_t message_len);
void tessera_files_free(void *data);
#endif
