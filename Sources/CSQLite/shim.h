#ifndef TESSERA_CSQLITE_SHIM_H
#define TESSERA_CSQLITE_SHIM_H
// The collection's store (TesseraStore): SQLite's C API, through a small wrapper.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bytes before the call returns.
static inline void tessera_sqlite3_bind_text_copy(sqlite3_stmt *s, int i, const char *p, int n) {
    sqlite3_bind_text(s, i, p, n, SQLITE_TRANSIENT);
}
#endif
