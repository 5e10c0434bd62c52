// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// One saved object: its id, timestamps and fields in Parse's wire form (pointers as
/// `{"__type":"Pointer",…}`, dates as `{"__type":"Date",…}`). Relations live in ``Store``.
struct StoredObject: Sendable {
    var objectId: String
    var createdAt: Date { didSet { (createdAtText, createdAtValue) = Self.written(createdAt) } }
    var updatedAt: Date { didSet { (updatedAtText, updatedAtValue) = Self.written(updatedAt) } }
    /// The timestamps as Parse writes them, and as queries see them (`{"__type":"Date",…}`),
    /// kept beside the dates: every answer writes them, and a query on a timestamp reads them
    /// for every object it looks at.
    private(set) var createdAtText: String
    private(set) var updatedAtText: String
    private(set) var createdAtValue: JSON
    private(set) var updatedAtValue: JSON
    var fields: [String: JSON]

    init(objectId: String, createdAt: Date, updatedAt: Date, fields: [String: JSON]) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        (createdAtText, createdAtValue) = Self.written(createdAt)
        (updatedAtText, updatedAtValue) = Self.written(updatedAt)
        self.fields = fields
    }

    private static func written(_ date: Date) -> (String, JSON) {
        let text = ISODate.string(date)
        return (text, ["__type": "Date", "iso": .string(text)])
    }
}

/// The type Parse records for a field: `String`, `Number`, `Pointer<Genre>`, `Relation<Author>`….
struct FieldType: Hashable, Sendable, CustomStringConvertible {
    var name: String
    var targetClass: String?

    static let string = FieldType(name: "String")
    static let number = FieldType(name: "Number")
    static let boolean = FieldType(name: "Boolean")
    static let date = FieldType(name: "Date")
    static let object = FieldType(name: "Object")
    static let array = FieldType(name: "Array")
    static let file = FieldType(name: "File")
    static let geoPoint = FieldType(name: "GeoPoint")
    static let bytes = FieldType(name: "Bytes")
    static let polygon = FieldType(name: "Polygon")
    static let acl = FieldType(name: "ACL")
    static func pointer(_ target: String) -> FieldType { FieldType(name: "Pointer", targetClass: target) }
    static func relation(_ target: String) -> FieldType { FieldType(name: "Relation", targetClass: target) }

    var description: String {
        targetClass.map { "\(name)<\($0)>" } ?? name
    }
}

/// Who is calling: the master key, a logged-in user, or neither.
struct Caller: Sendable {
    var isMaster = false
    var userId: String?
    var sessionToken: String?
    /// The `X-Parse-Installation-Id` the request carried, which a new session records.
    var installationId: String?
}

/// The whole server state: a value type, so a failed request (or a failed transaction batch)
/// is rolled back by restoring a copy.
struct Store: Sendable {
    /// Objects by class name, then objectId.
    var classes: [String: [String: StoredObject]] = [:]
    /// Field types by class name, inferred from the first write of each field, as Parse does.
    var schema: [String: [String: FieldType]] = [:]
    /// Relation members (related objectIds, in the order added) by owner class, owner id and key.
    var relations: [RelationKey: [String]] = [:]
    /// Passwords by user objectId (never returned).
    var passwords: [String: String] = [:]
    /// User objectIds by session token.
    var sessions: [String: String] = [:]
    /// Uploaded files by their stored name.
    var files: [String: StoredFile] = [:]
    /// What `/schemas` keeps per class beyond the field types.
    var schemaExtras: [String: ClassSchemaExtras] = [:]
    /// The app's config parameters (`/config`).
    var config: [String: JSON] = [:]
    /// The emails the server would have sent: password resets and verification requests.
    var sentEmails: [(kind: String, to: String)] = []
    var clock = Clock()
    /// Who makes the request being handled (set by the routes), for ACL checks.
    var caller = Caller()
    /// Where files are served (`<server URL>/files/<application id>/`, set by the routes): a file
    /// field is stored by name and read back with its URL there, as Parse Server does.
    var filesURL = ""
    /// Parse Server's `enforcePrivateUsers` (set by the routes): a new user without an ACL is
    /// readable by itself only, not by everyone.
    var enforcePrivateUsers = true
    /// The `X-Parse-Request-Id`s seen (``ParseTestServer/Configuration/idempotency``).
    var requestIds = RequestIds()
    /// The writes not yet published to LiveQuery, in order: part of the state, so a request
    /// that fails (and is rolled back) publishes nothing.
    var writes: [ObjectWrite] = []

    /// One object written: its state before (`nil` for a create) and after (`nil` for a delete).
    struct ObjectWrite: Sendable {
        var className: String
        var before: StoredObject?
        var after: StoredObject?
    }

    /// An uploaded file: its bytes and the content type it was uploaded with.
    struct StoredFile: Sendable {
        var data: Data
        var contentType: String?
    }

    struct RelationKey: Hashable, Sendable {
        var ownerClass: String
        var ownerId: String
        var key: String
    }

    static let userClass = "_User"
    static let sessionClass = "_Session"
    static let roleClass = "_Role"
    static let installationClass = "_Installation"

    // MARK: Names

    static func isValidClassName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let letters = CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: "_"))
        return (first == "_" || (first.isASCII && CharacterSet.letters.contains(first)))
            && name.unicodeScalars.allSatisfy { $0.isASCII && letters.contains($0) }
    }

    static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else {
            return false
        }
        let allowed = CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: "_"))
        return name.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }
    }

    func object(_ className: String, _ objectId: String) -> StoredObject? {
        classes[className]?[objectId]
    }

    /// The object if the caller may read it (its ACL, as Parse checks it), else `nil`.
    func readableObject(_ className: String, _ objectId: String) -> StoredObject? {
        object(className, objectId).flatMap { canAccess($0, "read") ? $0 : nil }
    }

    /// Whether the caller may read (`"read"`) or write (`"write"`) `object`: always with the
    /// master key or without an ACL; otherwise when the ACL grants it to `*`, to the user or to
    /// a role whose `users` relation holds the user.
    func canAccess(_ object: StoredObject, _ mode: String) -> Bool {
        canAccess(object, mode, as: caller)
    }

    /// Whether `caller` may read or write `object` (``canAccess(_:_:)`` for another caller).
    func canAccess(_ object: StoredObject, _ mode: String, as caller: Caller) -> Bool {
        guard !caller.isMaster, case .object(let acl)? = object.fields["ACL"] else { return true }
        var principals = ["*"]
        if let userId = caller.userId {
            principals.append(userId)
            for role in (classes["_Role"] ?? [:]).values
            where relations[RelationKey(ownerClass: "_Role", ownerId: role.objectId, key: "users")]?.contains(userId) == true {
                if let name = role.fields["name"]?.stringValue {
                    principals.append("role:" + name)
                }
            }
        }
        return principals.contains { acl[$0]?[mode]?.boolValue == true }
    }

    /// The objects of a class, oldest first.
    func objects(of className: String) -> [StoredObject] {
        Self.inCreationOrder(Array((classes[className] ?? [:]).values))
    }

    /// `objects` sorted by ``oldestFirst(_:_:)``: sorting their positions moves integers, not objects.
    static func inCreationOrder(_ objects: [StoredObject]) -> [StoredObject] {
        objects.indices.sorted { oldestFirst(objects[$0], objects[$1]) }.map { objects[$0] }
    }

    /// Creation order, then `objectId`: the order of ``objects(of:)``.
    static func oldestFirst(_ left: StoredObject, _ right: StoredObject) -> Bool {
        left.createdAt == right.createdAt ? left.objectId < right.objectId : left.createdAt < right.createdAt
    }

    // MARK: Types

    /// The Parse type of a value being saved; `nil` for `null`.
    static func type(of value: JSON) throws(ParseFailure) -> FieldType? {
        switch value {
        case .null: return nil
        case .bool: return .boolean
        case .int, .double: return .number
        case .string: return .string
        case .array: return .array
        case .object(let members):
            guard let type = members["__type"]?.stringValue else { return .object }
            switch type {
            case "Date":
                guard let iso = members["iso"]?.stringValue, ISODate.date(iso) != nil else {
                    throw .incorrectType("invalid date")
                }
                return .date
            case "Pointer":
                guard let className = members["className"]?.stringValue, members["objectId"]?.stringValue != nil else {
                    throw ParseFailure(106, "invalid pointer")
                }
                return .pointer(className)
            case "Relation":
                guard let className = members["className"]?.stringValue else { throw .incorrectType("invalid relation") }
                return .relation(className)
            case "File": return .file
            case "GeoPoint":
                guard let latitude = members["latitude"]?.doubleValue, let longitude = members["longitude"]?.doubleValue,
                      (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                    throw ParseFailure(107, "invalid GeoPoint")
                }
                return .geoPoint
            case "Bytes": return .bytes
            case "Polygon": return .polygon
            default:
                throw .incorrectType("invalid __type \(type)")
            }
        }
    }

    /// Records `type` for the field, or fails with 111 when the field already has another type.
    mutating func checkType(_ className: String, _ key: String, _ type: FieldType) throws(ParseFailure) {
        if let existing = schema[className]?[key] {
            guard existing == type else {
                throw .incorrectType("schema mismatch for \(className).\(key); expected \(existing) but got \(type)")
            }
        } else {
            schema[className, default: [:]][key] = type
        }
    }

    // MARK: Writes

    /// Applies the body of a create or update to `object`. Returns the values Parse reports back
    /// for Increment, Add, AddUnique and Remove.
    mutating func apply(
        _ body: [String: JSON], to object: inout StoredObject, className: String
    ) throws(ParseFailure) -> [String: JSON] {
        var reported: [String: JSON] = [:]
        for key in body.keys.sorted() {
            guard let value = body[key] else { continue }
            switch key {
            case "objectId":
                if value.stringValue != object.objectId {
                    throw ParseFailure(105, "objectId is an invalid field name.")
                }
                continue
            case "createdAt", "updatedAt":
                continue
            case "ACL":
                guard case .object = value else { throw ParseFailure(123, "Invalid ACL.") }
                object.fields["ACL"] = value
                continue
            default:
                break
            }
            guard Self.isValidFieldName(key) else {
                throw ParseFailure(105, "Invalid field name: \(key).")
            }
            if case .object(let members) = value, let operation = members["__op"]?.stringValue {
                if let result = try applyOperation(operation, members, key: key, to: &object, className: className) {
                    reported[key] = result
                }
            } else if let type = try Self.type(of: value) {
                if type.name == "Relation" {
                    // Declaring a relation field: no value is stored.
                    try checkType(className, key, type)
                    continue
                }
                try checkType(className, key, type)
                object.fields[key] = Self.storedForm(value)
            } else {
                object.fields.removeValue(forKey: key)
            }
        }
        return reported
    }

    private mutating func applyOperation(
        _ operation: String, _ members: [String: JSON], key: String, to object: inout StoredObject, className: String
    ) throws(ParseFailure) -> JSON? {
        switch operation {
        case "Delete":
            object.fields.removeValue(forKey: key)
            return nil
        case "Increment":
            guard let amount = members["amount"], amount.doubleValue != nil else {
                throw .invalidJSON("incrementing must provide a number")
            }
            try checkType(className, key, .number)
            let current = object.fields[key] ?? .int(0)
            guard current.doubleValue != nil else { throw .incorrectType("Cannot increment a non-number") }
            let result: JSON
            if case .int(let left) = current, case .int(let right) = amount,
               case (let sum, false) = left.addingReportingOverflow(right) {
                result = .int(sum)
            } else {
                result = .double((current.doubleValue ?? 0) + (amount.doubleValue ?? 0))
            }
            object.fields[key] = result
            return result
        case "Add", "AddUnique", "Remove":
            guard let objects = members["objects"]?.arrayValue else {
                throw .invalidJSON("objects to add must be an array")
            }
            try checkType(className, key, .array)
            guard let current = (object.fields[key] ?? .array([])).arrayValue else {
                throw .incorrectType("Cannot apply \(operation) to a non-array")
            }
            var result = current
            switch operation {
            case "Add":
                result += objects
            case "AddUnique":
                for element in objects where !result.contains(where: { Matching.equal($0, element) }) {
                    result.append(element)
                }
            default:
                result.removeAll { element in objects.contains { Matching.equal($0, element) } }
            }
            object.fields[key] = .array(result)
            return .array(result)
        case "AddRelation", "RemoveRelation":
            guard let objects = members["objects"]?.arrayValue else {
                throw .invalidJSON("objects to add must be an array")
            }
            var targetClass: String?
            var ids: [String] = []
            for element in objects {
                guard element["__type"]?.stringValue == "Pointer", let pointerClass = element["className"]?.stringValue,
                      let id = element["objectId"]?.stringValue else {
                    throw ParseFailure(106, "\(operation) objects must be pointers")
                }
                if let targetClass, targetClass != pointerClass {
                    throw ParseFailure(106, "All objects in a relation must be of the same class")
                }
                targetClass = pointerClass
                ids.append(id)
            }
            guard let targetClass else { return nil }
            try checkType(className, key, .relation(targetClass))
            let relationKey = RelationKey(ownerClass: className, ownerId: object.objectId, key: key)
            var members = relations[relationKey] ?? []
            if operation == "AddRelation" {
                for id in ids where !members.contains(id) {
                    members.append(id)
                }
            } else {
                members.removeAll { ids.contains($0) }
            }
            relations[relationKey] = members
            return nil
        case "Batch":
            guard let operations = members["ops"]?.arrayValue else { throw .invalidJSON("Batch needs ops") }
            for case .object(let inner) in operations {
                guard let name = inner["__op"]?.stringValue else { throw .invalidJSON("Batch ops need __op") }
                _ = try applyOperation(name, inner, key: key, to: &object, className: className)
            }
            return nil
        default:
            throw .invalidJSON("Unknown operation \(operation)")
        }
    }

    /// Creates an object of `className` from `body`, with the `objectId` the body carries when
    /// `customObjectId` (Parse Server's `allowCustomObjectId`) allows it, as RestWrite does;
    /// `completing` changes it before it is stored (a new user's ACL needs its id).
    mutating func create(
        _ className: String, body: [String: JSON], customObjectId: Bool = false,
        completing: (inout StoredObject) -> Void = { _ in }
    ) throws(ParseFailure) -> StoredObject {
        var objectId = Identifiers.objectId()
        while classes[className]?[objectId] != nil {
            objectId = Identifiers.objectId()
        }
        if customObjectId, let given = body["objectId"] {
            guard let id = given.stringValue, !id.isEmpty else {
                throw ParseFailure(104, "objectId must not be empty, null or undefined")
            }
            // The database's unique index on the id, as Parse Server reports it.
            guard classes[className]?[id] == nil else {
                throw ParseFailure(137, "A duplicate value for a field with unique values was provided")
            }
            objectId = id
        } else if !customObjectId {
            if body["objectId"] != nil {
                throw ParseFailure(105, "objectId is an invalid field name.")
            }
            if let id = body["id"], Self.isTruthy(id) {
                throw ParseFailure(105, "id is an invalid field name.")
            }
        }
        let now = clock.now()
        var object = StoredObject(objectId: objectId, createdAt: now, updatedAt: now, fields: [:])
        _ = try apply(body, to: &object, className: className)
        completing(&object)
        classes[className, default: [:]][objectId] = object
        writes.append(ObjectWrite(className: className, before: nil, after: object))
        return object
    }

    /// `value` with every file in it (`{"__type":"File"}`, at any depth) reduced to its name, and
    /// every polygon closed (its first point repeated last), as Parse Server stores them.
    static func storedForm(_ value: JSON) -> JSON {
        switch value {
        case .object(let members) where members["__type"]?.stringValue == "File":
            return ["__type": "File", "name": members["name"] ?? ""]
        case .object(let members) where members["__type"]?.stringValue == "Polygon":
            guard case .array(let points)? = members["coordinates"], let first = points.first, points.last != first else { return value }
            var closed = members
            closed["coordinates"] = .array(points + [first])
            return .object(closed)
        case .object(let members):
            return .object(members.mapValues(storedForm))
        case .array(let elements):
            return .array(elements.map(storedForm))
        default:
            return value
        }
    }

    /// `value` with every file in it given its URL on this server.
    func servingFiles(_ value: JSON) -> JSON {
        switch value {
        case .object(let members) where members["__type"]?.stringValue == "File":
            var file = members
            if let name = members["name"]?.stringValue { file["url"] = .string(filesURL + name) }
            return .object(file)
        case .object(let members):
            return .object(members.mapValues(servingFiles))
        case .array(let elements):
            return .array(elements.map(servingFiles))
        default:
            return value
        }
    }

    /// Whether JavaScript counts `value` as true, as Parse Server's `if (data.id)` does.
    static func isTruthy(_ value: JSON) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .array, .object: return true
        }
    }

    /// Updates an object; returns it and the values reported for operations.
    mutating func update(
        _ className: String, objectId: String, body: [String: JSON]
    ) throws(ParseFailure) -> (StoredObject, [String: JSON]) {
        // Parse answers 101 for an object the caller may not write, as for a missing one.
        guard var object = object(className, objectId), canAccess(object, "write") else { throw .objectNotFound() }
        let before = object
        let reported = try apply(body, to: &object, className: className)
        object.updatedAt = clock.now()
        classes[className]?[objectId] = object
        writes.append(ObjectWrite(className: className, before: before, after: object))
        return (object, reported)
    }

    /// Deletes an object and the relations it owns.
    mutating func delete(_ className: String, objectId: String) throws(ParseFailure) {
        guard let object = object(className, objectId), canAccess(object, "write") else { throw .objectNotFound() }
        classes[className]?.removeValue(forKey: objectId)
        writes.append(ObjectWrite(className: className, before: object, after: nil))
        relations = relations.filter { !($0.key.ownerClass == className && $0.key.ownerId == objectId) }
        if className == Self.userClass {
            passwords.removeValue(forKey: objectId)
            sessions = sessions.filter { $0.value != objectId }
        }
    }

    // MARK: Users

    /// Signs a user up: `username` and `password` are required, both must be unique (email too).
    mutating func signUp(body: [String: JSON], customObjectId: Bool = false) throws(ParseFailure) -> (StoredObject, String) {
        guard let username = body["username"]?.stringValue, !username.isEmpty else {
            throw ParseFailure(200, "bad or missing username")
        }
        guard let password = body["password"]?.stringValue, !password.isEmpty else {
            throw ParseFailure(201, "password is required")
        }
        try checkUnique(username: username, email: body["email"]?.stringValue, except: nil)
        var fields = body
        fields.removeValue(forKey: "password")
        fields.removeValue(forKey: "sessionToken")
        let enforcePrivateUsers = enforcePrivateUsers
        let user = try create(Self.userClass, body: fields, customObjectId: customObjectId) { user in
            // As RestWrite does: a user can always read and write itself; without an ACL of its
            // own, everyone may read it too unless enforcePrivateUsers (Parse Server 7's default).
            var acl = user.fields["ACL"]?.objectValue ?? (enforcePrivateUsers ? [:] : ["*": ["read": true]])
            acl[user.objectId] = ["read": true, "write": true]
            user.fields["ACL"] = .object(acl)
        }
        passwords[user.objectId] = password
        return (user, try startSession(for: user.objectId, action: "signup"))
    }

    func checkUnique(username: String?, email: String?, except userId: String?) throws(ParseFailure) {
        for user in (classes[Self.userClass] ?? [:]).values where user.objectId != userId {
            if let username, user.fields["username"]?.stringValue == username {
                throw ParseFailure(202, "Account already exists for this username.")
            }
            if let email, user.fields["email"]?.stringValue?.lowercased() == email.lowercased() {
                throw ParseFailure(203, "Account already exists for this email address.")
            }
        }
        if let email, !email.contains("@") {
            throw ParseFailure(125, "Email address format is invalid.")
        }
    }

    /// Logs in: a new session for the user with this name and password.
    mutating func logIn(username: String?, password: String?) throws(ParseFailure) -> (StoredObject, String) {
        guard let username, !username.isEmpty else { throw ParseFailure(200, "username/email is required.") }
        guard let password, !password.isEmpty else { throw ParseFailure(201, "password is required.") }
        guard let user = (classes[Self.userClass] ?? [:]).values.first(where: { $0.fields["username"]?.stringValue == username }),
              passwords[user.objectId] == password else {
            throw ParseFailure(101, "Invalid username/password.")
        }
        return (user, try startSession(for: user.objectId, action: "login"))
    }

    /// A new session of `userId`: its token, and a `_Session` object readable by that user
    /// only, expiring in a year, as Parse Server makes them.
    private mutating func startSession(for userId: String, action: String) throws(ParseFailure) -> String {
        let token = Identifiers.sessionToken()
        sessions[token] = userId
        let expiresAt = ISODate.string(clock.now().addingTimeInterval(365 * 24 * 3600))
        var fields: [String: JSON] = [
            "sessionToken": .string(token),
            "user": ["__type": "Pointer", "className": .string(Self.userClass), "objectId": .string(userId)],
            "createdWith": ["action": .string(action), "authProvider": "password"],
            "restricted": false,
            "expiresAt": ["__type": "Date", "iso": .string(expiresAt)],
            "ACL": [userId: ["read": true, "write": true]],
        ]
        // Parse Server records the installation only when the request names one.
        if let installationId = caller.installationId {
            fields["installationId"] = .string(installationId)
        }
        _ = try create(Self.sessionClass, body: fields)
        return token
    }

    /// Ends the session with `token`: the token and its `_Session` object.
    mutating func endSession(_ token: String) {
        sessions.removeValue(forKey: token)
        for session in objects(of: Self.sessionClass) where session.fields["sessionToken"]?.stringValue == token {
            classes[Self.sessionClass]?.removeValue(forKey: session.objectId)
            writes.append(ObjectWrite(className: Self.sessionClass, before: session, after: nil))
        }
    }

    /// Removes every object of `className`, as `DELETE /purge/<class>` does: the relations
    /// they own go with them, and purging `_Session` ends every session. A purged user's
    /// sessions stay, as on Parse Server, but their tokens are refused (their user is gone).
    /// The class's schema stays.
    mutating func purge(_ className: String) {
        let purged = Set((classes[className] ?? [:]).keys)
        classes[className] = nil
        relations = relations.filter { $0.key.ownerClass != className }
        if className == Self.userClass {
            passwords = passwords.filter { !purged.contains($0.key) }
        }
        if className == Self.sessionClass {
            sessions = [:]
        }
    }

    /// The objectId of the user whose session `token` is, or `nil` when there is no such
    /// session or its user is gone (purged): the server refuses such a token.
    func sessionUser(_ token: String) -> String? {
        sessions[token].flatMap { object(Self.userClass, $0) == nil ? nil : $0 }
    }

    /// The `_Session` object of `token`.
    func sessionObject(_ token: String) -> StoredObject? {
        classes[Self.sessionClass]?.values.first { $0.fields["sessionToken"]?.stringValue == token }
    }

    /// The user whose email is `email` (ignoring case).
    func user(withEmail email: String) -> StoredObject? {
        classes[Self.userClass]?.values.first { $0.fields["email"]?.stringValue?.lowercased() == email.lowercased() }
    }
}
#endif
