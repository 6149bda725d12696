import KioskOptions

/// Picking the connector's mode that a configured request names.
extension ModeRequest {
    /// The mode among `modes` that fits best: same size, and within half a hertz of the requested
    /// rate when one is given (so `@60` matches 59.94 and 60.02); the preferred one, then the fastest, otherwise.
    public func bestMatch(in modes: [DisplayMode]) -> DisplayMode? {
        let sameSize = modes.filter { $0.width == size.width && $0.height == size.height }
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
