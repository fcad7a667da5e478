/// Near misses: the closest known name to one that was not found.
enum Suggestions {
    /// `; did you mean 'X'?` for the nearest candidate within a small edit distance, or "".
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        didYouMean(nearest(name, among: candidates))
    }

    /// `; did you mean 'X'?` for a suggestion found before, or "".
    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate closest to `name`, if it is close enough to be a typo of it. Never
    /// `name` itself, nor one of `excluded`: the name being defined is no typo of what it
    /// names (`@interface MMFeedCell : MMFeedCel` cannot mean `MMFeedCell`).
    static func nearest(_ name: String, among candidates: [String], excluding excluded: Set<String> = []) -> String? {
        let limit = max(1, min(3, name.count / 3))
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in Set(candidates) where candidate != name && !excluded.contains(candidate) {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, best.map({ distance < $0.distance || (distance == $0.distance && candidate < $0.name) }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment),
    /// giving up early (returning `limit + 1`) once it exceeds `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
