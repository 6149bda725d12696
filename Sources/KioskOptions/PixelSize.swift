/// A size in whole pixels, written `"WxH"` in the file (`"1280x800"`).
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `"WxH"` with each side in 1...16384; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        // Digits only: Int(_:) alone takes a sign ("+5x+5").
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              Self.sideRange.contains(width), Self.sideRange.contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    public static let sideRange = 1...16384

    public var description: String { "\(width)x\(height)" }
}
