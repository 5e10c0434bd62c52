/// "Did you mean ...?" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    /// Case-only differences count as closest of all.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, word.count / 3))
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
