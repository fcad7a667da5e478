import Shell
import Testing

/// SQLite as an app's event store drives it: a database in the app's Documents, a table
/// made with `sqlite3_exec`, rows inserted through a prepared statement with bound text,
/// blobs and numbers, read back column by column after the database is closed and opened
/// again; `sqlite3_exec`'s callback; and SQLite's own errors.
@Suite("SQLite")
struct SQLiteTests {
    static let store = """
        static NSString *MMDatabasePath(void) {
            return [NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES).firstObject stringByAppendingPathComponent:@"events.db"];
        }
        static int MMCollect(void *rows, int count, char **values, char **names) {
            NSMutableArray *row = [NSMutableArray array];
            for (int i = 0; i < count; i++) [row addObject:[NSString stringWithFormat:@"%s=%s", names[i], values[i] ? values[i] : "NULL"]];
            [(__bridge NSMutableArray *)rows addObject:[row componentsJoinedByString:@","]];
            return [(__bridge NSMutableArray *)rows count] >= 2;
        }
        """

    @Test func rowsWrittenThroughAPreparedStatementAreReadBackAfterReopening() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Self.store) == [])
        #expect(shell.run(
            "sqlite3 *db = NULL; char *error = NULL; sqlite3_stmt *insert = NULL;",
            "@[@(sqlite3_open([MMDatabasePath() UTF8String], &db)), @(db != NULL)]",
            "sqlite3_exec(db, \"CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, payload BLOB, score REAL)\", NULL, NULL, &error)",
            "sqlite3_prepare_v2(db, \"INSERT INTO events (name, payload, score) VALUES (?, ?, ?)\", -1, &insert, NULL)",
            "NSData *payload = [@\"hi\" dataUsingEncoding:NSUTF8StringEncoding]; sqlite3_bind_text(insert, 1, [@\"launch\" UTF8String], -1, SQLITE_TRANSIENT); sqlite3_bind_blob(insert, 2, payload.bytes, (int)payload.length, SQLITE_TRANSIENT); sqlite3_bind_double(insert, 3, 2.5); sqlite3_step(insert) == SQLITE_DONE",
            "sqlite3_reset(insert); sqlite3_bind_text(insert, 1, \"tapped\", 3, SQLITE_STATIC); sqlite3_bind_null(insert, 2); sqlite3_bind_int(insert, 3, 7); @[@(sqlite3_step(insert)), @(sqlite3_last_insert_rowid(db)), @(sqlite3_changes(db))]",
            "@[@(sqlite3_finalize(insert)), @(sqlite3_close(db)), @([[NSFileManager defaultManager] fileExistsAtPath:MMDatabasePath()])]",
        ) == ["@[0, YES]", "0", "0", "0", "0", "0", "YES", "0", "0", "0", "0", "@[101, 2, 1]", "@[0, 0, YES]"])
        // Opened again, the database is the file the first connection left.
        #expect(shell.run(
            "sqlite3 *again = NULL; sqlite3_open_v2([MMDatabasePath() UTF8String], &again, SQLITE_OPEN_READONLY, NULL)",
            "sqlite3_stmt *query = NULL; sqlite3_prepare_v2(again, \"SELECT id, name, payload, score FROM events ORDER BY id\", -1, &query, NULL)",
            """
            NSMutableArray *rows = [NSMutableArray array];
            while (sqlite3_step(query) == SQLITE_ROW) {
                const void *blob = sqlite3_column_blob(query, 2);
                NSData *bytes = blob ? [NSData dataWithBytes:blob length:sqlite3_column_bytes(query, 2)] : nil;
                [rows addObject:@[@(sqlite3_column_int64(query, 0)), [NSString stringWithUTF8String:(const char *)sqlite3_column_text(query, 1)], bytes ? [[NSString alloc] initWithData:bytes encoding:NSUTF8StringEncoding] : [NSNull null], @(sqlite3_column_double(query, 3)), @(sqlite3_column_type(query, 2))]];
            }
            [rows copy]
            """,
            "@[@(sqlite3_column_count(query)), [NSString stringWithUTF8String:sqlite3_column_name(query, 1)], @(sqlite3_finalize(query))]",
            // Opened read only, it refuses a change.
            "@[@(sqlite3_exec(again, \"DELETE FROM events\", NULL, NULL, NULL)), @(sqlite3_close(again))]",
        ) == ["0", "0", "@[@[1, \"launch\", \"hi\", 2.5, 4], @[2, \"tap\", <NSNull: 0xa>, 7.0, 5]]", "@[4, \"name\", 0]", "@[8, 0]"])
    }

    @Test func execCallsTheCallbackWithEachRowUntilItAnswersNonZero() throws {
        let shell = try ShellHarness()
        shell.run(Self.store)
        #expect(shell.run(
            "sqlite3 *db = NULL; sqlite3_open(\":memory:\", &db); char *error = NULL;",
            "sqlite3_exec(db, \"CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'x'); INSERT INTO t VALUES (2, NULL); INSERT INTO t VALUES (3, 'z');\", NULL, NULL, &error)",
            "NSMutableArray *rows = [NSMutableArray array]; @[@(sqlite3_exec(db, \"SELECT a, b FROM t ORDER BY a\", MMCollect, (__bridge void *)rows, &error)), [rows copy]]",
            "@[@(sqlite3_exec(db, \"SELECT nonsense FROM nowhere\", NULL, NULL, &error)), [NSString stringWithUTF8String:error], [NSString stringWithUTF8String:sqlite3_errmsg(db)]]",
            // No other connection holds the database: a busy handler is taken and never called.
            "sqlite3_busy_handler(db, NULL, NULL)",
            "sqlite3_free(error); sqlite3_close(db)",
        ) == ["0", "0", "@[4, @[\"a=1,b=x\", \"a=2,b=NULL\"]]", "@[1, \"no such table: nowhere\", \"no such table: nowhere\"]", "0", "0"])
    }

    /// Tests written for the simulator keep their databases in its host's `/private/tmp`,
    /// which is in memory here as the app's container is.
    @Test func aDatabaseInTheSimulatorsHostTemporaryDirectoryIsKept() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "sqlite3 *db = NULL; @[@(sqlite3_open(\"/private/tmp/tmp.db\", &db)), @(sqlite3_exec(db, \"CREATE TABLE t (a)\", NULL, NULL, NULL)), @(sqlite3_close(db))]",
            "[[NSFileManager defaultManager] fileExistsAtPath:@\"/private/tmp/tmp.db\"]"
        ) == ["@[0, 0, 0]", "YES"])
    }

    /// A transaction committed by a prepared statement, as a wrapper's `commit` runs one, is
    /// written to the file, as one committed through `sqlite3_exec` is.
    @Test func aTransactionCommittedByAPreparedStatementIsSaved() throws {
        let shell = try ShellHarness()
        shell.run(Self.store)
        let lines = shell.run(
            "sqlite3 *db = NULL; sqlite3_open([MMDatabasePath() UTF8String], &db); sqlite3_exec(db, \"CREATE TABLE t (a); BEGIN; INSERT INTO t VALUES (1);\", NULL, NULL, NULL);",
            "sqlite3_stmt *commit = NULL; sqlite3_prepare_v2(db, \"COMMIT\", -1, &commit, NULL); @[@(sqlite3_step(commit)), @(sqlite3_finalize(commit))]",
            "sqlite3 *reader = NULL; sqlite3_open([MMDatabasePath() UTF8String], &reader); sqlite3_stmt *count = NULL; sqlite3_prepare_v2(reader, \"SELECT count(*) FROM t\", -1, &count, NULL); sqlite3_step(count); sqlite3_column_int(count, 0)",
        )
        #expect(lines.contains("@[101, 0]"))
        #expect(lines.last == "1")
    }

    @Test func aDatabaseThatCannotBeOpenedSaysWhyAndARolledBackChangeIsNotSaved() throws {
        let shell = try ShellHarness()
        shell.run(Self.store)
        #expect(shell.run(
            "sqlite3 *missing = NULL; sqlite3_open_v2(\"/var/mobile/Containers/Data/Application/rtsh/Documents/none/x.db\", &missing, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL)",
            "@[[NSString stringWithUTF8String:sqlite3_errmsg(missing)], @(sqlite3_errcode(missing)), @(sqlite3_close(missing))]",
            "sqlite3 *absent = NULL; @[@(sqlite3_open_v2([MMDatabasePath() UTF8String], &absent, SQLITE_OPEN_READWRITE, NULL)), @([[NSFileManager defaultManager] fileExistsAtPath:MMDatabasePath()])]",
            "sqlite3_close(absent); sqlite3 *db = NULL; sqlite3_open([MMDatabasePath() UTF8String], &db); sqlite3_exec(db, \"CREATE TABLE t (a)\", NULL, NULL, NULL)",
            "sqlite3_exec(db, \"BEGIN; INSERT INTO t VALUES (1);\", NULL, NULL, NULL); sqlite3_get_autocommit(db)",
            "sqlite3_exec(db, \"ROLLBACK\", NULL, NULL, NULL); sqlite3_close(db)",
            "sqlite3_open([MMDatabasePath() UTF8String], &db); sqlite3_stmt *count = NULL; sqlite3_prepare_v2(db, \"SELECT count(*) FROM t\", -1, &count, NULL); sqlite3_step(count); sqlite3_column_int(count, 0)",
            "sqlite3_finalize(count); sqlite3_close(db); [[NSFileManager defaultManager] removeItemAtPath:MMDatabasePath() error:NULL]; sqlite3_open([MMDatabasePath() UTF8String], &db); sqlite3_exec(db, \"SELECT * FROM t\", NULL, NULL, NULL)",
        ) == [
            "14", "@[\"unable to open database file\", 14, 0]", "@[14, NO]", "0", "0", "0",
            // Inside the transaction, then rolled back: the table reopened holds no row.
            "0", "0", "0", "0", "0", "0", "100", "0",
            // The file removed, the database opened again is a new one, without the table.
            "0", "0", "YES", "0", "1",
        ])
        #expect(shell.run("sqlite3_step(42)").first?.contains("sqlite3_step takes a statement, as in sqlite3_step(statement)") == true)
        // The header's version, which code tests before calling what a later SQLite added.
        #expect(shell.run("#if SQLITE_VERSION_NUMBER >= 3005000\nYES\n#else\nNO\n#endif", "strcmp(SQLITE_VERSION, sqlite3_libversion()) == 0") == ["YES", "YES"])
        // NULL handles answer as SQLite answers them: a closed database's last error is "out of memory".
        #expect(shell.run(
            "sqlite3 *closed = NULL; sqlite3_stmt *none = 0x00; @[@(sqlite3_step(NULL)), @(sqlite3_finalize(none)), @(sqlite3_errcode(closed)), [NSString stringWithUTF8String:sqlite3_errmsg(closed)], @(sqlite3_close(closed))]"
        ) == ["@[21, 0, 7, \"out of memory\", 0]"])
        // The statements a connection still has, walked to finalize them; its limits.
        #expect(shell.run(
            "sqlite3 *db = NULL; sqlite3_open(\":memory:\", &db); sqlite3_stmt *a = NULL, *b = NULL; sqlite3_prepare_v2(db, \"SELECT 1\", -1, &a, NULL); sqlite3_prepare_v2(db, \"SELECT 2\", -1, &b, NULL);",
            "@[@(sqlite3_next_stmt(db, NULL) == a), @(sqlite3_next_stmt(db, a) == b), @(sqlite3_next_stmt(db, b) == NULL)]",
            "sqlite3_stmt *next; int finalized = 0; while ((next = sqlite3_next_stmt(db, NULL)) != 0) { sqlite3_finalize(next); finalized++; } finalized",
            "@[@(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 100)), @(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1))]"
        ).suffix(3) == ["@[YES, YES, YES]", "2", "@[1000000000, 100]"])
    }
}
