// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// What a Cloud Code function or job receives.
public struct CloudRequest: Sendable {
    /// The parameters: the request's JSON body.
    public var parameters: [String: JSON]
    /// The objectId of the user whose session token came with the call.
    public var userId: String?
    /// Whether the call used the master key.
    public var isMaster: Bool
}

/// An error a Cloud Code function throws, as `throw new Parse.Error(code, message)`: answered
/// 400 `{"code","error"}`. Any other error a function throws is answered as 141.
public struct CloudError: Error, Sendable {
    public var code: Int
    public var message: String

    /// An error with Parse code `code` (141, "script failed", by default).
    public init(_ message: String, code: Int = 141) {
        self.code = code
        self.message = message
    }
}

/// A Cloud Code function or job: returns the `result` (`nil` for none).
public typealias CloudFunction = @Sendable (CloudRequest) throws -> JSON?

extension Routes {
    /// `POST /functions/<name>`: 200 `{"result": …}`, or the function's error.
    func callFunction(_ name: String, _ request: IncomingRequest, caller: Caller) throws(ParseFailure) -> ServerAnswer {
        guard let function = functions[name] else {
            throw ParseFailure(141, "Invalid function: \"\(name)\"")
        }
        let result = try Self.run(function, CloudRequest(parameters: try bodyObject(request.body), userId: caller.userId, isMaster: caller.isMaster))
        return ServerAnswer(status: 200, json: .object(result.map { ["result": $0] } ?? [:]))
    }

    /// `POST /jobs/<name>` (master key only): runs the job, records it in `_JobStatus` as
    /// Parse Server does, and answers 200 `{}` with `X-Parse-Job-Status-Id`.
    func startJob(_ name: String, _ request: IncomingRequest, caller: Caller, store: inout Store) throws(ParseFailure) -> ServerAnswer {
        guard caller.isMaster else {
            return .masterKeyRequired
        }
        guard let job = jobs[name] else {
            throw ParseFailure(141, "Invalid job.")
        }
        let parameters = try bodyObject(request.body)
        var status: [String: JSON] = ["jobName": .string(name), "source": "api", "params": .object(parameters)]
        do {
            let result = try Self.run(job, CloudRequest(parameters: parameters, userId: caller.userId, isMaster: true))
            status["status"] = "succeeded"
            if let result { status["message"] = result }
        } catch {
            status["status"] = "failed"
            status["message"] = .string(error.message)
        }
        let record = try store.create("_JobStatus", body: status)
        return ServerAnswer(status: 200, json: [:], headers: [("X-Parse-Job-Status-Id", record.objectId)])
    }

    private static func run(_ function: CloudFunction, _ request: CloudRequest) throws(ParseFailure) -> JSON? {
        do {
            return try function(request)
        } catch let error as CloudError {
            throw ParseFailure(error.code, error.message)
        } catch {
            throw ParseFailure(141, "\(error)")
        }
    }
}
#endif
