/// How a touch panel's axes line up with the display it sits on. Applied by `TouchDecoder` in
/// normalised 0...1 coordinates (y down), in this order: axis-range overrides normalise the raw
/// values, then swap-xy, then invert-x / invert-y, then rotation, then the calibration matrix.
/// Touch rotation is independent of display rotation: it describes the panel, not the picture.
public struct TouchCalibration: Hashable, Sendable {
    /// Clockwise rotation that takes panel coordinates to display coordinates.
    public enum Rotation: Int, Hashable, Sendable, CaseIterable {
        case none = 0, clockwise90 = 90, clockwise180 = 180, clockwise270 = 270
    }

    public var rotation: Rotation
    public var swapXY: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// Raw range that spans the display's width, replacing the device's reported range.
    public var xRange: ClosedRange<Int32>?
    /// Raw range that spans the display's height, replacing the device's reported range.
    public var yRange: ClosedRange<Int32>?
    /// libinput's LIBINPUT_CALIBRATION_MATRIX: `[a, b, c, d, e, f]` maps (x, y) to
    /// (a·x + b·y + c, d·x + e·y + f) in normalised coordinates.
    public var matrix: [Double]

    public static let identityMatrix: [Double] = [1, 0, 0, 0, 1, 0]
    public static let identity = TouchCalibration()

    public init(rotation: Rotation = .none, swapXY: Bool = false, invertX: Bool = false, invertY: Bool = false,
                xRange: ClosedRange<Int32>? = nil, yRange: ClosedRange<Int32>? = nil,
                matrix: [Double] = TouchCalibration.identityMatrix) {
        precondition(matrix.count == 6, "a calibration matrix has 6 values")
        self.rotation = rotation
        self.swapXY = swapXY
        self.invertX = invertX
        self.invertY = invertY
        self.xRange = xRange
        self.yRange = yRange
        self.matrix = matrix
    }

    /// Maps a normalised panel position (after range normalisation) to a normalised display position.
    public func apply(toNormalised point: Point) -> Point {
        var x = point.x
        var y = point.y
        if swapXY { swap(&x, &y) }
        if invertX { x = 1 - x }
        if invertY { y = 1 - y }
        switch rotation {
        case .none: break
        case .clockwise90: (x, y) = (1 - y, x)
        case .clockwise180: (x, y) = (1 - x, 1 - y)
        case .clockwise270: (x, y) = (y, 1 - x)
        }
        return Point(x: matrix[0] * x + matrix[1] * y + matrix[2],
                     y: matrix[3] * x + matrix[4] * y + matrix[5])
    }
}
