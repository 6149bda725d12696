import KioskTouch

/// One item read from an evdev device, in order.
public enum EvdevReading: Hashable, Sendable {
    case event(RawInputEvent)
    /// The kernel dropped events (SYN_DROPPED came just before); this is the device's state re-read
    /// afterwards, with the time it was valid at.
    case resynchronized(TouchDeviceState, time: Double)
}

/// Everything one read of a ready device produced.
public struct EvdevReadBatch: Hashable, Sendable {
    public var readings: [EvdevReading]
    /// The device is gone (ENODEV, or a read error that leaves it unusable).
    public var deviceRemoved: Bool
    /// What went wrong when the device was lost by an error other than removal.
    public var failure: String?

    public init(readings: [EvdevReading] = [], deviceRemoved: Bool = false, failure: String? = nil) {
        self.readings = readings
        self.deviceRemoved = deviceRemoved
        self.failure = failure
    }
}
