// The server itself is built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import ArgumentParser
import Foundation
import ParseTestServer

/// `parse-test-server`: ParseTestServer as a process, for an app in the iOS Simulator (or any
/// client) to talk to from the same Mac. Data is kept in memory until it stops.
@main
struct ParseTestServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse-test-server",
        abstract: "Serve Parse's REST API from memory, for testing an app's Parse code.",
        discussion: """
            Stops on Ctrl-C (SIGINT) or SIGTERM. Data lives in memory; with --data FILE it is read from FILE at \
            start (when FILE exists) and written back when the server stops. docs/TestingParseCode.md lists the routes it serves.
            """)

    @Option(help: "The port to listen on (0: any free port).")
    var port = 1337

    @Option(help: "The address to listen on: 127.0.0.1 (this Mac and its simulators) or 0.0.0.0 (devices on the network too).")
    var host = "127.0.0.1"

    @Option(help: "The application id clients must send (X-Parse-Application-Id).")
    var appId = "app"

    @Option(help: "The REST API key clients must send (X-Parse-REST-API-Key); empty: none is required.")
    var restAPIKey = ""

    @Option(help: "The master key (X-Parse-Master-Key).")
    var masterKey = "master"

    @Option(help: "The mount path.")
    var mountPath = "/parse"

    @Option(help: ArgumentHelp("A JSON file to read the data from at start (if it exists) and to save it to on stop.", valueName: "file"))
    var data: String?

    @Flag(help: "Let a create carry its own objectId (Parse Server's allowCustomObjectId).")
    var allowCustomObjectId = false

    @Flag(help: "Let a user signed up without an ACL be read by everyone (Parse Server's enforcePrivateUsers: false).")
    var publicUsers = false

    @Flag(help: "Let files be uploaded without a session (Parse Server's fileUpload.enableForPublic).")
    var allowPublicFileUpload = false

    @Option(help: ArgumentHelp("Refuse writes repeating an X-Parse-Request-Id on the paths this regular expression matches (Parse Server's idempotencyOptions; repeatable, e.g. 'classes/.*').", valueName: "path"))
    var idempotentPath: [String] = []

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard mountPath.hasPrefix("/") else { throw ValidationError("--mount-path must start with '/'") }
        guard !masterKey.isEmpty else { throw ValidationError("--master-key must not be empty") }
    }

    func run() async throws {
        let server = try await ParseTestServer.start(ParseTestServer.Configuration(
            applicationId: appId, restAPIKey: restAPIKey.isEmpty ? nil : restAPIKey, masterKey: masterKey,
            mountPath: mountPath, host: host, port: port, allowCustomObjectId: allowCustomObjectId,
            enforcePrivateUsers: !publicUsers, allowPublicFileUpload: allowPublicFileUpload,
            idempotency: idempotentPath.isEmpty ? nil : .init(paths: idempotentPath)))
        let dataFile = data.map { URL(fileURLWithPath: $0) }
        if let dataFile, FileManager.default.fileExists(atPath: dataFile.path) {
            do {
                try server.load(from: dataFile)
            } catch {
                await server.stop()
                throw error
            }
            Self.say("read the data from \(dataFile.path)")
        }
        // The keys are the caller's own; only the application id is shown.
        Self.say("ParseTestServer listening at \(server.serverURL.absoluteString) (application id '\(appId)'); Ctrl-C stops it")
        Self.say("LiveQuery on the same port: \(server.liveQueryURL.absoluteString)")
        await Self.waitForStopSignal()
        await server.stop()
        if let dataFile {
            try server.save(to: dataFile)
            Self.say("saved the data to \(dataFile.path)")
        }
        Self.say("ParseTestServer stopped")
    }

    /// Writes a line at once (unbuffered), also when the output is a pipe or a file that a
    /// script waits on.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Returns on the first SIGINT or SIGTERM.
    private static func waitForStopSignal() async {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        for await _ in signals { break }
        sources.forEach { $0.cancel() }
    }
}
#else
import Foundation

/// Built without the trait, the command only says how to build it with the server.
@main
enum ParseTestServerCommand {
    static func main() {
        FileHandle.standardError.write(Data("parse-test-server: built without the TestServer trait; build it with 'swift build --traits TestServer --product parse-test-server', or enable the trait where you depend on modelgen (docs/TestingParseCode.md)\n".utf8))
        exit(1)
    }
}
#endif
