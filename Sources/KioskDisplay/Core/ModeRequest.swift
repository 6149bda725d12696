/// A mode asked for by the configuration (which parses and checks the `WxH@Hz` text): a size and an optional rate.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Nil accepts any rate, preferring the preferred mode, then the highest rate.
    public var refreshRate: Double?

    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    public var description: String {
        guard let refreshRate else { return "\(width)x\(height)" }
        let hertz = refreshRate.rounded() == refreshRate ? String(Int(refreshRate)) : String(refreshRate)
        return "\(width)x\(height)@\(hertz)"
    }

    /// The mode among `modes` that fits best: same size, and within half a hertz of the requested
    /// rate when one is given (so `@60` matches 59.94 and 60.02); the preferred one, then the fastest, otherwise.
    public func bestMatch(in modes: [DisplayMode]) -> DisplayMode? {
        let sameSize = modes.filter { $0.width == width && $0.height == height }
        if let refreshRate {
            return sameSize
                .filter { abs($0.refreshRate - refreshRate) < 0.5 }
                .min { abs($0.refreshRate - refreshRate) < abs($1.refreshRate - refreshRate) }
        }
        return sameSize.first(where: \.isPreferred) ?? sameSize.max { $0.refreshRate < $1.refreshRate }
    }

    /// The mode to use when none was configured: the preferred one, else the first listed
    /// (the kernel sorts the largest first).
    public static func defaultMode(in modes: [DisplayMode]) -> DisplayMode? {
        modes.first(where: \.isPreferred) ?? modes.first
    }
}
