import Foundation
import ModelgenParseServer
import ModelgenYAML
import ParseRuntime

/// A Parse app's schema as `import` and `drift` read it: from a `GET /schemas` response saved
/// as a file, or from the server, with the master key from `PARSE_MASTER_KEY` (never from a
/// flag, never printed) and only over https or to this machine.
enum LiveSchema {
    static let masterKeyVariable = "PARSE_MASTER_KEY"

    /// Why the schema could not be read, as one line for `modelgen: error:`.
    struct Failure: Error {
        var message: String
    }

    /// The JSON of `file`, keys in their order.
    static func read(file: String) throws(Failure) -> OrderedJSON {
        do {
            guard let node = try YAMLReader.read(path: file) else { throw Failure(message: "'\(file)' is empty") }
            return OrderedJSON(node)
        } catch let error as YAMLError {
            throw Failure(message: error.description)
        } catch {
            throw Failure(message: "cannot read '\(file)'")
        }
    }

    /// `GET /schemas` of the server at `server` (its URL with the mount path).
    static func fetch(server: String, applicationId: String) async throws(Failure) -> OrderedJSON {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw Failure(message: "--server '\(server)' is not a URL such as https://parse.example.com/parse")
        }
        guard scheme == "https" || (scheme == "http" && ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())) else {
            throw Failure(message: "refusing to send the master key over \(scheme) to \(host): use https (plain http only to this machine)")
        }
        guard let masterKey = ProcessInfo.processInfo.environment[masterKeyVariable], !masterKey.isEmpty else {
            throw Failure(message: "set \(masterKeyVariable) to the app's master key (it is never taken from a flag)")
        }
        let client = ParseClient(configuration: ParseClientConfiguration(serverURL: url, applicationId: applicationId, masterKey: masterKey))
        let body: Data
        do {
            body = try await client.schemasJSON()
        } catch {
            // ParseClientError's text never holds a key.
            throw Failure(message: "cannot read the schema from \(server): \(error)")
        }
        do {
            guard let node = try YAMLReader.parse(Array(body), file: "\(server)/schemas") else {
                throw Failure(message: "\(server) answered GET /schemas with nothing")
            }
            return OrderedJSON(node)
        } catch let error as YAMLError {
            throw Failure(message: "\(server) did not answer GET /schemas with JSON: \(error.description)")
        } catch {
            throw Failure(message: "\(server) did not answer GET /schemas with JSON")
        }
    }
}
