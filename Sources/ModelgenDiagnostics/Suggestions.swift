/// "Did you mean ...?" suggestions by edit distance.
public enum Suggestions {
    /// Words and candidates longer than this (in UTF-8 bytes) get no suggestion: nobody types
    /// a name that long by hand, and edit distance costs the product of the two lengths.
    public static let maxWordBytes = 256

    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    /// Case-only differences count as closest of all.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        guard word.utf8.count <= maxWordBytes else { return nil }
        let lowered = word.lowercased()
        let allowed = max(1, min(3, word.count / 3))
        let length = lowered.unicodeScalars.count
        var best: (name: String, distance: Int)?
        let wordIsASCII = word.utf8.allSatisfy { $0 < 0x80 }
        for candidate in candidates where candidate != word && candidate.utf8.count <= maxWordBytes {
            // For ASCII, bytes are characters and lowercasing keeps the length: skip early.
            if wordIsASCII, abs(candidate.utf8.count - word.utf8.count) > allowed, candidate.utf8.allSatisfy({ $0 < 0x80 }) { continue }
            let candidateLowered = candidate.lowercased()
            // Lengths further apart than the allowed distance cannot be close enough.
            guard abs(candidateLowered.unicodeScalars.count - length) <= allowed else { continue }
            let distance = candidateLowered == lowered ? 0 : editDistance(lowered, candidateLowered)
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        return best.distance <= allowed ? best.name : nil
    }

    /// A ready `did you mean 'X'?` note, or `nil` when nothing is close.
    public static func note(for word: String, among candidates: some Sequence<String>) -> Diagnostic.Note? {
        closest(to: word, among: candidates).map { Diagnostic.Note("did you mean '\($0)'?") }
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

/// A bound on the work one stage spends on suggestions. Each lookup compares the word with
/// every candidate, so a file with thousands of unknown names against thousands of declared
/// ones would cost their product; past the budget, errors come without "did you mean".
public struct SuggestionBudget: Sendable {
    /// Comparisons per stage and run: about a second in a debug build, and more lookups than
    /// anyone reads against lists of hand-written size (6,000 lookups among 50 names).
    public static let defaultComparisons = 300_000

    private var remaining: Int

    public init(comparisons: Int = SuggestionBudget.defaultComparisons) {
        remaining = comparisons
    }

    /// Whether a lookup among `candidates` names still fits, counting it:
    /// `if budget.spend(names.count), let near = Suggestions.closest(to: word, among: names)`.
    public mutating func spend(_ candidates: Int) -> Bool {
        guard remaining >= candidates else { return false }
        remaining -= candidates
        return true
    }
}
