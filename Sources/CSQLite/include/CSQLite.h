// SQLite for the C functions rtsh gives the code it runs (sqlite3_open, sqlite3_step, ...).
//
// Swift sees sqlite3.h's functions as they are; the helpers here do what Swift cannot
// spell: SQLITE_TRANSIENT is a function pointer cast from -1, and a database read from
// bytes (sqlite3_deserialize) must own memory from sqlite3_malloc64.

#ifndef CSQLITE_H
#define CSQLITE_H

#include <sqlite3.h>

/// sqlite3_bind_text with SQLITE_TRANSIENT: SQLite copies the text before this returns.
int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length);

/// sqlite3_bind_blob with SQLITE_TRANSIENT: SQLite copies the bytes before this returns.
int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length);

/// Makes `database`'s main schema the database file whose bytes are given (copied into
/// memory SQLite owns and frees), writable and free to grow. SQLITE_OK, or SQLite's error.
int csqlite_load(sqlite3 *database, const unsigned char *bytes, sqlite3_int64 length);

/// The bytes of `database`'s main schema as a database file, in memory the caller frees
/// with sqlite3_free; NULL (with *length 0) for a database with no pages yet.
unsigned char *csqlite_save(sqlite3 *database, sqlite3_int64 *length);

#endif
