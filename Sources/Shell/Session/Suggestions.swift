import Runtime

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
            let distance = candidate.lowercased() == lowered ? 0 : EditDistance.between(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, best.map({ distance < $0.distance || (distance == $0.distance && candidate < $0.name) }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
