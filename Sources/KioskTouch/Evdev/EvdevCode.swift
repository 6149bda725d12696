/// The evdev event types, codes and properties the touch code needs (linux/input-event-codes.h),
/// spelled out so decoding needs no Linux headers.
public enum EvdevCode {
    // Event types.
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MSC: UInt16 = 0x04
    public static let EV_MAX: UInt16 = 0x1f

    // EV_SYN codes.
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_CONFIG: UInt16 = 1
    public static let SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    // EV_KEY codes.
    public static let BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOUCH: UInt16 = 0x14a

    // EV_ABS codes.
    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MAX: UInt16 = 0x3f

    // Input properties.
    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    public static let INPUT_PROP_MAX: UInt16 = 0x1f
}
