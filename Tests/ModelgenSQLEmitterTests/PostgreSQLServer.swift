import Foundation
import ModelgenTestSupport
import Testing

/// A private PostgreSQL server for the tests: its own data directory in a temporary folder,
/// a Unix socket in that folder and no TCP listener, started with Debian's `initdb` and
/// `pg_ctl`, and stopped (the folder removed) when the suite ends. As root (CI), the server
/// runs as the `postgres` user, since PostgreSQL refuses to run as root.
final class PostgreSQLServer: Sendable {
    /// Holds the socket and, in `data`, the cluster.
    let directory: String
    let port: Int
    let binDirectory: String
    let psql: String
    /// How long `initdb` plus `pg_ctl start` took, in seconds.
    let startSeconds: Double

    /// What the suite found: a running server, or why there is none.
    enum Availability: Sendable {
        case running(PostgreSQLServer)
        case notInstalled(String)
        case failed(String)
    }

    /// The server of the running suite (see `PostgreSQLServerTrait`).
    @TaskLocal static var availability: Availability = .notInstalled("the test is not inside a suite with .postgreSQLServer")

    private init(directory: String, port: Int, binDirectory: String, psql: String, startSeconds: Double) {
        self.directory = directory
        self.port = port
        self.binDirectory = binDirectory
        self.psql = psql
        self.startSeconds = startSeconds
    }

    /// `initdb` and `pg_ctl` live off `PATH` on Debian, in `/usr/lib/postgresql/<version>/bin`.
    /// `MODELGEN_PG_BIN` names another folder (and a folder without them turns the tests off).
    static func locate() -> (bin: String, psql: String)? {
        var candidates: [String] = []
        if let chosen = ProcessInfo.processInfo.environment["MODELGEN_PG_BIN"] {
            let psql = chosen + "/psql"
            guard FileManager.default.isExecutableFile(atPath: chosen + "/initdb"), FileManager.default.isExecutableFile(atPath: psql)
            else { return nil }
            return (chosen, psql)
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            candidates.append("/usr/lib/postgresql/\(version)/bin")
        }
        // Elsewhere (Homebrew, a source build) they are on PATH.
        if let initdb = Shell.which("initdb") { candidates.append((initdb as NSString).deletingLastPathComponent) }
        for bin in candidates where FileManager.default.isExecutableFile(atPath: bin + "/initdb")
            && FileManager.default.isExecutableFile(atPath: bin + "/pg_ctl") {
            if let psql = Shell.which("psql") ?? (FileManager.default.isExecutableFile(atPath: bin + "/psql") ? bin + "/psql" : nil) {
                return (bin, psql)
            }
        }
        return nil
    }

    static func start() async -> Availability {
        guard let (bin, psql) = locate() else {
            return .notInstalled("initdb, pg_ctl or psql not found (apt-get install postgresql, or set MODELGEN_PG_BIN)")
        }
        let began = Date()
        let directory = NSTemporaryDirectory() + "modelgen-pg-" + UUID().uuidString.prefix(8)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            if getuid() == 0 {
                let chown = try await Shell.run("/bin/chown", ["postgres:", directory])
                guard chown.succeeded else { return .failed("chown postgres \(directory): \(chown)") }
            }
            // A private socket folder means any port number is free; no TCP listener at all.
            let port = 54329
            let initdb = try await asServerUser(bin + "/initdb", ["-D", directory + "/data", "-A", "trust", "-U", "postgres",
                                                           "-E", "UTF8", "--locale=C", "--no-sync"])
            guard initdb.succeeded else { return .failed("initdb: \(initdb)") }
            let options = "-p \(port) -k \(directory) -c listen_addresses= -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
            let start = try await asServerUser(bin + "/pg_ctl", ["-D", directory + "/data", "-o", options, "-l", directory + "/server.log",
                                                          "-w", "-t", "60", "start"])
            guard start.succeeded else {
                let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
                return .failed("pg_ctl start: \(start)\n\(log)")
            }
            return .running(PostgreSQLServer(directory: directory, port: port, binDirectory: bin, psql: psql,
                                             startSeconds: Date().timeIntervalSince(began)))
        } catch {
            return .failed("\(error)")
        }
    }

    /// Stops the server at once (its data is thrown away) and removes its folder.
    func stop() async {
        _ = try? await Self.asServerUser(binDirectory + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs a server program, as `postgres` when the tests run as root.
    private static func asServerUser(_ executable: String, _ arguments: [String]) async throws -> ShellResult {
        guard getuid() == 0 else { return try await Shell.run(executable, arguments) }
        if let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return try await Shell.run(runuser, ["-u", "postgres", "--", executable] + arguments)
        }
        let command = ([executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try await Shell.run("/bin/su", ["-s", "/bin/sh", "postgres", "-c", command])
    }

    /// Runs `sql` with psql against `database`, stopping at the first error.
    func psql(_ sql: String, database: String) async throws -> ShellResult {
        try await Shell.run(psql, ["-h", directory, "-p", String(port), "-U", "postgres", "-d", database, "-X", "-q", "-A", "-t",
                             "-v", "ON_ERROR_STOP=1", "-f", "-"],
                      input: sql, environment: ["PGOPTIONS": "-c client_min_messages=warning"])
    }

    /// A new, empty database for one test.
    func createDatabase() async throws -> PostgreSQLDatabase {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let result = try await psql("CREATE DATABASE \(name);", database: "postgres")
        guard result.succeeded else { throw DatabaseError.failed("CREATE DATABASE: \(result)") }
        return PostgreSQLDatabase(server: self, name: name)
    }

    /// The running suite's server, a fresh database on it; `nil` (after saying why, or failing
    /// under CI) when PostgreSQL is not installed.
    static func database(sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> PostgreSQLDatabase? {
        switch availability {
        case .running(let server):
            return try await server.createDatabase()
        case .notInstalled(let why):
            DatabaseAvailability.unavailable("PostgreSQL", why, sourceLocation: sourceLocation)
            return nil
        case .failed(let why):
            Issue.record("PostgreSQL is installed but did not start: \(why)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

enum DatabaseError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case .failed(let message): return message
        }
    }
}

/// One database on the test server.
struct PostgreSQLDatabase: Sendable {
    let server: PostgreSQLServer
    let name: String

    /// Runs SQL; the result says whether it failed and why.
    func run(_ sql: String) async throws -> ShellResult {
        try await server.psql(sql, database: name)
    }

    /// Runs SQL that must succeed and returns what it printed (unaligned, tuples only).
    @discardableResult
    func execute(_ sql: String) async throws -> String {
        let result = try await run(sql)
        guard result.succeeded else { throw DatabaseError.failed("psql failed: \(result.stderr)\nSQL: \(sql)") }
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Runs a query whose single value is JSON, and decodes it.
    func json<T: Decodable>(_ type: T.Type, _ query: String) async throws -> T {
        try Shell.decode(type, from: await execute(query))
    }

    /// Expects `sql` to fail with a message containing `error`.
    func expectRefused(_ sql: String, _ error: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let result = try await run(sql)
        #expect(!result.succeeded, "PostgreSQL accepted: \(sql)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(error), "expected '\(error)' from: \(sql)\n\(result.stderr)", sourceLocation: sourceLocation)
    }
}

/// Starts one PostgreSQL server around the whole suite it is attached to, and stops it after
/// the last test: `@Suite(.postgreSQLServer)`.
struct PostgreSQLServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let availability = await PostgreSQLServer.start()
        guard case .running(let server) = availability else {
            return try await PostgreSQLServer.$availability.withValue(availability) { try await function() }
        }
        print("PostgreSQL \(server.binDirectory): initdb and start took \(String(format: "%.2f", server.startSeconds)) s")
        let outcome: Result<Void, any Error>
        do {
            try await PostgreSQLServer.$availability.withValue(availability) { try await function() }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        let began = Date()
        await server.stop()
        print("PostgreSQL: stop took \(String(format: "%.2f", Date().timeIntervalSince(began))) s")
        try outcome.get()
    }
}

extension Trait where Self == PostgreSQLServerTrait {
    /// A private PostgreSQL server for the suite's tests.
    static var postgreSQLServer: Self { Self() }
}
