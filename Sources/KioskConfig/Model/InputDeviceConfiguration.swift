import KioskEngine

/// `[[input.device]]`: calibration for the touch devices a `match` selects.
public struct InputDeviceConfiguration: Hashable, Sendable {
    /// A device path (`/dev/input/event3`) or the device's name as the kernel reports it.
    public var match: String
    /// Rotates touch coordinates clockwise, for a panel mounted turned.
    public var rotation: Rotation = .none
    public var swapXY = false
    public var invertX = false
    public var invertY = false
    /// Overrides of the axis ranges the device reports, for panels that lie about them.
    public var minX: Int?
    public var maxX: Int?
    public var minY: Int?
    public var maxY: Int?
    /// A libinput-style calibration matrix `[a, b, c, d, e, f]` on normalised coordinates:
    /// x' = a·x + b·y + c, y' = d·x + e·y + f. Applied after the other settings.
    public var matrix: [Double]?
    /// The `[[display.output]]` connector whose deck this device's touches go to, through that
    /// output's rotation; nil: the first output's.
    public var output: String?

    public init(match: String) {
        self.match = match
    }

    init(reading table: TableReader) {
        match = table.nonEmptyString("match") ?? ""
        if !table.contains("match") {
            table.diagnostics.keyError("\(table.tableName) needs a 'match' key: a device path or name", at: table.path)
        }
        rotation = table.integerChoice("rotation", default: rotation)
        swapXY = table.bool("swap-xy", default: swapXY)
        invertX = table.bool("invert-x", default: invertX)
        invertY = table.bool("invert-y", default: invertY)
        let axisRange = -1_000_000...1_000_000
        minX = table.integer("min-x", in: axisRange)
        maxX = table.integer("max-x", in: axisRange)
        minY = table.integer("min-y", in: axisRange)
        maxY = table.integer("max-y", in: axisRange)
        matrix = table.numbers("matrix", count: 6)
        output = table.nonEmptyString("output")
        if let minX, let maxX, minX >= maxX {
            table.valueError("max-x", "must be greater than min-x (\(minX))")
        }
        if let minY, let maxY, minY >= maxY {
            table.valueError("max-y", "must be greater than min-y (\(minY))")
        }
        // A range needs both ends; one alone would be dropped, and the panel's touches with it.
        let ends: [(key: String, other: String, value: Int?)] = [("min-x", "max-x", minX), ("max-x", "min-x", maxX),
                                                                 ("min-y", "max-y", minY), ("max-y", "min-y", maxY)]
        for end in ends where end.value != nil && !table.contains(end.other) {
            table.diagnostics.warning("\(table.path.appending(end.key)) without \(end.other): the device's own range is used; "
                                      + "give both to override it", at: table.path.appending(end.key))
        }
        table.finishReading()
    }
}
