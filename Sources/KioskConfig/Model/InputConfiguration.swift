/// `[input]`: which touch devices are read and how their coordinates map to the screen.
public struct InputConfiguration: Hashable, Sendable {
    /// Device paths or names to open; empty: every touchscreen found, including hot-plugged ones.
    public var devices: [String] = []
    /// Take the devices exclusively (EVIOCGRAB), so a console or other client does not see the touches.
    public var grab = true
    /// Per-device calibration; the first entry whose `match` fits a device applies to it.
    public var calibrations: [InputDeviceConfiguration] = []

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        devices = table.strings("devices") ?? devices
        grab = table.bool("grab", default: grab)
        calibrations = table.tables("device").map(InputDeviceConfiguration.init(reading:))
        table.finishReading()
    }
}
