#ifndef TESSERA_PORTAL_H
#define TESSERA_PORTAL_H
#include "../../CPortalAPI/tessera_portal_api.h"
int tessera_portal_start(const TesseraPortalCallbacks *callbacks);
int tessera_portal_prepare(struct pollfd *fds, int max, int *timeout_ms);
void tessera_portal_dispatch(struct pollfd *fds, int count);
// For tests: decode a setting's value (a GVariant *) or ReadAll's reply as the client does,
// reporting to `callbacks`.
void tessera_portal_decode_value(const TesseraPortalCallbacks *callbacks, const char *key, void *value);
void tessera_portal_decode_read_all(const TesseraPortalCallbacks *callbacks, void *reply);
#endif
