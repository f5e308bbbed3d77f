#ifndef TESSERA_PORTAL_H
#define TESSERA_PORTAL_H
#include "../../CPortalAPI/tessera_portal_api.h"
int tessera_portal_start(const TesseraPortalCallbacks *callbacks);
int tessera_portal_prepare(struct pollfd *fds, int max, int *timeout_ms);
void tessera_portal_dispatch(struct pollfd *fds, int count);
#endif
