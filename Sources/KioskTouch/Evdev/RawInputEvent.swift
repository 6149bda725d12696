/// One evdev event as the kernel reports it (struct input_event), time in seconds.
public struct RawInputEvent: Hashable, Sendable {
    public var time: Double
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
