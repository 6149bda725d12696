/// What an evdev device says about itself: identity, properties, the event codes it can send and its
/// absolute axis ranges. Read from a live device or from an evemu recording.
public struct InputDeviceDescription: Hashable, Sendable {
    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// INPUT_PROP_* values the device has.
    public var properties: Set<UInt16>
    /// Event codes by event type; the keys are the event types the device supports.
    public var eventCodes: [UInt16: Set<UInt16>]
    /// Absolute axes by code.
    public var absoluteAxes: [UInt16: AbsoluteAxis]

    public init(name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
                properties: Set<UInt16> = [], eventCodes: [UInt16: Set<UInt16>] = [:],
                absoluteAxes: [UInt16: AbsoluteAxis] = [:]) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.eventCodes = eventCodes
        self.absoluteAxes = absoluteAxes
    }

    /// How the device reports contacts, which decides how its events are decoded.
    public enum TouchProtocol: String, Hashable, Sendable {
        /// Multitouch protocol B: slots and tracking ids.
        case multitouchSlots
        /// Multitouch protocol A: anonymous contacts separated by SYN_MT_REPORT.
        case multitouchAnonymous
        /// One contact: ABS_X/ABS_Y with BTN_TOUCH.
        case singleTouch
    }

    public func supports(type: UInt16, code: UInt16) -> Bool {
        eventCodes[type]?.contains(code) ?? false
    }

    public func hasProperty(_ property: UInt16) -> Bool { properties.contains(property) }

    public var touchProtocol: TouchProtocol {
        if supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_SLOT) { return .multitouchSlots }
        if supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X) { return .multitouchAnonymous }
        return .singleTouch
    }

    /// Number of slots (protocol B), or nil for devices without slots.
    public var slotCount: Int? {
        guard let slots = absoluteAxes[EvdevCode.ABS_MT_SLOT] else { return nil }
        return Int(slots.maximum) - Int(slots.minimum) + 1
    }

    /// The axes positions are read from: the multitouch pair when the device has one, else ABS_X/ABS_Y.
    public var positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? {
        let codes = touchProtocol == .singleTouch
            ? (EvdevCode.ABS_X, EvdevCode.ABS_Y)
            : (EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y)
        guard let x = absoluteAxes[codes.0], let y = absoluteAxes[codes.1] else { return nil }
        return (x, y)
    }

    /// A touchscreen (not a touchpad): INPUT_PROP_DIRECT with absolute positions, or absolute X/Y
    /// with BTN_TOUCH on a device that does not call itself a pointer.
    public var isDirectTouch: Bool {
        let hasAbsoluteXY = supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_X)
            && supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_Y)
        let hasMultitouchXY = supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X)
            && supports(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_Y)
        guard hasAbsoluteXY || hasMultitouchXY else { return false }
        if hasProperty(EvdevCode.INPUT_PROP_DIRECT) { return true }
        return hasAbsoluteXY && !hasProperty(EvdevCode.INPUT_PROP_POINTER)
            && supports(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH)
    }
}
