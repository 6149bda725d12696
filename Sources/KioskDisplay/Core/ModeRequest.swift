import Foundation

/// A mode asked for by the configuration: `WxH` or `WxH@Hz`.
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

    /// Parses `800x600` or `1280x800@75`; anything else throws `DisplayError.invalidMode` saying what is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let sizeAndRate = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard sizeAndRate.count <= 2 else {
            throw DisplayError.invalidMode(text, reason: "more than one '@'")
        }
        let dimensions = sizeAndRate[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard dimensions.count == 2 else {
            throw DisplayError.invalidMode(text, reason: "expected one 'x' between width and height")
        }
        guard let width = Int(dimensions[0]), let height = Int(dimensions[1]) else {
            throw DisplayError.invalidMode(text, reason: "width and height must be whole numbers")
        }
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw DisplayError.invalidMode(text, reason: "width and height must be between 1 and 16384")
        }
        var rate: Double?
        if sizeAndRate.count == 2 {
            guard let parsed = Double(sizeAndRate[1]), parsed.isFinite, parsed > 0, parsed <= 1000 else {
                throw DisplayError.invalidMode(text, reason: "the refresh rate after '@' must be a number of hertz between 0 and 1000")
            }
            rate = parsed
        }
        self.init(width: width, height: height, refreshRate: rate)
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
