/// How the container's page indicator looks: a dot per screen in a row, centred across the
/// screen, the current screen's dot in its colour and the others in `inactiveColor`.
public struct PageIndicatorStyle: Hashable, Sendable {
    /// Dot diameter in pixels.
    public var dotSize: Double
    /// Pixels from one dot's centre to the next.
    public var spacing: Double
    /// Pixels from the screen's edge (bottom, or top with `atTop`) to the dots' centre line.
    public var margin: Double
    /// The dots run along the top edge instead of the bottom (out of a bottom tab bar's way).
    public var atTop: Bool
    /// The current screen's dot.
    public var color: Color
    /// Every other screen's dot.
    public var inactiveColor: Color
    /// Per screen (by index), the colour of the current dot while that screen is up; nil, or no
    /// entry, is `color`.
    public var screenColors: [Color?]

    public init(dotSize: Double = 10, spacing: Double = 22, margin: Double = 28, atTop: Bool = false,
                color: Color = .white, inactiveColor: Color = Color(r: 255, g: 255, b: 255, a: 110),
                screenColors: [Color?] = []) {
        self.dotSize = dotSize
        self.spacing = spacing
        self.margin = margin
        self.atTop = atTop
        self.color = color
        self.inactiveColor = inactiveColor
        self.screenColors = screenColors
    }

    /// The colour of dot `dot` while its screen is up.
    public func activeColor(ofDot dot: Int) -> Color {
        (screenColors.indices.contains(dot) ? screenColors[dot] : nil) ?? color
    }

    /// Where each of `count` dots sits in `bounds`.
    public func dotFrames(count: Int, in bounds: Rect) -> [Rect] {
        let centreY = atTop ? bounds.minY + margin : bounds.maxY - margin
        let firstX = bounds.midX - spacing * Double(count - 1) / 2
        return (0..<count).map { index in
            Rect(x: firstX + spacing * Double(index) - dotSize / 2, y: centreY - dotSize / 2,
                 width: dotSize, height: dotSize)
        }
    }
}
