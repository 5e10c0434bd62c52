/// Orders tables so that a script runs top to bottom: each table comes right after the tables
/// its foreign keys reference, which otherwise keep their declaration order. A foreign key that
/// closes a cycle of references (found depth first, in declaration order) is `deferred`: a
/// dialect that checks references when a table is created (PostgreSQL) adds it with
/// `ALTER TABLE ... ADD CONSTRAINT` once every table exists; SQLite, which checks them only
/// when rows change, keeps it in its table. A table that references itself needs no deferral.
struct SQLTableOrder: Sendable {
    /// What ordering needs of a table: its name and foreign keys.
    struct Node: Sendable {
        var name: String
        var foreignKeys: [SQLForeignKey]

        init(_ table: SQLTable) {
            name = table.name
            foreignKeys = table.foreignKeys
        }
    }

    /// The positions of the tables (in the layout's list) in creation order.
    private(set) var positions: [Int] = []
    /// The foreign keys that reference a table created later, with their table's name.
    private(set) var deferred: [(table: String, key: SQLForeignKey)] = []

    /// Whether `key` of `table` references a table created after it.
    func isDeferred(_ key: SQLForeignKey, of table: String) -> Bool {
        deferred.contains { $0.table == table && $0.key == key }
    }

    private enum Mark { case visiting, done }

    init(_ nodes: [Node]) {
        let byName = Dictionary(nodes.indices.map { (nodes[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        var marks: [Int: Mark] = [:]
        // An explicit stack rather than recursion: a long chain of pointers must not overflow.
        for root in nodes.indices where marks[root] == nil {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            marks[root] = .visiting
            while !stack.isEmpty {
                let top = stack.count - 1
                let node = nodes[stack[top].node]
                if stack[top].next < node.foreignKeys.count {
                    let key = node.foreignKeys[stack[top].next]
                    stack[top].next += 1
                    guard key.target != node.name, let target = byName[key.target] else { continue }
                    switch marks[target] {
                    case .visiting?:
                        deferred.append((node.name, key))
                    case .done?:
                        break
                    case nil:
                        marks[target] = .visiting
                        stack.append((target, 0))
                    }
                } else {
                    marks[stack[top].node] = .done
                    positions.append(stack[top].node)
                    stack.removeLast()
                }
            }
        }
    }
}
