import Foundation

/// Writes the evemu text format that `EvemuParser` reads, so `swipe-kiosk record` output replays
/// through the same decoder.
public enum EvemuWriter {
    /// The header and description lines, each ending in a newline.
    public static func header(for device: InputDeviceDescription) -> String {
        var text = "# EVEMU 1.3\n"
        text += "# Input device name: \"\(device.name)\"\n"
        text += "N: \(device.name)\n"
        text += String(format: "I: %04x %04x %04x %04x\n", device.bus, device.vendor, device.product, device.version)
        text += bitmaskLines(prefix: "P:", bits: device.properties, minimumBytes: 8)
        let types = Set(device.eventCodes.keys).union([EvdevCode.EV_SYN])
        text += bitmaskLines(prefix: "B: 00", bits: types, minimumBytes: 8)
        for type in types.sorted() where type != EvdevCode.EV_SYN {
            text += bitmaskLines(prefix: String(format: "B: %02x", type), bits: device.eventCodes[type] ?? [],
                                 minimumBytes: 8)
        }
        for axis in device.absoluteAxes.values.sorted(by: { $0.code < $1.code }) {
            text += String(format: "A: %02x %d %d %d %d %d\n", axis.code, axis.minimum, axis.maximum,
                           axis.fuzz, axis.flat, axis.resolution)
        }
        return text
    }

    /// One `E:` line, newline included; the time keeps microseconds as the kernel gives them.
    /// Printed from the Double itself: whole seconds through Int64 would trap on a time past 2^63.
    public static func line(for event: RawInputEvent) -> String {
        String(format: "E: %.6f %04x %04x %d\n", event.time, event.type, event.code, event.value)
    }

    /// Eight bytes a line as evemu writes them, so long bitmasks span several lines of one prefix.
    private static func bitmaskLines(prefix: String, bits: Set<UInt16>, minimumBytes: Int) -> String {
        let byteCount = max(minimumBytes, ((Int(bits.max() ?? 0) / 8) / 8 + 1) * 8)
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for bit in bits { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
        var text = ""
        for start in stride(from: 0, to: byteCount, by: 8) {
            text += prefix + bytes[start..<start + 8].map { String(format: " %02x", $0) }.joined() + "\n"
        }
        return text
    }
}
