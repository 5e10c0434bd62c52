#if LocalStore
import GRDB
import ParseRuntime

/// Any failure of a store call as the ``ParseClientError`` the call throws: SQLite's constraint
/// failures become ``LocalStoreError``s naming class and field (SQLite's message names them;
/// field values never appear).
enum StoreFailure {
    /// - Parameters:
    ///   - error: What the call threw.
    ///   - className: The class the call wrote or read.
    ///   - fields: That class's fields, to name the one a failed CHECK is about.
    static func map(_ error: any Error, className: String?, fields: Set<String> = []) -> ParseClientError {
        switch error {
        case let error as ParseClientError:
            return error
        case let error as LocalStoreError:
            return .localStore(error)
        case let error as DatabaseError:
            return .localStore(map(error, className: className, fields: fields))
        case is CancellationError:
            return .cancelled
        default:
            return .localStore(LocalStoreError(.database, className: className, field: nil, message: "\(error)"))
        }
    }

    private static func map(_ error: DatabaseError, className: String?, fields: Set<String>) -> LocalStoreError {
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
            return LocalStoreError(.invalidValue, className: className, field: checkedField(in: message, fields: fields),
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

    /// The field a CHECK's text is about: SQLite gives the expression (`price >= 0`, or
    /// `"unit" IN ('piece', …)`), whose first name that is one of `fields` is the column.
    private static func checkedField(in message: String, fields: Set<String>) -> String? {
        let text = message.replacingOccurrences(of: "CHECK constraint failed: ", with: "")
        var names: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open {
                    // A quoted name counts; a quoted text ('piece') does not.
                    if open == "\"" { names.append(current) }
                    current = ""
                    quote = nil
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quote = character
            } else if character == "'" {
                quote = character
                current = ""
            } else if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names.first(where: fields.contains)
    }
}
#endif
