import CSQLite
import Runtime
import Synchronization
import UIKitModel

/// The SQLite databases the code has open (`sqlite3_open`) and their prepared statements,
/// for ``SQLiteFunctions``, over the system's SQLite.
///
/// Each database is SQLite's own, in memory: opened on a file, it starts from the file's
/// bytes (in the app's container, as files are here, or the tree's on the disk), and the
/// container's file is written again from it whenever a change is committed and when it
/// is closed, so a database closed and opened again, or looked for with `NSFileManager`,
/// is where it was left. The code holds a connection or a statement as an object of its
/// own (an `NSObject`), which names it here until it is closed or finalized.
final class SQLiteDatabases: Sendable {
    /// An open connection.
    struct Connection: @unchecked Sendable {
        // @unchecked: `database` is an SQLite handle, opened in serialized mode
        // (SQLITE_OPEN_FULLMUTEX), which SQLite makes safe to use from any thread.
        let database: OpaquePointer
        /// The container file written back; nil for a database in memory or read only.
        let file: String?
        /// Why opening failed, which `sqlite3_errmsg` answers until the handle is closed.
        let failure: String?
    }

    /// A prepared statement, and the connection's object it belongs to.
    struct Statement: @unchecked Sendable {
        // @unchecked: `statement` belongs to a connection in serialized mode (see `Connection`).
        let statement: OpaquePointer
        let connection: Object
    }

    private let table = Mutex<(connections: [ObjectIdentifier: (Object, Connection)], statements: [ObjectIdentifier: (Object, Statement)])>(([:], [:]))

    func add(_ connection: Connection, as handle: Object) {
        table.withLock { $0.connections[ObjectIdentifier(handle)] = (handle, connection) }
    }

    func add(_ statement: Statement, as handle: Object) {
        table.withLock { $0.statements[ObjectIdentifier(handle)] = (handle, statement) }
    }

    func connection(_ handle: Object) -> Connection? { table.withLock { $0.connections[ObjectIdentifier(handle)]?.1 } }

    func statement(_ handle: Object) -> Statement? { table.withLock { $0.statements[ObjectIdentifier(handle)]?.1 } }

    /// The statement of the connection `connection` after `statement` (or its first), in the
    /// order they were prepared, as `sqlite3_next_stmt` walks them to finalize them all.
    func nextStatement(of connection: Object, after statement: Object?) -> Object? {
        let own = table.withLock { table in
            table.statements.values.filter { $0.1.connection === connection }.map(\.0).sorted { $0.serial < $1.serial }
        }
        guard let statement else { return own.first }
        return own.first { $0.serial > statement.serial }
    }

    /// Forgets the connection `handle` names and answers it, to be closed.
    func removeConnection(_ handle: Object) -> Connection? {
        table.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(handle))?.1 }
    }

    /// Forgets the statement `handle` names and answers it, to be finalized.
    func removeStatement(_ handle: Object) -> Statement? {
        table.withLock { $0.statements.removeValue(forKey: ObjectIdentifier(handle))?.1 }
    }

    /// Writes the database back to its container file, unless a transaction is open.
    func save(_ connection: Connection, to container: AppContainer) {
        guard let file = connection.file, sqlite3_get_autocommit(connection.database) != 0 else { return }
        var length: sqlite3_int64 = 0
        let bytes = csqlite_save(connection.database, &length)
        defer { sqlite3_free(bytes) }
        let saved = bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } ?? []
        _ = container.writeFile(saved, at: file)
    }

    /// Finalizes every statement and closes every connection, saving each: the session
    /// ends or resets.
    func closeAll(saving container: AppContainer) {
        let (connections, statements) = table.withLock { table in
            defer { table = ([:], [:]) }
            return (table.connections.values.map(\.1), table.statements.values.map(\.1))
        }
        for statement in statements { sqlite3_finalize(statement.statement) }
        for connection in connections {
            save(connection, to: container)
            sqlite3_close_v2(connection.database)
        }
    }
}
