/// Orders tables so that a script runs top to bottom: each table comes right after the tables
/// its foreign keys reference, which otherwise keep their declaration order. A foreign key that
/// closes a cycle of references (found depth first, in declaration order) is `deferred`: a
/// dialect that checks references when a table is created (PostgreSQL) adds it with
/// `ALTER TABLE ... ADD CONSTRAINT` once every table exists; SQLite, which checks them only
/// when rows change, keeps it in its table. A table that references itself needs no deferral.
struct SQLTableOrder {
    /// The tables in creation order, with all their foreign keys.
    private(set) var tables: [SQLTable] = []
    /// The foreign keys that reference a table created later, with their table's name.
    private(set) var deferred: [(table: String, key: SQLForeignKey)] = []

    /// Whether `key` of `table` references a table created after it.
    func isDeferred(_ key: SQLForeignKey, of table: String) -> Bool {
        deferred.contains { $0.table == table && $0.key == key }
    }

    private enum Mark { case visiting, done }

    init(_ input: [SQLTable]) {
        let byName = Dictionary(input.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var marks: [String: Mark] = [:]
        // An explicit stack rather than recursion: a long chain of pointers must not overflow.
        for root in input where marks[root.name] == nil {
            var stack: [(table: SQLTable, next: Int)] = [(root, 0)]
            marks[root.name] = .visiting
            while !stack.isEmpty {
                let top = stack.count - 1
                let table = stack[top].table
                if stack[top].next < table.foreignKeys.count {
                    let key = table.foreignKeys[stack[top].next]
                    stack[top].next += 1
                    guard key.target != table.name, let target = byName[key.target] else { continue }
                    switch marks[target.name] {
                    case .visiting?:
                        deferred.append((table.name, key))
                    case .done?:
                        break
                    case nil:
                        marks[target.name] = .visiting
                        stack.append((target, 0))
                    }
                } else {
                    stack.removeLast()
                    marks[table.name] = .done
                    tables.append(table)
                }
            }
        }
    }
}
