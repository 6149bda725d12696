/// A day of the week, as `[[power.schedule]] days` names it.
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Comparable {
    // Foundation's numbering (`Calendar.component(.weekday, ...)`): Sunday is 1.
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The three-letter name the config uses.
    public var shortName: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    public init?(shortName: String) {
        guard let day = Self.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = day
    }

    /// The day after this one.
    public var next: Weekday { Weekday(rawValue: rawValue % 7 + 1)! }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Parses `"mon-fri"`, `"sat,sun"`, `"fri-mon"` (a range may wrap the week end) or `"daily"`;
    /// nil when any part is not a day.
    public static func parseSet(_ text: String) -> Set<Weekday>? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "daily" { return Set(allCases) }
        var days: Set<Weekday> = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
                .map { Weekday(shortName: $0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard let day = bounds[0] else { return nil }
                days.insert(day)
            case 2:
                guard let first = bounds[0], let last = bounds[1] else { return nil }
                var day = first
                days.insert(day)
                while day != last {
                    day = day.next
                    days.insert(day)
                }
            default:
                return nil
            }
        }
        return days
    }
}
