import KioskEngine

/// How a touch digitizer's axes line up with the panel's native scan-out (the picture before
/// `[display] rotation` turns it). Applied by `TouchDecoder` in normalised 0...1 coordinates
/// (y down), in this order: axis-range overrides normalise the raw values, then swap-xy, then
/// invert-x / invert-y, then rotation, then the calibration matrix. The display's rotation is
/// applied after all of these (see `TouchSurface`), so a digitizer that matches its panel needs none.
public struct TouchCalibration: Hashable, Sendable {
    /// Clockwise turn that takes digitizer coordinates to the panel's native coordinates.
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

    /// Maps a normalised digitizer position (after range normalisation) to a normalised native panel position.
    public func apply(toNormalised point: Point) -> Point {
        var x = point.x
        var y = point.y
        if swapXY { swap(&x, &y) }
        if invertX { x = 1 - x }
        if invertY { y = 1 - y }
        let turned = rotation.turning(normalised: Point(x: x, y: y))
        return Point(x: matrix[0] * turned.x + matrix[1] * turned.y + matrix[2],
                     y: matrix[3] * turned.x + matrix[4] * turned.y + matrix[5])
    }
}
