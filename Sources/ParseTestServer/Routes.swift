// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// A request as the routes see it: the path below the mount path, decoded query parameters,
/// lower-cased header names.
struct IncomingRequest: Sendable {
    var method: String
    /// Decoded path segments below the mount path (`["classes", "Book", "x1"]`).
    var segments: [String]
    var query: [String: String]
    var headers: [String: String]
    var body: Data
}

/// The Parse REST routes over a ``Store``. Every handler runs with the store locked; a failed
/// request leaves the store as it was.
struct Routes: Sendable {
    var configuration: ParseTestServer.Configuration
    /// `http://127.0.0.1:<port><mount path>`, for `Location` headers.
    var publicURL: String
    /// Cloud Code functions and jobs by name.
    var functions: [String: CloudFunction] = [:]
    var jobs: [String: CloudFunction] = [:]

    func respond(to request: IncomingRequest, store: inout Store) -> ServerAnswer {
        // Health needs no keys, as on Parse Server.
        if request.method == "GET", request.segments == ["health"] {
            return ServerAnswer(status: 200, json: ["status": "ok"])
        }
        // A file's URL needs no keys, as Parse Server serves it: GET /files/<app id>/<name>.
        if request.method == "GET", request.segments.count == 3, request.segments[0] == "files" {
            guard request.segments[1] == configuration.applicationId, let file = store.files[request.segments[2]] else {
                return ServerAnswer(status: 404, text: "File not found.")
            }
            // FilesRouter serves a file with the type its name's extension gives, not the one it
            // was uploaded with.
            return ServerAnswer(status: 200, data: file.data, contentType: MediaTypes.type(ofFileNamed: request.segments[2]))
        }
        // Keys first, as Parse Server's middleware does: a wrong application id or key is 403.
        guard request.headers["x-parse-application-id"] == configuration.applicationId else {
            return ServerAnswer(status: 403, json: ["error": "unauthorized"])
        }
        var caller = Caller()
        caller.installationId = request.headers["x-parse-installation-id"]
        if let masterKey = request.headers["x-parse-master-key"] {
            guard masterKey == configuration.masterKey else {
                return ServerAnswer(status: 403, json: ["error": "unauthorized"])
            }
            caller.isMaster = true
        } else if let restAPIKey = configuration.restAPIKey, request.headers["x-parse-rest-api-key"] != restAPIKey {
            return ServerAnswer(status: 403, json: ["error": "unauthorized"])
        }
        if let token = request.headers["x-parse-session-token"] {
            guard let userId = store.sessionUser(token) else {
                return ServerAnswer(.invalidSessionToken())
            }
            caller.userId = userId
            caller.sessionToken = token
        }
        store.caller = caller
        store.filesURL = publicURL + "/files/" + configuration.applicationId + "/"
        store.enforcePrivateUsers = configuration.enforcePrivateUsers
        // Recorded before the request runs and kept if it fails, as Parse Server does.
        do {
            try store.requestIds.check(request, options: configuration.idempotency, now: store.clock.now())
        } catch {
            return ServerAnswer(error)
        }
        let saved = store
        do {
            return try route(request, caller: caller, store: &store)
        } catch {
            store = saved
            return ServerAnswer(error)
        }
    }

    private func route(_ request: IncomingRequest, caller: Caller, store: inout Store) throws(ParseFailure) -> ServerAnswer {
        let segments = request.segments
        switch (request.method, segments.first) {
        case ("POST", "batch") where segments.count == 1:
            return try batch(request, caller: caller, store: &store)
        case ("POST", "login") where segments.count == 1, ("GET", "login") where segments.count == 1:
            let body = request.method == "POST" ? try bodyObject(request.body) : [:]
            let (user, token) = try store.logIn(
                username: body["username"]?.stringValue ?? request.query["username"],
                password: body["password"]?.stringValue ?? request.query["password"])
            var fields = store.render(user, className: Store.userClass)
            fields["sessionToken"] = .string(token)
            return ServerAnswer(status: 200, json: .object(fields))
        case ("POST", "logout") where segments.count == 1:
            if let token = caller.sessionToken {
                store.endSession(token)
            }
            return ServerAnswer(status: 200, json: [:])
        case ("GET", "sessions") where segments.count == 2 && segments[1] == "me":
            guard let token = caller.sessionToken, let session = store.sessionObject(token) else {
                throw .invalidSessionToken()
            }
            return ServerAnswer(status: 200, json: .object(store.render(session, className: Store.sessionClass)))
        case ("POST", "requestPasswordReset") where segments.count == 1,
             ("POST", "verificationEmailRequest") where segments.count == 1:
            let isReset = segments[0] == "requestPasswordReset"
            guard let email = try bodyObject(request.body)["email"]?.stringValue, !email.isEmpty else {
                throw ParseFailure(204, "you must provide an email")
            }
            guard let user = store.user(withEmail: email) else {
                throw ParseFailure(205, "No user found with email \(email).")
            }
            if !isReset, user.fields["emailVerified"]?.boolValue == true {
                throw ParseFailure(-1, "Email \(email) is already verified.")
            }
            store.sentEmails.append((isReset ? "passwordReset" : "verification", email))
            return ServerAnswer(status: 200, json: [:])
        case ("GET", "aggregate") where segments.count == 2:
            return try aggregate(segments[1], query: request.query, caller: caller, store: store)
        case (_, "schemas") where segments.count <= 2:
            return try schemaRoute(request, caller: caller, store: &store)
        case ("GET", "config") where segments.count == 1:
            return ServerAnswer(status: 200, json: ["params": .object(store.config)])
        case ("PUT", "config") where segments.count == 1:
            guard caller.isMaster else {
                return .masterKeyRequired
            }
            guard let params = try bodyObject(request.body)["params"]?.objectValue else {
                throw .invalidJSON("config params must be an object")
            }
            // As GlobalConfigRouter: a parameter given as {"__op":"Delete"} is removed.
            for (key, value) in params {
                if value["__op"]?.stringValue == "Delete" {
                    store.config.removeValue(forKey: key)
                } else {
                    store.config[key] = value
                }
            }
            return ServerAnswer(status: 200, json: ["result": true])
        case ("DELETE", "purge") where segments.count == 2:
            // Parse Server's PurgeRouter: every object of the class goes, its schema stays.
            guard caller.isMaster else {
                return .masterKeyRequired
            }
            store.purge(segments[1])
            return ServerAnswer(status: 200, json: [:])
        case ("POST", "functions") where segments.count == 2:
            return try callFunction(segments[1], request, caller: caller)
        case ("POST", "jobs") where segments.count == 2:
            return try startJob(segments[1], request, caller: caller, store: &store)
        case ("POST", "files") where segments.count == 2:
            // FilesRouter: without a session or the master key, only with fileUpload.enableForPublic.
            if !caller.isMaster, caller.userId == nil, !configuration.allowPublicFileUpload {
                throw ParseFailure(130, "File upload by public is disabled.")
            }
            return try uploadFile(named: segments[1], request, store: &store)
        case ("DELETE", "files") where segments.count == 2:
            // Parse Server's enforceMasterKeyAccess.
            guard caller.isMaster else {
                return .masterKeyRequired
            }
            guard store.files.removeValue(forKey: segments[1]) != nil else {
                throw ParseFailure(153, "Could not delete file.")
            }
            return ServerAnswer(status: 200, text: "")
        case ("GET", "users") where segments.count == 2 && segments[1] == "me":
            guard let userId = caller.userId, let token = caller.sessionToken,
                  let user = store.object(Store.userClass, userId) else {
                throw .invalidSessionToken()
            }
            var fields = store.render(user, className: Store.userClass)
            fields["sessionToken"] = .string(token)
            return ServerAnswer(status: 200, json: .object(fields))
        default:
            break
        }
        guard let (className, objectId) = Self.classAndId(segments) else {
            return Self.notImplemented(request.method, segments)
        }
        guard Store.isValidClassName(className) else {
            throw ParseFailure(103, "Invalid classname: \(className), classnames can only have alphanumeric characters and _, and must start with an alpha character ")
        }
        let body: [String: JSON] = request.method == "POST" || request.method == "PUT" ? try bodyObject(request.body) : [:]
        return try objectRoute(
            method: request.method, className: className, objectId: objectId, query: request.query,
            body: body, caller: caller, store: &store)
    }

    /// `POST /files/<name>`: stores the body under a unique name, as Parse Server's files
    /// controller does, and answers 201 with the name and the URL it is served from.
    private func uploadFile(named name: String, _ request: IncomingRequest, store: inout Store) throws(ParseFailure) -> ServerAnswer {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@. ~_-")
        guard let first = name.unicodeScalars.first, first != "@", first != ".", first != " ", first != "~", first != "-",
              name.count <= 128, name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ParseFailure(122, "Filename contains invalid characters.")
        }
        guard !request.body.isEmpty else {
            throw ParseFailure(130, "Invalid file upload.")
        }
        let stored = Identifiers.filePrefix() + "_" + name
        store.files[stored] = Store.StoredFile(data: request.body, contentType: request.headers["content-type"])
        let url = publicURL + "/files/" + configuration.applicationId + "/" + stored
        return ServerAnswer(status: 201, json: ["url": .string(url), "name": .string(stored)], headers: [("Location", url)])
    }

    /// The answer to a route Parse Server may have but this server does not implement: a
    /// Parse-style error naming the route, 501 (which a client does not retry), never a
    /// success that would let a test pass on nothing.
    static func notImplemented(_ method: String, _ segments: [String]) -> ServerAnswer {
        ServerAnswer(status: 501, json: [
            "code": 1,
            "error": .string("ParseTestServer does not implement \(method) /\(segments.joined(separator: "/")); docs/TestingParseCode.md lists the routes it serves"),
        ])
    }

    /// The class and optional object id of `classes/C[/id]`, `users[/id]`, `roles[/id]`,
    /// `installations[/id]`, `sessions[/id]`.
    static func classAndId(_ segments: [String]) -> (String, String?)? {
        guard let first = segments.first else { return nil }
        let builtIn = ["users": "_User", "roles": "_Role", "installations": "_Installation", "sessions": "_Session"]
        if first == "classes", segments.count == 2 || segments.count == 3 {
            return (segments[1], segments.count == 3 ? segments[2] : nil)
        }
        if let className = builtIn[first], segments.count == 1 || segments.count == 2 {
            return (className, segments.count == 2 ? segments[1] : nil)
        }
        return nil
    }

    /// CRUD and queries on one class, shared by direct requests and batch items.
    private func objectRoute(
        method: String, className: String, objectId: String?, query: [String: String],
        body: [String: JSON], caller: Caller, store: inout Store
    ) throws(ParseFailure) -> ServerAnswer {
        let isUser = className == Store.userClass
        switch (method, objectId) {
        case ("POST", nil):
            // SchemaController's required columns of a role.
            if className == Store.roleClass {
                for column in ["name", "ACL"] where body[column] == nil || body[column] == .null {
                    throw ParseFailure(111, "\(column) is required.")
                }
            }
            let customObjectId = configuration.allowCustomObjectId
            if isUser {
                let (user, token) = try store.signUp(body: body, customObjectId: customObjectId)
                return created(className: className, user, extra: ["sessionToken": .string(token)])
            }
            return created(className: className, try store.create(className, body: body, customObjectId: customObjectId))
        case ("GET", nil):
            // SharedRest's enforceRoleSecurity: installations are found with the master key only.
            if className == Store.installationClass, !caller.isMaster {
                throw ParseFailure(119, "Clients aren't allowed to perform the find operation on the installation collection.")
            }
            return try find(className, query: query, store: store)
        case ("GET", let objectId?):
            guard let object = store.readableObject(className, objectId) else { throw .objectNotFound() }
            let fields = store.render(
                object, className: className, include: PathTree(query["include"]),
                keys: query["keys"].map { PathTree($0) }, exclude: PathTree(query["excludeKeys"]))
            return ServerAnswer(status: 200, json: .object(fields))
        case ("PUT", let objectId?):
            var body = body
            if isUser {
                // Without a session, 206; another user's session meets the user's ACL (101).
                guard caller.isMaster || caller.userId != nil else {
                    throw ParseFailure(206, "Cannot modify user \(objectId).")
                }
                guard let user = store.object(className, objectId), store.canAccess(user, "write") else { throw .objectNotFound() }
                try store.checkUnique(username: body["username"]?.stringValue, email: body["email"]?.stringValue, except: objectId)
                if let password = body.removeValue(forKey: "password")?.stringValue {
                    store.passwords[objectId] = password
                }
            }
            let (object, reported) = try store.update(className, objectId: objectId, body: body)
            var answer = reported
            answer["updatedAt"] = .string(object.updatedAtText)
            return ServerAnswer(status: 200, json: .object(answer))
        case ("DELETE", let objectId?):
            if isUser, !caller.isMaster, caller.userId == nil {
                throw ParseFailure(206, "Insufficient auth to delete user")
            }
            if className == Store.installationClass, !caller.isMaster {
                throw ParseFailure(119, "Clients aren't allowed to perform the delete operation on the installation collection.")
            }
            try store.delete(className, objectId: objectId)
            return ServerAnswer(status: 200, json: [:])
        default:
            throw ParseFailure(119, "\(method) is not allowed here")
        }
    }

    private func created(className: String, _ object: StoredObject, extra: [String: JSON] = [:]) -> ServerAnswer {
        var answer = extra
        answer["objectId"] = .string(object.objectId)
        answer["createdAt"] = .string(object.createdAtText)
        let path = Routes.classPath(className) + "/" + object.objectId
        return ServerAnswer(status: 201, json: .object(answer), headers: [("Location", publicURL + "/" + path)])
    }

    static func classPath(_ className: String) -> String {
        switch className {
        case "_User": return "users"
        case "_Role": return "roles"
        case "_Installation": return "installations"
        case "_Session": return "sessions"
        default: return "classes/" + className
        }
    }

    /// `GET /classes/C` with `where`, `order`, `limit`, `skip`, `keys`, `excludeKeys`,
    /// `include` and `count`.
    private func find(_ className: String, query: [String: String], store: Store) throws(ParseFailure) -> ServerAnswer {
        var constraints: [String: JSON] = [:]
        if let text = query["where"] {
            guard let parsed = try? JSON(parsing: Data(text.utf8)), let members = parsed.objectValue else {
                throw .invalidJSON("Invalid JSON in where")
            }
            constraints = members
        }
        func number(_ name: String) throws(ParseFailure) -> Int? {
            guard let text = query[name] else { return nil }
            guard let value = Int(text), value >= 0 else { throw .invalidQuery("bad \(name): \(text)") }
            return value
        }
        let limit = try number("limit") ?? 100
        let skip = try number("skip") ?? 0
        let matched = store.sorted(try store.matching(className, where: constraints), order: query["order"],
                                   near: Geo.nearSphere(in: constraints))
        let page = matched.dropFirst(skip).prefix(limit)
        let include = PathTree(query["include"])
        let keys = query["keys"].map { PathTree($0) }
        let exclude = PathTree(query["excludeKeys"])
        var answer: [String: JSON] = [
            "results": .array(page.map { .object(store.render($0, className: className, include: include, keys: keys, exclude: exclude)) }),
        ]
        if let count = query["count"], count == "1" || count == "true" {
            answer["count"] = .int(matched.count)
        }
        return ServerAnswer(status: 200, json: .object(answer))
    }

    /// `POST /batch`: each item routed like a request of its own (with the batch's headers),
    /// answered `{"success":…}` or `{"error":{"code","error"}}` in order. A transaction is
    /// all or nothing: a failure undoes the items before it and fails the batch as Parse Server
    /// does, with 500 `{"code":1,"message":"Internal server error."}` whatever failed (its
    /// batch.js rejects with the items' results, which its error handler does not recognise).
    private func batch(_ request: IncomingRequest, caller: Caller, store: inout Store) throws(ParseFailure) -> ServerAnswer {
        let body = try bodyObject(request.body)
        guard let items = body["requests"]?.arrayValue else {
            throw .invalidJSON("requests must be an array")
        }
        let transaction = body["transaction"]?.boolValue ?? false
        let before = store
        let prefix = configuration.mountPath + "/"
        var replies: [JSON] = []
        for item in items {
            guard let method = item["method"]?.stringValue, let path = item["path"]?.stringValue else {
                throw .invalidJSON("a batch request needs a method and a path")
            }
            guard path.hasPrefix(prefix) else {
                throw .invalidJSON("cannot route batch path \(path)")
            }
            let segments = path.dropFirst(prefix.count).split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
            guard let (className, objectId) = Self.classAndId(segments), Store.isValidClassName(className) else {
                throw .invalidJSON("cannot route batch path \(path)")
            }
            let saved = store
            do {
                let itemBody = item["body"]?.objectValue ?? [:]
                let answer = try objectRoute(
                    method: method, className: className, objectId: objectId, query: [:], body: itemBody,
                    caller: caller, store: &store)
                replies.append(["success": (try? JSON(parsing: answer.body)) ?? [:]])
            } catch {
                store = saved
                if transaction {
                    store = before
                    return ServerAnswer(status: 500, json: ["code": 1, "message": "Internal server error."])
                }
                replies.append(["error": error.json])
            }
        }
        return ServerAnswer(status: 200, json: .array(replies))
    }

    func bodyObject(_ data: Data) throws(ParseFailure) -> [String: JSON] {
        guard let parsed = try? JSON(parsing: data), let members = parsed.objectValue else {
            throw .invalidJSON()
        }
        return members
    }
}
#endif
