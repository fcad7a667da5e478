#include "CSQLite.h"
#include <string.h>

int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

int csqlite_load(sqlite3 *database, const unsigned char *bytes, sqlite3_int64 length) {
    unsigned char *owned = sqlite3_malloc64((sqlite3_uint64)length);
    if (owned == NULL) return SQLITE_NOMEM;
    memcpy(owned, bytes, (size_t)length);
    return sqlite3_deserialize(database, "main", owned, length, length,
                               SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
}

unsigned char *csqlite_save(sqlite3 *database, sqlite3_int64 *length) {
    *length = 0;
    return sqlite3_serialize(database, "main", length, 0);
}
