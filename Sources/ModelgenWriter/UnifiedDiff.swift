/// A unified diff (`diff -u` style) between two texts, for `modelgen check` to show what a
/// stale file would become. Lines are compared exactly; the shortest edit script is found
/// with Myers' algorithm.
public enum UnifiedDiff {
    enum Edit: Equatable {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let edits = script(a, b)
        guard edits.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Group edits into hunks separated by more than 2 * context unchanged lines.
        var index = 0
        while index < edits.count {
            guard let start = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else { break }
            var end = start
            var cursor = start
            while cursor < edits.count {
                if case .same = edits[cursor] {
                    var run = cursor
                    while run < edits.count, case .same = edits[run] { run += 1 }
                    if run == edits.count || run - cursor > 2 * context { break }
                    cursor = run
                } else {
                    end = cursor
                    cursor += 1
                }
            }
            let hunkStart = max(index, start - context)
            let hunkEnd = min(edits.count - 1, end + context)
            let hunk = edits[hunkStart...hunkEnd]
            var oldStart = 0, newStart = 0
            var oldCount = 0, newCount = 0
            var body = ""
            var first = true
            for edit in hunk {
                switch edit {
                case .same(let i, let j):
                    if first { oldStart = i; newStart = j }
                    oldCount += 1; newCount += 1
                    body += " \(a[i])\n"
                case .delete(let i):
                    if first { oldStart = i; newStart = position(in: edits, before: hunkStart, side: .new) }
                    oldCount += 1
                    body += "-\(a[i])\n"
                case .insert(let j):
                    if first { newStart = j; oldStart = position(in: edits, before: hunkStart, side: .old) }
                    newCount += 1
                    body += "+\(b[j])\n"
                }
                first = false
            }
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
            index = hunkEnd + 1
        }
        return output
    }

    private enum Side { case old, new }

    /// The 0-based line number on `side` where the edit at `index` begins.
    private static func position(in edits: [Edit], before index: Int, side: Side) -> Int {
        var count = 0
        for edit in edits[..<index] {
            switch (edit, side) {
            case (.same, _), (.delete, .old), (.insert, .new): count += 1
            default: break
            }
        }
        return count
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Myers' O((N+M)D) shortest edit script.
    static func script(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        let n = a.count, m = b.count
        let maximum = n + m
        if maximum == 0 { return [] }
        let offset = maximum
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        outer: for d in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + k] = x
                if x >= n, y >= m { trace.append(frontier); break outer }
            }
        }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(.same(x, y))
            }
            if d > 0 {
                if x == previousX { y -= 1; edits.append(.insert(y)) } else { x -= 1; edits.append(.delete(x)) }
            }
            x = previousX; y = previousY
        }
        while x > 0, y > 0 { x -= 1; y -= 1; edits.append(.same(x, y)) }
        return edits.reversed()
    }
}
