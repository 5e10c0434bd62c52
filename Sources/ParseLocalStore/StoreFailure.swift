#if LocalStore
import GRDB
import ParseRuntime

/// Any failure of a store call as the ``ParseClientError`` the call throws: SQLite's constraint
/// failures become ``LocalStoreError``s naming class and field (SQLite's message names them;
/// field values never appear).
enum StoreFailure {
    static func map(_ error: any Error, className: String?) -> ParseClientError {
        switch error {
        case let error as ParseClientError:
            return error
        case let error as LocalStoreError:
            return .localStore(error)
        case let error as DatabaseError:
            return .localStore(map(error, className: className))
        case is CancellationError:
            return .cancelled
        default:
            return .localStore(LocalStoreError(.database, className: className, field: nil, message: "\(error)"))
        }
    }

    private static func map(_ error: DatabaseError, className: String?) -> LocalStoreError {
        let message = error.message ?? ""
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY:
            let (table, fields) = columns(after: "constraint failed: ", in: message)
            return LocalStoreError(.duplicateValue, className: table ?? className, field: fields,
                                   message: "another \(table ?? className ?? "object") already has this value, and it must be unique.")
        case .SQLITE_CONSTRAINT_NOTNULL:
            let (table, fields) = columns(after: "constraint failed: ", in: message)
            return LocalStoreError(.requiredField, className: table ?? className, field: fields, message: "is required.")
        case .SQLITE_CONSTRAINT_CHECK:
            return LocalStoreError(.invalidValue, className: className, field: quotedName(in: message),
                                   message: "the value breaks the schema's constraint (\(message.replacingOccurrences(of: "CHECK constraint failed: ", with: ""))).")
        default:
            return LocalStoreError(.database, className: className, field: nil, message: "SQLite failed: \(message) (code \(error.extendedResultCode.rawValue)).")
        }
    }

    /// `Book` and `title, year` from `UNIQUE constraint failed: Book.title, Book.year`.
    private static func columns(after marker: String, in message: String) -> (String?, String?) {
        guard let range = message.range(of: marker) else { return (nil, nil) }
        var table: String?
        var fields: [String] = []
        for part in message[range.upperBound...].split(separator: ",") {
            let qualified = part.trimmingCharacters(in: .whitespaces)
            guard let dot = qualified.lastIndex(of: ".") else { continue }
            table = String(qualified[..<dot])
            fields.append(String(qualified[qualified.index(after: dot)...]))
        }
        return (table, fields.isEmpty ? nil : fields.joined(separator: ", "))
    }

    /// The first quoted identifier of a CHECK's text (`"price" >= 0`): the column it checks.
    private static func quotedName(in message: String) -> String? {
        guard let start = message.firstIndex(of: "\"") else { return nil }
        let rest = message[message.index(after: start)...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
#endif
