import ArgumentParser

/// Where a live Parse app is, for `import` and `drift`. The master key is not among them: it
/// comes from `PARSE_MASTER_KEY` only (see `LiveSchema`).
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: "The Parse Server URL, with its mount path (https, or http to this machine).")
    var server: String?

    @Option(name: .long, help: "The application id, with --server.")
    var applicationId: String?

    /// Refuses `--server` without `--application-id`.
    func validate() throws {
        if server != nil, applicationId == nil { throw ValidationError("--server needs --application-id") }
    }
}
