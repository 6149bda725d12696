import Foundation

/// Parses the evemu text format (`# EVEMU 1.3`): `N:` name, `I:` bus vendor product version (hex),
/// `P:` property bitmask bytes, `B:` event type then code bitmask bytes (lines of one type
/// concatenate), `A:` code (hex) min max fuzz flat [resolution], `E:` sec.usec type code (hex) value;
/// `#` starts a comment. `L:` and `S:` (LED and switch states, which touch decoding never reads) are
/// accepted and skipped.
///
/// Recordings come from anywhere, so what a device could never say is a parse error at its line:
/// a line over `maximumLineLength` bytes, a second `N:` or `I:` line or a second `A:` line for one
/// axis, a bitmask longer than evemu's own (`maximumBitmaskBytes`), a timestamp that is not finite,
/// is negative, goes back more than `timestampTolerance` or lies more than `maximumTimeSpan` after
/// the first event's. Whatever replays a parsed recording may rely on its times being finite,
/// non-decreasing (a small step back is moved forward to the time before it) and within a day.
public enum EvemuParser {
    /// Longer than any line evemu writes (device names are at most 80 bytes).
    public static let maximumLineLength = 4096
    /// evemu keeps at most this many bytes of each bitmask (properties, each event type's codes).
    public static let maximumBitmaskBytes = 128
    /// The longest a recording may last, first event to last, in seconds: a day.
    public static let maximumTimeSpan = 86_400.0
    /// How far (seconds) a timestamp may go back before the recording is refused; a step back within
    /// it (a clock stepped while recording) is taken as no time passing.
    public static let timestampTolerance = 1.0

    public static func parse(_ text: String, file: String) throws -> EvemuRecording {
        var state = ParseState()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard rawLine.utf8.count <= maximumLineLength else {
                throw EvemuParseError(file: file, line: lineNumber, message:
                    "the line is \(rawLine.utf8.count) bytes long, more than evemu ever writes (\(maximumLineLength)); the file is damaged")
            }
            // Trimmed here, not by Foundation's trimmingCharacters, which bridged every line through NSString.
            var line = rawLine
            while line.first?.isWhitespace == true { line.removeFirst() }
            while line.last?.isWhitespace == true { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                try state.consume(line, number: lineNumber)
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
    /// Where each once-only line (`N`, `I`, `A <code>`) was first seen, to name it in a duplicate's error.
    var firstLines: [String: Int] = [:]
    var name = ""
    var identity: [UInt16] = [0, 0, 0, 0]
    var propertyBytes: [UInt8] = []
    var bitmaskBytes: [UInt16: [UInt8]] = [:]
    var axes: [UInt16: AbsoluteAxis] = [:]
    var events: [RawInputEvent] = []
    /// The first event's time and line, and the last one's, for the timestamp bounds.
    var firstEvent: (time: Double, line: Int)?
    var lastEvent: (time: Double, line: Int)?

    mutating func consume(_ line: Substring, number: Int) throws {
        guard let colon = line.firstIndex(of: ":") else {
            throw LineProblem(message: "expected a line starting with N:, I:, P:, B:, A:, L:, S: or E:, found '\(line)'")
        }
        let kind = line[..<colon]
        let rest = line[line.index(after: colon)...]
        if kind == "N" {
            try once("N:", line: number)
            sawDescription = true
            name = rest.trimmingCharacters(in: .whitespaces)
            return
        }
        let fields = (rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch kind {
        case "I":
            guard fields.count == 4 else { throw LineProblem(message: "I: needs 4 hex numbers (bus vendor product version), found \(fields.count)") }
            try once("I:", line: number)
            identity = try fields.map { try hex16($0, what: "I: field") }
            sawDescription = true
        case "P":
            propertyBytes += try fields.map { try byte($0, what: "P: property byte") }
            try checkLength(propertyBytes, of: "the P: property bitmask")
            sawDescription = true
        case "B":
            guard let first = fields.first else { throw LineProblem(message: "B: needs an event type and bitmask bytes") }
            let type = UInt16(try byte(first, what: "B: event type"))
            bitmaskBytes[type, default: []] += try fields.dropFirst().map { try byte($0, what: "B: bitmask byte") }
            try checkLength(bitmaskBytes[type] ?? [], of: "the B: bitmask of event type \(first)")
            sawDescription = true
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw LineProblem(message: "A: needs code min max fuzz flat [resolution], found \(fields.count) fields")
            }
            let code = try hex16(fields[0], what: "A: axis code")
            try once("A: \(String(code, radix: 16))", line: number)
            let numbers = try fields.dropFirst().map { try int32($0, what: "A: value") }
            axes[code] = AbsoluteAxis(code: code, minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                      flat: numbers[3], resolution: numbers.count > 4 ? numbers[4] : 0)
            sawDescription = true
        case "E":
            guard fields.count == 4 else {
                throw LineProblem(message: "E: needs sec.usec type code value, found \(fields.count) fields")
            }
            guard let parsed = Double(fields[0]), parsed.isFinite else {
                throw LineProblem(message: "E: timestamp '\(fields[0])' is not sec.usec")
            }
            let time = try boundedTime(parsed, text: fields[0], line: number)
            events.append(RawInputEvent(time: time, type: try hex16(fields[1], what: "E: event type"),
                                        code: try hex16(fields[2], what: "E: event code"),
                                        value: try int32(fields[3], what: "E: value")))
        case "L", "S":
            sawDescription = true
        default:
            throw LineProblem(message: "unknown line kind '\(kind):'; expected N:, I:, P:, B:, A: or E:")
        }
    }

    /// Checks an event's time against the first and the previous event's; returns the time to use.
    private mutating func boundedTime(_ time: Double, text: Substring, line: Int) throws -> Double {
        guard time >= 0 else {
            throw LineProblem(message: "E: timestamp \(text) is negative; a recording's times count up from boot or from 1970")
        }
        let first = firstEvent ?? (time, line)
        firstEvent = first
        guard time - first.time <= EvemuParser.maximumTimeSpan else {
            throw LineProblem(message: "E: timestamp \(text) is \(Self.seconds(time - first.time)) after the first event's (line \(first.line)); "
                + "a recording may last at most a day (\(Int(EvemuParser.maximumTimeSpan)) s): the file is damaged or spliced")
        }
        var bounded = time
        if let last = lastEvent, time < last.time {
            guard last.time - time <= EvemuParser.timestampTolerance else {
                throw LineProblem(message: "E: timestamp \(text) goes back \(Self.seconds(last.time - time)) from line \(last.line)'s; "
                    + "events must be in time order (at most \(EvemuParser.timestampTolerance) s back)")
            }
            bounded = last.time
        }
        lastEvent = (bounded, line)
        return bounded
    }

    /// A span of seconds for a message, readable whatever its size.
    private static func seconds(_ value: Double) -> String {
        value < 1e6 ? String(format: "%.3f s", value) : String(format: "%.3g s", value)
    }

    /// Refuses a second line of a kind a device describes once.
    private mutating func once(_ key: String, line: Int) throws {
        if let first = firstLines[key] {
            throw LineProblem(message: "a second \(key) line (the first is line \(first)); a device describes it once")
        }
        firstLines[key] = line
    }

    private func checkLength(_ bytes: [UInt8], of what: String) throws {
        guard bytes.count <= EvemuParser.maximumBitmaskBytes else {
            throw LineProblem(message: "\(what) grows past \(EvemuParser.maximumBitmaskBytes) bytes, more than evemu keeps; is a line repeated?")
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
