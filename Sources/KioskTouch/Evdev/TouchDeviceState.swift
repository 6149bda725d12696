/// A device's touch state as re-read after the kernel dropped events (SYN_DROPPED), which
/// `TouchDecoder.reconcile(with:time:)` compares against what it had reported.
public struct TouchDeviceState: Hashable, Sendable {
    /// One multitouch slot: a tracking id of -1 means no contact.
    public struct Slot: Hashable, Sendable {
        public var trackingID: Int32
        public var x: Int32
        public var y: Int32

        public init(trackingID: Int32, x: Int32, y: Int32) {
            self.trackingID = trackingID
            self.x = x
            self.y = y
        }
    }

    /// Protocol B slots, indexed by slot number; empty for other devices.
    public var slots: [Slot]
    public var currentSlot: Int
    /// BTN_TOUCH and ABS_X/ABS_Y, used for single-touch devices.
    public var touching: Bool
    public var x: Int32
    public var y: Int32

    public init(slots: [Slot] = [], currentSlot: Int = 0, touching: Bool = false, x: Int32 = 0, y: Int32 = 0) {
        self.slots = slots
        self.currentSlot = currentSlot
        self.touching = touching
        self.x = x
        self.y = y
    }
}
