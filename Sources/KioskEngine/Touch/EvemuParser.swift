import Foundation

/// Parses the evemu text format (`# EVEMU 1.3`): `N:` name, `I:` bus vendor product version (hex),
/// `P:` property bitmask bytes, `B:` event type then code bitmask bytes (lines of one type
/// concatenate), `A:` code (hex) min max fuzz flat [resolution], `E:` sec.usec type code (hex) value;
/// `#` starts a comment. `L:` and `S:` (LED and switch states, which touch decoding never reads) are
/// accepted and skipped.
public enum EvemuParser {
    public static func parse(_ text: String, file: String) throws -> EvemuRecording {
        var state = ParseState()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                try state.consume(line)
            } catch let problem as LineProblem {
                throw EvemuParseError(file: file, line: lineNumber, message: problem.message)
            }
        }
        return state.recording()
    }
}

private struct LineProblem: Error {
    var message: String
}

private struct ParseState {
    var sawDescription = false
    var name = ""
    var identity: [UInt16] = [0, 0, 0, 0]
    var propertyBytes: [UInt8] = []
    var bitmaskBytes: [UInt16: [UInt8]] = [:]
    var axes: [UInt16: AbsoluteAxis] = [:]
    var events: [RawInputEvent] = []

    mutating func consume(_ line: String) throws {
        guard let colon = line.firstIndex(of: ":") else {
            throw LineProblem(message: "expected a line starting with N:, I:, P:, B:, A:, L:, S: or E:, found '\(line)'")
        }
        let kind = line[..<colon]
        let rest = line[line.index(after: colon)...]
        if kind == "N" {
            sawDescription = true
            name = rest.trimmingCharacters(in: .whitespaces)
            return
        }
        let fields = (rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch kind {
        case "I":
            guard fields.count == 4 else { throw LineProblem(message: "I: needs 4 hex numbers (bus vendor product version), found \(fields.count)") }
            identity = try fields.map { try hex16($0, what: "I: field") }
            sawDescription = true
        case "P":
            propertyBytes += try fields.map { try byte($0, what: "P: property byte") }
            try checkMaskLength(propertyBytes.count, of: "P: properties")
            sawDescription = true
        case "B":
            guard let first = fields.first else { throw LineProblem(message: "B: needs an event type and bitmask bytes") }
            let type = UInt16(try byte(first, what: "B: event type"))
            bitmaskBytes[type, default: []] += try fields.dropFirst().map { try byte($0, what: "B: bitmask byte") }
            try checkMaskLength(bitmaskBytes[type]?.count ?? 0, of: "B: type \(first)")
            sawDescription = true
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw LineProblem(message: "A: needs code min max fuzz flat [resolution], found \(fields.count) fields")
            }
            let code = try hex16(fields[0], what: "A: axis code")
            let numbers = try fields.dropFirst().map { try int32($0, what: "A: value") }
            axes[code] = AbsoluteAxis(code: code, minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                      flat: numbers[3], resolution: numbers.count > 4 ? numbers[4] : 0)
            sawDescription = true
        case "E":
            guard fields.count == 4 else {
                throw LineProblem(message: "E: needs sec.usec type code value, found \(fields.count) fields")
            }
            guard let time = Double(fields[0]) else {
                throw LineProblem(message: "E: timestamp '\(fields[0])' is not sec.usec")
            }
            events.append(RawInputEvent(time: time, type: try hex16(fields[1], what: "E: event type"),
                                        code: try hex16(fields[2], what: "E: event code"),
                                        value: try int32(fields[3], what: "E: value")))
        case "L", "S":
            sawDescription = true
        default:
            throw LineProblem(message: "unknown line kind '\(kind):'; expected N:, I:, P:, B:, A: or E:")
        }
    }

    func recording() -> EvemuRecording {
        guard sawDescription else { return EvemuRecording(description: nil, events: events) }
        var codes: [UInt16: Set<UInt16>] = [:]
        // The EV_SYN bitmask lists the event types; every listed type is supported even with no codes.
        for type in setBits(bitmaskBytes[0] ?? []) { codes[type] = [] }
        for (type, bytes) in bitmaskBytes where type != 0 {
            let set = setBits(bytes)
            if !set.isEmpty || codes[type] != nil { codes[type, default: []].formUnion(set) }
        }
        var absoluteAxes = axes
        for code in codes[EvdevCode.EV_ABS] ?? [] where absoluteAxes[code] == nil {
            absoluteAxes[code] = AbsoluteAxis(code: code, minimum: 0, maximum: 0)
        }
        return EvemuRecording(
            description: InputDeviceDescription(
                name: name, bus: identity[0], vendor: identity[1], product: identity[2], version: identity[3],
                properties: Set(setBits(propertyBytes)), eventCodes: codes, absoluteAxes: absoluteAxes),
            events: events)
    }

    /// Evdev numbers codes below 0x300 (KEY_CNT), so no bitmask is longer than 96 bytes; a longer
    /// one comes from a repeated or damaged description, and its bits would name no code.
    private static let maximumMaskBytes = 0x300 / 8

    private func checkMaskLength(_ count: Int, of what: String) throws {
        guard count > Self.maximumMaskBytes else { return }
        throw LineProblem(message: "\(what) bitmask runs to \(count) bytes, more than the \(Self.maximumMaskBytes) "
                          + "evdev codes need; is a description line repeated?")
    }

    private func setBits(_ bytes: [UInt8]) -> [UInt16] {
        var bits: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(UInt16(index * 8 + bit)) }
        }
        return bits
    }

    private func hex16(_ field: Substring, what: String) throws -> UInt16 {
        guard let value = UInt16(field, radix: 16) else { throw LineProblem(message: "\(what) '\(field)' is not a hex number up to ffff") }
        return value
    }

    private func byte(_ field: Substring, what: String) throws -> UInt8 {
        guard let value = UInt8(field, radix: 16) else { throw LineProblem(message: "\(what) '\(field)' is not a hex byte") }
        return value
    }

    private func int32(_ field: Substring, what: String) throws -> Int32 {
        guard let value = Int32(field) else { throw LineProblem(message: "\(what) '\(field)' is not a decimal integer") }
        return value
    }
}
