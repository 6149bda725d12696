/// Finds the known key closest to a misspelt one, for "did you mean" hints.
enum KeySuggester {
    /// The closest candidate within a typo's reach (about a third of the word), or nil.
    static func suggestion(for key: String, among candidates: [String]) -> String? {
        let limit = reach(of: key)
        let scored = candidatesInReach(of: key, among: candidates).map { (candidate: $0, distance: editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.candidate
    }

    /// The candidates compared letter by letter with `key`: those whose length is within its reach,
    /// since the distance is at least the difference in length. A megabyte key is compared with none.
    static func candidatesInReach(of key: String, among candidates: [String]) -> [String] {
        let count = key.count, limit = reach(of: key)
        return candidates.filter { abs($0.count - count) <= limit }
    }

    /// How many typos a key may hold and still be suggested for: about a third of its letters.
    private static func reach(of key: String) -> Int { max(1, key.count / 3) }

    /// Edit distance counting an insertion, deletion, substitution or swap of neighbours as one
    /// (optimal string alignment), so "dmr" is one typo away from "drm".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[a.count][b.count]
    }
}
