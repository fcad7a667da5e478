import CSQLite
import Runtime
import UIKitModel

/// SQLite's C interface, as an app's store or an analytics library's event queue calls it
/// (`sqlite3_open`, `sqlite3_prepare_v2`, `sqlite3_bind_text`, `sqlite3_step`,
/// `sqlite3_column_int64`, `sqlite3_finalize`), over the system's SQLite: the SQL runs as
/// SQLite runs it. A database file lives in the app's container (see ``SQLiteDatabases``);
/// one opened outside it (the tree's) is read, and its changes are not written back, as the
/// sandbox refuses. Opening a file that is not there without `SQLITE_OPEN_CREATE`, or in a
/// folder that is not there, fails with `SQLITE_CANTOPEN`.
///
/// A connection and a statement are objects the code holds (`sqlite3 *db`), NULL where
/// SQLite gives NULL. Text comes back as strings (`sqlite3_column_text`), a blob as a
/// pointer to its bytes, `sqlite3_column_bytes` long. `sqlite3_exec` calls the program's
/// callback with each row's values and column names as arrays of C strings; its error
/// message is a string, which `sqlite3_free` lets go. Destructors passed to the bind
/// functions are not called: SQLite copies what is bound (`SQLITE_TRANSIENT`). No other
/// connection holds a database's lock, so a busy handler is accepted and never called.
enum SQLiteFunctions {
    private static let expectations: [String: String] = [
        "sqlite3_open": "a file name and the address of a handle, as in sqlite3_open([path UTF8String], &db)",
        "sqlite3_open_v2": "a file name, the address of a handle, flags and a VFS name (or NULL), as in sqlite3_open_v2([path UTF8String], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL)",
        "sqlite3_close": "a database handle, as in sqlite3_close(db)",
        "sqlite3_close_v2": "a database handle, as in sqlite3_close_v2(db)",
        "sqlite3_exec": "a database, SQL, a callback (or NULL), its argument and the address of an error message (or NULL), as in sqlite3_exec(db, \"CREATE TABLE t (x)\", NULL, NULL, &error)",
        "sqlite3_prepare": "a database, SQL, its length (-1 for all of it), the address of a statement and of the rest (or NULL), as in sqlite3_prepare_v2(db, sql, -1, &statement, NULL)",
        "sqlite3_prepare_v2": "a database, SQL, its length (-1 for all of it), the address of a statement and of the rest (or NULL), as in sqlite3_prepare_v2(db, sql, -1, &statement, NULL)",
        "sqlite3_prepare_v3": "a database, SQL, its length (-1 for all of it), flags, the address of a statement and of the rest (or NULL), as in sqlite3_prepare_v3(db, sql, -1, 0, &statement, NULL)",
        "sqlite3_step": "a statement, as in sqlite3_step(statement)",
        "sqlite3_reset": "a statement, as in sqlite3_reset(statement)",
        "sqlite3_finalize": "a statement, as in sqlite3_finalize(statement)",
        "sqlite3_clear_bindings": "a statement, as in sqlite3_clear_bindings(statement)",
        "sqlite3_bind_int": "a statement, a parameter's index (from 1) and an integer, as in sqlite3_bind_int(statement, 1, 42)",
        "sqlite3_bind_int64": "a statement, a parameter's index (from 1) and an integer, as in sqlite3_bind_int64(statement, 1, 42)",
        "sqlite3_bind_double": "a statement, a parameter's index (from 1) and a number, as in sqlite3_bind_double(statement, 1, 2.5)",
        "sqlite3_bind_null": "a statement and a parameter's index (from 1), as in sqlite3_bind_null(statement, 1)",
        "sqlite3_bind_text": "a statement, a parameter's index (from 1), text, its length in bytes (-1 for all of it) and a destructor, as in sqlite3_bind_text(statement, 1, [name UTF8String], -1, SQLITE_TRANSIENT)",
        "sqlite3_bind_blob": "a statement, a parameter's index (from 1), a pointer to bytes, their count and a destructor, as in sqlite3_bind_blob(statement, 1, data.bytes, (int)data.length, SQLITE_TRANSIENT)",
        "sqlite3_bind_parameter_count": "a statement, as in sqlite3_bind_parameter_count(statement)",
        "sqlite3_bind_parameter_index": "a statement and a parameter's name, as in sqlite3_bind_parameter_index(statement, \":name\")",
        "sqlite3_bind_parameter_name": "a statement and a parameter's index (from 1), as in sqlite3_bind_parameter_name(statement, 1)",
        "sqlite3_column_count": "a statement, as in sqlite3_column_count(statement)",
        "sqlite3_data_count": "a statement, as in sqlite3_data_count(statement)",
        "sqlite3_column_type": "a statement and a column's index (from 0), as in sqlite3_column_type(statement, 0)",
        "sqlite3_column_name": "a statement and a column's index (from 0), as in sqlite3_column_name(statement, 0)",
        "sqlite3_column_decltype": "a statement and a column's index (from 0), as in sqlite3_column_decltype(statement, 0)",
        "sqlite3_column_int": "a statement and a column's index (from 0), as in sqlite3_column_int(statement, 0)",
        "sqlite3_column_int64": "a statement and a column's index (from 0), as in sqlite3_column_int64(statement, 0)",
        "sqlite3_column_double": "a statement and a column's index (from 0), as in sqlite3_column_double(statement, 0)",
        "sqlite3_column_text": "a statement and a column's index (from 0), as in sqlite3_column_text(statement, 0)",
        "sqlite3_column_blob": "a statement and a column's index (from 0), as in sqlite3_column_blob(statement, 0)",
        "sqlite3_column_bytes": "a statement and a column's index (from 0), as in sqlite3_column_bytes(statement, 0)",
        "sqlite3_sql": "a statement, as in sqlite3_sql(statement)",
        "sqlite3_db_handle": "a statement, as in sqlite3_db_handle(statement)",
        "sqlite3_stmt_readonly": "a statement, as in sqlite3_stmt_readonly(statement)",
        "sqlite3_errmsg": "a database handle, as in sqlite3_errmsg(db)",
        "sqlite3_errcode": "a database handle, as in sqlite3_errcode(db)",
        "sqlite3_extended_errcode": "a database handle, as in sqlite3_extended_errcode(db)",
        "sqlite3_errstr": "a result code, as in sqlite3_errstr(SQLITE_BUSY)",
        "sqlite3_last_insert_rowid": "a database handle, as in sqlite3_last_insert_rowid(db)",
        "sqlite3_changes": "a database handle, as in sqlite3_changes(db)",
        "sqlite3_total_changes": "a database handle, as in sqlite3_total_changes(db)",
        "sqlite3_get_autocommit": "a database handle, as in sqlite3_get_autocommit(db)",
        "sqlite3_busy_timeout": "a database handle and milliseconds, as in sqlite3_busy_timeout(db, 100)",
        "sqlite3_busy_handler": "a database handle, a function of its argument and a count (or NULL) and the argument, as in sqlite3_busy_handler(db, &MMBusy, (__bridge void *)self)",
        "sqlite3_extended_result_codes": "a database handle and whether to turn them on, as in sqlite3_extended_result_codes(db, 1)",
        "sqlite3_db_filename": "a database handle and a schema, as in sqlite3_db_filename(db, \"main\")",
        "sqlite3_free": "what SQLite gave (an error message), as in sqlite3_free(error)",
        "sqlite3_libversion": "nothing, as in sqlite3_libversion()",
        "sqlite3_libversion_number": "nothing, as in sqlite3_libversion_number()",
        "sqlite3_threadsafe": "nothing, as in sqlite3_threadsafe()",
        "sqlite3_limit": "a database handle, a limit (SQLITE_LIMIT_...) and its new value (-1 to leave it), as in sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1)",
        "sqlite3_interrupt": "a database handle, as in sqlite3_interrupt(db)",
        "sqlite3_next_stmt": "a database handle and a statement (NULL for the first), as in sqlite3_next_stmt(db, NULL)",
    ]

    /// What SQLite answers when the handle a function takes first is NULL: a misuse for
    /// what needs one, nothing done for what lets go of one, NULL or 0 for what reads one
    /// (as a closed database's last error, which code asks after closing it).
    private static let answersForNull: [String: Value] = {
        var answers: [String: Value] = [
            "sqlite3_step": .int(21), "sqlite3_exec": .int(21), "sqlite3_busy_timeout": .int(21), "sqlite3_busy_handler": .int(21),
            "sqlite3_extended_result_codes": .int(21), "sqlite3_reset": .int(0), "sqlite3_clear_bindings": .int(0), "sqlite3_finalize": .int(0),
            "sqlite3_close": .int(0), "sqlite3_close_v2": .int(0), "sqlite3_errmsg": .string("out of memory"), "sqlite3_errcode": .int(7),
            "sqlite3_extended_errcode": .int(7), "sqlite3_stmt_readonly": .int(1), "sqlite3_column_double": .double(0), "sqlite3_interrupt": .nil,
            "sqlite3_get_autocommit": .int(1), "sqlite3_limit": .int(-1),
        ]
        for name in ["sqlite3_bind_int", "sqlite3_bind_int64", "sqlite3_bind_double", "sqlite3_bind_null", "sqlite3_bind_text", "sqlite3_bind_blob"] {
            answers[name] = .int(21)
        }
        for name in ["sqlite3_column_count", "sqlite3_data_count", "sqlite3_bind_parameter_count", "sqlite3_bind_parameter_index", "sqlite3_column_int",
                     "sqlite3_column_int64", "sqlite3_column_bytes", "sqlite3_column_type", "sqlite3_last_insert_rowid", "sqlite3_changes", "sqlite3_total_changes"] {
            answers[name] = .int(0)
        }
        for name in ["sqlite3_column_text", "sqlite3_column_blob", "sqlite3_column_name", "sqlite3_column_decltype", "sqlite3_sql", "sqlite3_db_handle",
                     "sqlite3_bind_parameter_name", "sqlite3_db_filename", "sqlite3_next_stmt"] {
            answers[name] = .nil
        }
        return answers
    }()

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        // NULL as the code writes it: nil, or a pointer variable set to 0.
        if arguments.first == .nil || arguments.first == .int(0), let answer = answersForNull[name] { return answer }
        let databases = interpreter.context.framework.sqlite, container = interpreter.context.framework.container
        /// The connection argument `index` names.
        func connection(_ index: Int) throws -> (handle: Object, connection: SQLiteDatabases.Connection) {
            guard let handle = call[index].object, let connection = databases.connection(handle) else { throw call.mistake }
            return (handle, connection)
        }
        /// The statement argument `index` names.
        func statement(_ index: Int) throws -> SQLiteDatabases.Statement {
            guard let handle = call[index].object, let statement = databases.statement(handle) else { throw call.mistake }
            return statement
        }
        /// An Int32 argument, as SQLite's `int` parameters take.
        func int32(_ index: Int) throws -> Int32 { Int32(truncatingIfNeeded: try call.integer(index)) }
        /// A new object to hold for a connection or a statement.
        func handle() throws -> Object {
            guard let object = try call.located({ try interpreter.runtime.send("new", to: interpreter.runtime.requireClass(named: "NSObject")) }).object else {
                throw call.mistake
            }
            return object
        }

        switch name {
        case "sqlite3_open", "sqlite3_open_v2":
            try call.expect(name == "sqlite3_open" ? 2 : 4)
            guard let target = try call.pointer(1) else { throw call.mistake }
            let flags = name == "sqlite3_open" ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : try int32(2)
            let (connection, code) = open(try call.string(0), flags: flags, container: container)
            // Without memory for a connection, SQLite writes NULL for the handle.
            guard let connection else {
                target.value = .nil
                return .int(Int(code))
            }
            let object = try handle()
            databases.add(connection, as: object)
            target.value = .object(object)
            return .int(Int(code))
        case "sqlite3_close", "sqlite3_close_v2":
            try call.expect(1)
            let (handle, _) = try connection(0)
            guard let closed = databases.removeConnection(handle) else { throw call.mistake }
            databases.save(closed, to: container)
            // The _v2 form: statements not finalized yet stay usable until they are.
            return .int(Int(sqlite3_close_v2(closed.database)))
        case "sqlite3_exec":
            try call.expect(5)
            let (_, open) = try connection(0)
            let callback: Block? = call[2] == .nil ? nil : try call.block(2)
            let inTransaction = sqlite3_get_autocommit(open.database) == 0
            let (code, message, wrote) = try execute(try call.string(1), on: open.database) { values, names in
                guard let callback else { return false }
                func strings(_ texts: [Value]) -> Value { .reference(Reference(element: 0, of: Reference(.array(texts)))) }
                let answer = try interpreter.call(callback, named: "the callback given to sqlite3_exec", [call[3], .int(values.count), strings(values), strings(names)], at: location)
                return (answer.intValue ?? 0) != 0
            }
            if let errorTarget = try call.pointer(4) { errorTarget.value = message.map(Value.string) ?? .nil }
            // A query that only read leaves the file as it was: nothing to write back, unless it
            // ended a transaction (COMMIT).
            if wrote || inTransaction { databases.save(open, to: container) }
            return .int(Int(code))
        case "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3":
            let hasFlags = name == "sqlite3_prepare_v3"
            try call.expect(hasFlags ? 6 : 5)
            let (connectionHandle, open) = try connection(0)
            let sql = try call.string(1), length = try call.integer(2)
            guard let target = try call.pointer(hasFlags ? 4 : 3) else { throw call.mistake }
            let text = length < 0 ? sql : String(decoding: sql.utf8.prefix(length), as: UTF8.self)
            var prepared: OpaquePointer?
            var consumed = 0
            let code = text.withCString { base in
                var tail: UnsafePointer<CChar>?
                defer { consumed = tail.map { base.distance(to: $0) } ?? 0 }
                return sqlite3_prepare_v2(open.database, base, -1, &prepared, &tail)
            }
            if let prepared {
                let object = try handle()
                databases.add(SQLiteDatabases.Statement(statement: prepared, connection: connectionHandle), as: object)
                target.value = .object(object)
            } else {
                target.value = .nil
            }
            if let rest = try call.pointer(hasFlags ? 5 : 4) { rest.value = .string(String(decoding: text.utf8.dropFirst(consumed), as: UTF8.self)) }
            return .int(Int(code))
        case "sqlite3_step":
            try call.expect(1)
            let prepared = try statement(0)
            // A change is written to the file once it is committed: by the statement itself, or
            // by the COMMIT that ends the transaction it was made in (a read-only statement to SQLite).
            let inTransaction = sqlite3_get_autocommit(sqlite3_db_handle(prepared.statement)) == 0
            let code = sqlite3_step(prepared.statement)
            if code == SQLITE_DONE, sqlite3_stmt_readonly(prepared.statement) == 0 || inTransaction, let open = databases.connection(prepared.connection) {
                databases.save(open, to: container)
            }
            return .int(Int(code))
        case "sqlite3_reset", "sqlite3_clear_bindings", "sqlite3_stmt_readonly", "sqlite3_column_count", "sqlite3_data_count", "sqlite3_bind_parameter_count":
            try call.expect(1)
            let prepared = try statement(0).statement
            let answer = switch name {
            case "sqlite3_reset": sqlite3_reset(prepared)
            case "sqlite3_clear_bindings": sqlite3_clear_bindings(prepared)
            case "sqlite3_stmt_readonly": sqlite3_stmt_readonly(prepared)
            case "sqlite3_column_count": sqlite3_column_count(prepared)
            case "sqlite3_data_count": sqlite3_data_count(prepared)
            default: sqlite3_bind_parameter_count(prepared)
            }
            return .int(Int(answer))
        case "sqlite3_finalize":
            try call.expect(1)
            guard let handle = call[0].object, let finalized = databases.removeStatement(handle) else { throw call.mistake }
            return .int(Int(sqlite3_finalize(finalized.statement)))
        case "sqlite3_sql":
            try call.expect(1)
            return sqlite3_sql(try statement(0).statement).map { .string(String(cString: $0)) } ?? .nil
        case "sqlite3_db_handle":
            try call.expect(1)
            return .object(try statement(0).connection)
        case "sqlite3_bind_int", "sqlite3_bind_int64", "sqlite3_bind_double", "sqlite3_bind_null":
            try call.expect(name == "sqlite3_bind_null" ? 2 : 3)
            let prepared = try statement(0).statement, index = try int32(1)
            let code = switch name {
            case "sqlite3_bind_null": sqlite3_bind_null(prepared, index)
            case "sqlite3_bind_double": sqlite3_bind_double(prepared, index, try call.number(2))
            default: sqlite3_bind_int64(prepared, index, sqlite3_int64(try call.integer(2)))
            }
            return .int(Int(code))
        case "sqlite3_bind_text":
            try call.expect(5)
            let prepared = try statement(0).statement, index = try int32(1), length = try call.integer(3)
            guard call[2] != .nil else { return .int(Int(sqlite3_bind_null(prepared, index))) }
            let text = try call.string(2)
            let bytes = length < 0 ? Array(text.utf8) : Array(text.utf8.prefix(length))
            let code = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) {
                    csqlite_bind_text(prepared, index, $0, Int32(buffer.count))
                }
            }
            return .int(Int(code))
        case "sqlite3_bind_blob":
            try call.expect(5)
            let prepared = try statement(0).statement, index = try int32(1), length = max(0, try call.integer(3))
            guard case .reference(let source) = call[2] else {
                guard call[2] == .nil else { throw call.mistake }
                return .int(Int(sqlite3_bind_null(prepared, index)))
            }
            let bytes = source.elements(upTo: length).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
            let code = bytes.withUnsafeBytes { csqlite_bind_blob(prepared, index, $0.baseAddress, Int32(bytes.count)) }
            return .int(Int(code))
        case "sqlite3_bind_parameter_index":
            try call.expect(2)
            return .int(Int(sqlite3_bind_parameter_index(try statement(0).statement, try call.string(1))))
        case "sqlite3_bind_parameter_name":
            try call.expect(2)
            return sqlite3_bind_parameter_name(try statement(0).statement, try int32(1)).map { .string(String(cString: $0)) } ?? .nil
        case "sqlite3_column_type", "sqlite3_column_int", "sqlite3_column_int64", "sqlite3_column_double", "sqlite3_column_bytes":
            try call.expect(2)
            let prepared = try statement(0).statement, column = try int32(1)
            switch name {
            case "sqlite3_column_type": return .int(Int(sqlite3_column_type(prepared, column)))
            case "sqlite3_column_int": return .int(Int(sqlite3_column_int(prepared, column)))
            case "sqlite3_column_double": return .double(sqlite3_column_double(prepared, column))
            case "sqlite3_column_bytes": return .int(Int(sqlite3_column_bytes(prepared, column)))
            default: return .int(Int(sqlite3_column_int64(prepared, column)))
            }
        case "sqlite3_column_text", "sqlite3_column_name", "sqlite3_column_decltype":
            try call.expect(2)
            let prepared = try statement(0).statement, column = try int32(1)
            if name == "sqlite3_column_text" {
                // NULL for a NULL value, as SQLite answers.
                guard sqlite3_column_type(prepared, column) != SQLITE_NULL, let text = sqlite3_column_text(prepared, column) else { return .nil }
                return .string(String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(prepared, column))), as: UTF8.self))
            }
            let text = name == "sqlite3_column_name" ? sqlite3_column_name(prepared, column) : sqlite3_column_decltype(prepared, column)
            return text.map { .string(String(cString: $0)) } ?? .nil
        case "sqlite3_column_blob":
            try call.expect(2)
            let prepared = try statement(0).statement, column = try int32(1)
            guard let blob = sqlite3_column_blob(prepared, column) else { return .nil }
            let bytes = UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_column_bytes(prepared, column)))
            return .reference(Reference(element: 0, of: Reference(.array(bytes.map { .int(Int($0)) }))))
        case "sqlite3_errmsg", "sqlite3_errcode", "sqlite3_extended_errcode", "sqlite3_last_insert_rowid", "sqlite3_changes",
             "sqlite3_total_changes", "sqlite3_get_autocommit":
            try call.expect(1)
            let (_, open) = try connection(0)
            switch name {
            case "sqlite3_errmsg": return .string(open.failure ?? String(cString: sqlite3_errmsg(open.database)))
            case "sqlite3_errcode": return .int(open.failure == nil ? Int(sqlite3_errcode(open.database)) : Int(SQLITE_CANTOPEN))
            case "sqlite3_extended_errcode": return .int(open.failure == nil ? Int(sqlite3_extended_errcode(open.database)) : Int(SQLITE_CANTOPEN))
            case "sqlite3_last_insert_rowid": return .int(Int(sqlite3_last_insert_rowid(open.database)))
            case "sqlite3_changes": return .int(Int(sqlite3_changes(open.database)))
            case "sqlite3_total_changes": return .int(Int(sqlite3_total_changes(open.database)))
            default: return .int(Int(sqlite3_get_autocommit(open.database)))
            }
        case "sqlite3_busy_timeout", "sqlite3_extended_result_codes":
            try call.expect(2)
            let (_, open) = try connection(0)
            let setting = try int32(1)
            return .int(Int(name == "sqlite3_busy_timeout" ? sqlite3_busy_timeout(open.database, setting) : sqlite3_extended_result_codes(open.database, setting)))
        case "sqlite3_db_filename":
            try call.expect(2)
            _ = try connection(0)
            return call[0].object.flatMap { databases.connection($0)?.file }.map(Value.string) ?? .string("")
        case "sqlite3_limit":
            try call.expect(3)
            let (_, open) = try connection(0)
            return .int(Int(sqlite3_limit(open.database, try int32(1), try int32(2))))
        case "sqlite3_interrupt":
            try call.expect(1)
            sqlite3_interrupt(try connection(0).connection.database)
            return .nil
        case "sqlite3_next_stmt":
            try call.expect(2)
            let (handle, _) = try connection(0)
            let after = call[1].object
            guard call[1] == .nil || after != nil else { throw call.mistake }
            return databases.nextStatement(of: handle, after: after).map(Value.object) ?? .nil
        case "sqlite3_busy_handler":
            try call.expect(3)
            _ = try connection(0)
            guard call[1] == .nil || (try? call.block(1)) != nil else { throw call.mistake }
            return .int(Int(SQLITE_OK))
        case "sqlite3_errstr":
            try call.expect(1)
            return .string(String(cString: sqlite3_errstr(try int32(0))))
        case "sqlite3_free":
            // What SQLite gave the code here is a value, which nothing frees by hand.
            try call.expect(1)
            return .nil
        case "sqlite3_libversion":
            try call.expect(0)
            return .string(String(cString: sqlite3_libversion()))
        case "sqlite3_libversion_number":
            try call.expect(0)
            return .int(Int(sqlite3_libversion_number()))
        default: // sqlite3_threadsafe
            try call.expect(0)
            return .int(Int(sqlite3_threadsafe()))
        }
    }

    /// Opens `file` as SQLite would with `flags`: a database in memory holding the file's
    /// bytes, or a failure to open, which the handle reports until it is closed.
    private static func open(_ file: String, flags: Int32, container: AppContainer) -> (SQLiteDatabases.Connection?, Int32) {
        var database: OpaquePointer?
        let opened = sqlite3_open_v2(":memory:", &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard opened == SQLITE_OK, let database else {
            sqlite3_close_v2(database)
            return (nil, opened == SQLITE_OK ? SQLITE_NOMEM : opened)
        }
        func failed(_ message: String) -> (SQLiteDatabases.Connection?, Int32) {
            (SQLiteDatabases.Connection(database: database, file: nil, failure: message), SQLITE_CANTOPEN)
        }
        if file.isEmpty || file == ":memory:" || file.hasPrefix("file::memory:") {
            return (SQLiteDatabases.Connection(database: database, file: nil, failure: nil), SQLITE_OK)
        }
        let readOnly = flags & SQLITE_OPEN_READWRITE == 0
        if let bytes = container.fileBytes(at: file) {
            if !bytes.isEmpty {
                let loaded = bytes.withUnsafeBufferPointer { csqlite_load(database, $0.baseAddress, sqlite3_int64($0.count)) }
                guard loaded == SQLITE_OK else { return failed("file is not a database") }
            }
        } else {
            guard flags & SQLITE_OPEN_CREATE != 0, !readOnly, AppContainer.contains(file), container.writeFile([], at: file) == nil else {
                return failed("unable to open database file")
            }
        }
        // Opened read only, writing fails as SQLite's would (SQLITE_READONLY).
        if readOnly { sqlite3_exec(database, "PRAGMA query_only = 1", nil, nil, nil) }
        // The tree's own files are read, never written, as the sandbox refuses.
        let written = readOnly || !AppContainer.contains(file) ? nil : file
        return (SQLiteDatabases.Connection(database: database, file: written, failure: nil), SQLITE_OK)
    }

    /// Runs each statement of `sql` in turn, handing each row's values and the column names
    /// to `row`, which answers true to stop (SQLITE_ABORT); the result code, SQLite's error
    /// message, and whether a statement that writes ran.
    private static func execute(_ sql: String, on database: OpaquePointer, row: ([Value], [Value]) throws -> Bool) throws -> (Int32, String?, Bool) {
        var statements: [OpaquePointer] = []
        defer { for statement in statements { sqlite3_finalize(statement) } }
        var failure: (Int32, String?)?
        var wrote = false
        try sql.withCString { base in
            var next: UnsafePointer<CChar>? = base
            while let current = next, current.pointee != 0 {
                var prepared: OpaquePointer?
                let code = sqlite3_prepare_v2(database, current, -1, &prepared, &next)
                guard code == SQLITE_OK else {
                    failure = (code, String(cString: sqlite3_errmsg(database)))
                    return
                }
                // A comment or white space alone prepares to nothing.
                guard let prepared else { continue }
                statements.append(prepared)
                if sqlite3_stmt_readonly(prepared) == 0 { wrote = true }
                while true {
                    let stepped = sqlite3_step(prepared)
                    if stepped == SQLITE_DONE { break }
                    guard stepped == SQLITE_ROW else {
                        failure = (stepped, String(cString: sqlite3_errmsg(database)))
                        return
                    }
                    let count = sqlite3_column_count(prepared)
                    let values = (0..<count).map { column -> Value in
                        sqlite3_column_text(prepared, column).map { .string(String(cString: $0)) } ?? .nil
                    }
                    let names = (0..<count).map { column -> Value in sqlite3_column_name(prepared, column).map { .string(String(cString: $0)) } ?? .nil }
                    if try row(values, names) {
                        failure = (SQLITE_ABORT, "query aborted")
                        return
                    }
                }
            }
        }
        let (code, message) = failure ?? (SQLITE_OK, nil)
        return (code, message, wrote)
    }
}
