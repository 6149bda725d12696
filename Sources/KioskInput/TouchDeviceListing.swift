import KioskTouch

/// One line-group of `swipe-kiosk list-devices`: a touch device, or a device that could not be opened.
public struct TouchDeviceListing: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case touch(InputDeviceDescription)
        /// Why it could not be opened, with the fix when there is one.
        case unavailable(String)
    }

    public var path: String
    public var status: Status

    public init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    /// Human-readable lines: name and id, protocol and slots, properties, axis ranges.
    public var text: String {
        switch status {
        case .unavailable(let reason):
            return "\(path): cannot open: \(reason)"
        case .touch(let device):
            let protocolName = switch device.touchProtocol {
            case .multitouchSlots: "multitouch B, \(device.slotCount ?? 0) slots"
            case .multitouchAnonymous: "multitouch A (SYN_MT_REPORT)"
            case .singleTouch: "single touch"
            }
            let properties = device.properties.sorted().map { property in
                switch property {
                case EvdevCode.INPUT_PROP_POINTER: "pointer"
                case EvdevCode.INPUT_PROP_DIRECT: "direct"
                default: "property \(property)"
                }
            }
            var lines = ["\(path): \(device.name)",
                         "  id: bus \(hex(device.bus)) vendor \(hex(device.vendor)) product \(hex(device.product)) version \(hex(device.version))",
                         "  protocol: \(protocolName); properties: \(properties.isEmpty ? "none" : properties.joined(separator: ", "))"]
            if let axes = device.positionAxes {
                for (label, axis) in [("x", axes.x), ("y", axes.y)] {
                    lines.append("  \(label): \(axis.minimum)...\(axis.maximum) (fuzz \(axis.fuzz), resolution \(axis.resolution)/mm)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
