/// A video mode asked of the connector (`[display] mode`): `"WxH"` or `"WxH@Hz"`.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var size: PixelSize
    /// Nil: any refresh rate of that size, the connector's preferred one first.
    public var refreshRate: Double?

    public init(size: PixelSize, refreshRate: Double? = nil) {
        self.size = size
        self.refreshRate = refreshRate
    }

    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.init(size: PixelSize(width: width, height: height), refreshRate: refreshRate)
    }

    /// Parses `"800x600"` or `"1920x1080@60"` (the rate may be fractional, `@59.94`).
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let size = PixelSize(parsing: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard parts[1].allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) }),
                  let rate = Double(parts[1]), rate >= 1, rate <= 1000 else { return nil }
            self.init(size: size, refreshRate: rate)
        } else {
            self.init(size: size)
        }
    }

    public var description: String {
        guard let refreshRate else { return size.description }
        let hertz = refreshRate.rounded() == refreshRate ? String(Int(refreshRate)) : String(refreshRate)
        return "\(size)@\(hertz)"
    }
}
