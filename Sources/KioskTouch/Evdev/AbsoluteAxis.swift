/// One absolute axis of an input device (struct input_absinfo plus its code).
public struct AbsoluteAxis: Hashable, Sendable {
    public var code: UInt16
    /// The axis value when the description was taken.
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (0 when the device does not say).
    public var resolution: Int32

    public init(code: UInt16, value: Int32 = 0, minimum: Int32, maximum: Int32,
                fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.code = code
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}
