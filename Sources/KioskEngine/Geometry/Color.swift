/// A straight (not premultiplied) RGBA colour with components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// 8-bit components, as colours are written in configs and articles: (109, 213, 250).
    public init(r: Int, g: Int, b: Int, a: Int = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        // Every character a hex digit: UInt32(_:radix:) alone takes a sign ("#+fffff").
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(r: Int(rgba >> 24 & 0xFF), g: Int(rgba >> 16 & 0xFF), b: Int(rgba >> 8 & 0xFF), a: Int(rgba & 0xFF))
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    public var isOpaque: Bool { alpha >= 1 }

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Component-wise interpolation, used to animate colours (the indicator's tint, for one).
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
              blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    public var description: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: false)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
