#ifndef TESSERA_A11Y_H
#define TESSERA_A11Y_H
#include "../../CA11yAPI/tessera_a11y_api.h"

int tessera_a11y_start(const TesseraA11yCallbacks *callbacks);
void tessera_a11y_focus(int64_t node);
void tessera_a11y_text(int64_t node, const char *text);
int tessera_a11y_prepare(struct pollfd *fds, int max, int *timeout_ms);
void tessera_a11y_dispatch(struct pollfd *fds, int count);
#endif
