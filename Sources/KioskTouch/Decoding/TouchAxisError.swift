/// A device whose axes cannot be mapped onto the screen: its firmware reports a position range that
/// is empty or upside down. The device is refused; other devices and the daemon carry on.
public struct TouchAxisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device's name as the kernel reports it.
    public var device: String
    /// The axis at fault, e.g. `ABS_MT_POSITION_X`.
    public var axis: String
    public var minimum: Int32
    public var maximum: Int32

    public init(device: String, axis: String, minimum: Int32, maximum: Int32) {
        self.device = device
        self.axis = axis
        self.minimum = minimum
        self.maximum = maximum
    }

    public var description: String {
        let shape = minimum > maximum ? "its minimum is above its maximum" : "it spans no values"
        return "'\(device)': \(axis) reports the range \(minimum)...\(maximum), so \(shape); "
            + "the device is not used (set min-/max- in its [[input.device]] entry to override the range)"
    }
}
