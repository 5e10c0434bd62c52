/// Graph algorithms over type names, shared by the validator (cycles of embedded types) and the
/// emitters (cycles of values stored inline).
public enum NameGraph {
    /// Tarjan's algorithm without recursion: for each name on a cycle (a component of more than
    /// one name, or a name with an edge to itself), the number of its component.
    public static func stronglyConnectedComponents(_ names: [String], edges: (String) -> [String]) -> [String: Int] {
        var index: [String: Int] = [:], lowLink: [String: Int] = [:]
        var onStack = Set<String>(), stack: [String] = []
        var result: [String: Int] = [:]
        var nextIndex = 0, components = 0
        for root in names where index[root] == nil {
            var work: [(name: String, targets: [String], next: Int)] = []
            func open(_ name: String) {
                index[name] = nextIndex; lowLink[name] = nextIndex; nextIndex += 1
                stack.append(name); onStack.insert(name)
                work.append((name, edges(name), 0))
            }
            open(root)
            while let top = work.last {
                if top.next < top.targets.count {
                    let target = top.targets[top.next]
                    work[work.count - 1].next += 1
                    if index[target] == nil {
                        open(target)
                    } else if onStack.contains(target) {
                        lowLink[top.name] = min(lowLink[top.name]!, index[target]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.name] = min(lowLink[parent.name]!, lowLink[top.name]!)
                }
                guard lowLink[top.name] == index[top.name] else { continue }
                var members: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    members.append(member)
                    if member == top.name { break }
                }
                if members.count > 1 || top.targets.contains(top.name) {
                    for member in members { result[member] = components }
                    components += 1
                }
            }
        }
        return result
    }
}
