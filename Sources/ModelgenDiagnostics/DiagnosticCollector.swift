/// Gathers the diagnostics of a run so that every independent problem is reported, not just
/// the first. Each stage appends to it; the caller decides what to print and how to exit.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    public mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        append(.error(message, at: location, notes: notes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        append(.warning(message, at: location, notes: notes))
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Whether the run must fail: any error, or any warning when warnings count as errors.
    public func failed(warningsAsErrors: Bool) -> Bool {
        diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
    }

    /// Diagnostics in a stable order: located ones by file, line and column (files in the
    /// order given by `fileOrder`, then by path), unlocated ones first. Exact duplicates are dropped.
    public func sorted(fileOrder: [String] = []) -> [Diagnostic] {
        let rank = Dictionary(fileOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element.location, rhs.element.location)
            switch (a, b) {
            case (nil, nil): return lhs.offset < rhs.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (a?, b?):
                let ra = rank[a.file] ?? Int.max, rb = rank[b.file] ?? Int.max
                if ra != rb { return ra < rb }
                if a != b { return a < b }
                return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
